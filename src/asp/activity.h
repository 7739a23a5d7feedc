/* activity.h: the activities and the activity order of the search, owned by learnheap.c
 * (learn.c's conflict analysis bumps, signs and decays through its functions). */
#ifndef FIX_ASP_ACTIVITY_H
#define FIX_ASP_ACTIVITY_H

#include "common.h"

typedef struct AspActivity {
    uint32_t *heap, *hpos;        /* the activity order (learnheap.c); hpos NONE: not in it */
    size_t hsize;
    uint32_t *pheap, *phpos;      /* the same order of a projection's atoms alone, which the
                                     split takes first (propchoice.c; NULL: no projection) */
    size_t phsize;
    uint8_t *grouped;             /* per atom: 0, or GROUP_IN when in the positive body of an
                                     aggregate (a weight body whose bound is below its total
                                     weight), with GROUP_DECIDES when one of them needs at
                                     most a third of its weight (1 { .. } 1 of 3 or more) */
    uint8_t *capped;              /* per atom: an element of aggregates that must not hold
                                     only (`:- h, ..`, or b :- not h with `:- .., not b`, for
                                     each head h), none other */
    uint8_t *derived;             /* per atom: defined by rules alone (not a choice's atom or
                                     partner; an aggregate's element may be one) */
    uint8_t *feeds;               /* per atom: in the positive body of a rule whose head is on
                                     a positive cycle (NULL: no such rule) */
    double *sign;                 /* per atom: its false literal's occurrences in learnt nogoods
                                     minus its true one's, each weighted as an activity bump
                                     (recent nogoods count more); < 0: split "out" first */
    double *activity, bump;       /* per atom: how often it took part in a conflict (decayed),
                                     from its initial score (0 for most when not scored) */
    uint8_t *saved;               /* per atom: the value a backjump of more than SAVE_OVER
                                     levels took from it (V_UNK: none), the half its split
                                     takes first (progress saving, learnheap.c) */
    bool scored;                  /* the activities start from scores (learnheap.c): the
                                     choice reads them before the first conflict too */
} AspActivity;

/* Progress saving: the values a backjump or restart undoes are saved when it leaves more
 * than this many levels (clasp's --save-progress default for ASP). */
enum { SAVE_OVER = 160 };

/* The bits of AspActivity's grouped. */
enum { GROUP_IN = 1, GROUP_DECIDES = 2 };

/* Literal lit was in a nogood just learnt: its atom's sign moves by a bump, towards the
 * half where lit does not hold. */
static inline void asp_act_sign(AspActivity *act, uint32_t lit)
{
    act->sign[lit >> 1] += (lit & 1) ? act->bump : -act->bump;
}

/* After a conflict: the bump grows by 5% (VSIDS decay), every activity and sign of the
 * natoms - 2 atoms rescaled before they overflow, and then the heaps put in order again (an
 * activity rescaled to 0 ties with others; rpos, the static rank, breaks ties) (learnheap.c). */
void asp_act_decay(AspActivity *act, const uint32_t *rpos, size_t natoms);

#endif
