/* prop_bnb.c: property tests of Algorithm 1 (`policy paper`) and of the default search
 * policy (`policy isolate`, aft.h) on random small finite lattices and random non-monotone
 * functions (lookup tables) with brute-force envelopes: both sound (Theorems 6.3-6.7), and
 * isolate never reporting more elements in Final than paper's. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "aft/aft.h"
#include "util/mem.h"
#include "budget.h"

enum { MAX_ELEMS = 64, CASES = 1000 };

/* A random lattice with its elements enumerated and a random function as a table. */
typedef struct Case {
    Lattice *L, *parts[2];
    bool disjoint;                /* Decompose gives disjoint halves (Theorem 6.6 applies) */
    char desc[64];
    size_t n;
    Word *elems;                  /* n elements, L->nwords words each */
    size_t *sorted;               /* element indices sorted by raw words, for lookup */
    size_t *table;                /* f(elems[i]) = elems[table[i]] */
} Case;

static int raw_cmp(const Word *a, const Word *b, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (a[k] != b[k]) return a[k] < b[k] ? -1 : 1;
    return 0;
}

static Word *elem(const Case *c, size_t i) { return c->elems + i * c->L->nwords; }

static long lookup(const Case *c, const Word *x)
{
    size_t lo = 0, hi = c->n, w = c->L->nwords;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int r = raw_cmp(elem(c, c->sorted[mid]), x, w);
        if (r == 0) return (long)c->sorted[mid];
        if (r < 0) lo = mid + 1;
        else hi = mid;
    }
    return -1;
}

static bool table_eval(void *ctx, const Word *x, Word *out)
{
    const Case *c = ctx;
    long i = lookup(c, x);
    if (i < 0) return false;
    lattice_copy(c->L, out, elem(c, c->table[i]));
    return true;
}

static const char *const names[] = {"a", "b", "c", "d", "e", "f", "g", "h"};

static Lattice *random_finite(Rng *rng, char *desc, size_t len)
{
    static const size_t m3[][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 4}, {2, 4}, {3, 4}};
    static const size_t n5[][2] = {{0, 1}, {1, 2}, {2, 4}, {0, 3}, {3, 4}};
    static const size_t b8[][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 4}, {1, 5}, {2, 4},
                                   {2, 6}, {3, 5}, {3, 6}, {4, 7}, {5, 7}, {6, 7}};
    Buf err;
    buf_init(&err);
    Lattice *L;
    switch (rng_below(rng, 3)) {
    case 0:
        L = lattice_finite_new(names, 5, m3, FIX_ARRAY_LEN(m3), &err);
        snprintf(desc, len, "finite M3");
        break;
    case 1:
        L = lattice_finite_new(names, 5, n5, FIX_ARRAY_LEN(n5), &err);
        snprintf(desc, len, "finite N5");
        break;
    default:
        L = lattice_finite_new(names, 8, b8, FIX_ARRAY_LEN(b8), &err);
        snprintf(desc, len, "finite B3");
        break;
    }
    if (!L) fprintf(stderr, "finite lattice refused: %s\n", buf_cstr(&err));
    buf_free(&err);
    return L;
}

static void make_lattice(Case *c, Rng *rng)
{
    size_t kind = rng_below(rng, 4), n1 = 2 + rng_below(rng, 4), n2 = 2 + rng_below(rng, 4);
    c->disjoint = true;
    switch (kind) {
    case 0: {
        size_t n = 1 + rng_below(rng, 6);
        c->L = lattice_powerset_new(names, n);
        snprintf(c->desc, sizeof c->desc, "powerset of %zu", n);
        break;
    }
    case 1: {
        size_t n = 2 + rng_below(rng, 7);
        c->L = lattice_chain_new(names, n);
        snprintf(c->desc, sizeof c->desc, "chain of %zu", n);
        break;
    }
    case 2:
        c->parts[0] = lattice_chain_new(names, n1);
        c->parts[1] = lattice_chain_new(names, n2);
        c->L = lattice_product_new(c->parts, 2);
        snprintf(c->desc, sizeof c->desc, "chain %zu * chain %zu", n1, n2);
        break;
    default:
        c->L = random_finite(rng, c->desc, sizeof c->desc);
        c->disjoint = false;
        break;
    }
}

static void enumerate(Case *c)
{
    const Lattice *L = c->L;
    Word *bot = lattice_elem_new(L), *top = lattice_elem_new(L), *cur = lattice_elem_new(L);
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    lattice_copy(L, cur, bot);
    c->elems = mem_calloc(MAX_ELEMS * (L->nwords ? L->nwords : 1), sizeof(Word));
    c->n = 0;
    do {
        assert_true(c->n < MAX_ELEMS);
        lattice_copy(L, elem(c, c->n++), cur);
    } while (L->ops->next(L, bot, top, cur));
    mem_free(bot);
    mem_free(top);
    mem_free(cur);
    c->sorted = mem_calloc(c->n, sizeof(size_t));
    for (size_t i = 0; i < c->n; i++) {          /* insertion sort by raw words: n <= 64 */
        size_t j = i;
        while (j > 0 && raw_cmp(elem(c, c->sorted[j - 1]), elem(c, i), L->nwords) > 0) {
            c->sorted[j] = c->sorted[j - 1];
            j--;
        }
        c->sorted[j] = i;
    }
}

/* f(x) = join of c_i over the rules i whose a_i is (monotone) or is not (antitone) <= x. */
static void rule_table(Case *c, Rng *rng, bool antitone)
{
    const Lattice *L = c->L;
    size_t k = 1 + rng_below(rng, 4), a[4], v[4];
    for (size_t i = 0; i < k; i++) {
        a[i] = rng_below(rng, c->n);
        v[i] = rng_below(rng, c->n);
    }
    Word *acc = lattice_elem_new(L);
    for (size_t x = 0; x < c->n; x++) {
        L->ops->bot(L, acc);
        for (size_t i = 0; i < k; i++)
            if (L->ops->leq(L, elem(c, a[i]), elem(c, x)) != antitone)
                L->ops->join(L, acc, acc, elem(c, v[i]));
        c->table[x] = (size_t)lookup(c, acc);
    }
    mem_free(acc);
}

/* A random function: uniform, or near-monotone / near-antitone (rules plus noise), with some
 * extra fixed points. */
static void make_table(Case *c, Rng *rng)
{
    size_t mode = rng_below(rng, 3);
    if (mode == 0) {
        for (size_t i = 0; i < c->n; i++) c->table[i] = (size_t)rng_below(rng, c->n);
    } else {
        rule_table(c, rng, mode == 2);
        double noise = rng_unit(rng) * 0.2;
        for (size_t i = 0; i < c->n; i++)
            if (rng_unit(rng) < noise) c->table[i] = (size_t)rng_below(rng, c->n);
    }
    double fixed = rng_unit(rng) * 0.3;
    for (size_t i = 0; i < c->n; i++)
        if (rng_unit(rng) < fixed) c->table[i] = i;
}

static void make_case(Case *c, Rng *rng)
{
    *c = (Case){0};
    make_lattice(c, rng);
    assert_non_null(c->L);
    enumerate(c);
    c->table = mem_calloc(c->n, sizeof(size_t));
    make_table(c, rng);
}

static void free_case(Case *c)
{
    lattice_free(c->L);
    lattice_free(c->parts[0]);
    lattice_free(c->parts[1]);
    mem_free(c->elems);
    mem_free(c->sorted);
    mem_free(c->table);
}

/* ---- the properties of one bnb run ---- */

typedef struct Config { size_t budget, rounds; SplitStrategy split; } Config;

/* The policies each case runs: paper's Algorithm 1, isolate as .fix queries run it, and
 * isolate enumerating only bounds of at most 4 elements (so that on these small lattices it
 * splits, stalls and hulls too). */
typedef struct Policy { AftPolicy policy; size_t enumerate_max; const char *name; } Policy;
static const Policy policies[] = {
    {AFT_POLICY_PAPER, 0, "paper"}, {AFT_POLICY_ISOLATE, 0, "isolate"},
    {AFT_POLICY_ISOLATE, 4, "isolate (enumerate <= 4)"},
};
enum { NPOLICIES = 3 };

static void fail_case(const Case *c, const Config *k, uint64_t seed, size_t no, const char *what)
{
    fprintf(stderr, "seed %llu case %zu (%s), budget %zu rounds %zu split %s: %s\n",
            (unsigned long long)seed, no, c->desc, k->budget, k->rounds, aft_split_name(k->split),
            what);
    fail();
}

static bool in_some(const Lattice *L, const BoundList *b, const Word *x)
{
    for (size_t i = 0; i < b->count; i++)
        if (lattice_in_interval(L, x, boundlist_lo(b, i), boundlist_hi(b, i))) return true;
    return false;
}

typedef struct Ctx { const Case *c; const Config *k; uint64_t seed; size_t no; } Ctx;

/* Totals over all runs of one policy, printed to show which paths the cases reached; of the
 * runs where f has at most K fixed points (K: the budget, none: any number), how many list
 * each fixed point on its own with nothing else left (Final = Fix(f)); S(Final) summed. */
typedef struct Totals {
    size_t runs, limited, points, fixed, rounds, pruned, merged, hulls, enumerated;
    size_t few, isolated;
    double s_final;
} Totals;

static size_t fixed_count(const Case *c)
{
    size_t n = 0;
    for (size_t i = 0; i < c->n; i++) n += c->table[i] == i;
    return n;
}

/* Is Final exactly the fixed points of f, each a point? */
static bool isolated(const Case *c, AftStatus s, const BoundList *fin)
{
    const Lattice *L = c->L;
    if (s != AFT_OK || fin->count != fixed_count(c)) return false;
    for (size_t i = 0; i < fin->count; i++)
        if (!L->ops->eq(L, boundlist_lo(fin, i), boundlist_hi(fin, i))) return false;
    return true;                   /* soundness (check_run): every fixed point is in Final */
}

static void add_totals(Totals *t, const Case *c, const Config *k, AftStatus s, const BoundList *fin,
                       const BoundList *fix, const AftStats *st)
{
    t->runs++;
    t->limited += s == AFT_LIMIT;
    t->points += fix->count;
    t->rounds += st->rounds;
    t->pruned += st->pruned;
    t->merged += st->merged;
    t->hulls += st->hulls;
    t->enumerated += st->enumerated;
    if (!isinf(st->log2_S_final)) t->s_final += exp2(st->log2_S_final);
    if (k->rounds || (k->budget && fixed_count(c) > k->budget)) return;
    t->few++;
    t->isolated += isolated(c, s, fin);
}

#define CHECK(cond, what) do { if (!(cond)) fail_case(x->c, x->k, x->seed, x->no, what); } while (0)

static void check_run(const Ctx *x, AftStatus s, const BoundList *fin, const BoundList *fix,
                      const AftStats *st, const Word *irlo, const Word *irhi, bool ir_ok)
{
    const Case *c = x->c;
    const Lattice *L = c->L;
    CHECK(s == AFT_OK || s == AFT_LIMIT, "status");
    CHECK(s == AFT_OK || st->stopped_by, "AFT_LIMIT without stopped_by");
    for (size_t i = 0; i < c->n; i++)
        if (c->table[i] == i)
            CHECK(in_some(L, fin, elem(c, i)), "a fixed point is in no Final bound");
    Word *out = lattice_elem_new(L);
    for (size_t i = 0; i < fix->count; i++) {
        const Word *lo = boundlist_lo(fix, i), *hi = boundlist_hi(fix, i);
        CHECK(L->ops->eq(L, lo, hi), "a fixpoint that is not a point");
        CHECK(table_eval((void *)c, lo, out) && L->ops->eq(L, out, lo),
              "a fixpoint that is not fixed");
        CHECK(in_some(L, fin, lo), "a fixpoint not in Final");
    }
    mem_free(out);
    double s_final = -INFINITY;
    for (size_t i = 0; i < fin->count; i++) {
        const Word *lo = boundlist_lo(fin, i), *hi = boundlist_hi(fin, i);
        CHECK(ir_ok && lattice_interval_subset(L, lo, hi, irlo, irhi),
              "a Final bound outside IR(B_I)");
        s_final = lattice_log2_add(s_final, L->ops->log2_size(L, lo, hi));
        for (size_t j = 0; j < i; j++)
            CHECK(!(L->ops->eq(L, lo, boundlist_lo(fin, j))
                    && L->ops->eq(L, hi, boundlist_hi(fin, j))), "Final has a repeated bound");
    }
    CHECK(fin->count == 0 ? isinf(st->log2_S_final) : fabs(s_final - st->log2_S_final) < 1e-9,
          "log2_S_final");
    if (!ir_ok) CHECK(fin->count == 0 && isinf(st->log2_IR_init), "B_I pruned but Final not empty");
    if (c->disjoint && !x->k->budget && ir_ok)
        CHECK(st->log2_S_final <= st->log2_IR_init + 1e-9, "S(Final) > |IR(B_I)|");
    if (x->k->rounds) CHECK(st->rounds <= x->k->rounds, "more rounds than T");
    if (x->k->rounds && x->k->budget)
        CHECK(st->ir_calls <= 2 * x->k->budget * x->k->rounds + 1, "more than 2KT+1 IR calls");
}

/* The same set of bounds (both deduplicated), in any order. */
static bool same_bounds(const Lattice *L, const BoundList *a, const BoundList *b)
{
    if (a->count != b->count) return false;
    for (size_t i = 0; i < a->count; i++) {
        bool found = false;
        for (size_t j = 0; j < b->count && !found; j++)
            found = L->ops->eq(L, boundlist_lo(a, i), boundlist_lo(b, j))
                    && L->ops->eq(L, boundlist_hi(a, i), boundlist_hi(b, j));
        if (!found) return false;
    }
    return true;
}

/* Without a budget the depth-first order gives the same status, Final, fixpoints and stats
 * as Algorithm 1's rounds (a deterministic split only: a random one draws in another order). */
static void check_depth_first(const Ctx *x, const AftFunction *f, const AftOptions *bfs,
                              const Word *bot, const Word *top, AftStatus s,
                              const BoundList *fin, const BoundList *fix, const AftStats *st)
{
    if (x->k->budget || x->k->split == SPLIT_RANDOM) return;
    const Lattice *L = x->c->L;
    AftOptions o = *bfs;
    o.depth_first = true;
    BoundList dfin, dfix;
    AftStats dst;
    AftStatus ds = aft_bnb(f, &o, bot, top, &dfin, &dfix, &dst);
    CHECK(ds == s, "depth-first: another status");
    CHECK(same_bounds(L, fin, &dfin), "depth-first: another Final");
    CHECK(same_bounds(L, fix, &dfix), "depth-first: other fixpoints");
    CHECK(dst.rounds == st->rounds && dst.ir_calls == st->ir_calls && dst.pruned == st->pruned
          && dst.merged == st->merged, "depth-first: other stats");
    boundlist_free(&dfin);
    boundlist_free(&dfix);
}

/* ---- the depth-first order in place (bnb_run_inplace) against the one on whole intervals ----
 * The table function with hooks: refine is its generic IR, split the lowest free atom; the
 * in-place forms compute the same and report the IR on every word that differs.  refine_at
 * also checks that the words the engine says changed cover every change of its request. */
typedef struct Hooked {
    AftFunction plain;
    AftOptions o;
    Word *lo, *hi, *plo, *phi;    /* the last IR, and the last in-place request */
    size_t *words;
    bool seen, missed;
    uint64_t events;              /* a hash of the events so far */
} Hooked;

static bool hooked_eval(void *ctx, const Word *x, Word *out)
{
    const Hooked *h = ctx;
    return h->plain.eval(h->plain.ctx, x, out);
}

static AftStatus hooked_refine(void *ctx, const Word *lo, const Word *hi, Word *nlo, Word *nhi)
{
    Hooked *h = ctx;
    return aft_refine(&h->plain, &h->o, lo, hi, nlo, nhi, NULL, NULL);
}

static size_t lowest_free(const Lattice *L, const Word *lo, const Word *hi)
{
    for (size_t w = 0; w < L->nwords; w++)
        if (hi[w] & ~lo[w]) return w * 64 + (size_t)__builtin_ctzll(hi[w] & ~lo[w]);
    return SIZE_MAX;
}

static bool hooked_split(void *ctx, const Word *lo, const Word *hi, const SplitCtx *how,
                         Word *lo1, Word *hi1, Word *lo2, Word *hi2)
{
    const Hooked *h = ctx;
    const Lattice *L = h->plain.L;
    size_t a = lowest_free(L, lo, hi);
    if (a == SIZE_MAX) return false;
    lattice_copy(L, lo1, lo);
    lattice_copy(L, hi1, hi);
    lattice_copy(L, lo2, lo);
    lattice_copy(L, hi2, hi);
    hi1[a / 64] &= ~((Word)1 << (a % 64));
    lo2[a / 64] |= (Word)1 << (a % 64);
    return true;
}

/* Every word in which [lo, hi] differs from the last request is listed in changed. */
static void check_changed(Hooked *h, const Word *lo, const Word *hi, const size_t *changed,
                          size_t n)
{
    size_t nw = h->plain.L->nwords;
    if (changed && h->seen)
        for (size_t w = 0; w < nw; w++) {
            bool listed = false;
            for (size_t i = 0; i < n; i++) listed = listed || changed[i] == w;
            if ((lo[w] != h->plo[w] || hi[w] != h->phi[w]) && !listed) h->missed = true;
        }
    h->seen = true;
    lattice_copy(h->plain.L, h->plo, lo);
    lattice_copy(h->plain.L, h->phi, hi);
}

static AftStatus hooked_refine_at(void *ctx, const Word *lo, const Word *hi,
                                  const size_t *changed, size_t n, AftChanges *out)
{
    Hooked *h = ctx;
    check_changed(h, lo, hi, changed, n);
    AftStatus r = hooked_refine(ctx, lo, hi, h->lo, h->hi);
    size_t k = 0;
    for (size_t w = 0; w < h->plain.L->nwords; w++)
        if (h->lo[w] != lo[w] || h->hi[w] != hi[w]) h->words[k++] = w;
    *out = (AftChanges){.lo = h->lo, .hi = h->hi, .words = h->words, .count = k};
    return r;
}

static bool hooked_split_at(void *ctx, const Word *lo, const Word *hi, const size_t *changed,
                            size_t n, const SplitCtx *how, size_t *atom)
{
    Hooked *h = ctx;
    check_changed(h, lo, hi, changed, n);
    *atom = lowest_free(h->plain.L, lo, hi);
    return *atom != SIZE_MAX;
}

static void hash_event(void *ctx, const AftEvent *ev)
{
    Hooked *h = ctx;
    uint64_t v[] = {ev->kind, ev->round, ev->count, (uint64_t)ev->id, (uint64_t)ev->parent,
                    (uint64_t)ev->other, ev->status};
    for (size_t i = 0; i < FIX_ARRAY_LEN(v); i++) h->events = (h->events ^ v[i]) * 0x100000001b3ULL;
    for (size_t w = 0; ev->lo && w < h->plain.L->nwords; w++)
        h->events = (h->events ^ ev->lo[w] ^ (ev->hi[w] << 1)) * 0x100000001b3ULL;
}

/* One depth-first run of the hooked function, in place or not. */
static AftStatus hooked_run(Hooked *h, const AftOptions *base, bool in_place, const Word *bot,
                            const Word *top, BoundList *fin, BoundList *fix, AftStats *st)
{
    static const AftSearch in_place_hooks = {.refine_at = hooked_refine_at, .split_at = hooked_split_at};
    AftFunction f = {.L = h->plain.L, .name = "h", .ctx = h, .eval = hooked_eval,
                     .envelope = ENV_BRUTE, .refine = hooked_refine, .split = hooked_split,
                     .search = in_place ? &in_place_hooks : NULL};
    AftOptions o = *base;
    o.depth_first = true;
    o.inplace_min_words = 1;                  /* in place whatever the width */
    o.on_event = hash_event;
    o.event_ctx = h;
    h->events = 14695981039346656037ULL;
    h->seen = h->missed = false;
    return aft_bnb(&f, &o, bot, top, fin, fix, st);
}

/* On a powerset, the depth-first order in place gives the same status, Final, stats and
 * events as the one on whole intervals (also when cut short by rounds or steps). */
static void check_in_place(const Ctx *x, const AftFunction *plain, const AftOptions *base,
                           const Word *bot, const Word *top)
{
    const Lattice *L = x->c->L;
    if (x->k->budget || !lattice_is_bitset(L)) return;
    Hooked h = {.plain = *plain};
    aft_options_default(&h.o);
    h.lo = lattice_elem_new(L);
    h.hi = lattice_elem_new(L);
    h.plo = lattice_elem_new(L);
    h.phi = lattice_elem_new(L);
    h.words = mem_calloc(L->nwords + 1, sizeof *h.words);
    for (size_t steps = 0; steps < 8; steps += 5) {
        AftOptions o = *base;
        o.max_steps = steps;
        BoundList fin[2], fix[2];
        AftStats st[2];
        uint64_t ev[2];
        AftStatus s[2];
        for (int k = 0; k < 2; k++) {
            s[k] = hooked_run(&h, &o, k == 1, bot, top, &fin[k], &fix[k], &st[k]);
            ev[k] = h.events;
        }
        CHECK(!h.missed, "in place: a changed word was not reported to the hooks");
        CHECK(s[0] == s[1] && ev[0] == ev[1], "in place: another status or other events");
        CHECK(same_bounds(L, &fin[0], &fin[1]) && same_bounds(L, &fix[0], &fix[1]),
              "in place: another Final");
        CHECK(st[0].rounds == st[1].rounds && st[0].ir_calls == st[1].ir_calls
              && st[0].f_calls == st[1].f_calls && st[0].eval_calls == st[1].eval_calls
              && st[0].pruned == st[1].pruned && st[0].merged == st[1].merged,
              "in place: other stats");
        for (int k = 0; k < 2; k++) {
            boundlist_free(&fin[k]);
            boundlist_free(&fix[k]);
        }
    }
    mem_free(h.lo);
    mem_free(h.hi);
    mem_free(h.plo);
    mem_free(h.phi);
    mem_free(h.words);
}

static const Config configs[] = {
    {0, 0, SPLIT_WIDEST}, {1, 0, SPLIT_WIDEST}, {2, 0, SPLIT_FIRST}, {3, 0, SPLIT_LAST},
    {0, 1, SPLIT_WIDEST}, {0, 2, SPLIT_RANDOM}, {2, 2, SPLIT_WIDEST}, {0, 0, SPLIT_RANDOM},
};

/* One bnb run of f with configuration k and policy p (its own split generator, seeded from
 * the case, so that every policy splits alike); checked, and counted in t. */
static AftStatus run_policy(const Ctx *x, const AftFunction *f, const Policy *p, uint64_t split_seed,
                            const Word *bot, const Word *top, const Word *irlo, const Word *irhi,
                            bool ir_ok, Totals *t, double *log2_S)
{
    Rng rng = {split_seed};
    AftOptions o;
    aft_options_default(&o);
    o.policy = p->policy;
    o.enumerate_max = p->enumerate_max;
    o.budget = x->k->budget;
    o.rounds = x->k->rounds;
    o.split = (SplitCtx){x->k->split, &rng};
    BoundList fin, fix;
    AftStats st;
    AftStatus s = aft_bnb(f, &o, bot, top, &fin, &fix, &st);
    check_run(x, s, &fin, &fix, &st, irlo, irhi, ir_ok);
    check_depth_first(x, f, &o, bot, top, s, &fin, &fix, &st);
    if (p->policy == AFT_POLICY_PAPER) check_in_place(x, f, &o, bot, top);
    add_totals(t, x->c, x->k, s, &fin, &fix, &st);
    *log2_S = st.log2_S_final;
    boundlist_free(&fin);
    boundlist_free(&fix);
    return s;
}

static void run_case(const Case *c, uint64_t seed, size_t no, Rng *rng, Totals *t)
{
    const Lattice *L = c->L;
    AftFunction f = {.L = L, .name = "t", .ctx = (void *)c, .eval = table_eval,
                     .envelope = ENV_BRUTE};
    Word *bot = lattice_elem_new(L), *top = lattice_elem_new(L);
    Word *irlo = lattice_elem_new(L), *irhi = lattice_elem_new(L);
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    AftOptions o;
    aft_options_default(&o);
    AftStatus ir = aft_refine(&f, &o, bot, top, irlo, irhi, NULL, NULL);
    assert_true(ir == AFT_OK || ir == AFT_INVALID);
    for (size_t k = 0; k < FIX_ARRAY_LEN(configs); k++) {
        Ctx x = {c, &configs[k], seed, no};
        uint64_t split_seed = rng_next(rng);
        double log2_S[NPOLICIES];
        AftStatus s[NPOLICIES];
        for (size_t p = 0; p < NPOLICIES; p++)
            s[p] = run_policy(&x, &f, &policies[p], split_seed, bot, top, irlo, irhi, ir == AFT_OK,
                              &t[p], &log2_S[p]);
        /* no more elements in Final than paper's, when both finished: isolate as .fix runs it
         * always (it enumerates these lattices); isolate enumerating at most 4 elements only
         * without a budget (with one, the hulls it is forced into may cover more than
         * paper's: seed 20240917 case 161, chain 5 * chain 4, budget 2) */
        for (size_t p = 1; p < NPOLICIES; p++)
            if (s[0] == AFT_OK && s[p] == AFT_OK && (p == 1 || !configs[k].budget))
                if (!(log2_S[p] <= log2_S[0] + 1e-9)) fail_case(c, &configs[k], seed, no,
                                                               "isolate: S(Final) above paper's");
    }
    mem_free(bot);
    mem_free(top);
    mem_free(irlo);
    mem_free(irhi);
}

static void test_random_bnb(void **state)
{
    (void)state;
    uint64_t seed = 20240917;
    const char *env = getenv("PROP_SEED");
    if (env) seed = strtoull(env, NULL, 10);
    size_t cases = prop_cases(CASES);
    printf("prop_bnb: seed %llu, %zu cases\n", (unsigned long long)seed, cases);
    Rng rng = {seed};
    Totals t[NPOLICIES] = {{0}};
    size_t fixed = 0;
    for (size_t no = 0; no < cases; no++) {
        Case c;
        make_case(&c, &rng);
        fixed += fixed_count(&c);
        run_case(&c, seed, no, &rng, t);
        free_case(&c);
    }
    printf("prop_bnb: %zu fixed points in the cases\n", fixed);
    for (size_t p = 0; p < NPOLICIES; p++) {
        const Totals *x = &t[p];
        printf("prop_bnb: %s: %zu runs (%zu cut off), %zu fixed points reported; rounds %zu, "
               "pruned %zu, merged %zu, hulls %zu, enumerated %zu; S(Final) summed %.0f; "
               "|Fix(f)| <= K in %zu runs, each fixed point listed alone in %zu (%.1f%%)\n",
               policies[p].name, x->runs, x->limited, x->points, x->rounds, x->pruned, x->merged,
               x->hulls, x->enumerated, x->s_final, x->few, x->isolated,
               x->few ? 100.0 * (double)x->isolated / (double)x->few : 0.0);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_bnb),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
