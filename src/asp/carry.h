/* carry.h: what one search learnt, carried into the next solver of a program that only grew
 * by rules whose heads are new atoms (usc.c: a counter's weight rule per core) or by
 * constraints (a level fixed at its optimum): the learnt nogoods and level 0's facts over
 * the program's atoms.  Each learnt nogood holds in every
 * stable model of the program it was learnt on; such a growth keeps the stable models'
 * values on the old atoms or drops some models, so the nogood holds in the new program too.
 * The search's assumptions are decisions, never in a reason, so nothing learnt depends on
 * them.  Nogoods over the translation's own atoms (choice partners, weight bodies) have no
 * program atom and are left behind. */
#ifndef FIX_ASP_CARRY_H
#define FIX_ASP_CARRY_H

#include "asp/internal.h"

typedef struct AspCarry {
    size_t natoms;                /* the program atoms it speaks of (0: nothing carried) */
    VEC(uint32_t) ng;             /* nogoods: LBD, length, literals (2 * program atom, + 1
                                     when false) */
} AspCarry;

/* What solver s's search learnt, taken into c (replacing what it held; left as it was when
 * s never searched).  s's program must not have grown since s was made. */
void asp_carry_take(AspCarry *c, const AspSolver *s);
void asp_carry_free(AspCarry *c);
/* c (kept by the caller) offered to solver s: given to its state at the next reset of a
 * search with learning (asp_carry_give, propstate.h). */
void asp_carry_offer(AspSolver *s, const AspCarry *c);

#endif
