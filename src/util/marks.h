/* marks.h: the places marked in an array of one byte per place (0: not marked), listed in
 * ascending order (marks.c), for the in-place hooks' marked words (asp/prop.c).  The array
 * is read eight bytes at a time, so it must have room for a multiple of eight bytes, those
 * past its places zero: MARKS_BYTES(n) for n places. */
#ifndef FIX_UTIL_MARKS_H
#define FIX_UTIL_MARKS_H

#include "common.h"

#define MARKS_BYTES(n) (((n) / 8 + 1) * 8)

/* The marked places of mark[0 .. n) written to out in ascending order (out has room for
 * one more than their count, at most n + 1); their count.  `marked` says about how many
 * there are (it chooses how the marks are read; any value gives the same list). */
size_t marks_list(const uint8_t *mark, size_t n, size_t marked, size_t *out);

/* Is sorting k marked places of n (qsort: about 25 k log2 k instructions) dearer than
 * listing them by marks_list (an eighth of n groups, each a test, and a few instructions a
 * mark)? */
static inline bool marks_list_cheaper(size_t k, size_t n)
{
    size_t log2k = 0;
    for (size_t x = k; x > 1; x >>= 1) log2k++;
    return n <= 32 * k * log2k;
}

#endif
