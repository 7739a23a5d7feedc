/* learnreduce.c: keeping the learnt nogoods of learn.c few enough, and when to restart.
 *
 * Deletion (glucose's): the nogoods are ranked by LBD, the number of levels their literals
 * had when they were learnt, lowered when a conflict's analysis meets the nogood as a reason
 * and its literals then lie on fewer levels (glucose's dynamic LBD).  When the kept ones
 * reach a limit (REDUCE_FIRST, then REDUCE_STEP more each time), half of those with LBD
 * above 2 (p->store.glue) go, the highest LBD first (the older on ties), except the locked ones:
 * the reason of a value on the trail (conflict analysis reads it back) and the nogoods not
 * yet propagated.  (Measured, bench/NOTES.md: a step of 100 doubled pigeonhole's conflicts;
 * 600 rather than 300 saved 5-25% of them on random 3-SAT, 38% on pigeon-10.)
 * Deleting a nogood is sound: it only ever removed intervals without stable models, and the
 * search without it is the search without learning there.  The rest are moved together and
 * watched again on the same two literals, after the integrity constraints' nogoods
 * (learncons.c), which are never deleted nor moved.
 *
 * Restarts (Luby's sequence, unit RESTART_UNIT nogoods, clasp's kind): the search goes back
 * to its root bound keeping the nogoods and the activities; the split then takes the most
 * active atoms again, each in the half its saved phase (learnheap.c: a jump over more than
 * 160 levels saves them, as a restart from deep does), its walk phase (learnwalk.c, which
 * runs at some restarts) or its learnt sign says (learn.c).
 * Measured (bench/NOTES.md): a restart costs a few microseconds (the propagator's undo to
 * the root request); what it changes is the search.  Glucose's dynamic policy hardly ever
 * restarted on random colouring (4x slower there), and saved phases at every backjump with
 * frequent restarts made pigeonhole 2-4x slower (most saved phases are "false", whose
 * choices propagate little: deep, weak searches).  Again (bench/RESULTS.md, "restart40c"):
 * on rotating workforce 40 the learnt nogoods' LBD stays within a few percent of its mean
 * (about 29), so glucose's rule (the last 50 above 1.25 times the mean) restarted 4 times in
 * 1.2 M conflicts; with the bar lowered to 1-1.1 times the mean, seeds 3 and 5 took 8-330x
 * the conflicts of Luby's. */
#include "asp/propstate.h"

#include <stdlib.h>

/* The i-th term (from 1) of Luby's sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...: 2^(k-1) when
 * i = 2^k - 1, else the term i - (2^(k-1) - 1) for the k with 2^(k-1) <= i < 2^k - 1. */
static size_t luby(size_t i)
{
    for (;;) {
        size_t k = 1;
        while (((size_t)1 << k) - 1 < i) k++;
        if (((size_t)1 << k) - 1 == i) return (size_t)1 << (k - 1);
        i -= ((size_t)1 << (k - 1)) - 1;
    }
}

void asp_restart_note(AspRestarts *r)
{
    size_t limit = r->every ? r->every : RESTART_UNIT * luby(r->count + 1);
    r->wanted = ++r->since >= limit;
}

bool asp_restart_due(AspRestarts *r)
{
    if (!r->wanted) return false;
    r->wanted = false;
    r->since = 0;
    r->count++;
    return true;
}

/* The index in p->store.learnts of the nogood at offset off (they are sorted by offset). */
static size_t index_of(const AspProp *p, uint32_t off)
{
    size_t lo = 0, hi = p->store.learnts.count;
    while (lo + 1 < hi) {
        size_t mid = (lo + hi) / 2;
        if (p->store.learnts.items[mid].off <= off) lo = mid;
        else hi = mid;
    }
    return lo;
}

uint32_t asp_learn_levels(AspProp *p, const uint32_t *lits, size_t n, uint32_t stop)
{
    uint32_t levels = 0;
    p->store.lvlstamp++;
    for (size_t i = 0; i < n && levels < stop; i++) {
        uint32_t v = p->tr.alev[lits[i] >> 1];
        if (p->store.lvlseen[v] != p->store.lvlstamp) {
            p->store.lvlseen[v] = p->store.lvlstamp;
            levels++;
        }
    }
    return levels;
}

/* Nogood off's LBD counted again (its literals all hold), stopping at the one it has. */
void asp_learn_relbd(AspProp *p, uint32_t off)
{
    if (!p->store.learnts.count || off < p->rc.perm_end) return;   /* the program's: no lbd */
    AspLearnt *l = &p->store.learnts.items[index_of(p, off)];
    if (l->off != off || l->lbd <= p->store.glue) return;
    uint32_t lbd = asp_learn_levels(p, p->store.ng.items + off + 1, p->store.ng.items[off], l->lbd);
    if (lbd < l->lbd) l->lbd = lbd;
}

/* Marks (keep = 1) the nogoods that are the reason of a value on the trail or pending. */
static void mark_locked(const AspProp *p, uint8_t *keep)
{
    ASP_ASSERT(p->store.last == NONE || p->store.learnts.items[index_of(p, p->store.last)].off
                                            == p->store.last);
    for (size_t i = 0; i < p->tr.qtail; i++) {
        uint32_t a = p->tr.trail[i];
        if (p->tr.rkind[a] == R_NOGOOD && p->tr.rarg[a] >= p->rc.perm_end) keep[index_of(p, p->tr.rarg[a])] = 1;
    }
    for (size_t i = 0; i < p->store.pending.count; i++) keep[index_of(p, p->store.pending.items[i])] = 1;
    if (p->store.last != NONE) keep[index_of(p, p->store.last)] = 1;
}

typedef struct Cand { uint32_t idx, lbd; } Cand;

static int worse_first(const void *x, const void *y)
{
    const Cand *a = x, *b = y;
    if (a->lbd != b->lbd) return a->lbd > b->lbd ? -1 : 1;
    return (a->idx > b->idx) - (a->idx < b->idx);
}

/* Chooses the nogoods to delete: keep[i] = 0 for them, 1 for the others. */
static void choose_victims(const AspProp *p, uint8_t *keep)
{
    size_t n = p->store.learnts.count, nc = 0;
    Cand *c = mem_alloc((n + 1) * sizeof *c);
    for (size_t i = 0; i < n; i++)
        if (!keep[i] && p->store.learnts.items[i].lbd > p->store.glue
            && p->store.ng.items[p->store.learnts.items[i].off] != 2) c[nc++] = (Cand){(uint32_t)i, p->store.learnts.items[i].lbd};
    qsort(c, nc, sizeof *c, worse_first);
    memset(keep, 1, n);
    for (size_t i = 0; i < nc / 2; i++) keep[c[i].idx] = 0;
    mem_free(c);
}

/* The new offset of the nogood at old offset off (a constraint's stays). */
static uint32_t moved(const AspProp *p, const uint32_t *newoff, uint32_t off)
{
    return off < p->rc.perm_end ? off : newoff[index_of(p, off)];
}

/* Moves the kept nogoods together (newoff: each one's new offset) and renames the offsets
 * that name them. */
static void compact(AspProp *p, const uint8_t *keep)
{
    size_t n = p->store.learnts.count, to = p->rc.perm_end;     /* after the constraints */
    uint32_t *newoff = mem_alloc((n + 1) * sizeof *newoff);
    for (size_t i = 0; i < n; i++) {       /* each with its search start, the word before */
        uint32_t off = p->store.learnts.items[i].off, len = p->store.ng.items[off] + 2;
        newoff[i] = keep[i] ? (uint32_t)to + 1 : NONE;
        if (!keep[i]) continue;
        memmove(p->store.ng.items + to, p->store.ng.items + off - 1, len * sizeof *p->store.ng.items);
        to += len;
    }
    for (size_t i = 0; i < p->tr.qtail; i++) {
        uint32_t a = p->tr.trail[i];
        if (p->tr.rkind[a] == R_NOGOOD)
            asp_trail_reason(&p->tr, a, R_NOGOOD, moved(p, newoff, p->tr.rarg[a]));
    }
    for (size_t i = 0; i < p->store.pending.count; i++) p->store.pending.items[i] = moved(p, newoff, p->store.pending.items[i]);
    if (p->store.last != NONE) p->store.last = moved(p, newoff, p->store.last);
    if (p->store.blocks_from != NONE) p->store.blocks_from = moved(p, newoff, p->store.blocks_from);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (keep[i]) p->store.learnts.items[k++] = (AspLearnt){newoff[i], p->store.learnts.items[i].lbd};
    p->store.deleted += n - k;
    p->store.learnts.count = p->store.nkept = k;
    p->store.ng.count = to;
    mem_free(newoff);
}

/* The literals nogood off is watched on: its first two (its only one twice). */
static uint32_t watched_pair(const AspProp *p, uint32_t off, uint32_t *w0, uint32_t *w1)
{
    uint32_t n = p->store.ng.items[off];
    ASP_ASSERT(n >= 1 && off + n < p->store.ng.count);
    *w0 = p->store.ng.items[off + 1];
    *w1 = n > 1 ? p->store.ng.items[off + 2] : *w0;
    return n;
}

void asp_watch_nogood(AspProp *p, uint32_t off)
{
    if (off >= ASP_WATCH_BIN) mem_fail((size_t)off * sizeof *p->store.ng.items);   /* a pair's
                                                   first word never carries the binary mark */
    uint32_t w0, w1;
    uint32_t n = watched_pair(p, off, &w0, &w1);
    if (n == 2) {
        asp_watch_add_bin(&p->store.watches, w0, w1);
        asp_watch_add_bin(&p->store.watches, w1, w0);
        return;
    }
    asp_watch_add(&p->store.watches, w0, off, w1);
    if (n > 1) asp_watch_add(&p->store.watches, w1, off, w0);
}

/* Nogood off's watches announced to the pool (as asp_watch_nogood will add them). */
static void expect_watches(AspProp *p, uint32_t off)
{
    uint32_t w0, w1;
    uint32_t n = watched_pair(p, off, &w0, &w1);
    uint32_t words = n == 2 ? 1 : 2;                 /* a binary one: a word a watch */
    asp_watch_expect(&p->store.watches, w0, words);
    if (n > 1) asp_watch_expect(&p->store.watches, w1, words);
}

/* The kept nogoods of two literals (binary) or of another length watched again: the
 * stored rules' ones, then the learnt ones. */
static void watch_kept(AspProp *p, bool binary)
{
    for (uint32_t off = 0; off < p->rc.perm_end; off += p->store.ng.items[off] + 1)
        if ((p->store.ng.items[off] == 2) == binary) asp_watch_nogood(p, off);
    for (size_t i = 0; i < p->store.learnts.count; i++) {
        uint32_t off = p->store.learnts.items[i].off;
        if ((p->store.ng.items[off] == 2) == binary) asp_watch_nogood(p, off);
    }
}

/* A spent vector of pairs is cut to its count every this many pairs taken from its end. */
enum { PAIRS_CUT = 1 << 18 };

/* The program's binary completion nogood `key` (smaller literal high) as the word of its
 * larger literal in its smaller literal's list, marked ASP_WATCH_PROG (it has no place in the
 * store); the other word is made from this one (watch_partners). */
static void watch_larger(AspProp *p, uint64_t key)
{
    asp_watch_add_bin(&p->store.watches, (uint32_t)(key >> 32), (uint32_t)key | ASP_WATCH_PROG);
}

/* Words [a, b) reversed. */
static void reverse_words(uint32_t *w, size_t a, size_t b)
{
    for (; a + 1 < b; a++, b--) {
        uint32_t t = w[a];
        w[a] = w[b - 1];
        w[b - 1] = t;
    }
}

/* Every list holds, from its start, the program words of its larger partners (watch_larger,
 * in the pairs' order), then the words of the stored nogoods of two literals: each partner's
 * list gets the word of the smaller literal, the lists taken in order; then each list's
 * larger partners go last, so that it reads [stored][smaller partners][larger partners], as
 * the pairs watched at both ends in their order (smaller literal high) wrote it. */
static void watch_partners(AspWatches *w)
{
    for (uint32_t lit = 0; lit < w->nlists; lit++)
        for (size_t i = 0; i < asp_watch_count(w, lit); i++) {
            uint32_t word = asp_watch_items(w, lit)[i];    /* the pool may move: read anew */
            if (!(word & ASP_WATCH_PROG) || asp_watch_other(word) < lit) break;
            asp_watch_add_bin(w, asp_watch_other(word), lit | ASP_WATCH_PROG);
        }
    for (uint32_t lit = 0; lit < w->nlists; lit++) {
        uint32_t *items = asp_watch_items(w, lit);
        size_t n = asp_watch_count(w, lit), m = 0;
        while (m < n && (items[m] & ASP_WATCH_PROG) && asp_watch_other(items[m]) > lit) m++;
        reverse_words(items, 0, m);
        reverse_words(items, m, n);
        reverse_words(items, 0, n);
    }
}

/* The pairs' words in their smaller literals' lists (one of the two vectors is empty): the
 * shared ones read, the spent ones reversed, then taken from the end and their memory given
 * back as they go.  Written so, in the lists' order, the lists' pages are touched as the
 * pairs are given back (on the colouring of 1 500 nodes, 27 MB of pairs and of lists: the
 * pairs watched at both ends, after the stored nogoods' words, touched most of the lists'
 * pages at once, 20 MB above the search's own peak). */
static void watch_smaller_ends(AspProp *p, const AspPairs *shared, AspPairs *spent)
{
    for (size_t i = 0; shared && i < shared->count; i++) watch_larger(p, shared->items[i]);
    if (!spent) return;
    for (size_t i = 0, j = spent->count; i + 1 < j; i++, j--) {
        uint64_t t = spent->items[i];
        spent->items[i] = spent->items[j - 1];
        spent->items[j - 1] = t;
    }
    while (spent->count) {
        watch_larger(p, spent->items[--spent->count]);
        if (spent->count && spent->count % PAIRS_CUT == 0) {
            spent->items = mem_realloc(spent->items, spent->count * sizeof *spent->items);
            spent->cap = spent->count;
        }
    }
    VEC_FREE(*spent);
}

static void expect_pairs(AspProp *p, const AspPairs *pairs)
{
    for (size_t i = 0; pairs && i < pairs->count; i++) {
        asp_watch_expect(&p->store.watches, (uint32_t)(pairs->items[i] >> 32), 1);
        asp_watch_expect(&p->store.watches, (uint32_t)pairs->items[i], 1);
    }
}

void asp_learn_watch_all(AspProp *p, const AspPairs *shared, AspPairs *spent)
{
    asp_watch_clear(&p->store.watches);
    for (uint32_t off = 0; off < p->rc.perm_end; off += p->store.ng.items[off] + 1) expect_watches(p, off);
    for (size_t i = 0; i < p->store.learnts.count; i++) expect_watches(p, p->store.learnts.items[i].off);
    expect_pairs(p, shared);
    expect_pairs(p, spent);
    asp_watch_layout(&p->store.watches);
    watch_smaller_ends(p, shared, spent);
    for (uint32_t off = 0; off < p->rc.perm_end; off += p->store.ng.items[off] + 1)
        if (p->store.ng.items[off] == 2) asp_watch_nogood(p, off);
    watch_partners(&p->store.watches);
    for (size_t i = 0; i < p->store.learnts.count; i++)
        if (p->store.ng.items[p->store.learnts.items[i].off] == 2) asp_watch_nogood(p, p->store.learnts.items[i].off);
    watch_kept(p, false);
    ASP_CHECK_NOGOODS(p);
}

/* The words of binary nogoods lead every list (watch.h): each list keeps just them, or
 * (program) just those of the program's unstored ones, moved to its start. */
static void keep_binary_words(AspWatches *w, bool program)
{
    for (uint32_t lit = 0; lit < w->nlists; lit++) {
        size_t n = asp_watch_count(w, lit), k = 0;
        if (!n) continue;
        uint32_t *items = asp_watch_items(w, lit);
        for (size_t i = 0; i < n && (items[i] & ASP_WATCH_BIN); i++)
            if (!program || (items[i] & ASP_WATCH_PROG)) items[k++] = items[i];
        asp_watch_truncate(w, lit, k);
    }
}

/* The binary nogoods keep their words (none is ever deleted, and theirs name no offset);
 * every longer kept nogood is watched again on its first two literals, each sparing the
 * other, in each list after the binary words.  After level 0's simplification (stored:
 * it rewrote the stored ones, some now of two literals, and dropped some) only the
 * unstored ones keep theirs and the stored binary ones are watched again first.  The lists
 * keep their blocks. */
void asp_learn_rewatch(AspProp *p, bool stored)
{
    keep_binary_words(&p->store.watches, stored);
    if (stored) watch_kept(p, true);
    watch_kept(p, false);
    ASP_CHECK_NOGOODS(p);
}

void asp_learn_forget(AspProp *p)
{
    asp_watch_clear(&p->store.watches);
    p->store.ng.count = p->store.learnts.count = p->store.pending.count = 0;
    p->store.nnogoods = p->store.nkept = 0;
    p->store.last = p->store.blocks_from = NONE;
    p->store.fresh = false;
    p->store.nblocks = p->store.block.count = 0;
}

void asp_learn_reduce(AspProp *p)
{
    if (p->store.nkept < p->store.reduce_at) return;
    p->store.reduce_at += REDUCE_STEP;
    size_t n = p->store.learnts.count;
    uint8_t *keep = mem_calloc(n + 1, 1);
    mark_locked(p, keep);
    choose_victims(p, keep);
    compact(p, keep);
    asp_learn_rewatch(p, false);
    mem_free(keep);
}
