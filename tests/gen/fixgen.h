/* fixgen.h: a generator of random well-typed .fix programs for differential testing.  A
 * program declares a few small lattices, helper functions g0, g1, ... of any signature,
 * functions f0, f1, ... of one parameter on a finite lattice into the same lattice (and r0,
 * r1, ... on reals), and a few queries.  Every finite lattice has at most 256 elements and
 * every function call stays within about 10^4 steps. */
#ifndef FIX_TESTS_FIXGEN_H
#define FIX_TESTS_FIXGEN_H

#include <stdint.h>

#include "util/buf.h"

typedef struct FixgenOptions {
    int max_depth;          /* nesting of expressions; 0: the default (4) */
    int finite_only;        /* no real lattices (and so no r functions) */
    int no_queries;         /* leave out the show / fixpoints queries at the end */
    int max_fns;            /* functions f (and r); 0: the default (up to 5) */
    int flat_fold_start;    /* a fold's start value is a name or a constant (sidesteps known bugs) */
} FixgenOptions;

/* Writes one random program for `seed` into out.  Deterministic: same seed, same text. */
void fixgen_program(uint64_t seed, const FixgenOptions *opt, Buf *out);

#endif
