/* minsatqueue.c: the order of the choices of minimal.c's satisfiability solver (minsat.h):
 * a queue of variables by when they were last moved to its end ("variable move to front",
 * as in Biere and Froehlich's work on decision queues).  A choice takes the newest open
 * variable, found by a pointer that walks towards older ones over those with a value; a
 * variable that loses its value moves the pointer back to it when it is newer; the
 * variables of a learnt clause's analysis move to the end.  A check of a candidate that
 * finds a smaller model chooses every variable of the component once, and before, a binary
 * heap by activity popped each of them (and each one propagation had set, taken out lazily)
 * with a logarithmic sift: 34 % of the instructions of semi-stable extensions of 1 000
 * arguments; a step of the pointer costs a comparison.  Input variables are never in the
 * queue; derived ones (minsat_derived_var) are its oldest and never move, so they are
 * chosen only when every other variable has a value. */
#include "asp/minsatdb.h"
#include "util/keysort.h"

#define NONE UINT32_MAX

/* The stamps renumbered in queue order from 1, when the clock would wrap. */
static void restamp(MinSat *q)
{
    q->qclock = 0;
    for (uint32_t v = q->qfirst; v != NONE; v = q->qnext[v]) q->qstamp[v] = ++q->qclock;
}

/* Variable v placed at the end of the queue (the newest). */
static void append(MinSat *q, uint32_t v)
{
    if (q->qclock == UINT32_MAX - 1) restamp(q);
    q->qprev[v] = q->qlast;
    q->qnext[v] = NONE;
    if (q->qlast != NONE) q->qnext[q->qlast] = v;
    else q->qfirst = v;
    q->qlast = v;
    q->qstamp[v] = ++q->qclock;
}

static void unlink_var(MinSat *q, uint32_t v)
{
    uint32_t p = q->qprev[v], n = q->qnext[v];
    if (p != NONE) q->qnext[p] = n;
    else q->qfirst = n;
    if (n != NONE) q->qprev[n] = p;
    else q->qlast = p;
}

static bool queued(const MinSat *q, uint32_t v) { return !q->var[v].input; }

/* The queue, made when the first question comes (every variable is made by then): the
 * derived variables oldest, then the others from the last made to the first, so that
 * the first made is chosen first (the order the heap gave on equal activities). */
void minsat_queue_build(MinSat *q)
{
    size_t n = q->nvars + 1;
    q->qprev = mem_alloc(n * sizeof *q->qprev);
    q->qnext = mem_alloc(n * sizeof *q->qnext);
    q->qstamp = mem_alloc(n * sizeof *q->qstamp);
    q->qfirst = q->qlast = NONE;
    for (size_t v = 0; v < q->nvars; v++)
        if (q->var[v].derived) append(q, (uint32_t)v);
    for (size_t v = q->nvars; v-- > 0;)
        if (queued(q, (uint32_t)v) && !q->var[v].derived) append(q, (uint32_t)v);
    q->qsearch = q->qlast;
}

/* Variable v lost its value: the pointer goes back to it when it is newer. */
void minsat_queue_unassigned(MinSat *q, uint32_t v)
{
    if (!queued(q, v)) return;
    if (q->qsearch == NONE || q->qstamp[v] > q->qstamp[q->qsearch]) q->qsearch = v;
}

/* The variables in vars (an analysis's, all with values) moved to the end, in the order
 * they had, derived ones left where they are. */
void minsat_queue_bump(MinSat *q, const uint32_t *vars, size_t n)
{
    q->qkeys.count = 0;
    for (size_t i = 0; i < n; i++)
        if (queued(q, vars[i]) && !q->var[vars[i]].derived)
            VEC_PUSH(q->qkeys, (uint64_t)q->qstamp[vars[i]] << 32 | vars[i]);
    keysort(q->qkeys.items, q->qkeys.count);
    for (size_t i = 0; i < q->qkeys.count; i++) {
        uint32_t v = (uint32_t)q->qkeys.items[i];
        if (v == q->qlast) { q->qstamp[v] = ++q->qclock; continue; }
        if (v == q->qsearch) q->qsearch = q->qprev[v];
        unlink_var(q, v);
        append(q, v);
        if (!q->lval[2 * v]) q->qsearch = v;
    }
}

/* The newest variable without a value, or NONE. */
uint32_t minsat_queue_next(MinSat *q)
{
    uint32_t v = q->qsearch;
    while (v != NONE && q->lval[2 * v]) v = q->qprev[v];
    q->qsearch = v;
    return v;
}
