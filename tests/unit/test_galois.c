/* test_galois.c: unit tests of galois.c: the law check, F / IR / bnb through an abstraction,
 * and regressions where the plain best transformers would lose concrete fixed points. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "aft/galois.h"
#include "util/mem.h"

enum { MAXN = 64 };

/* Lattices whose elements are one word holding their index 0..n-1 (powersets of at most six
 * atoms, ranges from 0): maps and functions are lookup tables. */
typedef struct Tab { size_t v[MAXN]; } Tab;

typedef struct Maps {
    Tab au, gu, al, gl;
    bool fail;               /* every map fails (callback error) */
} Maps;

static bool apply(const Tab *t, const Word *in, Word *out)
{
    if (in[0] >= MAXN) return false;
    out[0] = (Word)t->v[in[0]];
    return true;
}

static bool m_au(void *ctx, const Word *in, Word *out) { Maps *m = ctx; return !m->fail && apply(&m->au, in, out); }
static bool m_gu(void *ctx, const Word *in, Word *out) { Maps *m = ctx; return !m->fail && apply(&m->gu, in, out); }
static bool m_al(void *ctx, const Word *in, Word *out) { Maps *m = ctx; return !m->fail && apply(&m->al, in, out); }
static bool m_gl(void *ctx, const Word *in, Word *out) { Maps *m = ctx; return !m->fail && apply(&m->gl, in, out); }

static AftGalois galois_of(const Lattice *C, const Lattice *A, Maps *m)
{
    return (AftGalois){.name = "G", .C = C, .A = A, .ctx = m, .alpha_up = m_au,
                       .gamma_up = m_gu, .alpha_lo = m_al, .gamma_lo = m_gl};
}

static bool tab_eval(void *ctx, const Word *x, Word *out) { return apply(ctx, x, out); }

static AftFunction fn_of(const Lattice *L, Tab *t, EnvelopeKind env)
{
    return (AftFunction){.L = L, .name = "f", .ctx = t, .eval = tab_eval, .envelope = env};
}

/* ---- C = powerset {a, b, c, d}, A = powerset {ab, cd} ---- */

typedef struct Fix { Lattice *C, *A; Maps m; } Fix;

/* Block insertions: alpha_up(x) = blocks x meets, alpha_lo(x) = blocks inside x, gamma_up =
 * gamma_lo = union of the blocks. */
static void block_maps(Maps *m)
{
    *m = (Maps){0};
    for (size_t x = 0; x < 16; x++) {
        m->au.v[x] = (x & 3 ? 1u : 0u) | (x & 12 ? 2u : 0u);
        m->al.v[x] = ((x & 3) == 3 ? 1u : 0u) | ((x & 12) == 12 ? 2u : 0u);
    }
    for (size_t a = 0; a < 4; a++) m->gu.v[a] = m->gl.v[a] = (a & 1 ? 3u : 0u) | (a & 2 ? 12u : 0u);
}

static int fix_setup(void **state)
{
    static const char *const atoms[] = {"a", "b", "c", "d"};
    static const char *const blocks[] = {"ab", "cd"};
    Fix *f = mem_calloc(1, sizeof *f);
    f->C = lattice_powerset_new(atoms, 4);
    f->A = lattice_powerset_new(blocks, 2);
    block_maps(&f->m);
    *state = f;
    return 0;
}

static int fix_teardown(void **state)
{
    Fix *f = *state;
    lattice_free(f->C);
    lattice_free(f->A);
    mem_free(f);
    return 0;
}

static GaloisCheck run_check(const AftGalois *g, Buf *msg, size_t *cases)
{
    buf_clear(msg);
    return galois_check(g, 10, msg, cases);
}

static void test_check_ok(void **state)
{
    Fix *f = *state;
    AftGalois g = galois_of(f->C, f->A, &f->m);
    Buf msg;
    buf_init(&msg);
    size_t cases = 0;
    assert_int_equal(run_check(&g, &msg, &cases), GALOIS_CHECK_OK);
    assert_int_equal(msg.len, 0);
    /* monotone 2 * (16^2 + 4^2), adjunctions 2 * 64, insertions 2 * 4, alpha order 16 */
    assert_int_equal(cases, 2 * (256 + 16) + 128 + 8 + 16);
    buf_free(&msg);
}

static void test_check_broken_adjunction(void **state)
{
    Fix *f = *state;
    Maps m = f->m;
    for (size_t a = 0; a < 4; a++) m.gu.v[a] = (a & 1 ? 1u : 0u) | (a & 2 ? 4u : 0u);  /* a, c */
    AftGalois g = galois_of(f->C, f->A, &m);
    Buf msg;
    buf_init(&msg);
    size_t cases;
    assert_int_equal(run_check(&g, &msg, &cases), GALOIS_CHECK_FAILS);
    assert_string_equal(buf_cstr(&msg), "alpha_up -| gamma_up fails: alpha_up(x) <= a but not "
                        "x <= gamma_up(a) for x = {b}, a = {ab}");
    buf_free(&msg);
}

static void test_check_not_monotone(void **state)
{
    Fix *f = *state;
    Maps m = f->m;
    m.al.v[15] = 0;          /* alpha_lo(top) = {} */
    AftGalois g = galois_of(f->C, f->A, &m);
    Buf msg;
    buf_init(&msg);
    size_t cases;
    assert_int_equal(run_check(&g, &msg, &cases), GALOIS_CHECK_FAILS);
    assert_string_equal(buf_cstr(&msg), "alpha_lo is not monotone: x <= y but not alpha_lo(x) "
                        "<= alpha_lo(y) for x = {a, b}, y = {a, b, c, d}");
    buf_free(&msg);
}

static void test_check_lower_adjunction(void **state)
{
    Fix *f = *state;
    Maps m = f->m;
    m.gl.v[1] = 1;           /* gamma_lo({ab}) = {a}: monotone, but not the left adjoint */
    m.gl.v[3] = 13;
    AftGalois g = galois_of(f->C, f->A, &m);
    Buf msg;
    buf_init(&msg);
    size_t cases;
    assert_int_equal(run_check(&g, &msg, &cases), GALOIS_CHECK_FAILS);
    assert_string_equal(buf_cstr(&msg), "gamma_lo -| alpha_lo fails: gamma_lo(a) <= x but not "
                        "a <= alpha_lo(x) for a = {ab}, x = {a}");
    buf_free(&msg);
}

/* A Galois connection that is no insertion: C = 0..1, A = 0..2, alpha = id, gamma = min(a, 1). */
static void test_check_not_insertion(void **state)
{
    (void)state;
    Lattice *C = lattice_range_new(0, 1), *A = lattice_range_new(0, 2);
    Maps m = {.au = {{0, 1}}, .gu = {{0, 1, 1}}, .al = {{0, 2}}, .gl = {{0, 1, 1}}};
    AftGalois g = galois_of(C, A, &m);
    Buf msg;
    buf_init(&msg);
    size_t cases;
    assert_int_equal(run_check(&g, &msg, &cases), GALOIS_CHECK_FAILS);
    assert_string_equal(buf_cstr(&msg), "insertion law alpha_up(gamma_up(a)) = a fails: "
                        "alpha_up(gamma_up(a)) = 1 for a = 2");
    buf_free(&msg);
    lattice_free(C);
    lattice_free(A);
}

/* Two insertions with alpha_lo(1) > alpha_up(1): the paper's claim alpha_lo <= alpha_up fails. */
static void test_check_alpha_order(void **state)
{
    (void)state;
    Lattice *C = lattice_range_new(0, 2), *A = lattice_range_new(0, 1);
    Maps m = {.au = {{0, 0, 1}}, .gu = {{1, 2}}, .al = {{0, 1, 1}}, .gl = {{0, 1}}};
    AftGalois g = galois_of(C, A, &m);
    Buf msg;
    buf_init(&msg);
    size_t cases;
    assert_int_equal(run_check(&g, &msg, &cases), GALOIS_CHECK_FAILS);
    assert_string_equal(buf_cstr(&msg), "alpha_lo <= alpha_up fails: alpha_lo(x) = 1 is not "
                        "below alpha_up(x) = 0 for x = 1");
    /* alpha([1, 1]) is then no interval: the engine refuses rather than answer unsoundly */
    Tab t = {{0, 1, 2}};
    AftFunction f = fn_of(C, &t, ENV_BRUTE);
    GaloisRun *r = galois_run_new(&g, &f, NULL);
    AftOptions o;
    aft_options_default(&o);
    buf_clear(&msg);
    o.err = &msg;
    Word lo = 1, hi = 1, nlo, nhi;
    assert_int_equal(galois_refine(r, &o, &lo, &hi, &nlo, &nhi, NULL, NULL), AFT_ERROR);
    assert_non_null(strstr(buf_cstr(&msg), "is not an interval"));
    galois_run_free(r);
    buf_free(&msg);
    lattice_free(C);
    lattice_free(A);
}

static void test_check_too_large_and_error(void **state)
{
    Fix *f = *state;
    Lattice *R = lattice_real_new(0, 1, 0.5);
    Maps m = f->m;
    AftGalois g = galois_of(R, f->A, &m);
    Buf msg;
    buf_init(&msg);
    size_t cases;
    assert_int_equal(run_check(&g, &msg, &cases), GALOIS_CHECK_TOO_LARGE);
    assert_non_null(strstr(buf_cstr(&msg),
                           "concrete lattice real [0, 1] tolerance 0.5 is infinite"));
    g = galois_of(f->C, f->A, &m);
    buf_clear(&msg);
    assert_int_equal(galois_check(&g, 3, &msg, &cases), GALOIS_CHECK_TOO_LARGE);
    assert_non_null(strstr(buf_cstr(&msg), "concrete lattice powerset {a, b, c, d} has 16"));
    m.fail = true;
    assert_int_equal(run_check(&g, &msg, &cases), GALOIS_CHECK_ERROR);
    buf_free(&msg);
    lattice_free(R);
}

/* ---- soundness through the abstraction ---- */

static bool in_some(const Lattice *L, const BoundList *b, const Word *x)
{
    for (size_t i = 0; i < b->count; i++)
        if (lattice_in_interval(L, x, boundlist_lo(b, i), boundlist_hi(b, i))) return true;
    return false;
}

/* Refine and bnb through g from [bot, top]: every fixed point of t is kept, and bnb's
 * fixpoints are exactly the fixed points. */
static void assert_sound(AftGalois *g, Tab *t, EnvelopeKind env, size_t n)
{
    const Lattice *C = g->C;
    AftFunction f = fn_of(C, t, env);
    GaloisRun *r = galois_run_new(g, &f, NULL);
    assert_non_null(r);
    AftOptions o;
    aft_options_default(&o);
    Word bot, top, lo, hi;
    C->ops->bot(C, &bot);
    C->ops->top(C, &top);
    size_t nfix = 0;
    for (Word x = 0; x < n; x++) nfix += t->v[x] == x;
    AftStatus s = galois_refine(r, &o, &bot, &top, &lo, &hi, NULL, NULL);
    if (nfix) assert_int_equal(s, AFT_OK);        /* without, it may or may not see it */
    else assert_true(s == AFT_OK || s == AFT_INVALID);
    for (Word x = 0; x < n; x++)
        if (t->v[x] == x) assert_true(lattice_in_interval(C, &x, &lo, &hi));
    BoundList fin, fix;
    assert_int_equal(galois_bnb(r, &o, &bot, &top, &fin, &fix, NULL), AFT_OK);
    for (Word x = 0; x < n; x++)
        if (t->v[x] == x) assert_true(in_some(C, &fin, &x));
    for (size_t i = 0; i < fix.count; i++) {
        Word *p = boundlist_lo(&fix, i);
        assert_int_equal(*p, *boundlist_hi(&fix, i));
        assert_int_equal(t->v[*p], *p);
    }
    boundlist_free(&fin);
    boundlist_free(&fix);
    galois_run_free(r);
}

/* f(x) = (b if c not in x) + (c if b not in x) + (a if d not in x) + (d if a not in x):
 * antitone, fixed points {a, b}, {a, c}, {b, d}, {c, d}. */
static void antitone_table(Tab *t)
{
    for (size_t x = 0; x < 16; x++)
        t->v[x] = (x & 4 ? 0u : 2u) | (x & 2 ? 0u : 4u) | (x & 8 ? 0u : 1u) | (x & 1 ? 0u : 8u);
}

static void test_antitone_sound(void **state)
{
    Fix *f = *state;
    AftGalois g = galois_of(f->C, f->A, &f->m);
    Tab t;
    antitone_table(&t);
    assert_sound(&g, &t, ENV_ANTITONE, 16);
    assert_sound(&g, &t, ENV_BRUTE, 16);
}

/* A non-monotone function: pseudo-random table with a few fixed points. */
static void test_nonmonotone_sound(void **state)
{
    Fix *f = *state;
    AftGalois g = galois_of(f->C, f->A, &f->m);
    Tab t;
    for (size_t x = 0; x < 16; x++) t.v[x] = (x * 7 + 3) % 16;
    t.v[5] = 5;
    t.v[10] = 10;
    t.v[12] = 12;
    assert_sound(&g, &t, ENV_BRUTE, 16);
    for (size_t x = 0; x < 16; x++) t.v[x] = 15 - x;      /* complement: no fixed point */
    assert_sound(&g, &t, ENV_BRUTE, 16);
}

/* F through the abstraction contains F: for every interval B with F(B) valid. */
static void test_F_contains(void **state)
{
    Fix *f = *state;
    AftGalois g = galois_of(f->C, f->A, &f->m);
    Tab t;
    antitone_table(&t);
    t.v[3] = 6;
    t.v[9] = 9;
    AftFunction fn = fn_of(f->C, &t, ENV_BRUTE);
    GaloisRun *r = galois_run_new(&g, &fn, NULL);
    AftOptions o;
    aft_options_default(&o);
    size_t valid = 0;
    for (Word lo = 0; lo < 16; lo++) {
        for (Word hi = 0; hi < 16; hi++) {
            if ((lo & hi) != lo) continue;
            Word clo, chi, glo, ghi;
            if (aft_F(&fn, &o, &lo, &hi, &clo, &chi, NULL) != AFT_OK) continue;
            valid++;
            assert_int_equal(galois_F(r, &o, &lo, &hi, &glo, &ghi, NULL), AFT_OK);
            assert_true(lattice_interval_subset(f->C, &clo, &chi, &glo, &ghi));
        }
    }
    assert_true(valid > 10);
    galois_run_free(r);
}

/* The paper's recipe taken literally: f_sharp = alpha_up . f . gamma_up and
 * f_flat = alpha_lo . f . gamma_lo as tables on A, with brute-force restricted envelopes. */
typedef struct Best { const Lattice *A; Tab sharp, flat; } Best;

static void best_of(Best *b, const Lattice *A, size_t na, const Maps *m, const Tab *t)
{
    b->A = A;
    for (size_t a = 0; a < na; a++) {
        b->sharp.v[a] = m->au.v[t->v[m->gu.v[a]]];
        b->flat.v[a] = m->al.v[t->v[m->gl.v[a]]];
    }
}

static void best_env(const Best *b, const Tab *t, const Word *from, const Word *to, bool up,
                     Word *out)
{
    const Lattice *A = b->A;
    Word cur = *from;
    bool first = true;
    do {
        Word v = (Word)t->v[cur];
        if (first) *out = v;
        else if (up) A->ops->join(A, out, out, &v);
        else A->ops->meet(A, out, out, &v);
        first = false;
    } while (A->ops->next(A, from, to, &cur));
}

static bool best_upper(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    const Best *b = ctx;
    (void)hi;
    best_env(b, &b->sharp, lo, x, true, out);
    return true;
}

static bool best_lower(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    const Best *b = ctx;
    (void)lo;
    best_env(b, &b->flat, x, hi, false, out);
    return true;
}

static bool best_eval(void *ctx, const Word *x, Word *out)
{
    const Best *b = ctx;
    return apply(&b->sharp, x, out);
}

/* IR of the literal recipe on A from alpha([bot, top]), gamma of it in [lo, hi]. */
static AftStatus best_refine(Best *b, const AftGalois *g, Word *lo, Word *hi)
{
    AftFunction fa = {.L = b->A, .name = "f#", .ctx = b, .eval = best_eval,
                      .envelope = ENV_DECLARED, .upper = best_upper, .lower = best_lower};
    AftOptions o;
    aft_options_default(&o);
    Word bot, top, alo, ahi;
    g->C->ops->bot(g->C, &bot);
    g->C->ops->top(g->C, &top);
    assert_true(g->alpha_lo(g->ctx, &bot, &alo) && g->alpha_up(g->ctx, &top, &ahi));
    AftStatus s = aft_refine(&fa, &o, &alo, &ahi, &alo, &ahi, NULL, NULL);
    if (s == AFT_OK) assert_true(g->gamma_lo(g->ctx, &alo, lo) && g->gamma_up(g->ctx, &ahi, hi));
    return s;
}

/* Monotone f: the envelopes are the best transformers f_flat and f_sharp, whichever way f's
 * envelopes are given. */
static void test_monotone_best_transformers(void **state)
{
    Fix *f = *state;
    AftGalois g = galois_of(f->C, f->A, &f->m);
    Tab t;
    for (size_t x = 0; x < 16; x++) t.v[x] = x & 1 ? (x | 2) : (x & 4 ? 8 : 0);
    for (size_t x = 0; x < 16; x++)          /* make it monotone: join over the subsets */
        for (size_t y = 0; y < x; y++)
            if ((y & x) == y) t.v[x] |= t.v[y];
    AftFunction fm = fn_of(f->C, &t, ENV_MONOTONE), fb = fn_of(f->C, &t, ENV_BRUTE);
    GaloisRun *rm = galois_run_new(&g, &fm, NULL), *rb = galois_run_new(&g, &fb, NULL);
    AftOptions o;
    aft_options_default(&o);
    Word bot = 0, top = 15, l1, h1, l2, h2, l3, h3;
    assert_int_equal(galois_refine(rm, &o, &bot, &top, &l1, &h1, NULL, NULL), AFT_OK);
    assert_int_equal(galois_refine(rb, &o, &bot, &top, &l2, &h2, NULL, NULL), AFT_OK);
    Best b;
    best_of(&b, f->A, 4, &f->m, &t);
    assert_int_equal(best_refine(&b, &g, &l3, &h3), AFT_OK);
    assert_int_equal(l1, l2);
    assert_int_equal(h1, h2);
    assert_int_equal(l1, l3);
    assert_int_equal(h1, h3);
    galois_run_free(rm);
    galois_run_free(rb);
}

/* Regression: C = 0..3, A = 0..1, antitone f = (2, 1, 1, 0) with fixed point 1.  With the
 * plain best transformers on A, IR reaches [0, 0] then an invalid bound, losing 1. */
static void test_antitone_regression(void **state)
{
    (void)state;
    Lattice *C = lattice_range_new(0, 3), *A = lattice_range_new(0, 1);
    Maps m = {.au = {{0, 0, 1, 1}}, .gu = {{1, 3}}, .al = {{0, 0, 1, 1}}, .gl = {{0, 2}}};
    AftGalois g = galois_of(C, A, &m);
    Buf msg;
    buf_init(&msg);
    size_t cases;
    assert_int_equal(run_check(&g, &msg, &cases), GALOIS_CHECK_OK);
    Tab t = {{2, 1, 1, 0}};
    Best b;
    Word lo, hi;
    best_of(&b, A, 2, &m, &t);
    assert_int_equal(best_refine(&b, &g, &lo, &hi), AFT_INVALID);
    assert_sound(&g, &t, ENV_ANTITONE, 4);
    assert_sound(&g, &t, ENV_BRUTE, 4);
    buf_free(&msg);
    lattice_free(C);
    lattice_free(A);
}

/* Regression: C = powerset {a, b}, A = 0..1 (1 = both), f({}) = {a, b}, f fixes {a}, {b},
 * {a, b}.  f_flat(0) = alpha_lo(f({})) = 1 would put gamma_lo(1) = {a, b} below everything. */
static void test_nonmonotone_regression(void **state)
{
    (void)state;
    static const char *const atoms[] = {"a", "b"};
    Lattice *C = lattice_powerset_new(atoms, 2), *A = lattice_range_new(0, 1);
    Maps m = {.au = {{0, 1, 1, 1}}, .gu = {{0, 3}}, .al = {{0, 0, 0, 1}}, .gl = {{0, 3}}};
    AftGalois g = galois_of(C, A, &m);
    Buf msg;
    buf_init(&msg);
    size_t cases;
    assert_int_equal(run_check(&g, &msg, &cases), GALOIS_CHECK_OK);
    Tab t = {{3, 1, 2, 3}};
    Best b;
    Word lo, hi;
    best_of(&b, A, 2, &m, &t);
    assert_int_equal(best_refine(&b, &g, &lo, &hi), AFT_OK);
    assert_int_equal(lo, 3);                 /* {a, b}: the fixed points {a} and {b} are lost */
    assert_sound(&g, &t, ENV_BRUTE, 4);
    buf_free(&msg);
    lattice_free(C);
    lattice_free(A);
}

/* Events of refine are abstract bounds; those of bnb are concrete ones mapped through alpha. */
typedef struct Seen { const Lattice *A; size_t refine, bnb; bool ok; } Seen;

static void on_event(void *ctx, const AftEvent *ev)
{
    Seen *s = ctx;
    if (ev->kind == EV_REFINE_STEP) s->refine++;
    else s->bnb++;
    if (ev->lo && ev->hi) s->ok = s->ok && ev->lo[0] < 4 && ev->hi[0] < 4;
}

static void test_events_and_mismatch(void **state)
{
    Fix *f = *state;
    AftGalois g = galois_of(f->C, f->A, &f->m);
    Tab t;
    antitone_table(&t);
    AftFunction fn = fn_of(f->C, &t, ENV_ANTITONE);
    GaloisRun *r = galois_run_new(&g, &fn, NULL);
    assert_ptr_equal(galois_run_lattice(r), f->A);
    Seen seen = {f->A, 0, 0, true};
    AftOptions o;
    aft_options_default(&o);
    o.on_event = on_event;
    o.event_ctx = &seen;
    Word bot = 0, top = 15, lo, hi;
    size_t steps = 0;
    AftStats st;
    assert_int_equal(galois_refine(r, &o, &bot, &top, &lo, &hi, &steps, &st), AFT_OK);
    assert_int_equal(seen.refine, steps);
    assert_true(steps >= 1 && st.f_calls == steps);
    BoundList fin, fix;
    assert_int_equal(galois_bnb(r, &o, &bot, &top, &fin, &fix, &st), AFT_OK);
    assert_true(seen.bnb > 0 && seen.ok);
    assert_true(fix.count <= 4 && fin.count >= 1);
    boundlist_free(&fin);
    boundlist_free(&fix);
    galois_run_free(r);
    /* a function on another lattice */
    AftFunction other = fn_of(f->A, &t, ENV_BRUTE);
    Buf err;
    buf_init(&err);
    assert_null(galois_run_new(&g, &other, &err));
    assert_string_equal(buf_cstr(&err), "function 'f' works on powerset {ab, cd}, but galois "
                        "'G' abstracts powerset {a, b, c, d}");
    buf_free(&err);
}

/* Regression: two powersets that differ only after their 8th atom describe alike ("...
 * (9 in all)"), and were taken for one lattice; a run on the other one is now refused. */
static void test_mismatch_after_eighth_atom(void **state)
{
    (void)state;
    static const char *const nine[] = {"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"};
    static const char *const other[] = {"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "z9"};
    Lattice *C = lattice_powerset_new(nine, 9), *D = lattice_powerset_new(other, 9);
    Lattice *A = lattice_range_new(0, 1);
    Maps m = {0};
    AftGalois g = galois_of(C, A, &m);
    Tab t = {{0}};
    AftFunction on_d = fn_of(D, &t, ENV_BRUTE), on_c = fn_of(C, &t, ENV_BRUTE);
    Buf err;
    buf_init(&err);
    assert_null(galois_run_new(&g, &on_d, &err));
    assert_string_equal(buf_cstr(&err), "function 'f' works on powerset {a1, a2, a3, a4, a5, a6, a7, a8, "
                        "... (9 in all)}, but galois 'G' abstracts powerset {a1, a2, a3, a4, a5, a6, a7, "
                        "a8, ... (9 in all)}");
    GaloisRun *r = galois_run_new(&g, &on_c, NULL);
    assert_non_null(r);
    galois_run_free(r);
    buf_free(&err);
    lattice_free(C);
    lattice_free(D);
    lattice_free(A);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_check_ok, fix_setup, fix_teardown),
        cmocka_unit_test_setup_teardown(test_check_broken_adjunction, fix_setup, fix_teardown),
        cmocka_unit_test_setup_teardown(test_check_not_monotone, fix_setup, fix_teardown),
        cmocka_unit_test_setup_teardown(test_check_lower_adjunction, fix_setup, fix_teardown),
        cmocka_unit_test(test_check_not_insertion),
        cmocka_unit_test(test_check_alpha_order),
        cmocka_unit_test_setup_teardown(test_check_too_large_and_error, fix_setup, fix_teardown),
        cmocka_unit_test_setup_teardown(test_antitone_sound, fix_setup, fix_teardown),
        cmocka_unit_test_setup_teardown(test_nonmonotone_sound, fix_setup, fix_teardown),
        cmocka_unit_test_setup_teardown(test_F_contains, fix_setup, fix_teardown),
        cmocka_unit_test_setup_teardown(test_monotone_best_transformers, fix_setup, fix_teardown),
        cmocka_unit_test(test_antitone_regression),
        cmocka_unit_test(test_nonmonotone_regression),
        cmocka_unit_test_setup_teardown(test_events_and_mismatch, fix_setup, fix_teardown),
        cmocka_unit_test(test_mismatch_after_eighth_atom),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
