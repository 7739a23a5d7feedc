/* brave.h: brave and cautious consequences natively (clingo's --enum-mode brave|cautious):
 * the shown atoms true in some stable model (brave) or in every one (cautious), found by a
 * sequence of searches, each for a stable model that changes the set found so far. */
#ifndef FIX_ASP_BRAVE_H
#define FIX_ASP_BRAVE_H

#include "asp/asp.h"

typedef enum { ASP_BRAVE, ASP_CAUTIOUS } AspConseqKind;

/* After each step: the consequences so far as shown atoms of p in print order (p is the
 * searches' own program, with the input's atom names); lower of them are sure, and the
 * consequences are at most upper atoms.  Return false to stop. */
typedef bool (*AspConseqFn)(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n,
                            size_t lower, size_t upper);

/* The consequences of s's program: of its stable models, or (optimum not NULL: the costs of
 * its #minimize levels, highest priority first, as asp_optimize proved them) of its optimal
 * ones.  Each step is a search for a stable model (o->aft's limits and events apply,
 * o->max_models bounds the steps) that adds an atom to the brave set or drops one from the
 * cautious set; st->models counts the steps, st->complete says whether the last set is the
 * consequences (no such model is left).  AFT_OK, AFT_LIMIT when a limit stopped a search,
 * AFT_ERROR on an engine error or a weight beyond 2^31 - 1 in a bound on the optimum (err
 * says so). */
AftStatus asp_consequences(AspSolver *s, AspConseqKind kind, const AspSolveOptions *o,
                           const int64_t *optimum, AspConseqFn fn, void *ctx, AspStats *st,
                           Buf *err);

#endif
