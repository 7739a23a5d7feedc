/* keysort.c: keysort (keysort.h), an introsort: quicksort with the middle of three keys
 * (at a quarter, the half and three quarters of the run: a run made of two sorted copies of
 * one sequence, as a completion's pairs are, has its least key at the half) as the pivot,
 * the smaller part sorted first by recursion and the larger by the loop, heapsort for a run
 * that was split too often (n log n at worst), insertion for runs of a few keys; the keys
 * compared inline. */
#include "util/keysort.h"

enum { SHORT_RUN = 16 };

static void insertion(uint64_t *k, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        uint64_t x = k[i];
        size_t j = i;
        for (; j > 0 && k[j - 1] > x; j--) k[j] = k[j - 1];
        k[j] = x;
    }
}

static void swap(uint64_t *k, size_t i, size_t j)
{
    uint64_t t = k[i];
    k[i] = k[j];
    k[j] = t;
}

/* The key at i moved down the max-heap k[0 .. n). */
static void sift_down(uint64_t *k, size_t n, size_t i)
{
    uint64_t x = k[i];
    for (size_t c; (c = 2 * i + 1) < n; i = c) {
        if (c + 1 < n && k[c + 1] > k[c]) c++;
        if (k[c] <= x) break;
        k[i] = k[c];
    }
    k[i] = x;
}

static void heapsort(uint64_t *k, size_t n)
{
    for (size_t i = n / 2; i-- > 0;) sift_down(k, n, i);
    for (size_t end = n; end-- > 1;) {
        swap(k, 0, end);
        sift_down(k, end, 0);
    }
}

/* The middle of the keys at a quarter, the half and three quarters, moved to the first place. */
static uint64_t pivot(uint64_t *k, size_t n)
{
    size_t a = n / 4, m = n / 2, b = n / 2 + n / 4;
    if (k[m] < k[a]) swap(k, m, a);
    if (k[b] < k[a]) swap(k, b, a);
    if (k[b] < k[m]) swap(k, b, m);
    swap(k, 0, m);
    return k[0];
}

/* k[0 .. n) split (Hoare's way) around the pivot at k[0]: the place p such that every key of
 * k[0 .. p] is at most every key of k[p + 1 .. n). */
static size_t split(uint64_t *k, size_t n)
{
    uint64_t x = pivot(k, n);
    size_t i = 0, j = n;
    for (;;) {
        do i++; while (i < n && k[i] < x);
        do j--; while (k[j] > x);
        if (i >= j) break;
        swap(k, i, j);
    }
    swap(k, 0, j);
    return j;
}

static void sort_run(uint64_t *keys, size_t n, unsigned depth)
{
    while (n > SHORT_RUN) {
        if (depth-- == 0) {
            heapsort(keys, n);
            return;
        }
        size_t p = split(keys, n);
        if (p < n - p - 1) {
            sort_run(keys, p, depth);
            keys += p + 1;
            n -= p + 1;
        } else {
            sort_run(keys + p + 1, n - p - 1, depth);
            n = p;
        }
    }
    insertion(keys, n);
}

void keysort(uint64_t *keys, size_t n)
{
    unsigned depth = 0;
    for (size_t m = n; m > 1; m >>= 1) depth += 2;
    sort_run(keys, n, depth);
}
