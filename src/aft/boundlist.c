/* boundlist.c: growable flat lists of intervals (lo then hi) used for Bounds and Final, and
 * the difference-coded stack of the depth-first bnb. */
#include "aft/aft.h"
#include "util/hashmap.h"
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

BoundList boundlist_first(const BoundList *b, size_t n)
{
    BoundList view = *b;
    if (view.count > n) view.count = n;
    view.cap = view.count;
    return view;
}

/* Open-addressing index of the intervals of a list by their words: slot -> index + 1. */
static size_t *index_intervals(const BoundList *b, size_t *cap)
{
    size_t w = bound_words(b);
    *cap = 16;
    while (*cap < 2 * b->count) *cap *= 2;
    size_t *tab = mem_calloc(*cap, sizeof *tab);
    for (size_t i = 0; i < b->count; i++) {
        size_t slot = (size_t)hashmap_hash_words(b->words + i * w, w) & (*cap - 1);
        while (tab[slot]) slot = (slot + 1) & (*cap - 1);
        tab[slot] = i + 1;
    }
    return tab;
}

static long find_equal(const BoundList *points, const size_t *tab, size_t cap, const Word *x)
{
    const Lattice *L = points->L;
    size_t w = bound_words(points);
    for (size_t slot = (size_t)hashmap_hash_words(x, w) & (cap - 1); tab[slot];
         slot = (slot + 1) & (cap - 1)) {
        const Word *y = points->words + (tab[slot] - 1) * w;
        if (L->ops->eq(L, x, y) && L->ops->eq(L, x + L->nwords, y + L->nwords))
            return (long)tab[slot] - 1;
    }
    return -1;
}

static long find_holding(const BoundList *points, const Word *lo, const Word *hi)
{
    for (size_t j = 0; j < points->count; j++)
        if (lattice_interval_subset(points->L, lo, hi, boundlist_lo(points, j), boundlist_hi(points, j)))
            return (long)j;
    return -1;
}

void boundlist_match(const BoundList *bounds, const BoundList *points, long *which)
{
    const Lattice *L = bounds->L;
    size_t cap;
    size_t *tab = index_intervals(points, &cap);
    bool scan = !L->finite && points->count <= 4096;
    for (size_t i = 0; i < bounds->count; i++) {
        const Word *lo = boundlist_lo(bounds, i), *hi = boundlist_hi(bounds, i);
        which[i] = find_equal(points, tab, cap, lo);
        if (which[i] < 0 && scan && L->ops->is_point(L, lo, hi)) which[i] = find_holding(points, lo, hi);
    }
    mem_free(tab);
}

void boundlist_free(BoundList *b)
{
    mem_free(b->words);
    b->words = NULL;
    b->count = b->cap = 0;
}

void boundstack_init(BoundStack *s, const Lattice *L)
{
    *s = (BoundStack){.L = L};
    s->top = mem_calloc(2 * L->nwords + 1, sizeof *s->top);
}

/* The words of x (n of them, at offset `at` in the top) that differ from the top become
 * deltas, compared a block at a time first: neighbours mostly agree. */
static void delta_push(BoundStack *s, size_t at, const Word *x, size_t n)
{
    enum { BLOCK = 32 };
    Word *top = s->top + at;
    for (size_t b = 0; b < n; b += BLOCK) {
        size_t e = b + BLOCK < n ? b + BLOCK : n;
        if (memcmp(top + b, x + b, (e - b) * sizeof(Word)) == 0) continue;
        for (size_t w = b; w < e; w++) {
            if (top[w] == x[w]) continue;
            VEC_PUSH(s->deltas, ((BoundDelta){at + w, top[w] ^ x[w]}));
            top[w] = x[w];
        }
    }
}

void boundstack_push(BoundStack *s, const Word *lo, const Word *hi)
{
    size_t n = s->L->nwords;
    VEC_PUSH(s->start, s->deltas.count);
    delta_push(s, 0, lo, n);
    delta_push(s, n, hi, n);
    s->count++;
}

void boundstack_pop(BoundStack *s, Word *lo, Word *hi)
{
    size_t n = s->L->nwords, from = s->start.items[--s->count];
    if (n) {
        memcpy(lo, s->top, n * sizeof(Word));
        memcpy(hi, s->top + n, n * sizeof(Word));
    }
    for (size_t k = from; k < s->deltas.count; k++)
        s->top[s->deltas.items[k].word] ^= s->deltas.items[k].bits;
    s->deltas.count = from;
    s->start.count = s->count;
}

void boundstack_step_up(const BoundStack *s, size_t i, Word *x)
{
    size_t end = i + 1 < s->count ? s->start.items[i + 1] : s->deltas.count;
    for (size_t k = s->start.items[i]; k < end; k++)
        x[s->deltas.items[k].word] ^= s->deltas.items[k].bits;
}

void boundstack_free(BoundStack *s)
{
    mem_free(s->top);
    VEC_FREE(s->start);
    VEC_FREE(s->deltas);
    s->top = NULL;
    s->count = 0;
}
