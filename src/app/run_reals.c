/* run_reals.c: what bnb's fixed points on a lattice that is not finite (reals) prove.
 *
 * The engine lists a box narrower than the tolerance as a fixed point when f maps one of its
 * ends to within the tolerance of itself: evidence, not proof (f(x) = x + 1e-7 with tolerance
 * 1e-6 "fixes" every point).  Each box is looked at again, by evaluating f at its ends with
 * the interval evaluator (absvm.h: reals rounded outwards), so that what the exact f(x)
 * computes, not its floating-point rounding, decides (x + 1e-17 is 0.5 in doubles at 0.5):
 *   exact     f(x) = x for an end x of the box, or of a box of Final inside it: the
 *             enclosure of f(x) is the point x (no rounding on the way): a fact;
 *   enclosed  f is monotone, lo <= f(lo) and f(hi) <= hi: f maps [lo, hi] into itself, so
 *             it has a fixed point there (Knaster-Tarski on the complete lattice [lo, hi]);
 *             or, on one real interval, f is continuous (its code only adds, subtracts,
 *             multiplies, negates, takes min, max and abs, and calls such functions: no
 *             branch, comparison or division) and f(x) - x changes sign between lo and hi
 *             (the intermediate value theorem); each inequality holds for the whole
 *             enclosure of f at that end;
 *   near      neither: only within the tolerance, reported as not proved.
 * The evaluator runs in total mode: it gives up unless f is defined on the whole box (no value
 * maybe outside its lattice, no divisor maybe 0), as both theorems need.
 * Near boxes are one candidate (their hull) when at most one tolerance step parts them, or
 * when f moves the points tried in the gap between them (its middle points, three bisections
 * deep) by at most the tolerance too; a near box within a step of a proved box belongs to
 * that fixed point: it is folded into it, not counted. */
#include "app/run_internal.h"

#include "code/ir.h"
#include "util/mem.h"

enum { GAP_DEPTH = 3 };

/* Is op one of the instructions that keep a function of a real continuous? */
static bool continuous_op(const Chunk *c, Opcode op, const uint8_t *operands)
{
    switch (ir_general_op(op)) {
    case IR_CONST_INT: case IR_CONST_REAL: case IR_LOAD: case IR_STORE: case IR_POP:
    case IR_ADD_R: case IR_SUB_R: case IR_MUL_R: case IR_NEG_R: case IR_MIN_R: case IR_MAX_R:
    case IR_ABS_R: case IR_I2R: case IR_CHECK_REAL: case IR_CHECK_REALK: case IR_PROJ:
    case IR_RET: case IR_CALL:
        return true;
    case IR_JOIN: case IR_MEET: {        /* max and min on reals */
        uint32_t l = ir_read_u32(operands);
        return l < c->tables->lats.count && c->tables->lats.items[l]->ops->kind == LATTICE_REAL;
    }
    default:
        return false;
    }
}

/* Is the compiled function continuous in its arguments?  Calls are followed `depth` deep. */
static bool continuous_fn(const FnSym *fn, int depth)
{
    const Chunk *c = fn ? fn->chunk : NULL;
    if (!c || depth <= 0) return false;
    for (size_t at = 0; at < c->code.count;) {
        Opcode op = (Opcode)c->code.items[at];
        if (op >= IR_OPCODE_COUNT || !continuous_op(c, op, &c->code.items[at + 1])) return false;
        if (ir_general_op(op) == IR_CALL) {
            uint32_t k = ir_read_u32(&c->code.items[at + 1]);
            if (k >= c->tables->fns.count || !continuous_fn(c->tables->fns.items[k], depth - 1))
                return false;
        }
        at += ir_length(op);
    }
    return true;
}

bool reals_continuous(const FnSym *fn)
{
    return fn->nparams == 1 && fn->params[0]->ops->kind == LATTICE_REAL && continuous_fn(fn, 16);
}

/* Scratch of the classification: f(x), the enclosure [flo, fhi] of the exact f(x), and the
 * hull being tried (also an enclosure kept while its ends are tried). */
typedef struct Classify {
    const AftFunction *f;
    const FnSym *fn;
    AbsVm *abs;
    bool continuous;
    const Lattice *L;
    Word *fx, *flo, *fhi, *hlo, *hhi;
} Classify;

/* Into c->flo/fhi an interval that holds the exact f(x) for every x in [lo, hi], f defined
 * at each (the evaluator in total mode); false when the evaluator gives up. */
static bool enclose(Classify *c, const Word *lo, const Word *hi)
{
    return c->fn->nparams == 1 && absvm_eval(c->abs, c->fn, lo, hi, c->flo, c->fhi);
}

static bool enclose_at(Classify *c, const Word *x) { return enclose(c, x, x); }

/* Is f(x) = x, exactly (no rounding on the way)? */
static bool fixes_exactly(Classify *c, const Word *x)
{
    return enclose_at(c, x) && c->L->ops->eq(c->L, c->flo, x) && c->L->ops->eq(c->L, c->fhi, x);
}

static const Word *exact_end(Classify *c, const Word *lo, const Word *hi)
{
    return fixes_exactly(c, lo) ? lo : fixes_exactly(c, hi) ? hi : NULL;
}

/* Is x in [lo, hi] and fixed by f exactly?  Then it is copied into c->fx. */
static bool fixed_inside(Classify *c, const Word *x, const Word *lo, const Word *hi)
{
    const Lattice *L = c->L;
    if (!L->ops->leq(L, lo, x) || !L->ops->leq(L, x, hi)) return false;
    lattice_copy(L, c->fx, x);
    return fixes_exactly(c, c->fx);
}

/* An end of the enclosure of f(e), for an end e of [lo, hi], that lies in [lo, hi] and that f
 * fixes exactly, into c->fx: an IR rounded outwards stops a step either side of a fixed point
 * it reached, and f maps such an end next to it. */
static const Word *exact_image(Classify *c, const Word *lo, const Word *hi)
{
    for (int end = 0; end < 2; end++) {
        if (!enclose_at(c, end ? hi : lo)) continue;
        lattice_copy(c->L, c->hlo, c->flo);      /* fixes_exactly overwrites flo and fhi */
        lattice_copy(c->L, c->hhi, c->fhi);
        if (fixed_inside(c, c->hlo, lo, hi) || fixed_inside(c, c->hhi, lo, hi)) return c->fx;
    }
    return NULL;
}

/* An element of [lo, hi] that f fixes exactly: an end of it or f's floating-point image of
 * one, or an end of a point of Final inside. */
static const Word *exact_point(Classify *c, const BoundList *final, const Word *lo, const Word *hi)
{
    const Word *w = exact_end(c, lo, hi);
    if (!w) w = exact_image(c, lo, hi);
    for (size_t i = 0; !w && i < final->count; i++) {
        const Word *flo = boundlist_lo(final, i), *fhi = boundlist_hi(final, i);
        if (c->L->ops->is_point(c->L, flo, fhi) && lattice_interval_subset(c->L, flo, fhi, lo, hi))
            w = exact_end(c, flo, fhi);
    }
    return w;
}

/* f monotone, lo <= f(lo) and f(hi) <= hi; or f continuous on a real interval and f(x) - x
 * changes sign from lo to hi (either way).  Each inequality is asked of the enclosure of the
 * exact f at that end: x <= f(x) when x <= its lower end, f(x) <= x when its upper end <= x. */
static bool encloses(Classify *c, const Word *lo, const Word *hi)
{
    const Lattice *L = c->L;
    if (c->f->envelope != ENV_MONOTONE && !c->continuous) return false;
    if (!enclose(c, lo, hi) || !enclose_at(c, lo)) return false;      /* f defined on [lo, hi] */
    bool up = L->ops->leq(L, lo, c->flo), down = L->ops->leq(L, c->fhi, lo);
    if (!enclose_at(c, hi)) return false;
    if (up && L->ops->leq(L, c->fhi, hi)) return true;
    return c->continuous && down && L->ops->leq(L, hi, c->flo);
}

/* Into c->hlo/hhi the hull of boxes i and j; true when it adds at most one tolerance step
 * to their heights (they touch or a gap narrower than the tolerance parts them). */
static bool near_each_other(Classify *c, const BoundList *b, size_t i, size_t j)
{
    const Lattice *L = c->L;
    const Word *lo1 = boundlist_lo(b, i), *hi1 = boundlist_hi(b, i);
    const Word *lo2 = boundlist_lo(b, j), *hi2 = boundlist_hi(b, j);
    L->ops->meet(L, c->hlo, lo1, lo2);
    L->ops->join(L, c->hhi, hi1, hi2);
    double h = L->ops->height(L, c->hlo, c->hhi);
    return h <= L->ops->height(L, lo1, hi1) + L->ops->height(L, lo2, hi2) + 1.0;
}

/* Does f move x by at most the tolerance? */
static bool moves_little(Classify *c, const Word *x)
{
    const Lattice *L = c->L;
    if (!c->f->eval(c->f->ctx, x, c->fx)) return false;
    L->ops->meet(L, c->hlo, c->fx, x);
    L->ops->join(L, c->hhi, c->fx, x);
    return L->ops->is_point(L, c->hlo, c->hhi);
}

/* Does f move the middle points of [a, b] by at most the tolerance, `depth` bisections deep?
 * (Uses c->hlo/hhi.) */
static bool gap_near(Classify *c, const Word *a, const Word *b, int depth)
{
    const Lattice *L = c->L;
    Word *lo1, *hi1, *lo2, *hi2;
    lattice_elems_new(L, 4, (Word **const[]){ &lo1, &hi1, &lo2, &hi2 });
    SplitCtx how = { .strategy = SPLIT_WIDEST };
    bool near = true;
    if (depth > 0 && L->ops->decompose(L, a, b, &how, lo1, hi1, lo2, hi2))
        near = moves_little(c, hi1) && moves_little(c, lo2) && gap_near(c, a, hi1, depth - 1) &&
               gap_near(c, lo2, b, depth - 1);
    mem_free(lo1);                       /* the block of all four */
    return near;
}

/* Are near boxes i and j one candidate?  On success c->hlo/hhi is their hull. */
static bool one_candidate(Classify *c, const BoundList *b, size_t i, size_t j)
{
    const Lattice *L = c->L;
    if (near_each_other(c, b, i, j)) return true;
    const Word *hi1 = boundlist_hi(b, i), *lo2 = boundlist_lo(b, j);
    const Word *hi2 = boundlist_hi(b, j), *lo1 = boundlist_lo(b, i);
    bool gap = L->ops->leq(L, hi1, lo2) ? gap_near(c, hi1, lo2, GAP_DEPTH)
             : L->ops->leq(L, hi2, lo1) && gap_near(c, hi2, lo1, GAP_DEPTH);
    if (!gap) return false;
    near_each_other(c, b, i, j);         /* the hull, into c->hlo/hhi */
    return true;
}

static void drop(BoundList *b, BoundList *w, FixProof *proof, size_t j)
{
    boundlist_remove(b, j);
    boundlist_remove(w, j);
    memmove(proof + j, proof + j + 1, (b->count - j) * sizeof *proof);
}

/* Folds each near box into a box within a step of it (a proved one keeps its kind; two near
 * ones become one candidate), until no two such remain. */
static void fold_near(Classify *c, BoundList *b, BoundList *w, FixProof *proof)
{
    const Lattice *L = c->L;
    for (size_t i = 0; i < b->count; i++) {
        for (size_t j = b->count; j-- > 0;) {
            if (j == i || proof[j] != PROOF_NEAR) continue;
            if (proof[i] == PROOF_NEAR ? !one_candidate(c, b, i, j) : !near_each_other(c, b, i, j)) continue;
            lattice_copy(L, boundlist_lo(b, i), c->hlo);
            lattice_copy(L, boundlist_hi(b, i), c->hhi);
            drop(b, w, proof, j);
            if (j < i) i--;
            j = b->count;                /* the hull may now reach one looked at before */
        }
    }
}

FixProof *reals_classify(const AftFunction *f, const FnCtx *fc, const BoundList *final,
                         BoundList *points, BoundList *witness)
{
    const Lattice *L = points->L;
    Classify c = { .f = f, .fn = fc->fn, .abs = fc->abs, .continuous = reals_continuous(fc->fn), .L = L };
    absvm_set_total(c.abs, true);
    lattice_elems_new(L, 5, (Word **const[]){ &c.fx, &c.flo, &c.fhi, &c.hlo, &c.hhi });
    FixProof *proof = mem_calloc(points->count + 1, sizeof *proof);
    for (size_t j = 0; j < points->count; j++) {
        const Word *lo = boundlist_lo(points, j), *hi = boundlist_hi(points, j);
        const Word *w = exact_point(&c, final, lo, hi);
        proof[j] = w ? PROOF_EXACT : encloses(&c, lo, hi) ? PROOF_ENCLOSED : PROOF_NEAR;
        boundlist_push(witness, w ? w : lo, w ? w : lo);
    }
    absvm_set_total(c.abs, false);
    fold_near(&c, points, witness, proof);
    mem_free(c.fx);                      /* the block of all five */
    return proof;
}

bool reals_fixes_exactly(const FnSym *fn, Limits *limits, const Word *x)
{
    Classify c = { .fn = fn, .abs = absvm_new(limits), .L = fn->ret };
    absvm_set_total(c.abs, true);
    lattice_elems_new(c.L, 2, (Word **const[]){ &c.flo, &c.fhi });
    bool exact = fixes_exactly(&c, x);
    mem_free(c.flo);                     /* the block of both */
    absvm_free(c.abs);
    return exact;
}

bool reals_iteration_reaches(const FnSym *fn, Limits *limits, const Word *x, bool least,
                             size_t steps, Word *reached)
{
    Classify c = { .fn = fn, .abs = absvm_new(limits), .L = fn->ret };
    const Lattice *L = c.L;
    absvm_set_total(c.abs, true);
    lattice_elems_new(L, 3, (Word **const[]){ &c.flo, &c.fhi, &c.fx });
    if (least) L->ops->bot(L, reached); else L->ops->top(L, reached);
    for (size_t k = 0; k < steps && !L->ops->eq(L, reached, x); k++) {
        if (!enclose_at(&c, reached)) break;
        if (least) L->ops->join(L, c.fx, reached, c.flo);
        else L->ops->meet(L, c.fx, reached, c.fhi);
        if (L->ops->eq(L, c.fx, reached) || !(least ? L->ops->leq(L, c.fx, x) : L->ops->leq(L, x, c.fx)))
            break;                       /* settled below x, or passed it (f not monotone) */
        lattice_copy(L, reached, c.fx);
    }
    bool reaches = L->ops->eq(L, reached, x);
    mem_free(c.flo);                     /* the block of all three */
    absvm_free(c.abs);
    return reaches;
}
