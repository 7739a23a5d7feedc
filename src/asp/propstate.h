/* propstate.h: the state of the native IR (prop.c), shared with its split choice
 * (propchoice.c) only. */
#ifndef FIX_ASP_PROPSTATE_H
#define FIX_ASP_PROPSTATE_H

#include "asp/internal.h"

enum { V_UNK = 0, V_TRUE = 1, V_FALSE = 2 };
#define NONE UINT32_MAX

struct AspProp {
    uint8_t *val;                 /* per atom: V_UNK, V_TRUE, V_FALSE */
    Word *tlo, *thi;              /* the assignment as an interval */
    int64_t *need;                /* per rule: the weight its true literals lack for the body
                                     to hold (a normal body: its literals not yet true) */
    int64_t *slack;               /* per rule: the weight of its literals that are not false,
                                     minus its bound; the body is false when < 0 */
    uint32_t *maxw;               /* per rule: its largest literal weight (NULL: all 1) */
    uint32_t *nsup;               /* per atom: rules with this head whose body is not false */
    uint32_t *trail;              /* assigned atoms in order; [qhead, qtail) not propagated */
    size_t qhead, qtail;
    uint32_t *lstart;             /* per level: its first trail index */
    uint32_t *alev;               /* per assigned atom: its level */
    uint8_t *isdec;               /* per assigned atom: one of its level's added atoms */
    size_t open;                  /* true atoms with two or more rules left (first fail) */
    size_t ofirst;                /* no such open atom on the trail before this index */
    size_t wfirst;                /* no true atom waiting on a weight body before this index */
    size_t nlevels;               /* levels 0 .. nlevels-1; 0 is the empty request */
    uint8_t *cyclic;              /* per atom: on a positive cycle */
    uint32_t *crules, ncrules;    /* the rules with a cyclic head */
    uint32_t *cpos;               /* per rule: cyclic atoms in its positive body */
    int64_t *fneed;               /* unfounded check: weight still lacking, counting founded
                                     cyclic positive atoms and every other literal not false */
    uint8_t *founded;
    uint32_t *work;
    uint32_t *dword;              /* push_level: the words a request adds to */
    uint32_t *score;              /* per atom: static split priority */
    uint32_t *rank, *rpos;        /* atoms by split priority, and each atom's place there */
    size_t cursor;                /* every atom ranked before it is assigned */
    int mode;                     /* -1 none yet, 0 well-founded, 1 strong */
    bool conflict, dirty, root_conflict;
    /* For the in-place hooks: the words where the state may differ from the last request
     * they saw (every assignment and undo marks its word), or all of them when `seen_all`
     * is false (no request seen since the state was reset). */
    uint8_t *wmark;
    size_t *wlist, nwlist;
    bool seen_all;
};

/* The atom to split on: first fail when the state is the closure of the bound being split
 * (at_state), else the free atom of [lo, hi] of highest static score; SIZE_MAX when none. */
size_t asp_prop_choose(const AspSolver *s, AspProp *p, bool at_state, const Word *lo,
                       const Word *hi);

#endif
