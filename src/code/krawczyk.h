/* krawczyk.h: the interval Newton test of Krawczyk on g(x) = f(x) - x over a box X of reals
 * (one real, or a product of up to ABSDIFF_MAX_VARS reals), for the fixed points of f.  With
 * m the midpoint of X, G an interval matrix of slopes of g on X (absdiff.h: the slopes of f
 * minus the identity, g(x) - g(y) in G (x - y) for all x, y in X) and Y an approximate
 * inverse of mid(G) (in doubles: any Y keeps the test sound, a good one makes it sharp),
 *     K(X) = m - Y g(m) + (I - Y G)(X - m),
 * evaluated in interval arithmetic rounded outwards, g(m) an enclosure.  Every zero of g in
 * X lies in K(X) (so K(X) meets X or there is none); when K(X) lies strictly inside X, X
 * holds exactly one zero (Krawczyk 1969, Moore 1977; Rump's form shows every matrix of G
 * regular, hence uniqueness, and Brouwer's theorem on x - Y g(x) existence). */
#ifndef FIX_KRAWCZYK_H
#define FIX_KRAWCZYK_H

#include "code/types.h"
#include "common.h"

typedef enum {
    KRAWCZYK_UNKNOWN,     /* neither shown (or the slopes could not be had) */
    KRAWCZYK_NONE,        /* K(X) misses X, or g(X) misses 0: no fixed point in X */
    KRAWCZYK_UNIQUE,      /* K(X) strictly inside X: exactly one fixed point in X */
} KrawczykResult;

/* The test on the box [lo, hi] of fn's argument (fn maps a lattice of reals into itself).
 * klo/khi (may be NULL): K(X) intersected with X when it meets X, a box that holds every
 * fixed point of X (a Newton step: narrower near a regular fixed point). */
KrawczykResult krawczyk_test(const FnSym *fn, const Word *lo, const Word *hi, Word *klo, Word *khi);

/* Into y (n x n, row-major) the inverse of a (n x n) by Gauss-Jordan elimination with
 * partial pivoting, in doubles; false when a is singular (a pivot of 0) or a result is not
 * finite. */
bool krawczyk_invert(size_t n, const double *a, double *y);

#endif
