/* check.h: checking what a declaration promises before it is trusted: that f is monotone or
 * antitone, and that its declared envelope brackets f.  Exhaustive on small finite lattices,
 * random cases beyond (then the report says it was sampled). */
#ifndef FIX_AFT_CHECK_H
#define FIX_AFT_CHECK_H

#include "aft/checktypes.h"

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
