/* auto.c: `fix asp`'s choice of solver (backend.h): the native search (with #project one
 * model per projection, with #minimize the branch and bound on cost) where it handles the
 * program and finds a model soon, else clingo as the back end. */
#include "asp/backend.h"
#include "asp/internal.h"
#include "asp/project.h"
#include "asp/search.h"

/* What is asked: the models (fn), or with ask the optimum. */
typedef struct Way {
    AspSolver *s;
    const AspSolveOptions *so;
    const AspClingoOptions *co;
    AspModelFn fn;
    void *ctx;
    const AspOptAsk *ask;         /* NULL: no #minimize */
} Way;

/* Natively, with a probe's cap on the work before the first model (0: none). */
static AftStatus native(const Way *w, size_t probe, AspStats *st)
{
    if (w->ask) {
        AspOptimizer *z = asp_opt_new(w->s);
        AftStatus r = asp_optimize(w->s, z, w->so, w->ask->mode, probe, w->ask->fn,
                                   w->ask->ctx, st, w->ask->res);
        asp_opt_free(z);
        return r;
    }
    if (asp_has_project(w->s->prog))
        return asp_solve_projected(w->s, w->so, probe, w->fn, w->ctx, st);
    if (!probe) return asp_solve(w->s, w->so, w->fn, w->ctx, st);
    AspSolveHooks h = { .probe_steps = probe };
    return asp_solve_hooked(w->s, w->so, &h, w->fn, w->ctx, st);
}

static AftStatus by_clingo(const Way *w, AspStats *st, AspClingoStats *cst, Buf *err)
{
    if (w->ask) return asp_optimize_clingo(w->s, w->co, w->ask, st, cst, err);
    return asp_solve_clingo(w->s, w->co, w->fn, w->ctx, st, cst, err);
}

AftStatus asp_solve_native(AspSolver *s, const AspSolveOptions *so, AspModelFn fn, void *ctx,
                           AspStats *st)
{
    Way w = { .s = s, .so = so, .fn = fn, .ctx = ctx };
    return native(&w, 0, st);
}

AftStatus asp_optimize_native(AspSolver *s, const AspSolveOptions *so, const AspOptAsk *ask,
                              AspStats *st)
{
    Way w = { .s = s, .so = so, .ask = ask };
    return native(&w, 0, st);
}

/* The native search, capped until its first model (see backend.h), printing what it finds;
 * true when the cap stopped it before any model (and not the user's own limits). */
static bool probe_capped(const Way *w, AspStats *st, AftStatus *r)
{
    size_t cap = ASP_AUTO_PROBE_STEPS;
    if (cap < 4 * w->s->natoms) cap = 4 * w->s->natoms;   /* a first model goes natoms deep */
    bool capped_by_us = !w->so->aft->max_steps || w->so->aft->max_steps > cap;
    *r = native(w, cap, st);
    return capped_by_us && *r == AFT_LIMIT && !st->models && st->aft.stopped_by
           && !strcmp(st->aft.stopped_by, "max-steps");
}

static AftStatus choose(const Way *w, AspStats *st, AspAuto *how, Buf *err)
{
    Buf why;
    buf_init(&why);
    bool can = asp_solver_native(w->s, "input", &why);
    buf_free(&why);
    if (!can) {
        how->kind = ASP_SOLVER_CLINGO;
        how->why = "the program holds what the native search does not handle (disjunction that "
                   "is not head-cycle-free, #edge or theory statements)";
        return by_clingo(w, st, &how->clingo, err);
    }
    how->kind = ASP_SOLVER_NATIVE;       /* also when the well-founded bound decides most atoms:
                                            the search after it may still be hard */
    AftStatus r;
    if (!probe_capped(w, st, &r)) {
        how->why = "the native search found a model (or finished) within the probe's steps";
        return r;
    }
    memset(st, 0, sizeof *st);
    if (w->ask) asp_opt_result_free(w->ask->res);
    how->kind = ASP_SOLVER_CLINGO;
    how->why = "the native search found no model within the probe's steps (hard search)";
    return by_clingo(w, st, &how->clingo, err);
}

AftStatus asp_solve_auto(AspSolver *s, const AspSolveOptions *so, const AspClingoOptions *co,
                         AspModelFn fn, void *ctx, AspStats *st, AspAuto *how, Buf *err)
{
    Way w = { .s = s, .so = so, .co = co, .fn = fn, .ctx = ctx };
    return choose(&w, st, how, err);
}

AftStatus asp_optimize_auto(AspSolver *s, const AspSolveOptions *so, const AspClingoOptions *co,
                            const AspOptAsk *ask, AspStats *st, AspAuto *how, Buf *err)
{
    Way w = { .s = s, .so = so, .co = co, .ask = ask };
    return choose(&w, st, how, err);
}
