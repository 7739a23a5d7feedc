/* enumerate.c: every stable model of a program that would be split into cubes (cube.h):
 * one search of the whole program, and the cubes only when that search shows many models
 * early.
 *
 * Cubes are searched apart, each learning alone, so they shorten an enumeration of many
 * models on several threads but multiply the work of a program with few models or none:
 * every cube must be proved empty on its own (a tower of Hanoi without a plan,
 * tests/asp/compete/hanoi.lp of 7 disks and 60 steps: 542 111 conflicts in 64 cubes, 20 193
 * in one search).  So the whole program is searched first, its models kept aside while the
 * way is undecided:
 *   - when it finds more than ENUM_PROBE_MODELS models (or they pass ENUM_PROBE_BYTES)
 *     within ENUM_PROBE_CONFLICTS conflicts, the program has many: the search stops, its
 *     models are dropped and the cubes search it (asp_solve_cubes);
 *   - when it reaches ENUM_PROBE_CONFLICTS conflicts first, the program is hard to search
 *     and has few models: the kept models are given out and the same search goes on, giving
 *     out each model as it is found (nothing is searched twice);
 *   - when it ends first, the kept models are the answer.
 * A program that is not head-cycle-free is always searched whole: a cube stops learning once
 * its conflicts outnumber its models, and there most conflicts are failed minimality checks,
 * which must teach the rest of the search (stage extensions of 60 arguments, every model:
 * 79 322 conflicts in 64 cubes, 1 818 whole; clasp 855).
 * What decides is a count of conflicts and of models, never the threads or the clock, so
 * the output is the same for every --jobs N.  A limit of the caller's (--timeout, Ctrl-C,
 * --hand-over's conflicts) that stops the search stops the run: its models are given out,
 * as a whole search's are. */
#include "asp/internal.h"
#include "asp/cube.h"
#include "asp/search.h"

enum {
    ENUM_PROBE_CONFLICTS = 2000,
    ENUM_PROBE_MODELS = 32,
    ENUM_PROBE_BYTES = 4 << 20
};

typedef enum { WAY_UNDECIDED, WAY_WHOLE, WAY_CUBES } Way;

typedef struct Enum {
    const AspSolver *s;
    AspModelFn fn;                /* the caller's */
    void *ctx;
    Way way;
    VEC(AspAtom) atoms;           /* the kept models' shown atoms, one after another */
    VEC(size_t) start;            /* kept model i: atoms[start[i] .. start[i + 1]) */
    size_t given;                 /* models given to fn */
    bool caller_stopped;          /* fn returned false */
    AftWork *work;                /* the search's budget, through which at_mark stops it */
    bool stop_asked;              /* at_mark lowered work's limit */
} Enum;

static bool give(Enum *e, const AspAtom *atoms, size_t n)
{
    e->given++;
    if (e->fn && !e->fn(e->ctx, e->s->prog, atoms, n)) e->caller_stopped = true;
    return !e->caller_stopped;
}

/* The kept models given to fn in order, until it stops. */
static void give_kept(Enum *e)
{
    size_t from = 0;
    for (size_t i = 0; i < e->start.count && !e->caller_stopped; i++) {
        size_t to = e->start.items[i];
        give(e, e->atoms.items + from, to - from);
        from = to;
    }
    e->atoms.count = e->start.count = 0;
}

static bool keep(Enum *e, const AspAtom *atoms, size_t n)
{
    if (e->start.count == ENUM_PROBE_MODELS
        || (e->atoms.count + n) * sizeof *atoms > ENUM_PROBE_BYTES)
        return false;
    for (size_t i = 0; i < n; i++) VEC_PUSH(e->atoms, atoms[i]);
    VEC_PUSH(e->start, e->atoms.count);
    return true;
}

/* A model of the search: kept, given out, or the sign of many models (the search stops). */
static bool on_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    (void)p;
    Enum *e = ctx;
    if (e->way == WAY_WHOLE) return give(e, atoms, n);
    if (keep(e, atoms, n)) return true;
    e->way = WAY_CUBES;
    return false;
}

/* ENUM_PROBE_CONFLICTS conflicts reached with few models: the whole search goes on.  If fn
 * stops among the kept models, the search is stopped through its budget. */
static void at_mark(void *ctx)
{
    Enum *e = ctx;
    if (e->way != WAY_UNDECIDED) return;
    e->way = WAY_WHOLE;
    give_kept(e);
    if (e->caller_stopped) {
        e->work->limit = e->work->spent;
        e->stop_asked = true;
    }
}

/* The one search of the whole program, with the checkpoint on the caller's budget or an own. */
static AftStatus search(AspSolver *s, const AspSolveOptions *o, Enum *e, AspStats *pst)
{
    AftOptions aft;
    asp_search_options(&aft, o->aft);
    AftWork own = { 0 };
    if (!aft.work) aft.work = &own;
    AftWork *w = aft.work;
    size_t user_limit = w->limit;
    w->mark = w->spent + ENUM_PROBE_CONFLICTS;
    w->at_mark = at_mark;
    w->mark_ctx = e;
    e->work = w;
    AspSolveOptions po = *o;
    po.aft = &aft;
    po.count_only = false;        /* the kept models' bytes decide the way, -q or not */
    AftStatus r = asp_search_whole(s, &po, NULL, on_model, e, pst);
    w->mark = 0;
    w->at_mark = NULL;
    w->mark_ctx = NULL;
    if (e->stop_asked) {
        w->limit = user_limit;
        if (r == AFT_LIMIT) {                   /* the stop asked for by at_mark: enough */
            pst->aft.stopped_by = "enough";
            r = AFT_OK;
        }
    }
    return r;
}

AftStatus asp_solve_enumerate(AspSolver *s, const AspSolveOptions *o, AspModelFn fn, void *ctx,
                              AspStats *st)
{
    if (o->shards) return asp_solve_cubes(s, o, fn, ctx, st);   /* a shard is its cubes */
    /* a program with minimality checks is searched whole: see the header */
    Enum e = { .s = s, .fn = fn, .ctx = ctx, .way = s->mini ? WAY_WHOLE : WAY_UNDECIDED };
    AspStats pst;
    memset(&pst, 0, sizeof pst);
    AftStatus r = search(s, o, &e, &pst);
    if (e.way == WAY_CUBES) {
        pst.first_model = pst.last_model = 0;          /* its models were not given out */
        asp_stats_add(st, &pst, false);
        asp_solver_reset_search(s);
        r = asp_solve_cubes(s, o, fn, ctx, st);
    } else {
        give_kept(&e);             /* the search ended, or a limit stopped it, undecided */
        asp_stats_add(st, &pst, true);
        st->models += e.given;
        st->complete = pst.complete && !e.caller_stopped;
    }
    VEC_FREE(e.atoms);
    VEC_FREE(e.start);
    return r;
}
