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
    int sidestep_bugs;      /* known bugs of fix: no loops or lets in fold's start values, calls
                             * of functions with a collection parameter ascribed */
    int generic_aliases;    /* also `lattice L5 = M0[L2];` (fix refuses or crashes on their
                             * uses: a known bug; so they are left out by default) */
} FixgenOptions;

/* Writes one random program for `seed` into out.  Deterministic: same seed, same text. */
void fixgen_program(uint64_t seed, const FixgenOptions *opt, Buf *out);

#endif
