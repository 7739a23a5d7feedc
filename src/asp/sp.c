/* sp.c: S_P(x), the least model of the reduct P^x, kept incrementally: a few cached states
 * (input, model, per-rule counters, supports); an evaluation updates the state nearest to x
 * (rules switched off: over-delete along supports, then re-derive; rules switched on:
 * forward propagation), or recomputes one from scratch in linear time (Dowling-Gallier).
 *
 * Each rule keeps one counter, the weight it still lacks: its bound minus the weights of its
 * positive atoms in m and of its negative atoms outside x (a normal rule: its literals not
 * yet true); the rule applies when that is <= 0.  That is the reduct of a weight body with
 * non-negative weights (a negative literal counts by x, a positive one by m), computed by
 * counting.  A weight rule can lose weight and still apply, possibly only through atoms
 * derived after its head: so a head loses its support whenever the supporting rule loses
 * weight, and is re-derived if some rule still applies (for normal rules that is the usual
 * "stops applying"). */
#include "asp/internal.h"

#include <limits.h>

enum { SP_STATES = 16 };

typedef struct SpState {
    Word *x, *m;                  /* input and least model */
    int64_t *need;                /* per rule: the weight it lacks (applies when <= 0) */
    uint32_t *sup;                /* per atom in m: the rule that derived it */
    uint32_t *nsat;               /* per atom: rules with this head that apply (need <= 0) */
    bool valid;
} SpState;

struct SpCache {
    SpState st[SP_STATES];
    uint32_t *queue, *dead;       /* work lists, natoms each (made by the first evaluation) */
    int order[SP_STATES];         /* state indices, most recently used first */
    size_t full, incremental;     /* how evaluations were done (the rest: asp_prop_is_model) */
};

static bool has(const Word *x, size_t i) { return (x[i >> 6] >> (i & 63)) & 1; }
static void set(Word *x, size_t i) { x[i >> 6] |= (Word)1 << (i & 63); }
static void clr(Word *x, size_t i) { x[i >> 6] &= ~((Word)1 << (i & 63)); }

SpCache *asp_sp_new(const AspSolver *s)
{
    (void)s;
    SpCache *c = mem_calloc(1, sizeof *c);
    for (int i = 0; i < SP_STATES; i++) c->order[i] = i;
    return c;
}

void asp_sp_free(SpCache *c)
{
    if (!c) return;
    for (int i = 0; i < SP_STATES; i++) {
        SpState *t = &c->st[i];
        mem_free(t->x); mem_free(t->m); mem_free(t->need); mem_free(t->sup);
        mem_free(t->nsat);
    }
    mem_free(c->queue);
    mem_free(c->dead);
    mem_free(c);
}

static void alloc_state(const AspSolver *s, SpState *t)
{
    if (t->x) return;
    t->x = mem_alloc(s->nwords * sizeof *t->x);
    t->m = mem_alloc(s->nwords * sizeof *t->m);
    t->need = mem_alloc((s->nrules + 1) * sizeof *t->need);
    t->sup = mem_alloc((s->natoms + 1) * sizeof *t->sup);
    t->nsat = mem_alloc((s->natoms + 1) * sizeof *t->nsat);
}

/* An atom in no positive body (e.g. the constraint atom f) is in m iff some rule for it
 * applies; nothing depends on its support, so it is kept by counting alone. */
static bool sink(const AspSolver *s, uint32_t h) { return s->ostart[h] == s->ostart[h + 1]; }

/* Adds head[r] to m (supported by r) and queues it. */
static void derive(const AspSolver *s, SpState *t, uint32_t *queue, size_t *qn, uint32_t r)
{
    uint32_t h = s->head[r];
    set(t->m, h);
    t->sup[h] = r;
    queue[(*qn)++] = h;
}

/* Rule r starts to apply: count it, and derive its head if that is new. */
static void applies(const AspSolver *s, SpState *t, uint32_t *queue, size_t *qn, uint32_t r)
{
    uint32_t h = s->head[r];
    t->nsat[h]++;
    if (!has(t->m, h)) derive(s, t, queue, qn, r);
}

/* Rule r lost weight w (its counter was `before`): when it stops applying a sink head goes
 * once no rule is left; a head it supports goes to the deletion queue (also when r still
 * applies: its remaining weight may rest on atoms derived after the head). */
static void loses(const AspSolver *s, SpState *t, uint32_t *dq, size_t *dn, uint32_t r,
                  int64_t before)
{
    uint32_t h = s->head[r];
    if (before > 0) return;
    bool stopped = t->need[r] > 0;
    if (stopped) t->nsat[h]--;
    if (sink(s, h)) {
        if (!t->nsat[h]) clr(t->m, h);
        return;
    }
    if (!has(t->m, h) || t->sup[h] != r) return;
    clr(t->m, h);
    dq[(*dn)++] = h;
}

/* Rule r gains weight w: derive its head when it starts to apply. */
static void gains(const AspSolver *s, SpState *t, uint32_t *queue, size_t *qn, uint32_t r,
                  uint32_t w)
{
    int64_t before = t->need[r];
    t->need[r] -= w;
    if (before > 0 && t->need[r] <= 0) applies(s, t, queue, qn, r);
}

static void lose(const AspSolver *s, SpState *t, uint32_t *dq, size_t *dn, uint32_t r,
                 uint32_t w)
{
    int64_t before = t->need[r];
    t->need[r] += w;
    loses(s, t, dq, dn, r, before);
}

/* Forward chaining from the queued atoms (their counters not yet applied). */
static void propagate(const AspSolver *s, SpState *t, uint32_t *queue, size_t qn)
{
    for (size_t qi = 0; qi < qn; qi++) {
        uint32_t a = queue[qi];
        for (uint32_t k = s->ostart[a]; k < s->ostart[a + 1]; k++)
            gains(s, t, queue, &qn, s->occ[k], asp_occ_weight(s, k));
    }
}

/* The weight rule r lacks with the negative literals read in x and no positive atom. */
static int64_t initial_need(const AspSolver *s, uint32_t r, const Word *x)
{
    if (!s->bound) {
        int64_t b = s->pstart[r + 1] - s->pstart[r];
        for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++) b += has(x, s->neg[k]);
        return b;
    }
    int64_t b = s->bound[r];
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++)
        if (!has(x, s->neg[k])) b -= asp_neg_weight(s, k);
    return b;
}

static void recompute(const AspSolver *s, SpCache *c, SpState *t, const Word *x)
{
    size_t qn = 0;
    memcpy(t->x, x, s->nwords * sizeof *x);
    memset(t->m, 0, s->nwords * sizeof *t->m);
    memset(t->nsat, 0, s->natoms * sizeof *t->nsat);
    for (size_t r = 0; r < s->nrules; r++) {
        t->need[r] = initial_need(s, (uint32_t)r, x);
        if (t->need[r] <= 0) applies(s, t, c->queue, &qn, (uint32_t)r);
    }
    propagate(s, t, c->queue, qn);
    t->valid = true;
    c->full++;
}

/* Deletes everything whose support chain runs through a queued atom; dq ends as the list of
 * deleted atoms, its length returned. */
static size_t overdelete(const AspSolver *s, SpState *t, uint32_t *dq, size_t dn)
{
    for (size_t i = 0; i < dn; i++) {
        uint32_t h = dq[i];
        for (uint32_t k = s->ostart[h]; k < s->ostart[h + 1]; k++)
            lose(s, t, dq, &dn, s->occ[k], asp_occ_weight(s, k));
    }
    return dn;
}

/* Moves state t from input t->x to x. */
static void update(const AspSolver *s, SpCache *c, SpState *t, const Word *x)
{
    uint32_t *dq = c->dead, *q = c->queue;
    size_t dn = 0, qn = 0;
    for (size_t w = 0; w < s->nwords; w++) {          /* negative literals turned false */
        Word on = x[w] & ~t->x[w];
        for (; on; on &= on - 1) {
            size_t a = w * 64 + (size_t)__builtin_ctzll(on);
            for (uint32_t k = s->nostart[a]; k < s->nostart[a + 1]; k++)
                lose(s, t, dq, &dn, s->nocc[k], asp_nocc_weight(s, k));
        }
    }
    dn = overdelete(s, t, dq, dn);
    for (size_t i = 0; i < dn; i++) {                 /* re-derive the deleted atoms */
        uint32_t h = dq[i];
        if (!t->nsat[h]) continue;
        for (uint32_t k = s->hstart[h]; k < s->hstart[h + 1] && !has(t->m, h); k++) {
            uint32_t r = s->hrules[k];
            if (t->need[r] <= 0) derive(s, t, q, &qn, r);
        }
    }
    for (size_t w = 0; w < s->nwords; w++) {          /* negative literals turned true */
        Word off = t->x[w] & ~x[w];
        for (; off; off &= off - 1) {
            size_t a = w * 64 + (size_t)__builtin_ctzll(off);
            for (uint32_t k = s->nostart[a]; k < s->nostart[a + 1]; k++)
                gains(s, t, q, &qn, s->nocc[k], asp_nocc_weight(s, k));
        }
    }
    propagate(s, t, q, qn);
    memcpy(t->x, x, s->nwords * sizeof *x);
    c->incremental++;
}

static size_t popcount(Word v)
{
    v = v - ((v >> 1) & 0x5555555555555555ULL);
    v = (v & 0x3333333333333333ULL) + ((v >> 2) & 0x3333333333333333ULL);
    v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (size_t)((v * 0x0101010101010101ULL) >> 56);
}

static void clone(const AspSolver *s, SpState *dst, const SpState *src)
{
    alloc_state(s, dst);
    memcpy(dst->x, src->x, s->nwords * sizeof *dst->x);
    memcpy(dst->m, src->m, s->nwords * sizeof *dst->m);
    memcpy(dst->need, src->need, s->nrules * sizeof *dst->need);
    memcpy(dst->sup, src->sup, s->natoms * sizeof *dst->sup);
    memcpy(dst->nsat, src->nsat, s->natoms * sizeof *dst->nsat);
    dst->valid = true;
}

/* A lower bound of |a xor b| from every 8th word. */
static size_t sampled(const Word *a, const Word *b, size_t n)
{
    size_t d = 0;
    for (size_t w = 0; w < n; w += 8)
        if (a[w] != b[w]) d += popcount(a[w] ^ b[w]);
    return d;
}

/* |a xor b|, stopping once it exceeds limit. */
static size_t distance(const Word *a, const Word *b, size_t n, size_t limit)
{
    size_t d = 0;
    for (size_t w = 0; w < n && d <= limit; w++)
        if (a[w] != b[w]) d += popcount(a[w] ^ b[w]);
    return d;
}

/* Moves state i to the front of the recency order. */
static void touch(SpCache *c, int i)
{
    int k = 0;
    while (c->order[k] != i) k++;
    for (; k > 0; k--) c->order[k] = c->order[k - 1];
    c->order[0] = i;
}

bool asp_sp_eval(void *ctx, const Word *x, Word *out)
{
    AspSolver *s = ctx;
    SpCache *c = s->sp;
    size_t limit = s->natoms / 2 + 16, best = SIZE_MAX;
    int near = -1, spare = c->order[SP_STATES - 1];   /* least recently used (or unused) */
    size_t lower[SP_STATES];
    s->evals++;
    if (asp_prop_is_model(s, x)) {                    /* a point the propagator just closed */
        memcpy(out, x, s->nwords * sizeof *out);
        return true;
    }
    /* the work lists, made on first use (a search by the native hooks may never come here) */
    if (!c->queue) c->queue = mem_alloc((s->natoms + 1) * sizeof *c->queue);
    if (!c->dead) c->dead = mem_alloc((s->natoms + 1) * sizeof *c->dead);
    for (int k = 0; k < SP_STATES; k++) {             /* sampled lower bounds first */
        SpState *t = &c->st[c->order[k]];
        lower[k] = t->valid ? sampled(t->x, x, s->nwords) : SIZE_MAX;
    }
    for (int k = 0; k < SP_STATES && best > 2; k++) {  /* most recent first */
        SpState *t = &c->st[c->order[k]];
        if (!t->valid) { spare = c->order[k]; break; }
        if (lower[k] >= best || lower[k] > limit) continue;
        size_t d = distance(t->x, x, s->nwords, best < limit ? best : limit);
        if (d < best) { best = d; near = c->order[k]; }
    }
    if (near < 0 || best > limit) {
        alloc_state(s, &c->st[spare]);
        recompute(s, c, &c->st[spare], x);
        near = spare;
    } else if (best > s->natoms / 64 + 16 && spare != near) {
        clone(s, &c->st[spare], &c->st[near]);          /* keep near for its own stream */
        update(s, c, &c->st[spare], x);
        near = spare;
    } else if (best > 0) update(s, c, &c->st[near], x);
    touch(c, near);
    memcpy(out, c->st[near].m, s->nwords * sizeof *out);
    return true;
}

void asp_sp_counts(const SpCache *c, size_t *full, size_t *incremental)
{
    *full = c->full;
    *incremental = c->incremental;
}
