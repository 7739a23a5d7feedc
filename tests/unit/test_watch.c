/* test_watch.c: unit tests of asp/watch.h, the pool of watch lists: random appends,
 * truncations, clears and layouts to measure against one plain array per list, with the
 * pool's blocks checked after each step (inside the pool, never two lists in one block; a
 * list of one pair in its header), a binary nogood's pair put ahead of longer ones', and a
 * pair appended to a header of two binary words. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "asp/watch.h"

enum { LISTS = 37, STEPS = 20000, MAX_WORDS = 4096 };

typedef struct Model { uint32_t words[LISTS][MAX_WORDS]; size_t count[LISTS]; } Model;

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static int by_start(const void *a, const void *b)
{
    const AspWatchList *x = a, *y = b;
    return (x->at[0] > y->at[0]) - (x->at[0] < y->at[0]);
}

/* Every list holds what the model says, in a block of its own inside the pool. */
static void check(const AspWatches *w, const Model *m)
{
    AspWatchList blocks[LISTS];
    size_t nblocks = 0;
    for (uint32_t i = 0; i < LISTS; i++) {
        const AspWatchList *l = &w->list[i];
        assert_int_equal(asp_watch_count(w, i), m->count[i]);
        if (m->count[i])
            assert_memory_equal(asp_watch_items(w, i), m->words[i], m->count[i] * sizeof(uint32_t));
        if (l->count & ASP_WATCH_INLINE) {
            assert_true(m->count[i] <= 2);
            continue;
        }
        assert_true(l->count <= l->at[1]);
        if (!l->at[1]) continue;
        assert_true(l->at[1] >= 2 && l->at[1] % 2 == 0);
        assert_true((size_t)l->at[0] + l->at[1] <= w->used && w->used <= w->cap);
        blocks[nblocks++] = *l;
    }
    qsort(blocks, nblocks, sizeof *blocks, by_start);
    for (size_t k = 1; k < nblocks; k++)
        assert_true(blocks[k - 1].at[0] + blocks[k - 1].at[1] <= blocks[k].at[0]);
}

static void test_against_arrays(void **state)
{
    (void)state;
    static Model m;
    memset(&m, 0, sizeof m);
    AspWatches w;
    asp_watch_init(&w, LISTS);
    uint64_t seed = 0x9e3779b97f4a7c15u;
    for (size_t step = 0; step < STEPS; step++) {
        uint64_t r = next_random(&seed);
        uint32_t lit = (uint32_t)(r % LISTS);
        unsigned op = (unsigned)(r >> 32) % 100;
        if (op < 80 && m.count[lit] + 2 <= MAX_WORDS) {
            uint32_t off = (uint32_t)(r >> 8), spare = (uint32_t)(r >> 40);
            asp_watch_add(&w, lit, off, spare);
            m.words[lit][m.count[lit]++] = off;
            m.words[lit][m.count[lit]++] = spare;
        } else if (op < 95) {
            size_t keep = m.count[lit] ? (size_t)(r >> 16) % (m.count[lit] / 2 + 1) * 2 : 0;
            asp_watch_truncate(&w, lit, keep);
            m.count[lit] = keep;
        } else if (op < 98) {            /* each list laid out for what it holds, refilled */
            asp_watch_clear(&w);
            for (uint32_t i = 0; i < LISTS; i++)
                for (size_t k = 0; k < m.count[i]; k += 2) asp_watch_expect(&w, i, 2);
            asp_watch_layout(&w);
            for (uint32_t i = 0; i < LISTS; i++) {
                if (m.count[i] == 2) assert_true(w.list[i].count & ASP_WATCH_INLINE);
                else assert_int_equal(w.list[i].at[1], m.count[i]);
                for (size_t k = 0; k < m.count[i]; k += 2)
                    asp_watch_add(&w, i, m.words[i][k], m.words[i][k + 1]);
            }
        } else {
            asp_watch_clear(&w);
            memset(m.count, 0, sizeof m.count);
        }
        check(&w, &m);
    }
    asp_watch_free(&w);
    assert_null(w.list);
}

/* A binary nogood's word goes ahead of the longer nogoods' pairs (in the place of the first
 * of them, which goes last), behind the binary ones already there, in the header as in a
 * block; a list laid out for one such word keeps it in its header. */
static void test_binary_first(void **state)
{
    (void)state;
    AspWatches w;
    asp_watch_init(&w, 1);
    const uint32_t B = ASP_WATCH_BIN;
    asp_watch_add_bin(&w, 0, 2);                        /* in the header */
    assert_true(w.list[0].count & ASP_WATCH_INLINE);
    asp_watch_add(&w, 0, 3, 4);
    asp_watch_add(&w, 0, 5, 6);
    asp_watch_add_bin(&w, 0, 8);                        /* in (3, 4)'s place, it goes last */
    asp_watch_add_bin(&w, 0, 10);                       /* in (5, 6)'s place */
    asp_watch_add(&w, 0, 11, 12);
    const uint32_t want[] = {2 | B, 8 | B, 10 | B, 3, 4, 5, 6, 11, 12};
    assert_int_equal(asp_watch_count(&w, 0), 9);
    assert_memory_equal(asp_watch_items(&w, 0), want, sizeof want);
    asp_watch_free(&w);
    asp_watch_init(&w, 1);
    asp_watch_add(&w, 0, 3, 4);                         /* a longer one in the header */
    asp_watch_add_bin(&w, 0, 2);
    const uint32_t first[] = {2 | B, 3, 4};
    assert_int_equal(asp_watch_count(&w, 0), 3);
    assert_memory_equal(asp_watch_items(&w, 0), first, sizeof first);
    asp_watch_clear(&w);
    asp_watch_expect(&w, 0, 1);
    asp_watch_layout(&w);
    assert_true(w.list[0].count & ASP_WATCH_INLINE);
    assert_int_equal(w.used, 0);
    asp_watch_free(&w);
}

/* A list that outgrows its block leaves it to the next list of that size: the pool does not
 * grow for it. */
static void test_blocks_reused(void **state)
{
    (void)state;
    AspWatches w;
    asp_watch_init(&w, 3);
    asp_watch_add(&w, 0, 1, 2);          /* list 0: its header */
    assert_int_equal(w.used, 0);
    asp_watch_add(&w, 0, 3, 4);          /* list 0: a block of 4 */
    asp_watch_add(&w, 1, 5, 6);
    asp_watch_add(&w, 1, 7, 8);          /* list 1: the block after it */
    asp_watch_add(&w, 0, 9, 10);         /* list 0 moves to a block of 8, its old one freed */
    size_t used = w.used;
    asp_watch_add(&w, 2, 11, 12);
    asp_watch_add(&w, 2, 13, 14);        /* list 2 takes the freed block of 4 */
    assert_int_equal(w.used, used);
    assert_int_equal(w.list[2].at[0], 0);
    const uint32_t *l0 = asp_watch_items(&w, 0);
    assert_int_equal(l0[0], 1);
    assert_int_equal(l0[5], 10);
    asp_watch_free(&w);
}

/* A block laid out to measure (6 words: three pairs) that is outgrown moves to a power of
 * two and serves later as a block of 4. */
static void test_layout_then_grow(void **state)
{
    (void)state;
    AspWatches w;
    asp_watch_init(&w, 2);
    for (int k = 0; k < 3; k++) asp_watch_expect(&w, 0, 2);
    asp_watch_expect(&w, 1, 2);
    asp_watch_expect(&w, 1, 2);
    asp_watch_layout(&w);
    assert_int_equal(w.list[0].at[1], 6);
    assert_int_equal(w.list[1].at[0], 6);
    for (uint32_t k = 0; k < 4; k++) asp_watch_add(&w, 0, k, 10 + k);   /* moves at the 4th */
    assert_int_equal(w.list[0].at[1], 16);
    assert_int_equal(w.list[0].at[0], 10);
    assert_int_equal(w.freed[1], 1);                 /* 6 words hold a block of 4 */
    asp_watch_add(&w, 1, 7, 8);
    asp_watch_add(&w, 1, 9, 9);                      /* 4 words: list 1 grows to 8 */
    assert_int_equal(w.list[1].at[1], 4);
    asp_watch_add(&w, 1, 5, 5);
    assert_int_equal(w.list[1].at[1], 8);
    assert_int_equal(asp_watch_items(&w, 0)[7], 13);
    asp_watch_free(&w);
}

/* A list laid out for one pair keeps it in its header (no pool words); a second pair moves
 * both to a block of 4. */
static void test_one_pair_in_header(void **state)
{
    (void)state;
    AspWatches w;
    asp_watch_init(&w, 2);
    asp_watch_expect(&w, 0, 2);
    asp_watch_expect(&w, 1, 2);
    asp_watch_expect(&w, 1, 2);
    asp_watch_layout(&w);
    assert_int_equal(w.used, 4);                     /* list 1's block alone */
    asp_watch_add(&w, 0, 1, 2);
    assert_true(w.list[0].count & ASP_WATCH_INLINE);
    assert_int_equal(asp_watch_count(&w, 0), 2);
    assert_int_equal(asp_watch_items(&w, 0)[1], 2);
    asp_watch_add(&w, 0, 3, 4);
    assert_false(w.list[0].count & ASP_WATCH_INLINE);
    assert_int_equal(w.list[0].at[1], 4);
    const uint32_t *l0 = asp_watch_items(&w, 0);
    assert_int_equal(l0[0], 1);
    assert_int_equal(l0[3], 4);
    asp_watch_free(&w);
}

/* A list whose header holds two binary words (the second one's mark above any count) and
 * sits next to a block gets a pair in a block of its own: asp_watch_add's in-place append
 * must not read the header's words as a block. */
static void test_pair_after_binary_header(void **state)
{
    (void)state;
    AspWatches w;
    asp_watch_init(&w, 2);
    asp_watch_add(&w, 1, 1, 2);
    asp_watch_add(&w, 1, 3, 4);                      /* list 1: a block of 4 at 0 */
    asp_watch_add_bin(&w, 0, 0);                     /* list 0: two words in its header, */
    asp_watch_add_bin(&w, 0, 1000);                  /* the second 1000 | ASP_WATCH_BIN */
    assert_true(w.list[0].count & ASP_WATCH_INLINE);
    asp_watch_add(&w, 0, 7, 8);
    const uint32_t want0[] = {ASP_WATCH_BIN, 1000 | ASP_WATCH_BIN, 7, 8};
    const uint32_t want1[] = {1, 2, 3, 4};
    assert_int_equal(asp_watch_count(&w, 0), 4);
    assert_memory_equal(asp_watch_items(&w, 0), want0, sizeof want0);
    assert_memory_equal(asp_watch_items(&w, 1), want1, sizeof want1);
    asp_watch_free(&w);
}

static void test_no_lists(void **state)
{
    (void)state;
    AspWatches w;
    asp_watch_init(&w, 0);
    assert_null(w.list);
    asp_watch_clear(&w);
    asp_watch_free(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_arrays),
        cmocka_unit_test(test_binary_first),
        cmocka_unit_test(test_blocks_reused),
        cmocka_unit_test(test_layout_then_grow),
        cmocka_unit_test(test_one_pair_in_header),
        cmocka_unit_test(test_pair_after_binary_header),
        cmocka_unit_test(test_no_lists),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
