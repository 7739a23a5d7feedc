/* walk.h: the local search's state and the phases it found, owned by learnwalk.c (the split
 * reads the phases). */
#ifndef FIX_ASP_WALK_H
#define FIX_ASP_WALK_H

#include "common.h"

typedef struct AspWalk {
    uint64_t rng;                 /* the walk's random state (0: not seeded yet) */
    size_t walk_at, walk_last;    /* nogoods learnt when the next walk is due, at the last */
    size_t walks;                 /* walks made */
    uint32_t walk_left;           /* nogoods the last walk's best assignment violates */
    uint32_t walk_vars;           /* the last walk's variables (a choice's pair counts once) */
    uint8_t *phase;               /* per atom: the half the walk found, 0: none; never set for
                                     an aggregate's element or its partner */
} AspWalk;

#endif
