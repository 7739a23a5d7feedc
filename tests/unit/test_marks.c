/* test_marks.c: unit tests of util/marks.h: the places listed from the marks of random mark
 * arrays (sparse and dense, of sizes round eight; each read both ways, by groups and a byte
 * at a time) against a plain scan, one place marked at each end of the array, none marked,
 * and the choice between listing and sorting. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/marks.h"

enum { MAX_PLACES = 700 };

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* marks_list on mark[0 .. n) gives what a scan of every place gives, told the true count
 * and told counts that choose the other way of reading. */
static void check_list(const uint8_t *mark, size_t n)
{
    size_t want[MAX_PLACES + 1], got[MAX_PLACES + 1], k = 0;
    for (size_t w = 0; w < n; w++)
        if (mark[w]) want[k++] = w;
    size_t told[] = {k, 0, n};
    for (size_t t = 0; t < 3; t++) {
        memset(got, 0xff, sizeof got);
        assert_int_equal(marks_list(mark, n, told[t], got), k);
        for (size_t i = 0; i < k; i++) assert_int_equal(got[i], want[i]);
    }
}

static void test_random_marks(void **state)
{
    (void)state;
    uint64_t seed = 0x9e3779b97f4a7c15u;
    for (int round = 0; round < 2000; round++) {
        size_t n = 1 + next_random(&seed) % MAX_PLACES;
        uint64_t one_in = 1 + next_random(&seed) % 64;       /* from dense to sparse */
        uint8_t *mark = calloc(MARKS_BYTES(n), 1);
        for (size_t w = 0; w < n; w++) mark[w] = next_random(&seed) % one_in == 0;
        check_list(mark, n);
        free(mark);
    }
}

static void test_ends_and_none(void **state)
{
    (void)state;
    for (size_t n = 1; n <= 67; n++) {
        uint8_t *mark = calloc(MARKS_BYTES(n), 1);
        size_t out[MAX_PLACES + 1];
        assert_int_equal(marks_list(mark, n, 0, out), 0);
        assert_int_equal(marks_list(mark, n, n, out), 0);
        mark[n - 1] = 1;
        check_list(mark, n);
        mark[0] = 1;
        check_list(mark, n);
        mark[n - 1] = 0;
        check_list(mark, n);
        free(mark);
    }
}

static void test_room(void **state)
{
    (void)state;
    for (size_t n = 0; n < 100; n++) assert_true(MARKS_BYTES(n) >= n + 1 && MARKS_BYTES(n) % 8 == 0);
}

static void test_cheaper(void **state)
{
    (void)state;
    assert_true(marks_list_cheaper(17, 293));      /* a nonogram's words: listed */
    assert_true(marks_list_cheaper(36, 293));
    assert_false(marks_list_cheaper(17, 100000));  /* a few of many words: sorted */
    assert_true(marks_list_cheaper(20000, 100000));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_marks),
        cmocka_unit_test(test_ends_and_none),
        cmocka_unit_test(test_room),
        cmocka_unit_test(test_cheaper),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
