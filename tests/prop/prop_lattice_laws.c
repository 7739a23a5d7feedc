/* prop_lattice_laws.c: property test of the lattice laws, enumeration, decompose and
 * union_is_interval on many random lattices of every kind (fixed seed, printed). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "lattice/lattice.h"
#include "util/mem.h"
#include "budget.h"

enum {
    NCASES = 1000,        /* random lattices per run */
    NSAMPLES = 16,       /* random elements per lattice */
    ENUM_LOG2_MAX = 10,  /* enumerate intervals up to 2^10 elements */
    MAX_POINTS = 5,      /* ground set of the set-family lattices */
};

static const uint64_t DEFAULT_SEED = 20240611;

/* Every lattice made for one case, freed together (children are not owned by parents). */
typedef struct { VEC(Lattice *) all; VEC(char *) strings; } Pool;

static Lattice *keep(Pool *p, Lattice *L)
{
    assert_non_null(L);
    VEC_PUSH(p->all, L);
    return L;
}

static void pool_free(Pool *p)
{
    for (size_t i = p->all.count; i-- > 0;) lattice_free(p->all.items[i]);
    for (size_t i = 0; i < p->strings.count; i++) mem_free(p->strings.items[i]);
    VEC_FREE(p->all);
    VEC_FREE(p->strings);
}

/* n names "<prefix><i>", owned by the pool. */
static const char **names(Pool *p, const char *prefix, size_t n)
{
    const char **v = mem_calloc(n, sizeof(char *));
    VEC_PUSH(p->strings, (char *)v);
    for (size_t i = 0; i < n; i++) {
        char *s = mem_alloc(strlen(prefix) + 24);
        sprintf(s, "%s%zu", prefix, i);
        VEC_PUSH(p->strings, s);
        v[i] = s;
    }
    return v;
}

/* ---- finite lattices from families of subsets of a small ground set ---- */

typedef struct { uint32_t set[1 << MAX_POINTS]; size_t n; } Family;

static bool family_has(const Family *f, uint32_t s)
{
    for (size_t i = 0; i < f->n; i++)
        if (f->set[i] == s) return true;
    return false;
}

static void family_add(Family *f, uint32_t s) { if (!family_has(f, s)) f->set[f->n++] = s; }
static bool subset(uint32_t a, uint32_t b) { return (a & ~b) == 0; }

/* A closure system: random sets and the whole ground set, closed under intersection. */
static void family_closure_system(Rng *rng, Family *f)
{
    unsigned k = 1 + (unsigned)rng_below(rng, 4);
    uint32_t full = (1u << k) - 1;
    f->n = 0;
    family_add(f, full);
    for (uint64_t r = rng_below(rng, 7); r > 0; r--) family_add(f, (uint32_t)rng_below(rng, full + 1));
    for (bool grew = true; grew;) {
        grew = false;
        for (size_t i = 0; i < f->n; i++)
            for (size_t j = 0; j < f->n; j++)
                if (!family_has(f, f->set[i] & f->set[j])) { family_add(f, f->set[i] & f->set[j]); grew = true; }
    }
}

/* The down-sets of a random poset: a distributive lattice. */
static void family_down_sets(Rng *rng, Family *f)
{
    unsigned k = 1 + (unsigned)rng_below(rng, MAX_POINTS);
    uint32_t below[MAX_POINTS] = { 0 };
    for (unsigned j = 0; j < k; j++)
        for (unsigned i = 0; i < j; i++)
            if (rng_below(rng, 3) == 0) below[j] |= (1u << i) | below[i];
    f->n = 0;
    for (uint32_t s = 0; s < (1u << k); s++) {
        bool down = true;
        for (unsigned j = 0; j < k; j++)
            if ((s >> j & 1) && !subset(below[j], s)) down = false;
        if (down) family_add(f, s);
    }
}

/* A product of two chains, as sets: (i, j) is {0..i-1} u {4..4+j-1}. */
static void family_chain_product(Rng *rng, Family *f)
{
    unsigned a = (unsigned)rng_below(rng, 4), b = (unsigned)rng_below(rng, 2);
    f->n = 0;
    for (unsigned i = 0; i <= a; i++)
        for (unsigned j = 0; j <= b; j++) family_add(f, ((1u << i) - 1) | (((1u << j) - 1) << 3));
}

/* M3 or N5 now and then: the classic non-distributive ones. */
static void family_m3_n5(Rng *rng, Family *f)
{
    static const uint32_t m3[] = { 0, 1, 2, 4, 7 }, n5[] = { 0, 1, 3, 4, 7 };
    const uint32_t *src = rng_below(rng, 2) ? m3 : n5;
    f->n = 0;
    for (size_t i = 0; i < 5; i++) family_add(f, src[i]);
}

static void family_shuffle(Rng *rng, Family *f)
{
    for (size_t i = f->n; i > 1; i--) {
        size_t j = (size_t)rng_below(rng, i);
        uint32_t t = f->set[i - 1]; f->set[i - 1] = f->set[j]; f->set[j] = t;
    }
}

/* The finite lattice of the family ordered by inclusion, through its Hasse covers. */
static Lattice *finite_of_family(Pool *p, const Family *f)
{
    size_t (*covers)[2] = mem_calloc(f->n * f->n, sizeof *covers);
    size_t nc = 0;
    for (size_t i = 0; i < f->n; i++)
        for (size_t j = 0; j < f->n; j++) {
            if (i == j || !subset(f->set[i], f->set[j])) continue;
            bool between = false;
            for (size_t k = 0; k < f->n; k++)
                if (k != i && k != j && subset(f->set[i], f->set[k]) && subset(f->set[k], f->set[j])) between = true;
            if (!between) { covers[nc][0] = i; covers[nc][1] = j; nc++; }
        }
    Buf err;
    buf_init(&err);
    Lattice *L = lattice_finite_new(names(p, "s", f->n), f->n, (const size_t (*)[2])covers, nc, &err);
    if (!L) fail_msg("family lattice refused: %s", buf_cstr(&err));
    buf_free(&err);
    mem_free(covers);
    return keep(p, L);
}

/* The finite lattice's join and meet must be those of the family. */
static void check_family_ops(const Lattice *L, const Family *f)
{
    for (size_t i = 0; i < f->n; i++)
        for (size_t j = 0; j < f->n; j++) {
            Word a = i, b = j, jn, mt;
            L->ops->join(L, &jn, &a, &b);
            L->ops->meet(L, &mt, &a, &b);
            uint32_t u = f->set[i] | f->set[j], v = f->set[i] & f->set[j];
            for (size_t k = 0; k < f->n; k++) {      /* jn is the least superset of u */
                if (subset(u, f->set[k])) assert_true(subset(f->set[jn], f->set[k]));
                if (subset(f->set[k], v)) assert_true(subset(f->set[k], f->set[mt]));
            }
            assert_true(subset(u, f->set[jn]) && subset(f->set[mt], v));
            assert_int_equal(L->ops->leq(L, &a, &b), subset(f->set[i], f->set[j]));
        }
}

static Lattice *gen_finite(Pool *p, Rng *rng)
{
    Family f;
    switch (rng_below(rng, 4)) {
    case 0: family_closure_system(rng, &f); break;
    case 1: family_down_sets(rng, &f); break;
    case 2: family_chain_product(rng, &f); break;
    default: family_m3_n5(rng, &f); break;
    }
    family_shuffle(rng, &f);
    Lattice *L = finite_of_family(p, &f);
    check_family_ops(L, &f);
    return L;
}

/* ---- random lattices of every kind ---- */

static Lattice *gen(Pool *p, Rng *rng, int depth, bool small);

static Lattice *gen_powerset(Pool *p, Rng *rng, bool small)
{
    size_t n = (size_t)rng_below(rng, small ? 4 : 131);
    return keep(p, lattice_powerset_new(names(p, "a", n), n));
}

static Lattice *gen_chain(Pool *p, Rng *rng, bool small)
{
    size_t n = 1 + (size_t)rng_below(rng, small ? 4 : 40);
    return keep(p, lattice_chain_new(names(p, "c", n), n));
}

static Lattice *gen_range(Pool *p, Rng *rng, bool small)
{
    if (!small && rng_below(rng, 10) == 0) return keep(p, lattice_range_new(INT64_MIN, INT64_MAX));
    int64_t lo = (int64_t)rng_below(rng, 41) - 20;
    return keep(p, lattice_range_new(lo, lo + (int64_t)rng_below(rng, small ? 4 : 100)));
}

static Lattice *gen_real(Pool *p, Rng *rng)
{
    static const double tols[] = { 1e-3, 0.1, 0.5, 2 };
    double lo = rng_unit(rng) * 20 - 10, width = rng_below(rng, 6) == 0 ? 0 : rng_unit(rng) * 5;
    return keep(p, lattice_real_new(lo, lo + width, tols[rng_below(rng, 4)]));
}

static Lattice *gen_product(Pool *p, Rng *rng, int depth, bool small)
{
    Lattice *parts[3];
    size_t n = (size_t)rng_below(rng, small ? 3 : 4);
    for (size_t i = 0; i < n; i++) parts[i] = gen(p, rng, depth + 1, small);
    return keep(p, lattice_product_new(parts, n));
}

static Lattice *gen_map(Pool *p, Rng *rng, int depth, bool small)
{
    size_t n = (size_t)rng_below(rng, small ? 3 : 4);
    Lattice *value = gen(p, rng, depth + 1, small);
    return keep(p, lattice_map_new(names(p, "k", n), n, value));
}

/* depth counts structural levels: products and maps only up to depth 2. */
static Lattice *gen(Pool *p, Rng *rng, int depth, bool small)
{
    unsigned kinds = depth < 2 ? 8 : 5;
    switch (rng_below(rng, kinds)) {
    case 0: return gen_powerset(p, rng, small);
    case 1: return gen_chain(p, rng, small);
    case 2: return gen_range(p, rng, small);
    case 3: return gen_finite(p, rng);
    case 4: return small ? gen_chain(p, rng, small) : gen_real(p, rng);
    case 5: return gen_product(p, rng, depth, small);
    case 6: return gen_map(p, rng, depth, small);
    default: return keep(p, lattice_dual_new(gen(p, rng, depth + 1, small)));
    }
}

/* ---- properties ---- */

/* Elements of one case: fixed-size slots of nwords each. */
typedef struct { const Lattice *L; Word *w; size_t n; } Elems;

static Word *el(const Elems *e, size_t i) { return e->w + i * (e->L->nwords ? e->L->nwords : 1); }

static void elems_init(Elems *e, const Lattice *L, size_t n)
{
    e->L = L;
    e->n = n;
    e->w = mem_calloc(n * (L->nwords ? L->nwords : 1), sizeof(Word));
}

static bool eq(const Lattice *L, const Word *a, const Word *b) { return L->ops->eq(L, a, b); }
static bool leq(const Lattice *L, const Word *a, const Word *b) { return L->ops->leq(L, a, b); }

/* Samples: random elements, bot, top, and joins and meets of random pairs. */
static void make_samples(const Lattice *L, Rng *rng, Elems *s)
{
    elems_init(s, L, NSAMPLES);
    L->ops->bot(L, el(s, 0));
    L->ops->top(L, el(s, 1));
    for (size_t i = 2; i < NSAMPLES; i++) {
        if (i > 4 && rng_below(rng, 3) == 0) {
            const Word *a = el(s, rng_below(rng, i)), *b = el(s, rng_below(rng, i));
            if (rng_below(rng, 2)) L->ops->join(L, el(s, i), a, b);
            else L->ops->meet(L, el(s, i), a, b);
        } else {
            L->ops->random(L, rng, el(s, i));
        }
    }
}

static void check_order(const Lattice *L, const Elems *s)
{
    for (size_t i = 0; i < s->n; i++) {
        const Word *x = el(s, i);
        assert_true(leq(L, x, x) && eq(L, x, x));
        assert_true(leq(L, el(s, 0), x) && leq(L, x, el(s, 1)));
        for (size_t j = 0; j < s->n; j++) {
            const Word *y = el(s, j);
            if (leq(L, x, y) && leq(L, y, x)) assert_true(eq(L, x, y));
            for (size_t k = 0; k < s->n; k++)
                if (leq(L, x, y) && leq(L, y, el(s, k))) assert_true(leq(L, x, el(s, k)));
        }
    }
}

/* join is the least upper bound and meet the greatest lower bound among the samples, with
 * the algebraic laws. */
static void check_join_meet(const Lattice *L, const Elems *s)
{
    Elems t;
    elems_init(&t, L, 6);
    Word *j = el(&t, 0), *m = el(&t, 1), *u = el(&t, 2), *v = el(&t, 3), *r = el(&t, 4);
    for (size_t a = 0; a < s->n; a++)
        for (size_t b = 0; b < s->n; b++) {
            const Word *x = el(s, a), *y = el(s, b);
            L->ops->join(L, j, x, y);
            L->ops->meet(L, m, x, y);
            assert_true(leq(L, x, j) && leq(L, y, j) && leq(L, m, x) && leq(L, m, y));
            L->ops->join(L, u, y, x);
            L->ops->meet(L, v, y, x);
            assert_true(eq(L, u, j) && eq(L, v, m));                          /* commutative */
            assert_int_equal(leq(L, x, y), eq(L, j, y));
            assert_int_equal(leq(L, x, y), eq(L, m, x));
            L->ops->join(L, u, x, m);
            L->ops->meet(L, v, x, j);
            assert_true(eq(L, u, x) && eq(L, v, x));                          /* absorption */
            L->ops->join(L, u, x, x);
            assert_true(eq(L, u, x));                                          /* idempotent */
            lattice_copy(L, r, x);
            L->ops->join(L, r, r, y);                                          /* aliasing */
            assert_true(eq(L, r, j));
            for (size_t c = 0; c < s->n; c++) {
                const Word *z = el(s, c);
                if (leq(L, x, z) && leq(L, y, z)) assert_true(leq(L, j, z));  /* least */
                if (leq(L, z, x) && leq(L, z, y)) assert_true(leq(L, z, m));  /* greatest */
                L->ops->join(L, u, j, z);
                L->ops->join(L, v, y, z);
                L->ops->join(L, v, x, v);
                assert_true(eq(L, u, v));                                      /* associative */
                L->ops->meet(L, u, m, z);
                L->ops->meet(L, v, y, z);
                L->ops->meet(L, v, x, v);
                assert_true(eq(L, u, v));
            }
        }
    mem_free(t.w);
}

/* The elements of [lo, hi] by next(), checked to lie inside and be distinct. */
static void enumerate(const Lattice *L, const Word *lo, const Word *hi, Elems *out)
{
    double lg = L->ops->log2_size(L, lo, hi);
    size_t want = (size_t)llround(exp2(lg));
    elems_init(out, L, want + 1);
    lattice_copy(L, el(out, 0), lo);
    size_t n = 1;
    for (;;) {
        assert_true(n <= want);
        lattice_copy(L, el(out, n), el(out, n - 1));
        if (!L->ops->next(L, lo, hi, el(out, n))) break;
        assert_true(lattice_in_interval(L, el(out, n), lo, hi));
        n++;
    }
    assert_int_equal(n, want);
    out->n = n;
    for (size_t i = 0; n <= 256 && i < n; i++)
        for (size_t k = 0; k < i; k++) assert_false(eq(L, el(out, i), el(out, k)));
}

/* Whether decompose must give disjoint halves: not with finite (user) or real parts. */
static bool splits_disjoint(const Lattice *L)
{
    switch (lattice_kind(L)) {
    case LATTICE_FINITE: case LATTICE_REAL: return false;
    case LATTICE_DUAL: return splits_disjoint(lattice_inner(L));
    case LATTICE_MAP: return lattice_nparts(L) == 0 || splits_disjoint(lattice_inner(L));
    case LATTICE_PRODUCT:
        for (size_t i = 0; i < lattice_nparts(L); i++)
            if (!splits_disjoint(lattice_part(L, i))) return false;
        return true;
    default: return true;
    }
}

/* Longest chain from lo to hi among enumerated elements (the first is lo). */
static double brute_height(const Lattice *L, const Elems *b, const Word *hi)
{
    size_t *len = mem_calloc(b->n, sizeof(size_t)), best = 0;
    for (bool changed = true; changed;) {           /* relax until stable: a DAG */
        changed = false;
        for (size_t i = 0; i < b->n; i++)
            for (size_t k = 0; k < b->n; k++)
                if (i != k && leq(L, el(b, k), el(b, i)) && !eq(L, el(b, k), el(b, i)) && len[k] + 1 > len[i]) {
                    len[i] = len[k] + 1;
                    changed = true;
                }
    }
    for (size_t i = 0; i < b->n; i++)
        if (eq(L, el(b, i), hi)) best = len[i];
    mem_free(len);
    return (double)best;
}

static void check_split(const Lattice *L, const Word *lo, const Word *hi, const Elems *b,
                        const Word *lo1, const Word *hi1, const Word *lo2, const Word *hi2)
{
    assert_true(lattice_interval_valid(L, lo1, hi1) && lattice_interval_valid(L, lo2, hi2));
    assert_true(lattice_interval_subset(L, lo1, hi1, lo, hi));
    assert_true(lattice_interval_subset(L, lo2, hi2, lo, hi));
    assert_false(lattice_interval_subset(L, lo, hi, lo1, hi1));
    assert_false(lattice_interval_subset(L, lo, hi, lo2, hi2));
    bool disjoint = splits_disjoint(L);
    for (size_t i = 0; i < b->n; i++) {
        bool in1 = lattice_in_interval(L, el(b, i), lo1, hi1), in2 = lattice_in_interval(L, el(b, i), lo2, hi2);
        assert_true(in1 || in2);
        if (disjoint) assert_false(in1 && in2);
    }
}

/* decompose with every strategy: a cover of [lo, hi] by two strictly smaller intervals. */
static void check_decompose(const Lattice *L, Rng *rng, const Word *lo, const Word *hi, const Elems *b)
{
    Elems h;
    elems_init(&h, L, 4);
    for (int st = SPLIT_WIDEST; st <= SPLIT_RANDOM; st++) {
        SplitCtx how = { (SplitStrategy)st, rng };
        bool ok = L->ops->decompose(L, lo, hi, &how, el(&h, 0), el(&h, 1), el(&h, 2), el(&h, 3));
        if (ok) check_split(L, lo, hi, b, el(&h, 0), el(&h, 1), el(&h, 2), el(&h, 3));
        else assert_true(b->n == 1 || !splits_disjoint(L));   /* only user lattices may refuse */
        if (ok) assert_true(L->ops->union_is_interval(L, el(&h, 0), el(&h, 1), el(&h, 2), el(&h, 3)));
    }
    mem_free(h.w);
}

/* A random sub-interval of [lo, hi] from two enumerated elements. */
static void random_subinterval(const Lattice *L, Rng *rng, const Elems *b, Word *lo, Word *hi)
{
    const Word *x = el(b, rng_below(rng, b->n)), *y = el(b, rng_below(rng, b->n));
    L->ops->meet(L, lo, x, y);
    L->ops->join(L, hi, x, y);
}

/* union_is_interval against brute force: the union is an interval iff it fills the hull. */
static void check_union(const Lattice *L, Rng *rng, const Elems *b)
{
    Elems w;
    elems_init(&w, L, 6);
    Word *lo1 = el(&w, 0), *hi1 = el(&w, 1), *lo2 = el(&w, 2), *hi2 = el(&w, 3), *hl = el(&w, 4), *hh = el(&w, 5);
    for (int rep = 0; rep < 8; rep++) {
        random_subinterval(L, rng, b, lo1, hi1);
        random_subinterval(L, rng, b, lo2, hi2);
        if (rep % 4 == 0) {                     /* a shared lower end */
            lattice_copy(L, lo2, lo1);
            L->ops->join(L, hi2, hi2, lo2);
        }
        L->ops->meet(L, hl, lo1, lo2);
        L->ops->join(L, hh, hi1, hi2);
        bool fills = true;
        for (size_t i = 0; i < b->n; i++) {
            const Word *x = el(b, i);
            if (lattice_in_interval(L, x, hl, hh) && !lattice_in_interval(L, x, lo1, hi1) &&
                !lattice_in_interval(L, x, lo2, hi2)) fills = false;
        }
        assert_int_equal(L->ops->union_is_interval(L, lo1, hi1, lo2, hi2), fills);
        assert_int_equal(L->ops->union_is_interval(L, lo2, hi2, lo1, hi1), fills);
    }
    mem_free(w.w);
}

/* Narrows [lo, hi] by random halves until it is small enough to enumerate. */
static bool narrow(const Lattice *L, Rng *rng, Word *lo, Word *hi)
{
    Elems h;
    elems_init(&h, L, 4);
    SplitCtx how = { SPLIT_RANDOM, rng };
    while (L->ops->log2_size(L, lo, hi) > ENUM_LOG2_MAX &&
           L->ops->decompose(L, lo, hi, &how, el(&h, 0), el(&h, 1), el(&h, 2), el(&h, 3))) {
        size_t k = rng_below(rng, 2) ? 2 : 0;
        lattice_copy(L, lo, el(&h, k));
        lattice_copy(L, hi, el(&h, k + 1));
    }
    mem_free(h.w);
    return L->ops->log2_size(L, lo, hi) <= ENUM_LOG2_MAX;
}

static void check_intervals_finite(const Lattice *L, Rng *rng, const Elems *s)
{
    Elems w;
    elems_init(&w, L, 2);
    Word *lo = el(&w, 0), *hi = el(&w, 1);
    for (int rep = 0; rep < 4; rep++) {
        const Word *x = el(s, rng_below(rng, s->n)), *y = el(s, rng_below(rng, s->n));
        L->ops->meet(L, lo, x, y);
        L->ops->join(L, hi, x, y);
        if (!narrow(L, rng, lo, hi)) continue;
        Elems b;
        enumerate(L, lo, hi, &b);
        assert_int_equal(L->ops->is_point(L, lo, hi), b.n == 1);
        if (b.n <= 64) assert_true(L->ops->height(L, lo, hi) == brute_height(L, &b, hi));
        check_decompose(L, rng, lo, hi, &b);
        if (b.n <= 128) check_union(L, rng, &b);
        mem_free(b.w);
    }
    mem_free(w.w);
}

/* Infinite lattices (reals inside): decompose covers by halves that touch and stay inside. */
static void check_intervals_infinite(const Lattice *L, Rng *rng, const Elems *s)
{
    Elems w;
    elems_init(&w, L, 7);
    Word *lo = el(&w, 0), *hi = el(&w, 1), *x = el(&w, 6);
    for (int rep = 0; rep < 4; rep++) {
        const Word *a = el(s, rng_below(rng, s->n)), *b = el(s, rng_below(rng, s->n));
        L->ops->meet(L, lo, a, b);
        L->ops->join(L, hi, a, b);
        SplitCtx how = { (SplitStrategy)rng_below(rng, 4), rng };
        Word *lo1 = el(&w, 2), *hi1 = el(&w, 3), *lo2 = el(&w, 4), *hi2 = el(&w, 5);
        if (!L->ops->decompose(L, lo, hi, &how, lo1, hi1, lo2, hi2)) continue;
        assert_true(lattice_interval_subset(L, lo1, hi1, lo, hi) && lattice_interval_subset(L, lo2, hi2, lo, hi));
        assert_true(L->ops->union_is_interval(L, lo1, hi1, lo2, hi2));
        assert_true(L->ops->log2_size(L, lo1, hi1) <= L->ops->log2_size(L, lo, hi));
        for (int k = 0; k < 8; k++) {            /* random elements of [lo, hi] land in a half */
            L->ops->random(L, rng, x);
            L->ops->join(L, x, x, lo);
            L->ops->meet(L, x, x, hi);
            assert_true(lattice_in_interval(L, x, lo1, hi1) || lattice_in_interval(L, x, lo2, hi2));
        }
    }
    mem_free(w.w);
}

static void check_text(const Lattice *L, const Elems *s)
{
    Buf b;
    buf_init(&b);
    lattice_describe(L, &b);
    lattice_print_interval(L, el(s, 0), el(s, 1), &b);
    L->ops->json(L, el(s, 2), &b);
    char *t = lattice_to_string(L, el(s, 3));
    mem_free(t);
    buf_free(&b);
}

/* Equal elements hash alike (collections index their items by the hash). */
static void check_hash(const Lattice *L, const Elems *s)
{
    for (size_t i = 0; i < s->n; i++)
        for (size_t j = 0; j < s->n; j++)
            if (eq(L, el(s, i), el(s, j))) assert_true(L->ops->hash(L, el(s, i)) == L->ops->hash(L, el(s, j)));
}

static void check_lattice(const Lattice *L, Rng *rng)
{
    Elems s;
    make_samples(L, rng, &s);
    check_order(L, &s);
    check_hash(L, &s);
    check_join_meet(L, &s);
    check_text(L, &s);
    if (L->finite) check_intervals_finite(L, rng, &s);
    else check_intervals_infinite(L, rng, &s);
    mem_free(s.w);
}

static void test_laws(void **state)
{
    uint64_t seed = *(const uint64_t *)*state;
    printf("prop_lattice_laws: seed %llu (set FIX_SEED to change)\n", (unsigned long long)seed);
    Rng rng = { seed };
    size_t kinds[LATTICE_KIND_COUNT] = { 0 };
    size_t cases = prop_cases(NCASES);
    for (size_t c = 0; c < cases; c++) {
        Pool p = { 0 };
        bool small = c % 2 == 0;
        const Lattice *L = gen(&p, &rng, 0, small);
        kinds[lattice_kind(L)]++;
        check_lattice(L, &rng);
        pool_free(&p);
    }
    printf("prop_lattice_laws: %zu lattices: %zu powerset, %zu chain, %zu range, %zu real, %zu product, "
           "%zu map, %zu finite, %zu dual\n", cases, kinds[0], kinds[1], kinds[2], kinds[3], kinds[4],
           kinds[5], kinds[6], kinds[7]);
}

int main(void)
{
    const char *env = getenv("FIX_SEED");
    uint64_t seed = env ? strtoull(env, NULL, 10) : DEFAULT_SEED;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_prestate(test_laws, &seed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
