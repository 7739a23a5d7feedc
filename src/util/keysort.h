/* keysort.h: 64-bit keys sorted in place, ascending, with no work space (keysort.c): qsort
 * may take a copy of the array as its work space, which for a large array (the 3.4 million
 * pairs of a completion, learncons.c) is a peak of its own. */
#ifndef FIX_UTIL_KEYSORT_H
#define FIX_UTIL_KEYSORT_H

#include "common.h"

void keysort(uint64_t *keys, size_t n);

#endif
