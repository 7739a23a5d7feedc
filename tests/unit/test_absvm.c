/* test_absvm.c: the interval evaluator: three-valued membership, an undecided `if` joining
 * both branches, interval arithmetic with outward rounding, loops, calls, and giving up
 * where it cannot bound soundly. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "code/absops.h"
#include "code/absvm.h"
#include "check/context.h"
#include "util/rng.h"

static const char *const prelude =
    "lattice R = range 0..7;\n"
    "lattice P = powerset {a, b, c, d};\n"
    "lattice U = real [0, 1];\n"
    "lattice C = chain {lo, mi, hi};\n";

typedef struct Fixture { Diag diag; Arena arena; Context *m; AbsVm *abs; } Fixture;

static void open_model(Fixture *f, const char *decls)
{
    diag_init(&f->diag, stderr);
    arena_init(&f->arena);
    f->m = context_new(&f->diag);
    size_t n = strlen(prelude) + strlen(decls) + 1;
    char *text = malloc(n);
    snprintf(text, n, "%s%s", prelude, decls);
    const Source *src = diag_add_source(&f->diag, "t.fix", text, strlen(text));
    assert_true(context_add_file(f->m, parse_source(&f->diag, &f->arena, src), NULL));
    free(text);
    f->abs = absvm_new(NULL);
}

static void close_model(Fixture *f)
{
    absvm_free(f->abs);
    context_free(f->m);
    arena_free(&f->arena);
    diag_free(&f->diag);
}

/* E(fn)[lo, hi] on one-word lattices; false when it gave up. */
static bool eval1(Fixture *f, const char *fn, Word lo, Word hi, Word *out_lo, Word *out_hi)
{
    return absvm_eval(f->abs, context_fn(f->m, fn), &lo, &hi, out_lo, out_hi);
}

static Word set_of(const char *atoms)
{
    Word w = 0;
    for (const char *p = atoms; *p; p++) w |= (Word)1 << (*p - 'a');
    return w;
}

static void test_membership_is_three_valued(void **state)
{
    (void)state;
    Fixture f;
    open_model(&f, "fn has_a(m: P): Bool = a in m;\n");
    Word lo, hi;
    assert_true(eval1(&f, "has_a", set_of("a"), set_of("abc"), &lo, &hi));
    assert_true(lo == 1 && hi == 1);                       /* surely in */
    assert_true(eval1(&f, "has_a", set_of(""), set_of("bc"), &lo, &hi));
    assert_true(lo == 0 && hi == 0);                       /* surely not */
    assert_true(eval1(&f, "has_a", set_of(""), set_of("ab"), &lo, &hi));
    assert_true(lo == 0 && hi == 1);                       /* unknown */
    close_model(&f);
}

static void test_undecided_if_joins_both_branches(void **state)
{
    (void)state;
    Fixture f;
    open_model(&f, "fn step(x: R): R = if x < 3 then 1 else 5;\n"
                   "fn pick(m: P): P = if b in m then {a} else {c, d};\n"
                   "fn both(m: P): Bool = a in m and b in m;\n");
    Word lo, hi;
    assert_true(eval1(&f, "step", 0, 2, &lo, &hi));
    assert_true(lo == 1 && hi == 1);
    assert_true(eval1(&f, "step", 0, 7, &lo, &hi));
    assert_true(lo == 1 && hi == 5);
    assert_true(eval1(&f, "pick", set_of(""), set_of("b"), &lo, &hi));
    assert_true(lo == set_of("") && hi == set_of("acd"));  /* [{a} meet {c, d}, {a} join {c, d}] */
    assert_true(eval1(&f, "both", set_of(""), set_of("a"), &lo, &hi));
    assert_true(lo == 0 && hi == 0);                       /* b surely missing */
    assert_true(eval1(&f, "both", set_of("a"), set_of("ab"), &lo, &hi));
    assert_true(lo == 0 && hi == 1);
    close_model(&f);
}

/* A random double of varied magnitude and sign (exponents -40..40, a few exact small ones). */
static double random_real(Rng *r)
{
    if (rng_below(r, 8) == 0) return (double)((int)rng_below(r, 9) - 4) * 0.25;
    double m = 1 + rng_unit(r);
    return (rng_below(r, 2) ? -1 : 1) * ldexp(m, (int)rng_below(r, 81) - 40);
}

/* The exact a op b lies in the bracket absop_real gives for the points a and b, checked in
 * 113-bit arithmetic (exact for the products and for sums of these magnitudes; a quotient q
 * is checked through q * b); an exact result is a point; rounding moves an end one double at
 * most. */
static void test_reals_brackets_hold_the_exact_result(void **state)
{
    (void)state;
    Rng r = { 7 };
    for (int i = 0; i < 20000; i++) {
        double a = random_real(&r), b = random_real(&r);
        Opcode op = (Opcode[]){ IR_ADD_R, IR_SUB_R, IR_MUL_R, IR_DIV_R }[i % 4];
        if (op == IR_DIV_R && b == 0) continue;
        AbsPair pa = { word_from_double(a), word_from_double(a) }, pb = { word_from_double(b), word_from_double(b) }, res;
        assert_true(absop_real(op, pa, pb, &res));
        double lo = word_to_double(res.lo), hi = word_to_double(res.hi);
        _Float128 A = a, B = b, L = lo, H = hi;
        if (op == IR_DIV_R) {            /* lo <= a / b <= hi, times b (its sign flips it) */
            bool in = b > 0 ? L * B <= A && A <= H * B : H * B <= A && A <= L * B;
            assert_true(in);
            assert_true(lo == hi ? L * B == A : nextafter(lo, INFINITY) == hi);
            continue;
        }
        _Float128 exact = op == IR_ADD_R ? A + B : op == IR_SUB_R ? A - B : A * B;
        assert_true(L <= exact && exact <= H);
        assert_true(lo == hi ? exact == L : nextafter(lo, INFINITY) == hi);
    }
}

static void test_reals_exact_results_stay_points(void **state)
{
    (void)state;
    AbsPair half = { word_from_double(0.5), word_from_double(0.5) }, q = { word_from_double(0.25), word_from_double(0.25) }, r;
    assert_true(absop_real(IR_MUL_R, half, half, &r) && r.lo == r.hi && word_to_double(r.lo) == 0.25);
    assert_true(absop_real(IR_ADD_R, q, q, &r) && r.lo == r.hi && word_to_double(r.lo) == 0.5);
    assert_true(absop_real(IR_DIV_R, q, half, &r) && r.lo == r.hi && word_to_double(r.lo) == 0.5);
    AbsPair tiny = { word_from_double(1e-17), word_from_double(1e-17) };
    assert_true(absop_real(IR_ADD_R, half, tiny, &r));      /* 0.5 in doubles, not exactly */
    assert_true(word_to_double(r.lo) == 0.5 && word_to_double(r.hi) > 0.5);
}

static void test_reals_round_outwards(void **state)
{
    (void)state;
    AbsPair a = { word_from_double(0.1), word_from_double(0.1) }, b = { word_from_double(0.2), word_from_double(0.2) }, r;
    assert_true(absop_real(IR_ADD_R, a, b, &r));
    double exact_lo = 0.1, exact_hi = 0.2;       /* 0.1 + 0.2 rounds up to 0.30000000000000004 */
    /* the exact sum lies below that double: only the lower end moves, one double down */
    assert_true(word_to_double(r.lo) < exact_lo + exact_hi && word_to_double(r.hi) == exact_lo + exact_hi);
    assert_true(nextafter(word_to_double(r.lo), 1) == word_to_double(r.hi));
    assert_true(word_to_double(r.lo) <= 0.3 && word_to_double(r.hi) >= 0.3);
    AbsPair z = { word_from_double(-1), word_from_double(1) };
    assert_true(absop_real(IR_DIV_R, a, z, &r));            /* a divisor interval holding 0 */
    assert_true(isinf(word_to_double(r.lo)) && isinf(word_to_double(r.hi)));
    assert_true(absop_real(IR_MUL_R, z, b, &r));
    assert_true(word_to_double(r.lo) <= -0.2 && word_to_double(r.hi) >= 0.2);
    AbsPair t = absop_real(IR_LT_R, a, b, &r) ? r : (AbsPair){ 9, 9 };
    assert_true(t.lo == 1 && t.hi == 1);
    Fixture f;
    open_model(&f, "fn half(y: U): U = 1 - y / 2;\n");
    Word lo = word_from_double(0.2), hi = word_from_double(0.6), ol, oh;
    assert_true(eval1(&f, "half", lo, hi, &ol, &oh));
    assert_true(word_to_double(ol) <= 0.7 && word_to_double(oh) >= 0.9);
    assert_true(word_to_double(ol) > 0.7 - 1e-12 && word_to_double(oh) < 0.9 + 1e-12);
    close_model(&f);
}

static void test_integer_intervals(void **state)
{
    (void)state;
    AbsPair a = { word_from_int(-3), word_from_int(4) }, b = { word_from_int(2), word_from_int(5) }, r;
    assert_true(absop_int(IR_MUL_I, a, b, &r));
    assert_true(word_to_int(r.lo) == -15 && word_to_int(r.hi) == 20);
    assert_true(absop_int(IR_DIV_I, a, b, &r));
    assert_true(word_to_int(r.lo) == -1 && word_to_int(r.hi) == 2);
    AbsPair big = { word_from_int(INT64_MAX - 1), word_from_int(INT64_MAX) };
    assert_false(absop_int(IR_ADD_I, big, b, &r));          /* overflow: give up */
    assert_true(absop_int(IR_DIV_I, b, a, &r));             /* divisor holds 0: its other values */
    assert_true(word_to_int(r.lo) == -5 && word_to_int(r.hi) == 5);
    AbsPair zero = { 0, 0 };
    assert_false(absop_int(IR_DIV_I, b, zero, &r));         /* surely a division by 0 */
    assert_true(absop_int(IR_LE_I, a, b, &r));
    assert_true(r.lo == 0 && r.hi == 1);
}

/* a mod b on every pair of small intervals: the bracket holds every a mod b (b != 0). */
static int64_t floor_mod(int64_t a, int64_t b)
{
    int64_t m = a % b;
    return m != 0 && (m < 0) != (b < 0) ? m + b : m;
}

static void test_mod_brackets_every_remainder(void **state)
{
    (void)state;
    for (int64_t al = -6; al <= 6; al++)
        for (int64_t ah = al; ah <= 6; ah++)
            for (int64_t bl = -4; bl <= 4; bl++)
                for (int64_t bh = bl; bh <= 4; bh++) {
                    AbsPair a = { word_from_int(al), word_from_int(ah) }, b = { word_from_int(bl), word_from_int(bh) }, r;
                    bool any = false;
                    for (int64_t y = bl; y <= bh; y++) any = any || y != 0;
                    if (!any) { assert_false(absop_int(IR_MOD_I, a, b, &r)); continue; }
                    assert_true(absop_int(IR_MOD_I, a, b, &r));
                    for (int64_t x = al; x <= ah; x++)
                        for (int64_t y = bl; y <= bh; y++) {
                            if (y == 0) continue;
                            int64_t m = floor_mod(x, y);
                            assert_true(word_to_int(r.lo) <= m && m <= word_to_int(r.hi));
                        }
                }
}

static void test_loops_calls_and_giving_up(void **state)
{
    (void)state;
    Fixture f;
    open_model(&f, "fn keep(m: P): P = { y in m | y != b };\n"
                   "fn inc(x: R): R = min(x + 1, 7);\n"
                   "fn twice(x: R): R = inc(inc(x));\n"
                   "fn all(m: P): Bool = forall y in m : y == a;\n"
                   "fn hull(m: P): P = sup { z union m | z in [{} .. {b}] };\n"
                   "fn closed(m: P): P = lfp(x: P => x union m);\n"
                   "fn top_down(m: P): P = gfp(x: P => x meet (m union {c, d}) union (x inter {b}));\n"
                   "fn half(x: R): R = 6 / x;\n"
                   "fn dead_branch(x: R): R = if x < 3 then 1 else if x < 9 then 5 else x + 10;\n"
                   "fn overflow(x: R): R = if x * 4611686018427387904 * 4 > 0 then 1 else 2;\n");
    Word lo, hi;
    assert_true(eval1(&f, "keep", set_of("ab"), set_of("abc"), &lo, &hi));
    assert_true(lo == set_of("a") && hi == set_of("ac"));
    assert_true(eval1(&f, "twice", 2, 6, &lo, &hi));
    assert_true(lo == 4 && hi == 7);
    assert_true(eval1(&f, "all", set_of("a"), set_of("ab"), &lo, &hi));
    assert_true(lo == 0 && hi == 1);
    assert_true(eval1(&f, "all", set_of("b"), set_of("abc"), &lo, &hi));
    assert_true(lo == 0 && hi == 0);
    assert_true(eval1(&f, "hull", set_of("c"), set_of("cd"), &lo, &hi));
    assert_true(lo == set_of("bc") && hi == set_of("bcd"));
    assert_true(eval1(&f, "closed", set_of("b"), set_of("ab"), &lo, &hi));   /* lfp: the hull of its iterates */
    assert_true(lo == set_of("b") && hi == set_of("ab"));
    assert_true(eval1(&f, "top_down", set_of("b"), set_of("ab"), &lo, &hi));
    assert_true(lo == set_of("bcd") && hi == set_of("abcd"));
    assert_true(eval1(&f, "half", 0, 7, &lo, &hi));         /* 6 / [0, 7]: x = 0 fails */
    assert_true(lo == 0 && hi == 6);
    assert_true(eval1(&f, "half", 2, 3, &lo, &hi));
    assert_true(lo == 2 && hi == 3);
    assert_false(eval1(&f, "half", 0, 0, &lo, &hi));        /* every run fails */
    assert_non_null(strstr(absvm_why(f.abs), "fails"));
    assert_true(eval1(&f, "dead_branch", 0, 7, &lo, &hi));  /* a branch that surely fails adds nothing */
    assert_true(lo == 1 && hi == 5);
    assert_true(eval1(&f, "overflow", 0, 7, &lo, &hi) == false);
    assert_non_null(strstr(absvm_why(f.abs), "overflow"));
    assert_false(eval1(&f, "inc", 5, 2, &lo, &hi));         /* not an interval */
    close_model(&f);
}

/* Quantifiers over a set with 200 atoms that may or may not be in it: no nesting limit. */
static void test_quantifier_over_many_undecided_atoms(void **state)
{
    (void)state;
    char decls[4096] = "lattice Big = powerset {";
    for (int i = 0; i < 200; i++) snprintf(decls + strlen(decls), sizeof decls - strlen(decls), "%sz%d", i ? ", " : "", i);
    strcat(decls, "};\nfn all(m: Big): Bool = forall y in m : y != z150;\n"
                  "fn any(m: Big): Bool = exists y in m : y == z150;\n");
    Fixture f;
    open_model(&f, decls);
    Word lo[4] = { 0 }, hi[4] = { ~(Word)0, ~(Word)0, ~(Word)0, ((Word)1 << 8) - 1 }, ol, oh;
    assert_true(absvm_eval(f.abs, context_fn(f.m, "all"), lo, hi, &ol, &oh));
    assert_true(ol == 0 && oh == 1);
    assert_true(absvm_eval(f.abs, context_fn(f.m, "any"), lo, hi, &ol, &oh));
    assert_true(ol == 0 && oh == 1);
    hi[2] &= ~((Word)1 << (150 - 128));                    /* z150 surely out */
    assert_true(absvm_eval(f.abs, context_fn(f.m, "all"), lo, hi, &ol, &oh));
    assert_true(ol == 1 && oh == 1);
    assert_true(absvm_eval(f.abs, context_fn(f.m, "any"), lo, hi, &ol, &oh));
    assert_true(ol == 0 && oh == 0);
    close_model(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_membership_is_three_valued),
        cmocka_unit_test(test_undecided_if_joins_both_branches),
        cmocka_unit_test(test_reals_round_outwards),
        cmocka_unit_test(test_reals_brackets_hold_the_exact_result),
        cmocka_unit_test(test_reals_exact_results_stay_points),
        cmocka_unit_test(test_integer_intervals),
        cmocka_unit_test(test_mod_brackets_every_remainder),
        cmocka_unit_test(test_loops_calls_and_giving_up),
        cmocka_unit_test(test_quantifier_over_many_undecided_atoms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
