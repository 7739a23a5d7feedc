/* setup.h: what every search state of one compiled program starts from and the program
 * alone decides: the atoms on positive cycles, the static rank of the split choice, the rules
 * kept as nogoods with the occurrence lists without them (cons.h), and those nogoods as a
 * store first holds them.  Made once per solver, each part when first needed, and read by
 * every state made after (prop.c, searchstate.c, learncons.c) instead of being made again by
 * each: a cube's state is made anew for every cube (cube.h).  The solvers of a cube team
 * read their run's solver's (asp_solver_share), made whole before the team starts
 * (asp_setup_complete) and never written while it runs. */
#ifndef FIX_ASP_SETUP_H
#define FIX_ASP_SETUP_H

#include "asp/cons.h"
#include "asp/internal.h"

typedef struct AspSetup {
    uint8_t *cyclic;              /* per atom: on a positive cycle (made with the setup) */
    uint32_t *rank;               /* the atoms by static score (NULL until a search needs it) */
    AspConsPlan cons;             /* the rules as nogoods (cons.asng NULL until first asked) */
    U32s stored;                  /* their nogoods as a store first holds them; made by
                                     asp_setup_complete only (a run of one state stores them
                                     once, in the state: no second copy) */
    AspPairs pairs;               /* their completions' nogoods of two literals, each once
                                     (smaller literal high), sorted: watched, not stored */
    bool stored_made;
    size_t made;                  /* how many times a part was made: one per part per run
                                     (--stats "Set-ups") */
} AspSetup;

/* s's setup (its cyclic atoms found); freed by the solver that made it. */
AspSetup *asp_setup_new(const AspSolver *s);
void asp_setup_free(AspSetup *u);

/* The atoms ranked by their static score (negative occurrences first, then positive, the
 * lowest atom on ties), made on the first call. */
const uint32_t *asp_setup_rank(const AspSolver *s);

/* Every part a search state of s may read made now (the rank, the rules as nogoods, their
 * lists and nogoods): after this, no state made from s or from a solver sharing it writes
 * the setup.  Called before a cube team's threads start. */
void asp_setup_complete(const AspSolver *s);

#endif
