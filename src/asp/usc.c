/* usc.c: #minimize by unsatisfiable cores (clingo's --opt-strategy=usc, by its OLL), one
 * priority level at a time, the highest first, each level's optimum fixed before the next
 * (as clasp does): its soft literals with a weight left are made false (fix_level).
 *
 * A level's literals (the complement of a negative weight's, that weight a constant) are
 * soft: each costs its weight when it holds.  A search assumes every soft literal with a
 * weight left false (assume.h).  When some model holds them all, its cost is the lower bound
 * and it is optimal.  Otherwise the search ends on a core C, soft literals not all false in
 * any model: the bound rises by C's least weight w, each weighs w less, and (OLL) a new atom
 * "at least 2 of C hold" weighs w; a counter's atom "at least k" met in a core brings in
 * "at least k + 1" of the same literals.  A model's cost is then at most the bound plus the
 * weights of the soft literals it holds, and never below the bound.
 * Each search runs on the program extended with the counters (weight rules over hidden
 * atoms): a new solver per core, compiled from the program under its well-founded bound
 * (peval.c), as brave.c does for its steps.  A compiled solver takes no new rule (its
 * translation, atom order and rules-as-nogoods are made once), so what a search learnt is
 * carried into the next solver instead (carry.h): its learnt nogoods and level 0's facts over
 * the program's atoms, which the counters (rules of new atoms) and a fixed level
 * (constraints) keep true.  The activities and signs carried too took more conflicts on
 * the panel (bench/RESULTS.md, usc37b), so each search orders its choices afresh.  Before
 * its relaxation a core is trimmed on the solver that found it (trim).  Stratification and
 * a disjoint-core phase (clasp's tactics, not in its default) took more conflicts on that
 * panel and are not done.  Models that a search meets before its core go out when they
 * improve on the best so far; optN then enumerates the program with every level fixed at
 * its optimum. */
#include "asp/opt.h"
#include "asp/assume.h"
#include "asp/carry.h"
#include "asp/project.h"
#include "asp/search.h"

#include <stdlib.h>

typedef struct Soft { AspWLit lit; int64_t weight; uint32_t counter, k; } Soft;
typedef struct Counter { uint32_t start, n; } Counter;    /* literals pool[start ..) */
#define NO_COUNTER UINT32_MAX

typedef struct Usc {
    AspProgram *q;
    size_t nlevels;
    int64_t *prio, *lb, *cost, *best;   /* per level */
    bool have_best, optimal, failed, user_stop, optn, count_improving;
    bool merged;                  /* the solvers share a lattice atom among equivalent atoms */
    VEC(Soft) soft;
    VEC(AspWLit) pool;
    VEC(Counter) counters;
    VEC(uint32_t) alits, asoft;  /* the assumptions of a search, each one's soft literal */
    VEC(uint32_t) core;           /* the last core, as soft literals */
    bool trimming;                /* the search assumes only the core's literals */
    bool trim_spent;              /* and its budget ran out */
    AspSolver *t;
    AspOptimizer *z;
    AspAssume *a;
    AspCarry carry;               /* what the searches learnt so far (carry.h) */
    AspOptModelFn fn;
    void *ctx;
    const AspSolveOptions *o;
    size_t given;
} Usc;

static int cmp_desc(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x < y) - (x > y);
}

static void collect_levels(Usc *u, const AspProgram *p)
{
    size_t m = asp_minimize_count(p), k = 0, n;
    u->prio = mem_calloc(4 * (m + 1), sizeof *u->prio);
    for (size_t i = 0; i < m; i++) asp_minimize_get(p, i, &u->prio[i], &n);
    qsort(u->prio, m, sizeof *u->prio, cmp_desc);
    for (size_t i = 0; i < m; i++)
        if (!k || u->prio[k - 1] != u->prio[i]) u->prio[k++] = u->prio[i];
    u->nlevels = k;
    u->lb = u->prio + m + 1;
    u->cost = u->lb + m + 1;
    u->best = u->cost + m + 1;
}

/* Level l's literals as soft ones (positive weights), its constant part in lb[l]. */
static void level_softs(Usc *u, size_t l)
{
    u->soft.count = u->pool.count = u->counters.count = 0;
    u->lb[l] = 0;
    for (size_t i = 0; i < asp_minimize_count(u->q); i++) {
        int64_t pr;
        size_t n;
        const AspWLit *w = asp_minimize_get(u->q, i, &pr, &n);
        for (size_t j = 0; pr == u->prio[l] && j < n; j++) {
            Soft s = { w[j], w[j].weight, NO_COUNTER, 0 };
            if (s.weight < 0) {
                u->lb[l] += s.weight;
                s.weight = -s.weight;
                s.lit.negative = !s.lit.negative;
            }
            if (s.weight) VEC_PUSH(u->soft, s);
        }
    }
}

typedef struct Ranked { int64_t weight; uint32_t soft; } Ranked;

static int heavier(const void *x, const void *y)
{
    const Ranked *a = x, *b = y;
    if (a->weight != b->weight) return (a->weight < b->weight) - (a->weight > b->weight);
    return (a->soft > b->soft) - (a->soft < b->soft);
}

/* The assumptions on t: each soft literal with a weight left false, heaviest first; when
 * trimming, each of the core's, the other way round (the core the search found decided its
 * literals heaviest first: from the other end another, often smaller, one comes first). */
static void assumptions(Usc *u)
{
    u->alits.count = u->asoft.count = 0;
    Ranked *r = mem_alloc((u->soft.count + 1) * sizeof *r);
    size_t n = 0;
    for (uint32_t i = 0; u->trimming && i < u->core.count; i++)
        r[n++] = (Ranked){ u->soft.items[u->core.items[i]].weight, u->core.items[i] };
    for (uint32_t i = 0; !u->trimming && i < u->soft.count; i++)
        if (u->soft.items[i].weight > 0) r[n++] = (Ranked){ u->soft.items[i].weight, i };
    qsort(r, n, sizeof *r, heavier);
    for (size_t i = 0; u->trimming && i < n / 2; i++) {  /* trimming: lightest first */
        Ranked t = r[i];
        r[i] = r[n - 1 - i];
        r[n - 1 - i] = t;
    }
    for (size_t i = 0; i < n; i++) {
        const AspWLit *l = &u->soft.items[r[i].soft].lit;
        uint32_t atom = (uint32_t)asp_solver_atom_index(u->t, l->atom);
        VEC_PUSH(u->asoft, r[i].soft);
        VEC_PUSH(u->alits, 2 * atom + (l->negative ? 0 : 1));
    }
    mem_free(r);
}

/* The search's filter: a model holding every assumption is optimal on the level; one that
 * does not gives the core.  Either ends the search; it goes out when it improves. */
static bool accept(void *ctx, const Word *x)
{
    Usc *u = ctx;
    asp_opt_cost(u->z, x, u->cost);
    size_t j = asp_assume_violated(u->a, x);
    if (j == SIZE_MAX && u->trimming) u->failed = true;     /* a core holds: never */
    else if (j == SIZE_MAX) u->optimal = true;
    else asp_assume_core(u->t, u->a, j, x);
    asp_assume_stop(u->a);
    if (u->have_best && asp_cost_cmp(u->cost, u->best, u->nlevels) >= 0) return false;
    memcpy(u->best, u->cost, u->nlevels * sizeof *u->best);
    u->have_best = true;
    return true;
}

static bool give(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    Usc *u = ctx;
    u->given++;
    if (u->fn && !u->fn(u->ctx, p, atoms, n, u->cost, u->nlevels, u->optn)) u->user_stop = true;
    if (u->count_improving && u->o->max_models && u->given >= u->o->max_models) u->user_stop = true;
    return !u->user_stop;
}

/* The caller's search options for one search of ours: learning on (the assumptions' halves
 * are ordered by it), the budget ours. */
static void search_options(const AspSolveOptions *o, AftOptions *aft, AspSolveOptions *so)
{
    if (o->aft) *aft = *o->aft;
    else {
        aft_options_default(aft);
        asp_search_defaults(aft);
    }
    aft->no_learn = false;
    aft->stop_abandons = true;
    *so = *o;
    so->aft = aft;
    so->max_models = 0;
    so->text = NULL;
    so->release = NULL;
    so->jobs = 0;
    so->shard = so->shards = 0;
}

/* A search that trims a core stops after this many conflicts (the core stays as it is). */
enum { TRIM_CONFLICTS = 1000, TRIM_ROUNDS = 8 };

/* One search of q under the assumptions, on a new solver (u->t NULL) or on the one of the
 * search before (trimming: q is as it was): AFT_OK with u->optimal, a core in u->a, or
 * neither (no model at all); AFT_LIMIT when a limit stopped it. */
static AftStatus search_once(Usc *u, AspStats *st)
{
    if (!u->t) {
        u->t = u->merged ? asp_solver_new_merged(u->q) : asp_solver_new(u->q);
        asp_carry_offer(u->t, &u->carry);
        u->z = asp_opt_new(u->t);
    }
    asp_assume_free(u->t, u->a);
    assumptions(u);
    u->a = asp_assume_new(u->t, u->alits.items, u->alits.count);
    AftOptions aft;
    AspSolveOptions so;
    search_options(u->o, &aft, &so);
    AftWork *user = aft.work;
    if (user && user->limit) u->a->work.limit = user->limit > user->spent ? user->limit - user->spent : 1;
    bool budget = u->trimming && (!u->a->work.limit || u->a->work.limit > TRIM_CONFLICTS);
    if (budget) u->a->work.limit = TRIM_CONFLICTS;
    aft.work = &u->a->work;
    AftSearch hooks;
    AftFunction f;
    asp_assume_function(asp_solver_function(u->t), &hooks, &f);
    AspSolveHooks h = { .fn = &f, .accept = accept, .ctx = u };
    AspStats ms;
    memset(&ms, 0, sizeof ms);
    u->optimal = false;
    AftStatus r = asp_solve_hooked(u->t, &so, &h, give, u, &ms);
    if (user) user->spent += ms.aft.conflicts;
    asp_stats_add(st, &ms, false);
    if (u->a->stop && r == AFT_LIMIT) r = AFT_OK;
    u->trim_spent = budget && r == AFT_LIMIT && u->a->work.spent >= TRIM_CONFLICTS;
    if (u->trim_spent) r = AFT_OK;
    return r;
}

static void search_free(Usc *u)
{
    asp_assume_free(u->t, u->a);
    asp_opt_free(u->z);
    asp_solver_free(u->t);
    u->a = NULL;
    u->z = NULL;
    u->t = NULL;
}

/* The soft literal "at least k of counter c's literals" (weight w): its weight raised when
 * it is there, else a new atom with its weight rule. */
static void counter_soft(Usc *u, uint32_t c, uint32_t k, int64_t w)
{
    Counter *cn = &u->counters.items[c];
    if (k > cn->n) return;                            /* it cannot hold */
    for (size_t i = 0; i < u->soft.count; i++)
        if (u->soft.items[i].counter == c && u->soft.items[i].k == k) {
            u->soft.items[i].weight += w;
            return;
        }
    AspAtom at = asp_atom_hidden(u->q);
    if (!asp_add_weight_rule(u->q, ASP_NORMAL, &at, 1, k, u->pool.items + cn->start, cn->n, NULL))
        u->failed = true;
    Soft s = { { at, false, 1 }, w, c, k };
    VEC_PUSH(u->soft, s);
}

/* OLL's step on the core: the bound up by its least weight w, each of its literals w
 * lighter, a counter over it weighing w, the next atom of each counter met. */
static void relax(Usc *u, size_t level)
{
    int64_t w = INT64_MAX;
    for (size_t i = 0; i < u->core.count; i++) {
        int64_t x = u->soft.items[u->core.items[i]].weight;
        if (x < w) w = x;
    }
    u->lb[level] += w;
    uint32_t start = (uint32_t)u->pool.count;
    size_t n = u->core.count;
    for (size_t i = 0; i < n; i++) {
        Soft *s = &u->soft.items[u->core.items[i]];
        s->weight -= w;
        AspWLit l = s->lit;
        l.weight = 1;
        VEC_PUSH(u->pool, l);
        if (s->counter != NO_COUNTER) counter_soft(u, s->counter, s->k + 1, w);
    }
    if (n < 2) return;
    VEC_PUSH(u->counters, ((Counter){ start, (uint32_t)n }));
    counter_soft(u, (uint32_t)u->counters.count - 1, 2, w);
}

/* Level l at its optimum, for the levels after it: every soft literal with a weight left
 * false.  Exact: a model's cost is at least the bound plus the weights of the soft literals
 * it holds (each core holds in every model), so a model at the optimum holds none. */
static void fix_level(Usc *u)
{
    for (size_t i = 0; i < u->soft.count; i++) {
        const Soft *s = &u->soft.items[i];
        if (s->weight <= 0) continue;
        AspAtom at = s->lit.atom;
        if (!asp_add_rule(u->q, ASP_CONSTRAINT, NULL, 0, s->lit.negative ? NULL : &at,
                          !s->lit.negative, s->lit.negative ? &at : NULL, s->lit.negative, NULL))
            u->failed = true;
    }
}

/* The core of the search just made (u->a), as soft literals. */
static void take_core(Usc *u)
{
    u->core.count = 0;
    for (size_t i = 0; i < u->a->core.count; i++) VEC_PUSH(u->core, u->asoft.items[u->a->core.items[i]]);
}

/* Core trimming: searches that assume only the core's literals, each a small budget, while
 * the core they find is smaller (a core of a subset of a core is a core), on the solver that
 * found the core (the program is as it was), which keeps what it learnt. */
static AftStatus trim(Usc *u, AspStats *st)
{
    AftStatus r = AFT_OK;
    u->trimming = true;
    for (int round = 0; round < TRIM_ROUNDS && u->core.count > 1; round++) {
        size_t before = u->core.count;
        r = search_once(u, st);
        bool smaller = r == AFT_OK && u->a->stop && !u->trim_spent && !u->failed
                       && u->a->core.count < before;
        if (smaller) take_core(u);
        if (!smaller || r != AFT_OK || u->user_stop) break;
    }
    u->trimming = false;
    return r;
}

/* Level l to its optimum: AFT_OK with u->optimal (the optimum in lb[l]), or without (no
 * model); AFT_LIMIT, AFT_ERROR, or u->failed / u->user_stop. */
static AftStatus solve_level(Usc *u, size_t l, AspStats *st)
{
    level_softs(u, l);
    AftStatus r = AFT_OK;
    for (;;) {
        r = search_once(u, st);
        bool core = u->a->stop && !u->optimal;
        if (u->optimal && u->cost[l] != u->lb[l]) u->failed = true;   /* never: a bug */
        if (core) take_core(u);
        if (core && r == AFT_OK && !u->failed && !u->user_stop) r = trim(u, st);
        asp_carry_take(&u->carry, u->t);          /* before relax grows q */
        search_free(u);
        if (core && !u->failed && !u->user_stop) relax(u, l);
        if (r != AFT_OK || !core || u->failed || u->user_stop) break;
    }
    if (r == AFT_OK && u->optimal && !u->failed) fix_level(u);
    return r;
}

static bool give_optimal(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    Usc *u = ctx;
    return !u->fn || u->fn(u->ctx, p, atoms, n, u->best, u->nlevels, true);
}

/* optN's second phase: every model of q, whose levels are all fixed at their optimum. */
static AftStatus all_optimal(Usc *u, AspStats *st, AspOptResult *res)
{
    AspStats ms;
    memset(&ms, 0, sizeof ms);
    AspSolveOptions so = *u->o;
    so.release = NULL;
    so.text = NULL;
    so.jobs = 0;
    AspSolver *t = u->merged ? asp_solver_new_merged(u->q) : asp_solver_new(u->q);
    u->optn = true;
    AftStatus r = asp_has_project(u->q) ? asp_solve_projected(t, &so, give_optimal, u, &ms)
                                        : asp_solve(t, &so, give_optimal, u, &ms);
    asp_solver_free(t);
    res->optimal = ms.models;
    res->optimal_complete = r == AFT_OK && ms.complete;
    asp_stats_add(st, &ms, true);
    st->models += ms.models;
    st->complete = ms.complete;
    u->optn = false;
    return r;
}

/* The levels in turn on q. */
static AftStatus levels(Usc *u, AspStats *st, AspOptResult *res)
{
    AftStatus r = AFT_OK;
    size_t done = 0;
    for (; done < u->nlevels; done++) {
        r = solve_level(u, done, st);
        if (r != AFT_OK || !u->optimal || u->failed || u->user_stop) break;
    }
    res->have_best = u->have_best;
    memcpy(res->best, u->best, u->nlevels * sizeof *u->best);
    bool unsat = r == AFT_OK && !u->optimal && !u->have_best && !u->failed && !u->user_stop;
    res->proved = done == u->nlevels && r == AFT_OK && !u->failed;
    st->models = u->given;
    st->complete = res->proved || unsat;
    return r;
}

bool asp_optimize_usc_applies(const AspSolver *s, const AspOptGoal *goal)
{
    return goal->core_guided && goal->mode != ASP_OPT_ENUM && !goal->nbound
           && asp_minimize_count(s->prog) && !asp_program_rules_dropped(s->prog);
}

AftStatus asp_optimize_usc(AspSolver *s, const AspSolveOptions *o, const AspOptGoal *goal,
                           AspOptModelFn fn, void *ctx, AspStats *st, AspOptResult *res,
                           bool *failed)
{
    Usc u = { .fn = fn, .ctx = ctx, .o = o, .count_improving = goal->mode == ASP_OPT_OPT,
              .merged = s->merged };
    memset(res, 0, sizeof *res);
    const Lattice *L = asp_solver_lattice(s);
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    AftStatus r = asp_wellfounded(s, o->aft, lo, hi, st);
    if (r == AFT_OK) u.q = asp_partial_eval(s->prog, s, lo, hi, NULL, NULL);
    mem_free(lo);
    mem_free(hi);
    collect_levels(&u, s->prog);
    res->levels = u.nlevels;
    res->best = mem_calloc(u.nlevels + 1, sizeof *res->best);
    if (r == AFT_INVALID) {
        st->complete = true;
        r = AFT_OK;
    } else if (r == AFT_OK) {
        r = levels(&u, st, res);
        if (r == AFT_OK && res->proved && goal->mode == ASP_OPT_OPTN && !u.user_stop)
            r = all_optimal(&u, st, res);
    }
    *failed = u.failed;
    asp_program_free(u.q);
    asp_carry_free(&u.carry);
    MEM_FREE_ALL(u.prio, u.soft.items, u.pool.items, u.counters.items, u.alits.items,
                 u.asoft.items, u.core.items);
    return r;
}
