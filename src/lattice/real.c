/* real.c: a closed real interval [lo, hi] of doubles, with a tolerance below which an interval
 * counts as a point. */
#include "lattice/ordered.h"
#include "util/mem.h"

#include <math.h>

/* A real interval's own data: its ends and its tolerance. */
typedef struct {
    Lattice lattice;
    double lo, hi, tol;
} Real;

static const Real *real(const Lattice *L) { return (const Real *)L; }

static double at(const Word *a) { return word_to_double(a[0]); }

static void real_bot(const Lattice *L, Word *out) { out[0] = word_from_double(real(L)->lo); }
static void real_top(const Lattice *L, Word *out) { out[0] = word_from_double(real(L)->hi); }

static double real_height(const Lattice *L, const Word *lo, const Word *hi)
{
    return (at(hi) - at(lo)) / real(L)->tol;
}

/* Counts the points of the tolerance grid. */
static double real_log2_size(const Lattice *L, const Word *lo, const Word *hi)
{
    return log2(real_height(L, lo, hi) + 1.0);
}

static bool real_is_point(const Lattice *L, const Word *lo, const Word *hi)
{
    return at(hi) - at(lo) <= real(L)->tol;
}

static bool real_union_is_interval(const Lattice *L, const Word *lo1, const Word *hi1,
                                   const Word *lo2, const Word *hi2)
{
    return fmax(at(lo1), at(lo2)) <= fmin(at(hi1), at(hi2));
}

/* Bisection sharing the midpoint: [lo, m] u [m, hi]. */
static bool real_decompose(const Lattice *L, const Word *lo, const Word *hi, const SplitCtx *how,
                           Word *lo1, Word *hi1, Word *lo2, Word *hi2)
{
    double a = at(lo), b = at(hi);
    if (real_is_point(L, lo, hi)) return false;
    double m = a + (b - a) / 2;
    if (!(a < m && m < b)) return false;     /* no double strictly between */
    lo1[0] = word_from_double(a);
    hi1[0] = word_from_double(m);
    lo2[0] = word_from_double(m);
    hi2[0] = word_from_double(b);
    return true;
}

static bool real_next(const Lattice *L, const Word *lo, const Word *hi, Word *cur) { return false; }

static void real_print(const Lattice *L, const Word *a, Buf *out) { buf_put_double(out, at(a)); }

/* Mostly uniform, sometimes an end point. */
static void real_random(const Lattice *L, Rng *rng, Word *out)
{
    double lo = real(L)->lo, hi = real(L)->hi;
    uint64_t roll = rng_below(rng, 8);
    double x = roll == 0 ? lo : roll == 1 ? hi : lo + rng_unit(rng) * (hi - lo);
    out[0] = word_from_double(fmin(fmax(x, lo), hi));
}

static void real_destroy(Lattice *L) { FIX_UNUSED(L); }

static void real_describe_bounds(const Lattice *L, Buf *out)
{
    buf_puts(out, "real [");
    buf_put_double(out, real(L)->lo);
    buf_puts(out, ", ");
    buf_put_double(out, real(L)->hi);
    buf_puts(out, "]");
}

static void real_describe(const Lattice *L, Buf *out)
{
    real_describe_bounds(L, out);
    buf_puts(out, " tolerance ");
    buf_put_double(out, real(L)->tol);
}

static bool real_same(const Lattice *L, const Lattice *b)
{
    return real(L)->lo == real(b)->lo && real(L)->hi == real(b)->hi && real(L)->tol == real(b)->tol;
}

static void real_bounds(const Lattice *L, double *lo, double *hi)
{
    *lo = real(L)->lo;
    *hi = real(L)->hi;
}

static double real_tolerance(const Lattice *L) { return real(L)->tol; }

static const LatticeOps real_ops = {
    .kind = LATTICE_REAL, ORDERED_REAL_OPS,
    .bot = real_bot, .top = real_top, .log2_size = real_log2_size, .height = real_height,
    .is_point = real_is_point, .union_is_interval = real_union_is_interval,
    .decompose = real_decompose, .next = real_next, .random = real_random, .destroy = real_destroy,
    .print = real_print, .json = real_print,
    .describe = real_describe, .same = real_same, .real_bounds = real_bounds,
    .tolerance = real_tolerance, .describe_bounds = real_describe_bounds,
};

/* NULL unless lo <= hi are finite and tol > 0. */
Lattice *lattice_real_new(double lo, double hi, double tol)
{
    if (!isfinite(lo) || !isfinite(hi) || !(lo <= hi) || !(tol > 0)) return NULL;
    Real *R = (Real *)lattice_alloc(sizeof *R, &real_ops);
    R->lattice.nwords = 1;
    R->lattice.finite = false;
    R->lattice.log2_card = INFINITY;
    R->lo = lo;
    R->hi = hi;
    R->tol = tol;
    return &R->lattice;
}
