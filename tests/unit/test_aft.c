/* test_aft.c: unit tests of the AFT engine: envelopes, F, IR and branch-and-bound. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "aft/check.h"
#include "pqrs_fixture.h"
#include "aft/aft.h"
#include "util/mem.h"

/* ---- the paper's Nash example on U * U, U = real [0, 1] tolerance 1e-9 ---- */

typedef struct Nash { Lattice *U, *P; } Nash;

static double nth(const Word *x, size_t i) { return word_to_double(x[i]); }

static void pair(Word *out, double a, double b)
{
    out[0] = word_from_double(a);
    out[1] = word_from_double(b);
}

static bool nash_eval(void *ctx, const Word *x, Word *out)
{
    (void)ctx;
    double x1 = nth(x, 0), x2 = nth(x, 1);
    pair(out, 1 - x2 / 2, x1 / 2);
    return true;
}

static bool nash_upper(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    (void)hi;
    Word y[2] = {x[0], lo[1]};
    return nash_eval(ctx, y, out);
}

static bool nash_lower(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    (void)lo;
    Word y[2] = {x[0], hi[1]};
    return nash_eval(ctx, y, out);
}

static int nash_setup(void **state)
{
    Nash *n = mem_calloc(1, sizeof *n);
    n->U = lattice_real_new(0, 1, 1e-9);
    Lattice *parts[2] = {n->U, n->U};
    n->P = lattice_product_new(parts, 2);
    *state = n;
    return 0;
}

static int nash_teardown(void **state)
{
    Nash *n = *state;
    lattice_free(n->P);
    lattice_free(n->U);
    mem_free(n);
    return 0;
}

static AftFunction nash_fn(const Nash *n)
{
    return (AftFunction){.L = n->P, .name = "f", .eval = nash_eval, .envelope = ENV_DECLARED,
                         .upper = nash_upper, .lower = nash_lower};
}

static void assert_pair(const Word *x, double a, double b, double eps)
{
    assert_true(fabs(nth(x, 0) - a) <= eps);
    assert_true(fabs(nth(x, 1) - b) <= eps);
}

static void test_nash_F_steps(void **state)
{
    Nash *n = *state;
    AftFunction f = nash_fn(n);
    AftOptions o;
    aft_options_default(&o);
    AftStats st = {0};
    Word lo[2], hi[2], nlo[2], nhi[2];
    pair(lo, 0, 0);
    pair(hi, 1, 1);
    assert_int_equal(aft_F(&f, &o, lo, hi, nlo, nhi, &st), AFT_OK);
    assert_pair(nlo, 0.5, 0.25, 1e-12);
    assert_pair(nhi, 1, 0.5, 1e-12);
    assert_int_equal(aft_F(&f, &o, nlo, nhi, lo, hi, &st), AFT_OK);
    assert_pair(lo, 0.75, 0.375, 1e-12);
    assert_pair(hi, 0.875, 0.4375, 1e-12);
    assert_int_equal(st.f_calls, 2);
    assert_true(st.eval_calls > 0);
}

typedef struct Steps { size_t n, last; } Steps;

static void count_steps(void *ctx, const AftEvent *ev)
{
    Steps *s = ctx;
    if (ev->kind != EV_REFINE_STEP) return;
    s->n++;
    s->last = ev->step;
}

static void test_nash_refine(void **state)
{
    Nash *n = *state;
    AftFunction f = nash_fn(n);
    AftOptions o;
    aft_options_default(&o);
    Steps seen = {0};
    o.on_event = count_steps;
    o.event_ctx = &seen;
    AftStats st;
    Word lo[2], hi[2];
    size_t steps = 0;
    pair(lo, 0, 0);
    pair(hi, 1, 1);
    assert_int_equal(aft_refine(&f, &o, lo, hi, lo, hi, &steps, &st), AFT_OK);
    assert_pair(lo, 0.8, 0.4, 1e-6);
    assert_pair(hi, 0.8, 0.4, 1e-6);
    assert_true(steps > 2 && steps < 100);
    assert_int_equal(seen.n, steps);
    assert_int_equal(seen.last, steps);
    assert_int_equal(st.f_calls, steps);
}

static void test_nash_refine_steps_limit(void **state)
{
    Nash *n = *state;
    AftFunction f = nash_fn(n);
    AftOptions o;
    aft_options_default(&o);
    o.refine_steps = 2;
    Word lo[2], hi[2], nlo[2], nhi[2];
    size_t steps = 0;
    pair(lo, 0, 0);
    pair(hi, 1, 1);
    assert_int_equal(aft_refine(&f, &o, lo, hi, nlo, nhi, &steps, NULL), AFT_OK);
    assert_int_equal(steps, 2);
    assert_pair(nlo, 0.75, 0.375, 1e-12);
    assert_pair(nhi, 0.875, 0.4375, 1e-12);
    /* max_steps stops soundly with the last bound */
    aft_options_default(&o);
    o.max_steps = 1;
    AftStats st;
    assert_int_equal(aft_refine(&f, &o, lo, hi, nlo, nhi, &steps, &st), AFT_LIMIT);
    assert_string_equal(st.stopped_by, "max-steps");
    assert_pair(nlo, 0.5, 0.25, 1e-12);
}

static void test_nash_pruned(void **state)
{
    Nash *n = *state;
    AftFunction f = nash_fn(n);
    AftOptions o;
    aft_options_default(&o);
    Word lo[2], hi[2], nlo[2], nhi[2];
    pair(lo, 0, 0);
    pair(hi, 0.2, 0.2);
    assert_int_equal(aft_F(&f, &o, lo, hi, nlo, nhi, NULL), AFT_INVALID);
    assert_int_equal(aft_refine(&f, &o, lo, hi, nlo, nhi, NULL, NULL), AFT_INVALID);
    BoundList fin, fix;
    AftStats st;
    assert_int_equal(aft_bnb(&f, &o, lo, hi, &fin, &fix, &st), AFT_OK);
    assert_int_equal(fin.count, 0);
    assert_int_equal(fix.count, 0);
    assert_true(isinf(st.log2_IR_init) && st.log2_IR_init < 0);
    boundlist_free(&fin);
    boundlist_free(&fix);
}

static void test_nash_bnb(void **state)
{
    Nash *n = *state;
    AftFunction f = nash_fn(n);
    AftOptions o;
    aft_options_default(&o);
    o.rounds = 40;
    Word lo[2], hi[2];
    pair(lo, 0, 0);
    pair(hi, 1, 1);
    BoundList fin, fix;
    AftStats st;
    AftStatus s = aft_bnb(&f, &o, lo, hi, &fin, &fix, &st);
    assert_true(s == AFT_OK || s == AFT_LIMIT);
    assert_true(fin.count >= 1);
    for (size_t i = 0; i < fin.count; i++) {
        assert_true(nth(boundlist_lo(&fin, i), 0) <= 0.8 + 1e-6);
        assert_true(nth(boundlist_hi(&fin, i), 0) >= 0.8 - 1e-6);
    }
    boundlist_free(&fin);
    boundlist_free(&fix);
}

/* ---- the pqrs program: p :- not q.  q :- not p.  r :- p.  s :- q. ---- */

/* A monotone function on the same lattice: closes M under p -> r, q -> s, r and s -> p. */
static bool mono_eval(void *ctx, const Word *x, Word *out)
{
    (void)ctx;
    Word m = x[0];
    if (m & bit(P)) m |= bit(R);
    if (m & bit(Q)) m |= bit(S);
    if ((m & bit(R)) && (m & bit(S))) m |= bit(P);
    out[0] = m;
    return true;
}

static Lattice *pqrs_lattice(void)
{
    const char *atoms[] = {"p", "q", "r", "s"};
    return lattice_powerset_new(atoms, 4);
}

static void test_pqrs_refine(void **state)
{
    (void)state;
    Lattice *L = pqrs_lattice();
    AftFunction f = {.L = L, .name = "S", .eval = pqrs_eval, .envelope = ENV_ANTITONE};
    AftOptions o;
    aft_options_default(&o);
    Word lo = 0, hi = 0xf, nlo, nhi;
    assert_int_equal(aft_refine(&f, &o, &lo, &hi, &nlo, &nhi, NULL, NULL), AFT_OK);
    assert_int_equal(nlo, 0);
    assert_int_equal(nhi, 0xf);
    lattice_free(L);
}

typedef struct Trace { long max_id; size_t splits, finals, rounds; bool ids_ok; } Trace;

static void trace_event(void *ctx, const AftEvent *ev)
{
    Trace *t = ctx;
    switch (ev->kind) {
    case EV_BNB_SPLIT:
        t->splits++;
        if (ev->id != 0 && (ev->id <= t->max_id || ev->parent < 0 || ev->parent >= ev->id))
            t->ids_ok = false;
        if (ev->id > t->max_id) t->max_id = ev->id;
        break;
    case EV_BNB_FINAL: t->finals++; break;
    case EV_BNB_ROUND: t->rounds++; break;
    default: break;
    }
}

static bool has_bound(const BoundList *b, Word lo, Word hi)
{
    for (size_t i = 0; i < b->count; i++)
        if (boundlist_lo(b, i)[0] == lo && boundlist_hi(b, i)[0] == hi) return true;
    return false;
}

static void test_pqrs_bnb(void **state)
{
    (void)state;
    Lattice *L = pqrs_lattice();
    for (int env = 0; env < 2; env++) {
        AftFunction f = {.L = L, .name = "S", .eval = pqrs_eval,
                         .envelope = env ? ENV_BRUTE : ENV_ANTITONE};
        AftOptions o;
        aft_options_default(&o);
        Trace t = {.max_id = 0, .ids_ok = true};
        o.on_event = trace_event;
        o.event_ctx = &t;
        Word lo = 0, hi = 0xf;
        BoundList fin, fix;
        AftStats st;
        assert_int_equal(aft_bnb(&f, &o, &lo, &hi, &fin, &fix, &st), AFT_OK);
        Word pr = bit(P) | bit(R), qs = bit(Q) | bit(S);
        assert_int_equal(fin.count, 2);
        assert_true(has_bound(&fin, pr, pr) && has_bound(&fin, qs, qs));
        assert_int_equal(fix.count, 2);
        assert_true(has_bound(&fix, pr, pr) && has_bound(&fix, qs, qs));
        assert_int_equal(st.rounds, 1);
        assert_int_equal(st.ir_calls, 3);
        assert_true(fabs((st.log2_IR_init) - (4.0)) < 1e-12);
        assert_true(fabs((st.log2_S_final) - (1.0)) < 1e-12);
        assert_null(st.stopped_by);
        assert_true(t.ids_ok);
        assert_int_equal(t.splits, 3);
        assert_int_equal(t.finals, 2);
        assert_int_equal(t.rounds, 1);
        boundlist_free(&fin);
        boundlist_free(&fix);
    }
    lattice_free(L);
}

/* ---- checks of declarations (aft/check.c) ---- */

/* The pqrs S is antitone, not monotone: exhaustive on 16 elements; a counterexample names it. */
static void test_check_tone(void **state)
{
    (void)state;
    Lattice *L = pqrs_lattice();
    AftFunction f = {.L = L, .name = "S", .eval = pqrs_eval};
    CheckOptions o = {.enum_log2 = 22, .samples = 100};
    CheckReport r;
    assert_int_equal(aft_check_tone(&f, true, &o, &r), CHECK_PASSED);
    assert_false(r.sampled);
    assert_true(r.covers);
    assert_int_equal(r.examined, 32);                /* covering pairs of a 4-atom powerset */
    assert_int_equal(aft_check_tone(&f, false, &o, &r), CHECK_FAILED);
    assert_non_null(strstr(r.counterexample, "but S(x) = "));
    mem_free(r.counterexample);
    o.enum_log2 = 4;                                 /* too many pairs: random ones */
    assert_int_equal(aft_check_tone(&f, true, &o, &r), CHECK_PASSED);
    assert_true(r.sampled);
    assert_int_equal(r.examined, 100);
    volatile sig_atomic_t stop = 1;                  /* Ctrl-C before the first case */
    Limits limits;
    limits_start(&limits, 0, 0, &stop);
    o.limits = &limits;
    assert_int_equal(aft_check_tone(&f, false, &o, &r), CHECK_STOPPED);
    assert_int_equal(r.examined, 0);
    lattice_free(L);
}

/* Envelopes: S's own antitone envelopes (S(lo) above, S(hi) below) are exact; swapped, unsound. */
static bool pqrs_upper(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    (void)hi; (void)x;
    return pqrs_eval(ctx, lo, out);
}

static bool pqrs_lower(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    (void)lo; (void)x;
    return pqrs_eval(ctx, hi, out);
}

static void test_check_envelope(void **state)
{
    (void)state;
    Lattice *L = pqrs_lattice();
    AftFunction f = {.L = L, .name = "S", .eval = pqrs_eval, .upper = pqrs_upper, .lower = pqrs_lower};
    CheckOptions o = {.enum_log2 = 22, .samples = 100};
    CheckReport r;
    assert_int_equal(aft_check_envelope(&f, &o, &r), CHECK_PASSED);
    assert_true(r.tight);
    f.upper = pqrs_lower;
    f.lower = pqrs_upper;
    assert_int_equal(aft_check_envelope(&f, &o, &r), CHECK_FAILED);
    assert_non_null(strstr(r.counterexample, "counterexample: upper("));
    mem_free(r.counterexample);
    lattice_free(L);
}

/* Hooks for test_pqrs_hooks: the refine hook runs the generic IR of a hook-less copy, the
 * split hook splits on the lowest free atom unless told to decline. */
typedef struct Hooked { AftFunction plain; size_t refines, splits; bool decline; } Hooked;

static AftStatus hook_refine(void *ctx, const Word *lo, const Word *hi, Word *nlo, Word *nhi)
{
    Hooked *h = ctx;
    AftOptions o;
    aft_options_default(&o);
    h->refines++;
    return aft_refine(&h->plain, &o, lo, hi, nlo, nhi, NULL, NULL);
}

static bool hook_split(void *ctx, const Word *lo, const Word *hi, const SplitCtx *how, Word *lo1,
                       Word *hi1, Word *lo2, Word *hi2)
{
    Hooked *h = ctx;
    (void)how;
    if (h->decline) return false;
    Word f = hi[0] & ~lo[0];
    if (!f) return false;
    Word b = f & -f;
    h->splits++;
    *lo1 = *lo;
    *hi1 = *hi & ~b;
    *lo2 = *lo | b;
    *hi2 = *hi;
    return true;
}

/* The optional refine and split hooks: used when present (one F step per IR), ignored by a
 * run with refine_steps, and the same Final as the generic engine. */
static void test_pqrs_hooks(void **state)
{
    (void)state;
    Lattice *L = pqrs_lattice();
    Hooked h = {.plain = {.L = L, .name = "S", .eval = pqrs_eval, .envelope = ENV_ANTITONE}};
    AftFunction f = h.plain;
    f.ctx = &h;
    f.refine = hook_refine;
    f.split = hook_split;
    Word pr = bit(P) | bit(R), qs = bit(Q) | bit(S);
    for (int mode = 0; mode < 3; mode++) {
        AftOptions o;
        aft_options_default(&o);
        if (mode == 1) o.refine_steps = 100;
        h.decline = mode == 2;
        h.refines = h.splits = 0;
        Word lo = 0, hi = 0xf;
        BoundList fin, fix;
        AftStats st;
        assert_int_equal(aft_bnb(&f, &o, &lo, &hi, &fin, &fix, &st), AFT_OK);
        assert_int_equal(fix.count, 2);
        assert_true(has_bound(&fix, pr, pr) && has_bound(&fix, qs, qs));
        assert_int_equal(h.refines, mode == 1 ? 0 : st.ir_calls);
        if (mode != 1) assert_int_equal(st.f_calls, st.ir_calls);
        assert_int_equal(h.splits, mode == 2 ? 0 : st.rounds);
        boundlist_free(&fin);
        boundlist_free(&fix);
    }
    Word lo = 0, hi = 0xf, nlo, nhi;
    size_t steps = 0;
    AftOptions o;
    aft_options_default(&o);
    assert_int_equal(aft_refine(&f, &o, &lo, &hi, &nlo, &nhi, &steps, NULL), AFT_OK);
    assert_int_equal(steps, 1);
    assert_true(nlo == 0 && nhi == 0xf);
    lattice_free(L);
}

static void test_pqrs_bnb_rounds_and_budget(void **state)
{
    (void)state;
    Lattice *L = pqrs_lattice();
    AftFunction f = {.L = L, .name = "S", .eval = pqrs_eval, .envelope = ENV_ANTITONE};
    AftOptions o;
    aft_options_default(&o);
    Word lo = 0, hi = 0xf;
    BoundList fin, fix;
    AftStats st;
    /* budget 1: the two fixed points are hulled back to one bound, which goes to Final */
    o.budget = 1;
    assert_int_equal(aft_bnb(&f, &o, &lo, &hi, &fin, &fix, &st), AFT_OK);
    assert_int_equal(st.hulls, 0);       /* both children were points: straight to Final */
    assert_int_equal(fix.count, 2);
    boundlist_free(&fin);
    boundlist_free(&fix);
    /* zero rounds allowed: IR(B_I) itself is Final */
    aft_options_default(&o);
    volatile sig_atomic_t stop = 1;
    o.interrupt = &stop;
    assert_int_equal(aft_bnb(&f, &o, &lo, &hi, &fin, &fix, &st), AFT_LIMIT);
    assert_string_equal(st.stopped_by, "interrupt");
    assert_int_equal(fin.count, 1);
    assert_true(has_bound(&fin, 0, 0xf));
    boundlist_free(&fin);
    boundlist_free(&fix);
    lattice_free(L);
}

/* Three independent choices a_i :- not b_i.  b_i :- not a_i.  (atoms a_i = 2i, b_i = 2i+1):
 * eight stable models. */
static bool choice_eval(void *ctx, const Word *x, Word *out)
{
    (void)ctx;
    Word m = 0;
    for (int i = 0; i < 3; i++) {
        if (!(x[0] & bit(2 * i + 1))) m |= bit(2 * i);
        if (!(x[0] & bit(2 * i))) m |= bit(2 * i + 1);
    }
    out[0] = m;
    return true;
}

static bool is_choice_model(Word m)
{
    for (int i = 0; i < 3; i++)
        if (((m >> (2 * i)) & 3) != 1 && ((m >> (2 * i)) & 3) != 2) return false;
    return true;
}

static void check_choice_final(const BoundList *fin)
{
    for (Word m = 0; m < 64; m++) {
        if (!is_choice_model(m)) continue;
        bool in = false;
        for (size_t i = 0; i < fin->count; i++)
            in = in || ((boundlist_lo(fin, i)[0] & ~m) == 0 && (m & ~boundlist_hi(fin, i)[0]) == 0);
        assert_true(in);
    }
}

/* on_final: every Final bound, in order; false from the second point on ("enough"). */
typedef struct Finals { size_t calls, points; } Finals;

static bool two_points(void *ctx, const Word *lo, const Word *hi)
{
    Finals *c = ctx;
    c->calls++;
    if (lo[0] == hi[0]) c->points++;
    return c->points < 2;
}

/* A caller that has enough after two models stops the run soundly, with its own reason (not
 * the interrupt), and is told every bound of Final, also those cut off. */
static void choice_enough(const AftFunction *f, Word lo, Word hi)
{
    AftOptions o;
    aft_options_default(&o);
    Finals c = {0, 0};
    o.on_final = two_points;
    o.final_ctx = &c;
    BoundList fin, fix;
    AftStats st;
    assert_int_equal(aft_bnb(f, &o, &lo, &hi, &fin, &fix, &st), AFT_LIMIT);
    assert_string_equal(st.stopped_by, "enough");
    assert_int_equal(c.points, fix.count);
    assert_true(c.points >= 2 && c.points < 8);
    assert_true(c.calls >= fin.count);
    check_choice_final(&fin);
    boundlist_free(&fin);
    boundlist_free(&fix);
}

static void test_choice_limits(void **state)
{
    (void)state;
    const char *atoms[] = {"a0", "b0", "a1", "b1", "a2", "b2"};
    Lattice *L = lattice_powerset_new(atoms, 6);
    AftFunction f = {.L = L, .name = "S", .eval = choice_eval, .envelope = ENV_ANTITONE};
    AftOptions o;
    Word lo = 0, hi = 63;
    BoundList fin, fix;
    AftStats st;
    /* complete run: exactly the eight models, and S(Final) = 8 <= |IR(B_I)| = 64 */
    aft_options_default(&o);
    assert_int_equal(aft_bnb(&f, &o, &lo, &hi, &fin, &fix, &st), AFT_OK);
    assert_int_equal(fix.count, 8);
    assert_int_equal(fin.count, 8);
    for (size_t i = 0; i < fix.count; i++) assert_true(is_choice_model(boundlist_lo(&fix, i)[0]));
    assert_true(fabs(st.log2_S_final - 3.0) < 1e-12);
    assert_int_equal(st.rounds, 3);
    boundlist_free(&fin);
    boundlist_free(&fix);
    /* cut off by rounds: sound */
    for (size_t t = 1; t <= 2; t++) {
        aft_options_default(&o);
        o.rounds = t;
        assert_int_equal(aft_bnb(&f, &o, &lo, &hi, &fin, &fix, &st), AFT_LIMIT);
        assert_string_equal(st.stopped_by, "rounds");
        assert_int_equal(st.rounds, t);
        check_choice_final(&fin);
        boundlist_free(&fin);
        boundlist_free(&fix);
    }
    /* budget: at most K bounds after each round, still sound; hulls counted */
    for (size_t k = 1; k <= 3; k++) {
        aft_options_default(&o);
        o.budget = k;
        AftStatus s = aft_bnb(&f, &o, &lo, &hi, &fin, &fix, &st);
        assert_true(s == AFT_OK || s == AFT_LIMIT);
        assert_true(st.hulls > 0);
        check_choice_final(&fin);
        boundlist_free(&fin);
        boundlist_free(&fix);
    }
    /* timeout and max-steps */
    aft_options_default(&o);
    o.timeout_s = 1e-12;
    assert_int_equal(aft_bnb(&f, &o, &lo, &hi, &fin, &fix, &st), AFT_LIMIT);
    assert_string_equal(st.stopped_by, "timeout");
    check_choice_final(&fin);
    boundlist_free(&fin);
    boundlist_free(&fix);
    aft_options_default(&o);
    o.max_steps = 5;
    assert_int_equal(aft_bnb(&f, &o, &lo, &hi, &fin, &fix, &st), AFT_LIMIT);
    assert_string_equal(st.stopped_by, "max-steps");
    assert_true(st.f_calls <= 5);
    check_choice_final(&fin);
    boundlist_free(&fin);
    boundlist_free(&fix);
    choice_enough(&f, lo, hi);
    lattice_free(L);
}

/* x = 1 - x / 2 on U: the tolerance option stops IR earlier. */
static bool half_eval(void *ctx, const Word *x, Word *out)
{
    (void)ctx;
    out[0] = word_from_double(1 - word_to_double(x[0]) / 2);
    return true;
}

static void test_real_tolerance(void **state)
{
    Nash *n = *state;
    AftFunction f = {.L = n->U, .name = "h", .eval = half_eval, .envelope = ENV_ANTITONE};
    AftOptions o;
    aft_options_default(&o);
    Word lo = word_from_double(0), hi = word_from_double(1), nlo, nhi;
    size_t fine = 0, coarse = 0;
    assert_int_equal(aft_refine(&f, &o, &lo, &hi, &nlo, &nhi, &fine, NULL), AFT_OK);
    assert_true(fabs(word_to_double(nlo) - 2.0 / 3) < 1e-8);
    assert_true(fabs(word_to_double(nhi) - 2.0 / 3) < 1e-8);
    o.tolerance = 1e-3;
    assert_int_equal(aft_refine(&f, &o, &lo, &hi, &nlo, &nhi, &coarse, NULL), AFT_OK);
    assert_true(coarse < fine);
    assert_true(word_to_double(nlo) <= 2.0 / 3 && word_to_double(nhi) >= 2.0 / 3);
    assert_true(word_to_double(nhi) - word_to_double(nlo) < 1e-2);
}

/* ---- every fixed point bnb lists is verified by evaluating f ---- */

/* The identity on a range: every element is fixed. */
static bool identity_eval(void *ctx, const Word *x, Word *out)
{
    (void)ctx;
    out[0] = x[0];
    return true;
}

/* bnb on range 3..4 splits into [3..3] and [4..4], both fixed, and merges them back: the
 * two proven fixed points stay in the answer, inside the merged bound. */
static void test_bnb_keeps_merged_fixpoints(void **state)
{
    (void)state;
    Lattice *L = lattice_range_new(3, 4);
    AftFunction f = {.L = L, .name = "id", .eval = identity_eval, .envelope = ENV_MONOTONE};
    AftOptions o;
    aft_options_default(&o);
    Word lo = word_from_int(3), hi = word_from_int(4);
    BoundList fin, fix;
    AftStats st;
    assert_int_equal(aft_bnb(&f, &o, &lo, &hi, &fin, &fix, &st), AFT_OK);
    assert_int_equal(st.merged, 1);
    assert_int_equal(fin.count, 1);                       /* the merged bound [3 .. 4] */
    assert_int_equal(fix.count, 2);
    assert_true(has_bound(&fix, word_from_int(3), word_from_int(3)));
    assert_true(has_bound(&fix, word_from_int(4), word_from_int(4)));
    long match[1];
    boundlist_match(&fin, &fix, match);
    assert_int_equal(match[0], -1);                       /* a bound, not a fixed point */
    boundlist_free(&fin);
    boundlist_free(&fix);
    lattice_free(L);
}

/* f(x) = min(2x, 1) on [0, 1]: fixed points 0 and 1 only.  A box of reals is listed only
 * when f fixes a point of it within the tolerance. */
static bool double_eval(void *ctx, const Word *x, Word *out)
{
    (void)ctx;
    out[0] = word_from_double(fmin(2 * word_to_double(x[0]), 1));
    return true;
}

static void test_bnb_real_points_verified(void **state)
{
    (void)state;
    Lattice *L = lattice_real_new(0, 1, 1e-9);
    AftFunction f = {.L = L, .name = "f", .eval = double_eval, .envelope = ENV_MONOTONE};
    AftOptions o;
    aft_options_default(&o);
    Word lo = word_from_double(0), hi = word_from_double(1);
    BoundList fin, fix;
    assert_int_equal(aft_bnb(&f, &o, &lo, &hi, &fin, &fix, NULL), AFT_OK);
    assert_int_equal(fix.count, 2);
    for (size_t i = 0; i < fix.count; i++) {
        double a = word_to_double(boundlist_lo(&fix, i)[0]), b = word_to_double(boundlist_hi(&fix, i)[0]);
        assert_true((a <= 0 && b >= 0) || (a <= 1 && b >= 1));
    }
    boundlist_free(&fin);
    boundlist_free(&fix);
    lattice_free(L);
}

/* f(x) = c - 2x clamped to [0, 1], antitone, one fixed point c / 3: at the midpoint of the
 * first bisection (c = 1.5), both halves refine onto it and it is listed once; elsewhere
 * (c = 1.2) the boxes that do not hold it are pruned. */
static bool steep_eval(void *ctx, const Word *x, Word *out)
{
    double c = *(const double *)ctx;
    out[0] = word_from_double(fmin(fmax(c - 2 * word_to_double(x[0]), 0), 1));
    return true;
}

static void test_bnb_fixpoint_listed_once(void **state)
{
    (void)state;
    Lattice *L = lattice_real_new(0, 1, 1e-6);
    double cs[2] = { 1.5, 1.2 };
    for (int k = 0; k < 2; k++) {
        AftFunction f = {.L = L, .name = "s", .eval = steep_eval, .ctx = &cs[k],
                         .envelope = ENV_ANTITONE};
        AftOptions o;
        aft_options_default(&o);
        Word lo = word_from_double(0), hi = word_from_double(1);
        BoundList fin, fix;
        assert_int_equal(aft_bnb(&f, &o, &lo, &hi, &fin, &fix, NULL), AFT_OK);
        assert_int_equal(fix.count, 1);
        assert_true(word_to_double(boundlist_lo(&fix, 0)[0]) <= cs[k] / 3 + 1e-6);
        assert_true(word_to_double(boundlist_hi(&fix, 0)[0]) >= cs[k] / 3 - 1e-6);
        boundlist_free(&fin);
        boundlist_free(&fix);
    }
    lattice_free(L);
}

/* ---- brute force agrees with the monotone / antitone shortcuts ---- */

static void check_envelopes(const Lattice *L, AftFunction *fast, AftFunction *brute)
{
    AftOptions o;
    aft_options_default(&o);
    for (Word lo = 0; lo < 16; lo++)
        for (Word hi = 0; hi < 16; hi++) {
            if (lo & ~hi) continue;
            for (Word x = lo; x <= hi; x++) {
                if ((x & ~hi) || (lo & ~x)) continue;
                Word a, b;
                assert_int_equal(aft_upper(fast, &o, &lo, &hi, &x, &a, NULL), AFT_OK);
                assert_int_equal(aft_upper(brute, &o, &lo, &hi, &x, &b, NULL), AFT_OK);
                assert_true(L->ops->eq(L, &a, &b));
                assert_int_equal(aft_lower(fast, &o, &lo, &hi, &x, &a, NULL), AFT_OK);
                assert_int_equal(aft_lower(brute, &o, &lo, &hi, &x, &b, NULL), AFT_OK);
                assert_true(L->ops->eq(L, &a, &b));
            }
            Word a1, b1, a2, b2;
            AftStatus s1 = aft_F(fast, &o, &lo, &hi, &a1, &b1, NULL);
            AftStatus s2 = aft_F(brute, &o, &lo, &hi, &a2, &b2, NULL);
            assert_int_equal(s1, s2);
            if (s1 == AFT_OK) assert_true(a1 == a2 && b1 == b2);
        }
}

static void test_brute_agrees(void **state)
{
    (void)state;
    Lattice *L = pqrs_lattice();
    AftFunction anti = {.L = L, .name = "S", .eval = pqrs_eval, .envelope = ENV_ANTITONE};
    AftFunction anti_b = anti;
    anti_b.envelope = ENV_BRUTE;
    check_envelopes(L, &anti, &anti_b);
    AftFunction mono = {.L = L, .name = "g", .eval = mono_eval, .envelope = ENV_MONOTONE};
    AftFunction mono_b = mono;
    mono_b.envelope = ENV_BRUTE;
    check_envelopes(L, &mono, &mono_b);
    lattice_free(L);
}

static bool zero_eval(void *ctx, const Word *x, Word *out)
{
    (void)ctx;
    (void)x;
    memset(out, 0, sizeof(Word));
    return true;
}

static void test_brute_too_large(void **state)
{
    (void)state;
    const char *atoms[20];
    char names[20][16];
    for (unsigned i = 0; i < 20; i++) {
        snprintf(names[i], sizeof names[i], "a%u", i);
        atoms[i] = names[i];
    }
    Lattice *L = lattice_powerset_new(atoms, 20);
    AftFunction f = {.L = L, .name = "big", .eval = zero_eval, .envelope = ENV_BRUTE};
    AftOptions o;
    aft_options_default(&o);
    Buf err;
    buf_init(&err);
    o.err = &err;
    Word lo = 0, hi = (1u << 20) - 1, out;
    assert_int_equal(aft_upper(&f, &o, &lo, &hi, &hi, &out, NULL), AFT_ERROR);
    const char *msg = buf_cstr(&err);
    assert_non_null(strstr(msg, "big"));
    assert_non_null(strstr(msg, "monotone or antitone"));
    assert_non_null(strstr(msg, "envelope"));
    /* within the limit it works */
    Word small_hi = 0xff;
    assert_int_equal(aft_upper(&f, &o, &lo, &small_hi, &small_hi, &out, NULL), AFT_OK);
    /* and bnb reports the error */
    BoundList fin, fix;
    assert_int_equal(aft_bnb(&f, &o, &lo, &hi, &fin, &fix, NULL), AFT_ERROR);
    boundlist_free(&fin);
    boundlist_free(&fix);
    buf_free(&err);
    lattice_free(L);
}

static void test_brute_infinite(void **state)
{
    Nash *n = *state;
    AftFunction f = nash_fn(n);
    f.envelope = ENV_BRUTE;
    AftOptions o;
    aft_options_default(&o);
    Buf err;
    buf_init(&err);
    o.err = &err;
    Word lo[2], hi[2], out[2];
    pair(lo, 0, 0);
    pair(hi, 1, 1);
    assert_int_equal(aft_upper(&f, &o, lo, hi, hi, out, NULL), AFT_ERROR);
    assert_non_null(strstr(buf_cstr(&err), "monotone or antitone"));
    buf_free(&err);
}

static void test_split_names(void **state)
{
    (void)state;
    SplitStrategy s;
    const char *names[] = {"widest", "first", "last", "random"};
    for (size_t i = 0; i < 4; i++) {
        assert_true(aft_split_from_name(names[i], &s));
        assert_string_equal(aft_split_name(s), names[i]);
    }
    assert_false(aft_split_from_name("nope", &s));
}

static void test_boundlist(void **state)
{
    (void)state;
    Lattice *L = pqrs_lattice();
    BoundList b;
    boundlist_init(&b, L);
    for (Word i = 0; i < 20; i++) {
        Word hi = i | 1;
        boundlist_push(&b, &i, &hi);
    }
    boundlist_push(&b, boundlist_lo(&b, 3), boundlist_hi(&b, 3));   /* from itself */
    assert_int_equal(b.count, 21);
    assert_int_equal(boundlist_lo(&b, 20)[0], 3);
    boundlist_remove(&b, 0);
    assert_int_equal(boundlist_lo(&b, 0)[0], 3);
    assert_int_equal(b.count, 20);
    BoundList first = boundlist_first(&b, 5), all = boundlist_first(&b, 100);
    assert_int_equal(first.count, 5);
    assert_int_equal(all.count, 20);
    for (size_t i = 0; i < 5; i++) {
        assert_int_equal(boundlist_lo(&first, i)[0], boundlist_lo(&b, i)[0]);
        assert_int_equal(boundlist_hi(&first, i)[0], boundlist_hi(&b, i)[0]);
    }
    assert_int_equal(boundlist_hi(&all, 19)[0], boundlist_hi(&b, 19)[0]);
    assert_int_equal(b.count, 20);                                  /* b itself unchanged */
    boundlist_free(&b);
    lattice_free(L);
}

/* aft_stats_add sums the parts named, and only those. */
static void test_stats_add(void **state)
{
    (void)state;
    AftStats a = { .f_calls = 1, .eval_calls = 2, .ir_calls = 3, .rounds = 4, .pruned = 5,
                   .merged = 6, .hulls = 7, .splits = 8, .conflicts = 9, .learnt = 10,
                   .backjumps = 11, .restarts = 12, .enumerated = 13, .stalled = 14,
                   .stopped_by = "timeout" };
    AftStats sum = { .f_calls = 100, .rounds = 100, .stalled = 100 };
    aft_stats_add(&sum, &a, AFT_STATS_CALLS | AFT_STATS_CONFLICTS | AFT_STATS_ENUMERATED);
    assert_int_equal(sum.f_calls, 101);
    assert_int_equal(sum.eval_calls, 2);
    assert_int_equal(sum.ir_calls, 3);
    assert_int_equal(sum.conflicts, 9);
    assert_int_equal(sum.enumerated, 13);
    assert_int_equal(sum.rounds, 100);                /* not named: left alone */
    assert_int_equal(sum.splits + sum.learnt + sum.restarts + sum.pruned, 0);
    assert_null(sum.stopped_by);
    aft_stats_add(&sum, &a, AFT_STATS_SEARCH | AFT_STATS_STOP);
    assert_int_equal(sum.f_calls, 101);
    assert_int_equal(sum.rounds, 104);
    assert_int_equal(sum.pruned, 5);
    assert_int_equal(sum.merged, 6);
    assert_int_equal(sum.hulls, 7);
    assert_int_equal(sum.splits, 8);
    assert_int_equal(sum.learnt, 10);
    assert_int_equal(sum.backjumps, 11);
    assert_int_equal(sum.restarts, 12);
    assert_int_equal(sum.conflicts, 9);
    assert_string_equal(sum.stopped_by, "timeout");
    assert_int_equal(sum.stalled, 100);               /* in no part */
    AftStats none = {0};
    aft_stats_add(&sum, &none, AFT_STATS_STOP);       /* no stop reason: the old one kept */
    assert_string_equal(sum.stopped_by, "timeout");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_nash_F_steps, nash_setup, nash_teardown),
        cmocka_unit_test_setup_teardown(test_nash_refine, nash_setup, nash_teardown),
        cmocka_unit_test_setup_teardown(test_nash_refine_steps_limit, nash_setup, nash_teardown),
        cmocka_unit_test_setup_teardown(test_nash_pruned, nash_setup, nash_teardown),
        cmocka_unit_test_setup_teardown(test_nash_bnb, nash_setup, nash_teardown),
        cmocka_unit_test_setup_teardown(test_brute_infinite, nash_setup, nash_teardown),
        cmocka_unit_test_setup_teardown(test_real_tolerance, nash_setup, nash_teardown),
        cmocka_unit_test(test_choice_limits),
        cmocka_unit_test(test_pqrs_refine),
        cmocka_unit_test(test_pqrs_bnb),
        cmocka_unit_test(test_pqrs_hooks),
        cmocka_unit_test(test_check_tone),
        cmocka_unit_test(test_check_envelope),
        cmocka_unit_test(test_pqrs_bnb_rounds_and_budget),
        cmocka_unit_test(test_brute_agrees),
        cmocka_unit_test(test_brute_too_large),
        cmocka_unit_test(test_split_names),
        cmocka_unit_test(test_boundlist),
        cmocka_unit_test(test_stats_add),
        cmocka_unit_test(test_bnb_keeps_merged_fixpoints),
        cmocka_unit_test(test_bnb_real_points_verified),
        cmocka_unit_test(test_bnb_fixpoint_listed_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
