/* run_reals.c: the verdict on a box of reals that bnb reaches, and what bnb's fixed points on
 * a lattice that is not finite prove.
 *
 * The engine reaches boxes no wider than the tolerance; f's values in floating point at their
 * ends are evidence, not proof (f(x) = x + 1e-7 with tolerance 1e-6 "fixes" every point, and
 * x + 1e-17 is x in doubles).  One function, verdict_on, decides what is known of a box, by
 * evaluating f with the interval evaluator (absvm.h: reals rounded outwards) in total mode (it
 * gives up unless f is defined on the whole box, as both theorems below need), so that the
 * exact f decides, each inequality holding for the whole enclosure of f at that point (the
 * enclosures are absmean.h's: the natural one intersected with the mean-value form):
 *   VERDICT_FIXED     f(x) = x for an end x of the box, or for an end of the enclosure of f at
 *                     one of its ends that lies in the box: the enclosure of f(x) is x;
 *   VERDICT_UNIQUE    Krawczyk's test on f(x) - x (krawczyk.h; f of one real or a product of
 *                     reals whose code absdiff.h differentiates) shows exactly one fixed
 *                     point in the box (when it shows none, VERDICT_NONE), or it shows
 *                     exactly one in a box around it, and the box holds that one: proved as
 *                     for VERDICT_ENCLOSED below, or Krawczyk steps narrow the wider box
 *                     into it;
 *   VERDICT_ENCLOSED  (at least one) f is monotone, lo <= f(lo) and f(hi) <= hi: f maps [lo, hi] into itself,
 *                     so it has a fixed point there (Knaster-Tarski on the complete lattice
 *                     [lo, hi]); or, on one real interval, f is continuous (its code only adds,
 *                     subtracts, multiplies, negates, takes min, max and abs, and calls such
 *                     functions: no branch, comparison or division) and f(x) - x changes sign
 *                     between lo and hi (the intermediate value theorem);
 *   VERDICT_NONE      the enclosure of f over the box (on one real: over each of up to 64
 *                     pieces of it) misses the box: f moves every point, none is fixed;
 *   VERDICT_NEAR      none of these: only within the tolerance, reported as not proved.
 * The engine asks it of every box within the tolerance (the judge hook; a box judged NONE is
 * pruned) and its events carry the verdict; the result asks it again of each fixed point it
 * lists (reals_classify: a box the engine judged, or a hull of several it coalesced) and of
 * the boxes of Final inside it, so the result never says less of a box than its node did.
 * Near boxes are one candidate (their hull) when at most one tolerance step parts them, or
 * when f moves the points tried in the gap between them (its middle points, three bisections
 * deep) by at most the tolerance too; a near box is never folded into a proved one (it may
 * stand for another fixed point, a tangency next to a crossing). */
#include "app/run_internal.h"

#include <math.h>

#include "code/absdiff.h"
#include "code/absmean.h"
#include "code/ir.h"
#include "code/krawczyk.h"
#include "util/mem.h"
#include "util/workpool.h"

/* Gap points tried between near boxes (bisections); how often a box is halved to show that f
 * moves every point of it (at most 64 pieces). */
enum { GAP_DEPTH = 3, NONE_DEPTH = 6 };

/* Krawczyk steps at most in one contraction (reals_contract). */
enum { CONTRACT_STEPS = 16 };

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

/* Scratch of a verdict: f's code and interval evaluator (total mode), whether f is monotone
 * or continuous, f(x), the enclosure [flo, fhi] of the exact f, and three more elements. */
typedef struct Classify {
    const FnSym *fn;
    AbsVm *abs;
    bool monotone, continuous;
    const Lattice *L;
    Word *fx, *flo, *fhi, *hlo, *hhi, *point;
} Classify;

static void classify_init(Classify *c, const FnCtx *fc)
{
    *c = (Classify){ .fn = fc->fn, .abs = fc->exact, .monotone = fc->monotone,
                     .continuous = reals_continuous(fc->fn), .L = fc->fn->ret };
    lattice_elems_new(c->L, 6, (Word **const[]){ &c->fx, &c->flo, &c->fhi, &c->hlo, &c->hhi, &c->point });
}

static void classify_free(Classify *c)
{
    mem_free(c->fx);                     /* the block of all six */
}

/* Into c->flo/fhi an interval that holds the exact f(x) for every x in [lo, hi], f defined
 * at each (the evaluator in total mode); false when the evaluator gives up. */
static bool enclose(Classify *c, const Word *lo, const Word *hi)
{
    return c->abs && c->fn->nparams == 1 && absmean_eval(c->abs, c->fn, lo, hi, c->flo, c->fhi);
}

static bool enclose_at(Classify *c, const Word *x) { return enclose(c, x, x); }

/* Is f(x) = x, exactly (no rounding on the way)? */
static bool fixes_exactly(Classify *c, const Word *x)
{
    return enclose_at(c, x) && c->L->ops->eq(c->L, c->flo, x) && c->L->ops->eq(c->L, c->fhi, x);
}

/* Is x in [lo, hi] and fixed by f exactly?  Then it is copied into c->point. */
static bool fixed_inside(Classify *c, const Word *x, const Word *lo, const Word *hi)
{
    const Lattice *L = c->L;
    if (!L->ops->leq(L, lo, x) || !L->ops->leq(L, x, hi)) return false;
    lattice_copy(L, c->point, x);
    return fixes_exactly(c, c->point);
}

/* Is the midpoint of [lo, hi] (a lattice of reals, a box within the tolerance: not a hull
 * of several, whose other points may be fixed too) fixed by f exactly?  (A Newton
 * contraction leaves the fixed point in the middle of its box.)  Uses c->hlo. */
static bool fixed_midpoint(Classify *c, const Word *lo, const Word *hi)
{
    size_t n = c->L->ops->is_point(c->L, lo, hi) ? absdiff_vars(c->L) : 0;
    for (size_t j = 0; j < n; j++) {
        double a = word_to_double(lo[j]), b = word_to_double(hi[j]), m = a + (b - a) / 2;
        c->hlo[j] = word_from_double(a <= m && m <= b ? m : a);
    }
    return n > 0 && fixed_inside(c, c->hlo, lo, hi);
}

/* An element of [lo, hi] that f fixes exactly, into c->point: an end of it, its midpoint, or
 * an end of the enclosure of f at one of its ends (an IR rounded outwards stops a step either
 * side of a fixed point it reached, and f maps such an end next to it). */
static bool exact_point(Classify *c, const Word *lo, const Word *hi)
{
    if (fixed_inside(c, lo, lo, hi) || fixed_inside(c, hi, lo, hi) || fixed_midpoint(c, lo, hi)) return true;
    for (int end = 0; end < 2; end++) {
        if (!enclose_at(c, end ? hi : lo)) continue;
        lattice_copy(c->L, c->hlo, c->flo);      /* fixes_exactly overwrites flo and fhi */
        lattice_copy(c->L, c->hhi, c->fhi);
        if (fixed_inside(c, c->hlo, lo, hi) || fixed_inside(c, c->hhi, lo, hi)) return true;
    }
    return false;
}

/* f monotone, lo <= f(lo) and f(hi) <= hi; or f continuous on a real interval and f(x) - x
 * changes sign from lo to hi (either way).  Each inequality is asked of the enclosure of the
 * exact f at that end: x <= f(x) when x <= its lower end, f(x) <= x when its upper end <= x. */
static bool encloses(Classify *c, const Word *lo, const Word *hi)
{
    const Lattice *L = c->L;
    if (!c->monotone && !c->continuous) return false;
    if (!enclose(c, lo, hi) || !enclose_at(c, lo)) return false;      /* f defined on [lo, hi] */
    bool up = L->ops->leq(L, lo, c->flo), down = L->ops->leq(L, c->fhi, lo);
    if (!enclose_at(c, hi)) return false;
    if (up && L->ops->leq(L, c->fhi, hi)) return true;
    return c->continuous && down && L->ops->leq(L, hi, c->flo);
}

/* Does f provably fix no point of [lo, hi]?  A fixed point x lies in the box and in the
 * enclosure of f over it, so when lo join flo <= hi meet fhi fails there is none.  On one
 * real the box is cut in halves, `depth` times, where one enclosure is too wide to show it. */
static bool excluded(Classify *c, const Word *lo, const Word *hi, int depth)
{
    const Lattice *L = c->L;
    if (!enclose(c, lo, hi)) return false;
    L->ops->join(L, c->hlo, lo, c->flo);
    L->ops->meet(L, c->hhi, hi, c->fhi);
    if (!L->ops->leq(L, c->hlo, c->hhi)) return true;
    if (depth <= 0 || lattice_kind(L) != LATTICE_REAL) return false;
    double a = word_to_double(lo[0]), b = word_to_double(hi[0]), m = a + (b - a) / 2;
    if (!(a < m && m < b)) return false;
    Word mid[1] = { word_from_double(m) };
    return excluded(c, lo, mid, depth - 1) && excluded(c, mid, hi, depth - 1);
}

/* Is [a, b] inside [lo, hi] (n reals)? */
static bool inside_box(size_t n, const Word *a, const Word *b, const Word *lo, const Word *hi)
{
    for (size_t j = 0; j < n; j++)
        if (word_to_double(a[j]) < word_to_double(lo[j]) || word_to_double(b[j]) > word_to_double(hi[j]))
            return false;
    return true;
}

/* [a, b] (n reals, a proved to hold exactly one fixed point x) narrowed by Krawczyk steps,
 * each K(X) meeting X, which keeps x: does it come to lie inside [lo, hi]? */
static bool contracts_into(const FnSym *fn, size_t n, Word *a, Word *b, const Word *lo, const Word *hi)
{
    Word ka[ABSDIFF_MAX_VARS], kb[ABSDIFF_MAX_VARS];
    for (int step = 0; step < CONTRACT_STEPS && !inside_box(n, a, b, lo, hi); step++) {
        memcpy(ka, a, n * sizeof(Word));
        memcpy(kb, b, n * sizeof(Word));
        if (krawczyk_test(fn, a, b, ka, kb) == KRAWCZYK_NONE) return false;
        if (!memcmp(ka, a, n * sizeof(Word)) && !memcmp(kb, b, n * sizeof(Word))) return false;
        memcpy(a, ka, n * sizeof(Word));
        memcpy(b, kb, n * sizeof(Word));
    }
    return inside_box(n, a, b, lo, hi);
}

/* Does [lo, hi] hold exactly one fixed point, shown on a box X' around it?  Krawczyk's test
 * on [lo, hi] widened on each side by its width and 1e-12, 1e-9 or 1e-6 (relative to the
 * size of its ends; an epsilon-inflation: a box a few ulps wide is too narrow for outward
 * rounding to show K(X) strictly inside it, the more so where f(x) - x is flat).  When X'
 * holds exactly one, so does [lo, hi] if it holds one at all: `enclosed` (proved already),
 * or Krawczyk steps from X' narrow it into [lo, hi] (they keep X's fixed point).
 * (Uses c->hlo/hhi.) */
static bool unique_around(Classify *c, const Word *lo, const Word *hi, bool enclosed)
{
    size_t n = absdiff_vars(c->L);
    for (double eps = 1e-12; n > 0 && eps < 1e-5; eps *= 1000) {
        for (size_t j = 0; j < n; j++) {
            double a = word_to_double(lo[j]), b = word_to_double(hi[j]);
            double w = (b - a) + eps * fmax(1.0, fmax(fabs(a), fabs(b)));
            c->hlo[j] = word_from_double(a - w);
            c->hhi[j] = word_from_double(b + w);
        }
        if (krawczyk_test(c->fn, c->hlo, c->hhi, NULL, NULL) != KRAWCZYK_UNIQUE) continue;
        return enclosed || contracts_into(c->fn, n, c->hlo, c->hhi, lo, hi);
    }
    return false;
}

/* The verdict on [lo, hi] (see the top of this file); with VERDICT_FIXED the element f fixes
 * is in c->point.  `depth`: how often the box may be halved to show it holds no fixed point. */
static VerdictKind verdict_on(Classify *c, const Word *lo, const Word *hi, int depth)
{
    if (excluded(c, lo, hi, 0)) return VERDICT_NONE;
    if (exact_point(c, lo, hi)) return VERDICT_FIXED;
    KrawczykResult k = krawczyk_test(c->fn, lo, hi, NULL, NULL);
    if (k == KRAWCZYK_NONE) return VERDICT_NONE;
    if (k == KRAWCZYK_UNIQUE) return VERDICT_UNIQUE;
    bool enclosed = encloses(c, lo, hi);
    if (unique_around(c, lo, hi, enclosed)) return VERDICT_UNIQUE;
    if (enclosed) return VERDICT_ENCLOSED;
    return depth > 0 && excluded(c, lo, hi, depth) ? VERDICT_NONE : VERDICT_NEAR;
}

void reals_judge(void *ctx, const Word *lo, const Word *hi, VerdictKind *kind, Word *point)
{
    Classify c;
    classify_init(&c, ctx);
    *kind = verdict_on(&c, lo, hi, NONE_DEPTH);
    if (*kind == VERDICT_FIXED) lattice_copy(c.L, point, c.point);
    classify_free(&c);
}

/* How much a verdict on a box says of its fixed points: more is better. */
static int strength(VerdictKind k)
{
    switch (k) {
    case VERDICT_FIXED: return 3;
    case VERDICT_UNIQUE: return 2;
    case VERDICT_ENCLOSED: return 1;
    default: return 0;
    }
}

/* The verdict on a fixed point bnb lists, [lo, hi] (a box the engine judged, or a hull of
 * several it coalesced): its own, or the best of those of the boxes of Final inside it.  The
 * box the verdict is about goes to [clo, chi]: [x, x] for the element f fixes, the box proved
 * to hold one, or [lo, hi] itself. */
static VerdictKind region_verdict(Classify *c, const BoundList *final, const Word *lo, const Word *hi,
                                  Word *clo, Word *chi)
{
    const Lattice *L = c->L;
    VerdictKind best = verdict_on(c, lo, hi, 0);
    lattice_copy(L, clo, best == VERDICT_FIXED ? c->point : lo);
    lattice_copy(L, chi, best == VERDICT_FIXED ? c->point : hi);
    for (size_t i = 0; i < final->count && best != VERDICT_FIXED && best != VERDICT_NONE; i++) {
        const Word *flo = boundlist_lo(final, i), *fhi = boundlist_hi(final, i);
        if (!L->ops->is_point(L, flo, fhi) || !lattice_interval_subset(L, flo, fhi, lo, hi)) continue;
        if (L->ops->eq(L, flo, lo) && L->ops->eq(L, fhi, hi)) continue;
        VerdictKind k = verdict_on(c, flo, fhi, 0);
        if (strength(k) <= strength(best)) continue;
        best = k;
        lattice_copy(L, clo, k == VERDICT_FIXED ? c->point : flo);
        lattice_copy(L, chi, k == VERDICT_FIXED ? c->point : fhi);
    }
    return best;
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

/* Does f move x by at most the tolerance (in floating point: it only joins candidates)? */
static bool moves_little(Classify *c, const AftFunction *f, const Word *x)
{
    const Lattice *L = c->L;
    if (!f->eval(f->ctx, x, c->fx)) return false;
    L->ops->meet(L, c->hlo, c->fx, x);
    L->ops->join(L, c->hhi, c->fx, x);
    return L->ops->is_point(L, c->hlo, c->hhi);
}

/* Does f move the middle points of [a, b] by at most the tolerance, `depth` bisections deep?
 * (Uses c->hlo/hhi.) */
static bool gap_near(Classify *c, const AftFunction *f, const Word *a, const Word *b, int depth)
{
    const Lattice *L = c->L;
    Word *lo1, *hi1, *lo2, *hi2;
    lattice_elems_new(L, 4, (Word **const[]){ &lo1, &hi1, &lo2, &hi2 });
    SplitCtx how = { .strategy = SPLIT_WIDEST };
    bool near = true;
    if (depth > 0 && L->ops->decompose(L, a, b, &how, lo1, hi1, lo2, hi2))
        near = moves_little(c, f, hi1) && moves_little(c, f, lo2) && gap_near(c, f, a, hi1, depth - 1) &&
               gap_near(c, f, lo2, b, depth - 1);
    mem_free(lo1);                       /* the block of all four */
    return near;
}

/* Are near boxes i and j one candidate?  On success c->hlo/hhi is their hull. */
static bool one_candidate(Classify *c, const AftFunction *f, const BoundList *b, size_t i, size_t j)
{
    const Lattice *L = c->L;
    if (near_each_other(c, b, i, j)) return true;
    const Word *hi1 = boundlist_hi(b, i), *lo2 = boundlist_lo(b, j);
    const Word *hi2 = boundlist_hi(b, j), *lo1 = boundlist_lo(b, i);
    bool gap = L->ops->leq(L, hi1, lo2) ? gap_near(c, f, hi1, lo2, GAP_DEPTH)
             : L->ops->leq(L, hi2, lo1) && gap_near(c, f, hi2, lo1, GAP_DEPTH);
    if (!gap) return false;
    near_each_other(c, b, i, j);         /* the hull, into c->hlo/hhi */
    return true;
}

/* Removes entry j of a list, the later ones moving down one place (boundlist_remove moves
 * the last one into j instead, which would part a box from its verdict). */
static void remove_in_order(BoundList *b, size_t j)
{
    const Lattice *L = b->L;
    for (size_t k = j + 1; k < b->count; k++) {
        lattice_copy(L, boundlist_lo(b, k - 1), boundlist_lo(b, k));
        lattice_copy(L, boundlist_hi(b, k - 1), boundlist_hi(b, k));
    }
    boundlist_remove(b, b->count - 1);
}

/* The fixed points bnb lists on a lattice that is not finite: per point its region (the
 * points list), the box its verdict is about, and the verdict. */
typedef struct Listed { BoundList *regions, *claims; VerdictKind *kind; } Listed;

/* Entry j goes from all three; the later entries keep their order. */
static void drop(Listed *l, size_t j)
{
    remove_in_order(l->regions, j);
    remove_in_order(l->claims, j);
    memmove(l->kind + j, l->kind + j + 1, (l->regions->count - j) * sizeof *l->kind);
}

/* Folds near boxes into one candidate, their hull, while two are near each other.  A near
 * box is never folded into a proved one: the region it stands for may hold another fixed
 * point (a tangency next to a crossing), which the result must not hide behind the proof. */
static void fold_near(Classify *c, const AftFunction *f, Listed *l)
{
    const Lattice *L = c->L;
    BoundList *b = l->regions;
    for (size_t i = 0; i < b->count; i++) {
        for (size_t j = b->count; j-- > 0;) {
            if (j == i || l->kind[j] != VERDICT_NEAR || l->kind[i] != VERDICT_NEAR) continue;
            if (!one_candidate(c, f, b, i, j)) continue;
            lattice_copy(L, boundlist_lo(b, i), c->hlo);
            lattice_copy(L, boundlist_hi(b, i), c->hhi);
            lattice_copy(L, boundlist_lo(l->claims, i), c->hlo);
            lattice_copy(L, boundlist_hi(l->claims, i), c->hhi);
            drop(l, j);
            if (j < i) i--;
            j = b->count;                /* the hull may now reach one looked at before */
        }
    }
}

/* The verdicts on the points, each into its slot (kind[j], its claim at boxes + 2 nw j):
 * task j on worker k's Classify. */
typedef struct Regions {
    Classify *cs;
    const BoundList *final, *points;
    VerdictKind *kind;
    Word *boxes;
} Regions;

static void region_task(void *ctx, size_t j, unsigned worker)
{
    Regions *r = ctx;
    size_t nw = r->points->L->nwords;
    Word *box = r->boxes + 2 * nw * j;
    r->kind[j] = region_verdict(&r->cs[worker], r->final, boundlist_lo(r->points, j),
                                boundlist_hi(r->points, j), box, box + nw);
}

/* The verdicts on the points and their claims, on the threads of the workers' contexts wk
 * (jobs of them) or (jobs <= 1) on this one with c. */
static void all_regions(Classify *c, const FnCtx *const *wk, unsigned jobs, const BoundList *final,
                        const BoundList *points, BoundList *claims, VerdictKind *kind)
{
    const Lattice *L = points->L;
    size_t nw = L->nwords, n = points->count;
    bool par = wk && jobs > 1;
    if (!par) jobs = 1;
    Classify *cs = c;
    if (par) {
        cs = mem_calloc(jobs, sizeof *cs);
        for (unsigned k = 0; k < jobs; k++) classify_init(&cs[k], wk[k]);
    }
    Regions r = { cs, final, points, kind, mem_alloc((2 * nw * n + 1) * sizeof(Word)) };
    WorkPool pool = { .jobs = jobs, .task = region_task, .ctx = &r, .caller_works = true };
    workpool_run(&pool, n);
    for (size_t j = 0; j < n; j++) boundlist_push(claims, r.boxes + 2 * nw * j, r.boxes + 2 * nw * j + nw);
    mem_free(r.boxes);
    for (unsigned k = 0; par && k < jobs; k++) classify_free(&cs[k]);
    if (par) mem_free(cs);
}

VerdictKind *reals_classify(const AftFunction *f, const FnCtx *fc, const BoundList *final,
                            BoundList *points, BoundList *claims, const FnCtx *const *wk,
                            unsigned jobs)
{
    Classify c;
    classify_init(&c, fc);
    VerdictKind *kind = mem_calloc(points->count + 1, sizeof *kind);
    Listed l = { points, claims, kind };
    all_regions(&c, wk, jobs, final, points, claims, kind);
    for (size_t j = points->count; j-- > 0;)
        if (kind[j] == VERDICT_NONE) drop(&l, j);      /* f moves every point of it */
    fold_near(&c, f, &l);
    classify_free(&c);
    return kind;
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

/* Has [a, b] narrowed to [ka, kb] by at least half in some coordinate (n of them)? */
static bool halved(size_t n, const Word *a, const Word *b, const Word *ka, const Word *kb)
{
    for (size_t j = 0; j < n; j++) {
        double w = word_to_double(b[j]) - word_to_double(a[j]), kw = word_to_double(kb[j]) - word_to_double(ka[j]);
        if (kw <= w / 2) return true;
    }
    return false;
}

/* The tolerance of each real coordinate of L into tol (from *k on); false past `max`. */
static bool coordinate_tolerances(const Lattice *L, double *tol, size_t *k, size_t max)
{
    if (lattice_kind(L) == LATTICE_REAL) {
        if (*k >= max) return false;
        tol[(*k)++] = lattice_tolerance(L);
        return true;
    }
    for (size_t i = 0; lattice_kind(L) == LATTICE_PRODUCT && i < lattice_nparts(L); i++)
        if (!coordinate_tolerances(lattice_part(L, i), tol, k, max)) return false;
    return true;
}

/* [ka, kb], inside [a, b], widened where it is narrower than half the tolerance back to
 * that (or [a, b]'s width), about its middle and inside [a, b]: a box a few ulps wide is too
 * narrow for Krawczyk's test to prove it again, and the judge must; half, so that it is one
 * point of the tolerance grid. */
static void keep_tolerance(size_t n, const double *tol, const Word *a, const Word *b, Word *ka, Word *kb)
{
    for (size_t j = 0; j < n; j++) {
        double lo = word_to_double(a[j]), hi = word_to_double(b[j]);
        double klo = word_to_double(ka[j]), khi = word_to_double(kb[j]);
        double w = fmin(tol[j] / 2, hi - lo);
        if (khi - klo >= w) continue;
        double mid = klo + (khi - klo) / 2, nlo = fmax(lo, mid - w / 2), nhi = fmin(hi, nlo + w);
        nlo = fmax(lo, fmin(nlo, nhi - w));
        ka[j] = word_from_double(fmin(nlo, klo));
        kb[j] = word_from_double(fmax(nhi, khi));
    }
}

AftStatus reals_contract(void *ctx, const Word *lo, const Word *hi, Word *nlo, Word *nhi)
{
    const FnCtx *fc = ctx;
    size_t n = fc->fn->ret->nwords, bytes = n * sizeof(Word), k = 0;
    Word a[ABSDIFF_MAX_VARS], b[ABSDIFF_MAX_VARS], ka[ABSDIFF_MAX_VARS], kb[ABSDIFF_MAX_VARS];
    double tol[ABSDIFF_MAX_VARS];
    if (n > ABSDIFF_MAX_VARS || !coordinate_tolerances(fc->fn->ret, tol, &k, n) || k != n) {
        if (nlo != lo) memcpy(nlo, lo, n * sizeof(Word));       /* not reals: as it is */
        if (nhi != hi) memcpy(nhi, hi, n * sizeof(Word));
        return AFT_OK;
    }
    memcpy(a, lo, bytes);
    memcpy(b, hi, bytes);
    for (int step = 0; step < CONTRACT_STEPS; step++) {
        memcpy(ka, a, bytes);
        memcpy(kb, b, bytes);
        if (krawczyk_test(fc->fn, a, b, ka, kb) == KRAWCZYK_NONE) return AFT_INVALID;
        keep_tolerance(n, tol, a, b, ka, kb);
        bool more = halved(n, a, b, ka, kb);
        memcpy(a, ka, bytes);
        memcpy(b, kb, bytes);
        if (!more) break;
    }
    memcpy(nlo, a, bytes);
    memcpy(nhi, b, bytes);
    return AFT_OK;
}
