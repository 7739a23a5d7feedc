/* propcheck.c: the invariants of the native IR's state (AspProp), checked as a whole, as Lua
 * checks its own under LUAI_ASSERT.  The sanitizer build (ASP_CHECK, see the Makefile) calls
 * the checks at safe points: after each request's propagation (prop.c: the trail and the heap
 * every time, the whole store at the 1st, 2nd, 4th, ... call and every 1024th) and after the
 * nogoods are watched afresh (learnreduce.c: the store); elsewhere the calls compile to
 * nothing.
 * The trail: every atom on it has a value, its place (tpos) and a level, the levels never
 * decrease along it and level k holds trail [lstart[k], lstart[k+1]); an atom has a value only
 * on the trail; lholds and the interval [tlo, thi] agree with the values (the interval
 * brought up to the whole trail: tsync at its end).  The store: every
 * stored nogood (the rules' ones below perm_end, then the learnt ones in the order of their
 * offsets, which tile the rest of the store, each after its search start word) is watched
 * on its first two literals (its only one), no list holds any other pair (its binary words
 * may be more: the program's unstored ones, and stored ones level 0 dropped), and in each
 * list the nogoods of two literals (their words marked ASP_WATCH_BIN, and only theirs) come
 * before the longer ones' pairs.  The activity heap: each atom where hpos says, no child before its
 * parent, every open atom in it while learning.  The unfounded-set check's sources
 * (sources.h, at the store's checkpoints): each atom's source is a rule of it, each rule with
 * a cyclic head counts its cyclic positive atoms without a source, and when no check is due
 * every cyclic atom that is not false has a source whose body is not false.  The
 * optimisation's bound (cost.c's asp_cost_check, with every state check): its held literals
 * and sums agree with the trail, its scan's skip places pass only literals with values. */
#include "asp/propstate.h"

#include <stdio.h>
#include <stdlib.h>

/* The store's nogoods: their count, or a description of the first fault. */
static const char *walk_nogoods(const AspProp *p, uint8_t *start, size_t nlits)
{
    const AspNogoods *g = &p->store;
    const uint32_t *ng = g->ng.items;
    if (p->rc.perm_end > g->ng.count) return "perm_end beyond the store";
    for (uint32_t off = 0; off < p->rc.perm_end; off += ng[off] + 1) {
        if (ng[off] == 0 || off + ng[off] >= p->rc.perm_end) return "a stored rule's nogood";
        start[off] = 1;
    }
    uint32_t end = p->rc.perm_end;
    for (size_t i = 0; i < g->learnts.count; i++) {
        uint32_t off = g->learnts.items[i].off;
        if (off != end + 1) return "the learnt nogoods do not tile the store in ascending order";
        if (ng[off] == 0 || off + ng[off] >= g->ng.count) return "a learnt nogood's length";
        if (g->learnts.items[i].lbd == 0) return "a learnt nogood of LBD 0";
        start[off] = 1;
        end = off + ng[off] + 1;
    }
    if (end != g->ng.count) return "the learnt nogoods do not end the store";
    if (g->nkept != g->learnts.count) return "nkept is not the learnt count";
    for (uint32_t off = 0; off < end; off++)
        for (uint32_t k = 1; start[off] && k <= ng[off]; k++)
            if (ng[off + k] >= nlits) return "a nogood's literal out of range";
    for (size_t i = 0; i < g->pending.count; i++)
        if (g->pending.items[i] >= end || !start[g->pending.items[i]]) return "a pending nogood";
    if (g->last != NONE && (g->last >= end || !start[g->last])) return "the last nogood";
    return NULL;
}

/* Each list's watches: nogoods stored, watching this literal as one of their first two; the
 * binary ones' words first, at least as many as there are such stored nogoods of the literal
 * (the program's binary completions have no place in the store, and a stored one that level
 * 0 made false keeps its words), exactly the longer ones' pairs after them. */
static const char *check_lists(const AspProp *p, const uint8_t *start, uint32_t *expect)
{
    const AspWatches *w = &p->store.watches;
    const uint32_t *ng = p->store.ng.items;
    uint32_t *bins = expect + w->nlists;
    for (uint32_t off = 0; off < p->store.ng.count; off++) {
        if (!start[off]) continue;
        uint32_t *to = ng[off] == 2 ? bins : expect;
        to[ng[off + 1]] += ng[off] == 2 ? 1 : 2;
        if (ng[off] > 1) to[ng[off + 2]] += ng[off] == 2 ? 1 : 2;
    }
    for (uint32_t lit = 0; lit < w->nlists; lit++) {
        size_t n = asp_watch_count(w, lit), j = 0;
        const uint32_t *items = asp_watch_items(w, lit);
        for (; j < n && (items[j] & ASP_WATCH_BIN); j++)
            if (asp_watch_other(items[j]) >= w->nlists) return "a binary watch's literal out of range";
        if ((n - j) % 2) return "a binary nogood's watch after a longer one's";
        if (j < bins[lit]) return "a stored binary nogood's watch missing";
        if (n - j != expect[lit]) return "a literal's watch count is not its nogoods' count";
        for (; j < n; j += 2) {
            uint32_t off = items[j];
            if (off >= p->store.ng.count || !start[off]) return "a watch of no stored nogood";
            if (ng[off + 1] != lit && (ng[off] < 2 || ng[off + 2] != lit))
                return "a nogood watched on neither of its first two literals";
            if (ng[off] == 2 || (items[j + 1] & ASP_WATCH_BIN))
                return "a binary nogood watched as a longer one";
        }
    }
    return NULL;
}

const char *asp_prop_check_nogoods(const AspProp *p)
{
    const AspWatches *w = &p->store.watches;
    if (!w->list) return p->store.ng.count ? "nogoods stored with no watch lists" : NULL;
    uint8_t *start = mem_calloc(p->store.ng.count + 1, 1);
    uint32_t *expect = mem_calloc(2 * w->nlists + 1, sizeof *expect);
    const char *why = walk_nogoods(p, start, w->nlists);
    if (!why) why = check_lists(p, start, expect);
    mem_free(start);
    mem_free(expect);
    return why;
}

/* Atom a's value, as val, lholds and the interval say it. */
static const char *check_value(const AspProp *p, uint32_t a)
{
    uint8_t v = p->tr.val[a];
    if (v > V_FALSE) return "a value out of range";
    if (p->tr.lholds[2 * a] != (v == V_TRUE) || p->tr.lholds[2 * a + 1] != (v == V_FALSE))
        return "lholds disagrees with val";
    bool lo = (p->tlo[a >> 6] >> (a & 63)) & 1, hi = (p->thi[a >> 6] >> (a & 63)) & 1;
    if (lo != (v == V_TRUE) || hi != (v != V_FALSE)) return "the interval disagrees with val";
    return NULL;
}

static const char *check_trail(const AspSolver *s, const AspProp *p)
{
    const AspTrail *t = &p->tr;
    if (t->nlevels == 0 || t->nlevels > s->natoms + 2) return "no level, or too many";
    if (t->qhead > t->qtail || t->qtail > s->natoms) return "the queue out of order";
    if (!p->root_conflict && !p->conflict && t->qhead != t->qtail)
        return "propagation left atoms to visit";
    if (p->tsync != t->qtail) return "the interval lags the trail";
    if (t->lstart[0] != 0) return "level 0 does not start the trail";
    for (size_t k = 1; k < t->nlevels; k++)
        if (t->lstart[k] < t->lstart[k - 1] || t->lstart[k] > t->qtail) return "lstart";
    size_t valued = 0;
    for (uint32_t a = 0; a < s->natoms; a++) {
        const char *why = check_value(p, a);
        if (why) return why;
        valued += t->val[a] != V_UNK;
        if (t->isdec[a] && t->val[a] == V_UNK) return "a request's atom with no value";
    }
    if (valued != t->qtail) return "an atom has a value but is not on the trail";
    for (size_t i = 0; i < t->qtail; i++) {
        uint32_t a = t->trail[i], k = t->alev[a];
        if (a >= s->natoms || t->val[a] == V_UNK) return "a trail atom with no value";
        if (t->tpos[a] != i) return "tpos is not the atom's place on the trail";
        if (k >= t->nlevels || t->lstart[k] > i) return "an atom's level is not its place's";
        if (k + 1 < t->nlevels && t->lstart[k + 1] <= i)
            return "an atom's level is below its place's";
        if (i && t->alev[t->trail[i - 1]] > k) return "the levels decrease along the trail";
        if (t->rkind[a] > R_COST) return "a reason out of range";
    }
    return NULL;
}

static const char *check_heap(const AspSolver *s, const AspProp *p)
{
    const AspActivity *h = &p->act;
    if (!p->learning || !h->heap) return NULL;
    if (h->hsize > s->natoms) return "the heap is too large";
    for (size_t i = 0; i < h->hsize; i++) {
        uint32_t a = h->heap[i];
        if (a >= s->natoms || h->hpos[a] != i) return "hpos is not the atom's place in the heap";
        if (i == 0) continue;
        uint32_t b = h->heap[(i - 1) / 2];
        bool first = h->activity[a] != h->activity[b] ? h->activity[a] > h->activity[b]
                                                       : p->rpos[a] < p->rpos[b];
        if (first) return "a heap child before its parent";
    }
    for (uint32_t a = 0; a < s->natoms; a++) {
        if (h->hpos[a] == NONE) {
            if (p->tr.val[a] == V_UNK) return "an open atom out of the heap";
        } else if (h->hpos[a] >= h->hsize || h->heap[h->hpos[a]] != a) return "a stale hpos";
    }
    return NULL;
}

static const char *check_sources(const AspSolver *s, const AspProp *p)
{
    const AspUnfounded *u = &p->uf;
    if (!u->ncrules) return NULL;
    for (uint32_t a = 0; a < s->natoms; a++) {
        uint32_t r = u->src[a];
        if (r != NONE && (r >= s->nrules || s->head[r] != a)) return "a source of another atom";
        if (r == NONE && p->cyclic[a] && p->tr.val[a] != V_FALSE && !(u->flag[a] & UFS_TODO))
            return "a cyclic atom with no source, not false and not queued";
        if (r != NONE && !asp_ufs_pending(p) && p->tr.val[a] != V_FALSE && asp_rs_slack(p, r) < 0)
            return "a source whose body is false";
        if (r != NONE && !asp_ufs_pending(p) && asp_rule_aggregate(s, r)
            && (u->excess[r] < 0 || u->excess[r] > asp_rs_slack(p, r)))
            return "an aggregate source whose weight to spare is below 0 or above its slack";
    }
    for (uint32_t i = 0; i < u->ncrules; i++) {
        uint32_t r = u->crules[i];
        int64_t weight;
        if (asp_ufs_unsourced(s, p, r, &weight) != u->nosrc[r])
            return "a rule's count of cyclic atoms without a source";
        if (u->unw && weight != u->unw[r])
            return "a rule's weight of cyclic atoms without a source";
    }
    return NULL;
}

const char *asp_prop_check(const AspSolver *s, const AspProp *p)
{
    if (p->mode < 0) return NULL;             /* never reset: nothing to hold yet */
    const char *why = check_trail(s, p);
    if (!why) why = asp_prop_check_nogoods(p);
    if (!why) why = check_heap(s, p);
    if (!why) why = check_sources(s, p);
    if (!why && p->cost) why = asp_cost_check(p);
    return why;
}

void asp_prop_checkpoint(const AspSolver *s, AspProp *p, const char *where)
{
    if (p->mode < 0) return;
    size_t n = ++p->nchecks;
    const char *why = check_trail(s, p);
    if (!why) why = check_heap(s, p);
    if (!why && p->cost) why = asp_cost_check(p);
    /* the store may be large (every rule as a nogood): checked at the 1st, 2nd, 4th, ...
     * checkpoint and every 1024th, besides at each watching afresh */
    if (!why && ((n & (n - 1)) == 0 || n % 1024 == 0)) why = asp_prop_check_nogoods(p);
    if (!why && ((n & (n - 1)) == 0 || n % 1024 == 0)) why = check_sources(s, p);
    asp_prop_verify(why, where);
}

void asp_prop_verify(const char *why, const char *where)
{
    if (!why) return;
    fprintf(stderr, "fix: internal error: the solver state breaks an invariant (%s): %s\n",
            where, why);
    abort();
}
