/* test_lattice.c: unit tests of every lattice kind and of the generic helpers in lattice.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "lattice/lattice.h"
#include "util/mem.h"

enum { MAXW = 8 };          /* enough words for the small lattices below */

static const char *const ATOMS[] = { "p", "q", "r" };
static const char *const LEVELS[] = { "low", "mid", "high" };

/* ---- helpers ---- */

/* The text of a via print (json when as_json), in a static-free Buf the caller frees. */
static void expect_text(const Lattice *L, const Word *a, bool as_json, const char *want)
{
    Buf b;
    buf_init(&b);
    if (as_json) L->ops->json(L, a, &b);
    else L->ops->print(L, a, &b);
    assert_string_equal(buf_cstr(&b), want);
    buf_free(&b);
}

/* A powerset element from space-separated atom names. */
static void set_of(const Lattice *L, Word *out, const char *names)
{
    L->ops->bot(L, out);
    char *copy = mem_strdup(names);
    for (char *tok = strtok(copy, " "); tok; tok = strtok(NULL, " ")) {
        long i = lattice_name_index(L, tok);
        assert_true(i >= 0);
        out[i / 64] |= (Word)1 << (i % 64);
    }
    mem_free(copy);
}

static void one(Word *w, int64_t v) { w[0] = word_from_int(v); }

static size_t count_elements(const Lattice *L, const Word *lo, const Word *hi)
{
    Word cur[MAXW];
    lattice_copy(L, cur, lo);
    size_t n = 1;
    while (L->ops->next(L, lo, hi, cur)) {
        assert_true(lattice_in_interval(L, cur, lo, hi));
        n++;
    }
    return n;
}

/* Checks a decompose result: both halves strictly inside [lo, hi], every element of [lo, hi]
 * in one of them, and in only one when disjoint is claimed. */
static void check_split(const Lattice *L, const Word *lo, const Word *hi, const Word *lo1,
                        const Word *hi1, const Word *lo2, const Word *hi2, bool disjoint)
{
    assert_true(lattice_interval_valid(L, lo1, hi1));
    assert_true(lattice_interval_valid(L, lo2, hi2));
    assert_true(lattice_interval_subset(L, lo1, hi1, lo, hi));
    assert_true(lattice_interval_subset(L, lo2, hi2, lo, hi));
    assert_false(lattice_interval_subset(L, lo, hi, lo1, hi1));
    assert_false(lattice_interval_subset(L, lo, hi, lo2, hi2));
    Word cur[MAXW];
    lattice_copy(L, cur, lo);
    do {
        bool in1 = lattice_in_interval(L, cur, lo1, hi1), in2 = lattice_in_interval(L, cur, lo2, hi2);
        assert_true(in1 || in2);
        if (disjoint) assert_false(in1 && in2);
    } while (L->ops->next(L, lo, hi, cur));
}

/* ---- powerset ---- */

static void test_powerset_order_join_meet(void **state)
{
    (void)state;
    Lattice *L = lattice_powerset_new(ATOMS, 3);
    Word a[1], b[1], c[1], t[1];
    set_of(L, a, "p");
    set_of(L, b, "q r");
    assert_false(L->ops->leq(L, a, b));
    L->ops->join(L, c, a, b);
    set_of(L, t, "p q r");
    assert_true(L->ops->eq(L, c, t));
    L->ops->top(L, t);
    assert_true(L->ops->eq(L, c, t));
    L->ops->meet(L, c, a, b);
    L->ops->bot(L, t);
    assert_true(L->ops->eq(L, c, t));
    assert_true(L->ops->leq(L, t, a));
    assert_true(L->finite);
    assert_true(L->log2_card == 3);
    lattice_free(L);
}

static void test_powerset_text(void **state)
{
    (void)state;
    Lattice *L = lattice_powerset_new(ATOMS, 3);
    Word a[1];
    set_of(L, a, "r p");
    expect_text(L, a, false, "{p, r}");
    expect_text(L, a, true, "[\"p\",\"r\"]");
    L->ops->bot(L, a);
    expect_text(L, a, false, "{}");
    expect_text(L, a, true, "[]");
    lattice_free(L);
}

static void test_powerset_decompose(void **state)
{
    (void)state;
    Lattice *L = lattice_powerset_new(ATOMS, 3);
    Word lo[1], hi[1], lo1[1], hi1[1], lo2[1], hi2[1], want[1];
    set_of(L, lo, "q");
    L->ops->top(L, hi);
    SplitCtx first = { SPLIT_FIRST, NULL }, last = { SPLIT_LAST, NULL };
    assert_true(L->ops->decompose(L, lo, hi, &first, lo1, hi1, lo2, hi2));
    set_of(L, want, "q r");
    assert_true(L->ops->eq(L, hi1, want));
    set_of(L, want, "p q");
    assert_true(L->ops->eq(L, lo2, want));
    check_split(L, lo, hi, lo1, hi1, lo2, hi2, true);
    assert_true(L->ops->decompose(L, lo, hi, &last, lo1, hi1, lo2, hi2));
    set_of(L, want, "p q");
    assert_true(L->ops->eq(L, hi1, want));
    Rng rng = { 42 };
    SplitCtx rnd = { SPLIT_RANDOM, &rng };
    for (int i = 0; i < 20; i++) {
        assert_true(L->ops->decompose(L, lo, hi, &rnd, lo1, hi1, lo2, hi2));
        check_split(L, lo, hi, lo1, hi1, lo2, hi2, true);
    }
    assert_false(L->ops->decompose(L, hi, hi, &first, lo1, hi1, lo2, hi2));
    lattice_free(L);
}

static void test_powerset_next_across_words(void **state)
{
    (void)state;
    char names[130][16];
    const char *ptrs[130];
    for (int i = 0; i < 130; i++) { snprintf(names[i], sizeof names[i], "a%d", i); ptrs[i] = names[i]; }
    Lattice *L = lattice_powerset_new(ptrs, 130);
    assert_int_equal(L->nwords, 3);
    Word lo[3] = { 0 }, hi[3] = { 0 };
    for (int i = 58; i < 70; i++) hi[i / 64] |= (Word)1 << (i % 64);     /* 12 free, 2 words */
    hi[2] = lo[2] = 1;                                                   /* atom 128 fixed */
    hi[0] |= 1;
    lo[0] |= 1;
    assert_true(L->ops->log2_size(L, lo, hi) == 12);
    assert_int_equal(count_elements(L, lo, hi), 4096);
    Word top[3];
    L->ops->top(L, top);
    assert_int_equal(top[2], 3);         /* atoms 128 and 129 only */
    assert_true(L->ops->log2_size(L, lo, top) == 130 - 2);
    lattice_free(L);
}

static void test_powerset_union(void **state)
{
    (void)state;
    Lattice *L = lattice_powerset_new(ATOMS, 3);
    Word lo1[1], hi1[1], lo2[1], hi2[1];
    set_of(L, lo1, "");  set_of(L, hi1, "p");
    set_of(L, lo2, "q"); set_of(L, hi2, "p q");
    assert_true(L->ops->union_is_interval(L, lo1, hi1, lo2, hi2));     /* = [{}, {p,q}] */
    set_of(L, lo2, "p"); set_of(L, hi2, "p q");
    assert_false(L->ops->union_is_interval(L, lo1, hi1, lo2, hi2));    /* {q} is missing */
    set_of(L, lo2, ""); set_of(L, hi2, "p q");
    assert_true(L->ops->union_is_interval(L, lo1, hi1, lo2, hi2));     /* containment */
    set_of(L, lo2, "q r"); set_of(L, hi2, "p q r");
    assert_false(L->ops->union_is_interval(L, lo1, hi1, lo2, hi2));    /* lo differ in two */
    lattice_free(L);
}

static void test_powerset_huge(void **state)
{
    (void)state;
    enum { N = 100000 };
    char **names = mem_calloc(N, sizeof(char *));
    for (size_t i = 0; i < N; i++) { names[i] = mem_alloc(12); snprintf(names[i], 12, "x%zu", i); }
    Lattice *L = lattice_powerset_new((const char *const *)names, N);
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    Word *lo1 = lattice_elem_new(L), *hi1 = lattice_elem_new(L), *lo2 = lattice_elem_new(L), *hi2 = lattice_elem_new(L);
    L->ops->top(L, hi);
    assert_true(L->ops->log2_size(L, lo, hi) == N);
    SplitCtx last = { SPLIT_LAST, NULL };
    assert_true(L->ops->decompose(L, lo, hi, &last, lo1, hi1, lo2, hi2));
    assert_true(lo2[(N - 1) / 64] == (Word)1 << ((N - 1) % 64));
    assert_true(L->ops->union_is_interval(L, lo1, hi1, lo2, hi2));
    Buf b;
    buf_init(&b);
    L->ops->json(L, lo2, &b);
    assert_string_equal(buf_cstr(&b), "[\"x99999\"]");
    lattice_print_log2_size(L->log2_card, &b);
    buf_free(&b);
    assert_int_equal(lattice_name_index(L, "x4242"), 4242);
    for (Word *w[] = { lo, hi, lo1, hi1, lo2, hi2 }, **p = w; p < w + 6; p++) mem_free(*p);
    for (size_t i = 0; i < N; i++) mem_free(names[i]);
    mem_free(names);
    lattice_free(L);
}

static void test_powerset_empty(void **state)
{
    (void)state;
    Lattice *L = lattice_powerset_new(NULL, 0);
    Word *a = lattice_elem_new(L);
    assert_int_equal(L->nwords, 0);
    assert_true(L->ops->is_point(L, a, a));
    assert_int_equal(count_elements(L, a, a), 1);
    expect_text(L, a, false, "{}");
    mem_free(a);
    lattice_free(L);
}

/* ---- chain and range ---- */

static void test_chain(void **state)
{
    (void)state;
    Lattice *L = lattice_chain_new(LEVELS, 3);
    Word lo[1], hi[1], a[1], b[1], c[1], lo1[1], hi1[1], lo2[1], hi2[1];
    L->ops->bot(L, lo);
    L->ops->top(L, hi);
    one(a, 1);
    one(b, 2);
    assert_true(L->ops->leq(L, lo, a) && L->ops->leq(L, a, b) && !L->ops->leq(L, b, a));
    L->ops->join(L, c, a, b);
    assert_true(L->ops->eq(L, c, b));
    L->ops->meet(L, c, a, b);
    assert_true(L->ops->eq(L, c, a));
    expect_text(L, a, false, "mid");
    expect_text(L, hi, true, "\"high\"");
    assert_true(L->ops->decompose(L, lo, hi, NULL, lo1, hi1, lo2, hi2));
    assert_int_equal(hi1[0], 1);
    assert_int_equal(lo2[0], 2);
    check_split(L, lo, hi, lo1, hi1, lo2, hi2, true);
    assert_int_equal(count_elements(L, lo, hi), 3);
    assert_true(L->ops->height(L, lo, hi) == 2);
    one(lo1, 0); one(hi1, 0); one(lo2, 1); one(hi2, 2);
    assert_true(L->ops->union_is_interval(L, lo1, hi1, lo2, hi2));    /* touching */
    one(lo2, 2);
    assert_false(L->ops->union_is_interval(L, lo1, hi1, lo2, hi2));   /* a gap */
    assert_null(lattice_chain_new(NULL, 0));
    lattice_free(L);
}

static void test_range(void **state)
{
    (void)state;
    Lattice *L = lattice_range_new(-3, 5);
    Word lo[1], hi[1], lo1[1], hi1[1], lo2[1], hi2[1];
    L->ops->bot(L, lo);
    L->ops->top(L, hi);
    expect_text(L, lo, false, "-3");
    expect_text(L, hi, true, "5");
    assert_true(L->ops->decompose(L, lo, hi, NULL, lo1, hi1, lo2, hi2));
    assert_int_equal(word_to_int(hi1[0]), 1);
    assert_int_equal(word_to_int(lo2[0]), 2);
    check_split(L, lo, hi, lo1, hi1, lo2, hi2, true);
    assert_int_equal(count_elements(L, lo, hi), 9);
    assert_true(fabs(L->log2_card - log2(9)) < 1e-12);
    assert_true(L->ops->union_is_interval(L, lo1, hi1, lo2, hi2));
    one(lo2, 3);
    assert_false(L->ops->union_is_interval(L, lo1, hi1, lo2, hi2));
    lattice_free(L);

    L = lattice_range_new(INT64_MIN, INT64_MAX);          /* no overflow at the extremes */
    L->ops->bot(L, lo);
    L->ops->top(L, hi);
    assert_true(L->ops->decompose(L, lo, hi, NULL, lo1, hi1, lo2, hi2));
    assert_int_equal(word_to_int(hi1[0]), -1);
    assert_int_equal(word_to_int(lo2[0]), 0);
    assert_true(L->ops->union_is_interval(L, lo1, hi1, lo2, hi2));
    assert_true(fabs(L->ops->log2_size(L, lo, hi) - 64) < 1e-9);
    lattice_free(L);
    assert_null(lattice_range_new(2, 1));
}

/* ---- real ---- */

static void real_set(Word *w, double d) { w[0] = word_from_double(d); }

static void test_real(void **state)
{
    (void)state;
    Lattice *L = lattice_real_new(0, 1, 0.25);
    Word lo[1], hi[1], lo1[1], hi1[1], lo2[1], hi2[1], x[1];
    L->ops->bot(L, lo);
    L->ops->top(L, hi);
    assert_false(L->finite);
    assert_true(isinf(L->log2_card));
    assert_true(L->ops->height(L, lo, hi) == 4);
    assert_true(fabs(L->ops->log2_size(L, lo, hi) - log2(5)) < 1e-12);
    assert_true(L->ops->decompose(L, lo, hi, NULL, lo1, hi1, lo2, hi2));
    assert_true(word_to_double(hi1[0]) == 0.5 && word_to_double(lo2[0]) == 0.5);
    assert_true(word_to_double(lo1[0]) == 0 && word_to_double(hi2[0]) == 1);
    expect_text(L, hi1, false, "0.5");
    expect_text(L, hi, true, "1");
    real_set(x, 0.2);
    assert_true(L->ops->is_point(L, lo, x));
    assert_false(L->ops->decompose(L, lo, x, NULL, lo1, hi1, lo2, hi2));
    assert_true(L->ops->union_is_interval(L, lo, hi1, lo2, hi));          /* touching */
    real_set(lo2, 0.6);
    assert_false(L->ops->union_is_interval(L, lo, hi1, lo2, hi));         /* a gap */
    lattice_copy(L, x, lo);
    assert_false(L->ops->next(L, lo, hi, x));
    Rng rng = { 7 };
    for (int i = 0; i < 100; i++) {
        L->ops->random(L, &rng, x);
        assert_true(lattice_in_interval(L, x, lo, hi));
    }
    lattice_free(L);
    assert_null(lattice_real_new(1, 0, 0.1));
    assert_null(lattice_real_new(0, 1, 0));
}

/* ---- product and map ---- */

static void test_product(void **state)
{
    (void)state;
    Lattice *C = lattice_chain_new(LEVELS, 3), *R = lattice_range_new(0, 10);
    Lattice *parts[] = { C, R };
    Lattice *P = lattice_product_new(parts, 2);
    assert_int_equal(P->nwords, 2);
    Word lo[2], hi[2], a[2], lo1[2], hi1[2], lo2[2], hi2[2];
    P->ops->bot(P, lo);
    P->ops->top(P, hi);
    a[0] = 0; a[1] = word_from_int(3);
    expect_text(P, a, false, "(low, 3)");
    expect_text(P, a, true, "[\"low\",3]");
    assert_true(P->ops->height(P, lo, hi) == 12);
    assert_true(fabs(P->log2_card - log2(33)) < 1e-12);
    assert_int_equal(count_elements(P, lo, hi), 33);

    SplitCtx widest = { SPLIT_WIDEST, NULL }, first = { SPLIT_FIRST, NULL }, last = { SPLIT_LAST, NULL };
    assert_true(P->ops->decompose(P, lo, hi, &widest, lo1, hi1, lo2, hi2));
    assert_int_equal(word_to_int(hi1[1]), 5);                 /* the range is the widest */
    assert_int_equal(hi1[0], 2);
    check_split(P, lo, hi, lo1, hi1, lo2, hi2, true);
    assert_true(P->ops->decompose(P, lo, hi, &first, lo1, hi1, lo2, hi2));
    assert_int_equal(hi1[0], 1);
    assert_true(P->ops->decompose(P, lo, hi, &last, lo1, hi1, lo2, hi2));
    assert_int_equal(word_to_int(hi1[1]), 5);
    assert_true(P->ops->union_is_interval(P, lo1, hi1, lo2, hi2));   /* differ in one part */
    /* Differ in two components: not a box. */
    hi1[0] = 0;
    assert_false(P->ops->union_is_interval(P, lo1, hi1, lo2, hi2));
    /* A component fixed at a point is not split. */
    hi[0] = lo[0];
    assert_true(P->ops->decompose(P, lo, hi, &first, lo1, hi1, lo2, hi2));
    assert_int_equal(word_to_int(hi1[1]), 5);
    lattice_free(P);
    lattice_free(C);
    lattice_free(R);
}

static const char *const SIGN_NAMES[] = { "bot", "neg", "zero", "pos", "top" };
static const size_t SIGN_COVERS[][2] = { {0, 1}, {0, 2}, {0, 3}, {1, 4}, {2, 4}, {3, 4} };

static Lattice *sign_new(void)
{
    Buf err;
    buf_init(&err);
    Lattice *L = lattice_finite_new(SIGN_NAMES, 5, SIGN_COVERS, 6, &err);
    assert_non_null(L);
    buf_free(&err);
    return L;
}

static void test_map(void **state)
{
    (void)state;
    Lattice *S = sign_new();
    const char *keys[] = { "x", "y" };
    Lattice *M = lattice_map_new(keys, 2, S);
    Word a[2] = { 3, 1 }, lo[2], hi[2], lo1[2], hi1[2], lo2[2], hi2[2];
    expect_text(M, a, false, "{x -> pos, y -> neg}");
    expect_text(M, a, true, "{\"x\":\"pos\",\"y\":\"neg\"}");
    M->ops->bot(M, lo);
    M->ops->top(M, hi);
    assert_int_equal(count_elements(M, lo, hi), 25);
    assert_true(fabs(M->log2_card - 2 * log2(5)) < 1e-12);
    assert_true(M->ops->height(M, lo, hi) == 4);
    assert_int_equal(lattice_name_index(M, "y"), 1);
    SplitCtx widest = { SPLIT_WIDEST, NULL };
    assert_false(M->ops->decompose(M, lo, hi, &widest, lo1, hi1, lo2, hi2));   /* M3 parts */
    Word b[2] = { 1, 0 };
    assert_true(M->ops->decompose(M, b, hi, &widest, lo1, hi1, lo2, hi2));   /* [neg, top] */
    check_split(M, b, hi, lo1, hi1, lo2, hi2, true);
    lattice_free(M);
    lattice_free(S);
}

/* ---- finite ---- */

static void test_finite_sign(void **state)
{
    (void)state;
    Lattice *L = sign_new();
    Word neg[1] = { 1 }, pos[1] = { 3 }, c[1], lo[1], hi[1];
    L->ops->join(L, c, neg, pos);
    assert_int_equal(c[0], 4);
    L->ops->meet(L, c, neg, pos);
    assert_int_equal(c[0], 0);
    assert_false(L->ops->leq(L, neg, pos));
    L->ops->bot(L, lo);
    L->ops->top(L, hi);
    assert_int_equal(lo[0], 0);
    assert_int_equal(hi[0], 4);
    assert_true(L->ops->height(L, lo, hi) == 2);
    assert_int_equal(count_elements(L, lo, hi), 5);
    expect_text(L, pos, false, "pos");
    expect_text(L, pos, true, "\"pos\"");
    /* Union of [bot, neg] and [neg, top]: misses zero and pos. */
    assert_false(L->ops->union_is_interval(L, lo, neg, neg, hi));
    Word zero[1] = { 2 };
    assert_true(L->ops->union_is_interval(L, lo, neg, lo, zero) == false);
    assert_true(L->ops->union_is_interval(L, lo, hi, neg, hi));
    lattice_free(L);
}

static void test_finite_decompose(void **state)
{
    (void)state;
    /* The chain 0 < 1 < 2 < 3 as covers listed out of order; and a diamond 2x2. */
    const char *names[] = { "c", "a", "d", "b" };
    const size_t covers[][2] = { {2, 3}, {1, 0}, {0, 2} };       /* a < c < d < b */
    Buf err;
    buf_init(&err);
    Lattice *L = lattice_finite_new(names, 4, covers, 3, &err);
    assert_non_null(L);
    Word lo[1], hi[1], lo1[1], hi1[1], lo2[1], hi2[1];
    L->ops->bot(L, lo);
    L->ops->top(L, hi);
    assert_int_equal(lo[0], 1);
    assert_int_equal(hi[0], 3);
    assert_true(L->ops->height(L, lo, hi) == 3);
    assert_true(L->ops->decompose(L, lo, hi, NULL, lo1, hi1, lo2, hi2));
    check_split(L, lo, hi, lo1, hi1, lo2, hi2, true);
    assert_true(L->ops->log2_size(L, lo1, hi1) == 1 && L->ops->log2_size(L, lo2, hi2) == 1);
    lattice_free(L);

    const char *dn[] = { "0", "x", "y", "1" };
    const size_t dc[][2] = { {0, 1}, {0, 2}, {1, 3}, {2, 3} };
    L = lattice_finite_new(dn, 4, dc, 4, &err);
    assert_non_null(L);
    L->ops->bot(L, lo);
    L->ops->top(L, hi);
    assert_true(L->ops->decompose(L, lo, hi, NULL, lo1, hi1, lo2, hi2));
    check_split(L, lo, hi, lo1, hi1, lo2, hi2, true);
    assert_true(L->ops->union_is_interval(L, lo1, hi1, lo2, hi2));
    lattice_free(L);
    buf_free(&err);
}

static void expect_refused(const char *const *names, size_t n, const size_t (*covers)[2],
                           size_t ncovers, const char *want)
{
    Buf err;
    buf_init(&err);
    Lattice *L = lattice_finite_new(names, n, covers, ncovers, &err);
    assert_null(L);
    if (!strstr(buf_cstr(&err), want)) fail_msg("message \"%s\" lacks \"%s\"", buf_cstr(&err), want);
    buf_free(&err);
}

static void test_finite_refusals(void **state)
{
    (void)state;
    const char *names[] = { "bot", "a", "b", "c", "d", "top" };
    const size_t no_join[][2] = { {0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 5}, {4, 5} };
    expect_refused(names, 6, no_join, 8, "elements a and b have no join (upper bounds c and d are incomparable)");
    const size_t cycle[][2] = { {0, 1}, {1, 2}, {2, 1}, {2, 5} };
    expect_refused(names, 6, cycle, 4, "cycle through ");
    const size_t self[][2] = { {0, 0} };
    expect_refused(names, 1, self, 1, "cycle through bot");
    expect_refused(names, 2, NULL, 0, "no bottom element (bot and a are both minimal)");
    expect_refused((const char *[]){ "bot", "a", "top" }, 3, (const size_t[][2]){ {0, 1}, {0, 2} }, 2,
                   "no top element (a and top are both maximal)");
    expect_refused(names, 0, NULL, 0, "at least one element");
    const char *dup[] = { "a", "a" };
    expect_refused(dup, 2, (const size_t[][2]){ {0, 1} }, 1, "declared twice");
    size_t big = LATTICE_FINITE_MAX + 1;
    const char **many = mem_calloc(big, sizeof(char *));
    char (*buf)[24] = mem_calloc(big, 24);
    for (size_t i = 0; i < big; i++) { snprintf(buf[i], 24, "e%zu", i); many[i] = buf[i]; }
    expect_refused(many, big, NULL, 0, "too many elements");
    mem_free(many);
    mem_free(buf);
}

static void test_finite_largest(void **state)
{
    (void)state;
    /* A chain of LATTICE_FINITE_MAX elements: the biggest accepted. */
    size_t n = LATTICE_FINITE_MAX;
    const char **names = mem_calloc(n, sizeof(char *));
    char (*buf)[24] = mem_calloc(n, 24);
    size_t (*covers)[2] = mem_calloc(n, sizeof *covers);
    for (size_t i = 0; i < n; i++) {
        snprintf(buf[i], 24, "e%zu", i);
        names[i] = buf[i];
        covers[i][0] = i;
        covers[i][1] = i + 1;
    }
    Buf err;
    buf_init(&err);
    Lattice *L = lattice_finite_new(names, n, (const size_t (*)[2])covers, n - 1, &err);
    assert_non_null(L);
    Word lo[1], hi[1];
    L->ops->bot(L, lo);
    L->ops->top(L, hi);
    assert_true(L->ops->height(L, lo, hi) == (double)(n - 1));
    lattice_free(L);
    buf_free(&err);
    mem_free(covers);
    mem_free(buf);
    mem_free(names);
}

/* ---- dual ---- */

static void test_dual(void **state)
{
    (void)state;
    Lattice *C = lattice_chain_new(LEVELS, 3);
    Lattice *D = lattice_dual_new(C);
    Word lo[1], hi[1], a[1] = { 0 }, b[1] = { 2 }, c[1], lo1[1], hi1[1], lo2[1], hi2[1];
    assert_true(D->ops->leq(D, b, a));
    assert_false(D->ops->leq(D, a, b));
    D->ops->join(D, c, a, b);
    assert_int_equal(c[0], 0);
    D->ops->bot(D, lo);
    D->ops->top(D, hi);
    assert_int_equal(lo[0], 2);
    assert_int_equal(hi[0], 0);
    expect_text(D, lo, false, "high");
    assert_true(D->ops->height(D, lo, hi) == 2);
    assert_int_equal(count_elements(D, lo, hi), 3);
    assert_true(D->ops->decompose(D, lo, hi, NULL, lo1, hi1, lo2, hi2));
    check_split(D, lo, hi, lo1, hi1, lo2, hi2, true);

    Lattice *S = lattice_powerset_new(ATOMS, 3);
    Lattice *DS = lattice_dual_new(S);
    DS->ops->bot(DS, lo);
    DS->ops->top(DS, hi);
    expect_text(DS, lo, false, "{p, q, r}");
    assert_int_equal(count_elements(DS, lo, hi), 8);
    Buf b2;
    buf_init(&b2);
    lattice_describe(DS, &b2);
    assert_string_equal(buf_cstr(&b2), "dual powerset {p, q, r}");
    buf_free(&b2);
    lattice_free(DS);
    lattice_free(S);
    lattice_free(D);
    lattice_free(C);
}

/* ---- generic helpers ---- */

static void test_helpers(void **state)
{
    (void)state;
    Lattice *S = lattice_powerset_new(ATOMS, 3), *R = lattice_range_new(0, 3);
    Lattice *parts[] = { S, R };
    Lattice *P = lattice_product_new(parts, 2);
    Buf b;
    buf_init(&b);
    Word lo[2] = { 0, 0 }, hi[2] = { 1, 2 };
    lattice_print_interval(P, lo, hi, &b);
    assert_string_equal(buf_cstr(&b), "[({}, 0) .. ({p}, 2)]");
    buf_clear(&b);
    lattice_describe(P, &b);
    assert_string_equal(buf_cstr(&b), "powerset {p, q, r} * range 0..3");
    buf_clear(&b);
    R->name = "Cnt";
    lattice_describe(P, &b);
    assert_string_equal(buf_cstr(&b), "powerset {p, q, r} * Cnt");
    char *s = lattice_to_string(P, hi);
    assert_string_equal(s, "({p}, 2)");
    mem_free(s);
    buf_clear(&b);
    lattice_print_log2_size(3, &b);
    buf_puts(&b, " ");
    lattice_print_log2_size(100000, &b);
    buf_puts(&b, " ");
    lattice_print_log2_size(INFINITY, &b);
    assert_string_equal(buf_cstr(&b), "8 2^100000 infinite");
    assert_true(fabs(lattice_log2_add(3, 3) - 4) < 1e-12);
    assert_true(lattice_log2_add(-INFINITY, 5) == 5);
    assert_int_equal(lattice_name_index(S, "q"), 1);
    assert_int_equal(lattice_name_index(S, "z"), -1);
    assert_int_equal(lattice_name_index(R, "q"), -1);
    assert_true(lattice_interval_valid(P, lo, hi));
    assert_false(lattice_interval_valid(P, hi, lo));
    Word *e = lattice_elem_new(P);
    lattice_copy(P, e, hi);
    assert_true(P->ops->eq(P, e, hi));
    mem_free(e);
    buf_free(&b);
    lattice_free(P);
    lattice_free(S);
    lattice_free(R);
}

/* lattice_equal: declared lattices by name, structural ones by their whole structure (not by
 * their description, which shows 8 names). */
static void test_equal(void **state)
{
    (void)state;
    static const char *const nine[] = {"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9"};
    static const char *const other[] = {"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "z9"};
    Lattice *S = lattice_powerset_new(nine, 9), *T = lattice_powerset_new(other, 9);
    Lattice *S2 = lattice_powerset_new(nine, 9), *C = lattice_chain_new(nine, 9);
    assert_false(lattice_equal(S, T));
    assert_true(lattice_equal(S, S2));
    assert_false(lattice_equal(S, C));
    Lattice *P1 = lattice_product_new((Lattice *[]){S, S}, 2), *P2 = lattice_product_new((Lattice *[]){S2, S2}, 2);
    Lattice *P3 = lattice_product_new((Lattice *[]){S, T}, 2);
    assert_true(lattice_equal(P1, P2));
    assert_false(lattice_equal(P1, P3));
    Lattice *M1 = lattice_map_new(ATOMS, 3, S), *M2 = lattice_map_new(ATOMS, 3, T), *M3 = lattice_map_new(ATOMS, 2, S);
    assert_false(lattice_equal(M1, M2));
    assert_false(lattice_equal(M1, M3));
    Lattice *D1 = lattice_dual_new(S), *D2 = lattice_dual_new(S2), *D3 = lattice_dual_new(T);
    assert_true(lattice_equal(D1, D2));
    assert_false(lattice_equal(D1, D3));
    Lattice *R1 = lattice_real_new(0, 1, 0.5), *R2 = lattice_real_new(0, 1, 0.25);
    Lattice *N1 = lattice_range_new(0, 3), *N2 = lattice_range_new(0, 4);
    assert_false(lattice_equal(R1, R2));
    assert_false(lattice_equal(N1, N2));
    S->name = "S";
    assert_true(lattice_equal(S, S2));        /* a declared one equals a structural one alike */
    S2->name = "S2";
    assert_false(lattice_equal(S, S2));       /* two declared ones differ by name */
    Lattice *all[] = {P1, P2, P3, M1, M2, M3, D1, D2, D3, R1, R2, N1, N2, S, T, S2, C};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) lattice_free(all[i]);
}

/* The accessors answer for their kind and give the default for the others. */
/* Covers, against their definition: y covers x iff x < y and no z with x < z < y. */
static size_t count_covers(const Lattice *L, const Word *x)
{
    Word *y = lattice_elem_new(L);
    uint64_t pos = 0;
    size_t n = 0;
    while (lattice_next_cover(L, x, &pos, y)) {
        assert_true(L->ops->leq(L, x, y) && !L->ops->eq(L, x, y));
        n++;
    }
    mem_free(y);
    return n;
}

static size_t brute_covers(const Lattice *L, const Word *x)
{
    Word *bot = lattice_elem_new(L), *top = lattice_elem_new(L), *y = lattice_elem_new(L),
         *z = lattice_elem_new(L);
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    size_t n = 0;
    lattice_copy(L, y, bot);
    do {
        if (!L->ops->leq(L, x, y) || L->ops->eq(L, x, y)) continue;
        bool between = false;
        lattice_copy(L, z, bot);
        do {
            between = between || (L->ops->leq(L, x, z) && L->ops->leq(L, z, y)
                                   && !L->ops->eq(L, z, x) && !L->ops->eq(L, z, y));
        } while (!between && L->ops->next(L, bot, top, z));
        n += !between;
    } while (L->ops->next(L, bot, top, y));
    mem_free(bot); mem_free(top); mem_free(y); mem_free(z);
    return n;
}

static void check_covers(const Lattice *L)
{
    assert_true(lattice_has_covers(L));
    Word *bot = lattice_elem_new(L), *top = lattice_elem_new(L), *x = lattice_elem_new(L);
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    lattice_copy(L, x, bot);
    do assert_int_equal(count_covers(L, x), brute_covers(L, x));
    while (L->ops->next(L, bot, top, x));
    mem_free(bot); mem_free(top); mem_free(x);
}

static void test_covers(void **state)
{
    (void)state;
    const char *atoms[] = { "a", "b", "c" };
    Lattice *P = lattice_powerset_new(atoms, 3);
    Lattice *C = lattice_chain_new(atoms, 3);
    Lattice *R = lattice_range_new(-2, 2);
    const char *names[] = { "bot", "x", "y", "top" };
    const size_t diamond[][2] = { {0, 1}, {0, 2}, {1, 3}, {2, 3} };
    Buf err; buf_init(&err);
    Lattice *F = lattice_finite_new(names, 4, diamond, 4, &err);
    Lattice *parts[] = { P, R };
    Lattice *X = lattice_product_new(parts, 2);
    Lattice *M = lattice_map_new(atoms, 2, C);
    Lattice *all[] = { P, C, R, F, X, M };
    for (size_t i = 0; i < 6; i++) check_covers(all[i]);
    Lattice *D = lattice_dual_new(P);
    Lattice *nested_parts[] = { X, P };
    Lattice *N = lattice_product_new(nested_parts, 2);
    assert_false(lattice_has_covers(D));             /* duals do not list covers */
    assert_false(lattice_has_covers(N));             /* nor products of products */
    Lattice *free_list[] = { N, D, M, X, F, R, C, P };
    for (size_t i = 0; i < 8; i++) lattice_free(free_list[i]);
    buf_free(&err);
}

static void test_accessors(void **state)
{
    (void)state;
    Lattice *S = lattice_powerset_new(ATOMS, 3), *R = lattice_real_new(-1, 2, 0.5);
    Lattice *N = lattice_range_new(-3, 7), *M = lattice_map_new(ATOMS, 2, N), *D = lattice_dual_new(R);
    Lattice *P = lattice_product_new((Lattice *[]){S, N}, 2);
    assert_string_equal(lattice_kind_word(lattice_kind(M)), "map");
    assert_int_equal(lattice_kind(D), LATTICE_DUAL);
    int64_t lo, hi;
    double rlo, rhi;
    assert_true(lattice_int_bounds(N, &lo, &hi));
    assert_true(lo == -3 && hi == 7);
    assert_false(lattice_int_bounds(R, &lo, &hi));
    assert_true(lattice_real_bounds(R, &rlo, &rhi));
    assert_true(rlo == -1 && rhi == 2);
    assert_false(lattice_real_bounds(D, &rlo, &rhi));
    assert_true(lattice_tolerance(R) == 0.5 && lattice_tolerance(N) == 0);
    assert_int_equal(lattice_name_count(S), 3);
    assert_int_equal(lattice_name_count(M), 2);
    assert_int_equal(lattice_name_count(N), 0);
    assert_string_equal(lattice_atom_name(M, 1), "q");
    assert_null(lattice_atom_name(M, 2));
    assert_int_equal(lattice_nparts(P), 2);
    assert_int_equal(lattice_nparts(M), 2);
    assert_int_equal(lattice_nparts(S), 0);
    assert_ptr_equal(lattice_part(P, 1), N);
    assert_int_equal(lattice_part_offset(P, 1), 1);
    assert_int_equal(lattice_part_offset(M, 1), 1);
    assert_ptr_equal(lattice_inner(M), N);
    assert_ptr_equal(lattice_inner(D), R);
    assert_null(lattice_inner(P));
    Buf b;
    buf_init(&b);
    lattice_describe_bounds(R, &b);
    assert_string_equal(buf_cstr(&b), "real [-1, 2]");
    buf_free(&b);
    Lattice *all[] = {P, D, M, N, R, S};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++) lattice_free(all[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_powerset_order_join_meet),
        cmocka_unit_test(test_powerset_text),
        cmocka_unit_test(test_powerset_decompose),
        cmocka_unit_test(test_powerset_next_across_words),
        cmocka_unit_test(test_powerset_union),
        cmocka_unit_test(test_powerset_huge),
        cmocka_unit_test(test_powerset_empty),
        cmocka_unit_test(test_chain),
        cmocka_unit_test(test_range),
        cmocka_unit_test(test_real),
        cmocka_unit_test(test_product),
        cmocka_unit_test(test_map),
        cmocka_unit_test(test_finite_sign),
        cmocka_unit_test(test_finite_decompose),
        cmocka_unit_test(test_finite_refusals),
        cmocka_unit_test(test_finite_largest),
        cmocka_unit_test(test_dual),
        cmocka_unit_test(test_helpers),
        cmocka_unit_test(test_equal),
        cmocka_unit_test(test_accessors),
        cmocka_unit_test(test_covers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
