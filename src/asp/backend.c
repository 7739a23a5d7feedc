/* backend.c: clingo as the back end (paper Figure 4).  The program is partially evaluated
 * under its well-founded bound; the branch and bound with a budget K and at most T rounds
 * narrows it to Final; a Final bound that is a point is a stable model already, every other
 * one is handed to one clingo run (the residual program with the bound as assumptions), and
 * the answers are combined: each model once, in fix's own print order and layout.  Also
 * `--solver auto`. */
#include "asp/backend.h"
#include "asp/clingo.h"
#include "asp/internal.h"
#include "asp/search.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct Back {
    AspSolver *s;                 /* of the residual program q */
    const AspClingoOptions *o;
    AspModelFn fn;
    void *ctx;
    AspStats *st;
    AspClingoStats *cst;
    const BoundList *final;
    Buf base;                     /* q for clingo (asp_clingo_program) without its end */
    Word *x;                      /* scratch: a model as a lattice element */
    AspAtom *shown;
    bool enough, stopped, exhausted;
    bool trust_points;            /* S_P's fixed points are stable models (no #edge, theory, non-HCF) */
    Buf *err;
} Back;

static bool bit(const Word *x, size_t i) { return (x[i >> 6] >> (i & 63)) & 1; }

/* Bounds are compared on the program's atoms only (clingo knows no others): the box of a
 * bound [lo, hi] is every set of program atoms between its ends.  -1 out, 1 in, 0 open. */
static int box_value(const AspSolver *s, const Word *lo, const Word *hi, AspAtom a)
{
    size_t l = asp_solver_atom_index(s, a);
    return bit(lo, l) ? 1 : bit(hi, l) ? 0 : -1;
}

/* Do the boxes of bounds i and j meet? */
static bool boxes_meet(const Back *b, size_t i, size_t j)
{
    const BoundList *f = b->final;
    size_t n = asp_atom_count(b->s->prog);
    for (AspAtom a = 0; a < n; a++) {
        int u = box_value(b->s, boundlist_lo(f, i), boundlist_hi(f, i), a);
        int v = box_value(b->s, boundlist_lo(f, j), boundlist_hi(f, j), a);
        if (u && v && u != v) return false;
    }
    return true;
}

/* The literals of box j (" a" or " -a", aspif numbers) into lits, on the atoms that box i
 * leaves open (all of them when i is (size_t)-1); returns how many. */
static size_t box_literals(const Back *b, size_t j, size_t i, Buf *lits)
{
    const BoundList *f = b->final;
    size_t n = asp_atom_count(b->s->prog), k = 0;
    for (AspAtom a = 0; a < n; a++) {
        if (i != (size_t)-1 && box_value(b->s, boundlist_lo(f, i), boundlist_hi(f, i), a))
            continue;
        int v = box_value(b->s, boundlist_lo(f, j), boundlist_hi(f, j), a);
        if (v) { buf_printf(lits, " %s%u", v < 0 ? "-" : "", (unsigned)a + 1); k++; }
    }
    return k;
}

/* The program for bound i: base, the atoms its box decides as assumptions (a `6` line;
 * measured against `:- not a.` / `:- a.` constraints: the same within noise, assumptions
 * ahead more often, docs/asp.md), and each earlier box that meets it excluded by `:- L.`, L
 * its literals on the atoms box i leaves open, so that no model is found twice.  False when
 * an earlier box holds all of box i (nothing left to ask). */
static bool bound_program(const Back *b, size_t i, Buf *out)
{
    Buf lits;
    buf_init(&lits);
    buf_putn(out, b->base.data, b->base.len);
    size_t k = box_literals(b, i, (size_t)-1, &lits);
    buf_printf(out, "6 %zu%s\n", k, buf_cstr(&lits));
    bool some = true;
    for (size_t j = 0; j < i && some; j++) {
        if (!boxes_meet(b, i, j)) continue;
        buf_clear(&lits);
        k = box_literals(b, j, i, &lits);
        if (k) buf_printf(out, "1 0 0 0 %zu%s\n", k, buf_cstr(&lits));
        some = k > 0;
    }
    buf_puts(out, "0\n");
    buf_free(&lits);
    return some;
}

/* A model given as the lattice element b->x (shown atoms at least): on to fn. */
static void deliver(Back *b)
{
    if (b->enough) return;
    b->st->models++;
    size_t n = asp_shown_atoms(b->s, b->x, b->shown);
    if ((b->fn && !b->fn(b->ctx, b->s->prog, b->shown, n))
        || (b->o->max_models && b->st->models >= b->o->max_models))
        b->enough = true;
}

static bool in_box(const Back *b, size_t j, const Word *x)
{
    const Word *lo = boundlist_lo(b->final, j), *hi = boundlist_hi(b->final, j);
    size_t n = asp_atom_count(b->s->prog);
    for (AspAtom a = 0; a < n; a++) {
        int v = box_value(b->s, lo, hi, a);
        if (v && (v > 0) != asp_solver_has(b->s, x, a)) return false;
    }
    return true;
}

/* Final bound i is a point: a stable model when S_P keeps it, unless an earlier box has it. */
static void point(Back *b, size_t i)
{
    AspSolver *s = b->s;
    const Word *x = boundlist_lo(b->final, i);
    for (size_t j = 0; j < i; j++)
        if (in_box(b, j, x)) return;
    Word *y = mem_alloc(s->nwords * sizeof *y);
    if (s->fn.eval(s, x, y) && memcmp(x, y, s->nwords * sizeof *y) == 0) {
        memcpy(b->x, x, s->nwords * sizeof *x);
        b->cst->native_models++;
        deliver(b);
    }
    mem_free(y);
}

/* Hands clingo's models to deliver; false if one names an atom fix did not give it. */
static bool take_models(Back *b, const ClingoAnswer *ans)
{
    AspSolver *s = b->s;
    size_t natoms = asp_atom_count(s->prog);
    for (size_t i = 0; i < clingo_answer_models(ans) && !b->enough; i++) {
        size_t n;
        const uint32_t *atoms = clingo_answer_atoms(ans, i, &n);
        memset(b->x, 0, s->nwords * sizeof *b->x);
        for (size_t k = 0; k < n; k++) {
            if (atoms[k] >= natoms) {
                buf_printf(b->err, "clingo answered with an atom fix did not give it (%u)",
                           (unsigned)atoms[k]);
                return false;
            }
            size_t l = asp_solver_atom_index(s, atoms[k]);
            b->x[l >> 6] |= (Word)1 << (l & 63);
        }
        deliver(b);
    }
    return true;
}

/* One clingo run on Final bound i, for as many models as are still wanted. */
static bool solve_bound(Back *b, size_t i)
{
    Buf prog;
    buf_init(&prog);
    bool ok = true;
    if (bound_program(b, i, &prog)) {
        size_t want = b->o->max_models ? b->o->max_models - b->st->models : 0;
        ClingoCall call = { .program = &prog, .max_models = want, .limits = b->o->limits };
        ClingoAnswer ans;
        clingo_answer_init(&ans);
        ok = asp_clingo_run(&call, &ans, b->err);
        b->cst->calls++;
        if (ok) ok = take_models(b, &ans);
        if (ans.stopped) b->stopped = true;
        if (!ans.exhausted) b->exhausted = false;
        clingo_answer_free(&ans);
    }
    buf_free(&prog);
    return ok;
}

static bool is_point(const AspSolver *s, const Word *lo, const Word *hi)
{
    return memcmp(lo, hi, s->nwords * sizeof *lo) == 0;
}

/* The branch and bound with budget K and T rounds, then each Final bound. */
static AftStatus solve_final(Back *b)
{
    AspSolver *s = b->s;
    AftOptions opt = *b->o->aft;
    opt.budget = b->o->budget ? b->o->budget : ASP_CLINGO_BUDGET;
    opt.rounds = b->o->rounds ? b->o->rounds : ASP_CLINGO_ROUNDS;
    BoundList final;
    boundlist_init(&final, s->L);
    b->final = &final;
    AspStats bst;
    memset(&bst, 0, sizeof bst);
    AftStatus r = asp_final_bounds(s, &opt, &final, &bst);
    b->st->aft = bst.aft;
    b->st->sp_evals += bst.sp_evals;
    b->st->bnb_runs += bst.bnb_runs;
    b->cst->final_bounds = final.count;
    bool limit = r == AFT_LIMIT && bst.aft.stopped_by && strcmp(bst.aft.stopped_by, "rounds");
    if (r == AFT_LIMIT && !limit) r = AFT_OK;
    b->exhausted = true;
    for (size_t i = 0; i < final.count && r != AFT_ERROR && !b->enough && !b->stopped; i++) {
        if (b->trust_points && is_point(s, boundlist_lo(&final, i), boundlist_hi(&final, i))) point(b, i);
        else if (!limit && !solve_bound(b, i)) r = AFT_ERROR;
    }
    if ((limit || b->stopped) && r == AFT_OK) r = AFT_LIMIT;
    b->stopped |= limit;
    boundlist_free(&final);
    return r;
}

AftStatus asp_solve_clingo(AspSolver *s, const AspClingoOptions *o, AspModelFn fn, void *ctx,
                           AspStats *st, AspClingoStats *cst, Buf *err)
{
    Word *lo = lattice_elem_new(s->L), *hi = lattice_elem_new(s->L);
    AftStatus r = asp_wellfounded(s, o->aft, lo, hi, st);
    if (r != AFT_OK) {
        st->complete = r == AFT_INVALID;
        mem_free(lo);
        mem_free(hi);
        return r == AFT_INVALID ? AFT_OK : r;
    }
    AspProgram *q = asp_partial_eval(s->prog, s, lo, hi, NULL, NULL);
    mem_free(lo);
    mem_free(hi);
    Back b = { .s = asp_solver_new(q), .o = o, .fn = fn, .ctx = ctx, .st = st, .cst = cst,
               .err = err };
    b.s->residual = true;
    Buf why;
    buf_init(&why);
    b.trust_points = asp_solver_native(s, "input", &why);
    buf_free(&why);
    buf_init(&b.base);
    asp_clingo_program(q, b.s->shown, b.s->nshown, &b.base);
    b.x = lattice_elem_new(b.s->L);
    b.shown = mem_alloc((b.s->nshown + 1) * sizeof *b.shown);
    r = solve_final(&b);
    st->complete = r == AFT_OK && !b.enough && !b.stopped && b.exhausted;
    mem_free(b.shown);
    mem_free(b.x);
    buf_free(&b.base);
    asp_solver_free(b.s);
    asp_program_free(q);
    return r;
}

/* ---- --solver auto ---- */

static bool decides_most(AspSolver *s, const AftOptions *o)
{
    Word *lo = lattice_elem_new(s->L), *hi = lattice_elem_new(s->L);
    AftStatus r = asp_wellfounded(s, o, lo, hi, NULL);
    double open = r == AFT_OK ? s->L->ops->log2_size(s->L, lo, hi) : 0;
    mem_free(lo);
    mem_free(hi);
    return 2 * open < (double)s->natoms;
}

/* The native search, capped until its first model (see backend.h), printing what it finds;
 * true when the cap stopped it before any model (and not the user's own limits). */
static bool probe_capped(AspSolver *s, const AspSolveOptions *so, AspModelFn fn, void *ctx,
                         AspStats *st, AftStatus *r)
{
    size_t cap = ASP_AUTO_PROBE_STEPS;
    if (cap < 4 * s->natoms) cap = 4 * s->natoms;     /* a first model goes natoms deep */
    bool capped_by_us = !so->aft->max_steps || so->aft->max_steps > cap;
    AspSolveHooks h = { .probe_steps = cap };
    *r = asp_solve_hooked(s, so, &h, fn, ctx, st);
    return capped_by_us && *r == AFT_LIMIT && !st->models && st->aft.stopped_by
           && !strcmp(st->aft.stopped_by, "max-steps");
}

AftStatus asp_solve_auto(AspSolver *s, const AspSolveOptions *so, const AspClingoOptions *co,
                         AspModelFn fn, void *ctx, AspStats *st, AspAuto *how, Buf *err)
{
    Buf why;
    buf_init(&why);
    bool native = asp_solver_native(s, "input", &why);
    buf_free(&why);
    if (!native) {
        how->kind = ASP_SOLVER_CLINGO;
        how->why = "the program holds what the native search does not handle (disjunction that "
                   "is not head-cycle-free, #edge or theory statements)";
        return asp_solve_clingo(s, co, fn, ctx, st, &how->clingo, err);
    }
    how->kind = ASP_SOLVER_NATIVE;
    if (decides_most(s, so->aft)) {
        how->why = "the well-founded bound decides most atoms";
        return asp_solve(s, so, fn, ctx, st);
    }
    AftStatus r;
    if (!probe_capped(s, so, fn, ctx, st, &r)) {
        how->why = "the native search found a model (or finished) within the probe's steps";
        return r;
    }
    memset(st, 0, sizeof *st);
    how->kind = ASP_SOLVER_CLINGO;
    how->why = "the native search found no model within the probe's steps (hard search)";
    return asp_solve_clingo(s, co, fn, ctx, st, &how->clingo, err);
}
