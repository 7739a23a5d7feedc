/* test_bitset.c: unit tests of util/bitset.h: membership, counts and the next element across
 * word boundaries, against a plain array of booleans. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/bitset.h"

static void test_words(void **state)
{
    (void)state;
    assert_int_equal(bitset_words(0), 0);
    assert_int_equal(bitset_words(1), 1);
    assert_int_equal(bitset_words(64), 1);
    assert_int_equal(bitset_words(65), 2);
}

static void test_add_remove_has(void **state)
{
    (void)state;
    BitWord s[3] = { 0 };
    size_t members[] = { 0, 1, 63, 64, 127, 128, 191 };
    for (size_t i = 0; i < 7; i++) bitset_add(s, members[i]);
    assert_int_equal(bitset_count(s, 3), 7);
    for (size_t i = 0; i < 7; i++) assert_true(bitset_has(s, members[i]));
    assert_false(bitset_has(s, 2));
    assert_false(bitset_has(s, 65));
    bitset_remove(s, 64);
    assert_false(bitset_has(s, 64));
    assert_true(bitset_has(s, 63));
    assert_int_equal(bitset_count(s, 3), 6);
}

/* bitset_next against a scan of a boolean array, on a pseudo-random set of 200 elements. */
static void test_next_matches_scan(void **state)
{
    (void)state;
    BitWord s[4] = { 0 };
    bool in[256] = { false };
    uint64_t x = 0x9e3779b97f4a7c15ULL;
    for (size_t i = 0; i < 200; i++) {
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        if (x % 5 == 0) { bitset_add(s, i); in[i] = true; }
    }
    for (size_t from = 0; from <= 256; from++) {
        size_t want = SIZE_MAX;
        for (size_t i = from; i < 256; i++) if (in[i]) { want = i; break; }
        assert_int_equal(bitset_next(s, 4, from), want);
    }
    assert_int_equal(bitset_lowest(2, (BitWord)1 << 5), 133);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_words),
        cmocka_unit_test(test_add_remove_has),
        cmocka_unit_test(test_next_matches_scan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
