/* enumerate.c: every stable model of a program that would be split into cubes (cube.h):
 * first one search of the whole program, within a budget, and the cubes only when that
 * search shows many models.
 *
 * Cubes are searched apart, each learning alone, so they shorten an enumeration of many
 * models on several threads but multiply the work of a program with few models or none:
 * every cube must be proved empty on its own (a tower of Hanoi without a plan,
 * tests/asp/compete/hanoi.lp of 7 disks and 60 steps: 542 111 conflicts in 64 cubes, 20 193
 * in one search).  So the whole program is searched first, its models kept aside:
 *   - when that search ends within ENUM_PROBE_CONFLICTS conflicts with at most
 *     ENUM_PROBE_MODELS models, those models are the answer (given out in its order);
 *   - when it finds more models than that (or they pass ENUM_PROBE_BYTES), the program has
 *     many: its models are dropped and the cubes search it (asp_solve_cubes);
 *   - when it spends its conflicts with fewer models, the program is hard to search and has
 *     few models: it is searched whole again, from a fresh state, without the budget.
 * What decides is a count of conflicts and of models, never the threads or the clock, so
 * the output is the same for every --jobs N.  A limit of the caller's (--timeout, Ctrl-C,
 * --hand-over's conflicts) that stops the first search stops the run: its models are given
 * out, as a whole search's are. */
#include "asp/internal.h"
#include "asp/cube.h"
#include "asp/search.h"

enum {
    ENUM_PROBE_CONFLICTS = 2000,
    ENUM_PROBE_MODELS = 32,
    ENUM_PROBE_BYTES = 4 << 20
};

/* The models of the first search, kept until it is known whether they are the answer. */
typedef struct Kept {
    VEC(AspAtom) atoms;           /* every model's shown atoms, one after another */
    VEC(size_t) start;            /* model i: atoms[start[i] .. start[i + 1]) */
    bool overflow;                /* more than ENUM_PROBE_BYTES: many models */
} Kept;

static bool keep_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    (void)p;
    Kept *k = ctx;
    if ((k->atoms.count + n) * sizeof *atoms > ENUM_PROBE_BYTES) {
        k->overflow = true;
        return false;
    }
    for (size_t i = 0; i < n; i++) VEC_PUSH(k->atoms, atoms[i]);
    VEC_PUSH(k->start, k->atoms.count);
    return true;
}

/* The kept models given to fn in order; how many it took (it may stop at one). */
static size_t give_kept(const Kept *k, const AspSolver *s, AspModelFn fn, void *ctx)
{
    size_t from = 0;
    for (size_t i = 0; i < k->start.count; i++) {
        size_t to = k->start.items[i];
        if (fn && !fn(ctx, s->prog, k->atoms.items + from, to - from)) return i + 1;
        from = to;
    }
    return k->start.count;
}

/* The first search's outcome, the caller's work budget (may be NULL) restored. */
static AftStatus first_search(AspSolver *s, const AspSolveOptions *o, Kept *k, AspStats *pst,
                              bool *budget_spent)
{
    AftOptions aft;
    asp_search_options(&aft, o->aft);
    AftWork own = { .limit = ENUM_PROBE_CONFLICTS };
    AftWork *user = aft.work;
    size_t user_limit = user ? user->limit : 0;
    if (user) {               /* the caller's budget, lowered to this search's while it runs */
        if (!user_limit || user_limit - user->spent > ENUM_PROBE_CONFLICTS)
            user->limit = user->spent + ENUM_PROBE_CONFLICTS;
    } else aft.work = &own;
    aft.stop_abandons = true;
    AspSolveOptions po = *o;
    po.aft = &aft;
    po.max_models = ENUM_PROBE_MODELS + 1;
    AftStatus r = asp_search_whole(s, &po, NULL, keep_model, k, pst);
    bool spent = aft_work_spent(&aft);
    if (user) user->limit = user_limit;
    *budget_spent = spent && !(user && user_limit && user->spent >= user_limit);
    return r;
}

AftStatus asp_solve_enumerate(AspSolver *s, const AspSolveOptions *o, AspModelFn fn, void *ctx,
                              AspStats *st)
{
    if (o->shards) return asp_solve_cubes(s, o, fn, ctx, st);   /* a shard is its cubes */
    Kept k = { 0 };
    AspStats pst;
    memset(&pst, 0, sizeof pst);
    bool budget_spent;
    AftStatus r = first_search(s, o, &k, &pst, &budget_spent);
    bool many = k.overflow || pst.models > ENUM_PROBE_MODELS;
    if (!many && !(r == AFT_LIMIT && budget_spent)) {
        /* the answer (or the caller's limit stopped it): as one search of the whole */
        size_t given = give_kept(&k, s, fn, ctx);
        asp_stats_add(st, &pst, true);
        st->models += given;
        st->complete = pst.complete && given == k.start.count;
    } else {
        pst.first_model = pst.last_model = 0;          /* its models were not given out */
        asp_stats_add(st, &pst, false);
        asp_solver_reset_search(s);
        r = many ? asp_solve_cubes(s, o, fn, ctx, st) : asp_search_whole(s, o, NULL, fn, ctx, st);
    }
    VEC_FREE(k.atoms);
    VEC_FREE(k.start);
    return r;
}
