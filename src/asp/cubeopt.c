/* cubeopt.c: #minimize by cubes on N threads (asp_optimize_jobs, cube.h; docs/asp.md
 * "Threads").  The cubes are the enumeration's (cube.c), made with the cost propagator
 * attached so that they come in the order the optimisation's own search tries them.  Each
 * cube is optimised alone by the native branch and bound (opt.c's function and cost.c's
 * bound), from the state the solver has right after loading, with one bound taken from the
 * cubes before it: cube i starts from the best cost among cubes 0 .. i - ASP_OPT_LAG, which
 * the pool's window guarantees are taken before cube i starts.  Nothing else passes between
 * cubes, so what a cube finds, and its conflicts, depend on the program alone, never on N
 * or timing.  The calling thread takes the cubes in order and gives out each model that
 * improves on every one given out before it: the improving models, the optimum and
 * (--opt-mode=optN) the optimal models are the same for every N.  optN's second phase
 * searches, again by cubes, only those whose bound at their end equals the optimum (a cube
 * whose bound stayed above it holds no optimal model). */
#include "asp/cubeteam.h"
#include "asp/internal.h"
#include "asp/opt.h"
#include "asp/search.h"

#include "util/workpool.h"

/* A cube's result: its models as they improved (each its length, then its shown atoms; and
 * its costs), its bound at the end (best: its start bound or its own best model), stats,
 * status, work budget and the limit its worker hit.  s, z and cost are its worker's while it
 * runs. */
typedef struct OptCube {
    VEC(AspAtom) models;
    VEC(int64_t) costs;           /* nlevels per model */
    bool have_best;
    int64_t *best, *cost;         /* nlevels each */
    AspStats st;
    AftStatus r;
    AftWork work;
    const char *hit;
    AspSolver *s;
    AspOptimizer *z;
    size_t nlevels;
    bool optimal;                 /* optN's second phase: models of cost best only */
} OptCube;

typedef struct OptCubes {
    AspCubeTeam team;
    const AspSolveOptions *o;
    AspOptimizer *z;              /* the caller's, for s */
    size_t nlevels;
    AspOptModelFn fn;
    void *ctx;
    AspStats *st;
    AftStatus r;
    bool stop;                    /* enough models, or fn said stop */
    bool optimal;                 /* the second phase of optN */
    size_t max, given;            /* the models asked for in this phase (0: all), given out */
    OptCube *out;                 /* per task */
    int64_t *prefix;              /* per cube i taken: the best cost given out up to it */
    uint8_t *prefix_set;
    bool have_best;
    int64_t *best;                /* the best cost given out (the calling thread's) */
    bool have_solo;
    int64_t *solo;                /* the solo search's best cost: every cube's first bound */
} OptCubes;

static bool cube_accept(void *ctx, const Word *x)
{
    OptCube *out = ctx;
    size_t n = out->nlevels;
    asp_opt_cost(out->z, x, out->cost);
    if (out->optimal) return asp_cost_cmp(out->cost, out->best, n) == 0;
    if (out->have_best && asp_cost_cmp(out->cost, out->best, n) >= 0) return false;
    memcpy(out->best, out->cost, n * sizeof *out->best);
    out->have_best = true;
    asp_cost_bound(out->s, out->best, true);
    return true;
}

static bool cube_collect(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    OptCube *out = ctx;
    VEC_PUSH(out->models, (AspAtom)n);
    for (size_t k = 0; k < n; k++) VEC_PUSH(out->models, atoms[k]);
    for (size_t k = 0; k < out->nlevels; k++) VEC_PUSH(out->costs, out->cost[k]);
    return true;
}

/* Task i: its cube optimised (or, in the second phase, its optimal models) on worker k. */
static void run_task(void *ctx, size_t i, unsigned k)
{
    OptCubes *c = ctx;
    OptCube *out = &c->out[i];
    size_t cube = i, n = c->nlevels;
    AftWork *base_work = c->team.base.work;
    out->work.limit = base_work ? base_work->limit : 0;
    AspCubeWorker *w = asp_cube_team_begin(&c->team, k, cube, base_work ? &out->work : NULL);
    if (!w->own) w->own = asp_opt_new(w->s);
    out->s = w->s;
    out->z = w->own;
    out->nlevels = n;
    out->optimal = c->optimal;
    asp_opt_attach(out->z);
    if (c->optimal) {
        memcpy(out->best, c->best, n * sizeof *out->best);
        asp_cost_bound(w->s, out->best, false);
    } else if ((cube >= ASP_OPT_LAG && c->prefix_set[cube - ASP_OPT_LAG]) || c->have_solo) {
        const int64_t *from = cube >= ASP_OPT_LAG && c->prefix_set[cube - ASP_OPT_LAG]
                              ? c->prefix + (cube - ASP_OPT_LAG) * n : c->solo;
        memcpy(out->best, from, n * sizeof *out->best);
        out->have_best = true;
        asp_cost_bound(w->s, out->best, true);
    }
    AspSolveHooks h = { .fn = asp_opt_function(out->z), .accept = cube_accept, .ctx = out };
    /* a cube's first model is all that --models 1 may give out; else a cube cannot tell
     * which of its models will improve on the cubes before it */
    AspSolveOptions so = { .max_models = c->optimal || c->max == 1 ? c->max : 0, .aft = &w->aft };
    out->r = asp_search_bound(w->s, &so, &h, w->lo, w->hi, cube_collect, out, &out->st);
    out->hit = w->limits.hit;
    asp_cost_detach(w->s);
    asp_cube_team_end(&c->team, k);
}

/* Task i's models to the caller's fn: in the first phase those that improve on every one
 * given out before, in the second all of them. */
static void give_out(OptCubes *c, OptCube *out)
{
    size_t n = c->nlevels, before = c->given;
    for (size_t k = 0, m = 0; k < out->models.count && !c->stop; m++) {
        size_t len = out->models.items[k];
        const AspAtom *atoms = out->models.items + k + 1;
        const int64_t *cost = out->costs.items + m * n;
        k += len + 1;
        if (!c->optimal && c->have_best && asp_cost_cmp(cost, c->best, n) >= 0) continue;
        if (!c->optimal) memcpy(c->best, cost, n * sizeof *c->best);
        c->have_best = true;
        c->given++;
        if ((c->fn && !c->fn(c->ctx, c->team.s->prog, atoms, len, cost, n, c->optimal))
            || (c->max && c->given >= c->max))
            c->stop = true;
    }
    if (c->given == before) return;
    c->st->last_model = aft_clock();
    if (!c->st->first_model) c->st->first_model = c->st->last_model;
}

static void out_free(OptCube *out)
{
    VEC_FREE(out->models);
    VEC_FREE(out->costs);
}

static bool take_task(void *ctx, size_t i)
{
    OptCubes *c = ctx;
    OptCube *out = &c->out[i];
    AspStats *st = c->st;
    asp_add_aft_stats(&st->aft, &out->st.aft);
    st->sp_evals += out->st.sp_evals;
    st->bnb_runs += out->st.bnb_runs;
    give_out(c, out);
    out_free(out);
    if (!c->optimal && c->have_best) {
        memcpy(c->prefix + i * c->nlevels, c->best, c->nlevels * sizeof *c->best);
        c->prefix_set[i] = 1;
    }
    AftWork *work = c->team.base.work;
    if (work) work->spent += out->work.spent;
    if (!c->stop && out->r != AFT_OK) c->r = out->r;
    else if (!c->stop && work && aft_work_spent(&c->team.base)) {
        c->r = AFT_LIMIT;
        st->aft.stopped_by = "work";
    }
    const Limits *l = c->team.base.limits;
    if (out->hit && l && !l->hit) c->team.base.limits->hit = out->hit;
    bool go_on = !c->stop && c->r == AFT_OK;
    if (!go_on) asp_cube_team_cancel(&c->team);
    return go_on;
}

/* One phase: cubes 0 .. n - 1 on the team.  True when every task was taken and none stopped the phase. */
static bool phase(OptCubes *c, size_t n, size_t window)
{
    c->out = mem_calloc(n + 1, sizeof *c->out);
    int64_t *costs = mem_calloc(2 * n * c->nlevels + 1, sizeof *costs);
    for (size_t i = 0; i < n; i++) {
        c->out[i].best = costs + 2 * i * c->nlevels;
        c->out[i].cost = c->out[i].best + c->nlevels;
    }
    c->given = 0;
    c->stop = false;
    c->team.cancel = 0;
    WorkPool pool = { .jobs = c->team.jobs, .task = run_task, .done = take_task, .ctx = c,
                      .window = window };
    size_t taken = n ? workpool_run(&pool, n) : 0;
    for (size_t i = taken; i < n; i++) out_free(&c->out[i]);
    return c->r == AFT_OK && !c->stop && taken == n;
}

static void phase_free(OptCubes *c)
{
    if (c->out) mem_free(c->out[0].best);
    mem_free(c->out);
    c->out = NULL;
}

/* The cubes of s made anew, with the cost propagator attached (so that they come in the
 * order the optimisation tries them) under bound (NULL: none): a cube that the bound
 * refutes is dropped.  s's search state is then made anew. */
static void make_cubes(OptCubes *c, AspOptimizer *z, const int64_t *bound, bool strict)
{
    AspSolver *s = c->team.s;
    asp_cubes_free(&c->team.cubes);
    asp_solver_reset_search(s);
    asp_opt_attach(z);
    if (bound) asp_cost_bound(s, bound, strict);
    size_t refuted = asp_cubes_make(s, &c->team.cubes);
    asp_cost_detach(s);
    asp_solver_reset_search(s);
    if (c->team.w) c->team.w[0]->fresh = true;
    c->st->cubes = c->team.cubes.count;
    c->st->aft.conflicts += refuted;
    if (c->team.base.work) c->team.base.work->spent += refuted;
}

/* optN's second phase: every optimal model (cost c->best), by cubes made under the bound
 * "at most the optimum", in cube order. */
static AftStatus all_optimal(OptCubes *c, AspOptimizer *z, AspOptResult *res)
{
    phase_free(c);
    make_cubes(c, z, c->best, false);
    AspStats *st = c->st;
    size_t first = st->models;
    c->optimal = true;
    c->max = c->o->max_models;
    c->r = AFT_OK;
    bool done = phase(c, c->team.cubes.count, ASP_CUBES_WINDOW * (size_t)c->team.jobs);
    res->optimal = c->given;
    st->models = first + c->given;
    res->optimal_complete = st->complete = done;
    return c->r;
}

/* The search by cubes after the solo search ran out of its budget (res: its best, a bound
 * for every cube) and, for optN with the optimum proved, the second phase. */
static AftStatus by_cubes(OptCubes *c, AspOptimizer *z, AspOptMode mode, AspOptResult *res)
{
    size_t n = c->team.cubes.count, solo_models = c->st->models;
    c->have_solo = c->have_best = res->have_best;
    memcpy(c->solo, res->best, c->nlevels * sizeof *c->solo);
    memcpy(c->best, res->best, c->nlevels * sizeof *c->best);
    c->prefix = mem_calloc(n * c->nlevels + 1, sizeof *c->prefix);
    c->prefix_set = mem_calloc(n + 1, 1);
    c->max = mode == ASP_OPT_OPTN || !c->o->max_models ? 0 : c->o->max_models - solo_models;
    bool done = !c->team.base.work || !aft_work_spent(&c->team.base);
    if (!done) {
        c->r = AFT_LIMIT;
        c->st->aft.stopped_by = "work";
    } else done = phase(c, n, ASP_OPT_LAG);
    c->st->models = solo_models + c->given;
    c->st->complete = done;
    res->have_best = c->have_best;
    memcpy(res->best, c->best, c->nlevels * sizeof *res->best);
    res->proved = done && c->have_best;
    AftStatus r = c->r;
    if (mode == ASP_OPT_OPTN && res->proved) r = all_optimal(c, z, res);
    phase_free(c);
    mem_free(c->prefix);
    mem_free(c->prefix_set);
    return r;
}

/* The solo search: asp_optimize on the calling thread (the improving models, given out as
 * it finds them), within ASP_OPT_SOLO conflicts (fewer when the caller's budget of work has
 * fewer left).  *spent: it stopped because that budget ran out, and nothing else stopped it:
 * the cubes go on from its best model. */
static AftStatus solo(OptCubes *c, AspOptimizer *z, AspOptMode mode, AspOptResult *res,
                      bool *spent)
{
    AftOptions a = c->team.base;
    AftWork *user = a.work, own = { .limit = ASP_OPT_SOLO };
    if (user && user->limit && user->limit - user->spent < own.limit)
        own.limit = user->limit > user->spent ? user->limit - user->spent : 1;
    a.work = &own;
    a.stop_abandons = true;
    AspSolveOptions so = *c->o;
    so.aft = &a;
    if (mode == ASP_OPT_OPTN) so.max_models = 0;
    AftStatus r = asp_optimize(c->team.s, z, &so, ASP_OPT_OPT, c->fn, c->ctx, c->st, res);
    if (user) user->spent += own.spent;
    *spent = r == AFT_LIMIT && aft_work_spent(&a) && !(a.limits && a.limits->hit)
             && !(user && aft_work_spent(&c->team.base));
    if (*spent) c->st->aft.stopped_by = NULL;
    return r;
}

static void free_optimizer(void *z) { asp_opt_free(z); }

AftStatus asp_optimize_jobs(AspSolver *s, AspOptimizer *z, const AspSolveOptions *o,
                            AspOptMode mode, AspOptModelFn fn, void *ctx, AspStats *st,
                            AspOptResult *res)
{
    if (!asp_cubes_apply(s, o) || asp_has_project(s->prog))
        return asp_optimize(s, z, o, mode, fn, ctx, st, res);
    OptCubes c = { .team.s = s, .o = o, .z = z, .nlevels = asp_opt_levels(z), .fn = fn,
                   .ctx = ctx, .st = st, .r = AFT_OK };
    asp_search_options(&c.team.base, o->aft);
    bool spent;
    AftStatus r = solo(&c, z, mode, res, &spent);
    if (!spent && !(mode == ASP_OPT_OPTN && res->proved)) return r;
    c.best = mem_calloc(2 * c.nlevels + 1, sizeof *c.best);
    c.solo = c.best + c.nlevels;
    asp_cube_team_new(&c.team, o->jobs);
    c.team.w[0]->own = z;
    if (spent) {
        make_cubes(&c, z, res->have_best ? res->best : NULL, true);
        r = by_cubes(&c, z, mode, res);
    } else {
        memcpy(c.best, res->best, c.nlevels * sizeof *c.best);
        r = all_optimal(&c, z, res);
        phase_free(&c);
    }
    c.team.w[0]->own = NULL;      /* the caller's */
    asp_cube_team_free(&c.team, st, free_optimizer);
    asp_cubes_free(&c.team.cubes);
    mem_free(c.best);
    return r;
}
