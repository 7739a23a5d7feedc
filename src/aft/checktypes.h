/* checktypes.h: what the checks of check.h take and give (their options, verdict and
 * report), shared by check.h and the loops of checkloop.h. */
#ifndef FIX_AFT_CHECKTYPES_H
#define FIX_AFT_CHECKTYPES_H

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
    AftWorkers *workers;     /* the exhaustive checks on these threads (checkpar.c), the
                                answer the same as on one; NULL or jobs <= 1: the caller's */
} CheckOptions;

typedef struct CheckReport {
    size_t examined;         /* cases tried */
    bool sampled;            /* random cases only: passing proves nothing */
    bool covers;             /* monotone/antitone: every covering pair (a proof on a finite
                                lattice: every x <= y is a chain of covers) */
    bool tight;              /* envelope: equal to the brute-force envelope on every case */
    char *counterexample;    /* with CHECK_FAILED: as text (mem_alloc'd; the caller frees it) */
} CheckReport;

#endif
