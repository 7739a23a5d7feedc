/* bnbrun.h: the state of one bnb run and the steps on it that bnb.c (Algorithm 1) and
 * inplace.c (its depth-first order kept in place) share, defined in bnbrun.c; internal to
 * src/aft.  bnb.c starts inplace.c's order (inplace.h); inplace.c calls nothing of bnb.c. */
#ifndef FIX_AFT_BNBRUN_H
#define FIX_AFT_BNBRUN_H

#include "aft/aft.h"

/* A node of the search tree: its id for events, whether it came from a budget hull, and its
 * depth (the root's IR is 0; used by the depth-first order). */
typedef struct Node { long id; bool hulled; size_t depth; } Node;

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
} Run;

/* run: every array allocated for f's lattice, the split context (a seeded generator when o
 * gives none), the deadline from o->timeout_s. */
void bnb_run_init(Run *run, const AftFunction *f, const AftOptions *o, AftStats *st,
                  BoundList *final);
void bnb_run_free(Run *run);

void bnb_emit(const Run *run, AftEventKind kind, long id, long parent, long other,
              NodeStatus status, const Word *lo, const Word *hi);
/* [lo, hi] joins Final (the list, when kept, an EV_BNB_FINAL event and o->on_final); false
 * when it does not, the caller having abandoned the run (aft_abandoned). */
bool bnb_to_final(Run *run, long id, const Word *lo, const Word *hi);
/* A fixed point f was seen to fix joins the proven ones (when Final is kept). */
void bnb_prove(Run *run, const Word *lo, const Word *hi);
/* Fate of a refined, surviving bound: NODE_KEPT, or for a point (evaluating f) NODE_FIXPOINT,
 * NODE_PRUNED, or on reals NODE_FINAL.  j (or NULL) gets the verdict of f's judge hook on a box
 * of reals (j->v.lo NULL when there is none). */
AftStatus bnb_classify(Run *run, const Word *lo, const Word *hi, NodeStatus *out, Judged *j);
/* Depth-first: the round a node of depth d belongs to starts (events and stats). */
void bnb_enter_round(Run *run, size_t depth, size_t pending);

#endif
