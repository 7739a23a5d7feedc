/* check.h: checking what a declaration promises before it is trusted: that f is monotone or
 * antitone, and that its declared envelope brackets f.  Exhaustive on small finite lattices,
 * random cases beyond (then the report says it was sampled). */
#ifndef FIX_AFT_CHECK_H
#define FIX_AFT_CHECK_H

#include "aft/aft.h"

typedef enum {
    CHECK_PASSED,     /* no counterexample in the cases examined */
    CHECK_FAILED,     /* a counterexample, in the report */
    CHECK_STOPPED,    /* a limit stopped it first: the verdict is unknown */
    CHECK_ERROR,      /* a callback failed (and reported why) */
} CheckStatus;

typedef struct CheckOptions {
    unsigned enum_log2;      /* enumerate when the cases number at most 2^enum_log2 */
    size_t samples;          /* else this many random cases */
    Limits *limits;          /* polled between cases; may be NULL */
} CheckOptions;

typedef struct CheckReport {
    size_t examined;         /* cases tried */
    bool sampled;            /* random cases only: passing proves nothing */
    bool covers;             /* monotone/antitone: every covering pair (a proof on a finite
                                lattice: every x <= y is a chain of covers) */
    bool tight;              /* envelope: equal to the brute-force envelope on every case */
    char *counterexample;    /* with CHECK_FAILED: as text (mem_alloc'd; the caller frees it) */
} CheckReport;

/* f(x) <= f(y) (antitone: f(y) <= f(x)) for every covering pair x < y when the kind lists
 * covers and they take at most 2^enum_log2 evaluations; else every pair x <= y while |L|^2
 * fits enum_log2; else random pairs (x, x join y). */
CheckStatus aft_check_tone(const AftFunction *f, bool antitone, const CheckOptions *o,
                           CheckReport *r);

/* f's declared upper(lo, hi, x) and lower(lo, hi, x) against the join and meet of f over
 * [lo, x] and [x, hi]: every interval and x when |L|^3 fits enum_log2, else random lo <= x <= hi
 * against f at a random y on the right side of x. */
CheckStatus aft_check_envelope(const AftFunction *f, const CheckOptions *o, CheckReport *r);

#endif
