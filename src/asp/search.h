/* search.h: asp_solve with hooks, for the searches built on it: the search's own function,
 * and a filter that sees each stable model as a lattice element before it is counted and
 * given out.  (A budget of work is the engine's: AftOptions.work.) */
#ifndef FIX_ASP_SEARCH_H
#define FIX_ASP_SEARCH_H

#include "asp/asp.h"

typedef struct AspSolveHooks {
    const AftFunction *fn;        /* NULL: S_P; else the search's function (S_P's eval with
                                     other hooks; the in-place ones are used when it has
                                     them) */
    bool (*accept)(void *ctx, const Word *x);   /* NULL: every model; false: not a model to
                                                   give out (it is not counted) */
    void *ctx;
} AspSolveHooks;

/* With hooks (h may be NULL: asp_solve), the search runs on the program itself, never on a
 * residual one, so that the hooks see the solver's own lattice elements. */
AftStatus asp_solve_hooked(AspSolver *s, const AspSolveOptions *o, const AspSolveHooks *h,
                           AspModelFn fn, void *ctx, AspStats *st);
/* Does that search, with f as the hooks' function, honour f's projection hooks
 * (AftSearch.projected and given: aft_bnb_projects, and the split choice's own atom)? */
bool asp_search_projects(const AspSolveOptions *o, const AftFunction *f);

#endif
