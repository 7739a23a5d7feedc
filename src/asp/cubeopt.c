/* cubeopt.c: the second phase of --opt-mode=optN, every optimal model, by cubes on N threads
 * (asp_optimize_jobs, cube.h; docs/asp.md "Threads").  The branch and bound that finds the
 * optimum is opt.c's one search on the calling thread, for every N (split into cubes, each
 * searched from a fresh solver, it took 2 to 26 times the conflicts: bench/RESULTS.md).
 * Once the optimum is proved, the optimal models are an enumeration under the bound "cost at
 * most the optimum": the cubes are made anew under that bound (with the cost propagator
 * attached, so that they come in the order the optimisation tries them, and a cube holding no
 * optimal model dropped), each searched by a solver in the state it has right after loading,
 * and the models given out cube by cube in list order on the calling thread, as the
 * enumeration's (cubesolve.c); so they and their order are the same for every N. */
#include "asp/cubeteam.h"
#include "asp/internal.h"
#include "asp/opt.h"
#include "asp/search.h"

#include "util/workpool.h"

/* A cube's result: its optimal models (each its length, then its shown atoms), stats,
 * status, work budget and the limit its worker hit.  z and cost are its worker's while it
 * runs. */
typedef struct OptCube {
    VEC(AspAtom) models;
    const int64_t *best;          /* the optimum */
    int64_t *cost;                /* nlevels: scratch */
    AspStats st;
    AftStatus r;
    AftWork work;
    const char *hit;
    AspOptimizer *z;
    size_t nlevels;
} OptCube;

typedef struct OptCubes {
    AspCubeTeam team;
    const AspSolveOptions *o;
    size_t nlevels;
    AspOptModelFn fn;
    void *ctx;
    AspStats *st;
    AftStatus r;
    bool stop;                    /* enough models, or fn said stop */
    size_t given;                 /* the optimal models given out */
    OptCube *out;                 /* per cube */
    int64_t *best;                /* the optimum */
} OptCubes;

static bool cube_accept(void *ctx, const Word *x)
{
    OptCube *out = ctx;
    asp_opt_cost(out->z, x, out->cost);
    return asp_cost_cmp(out->cost, out->best, out->nlevels) == 0;
}

static bool cube_collect(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    OptCube *out = ctx;
    VEC_PUSH(out->models, (AspAtom)n);
    for (size_t k = 0; k < n; k++) VEC_PUSH(out->models, atoms[k]);
    return true;
}

/* Cube i's optimal models on worker k. */
static void run_task(void *ctx, size_t i, unsigned k)
{
    OptCubes *c = ctx;
    OptCube *out = &c->out[i];
    AspCubeWorker *w = asp_cube_team_begin(&c->team, k, i, &out->work);
    if (!w->own) w->own = asp_opt_new(w->s);
    out->z = w->own;
    out->nlevels = c->nlevels;
    out->best = c->best;
    asp_opt_attach(out->z);
    asp_cost_bound(w->s, c->best, false);
    AspSolveHooks h = { .fn = asp_opt_function(out->z), .accept = cube_accept, .ctx = out };
    AspSolveOptions so = { .max_models = c->o->max_models, .aft = &w->aft };
    out->r = asp_search_bound(w->s, &so, &h, w->lo, w->hi, cube_collect, out, &out->st);
    out->hit = w->limits.hit;
    asp_cost_detach(w->s);
    asp_cube_team_end(&c->team, k);
}

/* Cube i's models to the caller's fn, as optimal models. */
static void give_out(OptCubes *c, OptCube *out)
{
    size_t max = c->o->max_models, before = c->given;
    for (size_t k = 0; k < out->models.count && !c->stop;) {
        size_t len = out->models.items[k];
        const AspAtom *atoms = out->models.items + k + 1;
        k += len + 1;
        c->given++;
        if ((c->fn && !c->fn(c->ctx, c->team.s->prog, atoms, len, c->best, c->nlevels, true))
            || (max && c->given >= max))
            c->stop = true;
    }
    if (c->given == before) return;
    c->st->last_model = aft_clock();
    if (c->st->first_model == 0) c->st->first_model = c->st->last_model;
}

static void out_free(OptCube *out) { VEC_FREE(out->models); }

static bool take_task(void *ctx, size_t i)
{
    OptCubes *c = ctx;
    OptCube *out = &c->out[i];
    give_out(c, out);
    out_free(out);
    return asp_cube_team_take(&c->team, c->st, &c->r, c->stop, &out->st, out->r, &out->work, out->hit);
}

/* The cubes of s made anew under the bound "cost at most the optimum", with the cost
 * propagator attached (so that they come in the order the optimisation tries them): a cube
 * holding no optimal model is dropped.  s's search state is then made anew. */
static void make_cubes(OptCubes *c, AspOptimizer *z)
{
    AspSolver *s = c->team.s;
    asp_solver_reset_search(s);
    asp_opt_attach(z);
    asp_cost_bound(s, c->best, false);
    size_t refuted = asp_cubes_make(s, &c->team.cubes);
    asp_cost_detach(s);
    asp_solver_reset_search(s);
    c->st->cubes = c->team.cubes.count;
    c->st->aft.conflicts += refuted;
    if (c->team.base.work) c->team.base.work->spent += refuted;
}

/* Every optimal model, cube by cube on the team's threads.  True when every cube was taken
 * and nothing stopped the run. */
static bool all_optimal(OptCubes *c)
{
    size_t n = c->team.cubes.count;
    if (c->team.base.work && aft_work_spent(&c->team.base)) {
        c->r = AFT_LIMIT;
        c->st->aft.stopped_by = "work";
        return false;
    }
    c->out = mem_calloc(n + 1, sizeof *c->out);
    int64_t *costs = mem_calloc(n * c->nlevels + 1, sizeof *costs);
    for (size_t i = 0; i < n; i++) c->out[i].cost = costs + i * c->nlevels;
    WorkPool pool = { .jobs = c->team.jobs, .task = run_task, .done = take_task, .ctx = c,
                      .window = ASP_CUBES_WINDOW * (size_t)c->team.jobs };
    size_t taken = n ? workpool_run(&pool, n) : 0;
    for (size_t i = taken; i < n; i++) out_free(&c->out[i]);
    mem_free(costs);
    mem_free(c->out);
    return c->r == AFT_OK && !c->stop && taken == n;
}

static void free_optimizer(void *z) { asp_opt_free(z); }

AftStatus asp_optimize_jobs(AspSolver *s, AspOptimizer *z, const AspSolveOptions *o,
                            const AspOptGoal *goal, AspOptModelFn fn, void *ctx, AspStats *st,
                            AspOptResult *res)
{
    if (asp_optimize_usc_applies(s, goal)) {
        bool failed;
        AspStats before = *st;
        AftStatus r = asp_optimize_usc(s, o, goal, fn, ctx, st, res, &failed);
        if (!failed) return r;
        asp_opt_result_free(res);    /* by branch and bound instead */
        *st = before;
    }
    if (goal->mode != ASP_OPT_OPTN || !asp_cubes_apply(s, o) || asp_has_project(s->prog))
        return asp_optimize(s, z, o, goal, fn, ctx, st, res);
    AspSolveOptions first = *o;   /* --models counts the optimal models */
    first.max_models = 0;
    AspOptGoal improve = *goal;
    improve.mode = ASP_OPT_OPT;
    AftStatus r = asp_optimize(s, z, &first, &improve, fn, ctx, st, res);
    if (r != AFT_OK || !res->proved) return r;
    OptCubes c = { .team.s = s, .o = o, .nlevels = res->levels, .fn = fn, .ctx = ctx,
                   .st = st, .r = AFT_OK, .best = res->best };
    asp_search_options(&c.team.base, o->aft);
    make_cubes(&c, z);
    asp_cube_team_new(&c.team, o->jobs);
    c.team.w[0]->fresh = true;    /* made anew by make_cubes */
    c.team.w[0]->own = z;
    size_t improving = st->models;
    bool done = all_optimal(&c);
    res->optimal = c.given;
    res->optimal_complete = st->complete = done;
    st->models = improving + c.given;
    c.team.w[0]->own = NULL;      /* the caller's */
    asp_cube_team_free(&c.team, st, free_optimizer);
    asp_cubes_free(&c.team.cubes);
    return c.r;
}
