/* inplace.h: the depth-first order of bnb kept in place (inplace.c), which bnb.c hands a run
 * to when it applies; internal to src/aft. */
#ifndef FIX_AFT_INPLACE_H
#define FIX_AFT_INPLACE_H

#include "aft/bnbrun.h"

/* The depth-first order in place from the root bound [lo, hi] (node 0, kept), with the
 * round cap `cap` (0: none): the same Final, events and stats as bnb.c's. */
AftStatus inplace_run(Run *run, const Word *lo, const Word *hi, size_t cap);

#endif
