/* range.c: the integers lo..hi in their usual order, one int64 per element. */
#include "lattice/lattice.h"
#include "util/mem.h"

#include <math.h>

/* A range's own data: its ends. */
typedef struct {
    Lattice lattice;
    int64_t lo, hi;
} Range;

static const Range *range(const Lattice *L) { return (const Range *)L; }

static int64_t at(const Word *a) { return word_to_int(a[0]); }

/* hi - lo without overflow (lo <= hi). */
static uint64_t span(int64_t lo, int64_t hi) { return (uint64_t)hi - (uint64_t)lo; }
static int64_t add(int64_t lo, uint64_t k) { return (int64_t)((uint64_t)lo + k); }

static bool range_leq(const Lattice *L, const Word *a, const Word *b) { return at(a) <= at(b); }
static bool range_eq(const Lattice *L, const Word *a, const Word *b) { return at(a) == at(b); }

static void range_join(const Lattice *L, Word *out, const Word *a, const Word *b)
{
    out[0] = at(a) >= at(b) ? a[0] : b[0];
}

static void range_meet(const Lattice *L, Word *out, const Word *a, const Word *b)
{
    out[0] = at(a) <= at(b) ? a[0] : b[0];
}

static void range_bot(const Lattice *L, Word *out) { out[0] = word_from_int(range(L)->lo); }
static void range_top(const Lattice *L, Word *out) { out[0] = word_from_int(range(L)->hi); }

static double range_height(const Lattice *L, const Word *lo, const Word *hi)
{
    return (double)span(at(lo), at(hi));
}

static double range_log2_size(const Lattice *L, const Word *lo, const Word *hi)
{
    return log2((double)span(at(lo), at(hi)) + 1.0);
}

static bool range_is_point(const Lattice *L, const Word *lo, const Word *hi) { return at(lo) == at(hi); }

/* Two stretches of integers make one when they overlap or touch. */
static bool range_union_is_interval(const Lattice *L, const Word *lo1, const Word *hi1,
                                    const Word *lo2, const Word *hi2)
{
    int64_t lo = at(lo1) > at(lo2) ? at(lo1) : at(lo2);
    int64_t hi = at(hi1) < at(hi2) ? at(hi1) : at(hi2);
    return lo <= hi || span(hi, lo) == 1;
}

/* [lo, hi] = [lo, m] u [m+1, hi] with m the middle. */
static bool range_decompose(const Lattice *L, const Word *lo, const Word *hi, const SplitCtx *how,
                            Word *lo1, Word *hi1, Word *lo2, Word *hi2)
{
    int64_t a = at(lo), b = at(hi);
    if (a >= b) return false;
    int64_t m = add(a, span(a, b) / 2);
    lo1[0] = word_from_int(a);
    hi1[0] = word_from_int(m);
    lo2[0] = word_from_int(m + 1);
    hi2[0] = word_from_int(b);
    return true;
}

static bool range_next(const Lattice *L, const Word *lo, const Word *hi, Word *cur)
{
    if (at(cur) >= at(hi)) return false;
    cur[0] = word_from_int(at(cur) + 1);
    return true;
}

static void range_print(const Lattice *L, const Word *a, Buf *out) { buf_printf(out, "%lld", (long long)at(a)); }

/* Mostly uniform, sometimes an end point. */
static void range_random(const Lattice *L, Rng *rng, Word *out)
{
    int64_t lo = range(L)->lo, hi = range(L)->hi;
    uint64_t roll = rng_below(rng, 8), n = span(lo, hi) + 1;
    if (roll == 0) out[0] = word_from_int(lo);
    else if (roll == 1) out[0] = word_from_int(hi);
    else out[0] = word_from_int(add(lo, n ? rng_below(rng, n) : rng_next(rng)));
}

static void range_destroy(Lattice *L) { FIX_UNUSED(L); }

static void range_describe(const Lattice *L, Buf *out)
{
    buf_printf(out, "range %lld..%lld", (long long)range(L)->lo, (long long)range(L)->hi);
}

static bool range_same(const Lattice *L, const Lattice *b)
{
    return range(L)->lo == range(b)->lo && range(L)->hi == range(b)->hi;
}

static void range_bounds(const Lattice *L, int64_t *lo, int64_t *hi)
{
    *lo = range(L)->lo;
    *hi = range(L)->hi;
}

/* The one cover of x is x + 1. */
static bool range_next_cover(const Lattice *L, const Word *x, uint64_t *pos, Word *out)
{
    if (*pos || at(x) >= range(L)->hi) return false;
    out[0] = word_from_int(at(x) + 1);
    *pos = 1;
    return true;
}

static const LatticeOps range_ops = {
    .kind = LATTICE_RANGE,
    LATTICE_OPS_CORE(range),
    .print = range_print, .json = range_print,
    .describe = range_describe, .same = range_same, .int_bounds = range_bounds,
    .describe_bounds = range_describe, .next_cover = range_next_cover,
};

/* NULL when lo > hi. */
Lattice *lattice_range_new(int64_t lo, int64_t hi)
{
    if (lo > hi) return NULL;
    Range *R = (Range *)lattice_alloc(sizeof *R, &range_ops);
    R->lattice.nwords = 1;
    R->lattice.finite = true;
    R->lattice.log2_card = log2((double)span(lo, hi) + 1.0);
    R->lo = lo;
    R->hi = hi;
    return &R->lattice;
}
