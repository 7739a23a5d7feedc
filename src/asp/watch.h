/* watch.h: the watch lists of the nogood store (learn.c's two watched literals): per
 * literal, the nogoods watching it: a nogood of two literals as one word, its other literal
 * marked ASP_WATCH_BIN (clasp's short implications: the look needs nothing else), a longer
 * one as a pair of words (the nogood's offset, then a literal of it whose falsity spares the
 * look).  The words of nogoods of two literals come first in every list, the pairs after
 * them: the visit (learn.c) reads the former as a list of implications of their own.  A
 * nogood of three literals is a pair like the longer ones: clasp's lists of ternary
 * implications (on all three literals, the two others in the entry) cost more CPU a
 * conflict on the job shop, where they are a third of the entries visited (bench/RESULTS.md,
 * tern33v's section).  Every list lives in one pool of 32-bit words, in a block of its own.
 * When the watches to come are known (all the stored nogoods watched afresh),
 * asp_watch_layout gives each list a block of just its size, one after another; a list that
 * outgrows its block moves to one of the next power of two words and leaves the old one to
 * the next list of a size it can hold.  A list of one or two words (every literal of a
 * choice atom's two binary nogoods) keeps them in its 12 bytes instead, with no block.  A
 * list costs its words and 12 bytes, rather than a block of its own from the allocator; the
 * pool moves as it grows, so a pointer into it holds only until the next asp_watch_add or
 * asp_watch_add_bin. */
#ifndef FIX_ASP_WATCH_H
#define FIX_ASP_WATCH_H

#include "common.h"

/* A list: its words (count, masked) and its block (at[0] its start in the pool, at[1] its
 * size), or, when count carries ASP_WATCH_INLINE, room for two words in at itself. */
typedef struct AspWatchList { uint32_t count, at[2]; } AspWatchList;
#define ASP_WATCH_INLINE 0x80000000u

/* The word of a nogood of two literals carries this bit: the rest is the nogood's other
 * literal (offsets stay below it, the first word of a longer nogood's pair).  A program's
 * completion nogood of two literals (learncons.c) has no place in the store: its two words
 * are all there is of it, marked ASP_WATCH_PROG as well (learnwalk.c reads them so;
 * literals stay below that bit: an atom's index is below 2^29).  No nogood of two literals
 * is ever deleted (their LBD is at most the glue, nogoods.h), so the lists keep their words
 * when the longer nogoods are watched afresh (asp_learn_rewatch). */
#define ASP_WATCH_BIN 0x80000000u
#define ASP_WATCH_PROG 0x40000000u

/* The other literal of a binary nogood's word. */
static inline uint32_t asp_watch_other(uint32_t word)
{
    return word & ~(ASP_WATCH_BIN | ASP_WATCH_PROG);
}

typedef struct AspWatches {
    AspWatchList *list;           /* per literal */
    size_t nlists;
    uint32_t *pool;
    size_t used, cap;             /* pool words in blocks, and allocated */
    uint32_t freed[32];           /* per block size 2 << k (at least): a free block's start +
                                     1, 0: none (chained by their first word) */
} AspWatches;

/* nlists empty lists (nlists may be 0: no lists, nothing allocated). */
void asp_watch_init(AspWatches *w, size_t nlists);
void asp_watch_free(AspWatches *w);
/* Every list emptied; the blocks stay theirs. */
void asp_watch_clear(AspWatches *w);
/* List lit's block made room for at least two more words. */
void asp_watch_grow(AspWatches *w, uint32_t lit);
/* After asp_watch_clear, list lit will get `words` more words (an announcement, not an
 * append). */
static inline void asp_watch_expect(AspWatches *w, uint32_t lit, uint32_t words)
{
    w->list[lit].count += words;
}
/* The pool laid out afresh for the pairs announced since asp_watch_clear: every list empty,
 * with a block of the announced words (none when nothing was announced). */
void asp_watch_layout(AspWatches *w);

/* List lit's words (NULL while it has none and the pool is empty). */
static inline uint32_t *asp_watch_items(const AspWatches *w, uint32_t lit)
{
    AspWatchList *l = &w->list[lit];
    if (l->count & ASP_WATCH_INLINE) return l->at;
    return w->pool ? w->pool + l->at[0] : NULL;
}

static inline size_t asp_watch_count(const AspWatches *w, uint32_t lit)
{
    return w->list[lit].count & ~ASP_WATCH_INLINE;
}

/* List lit keeps its first count words. */
static inline void asp_watch_truncate(AspWatches *w, uint32_t lit, size_t count)
{
    AspWatchList *l = &w->list[lit];
    l->count = (l->count & ASP_WATCH_INLINE) | (uint32_t)count;
}

/* The pair (off, spare) appended to list lit: in place when its block has room (the header
 * read once: a store into the pool may alias it), else by asp_watch_add_grown (a list in its
 * header, or a full block). */
void asp_watch_add_grown(AspWatches *w, uint32_t lit, uint32_t off, uint32_t spare);
static inline void asp_watch_add(AspWatches *w, uint32_t lit, uint32_t off, uint32_t spare)
{
    AspWatchList *l = &w->list[lit];
    uint32_t count = l->count, start = l->at[0];
    if ((count & ASP_WATCH_INLINE) || count + 2 > l->at[1]) {
        asp_watch_add_grown(w, lit, off, spare);
        return;
    }
    uint32_t *at = w->pool + start + count;
    at[0] = off;
    at[1] = spare;
    l->count = count + 2;
}

/* The word other | ASP_WATCH_BIN of a nogood of two literals put in list lit ahead of the
 * pairs of longer nogoods: in the place of the first of them (found from the list's end),
 * which goes last. */
void asp_watch_add_bin(AspWatches *w, uint32_t lit, uint32_t other);

#endif
