/* watch.c: the pool of watch lists (watch.h): blocks laid out to measure, and blocks of
 * 2 << k words for lists that grow, taken from the free blocks of that size first, else from
 * the pool's end; a list of one or two words in its header instead. */
#include "asp/watch.h"
#include "util/mem.h"

void asp_watch_init(AspWatches *w, size_t nlists)
{
    memset(w, 0, sizeof *w);
    w->nlists = nlists;
    w->list = nlists ? mem_calloc(nlists, sizeof *w->list) : NULL;
}

void asp_watch_free(AspWatches *w)
{
    mem_free(w->list);
    mem_free(w->pool);
    memset(w, 0, sizeof *w);
}

void asp_watch_clear(AspWatches *w)
{
    for (size_t i = 0; i < w->nlists; i++) w->list[i].count &= ASP_WATCH_INLINE;
}

/* The largest k with 2 << k <= words (words >= 2): the free list a block of that size joins,
 * or, for a power of two, the one it is taken from. */
static unsigned size_class(uint32_t words)
{
    return 30u - (unsigned)__builtin_clz(words);
}

/* The smallest power of two >= n (n >= 2). */
static uint32_t power_above(uint32_t n)
{
    return (uint32_t)1 << (32 - __builtin_clz(n - 1));
}

/* The pool's room at least n words (its words kept). */
static void pool_room(AspWatches *w, size_t n)
{
    if (n <= w->cap) return;
    size_t cap = w->cap ? w->cap + w->cap / 2 : 1024;
    if (cap < n) cap = n;
    w->pool = mem_realloc(w->pool, cap * sizeof *w->pool);
    w->cap = cap;
}

/* The pool's end moved on by n words (allocated as needed): the old end. */
static uint32_t take_end(AspWatches *w, size_t n)
{
    if (w->used + n > UINT32_MAX) mem_fail(w->used + n);
    pool_room(w, w->used + n);
    uint32_t at = (uint32_t)w->used;
    w->used += n;
    return at;
}

/* A block of `words` words (a power of two, at least 2): a free one that holds them, or new. */
static uint32_t take_block(AspWatches *w, uint32_t words)
{
    unsigned k = size_class(words);
    if (w->freed[k]) {
        uint32_t at = w->freed[k] - 1;
        w->freed[k] = w->pool[at];
        return at;
    }
    return take_end(w, words);
}

static void give_block(AspWatches *w, uint32_t at, uint32_t words)
{
    unsigned k = size_class(words);
    w->pool[at] = w->freed[k];
    w->freed[k] = at + 1;
}

/* A list grown out of its header: into a block of 4 words, its words copied. */
static void leave_header(AspWatches *w, AspWatchList *l)
{
    uint32_t at = take_block(w, 4), count = l->count & ~ASP_WATCH_INLINE;
    memcpy(w->pool + at, l->at, count * sizeof *w->pool);
    l->count = count;
    l->at[0] = at;
    l->at[1] = 4;
}

void asp_watch_grow(AspWatches *w, uint32_t lit)
{
    AspWatchList *l = &w->list[lit];
    uint32_t cap = l->at[1];
    if (l->count & ASP_WATCH_INLINE) {
        leave_header(w, l);
        return;
    }
    if (!cap) {                                         /* first words: in the header */
        l->count = ASP_WATCH_INLINE;
        return;
    }
    uint32_t words = power_above(2 * cap);
    if (words >= ASP_WATCH_INLINE) mem_fail((size_t)words * sizeof *w->pool);
    if (l->at[0] + cap == w->used) {                    /* the last block: grows in place */
        take_end(w, words - cap);
        l->at[1] = words;
        return;
    }
    uint32_t at = take_block(w, words);
    if (l->count) memcpy(w->pool + at, w->pool + l->at[0], l->count * sizeof *w->pool);
    give_block(w, l->at[0], cap);
    l->at[0] = at;
    l->at[1] = words;
}

void asp_watch_add_grown(AspWatches *w, uint32_t lit, uint32_t off, uint32_t spare)
{
    AspWatchList *l = &w->list[lit];
    uint32_t cap = l->count & ASP_WATCH_INLINE ? 2 : l->at[1];
    if (asp_watch_count(w, lit) + 2 > cap) asp_watch_grow(w, lit);
    uint32_t *at = asp_watch_items(w, lit) + asp_watch_count(w, lit);
    at[0] = off;
    at[1] = spare;
    l->count += 2;
}

void asp_watch_add_bin(AspWatches *w, uint32_t lit, uint32_t other)
{
    AspWatchList *l = &w->list[lit];
    uint32_t n = (uint32_t)asp_watch_count(w, lit), cap = l->count & ASP_WATCH_INLINE ? 2 : l->at[1];
    if (n + 1 > cap) asp_watch_grow(w, lit);
    uint32_t *items = asp_watch_items(w, lit), k = n;
    while (k >= 2 && !(items[k - 1] & ASP_WATCH_BIN)) k -= 2;    /* the pairs start at k */
    l->count += 1;
    if (k == n) {
        items[n] = other | ASP_WATCH_BIN;
        return;
    }
    uint32_t off = items[k], spare = items[k + 1];
    memmove(items + k + 1, items + k + 2, (n - k - 2) * sizeof *items);
    items[k] = other | ASP_WATCH_BIN;
    items[n - 1] = off;
    items[n] = spare;
}

void asp_watch_layout(AspWatches *w)
{
    size_t total = 0;
    for (size_t i = 0; i < w->nlists; i++) {
        size_t count = asp_watch_count(w, (uint32_t)i);
        total += count <= 2 ? 0 : count;
    }
    if (total > UINT32_MAX) mem_fail(total);
    if (total > w->cap) {                 /* nothing in the pool is kept: no copy */
        mem_free(w->pool);
        w->pool = mem_alloc((total + 1) * sizeof *w->pool);
        w->cap = total + 1;
    }
    memset(w->freed, 0, sizeof w->freed);
    uint32_t at = 0;
    for (size_t i = 0; i < w->nlists; i++) {
        AspWatchList *l = &w->list[i];
        uint32_t count = l->count & ~ASP_WATCH_INLINE;
        bool inline_ = count == 1 || count == 2;            /* in the header */
        l->count = inline_ ? ASP_WATCH_INLINE : 0;
        l->at[0] = at;
        l->at[1] = count <= 2 ? 0 : count;
        at += l->at[1];
    }
    w->used = at;
}
