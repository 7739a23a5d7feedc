/* ordered.h: the entries shared by the totally ordered kinds, whose element is one word:
 * chain and range (an int64: an element's index, an integer) and real (a double).  Join is
 * max and meet is min; an interval of an integer kind is a stretch of consecutive integers.
 * For the kinds' own files only. */
#ifndef FIX_LATTICE_ORDERED_H
#define FIX_LATTICE_ORDERED_H

#include "lattice/lattice.h"

/* Order, join and meet of one int64 word. */
bool ordered_int_leq(const Lattice *L, const Word *a, const Word *b);
bool ordered_int_eq(const Lattice *L, const Word *a, const Word *b);
uint64_t ordered_int_hash(const Lattice *L, const Word *a);
void ordered_int_join(const Lattice *L, Word *out, const Word *a, const Word *b);
void ordered_int_meet(const Lattice *L, Word *out, const Word *a, const Word *b);
/* A stretch [lo, hi] of integers: its height hi - lo, log2 of its hi - lo + 1 elements, is
 * it one point, do two stretches overlap or touch, its halves [lo, m] u [m+1, hi], and its
 * elements counted up from lo. */
double ordered_int_height(const Lattice *L, const Word *lo, const Word *hi);
double ordered_int_log2_size(const Lattice *L, const Word *lo, const Word *hi);
bool ordered_int_is_point(const Lattice *L, const Word *lo, const Word *hi);
bool ordered_int_union_is_interval(const Lattice *L, const Word *lo1, const Word *hi1,
                                   const Word *lo2, const Word *hi2);
bool ordered_int_decompose(const Lattice *L, const Word *lo, const Word *hi, const SplitCtx *how,
                           Word *lo1, Word *hi1, Word *lo2, Word *hi2);
bool ordered_int_next(const Lattice *L, const Word *lo, const Word *hi, Word *cur);
/* The one upper cover of x, x + 1, when x is below top (a kind's next_cover entry). */
bool ordered_int_next_cover(int64_t top, const Word *x, uint64_t *pos, Word *out);
/* hi - lo and lo + k without overflow (lo <= hi). */
uint64_t ordered_int_span(int64_t lo, int64_t hi);
int64_t ordered_int_add(int64_t lo, uint64_t k);

/* Order, join and meet of one double word. */
bool ordered_real_leq(const Lattice *L, const Word *a, const Word *b);
bool ordered_real_eq(const Lattice *L, const Word *a, const Word *b);
uint64_t ordered_real_hash(const Lattice *L, const Word *a);
void ordered_real_join(const Lattice *L, Word *out, const Word *a, const Word *b);
void ordered_real_meet(const Lattice *L, Word *out, const Word *a, const Word *b);

/* The entries of an integer kind's ops table that ordered.c defines; the kind adds bot, top,
 * random, destroy and what differs. */
#define ORDERED_INT_OPS                                                                            \
    .leq = ordered_int_leq, .eq = ordered_int_eq, .hash = ordered_int_hash, .join = ordered_int_join,                        \
    .meet = ordered_int_meet, .log2_size = ordered_int_log2_size, .height = ordered_int_height,    \
    .is_point = ordered_int_is_point, .union_is_interval = ordered_int_union_is_interval,          \
    .decompose = ordered_int_decompose, .next = ordered_int_next

/* The same for real: order, join and meet; the rest is its own. */
#define ORDERED_REAL_OPS                                                                           \
    .leq = ordered_real_leq, .eq = ordered_real_eq, .hash = ordered_real_hash, .join = ordered_real_join, .meet = ordered_real_meet

#endif
