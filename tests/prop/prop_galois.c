/* prop_galois.c: property tests of galois.c on random Galois insertions (block partitions of a
 * powerset's atoms, coarser chains) and random non-monotone functions given as tables. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "aft/galois.h"
#include "util/mem.h"
#include "budget.h"

enum { MAXN = 64, CASES = 1000, SAMPLES = 12 };

/* Elements of C and A are one word holding their index 0..n-1 (powersets of at most five
 * atoms, ranges from 0), so maps and functions are tables. */
typedef struct Case {
    Lattice *C, *A;
    size_t nc, na;
    size_t au[MAXN], gu[MAXN], al[MAXN], gl[MAXN];
    size_t f[MAXN];
    char desc[96];
} Case;

static bool m_au(void *ctx, const Word *in, Word *out) { const Case *c = ctx; *out = c->au[*in]; return true; }
static bool m_gu(void *ctx, const Word *in, Word *out) { const Case *c = ctx; *out = c->gu[*in]; return true; }
static bool m_al(void *ctx, const Word *in, Word *out) { const Case *c = ctx; *out = c->al[*in]; return true; }
static bool m_gl(void *ctx, const Word *in, Word *out) { const Case *c = ctx; *out = c->gl[*in]; return true; }

static bool f_eval(void *ctx, const Word *x, Word *out)
{
    const Case *c = ctx;
    if (*x >= c->nc) return false;
    *out = c->f[*x];
    return true;
}

static const char *const names[] = {"a", "b", "c", "d", "e"};
static const char *const bnames[] = {"B0", "B1", "B2", "B3", "B4"};

/* Powerset of n atoms, A = powerset of the blocks of a random partition; alpha_up = blocks
 * met, alpha_lo = blocks included, gamma_up = gamma_lo = union of blocks. */
static void make_blocks(Case *c, Rng *rng)
{
    size_t n = 2 + rng_below(rng, 4), block[5], nb = 0, map[5];
    for (size_t i = 0; i < 5; i++) map[i] = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {             /* random blocks, renumbered in order */
        size_t b = rng_below(rng, n);
        if (map[b] == SIZE_MAX) map[b] = nb++;
        block[i] = map[b];
    }
    c->C = lattice_powerset_new(names, n);
    c->A = lattice_powerset_new(bnames, nb);
    c->nc = (size_t)1 << n;
    c->na = (size_t)1 << nb;
    size_t mask[5] = {0};
    for (size_t i = 0; i < n; i++) mask[block[i]] |= (size_t)1 << i;
    for (size_t a = 0; a < c->na; a++) {
        size_t u = 0;
        for (size_t b = 0; b < nb; b++)
            if (a >> b & 1) u |= mask[b];
        c->gu[a] = c->gl[a] = u;
    }
    for (size_t x = 0; x < c->nc; x++) {
        c->au[x] = c->al[x] = 0;
        for (size_t b = 0; b < nb; b++) {
            if (x & mask[b]) c->au[x] |= (size_t)1 << b;
            if ((x & mask[b]) == mask[b]) c->al[x] |= (size_t)1 << b;
        }
    }
    snprintf(c->desc, sizeof c->desc, "powerset of %zu atoms in %zu blocks", n, nb);
}

/* C = 0..n, A = 0..m: endpoints of steps of k, alpha_up = ceil(x / k), alpha_lo = floor(x / k),
 * gamma = min(n, a * k).  Not an insertion when k does not divide n (the check says so). */
static void make_steps(Case *c, Rng *rng)
{
    size_t n = 2 + rng_below(rng, 11), k = 1 + rng_below(rng, 4), m = (n + k - 1) / k;
    c->C = lattice_range_new(0, (int64_t)n);
    c->A = lattice_range_new(0, (int64_t)m);
    c->nc = n + 1;
    c->na = m + 1;
    for (size_t x = 0; x <= n; x++) {
        c->au[x] = (x + k - 1) / k;
        c->al[x] = x / k;
    }
    for (size_t a = 0; a <= m; a++) c->gu[a] = c->gl[a] = a * k < n ? a * k : n;
    snprintf(c->desc, sizeof c->desc, "range 0..%zu in steps of %zu", n, k);
}

/* C = 0..n cut into consecutive blocks: alpha_up = alpha_lo = the block, gamma_up its last
 * element, gamma_lo its first. */
static void make_cuts(Case *c, Rng *rng)
{
    size_t n = 2 + rng_below(rng, 11), b = 0;
    c->C = lattice_range_new(0, (int64_t)n);
    c->nc = n + 1;
    for (size_t x = 0; x <= n; x++) {
        if (x > 0 && rng_below(rng, 3) == 0) b++;
        c->au[x] = c->al[x] = b;
    }
    c->na = b + 1;
    c->A = lattice_range_new(0, (int64_t)b);
    for (size_t x = c->nc; x-- > 0;) c->gl[c->au[x]] = x;
    for (size_t x = 0; x < c->nc; x++) c->gu[c->au[x]] = x;
    snprintf(c->desc, sizeof c->desc, "range 0..%zu cut into %zu blocks", n, b + 1);
}

/* A random (in general non-monotone) function as a table, with some extra fixed points. */
static void make_function(Case *c, Rng *rng)
{
    for (size_t x = 0; x < c->nc; x++) c->f[x] = (size_t)rng_below(rng, c->nc);
    double fixed = rng_unit(rng) * 0.3;
    for (size_t x = 0; x < c->nc; x++)
        if (rng_unit(rng) < fixed) c->f[x] = x;
}

static void make_case(Case *c, Rng *rng)
{
    *c = (Case){0};
    switch (rng_below(rng, 3)) {
    case 0: make_blocks(c, rng); break;
    case 1: make_steps(c, rng); break;
    default: make_cuts(c, rng); break;
    }
    /* now and then a perturbed map, which the check must refuse */
    if (rng_below(rng, 8) == 0) c->au[rng_below(rng, c->nc)] = (size_t)rng_below(rng, c->na);
    make_function(c, rng);
}

static void free_case(Case *c)
{
    lattice_free(c->C);
    lattice_free(c->A);
}

/* ---- properties ---- */

typedef struct Ctx {
    const Case *c;
    uint64_t seed;
    size_t no;
    GaloisRun *r;
    AftFunction f;
    AftOptions o;
} Ctx;

typedef struct Totals {
    size_t cases, skipped, intervals, valid, fixed, refines, bnbs, points;
} Totals;

static void fail_case(const Ctx *x, Word lo, Word hi, const char *what)
{
    fprintf(stderr, "seed %llu case %zu (%s), B = [%llu, %llu]: %s\n",
            (unsigned long long)x->seed, x->no, x->c->desc, (unsigned long long)lo,
            (unsigned long long)hi, what);
    fail();
}

#define CHECK(cond, what) do { if (!(cond)) fail_case(x, lo, hi, what); } while (0)

static bool in_some(const Lattice *L, const BoundList *b, const Word *p)
{
    for (size_t i = 0; i < b->count; i++)
        if (lattice_in_interval(L, p, boundlist_lo(b, i), boundlist_hi(b, i))) return true;
    return false;
}

/* F(B) valid implies F(B) inside gamma(F_sharp(alpha B)). */
static void check_F(const Ctx *x, Word lo, Word hi, Totals *t)
{
    const Lattice *C = x->c->C;
    Word clo, chi, glo, ghi;
    t->intervals++;
    if (aft_F(&x->f, &x->o, &lo, &hi, &clo, &chi, NULL) != AFT_OK) return;
    t->valid++;
    CHECK(galois_F(x->r, &x->o, &lo, &hi, &glo, &ghi, NULL) == AFT_OK,
          "F(B) valid but F_sharp(alpha B) not");
    CHECK(lattice_interval_subset(C, &clo, &chi, &glo, &ghi), "F(B) not inside gamma(F_sharp)");
}

/* Every fixed point of f in B lies in gamma(IR_sharp(alpha B)) and in some gamma(Final). */
static void check_fixed(const Ctx *x, Word lo, Word hi, Totals *t)
{
    const Case *c = x->c;
    const Lattice *C = c->C;
    Word rlo, rhi;
    AftStatus s = galois_refine(x->r, &x->o, &lo, &hi, &rlo, &rhi, NULL, NULL);
    CHECK(s == AFT_OK || s == AFT_INVALID, "refine status");
    BoundList fin, fix;
    AftStatus b = galois_bnb(x->r, &x->o, &lo, &hi, &fin, &fix, NULL);
    CHECK(b == AFT_OK, "bnb status");
    t->refines++;
    t->bnbs++;
    t->points += fix.count;
    for (Word p = 0; p < c->nc; p++) {
        if (c->f[p] != p || !lattice_in_interval(C, &p, &lo, &hi)) continue;
        t->fixed++;
        CHECK(s == AFT_OK && lattice_in_interval(C, &p, &rlo, &rhi),
              "a fixed point outside gamma(IR_sharp(alpha B))");
        CHECK(in_some(C, &fin, &p), "a fixed point in no Final bound");
    }
    for (size_t i = 0; i < fix.count; i++) {
        Word p = *boundlist_lo(&fix, i);
        CHECK(p == *boundlist_hi(&fix, i) && c->f[p] == p, "a reported fixpoint is not fixed");
    }
    boundlist_free(&fin);
    boundlist_free(&fix);
}

/* All intervals for F; [bot, top] and a sample for IR and bnb. */
static void run_case(Ctx *x, Rng *rng, Totals *t)
{
    const Case *c = x->c;
    const Lattice *C = c->C;
    for (Word lo = 0; lo < c->nc; lo++)
        for (Word hi = 0; hi < c->nc; hi++)
            if (C->ops->leq(C, &lo, &hi)) check_F(x, lo, hi, t);
    Word bot, top;
    C->ops->bot(C, &bot);
    C->ops->top(C, &top);
    check_fixed(x, bot, top, t);
    for (size_t k = 0; k < SAMPLES; k++) {
        Word a = rng_below(rng, c->nc), b = rng_below(rng, c->nc), lo, hi;
        C->ops->meet(C, &lo, &a, &b);
        C->ops->join(C, &hi, &a, &b);
        check_fixed(x, lo, hi, t);
    }
}

static void test_random_galois(void **state)
{
    (void)state;
    uint64_t seed = 20240918;
    const char *env = getenv("PROP_SEED");
    if (env) seed = strtoull(env, NULL, 10);
    size_t ncases = prop_cases(CASES);
    printf("prop_galois: seed %llu, %zu cases\n", (unsigned long long)seed, ncases);
    Rng rng = {seed};
    Totals t = {0};
    for (size_t no = 0; no < ncases; no++) {
        Case c;
        make_case(&c, &rng);
        AftGalois g = {.name = "G", .C = c.C, .A = c.A, .ctx = &c, .alpha_up = m_au,
                       .gamma_up = m_gu, .alpha_lo = m_al, .gamma_lo = m_gl};
        Buf msg;
        buf_init(&msg);
        size_t cases;
        GaloisCheck k = galois_check(&g, 10, &msg, &cases);
        assert_true(k == GALOIS_CHECK_OK || k == GALOIS_CHECK_FAILS);
        assert_true(k == GALOIS_CHECK_OK ? msg.len == 0 : msg.len > 0);
        buf_free(&msg);
        t.cases++;
        if (k != GALOIS_CHECK_OK) {
            t.skipped++;
            free_case(&c);
            continue;
        }
        Ctx x = {&c, seed, no, NULL,
                 {.L = c.C, .name = "f", .ctx = &c, .eval = f_eval, .envelope = ENV_BRUTE}, {0}};
        aft_options_default(&x.o);
        x.r = galois_run_new(&g, &x.f, NULL);
        assert_non_null(x.r);
        run_case(&x, &rng, &t);
        galois_run_free(x.r);
        free_case(&c);
    }
    printf("prop_galois: %zu cases (%zu not insertions, skipped); F on %zu intervals (%zu valid); "
           "%zu refine + bnb runs kept %zu fixed points, bnb reported %zu\n", t.cases, t.skipped,
           t.intervals, t.valid, t.refines, t.fixed, t.points);
    assert_true(t.skipped < t.cases / 2 && t.valid > 0 && t.fixed > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_galois),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
