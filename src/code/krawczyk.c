/* krawczyk.c: Krawczyk's test for the fixed points of a function of reals (see krawczyk.h). */
#include "code/krawczyk.h"

#include <math.h>

#include "code/absdiff.h"

enum { N = ABSDIFF_MAX_VARS };

static double lo_of(AbsPair p) { return word_to_double(p.lo); }
static double hi_of(AbsPair p) { return word_to_double(p.hi); }
static AbsPair point(double d) { return (AbsPair){ word_from_double(d), word_from_double(d) }; }

bool krawczyk_invert(size_t n, const double *a, double *y)
{
    double m[N][2 * N];
    if (n == 0 || n > N) return false;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < 2 * n; j++) m[i][j] = j < n ? a[i * n + j] : (j - n == i);
    for (size_t c = 0; c < n; c++) {
        size_t p = c;
        for (size_t i = c + 1; i < n; i++)
            if (fabs(m[i][c]) > fabs(m[p][c])) p = i;
        if (m[p][c] == 0) return false;
        for (size_t j = 0; j < 2 * n; j++) {
            double t = m[c][j];
            m[c][j] = m[p][j];
            m[p][j] = t;
        }
        double pivot = m[c][c];
        for (size_t j = 0; j < 2 * n; j++) m[c][j] /= pivot;
        for (size_t i = 0; i < n; i++) {
            double k = m[i][c];
            if (i == c || k == 0) continue;
            for (size_t j = 0; j < 2 * n; j++) m[i][j] -= k * m[c][j];
        }
    }
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            y[i * n + j] = m[i][n + j];
            if (!isfinite(y[i * n + j])) return false;
        }
    return true;
}

/* sum_k Y_ik b_k (b intervals, Y points) into *out; false on a NaN. */
static bool row_times(size_t n, const double *yrow, const AbsPair *b, AbsPair *out)
{
    AbsPair sum = point(0.0), t;
    for (size_t k = 0; k < n; k++)
        if (!absop_real(IR_MUL_R, point(yrow[k]), b[k], &t) || !absop_real(IR_ADD_R, sum, t, &sum)) return false;
    *out = sum;
    return true;
}

/* The slopes G of g = f - id: those of f with 1 taken from the diagonal; their midpoints into
 * mid (row-major). */
static bool slopes_of_g(const AbsDiff *d, AbsPair g[N][N], double *mid)
{
    for (size_t i = 0; i < d->n; i++)
        for (size_t j = 0; j < d->n; j++) {
            g[i][j] = d->jac[i][j];
            if (i == j && !absop_real(IR_SUB_R, g[i][j], point(1.0), &g[i][j])) return false;
            double a = lo_of(g[i][j]), b = hi_of(g[i][j]);
            mid[i * d->n + j] = a + (b - a) / 2;
            if (!isfinite(mid[i * d->n + j])) return false;
        }
    return true;
}

/* K(X) into k (n intervals), from absdiff's run over X (its slopes, its midpoint m and the
 * enclosure of f there).  False when it cannot be had (a singular midpoint matrix, a NaN). */
static bool krawczyk_box(const AbsDiff *d, const Word *lo, const Word *hi, AbsPair *k)
{
    size_t n = d->n;
    const Word *m = d->mid;
    const AbsPair *fm = d->at_mid;
    AbsPair g[N][N], gm[N], dx[N], col[N], t;
    double mid[N * N] = { 0 }, y[N * N];
    if (!slopes_of_g(d, g, mid) || !krawczyk_invert(n, mid, y)) return false;
    for (size_t i = 0; i < n; i++)                  /* g(m) = f(m) - m, X - m */
        if (!absop_real(IR_SUB_R, fm[i], (AbsPair){ m[i], m[i] }, &gm[i]) ||
            !absop_real(IR_SUB_R, (AbsPair){ lo[i], hi[i] }, (AbsPair){ m[i], m[i] }, &dx[i]))
            return false;
    for (size_t i = 0; i < n; i++) {
        AbsPair acc;                                /* m_i - (Y g(m))_i */
        if (!row_times(n, &y[i * n], gm, &t) || !absop_real(IR_SUB_R, (AbsPair){ m[i], m[i] }, t, &acc)) return false;
        for (size_t j = 0; j < n; j++) {            /* + (I - Y G)_ij (X_j - m_j) */
            AbsPair mij;
            for (size_t r = 0; r < n; r++) col[r] = g[r][j];
            if (!row_times(n, &y[i * n], col, &t) || !absop_real(IR_SUB_R, point(i == j), t, &mij) ||
                !absop_real(IR_MUL_R, mij, dx[j], &t) || !absop_real(IR_ADD_R, acc, t, &acc))
                return false;
        }
        k[i] = acc;
    }
    return true;
}

/* Does g(X) = f(X) - X miss 0 in some coordinate? */
static bool g_misses_zero(const AbsDiff *d, const Word *lo, const Word *hi)
{
    AbsPair gx;
    for (size_t i = 0; i < d->n; i++)
        if (absop_real(IR_SUB_R, d->val[i], (AbsPair){ lo[i], hi[i] }, &gx) && (lo_of(gx) > 0 || hi_of(gx) < 0))
            return true;
    return false;
}

KrawczykResult krawczyk_test(const FnSym *fn, const Word *lo, const Word *hi, Word *klo, Word *khi)
{
    AbsDiff d;
    AbsPair k[N];
    if (!absdiff_eval(fn, lo, hi, &d)) return KRAWCZYK_UNKNOWN;
    if (g_misses_zero(&d, lo, hi)) return KRAWCZYK_NONE;
    if (!krawczyk_box(&d, lo, hi, k)) return KRAWCZYK_UNKNOWN;
    bool inside = true;
    for (size_t i = 0; i < d.n; i++) {
        double a = word_to_double(lo[i]), b = word_to_double(hi[i]);
        if (hi_of(k[i]) < a || lo_of(k[i]) > b) return KRAWCZYK_NONE;
        inside = inside && a < lo_of(k[i]) && hi_of(k[i]) < b;
    }
    for (size_t i = 0; klo && khi && i < d.n; i++) {
        klo[i] = word_from_double(fmax(word_to_double(lo[i]), lo_of(k[i])));
        khi[i] = word_from_double(fmin(word_to_double(hi[i]), hi_of(k[i])));
    }
    return inside ? KRAWCZYK_UNIQUE : KRAWCZYK_UNKNOWN;
}
