/* activity.h: the activity order and the phases of the search (learnheap.c keeps the heap,
 * learn.c bumps and decays, learnwalk.c sets the phases). */
#ifndef FIX_ASP_ACTIVITY_H
#define FIX_ASP_ACTIVITY_H

#include "common.h"

typedef struct AspActivity {
    uint32_t *heap, *hpos;        /* the activity order (learnheap.c); hpos NONE: not in it */
    size_t hsize;
    uint8_t *grouped;             /* per atom: in the positive body of an aggregate (a weight
                                     body whose bound is below its total weight) */
    double *sign;                 /* per atom: its false literal's occurrences in learnt nogoods
                                     minus its true one's, each weighted as an activity bump
                                     (recent nogoods count more); < 0: split "out" first */
    double *activity, bump;       /* per atom: how often it took part in a conflict (decayed) */
    uint8_t *phase;               /* per atom: the half the walk found (learnwalk.c), 0: none;
                                     never set for an aggregate's element or its partner */
} AspActivity;

#endif
