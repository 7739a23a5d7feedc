/* test_absdiff.c: the slopes of forward-mode automatic differentiation over intervals
 * (code/absdiff.h), the mean-value form they give (code/absmean.h) and Krawczyk's test on
 * f(x) - x (code/krawczyk.h), on hand-made functions of one real and of two. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "code/absdiff.h"
#include "code/absmean.h"
#include "code/krawczyk.h"
#include "context_fixture.h"

static const char *const model =
    "lattice U = real [0, 1];\n"
    "lattice V = real [-1, 1];\n"
    "lattice P2 = U * U;\n"
    "fn logistic(x: U): U = 3 * x * (1 - x);\n"
    "fn zero(x: U): U = x - x + 0.5;\n"
    "fn low(x: U): U = min(x, 0.5);\n"
    "fn mag(x: V): V = abs(x);\n"
    "fn ratio(x: U): U = x / (x + 1);\n"
    "fn inverse(x: V): V = min(1, max(-1, 1 / x));\n"
    "fn branchy(x: U): U = if x < 0.5 then x else 1 - x;\n"
    "fn sq(x: U): U = x * x;\n"
    "fn twice(x: U): U = sq(sq(x));\n"
    "fn cubic(x: U): U = x - 2 * (x - 0.3) * (x - 0.6) * (x - 0.9);\n"
    "fn nash(p: P2): P2 = (1 - p.2 / 2, p.1 / 2);\n"
    "fn mix(p: P2): P2 = (p.1 * p.2, p.1 - p.2 + 0.5);\n";

static Word d(double x) { return word_from_double(x); }
static double lo_of(AbsPair p) { return word_to_double(p.lo); }
static double hi_of(AbsPair p) { return word_to_double(p.hi); }

/* Does p hold [a, b] and lie within [a - slack, b + slack]? */
static bool holds_tightly(AbsPair p, double a, double b, double slack)
{
    return lo_of(p) <= a && b <= hi_of(p) && a - slack <= lo_of(p) && hi_of(p) <= b + slack;
}

static bool slopes(Fx *f, const char *fn, double a, double b, AbsDiff *out)
{
    Word lo = d(a), hi = d(b);
    return absdiff_eval(context_fn(f->m, fn), &lo, &hi, out);
}

static void test_slopes_of_one_real(void **state)
{
    (void)state;
    Fx *f = load(model);
    assert_true(f->ok);
    AbsDiff r;
    assert_true(slopes(f, "logistic", 0.4, 0.6, &r));       /* 3 - 6x on [0.4, 0.6] */
    assert_true(holds_tightly(r.jac[0][0], -0.6, 0.6, 1e-12));
    /* 3x(1 - x) on [0.4, 0.6] is [0.72, 0.75]; the natural enclosure [0.48, 1.08], the
     * centred form 0.75 + [-0.6, 0.6] [-0.1, 0.1] */
    assert_true(holds_tightly(r.val[0], 0.72, 0.75, 0.061));
    assert_true(holds_tightly(r.at_mid[0], 0.75, 0.75, 1e-15));
    assert_true(slopes(f, "zero", 0, 1, &r));                /* x - x: slope exactly 0 */
    assert_true(lo_of(r.jac[0][0]) == 0 && hi_of(r.jac[0][0]) == 0);
    assert_true(slopes(f, "ratio", 0, 1, &r));               /* 1 / (x + 1)^2 in [0.25, 1] */
    assert_true(lo_of(r.jac[0][0]) <= 0.25 && hi_of(r.jac[0][0]) >= 1);
    assert_true(slopes(f, "twice", 0.5, 1, &r));             /* 4 x^3 through two calls */
    assert_true(lo_of(r.jac[0][0]) <= 0.5 && hi_of(r.jac[0][0]) >= 4 && hi_of(r.jac[0][0]) <= 4 + 1e-12);
    done(f);
}

static void test_min_max_abs_take_the_decided_branch_or_the_hull(void **state)
{
    (void)state;
    Fx *f = load(model);
    AbsDiff r;
    assert_true(slopes(f, "low", 0.1, 0.2, &r));             /* min decided: x */
    assert_true(holds_tightly(r.jac[0][0], 1, 1, 0));
    assert_true(slopes(f, "low", 0.6, 0.7, &r));             /* min decided: 0.5 */
    assert_true(holds_tightly(r.jac[0][0], 0, 0, 0));
    assert_true(slopes(f, "low", 0.4, 0.6, &r));             /* undecided: the hull */
    assert_true(holds_tightly(r.jac[0][0], 0, 1, 0));
    assert_true(slopes(f, "mag", -0.5, 0.5, &r));            /* abs across 0 */
    assert_true(holds_tightly(r.jac[0][0], -1, 1, 0));
    assert_true(slopes(f, "mag", -0.5, -0.25, &r));
    assert_true(holds_tightly(r.jac[0][0], -1, -1, 0));
    done(f);
}

static void test_gives_up_where_it_cannot_differentiate(void **state)
{
    (void)state;
    Fx *f = load(model);
    AbsDiff r;
    assert_false(slopes(f, "inverse", -0.5, 0.5, &r));      /* a divisor holding 0 */
    assert_non_null(r.why);
    assert_true(slopes(f, "inverse", 0.5, 1, &r));           /* clamped: 1/x in [1, 2] -> 1 */
    assert_false(slopes(f, "branchy", 0, 1, &r));           /* a branch */
    assert_non_null(r.why);
    assert_true(slopes(f, "cubic", 0.25, 0.25, &r));         /* a point is a box too */
    assert_true(holds_tightly(r.val[0], 0.25 - 2 * -0.05 * -0.35 * -0.65, 0.25 - 2 * -0.05 * -0.35 * -0.65, 1e-15));
    done(f);
}

static void test_slopes_of_a_product(void **state)
{
    (void)state;
    Fx *f = load(model);
    AbsDiff r;
    Word lo[2] = { d(0.2), d(0.3) }, hi[2] = { d(0.4), d(0.45) };
    assert_int_equal(absdiff_vars(context_fn(f->m, "mix")->params[0]), 2);
    assert_true(absdiff_eval(context_fn(f->m, "mix"), lo, hi, &r));
    assert_int_equal(r.n, 2);
    assert_true(holds_tightly(r.jac[0][0], 0.3, 0.45, 1e-12));   /* d(p1 p2)/dp1 = p2 */
    assert_true(holds_tightly(r.jac[0][1], 0.2, 0.4, 1e-12));    /* d(p1 p2)/dp2 = p1 */
    assert_true(holds_tightly(r.jac[1][0], 1, 1, 0));
    assert_true(holds_tightly(r.jac[1][1], -1, -1, 0));
    done(f);
}

static void test_mean_value_form_is_tighter(void **state)
{
    (void)state;
    Fx *f = load(model);
    AbsVm *vm = absvm_new(NULL);
    Word lo = d(0.4), hi = d(0.6), olo, ohi;
    assert_true(absvm_eval(vm, context_fn(f->m, "logistic"), &lo, &hi, &olo, &ohi));
    double natural = word_to_double(ohi) - word_to_double(olo);
    assert_true(absmean_eval(vm, context_fn(f->m, "logistic"), &lo, &hi, &olo, &ohi));
    double centred = word_to_double(ohi) - word_to_double(olo);
    /* 3x(1 - x) on [0.4, 0.6] is [0.72, 0.75]: the centred form gives 0.75 +- 0.06 */
    assert_true(word_to_double(olo) <= 0.72 && word_to_double(ohi) >= 0.75);
    assert_true(natural > 0.5 && centred < 0.13);
    lo = d(0);
    hi = d(1);
    assert_true(absmean_eval(vm, context_fn(f->m, "zero"), &lo, &hi, &olo, &ohi));
    assert_true(word_to_double(olo) == 0.5 && word_to_double(ohi) == 0.5);   /* x - x + 0.5 */
    absvm_free(vm);
    done(f);
}

static KrawczykResult krawczyk1(Fx *f, const char *fn, double a, double b, double *ka, double *kb)
{
    Word lo = d(a), hi = d(b), klo = lo, khi = hi;
    KrawczykResult r = krawczyk_test(context_fn(f->m, fn), &lo, &hi, &klo, &khi);
    *ka = word_to_double(klo);
    *kb = word_to_double(khi);
    return r;
}

static void test_krawczyk_on_one_real(void **state)
{
    (void)state;
    Fx *f = load(model);
    double ka, kb;
    assert_int_equal(krawczyk1(f, "cubic", 0.29, 0.31, &ka, &kb), KRAWCZYK_UNIQUE);   /* attracting */
    assert_true(ka <= 0.3 && 0.3 <= kb && kb - ka < 0.02 / 4);                       /* contracted */
    assert_int_equal(krawczyk1(f, "cubic", 0.59, 0.61, &ka, &kb), KRAWCZYK_UNIQUE);   /* repelling */
    assert_int_equal(krawczyk1(f, "cubic", 0.4, 0.5, &ka, &kb), KRAWCZYK_NONE);
    assert_int_equal(krawczyk1(f, "cubic", 0.0, 1.0, &ka, &kb), KRAWCZYK_UNKNOWN);     /* three */
    assert_int_equal(krawczyk1(f, "logistic", 0.6, 0.7, &ka, &kb), KRAWCZYK_UNIQUE);  /* 2/3 */
    assert_int_equal(krawczyk1(f, "logistic", 0.2, 0.3, &ka, &kb), KRAWCZYK_NONE);
    assert_int_equal(krawczyk1(f, "branchy", 0.2, 0.3, &ka, &kb), KRAWCZYK_UNKNOWN);  /* no slopes */
    done(f);
}

static void test_krawczyk_on_a_product(void **state)
{
    (void)state;
    Fx *f = load(model);
    const FnSym *nash = context_fn(f->m, "nash");
    Word lo[2] = { d(0.7), d(0.3) }, hi[2] = { d(0.9), d(0.5) }, klo[2], khi[2];
    assert_int_equal(krawczyk_test(nash, lo, hi, klo, khi), KRAWCZYK_UNIQUE);     /* (0.8, 0.4) */
    assert_true(word_to_double(klo[0]) <= 0.8 && 0.8 <= word_to_double(khi[0]));
    assert_true(word_to_double(klo[1]) <= 0.4 && 0.4 <= word_to_double(khi[1]));
    Word lo2[2] = { d(0.1), d(0.1) }, hi2[2] = { d(0.2), d(0.2) };
    assert_int_equal(krawczyk_test(nash, lo2, hi2, NULL, NULL), KRAWCZYK_NONE);
    done(f);
}

static void test_midpoint_inverse(void **state)
{
    (void)state;
    double a[4] = { 2, 1, 1, 1 }, y[4];
    assert_true(krawczyk_invert(2, a, y));
    assert_true(y[0] == 1 && y[1] == -1 && y[2] == -1 && y[3] == 2);
    double singular[4] = { 1, 2, 2, 4 };
    assert_false(krawczyk_invert(2, singular, y));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_slopes_of_one_real),
        cmocka_unit_test(test_min_max_abs_take_the_decided_branch_or_the_hull),
        cmocka_unit_test(test_gives_up_where_it_cannot_differentiate),
        cmocka_unit_test(test_slopes_of_a_product),
        cmocka_unit_test(test_mean_value_form_is_tighter),
        cmocka_unit_test(test_krawczyk_on_one_real),
        cmocka_unit_test(test_krawczyk_on_a_product),
        cmocka_unit_test(test_midpoint_inverse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
