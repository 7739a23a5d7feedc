/* numarg.h: numbers given on the command line, read whole and range-checked, so that no
 * option value is ever cast out of range ("inf", "nan", "1e30" and trailing junk are refused). */
#ifndef FIX_NUMARG_H
#define FIX_NUMARG_H

#include "common.h"

/* The largest values the options take: --timeout seconds, --max-memory megabytes (the
 * address-space cap is computed from it without overflow), counts (--max-steps, --models). */
#define NUMARG_MAX_SECONDS 1e9
#define NUMARG_MAX_MEGABYTES 1048576.0
#define NUMARG_MAX_COUNT ((uint64_t)1 << 62)

/* A whole number in decimal digits (no sign, no exponent) from 0 to max. */
bool numarg_count(const char *s, uint64_t max, uint64_t *out);
/* A finite decimal number from min to max. */
bool numarg_real(const char *s, double min, double max, double *out);

#endif
