/* ordered.c: the entries shared by the totally ordered kinds (chain, range, real; see
 * ordered.h): max, min and the order of one word, and stretches of consecutive integers. */
#include "lattice/ordered.h"

#include <math.h>

static int64_t at(const Word *a) { return word_to_int(a[0]); }
static double real_at(const Word *a) { return word_to_double(a[0]); }

uint64_t ordered_int_span(int64_t lo, int64_t hi) { return (uint64_t)hi - (uint64_t)lo; }
int64_t ordered_int_add(int64_t lo, uint64_t k) { return (int64_t)((uint64_t)lo + k); }

/* The order, equality, join (max) and meet (min) of one word read as a number by AT. */
#define ORDERED_BY(prefix, AT)                                                                     \
    bool prefix##_leq(const Lattice *L, const Word *a, const Word *b) { return AT(a) <= AT(b); }   \
    bool prefix##_eq(const Lattice *L, const Word *a, const Word *b) { return AT(a) == AT(b); }    \
    void prefix##_join(const Lattice *L, Word *out, const Word *a, const Word *b)                  \
    {                                                                                              \
        out[0] = AT(a) >= AT(b) ? a[0] : b[0];                                                     \
    }                                                                                              \
    void prefix##_meet(const Lattice *L, Word *out, const Word *a, const Word *b)                  \
    {                                                                                              \
        out[0] = AT(a) <= AT(b) ? a[0] : b[0];                                                     \
    }

ORDERED_BY(ordered_int, at)
ORDERED_BY(ordered_real, real_at)

uint64_t ordered_int_hash(const Lattice *L, const Word *a) { return lattice_hash_word(a[0]); }

/* 0.0 and -0.0 are equal, so they hash alike. */
uint64_t ordered_real_hash(const Lattice *L, const Word *a)
{
    return real_at(a) == 0.0 ? lattice_hash_word(0) : lattice_hash_word(a[0]);
}

double ordered_int_height(const Lattice *L, const Word *lo, const Word *hi)
{
    return (double)ordered_int_span(at(lo), at(hi));
}

double ordered_int_log2_size(const Lattice *L, const Word *lo, const Word *hi)
{
    return log2((double)ordered_int_span(at(lo), at(hi)) + 1.0);
}

bool ordered_int_is_point(const Lattice *L, const Word *lo, const Word *hi) { return at(lo) == at(hi); }

/* Two stretches of integers make one when they overlap or touch. */
bool ordered_int_union_is_interval(const Lattice *L, const Word *lo1, const Word *hi1,
                                   const Word *lo2, const Word *hi2)
{
    int64_t lo = at(lo1) > at(lo2) ? at(lo1) : at(lo2);
    int64_t hi = at(hi1) < at(hi2) ? at(hi1) : at(hi2);
    return lo <= hi || ordered_int_span(hi, lo) == 1;
}

/* [lo, hi] = [lo, m] u [m+1, hi] with m the middle. */
bool ordered_int_decompose(const Lattice *L, const Word *lo, const Word *hi, const SplitCtx *how,
                           Word *lo1, Word *hi1, Word *lo2, Word *hi2)
{
    int64_t a = at(lo), b = at(hi);
    if (a >= b) return false;
    int64_t m = ordered_int_add(a, ordered_int_span(a, b) / 2);
    lo1[0] = word_from_int(a);
    hi1[0] = word_from_int(m);
    lo2[0] = word_from_int(m + 1);
    hi2[0] = word_from_int(b);
    return true;
}

bool ordered_int_next(const Lattice *L, const Word *lo, const Word *hi, Word *cur)
{
    if (at(cur) >= at(hi)) return false;
    cur[0] = word_from_int(at(cur) + 1);
    return true;
}

bool ordered_int_next_cover(int64_t top, const Word *x, uint64_t *pos, Word *out)
{
    if (*pos || at(x) >= top) return false;
    out[0] = word_from_int(at(x) + 1);
    *pos = 1;
    return true;
}
