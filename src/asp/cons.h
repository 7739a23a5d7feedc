/* cons.h: rules as nogoods, owned by learncons.c (prop.c reads; the store holds the nogoods).
 * With learning in strong mode, each constraint whose body is a conjunction of two or more
 * literals (facts aside), and the completion of each atom on no positive cycle that can be
 * written over atoms (an owned atom), are nogoods of the store, never deleted (the ones at
 * offsets below perm_end); their rules leave the counters, and the constraint atom is out at
 * level 0.  Once learning stops (the first model), the owned atoms go back to the counters
 * (the first-fail split counts their supports) and the constraints stay nogoods. */
#ifndef FIX_ASP_CONS_H
#define FIX_ASP_CONS_H

#include "asp/trail.h"

/* Where propagation finds the rules of an atom's literals: ostart / occ / ow as AspSolver's
 * (positive occurrences), nostart / nocc / now (negative ones); weights NULL: all 1. */
typedef struct AspOcc { const uint32_t *ostart, *occ, *ow, *nostart, *nocc, *now; } AspOcc;

/* Where atom a's entries start in a list whose starts are `start` (NULL: a list left with no
 * entry at all, whose starts are not kept: 4 bytes an atom saved, issue 29). */
static inline uint32_t asp_occ_at(const uint32_t *start, uint32_t a)
{
    return start ? start[a] : 0;
}

/* What the program alone decides about its rules as nogoods: which rules and atoms, and the
 * occurrence lists without them.  Made once per solver (setup.h) and read by its states. */
typedef struct AspConsPlan {
    bool any;                     /* the program has such constraints or owned atoms */
    uint8_t *asng;                /* per rule: such a constraint (NULL: not made yet) */
    uint8_t *owned;               /* per atom: owned, its completion in nogoods (non-zero:
                                     how its rules read, learncons.c's body_kind) */
    uint8_t *isfact;              /* per atom: a fact (a rule with an empty body) */
    uint32_t nasng;               /* how many such constraints */
    uint32_t nowned;              /* how many owned atoms */
    AspOcc live, cons_live;       /* the occurrences of the rules that are not nogoods; of those
                                     that are not constraints as nogoods (made when first
                                     needed: asp_cons_counted, or asp_setup_complete) */
} AspConsPlan;

/* Nogoods of two literals, each a key: its smaller literal high, the other low. */
typedef VEC(uint64_t) AspPairs;

typedef struct AspCons {
    bool cons;                    /* the state propagates the constraints so (set by reset) */
    bool own;                     /* and the owned atoms' completions (only with learning) */
    const AspConsPlan *plan;      /* the solver's (NULL until first asked: asp_cons_any) */
    bool stored;                  /* the rules' nogoods are stored and watched (their binary
                                     completions in the watch lists only: the store may be
                                     empty) */
    uint32_t perm_end;            /* the store's stored rules end here */
    bool simplified;              /* they were simplified by level 0 (asp_cons_simplify) */
    U32s facts;                   /* then: level 0's literals, which they may no longer imply */
    AspOcc all;                   /* the occurrences of every rule */
} AspCons;

#endif
