/* boundlist.c: growable flat lists of intervals (lo then hi) used for Bounds and Final. */
#include "aft/aft.h"
#include "util/mem.h"

void boundlist_init(BoundList *b, const Lattice *L)
{
    b->L = L;
    b->count = 0;
    b->cap = 0;
    b->words = NULL;
}

static size_t bound_words(const BoundList *b)
{
    return 2 * b->L->nwords;
}

/* True when p points into the list's storage (then a realloc would move it). */
static bool points_inside(const BoundList *b, const Word *p)
{
    return b->words && p >= b->words && p < b->words + b->count * bound_words(b);
}

void boundlist_push(BoundList *b, const Word *lo, const Word *hi)
{
    size_t n = b->L->nwords;
    if (b->count == b->cap) {
        bool lo_in = points_inside(b, lo), hi_in = points_inside(b, hi);
        size_t lo_off = lo_in ? (size_t)(lo - b->words) : 0;
        size_t hi_off = hi_in ? (size_t)(hi - b->words) : 0;
        b->cap = b->cap ? b->cap * 2 : 8;
        b->words = mem_realloc(b->words, b->cap * bound_words(b) * sizeof(Word));
        if (lo_in) lo = b->words + lo_off;
        if (hi_in) hi = b->words + hi_off;
    }
    Word *dst = b->words + b->count * bound_words(b);
    if (n) {
        memmove(dst, lo, n * sizeof(Word));
        memmove(dst + n, hi, n * sizeof(Word));
    }
    b->count++;
}

Word *boundlist_lo(const BoundList *b, size_t i)
{
    return b->words + i * bound_words(b);
}

Word *boundlist_hi(const BoundList *b, size_t i)
{
    return b->words + i * bound_words(b) + b->L->nwords;
}

void boundlist_remove(BoundList *b, size_t i)
{
    size_t w = bound_words(b);
    if (i + 1 < b->count && w)
        memcpy(b->words + i * w, b->words + (b->count - 1) * w, w * sizeof(Word));
    b->count--;
}

void boundlist_free(BoundList *b)
{
    mem_free(b->words);
    b->words = NULL;
    b->count = b->cap = 0;
}
