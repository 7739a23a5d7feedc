/* keysort.c: keysort (keysort.h), a quicksort: the middle of three keys as the pivot, the
 * smaller part sorted first by recursion and the larger by the loop (a stack of at most
 * log2 n frames), runs of a few keys by insertion; the keys compared inline. */
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

/* The middle of the first, middle and last keys, moved to the first place. */
static uint64_t pivot(uint64_t *k, size_t n)
{
    size_t m = n / 2, last = n - 1;
    if (k[m] < k[0]) swap(k, m, 0);
    if (k[last] < k[0]) swap(k, last, 0);
    if (k[last] < k[m]) swap(k, last, m);
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

void keysort(uint64_t *keys, size_t n)
{
    while (n > SHORT_RUN) {
        size_t p = split(keys, n);
        if (p < n - p - 1) {
            keysort(keys, p);
            keys += p + 1;
            n -= p + 1;
        } else {
            keysort(keys + p + 1, n - p - 1);
            n = p;
        }
    }
    insertion(keys, n);
}
