/* test_keysort.c: unit tests of util/keysort.h: sorted in place as qsort sorts, on random
 * keys, many equal keys, runs already in order or reversed, and every length up to 70. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "util/keysort.h"

static int cmp(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return (a > b) - (a < b);
}

/* keys (n of them) sorted by keysort and by qsort give the same array. */
static void same_as_qsort(const uint64_t *keys, size_t n)
{
    uint64_t *a = malloc((n + 1) * sizeof *a), *b = malloc((n + 1) * sizeof *b);
    memcpy(a, keys, n * sizeof *a);
    memcpy(b, keys, n * sizeof *b);
    keysort(a, n);
    qsort(b, n, sizeof *b, cmp);
    assert_memory_equal(a, b, n * sizeof *a);
    free(a);
    free(b);
}

/* n keys of the kind `kind`: 0 random, 1 of 3 values, 2 ascending, 3 descending, 4 pairs
 * as learncons.c makes them (smaller literal high), 5 two ascending copies of one sequence
 * (a choice's atom and its partner give the same pairs), 6 organ pipe. */
static void make(uint64_t *k, size_t n, int kind, uint64_t *x)
{
    for (size_t i = 0; i < n; i++) {
        *x ^= *x << 13; *x ^= *x >> 7; *x ^= *x << 17;
        k[i] = kind == 0 ? *x : kind == 1 ? *x % 3 : kind == 2 ? i : kind == 3 ? n - i
             : kind == 4 ? (*x % 500) << 32 | (500 + *x % 9000)
             : kind == 5 ? i % (n / 2 + 1) : (i < n / 2 ? i : n - i);
    }
}

static void test_lengths_and_kinds(void **state)
{
    (void)state;
    uint64_t x = 88172645463325252u, k[70];
    for (int kind = 0; kind < 7; kind++)
        for (size_t n = 0; n <= 70; n++) {
            make(k, n, kind, &x);
            same_as_qsort(k, n);
        }
}

static void test_large(void **state)
{
    (void)state;
    enum { N = 200000 };
    uint64_t x = 2463534242u, *k = malloc(N * sizeof *k);
    for (int kind = 0; kind < 7; kind++) {
        make(k, N, kind, &x);
        same_as_qsort(k, N);
    }
    free(k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lengths_and_kinds),
        cmocka_unit_test(test_large),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
