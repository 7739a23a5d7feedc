/* bnbpar.h: one round of bnb's Algorithm 1 spread over the threads of --jobs N (bnbpar.c;
 * internal to src/aft).  Each bound of the round is prepared on a worker, with the worker's
 * own function (its VM), options, limits and scratch values: decomposed, its two children
 * refined and classified, or (policy isolate) enumerated.  bnb.c takes the prepared bounds
 * in the round's order on the calling thread and does the rest there (node ids, events,
 * prune, merge, Final, the next round's order), as its sequential round does, so the answer
 * and every event are the same for every N.  A bound whose preparation did not end well (a
 * runtime error, a limit) is processed again on the calling thread, which reports it as the
 * sequential round would. */
#ifndef FIX_AFT_BNBPAR_H
#define FIX_AFT_BNBPAR_H

#include "aft/bnbrun.h"

typedef enum {
    PREP_SERIAL,     /* left to the calling thread: a point, a stalled bound, or a failure */
    PREP_NOSPLIT,    /* cannot be decomposed: goes to Final as it is */
    PREP_SPLIT,      /* decomposed into c, children refined into r, classified */
    PREP_ENUM,       /* enumerated (policy isolate): its fixed points in `points` */
} PrepKind;

/* A prepared bound: the worker's results, read by the calling thread. */
typedef struct Prepared {
    PrepKind kind;
    Word *c[4], *r[4];            /* PREP_SPLIT: the children and their IR, as Run's */
    bool alive[2];
    NodeStatus status[2];
    Judged judged[2];             /* verdicts, their points stored here */
    AftStats st;                  /* what the preparation counted (added to the run's) */
    BoundList points;             /* PREP_ENUM: the elements f fixes, in enumeration order */
} Prepared;

typedef struct BnbPar BnbPar;

/* The workers of run (o->workers), or NULL when the run stays on one thread: one job, or
 * options whose sequential order matters between bounds (explanations, a step limit, a
 * shared work budget, random splits, the function's own split or search hooks). */
BnbPar *bnb_par_new(const Run *run);
void bnb_par_free(BnbPar *p);

/* Takes prepared bound i of the round (on the calling thread, i = 0, 1, ... in turn); false
 * stops the round (no later bound is taken). */
typedef bool (*BnbParTake)(void *ctx, size_t i, Prepared *p);

/* Prepares the bounds of `bounds` (nodes: their nodes) on the workers and passes each to
 * take in order.  pending: the round's size (policy isolate's stall rule reads it). */
void bnb_par_round(BnbPar *p, const BoundList *bounds, const Node *nodes, size_t pending,
                   BnbParTake take, void *ctx);

#endif
