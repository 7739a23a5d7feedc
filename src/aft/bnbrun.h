/* bnbrun.h: the state of one bnb run and the steps on it that bnb.c (Algorithm 1), bnbisolate.c and
 * inplace.c (its depth-first order kept in place) share, defined in bnbrun.c; internal to
 * src/aft.  bnb.c starts inplace.c's order (inplace.h); inplace.c calls nothing of bnb.c. */
#ifndef FIX_AFT_BNBRUN_H
#define FIX_AFT_BNBRUN_H

#include "aft/aft.h"

/* A node of the search tree (aft.h's AftNode). */
typedef AftNode Node;

/* The judge hook's verdict on a box and the storage of the element it names. */
typedef struct Judged { Verdict v; Word *point; } Judged;

/* State of one bnb run. */
typedef struct Run {
    const AftFunction *f;
    const AftOptions *o;
    const Lattice *L;
    AftStats *st;
    double deadline;
    long next_id;
    size_t pending;               /* bounds of the round (depth first: on the stack) */
    SplitCtx split;
    Rng rng;                      /* for SPLIT_RANDOM when the caller gave none */
    BoundList *final;
    BoundList proven;             /* fixed points verified by evaluating f (with `final` only),
                                   * also those a merge then hides inside a larger bound */
    Word *c[4];                   /* children: lo1 hi1 lo2 hi2 */
    Word *r[4];                   /* their IR */
    Word *hlo, *hhi, *tmp;        /* hulls and scratch */
    Word *plo, *phi;              /* depth-first: the bound being processed */
    Word *fmeet, *fjoin;          /* x meet f(x), x join f(x): is x fixed within tolerance? */
    Judged judged[2];             /* the judge's verdicts on the two children (the root: 0) */
    Word *klo, *khi;              /* bnbisolate.c: the IR that checks a bound of Final */
    AftOptions iro;               /* the options of the run's IRs (policy isolate on a lattice
                                   * that is not finite: at most AFT_IR_CRAWL_STEPS F steps) */
    BoundList parked;             /* policy isolate: stalled bounds, in the order they stalled */
    VEC(long) parked_ids;
    long at;                      /* explanations: the node whose point f is evaluated at */
    struct BnbPar *par;           /* --jobs N: the workers of the rounds (bnbpar.h), or NULL */
    Word *root;                   /* with a checkpoint: IR(B_I), lo then hi (else NULL) */
} Run;

/* run: every array allocated for f's lattice, the split context (a seeded generator when o
 * gives none), the deadline from o->timeout_s. */
void bnb_run_init(Run *run, const AftFunction *f, const AftOptions *o, AftStats *st,
                  BoundList *final);
void bnb_run_free(Run *run);

void bnb_emit(const Run *run, AftEventKind kind, long id, long parent, long other,
              NodeStatus status, const Word *lo, const Word *hi);
/* For explanations (o->on_why): a record of `kind` about node id (AftWhy). */
void bnb_why(const Run *run, AftWhyKind kind, long id, const Word *lo, const Word *hi,
             const Word *x, const Word *y);
/* IR of node id's [lo, hi] into [rlo, rhi]; *alive when it holds a fixed point as far as
 * IR shows (valid and inside [lo, hi], Lemmas 5.3 and 5.4; a run a limit stopped is alive). */
AftStatus bnb_refine_node(Run *run, long id, const Word *lo, const Word *hi, Word *rlo, Word *rhi,
                          bool *alive);
/* [lo, hi] joins Final (the list, when kept, an EV_BNB_FINAL event and o->on_final); false
 * when it does not, the caller having abandoned the run (aft_abandoned). */
bool bnb_to_final(Run *run, long id, const Word *lo, const Word *hi);
/* A fixed point f was seen to fix joins the proven ones (when Final is kept). */
void bnb_prove(Run *run, const Word *lo, const Word *hi);
/* Fate of a refined, surviving bound: NODE_KEPT, or for a point (evaluating f) NODE_FIXPOINT,
 * NODE_PRUNED, or on reals NODE_FINAL.  j (or NULL) gets the verdict of f's judge hook on a box
 * of reals (j->v.lo NULL when there is none). */
AftStatus bnb_classify(Run *run, const Word *lo, const Word *hi, NodeStatus *out, Judged *j);
/* Does the run use f's learning hooks (AftSearch: all of them, and not o->no_learn)? */
bool bnb_learns(const Run *run);
/* Depth-first: the round a node of depth d belongs to starts (events and stats). */
void bnb_enter_round(Run *run, size_t depth, size_t pending);

/* The checkpoint (aft.h, AftCheckpoint): the run between two rounds, its pool the next
 * round's bounds and their nodes, handed to o->checkpoint->save (when set); and the run set
 * as a snapshot left it (Final, the proven and parked bounds, the next id, the counts, the
 * root's IR in r[0], r[1]), the caller taking the snapshot's pool as its next round. */
void bnb_snapshot_save(Run *run, const BoundList *pool, const Node *nodes);
void bnb_snapshot_load(Run *run, const AftSnapshot *snap);

/* Policy isolate (aft.h, AftPolicy), bnbisolate.c. */
bool bnb_isolating(const Run *run);
/* Is [lo, hi] small enough to evaluate f on each of its elements (a finite lattice)? */
bool bnb_enumerable(const Run *run, const Word *lo, const Word *hi);
/* f on every element of [lo, hi] (node id): each fixed point joins Final on its own. */
AftStatus bnb_enumerate(Run *run, long id, const Word *lo, const Word *hi);
/* Did IR shave child i (run->c to run->r) by a step at least? */
bool bnb_shaved(const Run *run, int i);
/* The elements of an enumerated bound (node parent) f was found to fix on a worker, in
 * order: each joins Final on its own, as bnb_enumerate sends them. */
void bnb_enum_points(Run *run, long parent, const BoundList *points);
/* A stalled bound: its ends are checked as points, and it waits for bnb_settle_parked. */
AftStatus bnb_park(Run *run, long id, const Word *lo, const Word *hi);
/* The parked bounds go to Final, those that make up one interval as their hull. */
AftStatus bnb_settle_parked(Run *run);
/* A bound (not a proven fixed point) goes to Final: with policy isolate on a lattice that is
 * not finite, refined once more first, and dropped (pruned) when that finds it empty. */
AftStatus bnb_final_checked(Run *run, long id, const Word *lo, const Word *hi);

#endif
