/* why.c: the record of a query's engine run for its explanation (why.h): AftWhy records and
 * bnb events with copies of their elements.  A refine query keeps every record; each IR of a
 * bnb node is compacted when the next one starts to what explains the node (its start, its
 * number of F steps and last step, what pruned it, the evaluations of f), so a long search
 * keeps a few records a node. */
#include "app/why.h"

#include "util/mem.h"

/* The pool holds at most this many words; past it, records are dropped (log->truncated). */
enum { WHY_POOL_MAX = 1 << 22 };

WhyLog *why_new(void)
{
    WhyLog *log = mem_calloc(1, sizeof *log);
    log->seg = WHY_NONE;
    return log;
}

void why_clear(WhyLog *log)
{
    log->L = log->EL = NULL;
    log->pool.count = log->epool.count = log->recs.count = log->events.count = 0;
    log->seg = WHY_NONE;
    log->truncated = false;
}

void why_free(WhyLog *log)
{
    if (!log) return;
    MEM_FREE_ALL(log->pool.items, log->epool.items, log->recs.items, log->events.items, log);
}

/* A copy of x (NULL: none) in a pool. */
#define KEEP_IN(pool, L, x, off) do { \
        (off) = WHY_NONE; \
        if (!(x)) break; \
        (off) = (pool).count; \
        for (size_t k_ = 0; k_ < (L)->nwords; k_++) VEC_PUSH(pool, (x)[k_]); \
    } while (0)

static size_t keep(WhyLog *log, const Lattice *L, const Word *x)
{
    size_t off;
    KEEP_IN(log->pool, L, x, off);
    return off;
}

/* Does a record of a bnb node's IR explain the node (else it is dropped at compaction)? */
static bool explains(const WhyRec *r)
{
    return r->kind == WHY_IR || r->kind == WHY_EVAL || r->kind == WHY_NOT_INSIDE || !r->ok
           || r->kind == WHY_CROSS;
}

/* The words of record r moved down to the end of the pool as it is now. */
static void repack(WhyLog *log, const Lattice *L, WhyRec *r, const Word *old)
{
    size_t *offs[5] = {&r->lo, &r->hi, &r->x, &r->env, &r->y};
    for (int i = 0; i < 5; i++)
        if (*offs[i] != WHY_NONE) *offs[i] = keep(log, L, old + *offs[i]);
}

/* The IR of a bnb node that started at log->seg is over: keep what explains it and its last
 * F step; the IR record counts its F steps. */
static void compact(WhyLog *log)
{
    size_t from = log->seg;
    if (from == WHY_NONE || log->recs.items[from].node < 0) return;
    size_t last_f = WHY_NONE, steps = 0;
    for (size_t i = from; i < log->recs.count; i++)
        if (log->recs.items[i].kind == WHY_F) { last_f = i; steps++; }
    log->recs.items[from].step = steps;
    size_t pool_from = log->recs.items[from].lo;
    size_t n = log->pool.count - pool_from;
    Word *old = mem_alloc((n + 1) * sizeof *old);
    memcpy(old, log->pool.items + pool_from, n * sizeof *old);
    log->pool.count = pool_from;
    size_t out = from;
    for (size_t i = from; i < log->recs.count; i++) {
        WhyRec r = log->recs.items[i];
        if (!explains(&r) && i != last_f) continue;
        size_t *offs[5] = {&r.lo, &r.hi, &r.x, &r.env, &r.y};
        for (int k = 0; k < 5; k++)
            if (*offs[k] != WHY_NONE) *offs[k] -= pool_from;
        repack(log, log->L, &r, old);
        log->recs.items[out++] = r;
    }
    log->recs.count = out;
    mem_free(old);
}

void why_record(void *ctx, const Lattice *L, const AftWhy *w)
{
    WhyLog *log = ctx;
    if (!log->L) log->L = L;
    if (L != log->L || log->truncated) return;     /* `via G`: the concrete side is not kept */
    if (w->kind == WHY_IR) {
        compact(log);
        log->seg = log->recs.count;
    }
    if (log->pool.count > WHY_POOL_MAX) {
        log->truncated = true;
        return;
    }
    WhyRec r = {.kind = w->kind, .up = w->up, .ok = w->ok, .envelope = w->envelope,
                .step = w->step, .node = w->node};
    r.lo = keep(log, L, w->lo);
    r.hi = keep(log, L, w->hi);
    r.x = keep(log, L, w->x);
    r.env = keep(log, L, w->env);
    r.y = keep(log, L, w->y);
    VEC_PUSH(log->recs, r);
}

void why_event(WhyLog *log, const Lattice *L, const AftEvent *ev)
{
    if (ev->kind == EV_REFINE_STEP || ev->kind == EV_BNB_ROUND) return;
    if (!log->EL) log->EL = L;
    if (L != log->EL) return;
    WhyEv e = {.kind = ev->kind, .status = ev->status, .id = ev->id, .parent = ev->parent,
               .other = ev->other, .round = ev->round, .verdict = ev->verdict ? (int)ev->verdict->kind : -1};
    KEEP_IN(log->epool, L, ev->lo, e.lo);
    KEEP_IN(log->epool, L, ev->hi, e.hi);
    VEC_PUSH(log->events, e);
}
