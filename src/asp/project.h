/* project.h: #project natively: stable models told apart by the project atoms only, each
 * projection given out once (with the shown atoms of the first model that has it), as clingo
 * does when the program has #project statements and --project is given. */
#ifndef FIX_ASP_PROJECT_H
#define FIX_ASP_PROJECT_H

#include "asp/asp.h"

/* The projections met so far, of models given as lattice elements of one solver. */
typedef struct AspProjections AspProjections;
AspProjections *asp_projections_new(const AspSolver *s);
void asp_projections_free(AspProjections *pr);
/* Is x's projection new?  (It is then remembered.) */
bool asp_projection_is_new(AspProjections *pr, const Word *x);
/* The same, for a model x the search of s gives out: a new projection also becomes a
 * solution nogood of that search (block.c), which never meets it again and goes on learning
 * (its spent hook asp_prop_block_spent; asp_prop_unblock at its end). */
bool asp_projection_block_new(AspProjections *pr, AspSolver *s, const Word *x);

/* The stable models, one per projection; otherwise as asp_solve_hooked. */
AftStatus asp_solve_projected(AspSolver *s, const AspSolveOptions *o,
                              AspModelFn fn, void *ctx, AspStats *st);

#endif
