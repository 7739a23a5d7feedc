/* galois.h: abstract interpretation of the approximation (paper Section 5.1, Theorem 5.9).
 * Two Galois insertions between a concrete lattice C and an abstract lattice A:
 * alpha_up -| gamma_up (over-approximating) and gamma_lo -| alpha_lo (under-approximating),
 * with alpha_lo <= alpha_up.  F_sharp runs on A with the abstract envelopes
 * upper#([a, b], z) = alpha_up(f^u_G(gamma_up z)), lower#([a, b], z) = alpha_lo(f^l_G(gamma_lo z)),
 * G = gamma([a, b]): for a monotone f the best transformers f_sharp = alpha_up . f . gamma_up
 * and f_flat = alpha_lo . f . gamma_lo; for any other f those alone are unsound (galois.c
 * explains).  gamma of F_sharp's result is a sound concrete bound. */
#ifndef FIX_GALOIS_H
#define FIX_GALOIS_H

#include "aft/aft.h"

typedef bool (*AftMapFn)(void *ctx, const Word *in, Word *out);

typedef struct AftGalois {
    const char *name;
    const Lattice *C, *A;
    void *ctx;
    AftMapFn alpha_up, gamma_up, alpha_lo, gamma_lo;
} AftGalois;

typedef struct GaloisRun GaloisRun;

/* f must be a function on g->C.  NULL (message in err) when the lattices do not match. */
GaloisRun *galois_run_new(const AftGalois *g, const AftFunction *f, Buf *err);
void galois_run_free(GaloisRun *r);
const Lattice *galois_run_lattice(const GaloisRun *r);     /* the abstract lattice A */

/* alpha([lo, hi]) = [alpha_lo(lo), alpha_up(hi)] and gamma([a, b]) = [gamma_lo(a), gamma_up(b)]. */
bool galois_alpha(GaloisRun *r, const Word *lo, const Word *hi, Word *alo, Word *ahi);
bool galois_gamma(GaloisRun *r, const Word *alo, const Word *ahi, Word *lo, Word *hi);

/* F_sharp on alpha(B); the result is given back in C as gamma of the abstract bound. */
AftStatus galois_F(GaloisRun *r, const AftOptions *o, const Word *lo, const Word *hi,
                   Word *nlo, Word *nhi, AftStats *st);
/* IR with F_sharp from alpha([lo, hi]); [nlo, nhi] = gamma of the result (in C), intersected
 * with [lo, hi] (AFT_INVALID when the intersection is empty: B holds no fixed point). */
AftStatus galois_refine(GaloisRun *r, const AftOptions *o, const Word *lo, const Word *hi,
                        Word *nlo, Word *nhi, size_t *steps, AftStats *st);
/* Algorithm 1 from [lo, hi], decomposed in C (halves of an abstract interval do not cover its
 * concretisation), with F_C(B) = B meet gamma(F_sharp(alpha B)) as the F of IR.  Final and
 * fixpoints are in C; a point is listed in fixpoints only when f really fixes it.  Events are
 * reported as abstract bounds: alpha of the concrete ones. */
AftStatus galois_bnb(GaloisRun *r, const AftOptions *o, const Word *lo, const Word *hi,
                     BoundList *final, BoundList *fixpoints, AftStats *st);

typedef enum {
    GALOIS_CHECK_OK,          /* both adjunctions, both insertion laws and alpha_lo <= alpha_up */
    GALOIS_CHECK_FAILS,       /* a law fails: the counterexample is in msg */
    GALOIS_CHECK_TOO_LARGE,   /* C or A is infinite or too large to enumerate: msg says so */
    GALOIS_CHECK_ERROR,       /* a callback failed (already reported) */
} GaloisCheck;

/* Checks by enumeration, in this order: the four maps are monotone, alpha_up(x) <= a iff
 * x <= gamma_up(a), gamma_lo(a) <= x iff a <= alpha_lo(x), alpha_up(gamma_up(a)) = a,
 * alpha_lo(gamma_lo(a)) = a, and alpha_lo(x) <= alpha_up(x) (which the insertions do not imply,
 * and without which alpha([lo, hi]) need not be an interval).  *cases counts the pairs (or
 * single elements) tried; lattices above 2^limit_log2 elements are refused.  Time is quadratic
 * in the lattices' sizes. */
GaloisCheck galois_check(const AftGalois *g, int limit_log2, Buf *msg, size_t *cases);

#endif
