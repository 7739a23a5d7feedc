/* fixgen.h: a generator of random well-typed .fix programs for differential testing.
 *
 * A program declares a few small lattices (L0, L1, ...: powersets, chains, ranges, finite
 * lattices given by covers, products, maps, duals, Bool, reals; now and then a generic
 * lattice M0[V] or Q0[A, B] used through its instances), then
 *   - helpers g0, g1, ...: any signature (lattice elements, a function parameter h0: A -> A
 *     or (A, M) -> A, a collection parameter c0, a key k0: key of M, an interval i0 or bnb
 *     result r0 of L, generic in T, recursive on a range; results that are elements,
 *     collections or functions);
 *   - f0, f1, ...: one parameter, a finite lattice into itself (the functions whose fixed
 *     points are checked); `monotone` / `antitone` only where the body is so by construction,
 *     and an `envelope` block that is exact (by definition, or from the annotation) or sound
 *     but loose (top / bot, or the exact one joined with f(hi), met with f(lo));
 *   - r0, r1, ...: the same on a lattice with reals;
 *   - galois insertions G0, G1, ... on declared finite lattices, valid by construction
 *     (fixgen_galois.c), used by `via G` in bnb(f ...) values and in queries;
 *   - queries: `show f(c);`, `fixpoints f;` on small lattices, `check f monotone;`,
 *     `check envelope f;` and `check galois G;` for what is declared, approx / refine / bnb
 *     queries with `via G`, `policy paper`, `envelope declared`, `trace`, `jobs N`.
 * A function calls only those declared before it (a recursive helper calls itself on a
 * smaller number), so every call ends.  Every finite lattice has at most 256 elements, a call
 * costs about 10^4 steps at most (an f less, the larger its lattice), and no run-time error
 * is expected: divisions and mod are by non-zero constants, numbers stored into a range or a
 * real lattice are clamped to its bounds, lfp/gfp bodies are monotone. */
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
