/* learnwalk.c: a local search over the stored rules' nogoods (learncons.c) that chooses the
 * signs of the split between restarts (rephasing by a walk, as Kissat's walker does).
 *
 * The stored nogoods are the program's constraints and the completions of its owned atoms:
 * an assignment of the atoms that violates none of them is, for a program whose atoms are
 * all owned (random 3-SAT, a choice's partners), a supported model, hence stable.  The walk
 * (probSAT's: a violated nogood at random, then one of its atoms, one that violates fewer
 * others when flipped more likely) looks for such an assignment from the search's last one;
 * the fewest violated nogoods it reached becomes each atom's phase, the half a split tries
 * first (learn.c's prefer_in).  The walk decides nothing: the search still proves every
 * value, so a phase only changes the order in which halves are tried, never an answer.
 * Level 0's literals are fixed: a nogood one of them makes false is left out, a literal
 * that holds there is dropped. */
#include "asp/propstate.h"

#include <math.h>
#include <stdlib.h>

typedef struct Walk {
    uint32_t nng;                 /* nogoods in the walk */
    uint32_t *cstart, *lits;      /* per nogood: its literals, level 0's dropped */
    uint32_t *ostart, *occ;       /* per literal: the nogoods it occurs in */
    uint32_t *nfalse;             /* per nogood: how many of its literals are false now */
    uint32_t *bad, *bpos, nbad;   /* the violated nogoods, each one's place among them */
    uint32_t *rep;                /* per atom: the literal of its root it equals (walk_pairs) */
    uint8_t *val, *best;          /* per atom: the walk's value (V_UNK: not walked) */
    uint8_t *grouped;             /* per root: its class holds an aggregate's element */
    uint32_t nbest;
    uint64_t ticks;               /* occurrences visited */
    double prob[64];              /* the weight of an atom whose flip violates b nogoods */
} Walk;


static uint64_t next_random(uint64_t *state)
{
    uint64_t x = *state;
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    return *state = x;
}

static bool fixed(const AspProp *p, uint32_t a)
{
    ASP_ASSERT(a < p->store.watches.nlists / 2);     /* an atom of the program */
    return p->tr.val[a] != V_UNK && p->tr.alev[a] == 0;
}

/* The nogood of the n literals l without level 0's literals, appended to lits (its start
 * to starts), unless level 0 makes one false or holds them all. */
static void walk_add(const AspProp *p, const uint32_t *l, uint32_t n, U32s *lits, U32s *starts)
{
    size_t at = lits->count;
    bool gone = false;
    for (uint32_t i = 0; i < n && !gone; i++) {
        if (!fixed(p, l[i] >> 1)) VEC_PUSH(*lits, l[i]);
        else gone = !p->tr.lholds[l[i]];
    }
    if (gone || lits->count == at) lits->count = at;
    else VEC_PUSH(*starts, (uint32_t)at);
}

/* The stored nogoods, then the program's binary ones that only the watch lists hold (each
 * once, from its smaller literal: in the order they were made), without level 0's literals
 * (lits, from starts[i] to starts[i + 1]). */
static void walk_filter(const AspProp *p, U32s *lits, U32s *starts)
{
    for (uint32_t off = 0; off < p->rc.perm_end; off += p->store.ng.items[off] + 1)
        walk_add(p, p->store.ng.items + off + 1, p->store.ng.items[off], lits, starts);
    const AspWatches *w = &p->store.watches;
    for (uint32_t lit = 0; lit < w->nlists; lit++) {
        const uint32_t *items = asp_watch_items(w, lit);
        for (size_t i = 0, n = asp_watch_count(w, lit); i < n && (items[i] & ASP_WATCH_BIN); i++) {
            uint32_t pair[2] = {lit, asp_watch_other(items[i])};
            if ((items[i] & ASP_WATCH_PROG) && pair[1] > lit) walk_add(p, pair, 2, lits, starts);
        }
    }
    VEC_PUSH(*starts, (uint32_t)lits->count);
}

/* The literal that stands for atom a's "true" (2 * root + 1 when a is the root's
 * complement); every atom on the way then points at the root directly. */
static uint32_t rep_of(uint32_t *rep, uint32_t a)
{
    uint32_t root = a, parity = 0;
    while (rep[root] >> 1 != root) {
        parity ^= rep[root] & 1;
        root = rep[root] >> 1;
    }
    for (uint32_t at = a, p = parity; at != root;) {
        uint32_t up = rep[at];
        rep[at] = 2 * root + p;
        p ^= up & 1;
        at = up >> 1;
    }
    return 2 * root + parity;
}

/* Two nogoods {l1, l2} and {-l1, -l2} say l2 holds exactly when l1 does not (a choice's
 * atom and its partner): the two atoms share one variable of the walk, so a flip of one is
 * a flip of both instead of a step through a violated nogood. */
static void walk_pairs(const U32s *lits, const U32s *starts, uint32_t *rep)
{
    VEC(uint64_t) keys = {0};
    for (size_t c = 0; c + 1 < starts->count; c++) {
        if (starts->items[c + 1] - starts->items[c] != 2) continue;
        uint32_t x = lits->items[starts->items[c]], y = lits->items[starts->items[c] + 1];
        if (x > y) { uint32_t t = x; x = y; y = t; }
        VEC_PUSH(keys, (uint64_t)x << 32 | y);
    }
    if (keys.count) qsort(keys.items, keys.count, sizeof *keys.items, asp_key_cmp);
    for (size_t i = 0; i < keys.count; i++) {
        uint32_t x = (uint32_t)(keys.items[i] >> 32), y = (uint32_t)keys.items[i];
        if (x & 1) continue;                    /* each pair once, from its two true literals */
        uint64_t want = (uint64_t)(x ^ 1) << 32 | (y ^ 1);
        if (!bsearch(&want, keys.items, keys.count, sizeof want, asp_key_cmp)) continue;
        uint32_t rx = rep_of(rep, x >> 1) ^ (x & 1), ry = rep_of(rep, y >> 1) ^ (y & 1);
        if (rx >> 1 == ry >> 1) continue;
        rep[ry >> 1] = rx ^ 1 ^ (ry & 1);       /* y's root "true" is the literal rx ^ 1 ^ .. */
    }
    VEC_FREE(keys);
}

/* The walk's nogoods: each literal in terms of its atom's root, once; a nogood holding a
 * literal and its complement can never hold and is left out. */
static void walk_collect(const AspProp *p, size_t natoms, Walk *w)
{
    U32s raw = {0}, rstart = {0}, lits = {0}, starts = {0};
    walk_filter(p, &raw, &rstart);
    w->rep = mem_alloc(natoms * sizeof *w->rep);
    for (uint32_t a = 0; a < natoms; a++) w->rep[a] = 2 * a;
    walk_pairs(&raw, &rstart, w->rep);
    uint32_t *mark = mem_calloc(2 * natoms, sizeof *mark);
    for (uint32_t c = 0; c + 1 < rstart.count; c++) {
        size_t at = lits.count;
        bool never = false;
        for (uint32_t k = rstart.items[c]; k < rstart.items[c + 1] && !never; k++) {
            uint32_t l = raw.items[k], m = rep_of(w->rep, l >> 1) ^ (l & 1);
            never = mark[m ^ 1] == c + 1;
            if (mark[m] != c + 1) VEC_PUSH(lits, m);
            mark[m] = c + 1;
        }
        if (never) lits.count = at;
        else VEC_PUSH(starts, (uint32_t)at);
    }
    mem_free(mark);
    VEC_FREE(raw); VEC_FREE(rstart);
    w->nng = (uint32_t)starts.count;
    VEC_PUSH(starts, (uint32_t)lits.count);
    w->cstart = starts.items;
    w->lits = lits.items;
    w->ostart = asp_csr_by(2 * natoms, w->nng, w->cstart, w->lits, NULL, &w->occ, NULL);
}

static void bad_add(Walk *w, uint32_t c) { w->bpos[c] = w->nbad; w->bad[w->nbad++] = c; }

static void bad_remove(Walk *w, uint32_t c)
{
    uint32_t last = w->bad[--w->nbad];
    w->bad[w->bpos[c]] = last;
    w->bpos[last] = w->bpos[c];
}

/* The start: each atom's phase (the last walk's best: the walks add up), else the search's
 * value, else its learnt sign. */
static void walk_start(const AspProp *p, size_t natoms, Walk *w)
{
    w->val = mem_calloc(natoms, 1);
    w->best = mem_calloc(natoms, 1);
    for (uint32_t c = 0; c < w->nng; c++)
        for (uint32_t k = w->cstart[c]; k < w->cstart[c + 1]; k++) {
            uint32_t a = w->lits[k] >> 1;
            if (w->val[a]) continue;
            w->val[a] = p->walk.phase[a] ? p->walk.phase[a]
                      : p->tr.val[a] != V_UNK ? p->tr.val[a] : p->act.sign[a] < 0 ? V_FALSE : V_TRUE;
        }
    w->nfalse = mem_calloc(w->nng + 1, sizeof *w->nfalse);
    w->bad = mem_alloc((w->nng + 1) * sizeof *w->bad);
    w->bpos = mem_alloc((w->nng + 1) * sizeof *w->bpos);
    w->nbad = 0;
    for (uint32_t c = 0; c < w->nng; c++) {
        for (uint32_t k = w->cstart[c]; k < w->cstart[c + 1]; k++) {
            uint32_t l = w->lits[k];
            w->nfalse[c] += asp_lit_of(l >> 1, w->val[l >> 1]) != l;
        }
        if (!w->nfalse[c]) bad_add(w, c);
    }
    memcpy(w->best, w->val, natoms);
    w->nbest = w->nbad;
}

/* How many nogoods flipping atom a violates: those whose only false literal is a's. */
static uint32_t breaks(Walk *w, uint32_t a)
{
    uint32_t other = asp_lit_of(a, w->val[a]) ^ 1, n = 0;
    for (uint32_t k = w->ostart[other]; k < w->ostart[other + 1]; k++) n += w->nfalse[w->occ[k]] == 1;
    w->ticks += w->ostart[other + 1] - w->ostart[other];
    return n;
}

static void flip(Walk *w, uint32_t a)
{
    uint32_t was = asp_lit_of(a, w->val[a]), now = was ^ 1;
    for (uint32_t k = w->ostart[was]; k < w->ostart[was + 1]; k++)
        if (w->nfalse[w->occ[k]]++ == 0) bad_remove(w, w->occ[k]);
    for (uint32_t k = w->ostart[now]; k < w->ostart[now + 1]; k++)
        if (--w->nfalse[w->occ[k]] == 0) bad_add(w, w->occ[k]);
    w->ticks += w->ostart[was + 1] - w->ostart[was] + w->ostart[now + 1] - w->ostart[now];
    w->val[a] = w->val[a] == V_TRUE ? V_FALSE : V_TRUE;
}

/* One step: a violated nogood at random, one of its atoms by probSAT's weights. */
static void walk_step(Walk *w, uint64_t *rng)
{
    uint32_t c = w->bad[next_random(rng) % w->nbad];
    double weight[64], total = 0;
    uint32_t n = w->cstart[c + 1] - w->cstart[c];
    if (n > 64) n = 64;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t b = breaks(w, w->lits[w->cstart[c] + i] >> 1);
        total += weight[i] = w->prob[b < 63 ? b : 63];
    }
    double r = (double)(next_random(rng) >> 11) / 9007199254740992.0 * total;
    uint32_t pick = 0;
    while (pick + 1 < n && r >= weight[pick]) r -= weight[pick++];
    flip(w, w->lits[w->cstart[c] + pick] >> 1);
}

static void walk_free(Walk *w)
{
    mem_free(w->cstart); mem_free(w->lits); mem_free(w->ostart); mem_free(w->occ);
    mem_free(w->nfalse); mem_free(w->bad); mem_free(w->bpos); mem_free(w->val); mem_free(w->best);
    mem_free(w->rep); mem_free(w->grouped);
}

/* The break weights: base^-b, the base by the nogoods' mean length (probSAT's exponential
 * form: 2.5 for three literals, more for longer ones). */
static void walk_weights(Walk *w)
{
    double mean = w->nng ? (double)w->cstart[w->nng] / w->nng : 3;
    double base = mean <= 3 ? 2.5 : mean <= 4 ? 3.0 : mean <= 5 ? 3.7 : 5.4;
    for (int b = 0; b < 64; b++) w->prob[b] = pow(base, -b);
}

/* Marks the roots whose class holds an aggregate's element: learn.c's prefer_in tries such
 * an atom in first whatever its phase, and its partner takes the other half, so the class
 * gets no phase.  Has any class left an atom of the walk? */
static bool walk_useful(const AspProp *p, size_t natoms, Walk *w)
{
    bool any = false;
    w->grouped = mem_calloc(natoms, 1);
    for (uint32_t a = 0; a < natoms; a++)
        if (p->act.grouped[a]) w->grouped[rep_of(w->rep, a) >> 1] = 1;
    for (uint32_t a = 0; a < natoms && !any; a++) {
        uint32_t r = rep_of(w->rep, a) >> 1;
        any = w->ostart[2 * r + 2] > w->ostart[2 * r] && !w->grouped[r] && !fixed(p, a);
    }
    return any;
}

bool asp_walk(AspProp *p, uint64_t max_ticks)
{
    size_t natoms = p->store.watches.nlists / 2;
    if (!p->rc.stored) return false;
    if (!p->walk.phase) p->walk.phase = mem_calloc(natoms, 1);
    Walk w = {0};
    walk_collect(p, natoms, &w);
    if (!walk_useful(p, natoms, &w)) {
        walk_free(&w);
        return false;
    }
    walk_start(p, natoms, &w);
    walk_weights(&w);
    if (!p->walk.rng) p->walk.rng = 0x9e3779b97f4a7c15u;
    while (w.nbad && w.ticks < max_ticks) {
        walk_step(&w, &p->walk.rng);
        if (w.nbad < w.nbest) {
            w.nbest = w.nbad;
            memcpy(w.best, w.val, natoms);
        }
    }
    memset(p->walk.phase, 0, natoms);          /* a class may have met an aggregate's element */
    for (uint32_t a = 0; a < natoms; a++) {
        uint32_t r = rep_of(w.rep, a);
        uint8_t v = w.best[r >> 1];
        if (v && !w.grouped[r >> 1]) p->walk.phase[a] = (r & 1) ? (v == V_TRUE ? V_FALSE : V_TRUE) : v;
    }
    p->walk.walks++;
    p->walk.walk_left = w.nbest;
    p->walk.walk_vars = 0;
    for (uint32_t r = 0; r < natoms; r++) p->walk.walk_vars += w.ostart[2 * r + 2] > w.ostart[2 * r];
    walk_free(&w);
    return true;
}

/* Walks come at restarts: the first at the first one, and after the k-th walk the next
 * once WALK_GAP * k more nogoods were learnt; each may visit WALK_FLOOR occurrences and WALK_PER_NOGOOD more for each nogood
 * learnt since the last, about 10 % of the search's time on random 3-SAT (a conflict there
 * costs some 6 000 occurrences' time).  Measured (bench/NOTES.md): without the floor the
 * walks came too short on the satisfiable instances that need long ones; more per nogood
 * slowed the refutations. */
enum { WALK_GAP = 500, WALK_FLOOR = 1000000, WALK_PER_NOGOOD = 300 };

void asp_walk_free(AspProp *p)
{
    mem_free(p->walk.phase);
}

void asp_walk_restart(AspProp *p)
{
    if (!p->rc.stored || p->cost || p->store.nnogoods < p->walk.walk_at) return;
    if (!asp_walk(p, WALK_FLOOR + (uint64_t)WALK_PER_NOGOOD * (p->store.nnogoods - p->walk.walk_last))) {
        p->walk.walk_at = SIZE_MAX;                     /* no phase would be followed: never again */
        return;
    }
    p->walk.walk_last = p->store.nnogoods;
    p->walk.walk_at = p->store.nnogoods + (size_t)WALK_GAP * p->walk.walks;
}
