/* opt.c: #minimize natively, as clasp's model-guided branch and bound.  The search is
 * asp_solve's, through its hooks (search.h), on S_P itself with every hook of the native IR,
 * learning included: the cost bound is a constraint of the propagator (cost.c), so a bound
 * whose least possible cost is not better than the best model's fails in the propagator, a
 * conflict on the cost is explained and learnt like any other, and each better model
 * tightens the bound where the search stands, which goes on from there (the engine's spent
 * hook: the model just found is out of every later search).  A filter keeps only improving
 * models (then, for optN, the optimal ones, each projection once when the program has
 * #project, its solution nogood keeping the search learning: project.h).  The engine knows
 * nothing of costs. */
#include "asp/opt.h"
#include "asp/internal.h"
#include "asp/project.h"
#include "asp/search.h"

#include <stdlib.h>

typedef enum { PHASE_IMPROVE, PHASE_OPTIMAL, PHASE_ENUM } Phase;

struct AspOptimizer {
    AspSolver *s;
    size_t nlevels;
    int64_t *prio;                /* per level, highest first */
    VEC(AspCostTerm) lits;
    AftSearch search;             /* S_P's search hooks and the spent hook */
    AftFunction fn;               /* S_P with those hooks */
    Phase phase;
    bool have_best, bounded;      /* bounded: the goal's bound holds (--opt-mode=MODE,B..) */
    int64_t *best, *cost, *bound; /* nlevels each */
};

static int cmp_prio_desc(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x < y) - (x > y);
}

static size_t level_of(const AspOptimizer *z, int64_t prio)
{
    size_t i = 0;
    while (z->prio[i] != prio) i++;
    return i;
}

static void collect_levels(AspOptimizer *z, const AspProgram *p)
{
    size_t m = asp_minimize_count(p), k = 0;
    z->prio = mem_alloc((m + 1) * sizeof *z->prio);
    for (size_t i = 0; i < m; i++) {
        size_t n;
        asp_minimize_get(p, i, &z->prio[k], &n);
        k++;
    }
    qsort(z->prio, k, sizeof *z->prio, cmp_prio_desc);
    size_t u = 0;
    for (size_t i = 0; i < k; i++)
        if (!u || z->prio[u - 1] != z->prio[i]) z->prio[u++] = z->prio[i];
    z->nlevels = u;
}

/* The engine's spent hook: a model better than the best so far is out of every later search
 * by the bound (cost.c); an optimal one of optN with #project, by its projection's solution
 * nogood (block.c). */
static bool spent(void *ctx, const Word *lo, const Word *hi)
{
    return asp_cost_spent(ctx, lo, hi) || asp_prop_block_spent(ctx, lo, hi);
}

AspOptimizer *asp_opt_new(AspSolver *s)
{
    const AspProgram *p = s->prog;
    if (!asp_minimize_count(p)) return NULL;
    AspOptimizer *z = mem_calloc(1, sizeof *z);
    z->s = s;
    collect_levels(z, p);
    for (size_t i = 0; i < asp_minimize_count(p); i++) {
        int64_t prio;
        size_t n;
        const AspWLit *l = asp_minimize_get(p, i, &prio, &n);
        for (size_t k = 0; k < n; k++) {
            AspCostTerm o = { (uint32_t)level_of(z, prio),
                         (uint32_t)asp_solver_atom_index(s, l[k].atom), l[k].negative,
                         l[k].weight };
            VEC_PUSH(z->lits, o);
        }
    }
    z->search = *s->fn.search;
    z->search.spent = spent;
    z->fn = s->fn;
    z->fn.search = &z->search;
    z->best = mem_calloc(3 * z->nlevels + 1, sizeof *z->best);
    z->cost = z->best + z->nlevels;
    z->bound = z->cost + z->nlevels;
    return z;
}

void asp_opt_free(AspOptimizer *z)
{
    if (z) MEM_FREE_ALL(z->prio, z->lits.items, z->best, z);
}

size_t asp_opt_levels(const AspOptimizer *z) { return z->nlevels; }

void asp_opt_attach(AspOptimizer *z)
{
    asp_cost_attach(z->s, z->nlevels, z->lits.items, z->lits.count);
}

const AftFunction *asp_opt_function(const AspOptimizer *z) { return &z->fn; }

/* Per level the most and the least a model can cost. */
static void level_range(const AspOptimizer *z, int64_t *most, int64_t *least)
{
    memset(most, 0, z->nlevels * sizeof *most);
    memset(least, 0, z->nlevels * sizeof *least);
    for (size_t i = 0; i < z->lits.count; i++) {
        const AspCostTerm *l = &z->lits.items[i];
        if (l->weight > 0) most[l->level] += l->weight;
        else least[l->level] += l->weight;
    }
}

bool asp_opt_goal_bound(const AspOptimizer *z, const AspOptGoal *goal, int64_t *out)
{
    int64_t *least = mem_calloc(z->nlevels + 1, sizeof *least);
    level_range(z, out, least);
    size_t given = goal ? goal->nbound : 0;
    for (size_t i = 0; i < z->nlevels && i < given; i++) {
        int64_t b = goal->bound[i];
        if (b > out[i]) break;              /* every cost is below it here: the lower levels
                                               bound nothing (left at their most) */
        bool below = b < least[i];          /* no cost is within it: nor are the lower levels */
        out[i] = below ? least[i] - 1 : b;
        if (below) break;
    }
    mem_free(least);
    return given > 0;
}

static bool bit(const Word *x, size_t i) { return (x[i >> 6] >> (i & 63)) & 1; }

void asp_opt_cost(const AspOptimizer *z, const Word *x, int64_t *out)
{
    memset(out, 0, z->nlevels * sizeof *out);
    for (size_t i = 0; i < z->lits.count; i++) {
        const AspCostTerm *l = &z->lits.items[i];
        if (bit(x, l->atom) != l->negative) out[l->level] += l->weight;
    }
}

int asp_cost_cmp(const int64_t *a, const int64_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

typedef struct OptRun {
    AspOptimizer *z;
    AspOptModelFn fn;
    void *ctx;
    AspProjections *proj;         /* optN's optimal models with #project: those met */
} OptRun;

/* Enumeration within the bound: each model (each projection once); the least cost kept. */
static bool accept_enum(OptRun *r, const Word *x)
{
    AspOptimizer *z = r->z;
    if (r->proj && !asp_projection_block_new(r->proj, z->s, x)) return false;
    if (!z->have_best || asp_cost_cmp(z->cost, z->best, z->nlevels) < 0)
        memcpy(z->best, z->cost, z->nlevels * sizeof *z->best);
    z->have_best = true;
    return true;
}

static bool accept(void *ctx, const Word *x)
{
    OptRun *r = ctx;
    AspOptimizer *z = r->z;
    asp_opt_cost(z, x, z->cost);
    if (z->bounded && asp_cost_cmp(z->cost, z->bound, z->nlevels) > 0) return false;
    if (z->phase == PHASE_ENUM) return accept_enum(r, x);
    if (z->phase == PHASE_OPTIMAL)
        return asp_cost_cmp(z->cost, z->best, z->nlevels) == 0
               && (!r->proj || asp_projection_block_new(r->proj, z->s, x));
    if (z->have_best && asp_cost_cmp(z->cost, z->best, z->nlevels) >= 0) return false;
    memcpy(z->best, z->cost, z->nlevels * sizeof *z->best);
    z->have_best = true;
    asp_cost_bound(z->s, z->best, true);
    return true;
}

static bool give(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    OptRun *r = ctx;
    return !r->fn || r->fn(r->ctx, p, atoms, n, r->z->cost, r->z->nlevels,
                           r->z->phase == PHASE_OPTIMAL);
}

/* The second phase of optN: every optimal model (each projection once). */
static AftStatus all_optimal(AspSolver *s, const AspSolveOptions *o, const AspSolveHooks *h,
                             OptRun *run, AspStats *st, AspOptResult *res)
{
    AspStats second;
    memset(&second, 0, sizeof second);
    run->z->phase = PHASE_OPTIMAL;
    asp_cost_bound(s, run->z->best, false);
    if (asp_has_project(s->prog)) run->proj = asp_projections_new(s);
    AftStatus r = asp_solve_hooked(s, o, h, give, run, &second);
    asp_projections_free(run->proj);
    res->optimal = second.models;
    res->optimal_complete = r == AFT_OK && second.complete;
    st->models += second.models;
    st->complete = second.complete;
    st->sp_evals += second.sp_evals;
    st->bnb_runs += second.bnb_runs;
    if (second.last_model != 0) st->last_model = second.last_model;
    return r;
}

/* The best cost found and whether it is proved optimal: every model within the bound was
 * searched (when the improving phase or the enumeration ended). */
static void first_result(const AspOptimizer *z, AftStatus r, const AspStats *st,
                         AspOptResult *res)
{
    memset(res, 0, sizeof *res);
    res->best = mem_calloc(z->nlevels + 1, sizeof *res->best);
    res->have_best = z->have_best;
    res->levels = z->nlevels;
    memcpy(res->best, z->best, z->nlevels * sizeof *z->best);
    res->proved = r == AFT_OK && st->complete && z->have_best;
}

/* Better models until none is left, then (optN) the optimal ones; enum: every model within
 * the bound (each projection once). */
static AftStatus search(AspSolver *s, AspOptimizer *z, const AspSolveOptions *o,
                        AspOptMode mode, OptRun *run, AspStats *st, AspOptResult *res)
{
    AspSolveHooks h = { .fn = &z->fn, .accept = accept, .ctx = run };
    AspSolveOptions first = *o;
    if (mode == ASP_OPT_OPTN) first.max_models = 0;
    z->phase = mode == ASP_OPT_ENUM ? PHASE_ENUM : PHASE_IMPROVE;
    z->have_best = false;
    if (mode == ASP_OPT_ENUM && asp_has_project(s->prog)) run->proj = asp_projections_new(s);
    AftStatus r = asp_solve_hooked(s, &first, &h, give, run, st);
    asp_projections_free(run->proj);
    run->proj = NULL;
    first_result(z, r, st, res);
    if (mode != ASP_OPT_OPTN || !res->proved) return r;
    return all_optimal(s, o, &h, run, st, res);
}

AftStatus asp_optimize(AspSolver *s, AspOptimizer *z, const AspSolveOptions *o,
                       const AspOptGoal *goal, AspOptModelFn fn, void *ctx, AspStats *st,
                       AspOptResult *res)
{
    OptRun run = { z, fn, ctx, NULL };
    asp_opt_attach(z);
    z->bounded = asp_opt_goal_bound(z, goal, z->bound);
    if (z->bounded) asp_cost_bound(s, z->bound, false);
    AftStatus r = search(s, z, o, goal->mode, &run, st, res);
    asp_cost_detach(s);
    return r;
}

void asp_opt_result_free(AspOptResult *res)
{
    mem_free(res->best);
    res->best = NULL;
}
