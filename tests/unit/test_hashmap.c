/* test_hashmap.c: unit tests of util/hashmap.c: put/get, growth, many keys, colliding hashes,
 * string and pointer front ends, keys that stand for data elsewhere, and the shared hashes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "util/hashmap.h"
#include "util/mem.h"

static uint64_t ident_hash(const void *ctx, uint64_t key) { (void)ctx; return key; }
static uint64_t const_hash(const void *ctx, uint64_t key) { (void)ctx; (void)key; return 7; }

static void test_put_get(void **state)
{
    (void)state;
    HashMap h;
    hashmap_init(&h, 8, ident_hash, NULL, NULL);
    uint64_t v = 99;
    assert_false(hashmap_get(&h, 5, &v));          /* empty, never allocated */
    assert_int_equal(v, 99);
    hashmap_put(&h, 5, 50);
    hashmap_put(&h, 6, 0);
    assert_true(hashmap_get(&h, 5, &v));
    assert_int_equal(v, 50);
    assert_true(hashmap_get(&h, 6, &v));           /* a zero value is still present */
    assert_int_equal(v, 0);
    assert_false(hashmap_get(&h, 7, &v));
    hashmap_put(&h, 5, 51);                        /* overwrite */
    assert_true(hashmap_get(&h, 5, &v));
    assert_int_equal(v, 51);
    assert_int_equal(h.count, 2);
    assert_false(hashmap_add(&h, 5, 52));          /* add keeps the old value */
    assert_true(hashmap_get(&h, 5, &v));
    assert_int_equal(v, 51);
    assert_true(hashmap_add(&h, 8, 80));
    assert_int_equal(h.count, 3);
    hashmap_free(&h);
    assert_int_equal(h.count, 0);
    assert_false(hashmap_get(&h, 5, &v));
}

static void test_grow(void **state)
{
    (void)state;
    HashMap h;
    hashmap_init(&h, 4, ident_hash, NULL, NULL);
    hashmap_put(&h, 1, 10);
    assert_int_equal(h.cap, 4);
    hashmap_put(&h, 2, 20);                        /* 2 of 4: still at most half full */
    assert_int_equal(h.cap, 4);
    hashmap_put(&h, 3, 30);
    assert_int_equal(h.cap, 8);
    for (uint64_t k = 1; k <= 3; k++) {
        uint64_t v;
        assert_true(hashmap_get(&h, k, &v));
        assert_int_equal(v, 10 * k);
    }
    hashmap_free(&h);
}

static void test_many(void **state)
{
    (void)state;
    HashMap h;
    hashmap_init_ptr(&h);
    enum { N = 100000 };
    for (uint64_t k = 1; k <= N; k++) hashmap_put(&h, k * 4096, k);
    assert_int_equal(h.count, N);
    assert_true(h.cap >= 2 * N);
    for (uint64_t k = 1; k <= N; k++) {
        uint64_t v = 0;
        assert_true(hashmap_get(&h, k * 4096, &v));
        assert_int_equal(v, k);
    }
    for (uint64_t k = 1; k <= 1000; k++) {
        uint64_t v;
        assert_false(hashmap_get(&h, k * 4096 + 1, &v));
    }
    size_t seen = 0;
    for (size_t i = 0; i < h.cap; i++) seen += h.keys[i] != 0;
    assert_int_equal(seen, N);
    hashmap_free(&h);
}

static void test_collisions(void **state)
{
    (void)state;
    HashMap h;
    hashmap_init(&h, 16, const_hash, NULL, NULL);
    for (uint64_t k = 1; k <= 500; k++) hashmap_put(&h, k, k + 1000);
    for (uint64_t k = 1; k <= 500; k++) {
        uint64_t v;
        assert_true(hashmap_get(&h, k, &v));
        assert_int_equal(v, k + 1000);
    }
    uint64_t v;
    assert_false(hashmap_get(&h, 501, &v));
    hashmap_free(&h);
}

static void test_strings(void **state)
{
    (void)state;
    HashMap h;
    hashmap_init_str(&h);
    char a[] = "alpha", b[] = "alpha";
    static int x, y;
    hashmap_put_ptr(&h, a, &x);
    assert_ptr_equal(hashmap_get_ptr(&h, b), &x);   /* by content, not by pointer */
    hashmap_put_ptr(&h, b, &y);
    assert_int_equal(h.count, 1);
    assert_ptr_equal(hashmap_get_ptr(&h, "alpha"), &y);
    assert_null(hashmap_get_ptr(&h, "beta"));
    char names[300][16];
    for (int i = 0; i < 300; i++) {
        snprintf(names[i], sizeof names[i], "n%d", i);
        hashmap_put_ptr(&h, names[i], names[i]);
    }
    for (int i = 0; i < 300; i++) {
        char probe[16];
        snprintf(probe, sizeof probe, "n%d", i);
        assert_ptr_equal(hashmap_get_ptr(&h, probe), names[i]);
    }
    hashmap_free(&h);
}

static void test_pointers(void **state)
{
    (void)state;
    HashMap h;
    hashmap_init_ptr(&h);
    char a[] = "same", b[] = "same";
    hashmap_put_ptr(&h, a, a);
    assert_null(hashmap_get_ptr(&h, b));              /* by identity */
    assert_ptr_equal(hashmap_get_ptr(&h, a), a);
    hashmap_free(&h);
}

/* Keys are indices + 1 into an array of pairs; equal pairs are equal keys. */
static uint64_t pair_hash(const void *ctx, uint64_t key)
{
    const uint64_t *w = ctx;
    return hashmap_hash_words(w + 2 * (key - 1), 2);
}

static bool pair_eq(const void *ctx, uint64_t a, uint64_t b)
{
    const uint64_t *w = ctx;
    return w[2 * (a - 1)] == w[2 * (b - 1)] && w[2 * (a - 1) + 1] == w[2 * (b - 1) + 1];
}

static void test_indirect_keys(void **state)
{
    (void)state;
    uint64_t w[] = { 1, 2, 3, 4, 1, 2, 5, 6, 3, 4, 1, 3 };
    HashMap h;
    hashmap_init(&h, 2, pair_hash, pair_eq, w);
    bool added[6];
    for (uint64_t k = 1; k <= 6; k++) added[k - 1] = hashmap_add(&h, k, k);
    const bool want[6] = { true, true, false, true, false, true };
    for (int i = 0; i < 6; i++) assert_int_equal(added[i], want[i]);
    assert_int_equal(h.count, 4);
    uint64_t v;
    assert_true(hashmap_get(&h, 5, &v));             /* (3, 4) was first at key 2 */
    assert_int_equal(v, 2);
    hashmap_free(&h);
}

static void test_hashes(void **state)
{
    (void)state;
    assert_int_equal(hashmap_hash_str(""), 1469598103934665603ULL);
    assert_true(hashmap_hash_str("ab") != hashmap_hash_str("ba"));
    uint64_t a[] = { 1, 2 }, b[] = { 2, 1 };
    assert_true(hashmap_hash_words(a, 2) != hashmap_hash_words(b, 2));
    assert_int_equal(hashmap_hash_words(a, 0), 0x9e3779b97f4a7c15ULL);
    assert_true(hashmap_hash_ptr(a) == hashmap_hash_ptr(a));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_put_get),
        cmocka_unit_test(test_grow),
        cmocka_unit_test(test_many),
        cmocka_unit_test(test_collisions),
        cmocka_unit_test(test_strings),
        cmocka_unit_test(test_pointers),
        cmocka_unit_test(test_indirect_keys),
        cmocka_unit_test(test_hashes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
