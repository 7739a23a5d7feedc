/* way.c: the native search, clingo and the well-founded bound's point as ways of answering,
 * and the choice among them common to auto.c and portfolio.c (way.h). */
#include "proc/way.h"
#include "asp/asp.h"
#include "util/mem.h"
#include "asp/project.h"
#include "asp/cube.h"

AftStatus proc_way_native(const ProcWay *w, AspStats *st)
{
    if (w->ask) {
        AspOptimizer *z = asp_opt_new(w->s);
        AftStatus r = asp_optimize_jobs(w->s, z, w->so, &w->ask->goal, w->ask->fn, w->ask->ctx, st,
                                   w->ask->res);
        asp_opt_free(z);
        return r;
    }
    if (asp_has_project(asp_solver_program(w->s)))
        return asp_solve_projected(w->s, w->so, w->fn, w->ctx, st);
    return asp_solve(w->s, w->so, w->fn, w->ctx, st);
}

AftStatus proc_way_clingo(const ProcWay *w, AspStats *st, ProcClingoStats *cst, Buf *err)
{
    if (w->ask) return proc_optimize_clingo(w->s, w->co, w->ask, st, cst, err);
    return proc_solve_clingo(w->s, w->co, w->fn, w->ctx, st, cst, err);
}

void proc_way_one_call(const ProcClingoOptions *user, ProcClingoOptions *out)
{
    *out = *user;
    if (!out->budget && !out->rounds) out->budget = out->rounds = 1;
}

AftStatus proc_solve_native(AspSolver *s, const AspSolveOptions *so, AspModelFn fn, void *ctx,
                            AspStats *st)
{
    ProcWay w = { .s = s, .so = so, .fn = fn, .ctx = ctx };
    return proc_way_native(&w, st);
}

AftStatus proc_optimize_native(AspSolver *s, const AspSolveOptions *so, const ProcOptAsk *ask,
                               AspStats *st)
{
    ProcWay w = { .s = s, .so = so, .ask = ask };
    return proc_way_native(&w, st);
}

/* What the well-founded bound leaves: no stable model (NONE), every atom decided (POINT),
 * at most one atom in PROC_AUTO_WF_OPEN open (MOST), or more (OPEN). */
typedef enum { WF_OPEN, WF_MOST, WF_POINT, WF_NONE } WfLeft;

static WfLeft wf_left(AspSolver *s, const AftOptions *aft, Word *lo, Word *hi)
{
    AftStatus r = asp_wellfounded(s, aft, lo, hi, NULL);
    if (r == AFT_INVALID) return WF_NONE;
    if (r != AFT_OK) return WF_OPEN;
    const Lattice *L = asp_solver_lattice(s);
    size_t natoms, nrules;
    asp_solver_sizes(s, &natoms, &nrules);
    double open = L->ops->log2_size(L, lo, hi);
    return open == 0 ? WF_POINT : open * PROC_AUTO_WF_OPEN <= (double)natoms ? WF_MOST : WF_OPEN;
}

/* The well-founded bound is the point x: the only candidate, a stable model when S_P keeps
 * it (the native search would meet it at its first node; its statistics stay 0). */
static AftStatus wf_point(const ProcWay *w, const Word *x, AspStats *st)
{
    AspSolver *s = w->s;
    st->complete = true;
    if (!asp_solver_keeps(s, x)) return AFT_OK;
    size_t nshown;
    asp_solver_shown(s, &nshown);
    AspAtom *shown = mem_alloc((nshown + 1) * sizeof *shown);
    size_t n = asp_shown_atoms(s, x, shown);
    st->models = 1;
    st->complete = w->so->max_models != 1;        /* as the search says when it stops at N */
    if (w->fn) w->fn(w->ctx, asp_solver_program(s), shown, n);
    mem_free(shown);
    return AFT_OK;
}

/* The native search alone when the well-founded bound leaves (almost) nothing open or shows
 * that there is no stable model (the search left is a few propagations); the bound itself
 * when it is a point and plain models are asked.  Else the caller's search. */
static AftStatus by_wf_or_search(const ProcWay *w, ProcWaySearch search, AspStats *st,
                                 ProcAuto *how, Buf *err)
{
    AspSolver *s = w->s;
    const Lattice *L = asp_solver_lattice(s);
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    WfLeft left = wf_left(s, w->so->aft, lo, hi);
    AftStatus r;
    how->kind = PROC_SOLVER_NATIVE;
    how->why = "the well-founded bound decides (almost) every atom: the native search alone";
    if (left == WF_POINT && !w->ask && !asp_has_project(asp_solver_program(s))) {
        how->why = "the well-founded bound decides every atom: its point, checked";
        r = wf_point(w, lo, st);
    } else if (left != WF_OPEN) r = proc_way_native(w, st);
    else r = search(w, st, how, err);
    mem_free(lo);
    mem_free(hi);
    return r;
}

AftStatus proc_way_choose(const ProcWay *w, ProcWaySearch search, AspStats *st, ProcAuto *how,
                          Buf *err)
{
    Buf why;
    buf_init(&why);
    bool can = asp_solver_native(w->s, "input", &why);
    buf_free(&why);
    if (can) return by_wf_or_search(w, search, st, how, err);
    how->kind = PROC_SOLVER_CLINGO;
    how->why = "the program holds what the native search does not handle (theory "
               "statements)";
    return proc_way_clingo(w, st, &how->clingo, err);
}
