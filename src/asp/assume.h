/* assume.h: assumptions for the native search, as the core-guided optimisation (usc.c) asks
 * them: literals the search decides first, in their order and each to its wanted value,
 * before any choice of its own.  When one of them holds the other value, the assumptions it
 * follows from make an unsatisfiable core: no stable model holds them all.  The hooks take
 * the solver as ctx (S_P's search hooks with split_at, split and prefer_in wrapped) and read
 * the assumptions the solver's propagator points at (AspProp.assume). */
#ifndef FIX_ASP_ASSUME_H
#define FIX_ASP_ASSUME_H

#include "asp/internal.h"

typedef struct AspAssume {
    const uint32_t *lits;         /* lattice literals, 2 * atom + 1 when wanted false */
    size_t n;
    uint32_t *index;              /* per lattice atom: 1 + its first assumption, 0: none */
    size_t last;                  /* the atom split_at gave last for an assumption */
    bool last_in;                 /* and its wanted value */
    bool stop;                    /* a core is found: the search is to end */
    VEC(uint32_t) core;           /* the core: indices into lits */
    bool cone;                    /* the core was read from the reasons (else the prefix) */
    AftWork work;                 /* the search's budget: spent at once when stop is set */
} AspAssume;

/* Assumptions on s (n literals, kept by the caller), attached to its propagator; freed and
 * detached. */
AspAssume *asp_assume_new(AspSolver *s, const uint32_t *lits, size_t n);
void asp_assume_free(AspSolver *s, AspAssume *a);
/* The search hooks that decide the assumptions first: S_P's with split_at, split and
 * prefer_in in front of them (f the solver's function, copied into out with them). */
void asp_assume_function(const AftFunction *f, AftSearch *search, AftFunction *out);
/* The first assumption that x (a model) does not hold; SIZE_MAX: x holds them all. */
size_t asp_assume_violated(const AspAssume *a, const Word *x);
/* The search is told to stop (its budget spent at once). */
void asp_assume_stop(AspAssume *a);
/* Assumption j holds the other value in [lo, hi] (a model or the search's bound): the core
 * is taken (j and the assumptions its value follows from) and the search is told to stop. */
void asp_assume_core(AspSolver *s, AspAssume *a, size_t j, const Word *lo);

#endif
