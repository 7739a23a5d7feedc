/* range.c: the integers lo..hi in their usual order, one int64 per element. */
#include "lattice/ordered.h"
#include "util/mem.h"

#include <math.h>

/* A range's own data: its ends. */
typedef struct {
    Lattice lattice;
    int64_t lo, hi;
} Range;

static const Range *range(const Lattice *L) { return (const Range *)L; }

static int64_t at(const Word *a) { return word_to_int(a[0]); }

static void range_bot(const Lattice *L, Word *out) { out[0] = word_from_int(range(L)->lo); }
static void range_top(const Lattice *L, Word *out) { out[0] = word_from_int(range(L)->hi); }

static void range_print(const Lattice *L, const Word *a, Buf *out) { buf_printf(out, "%lld", (long long)at(a)); }

/* Mostly uniform, sometimes an end point. */
static void range_random(const Lattice *L, Rng *rng, Word *out)
{
    int64_t lo = range(L)->lo, hi = range(L)->hi;
    uint64_t roll = rng_below(rng, 8), n = ordered_int_span(lo, hi) + 1;
    if (roll == 0) out[0] = word_from_int(lo);
    else if (roll == 1) out[0] = word_from_int(hi);
    else out[0] = word_from_int(ordered_int_add(lo, n ? rng_below(rng, n) : rng_next(rng)));
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
    return ordered_int_next_cover(range(L)->hi, x, pos, out);
}

static const LatticeOps range_ops = {
    .kind = LATTICE_RANGE, ORDERED_INT_OPS,
    .bot = range_bot, .top = range_top, .random = range_random, .destroy = range_destroy,
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
    R->lattice.log2_card = log2((double)ordered_int_span(lo, hi) + 1.0);
    R->lo = lo;
    R->hi = hi;
    return &R->lattice;
}
