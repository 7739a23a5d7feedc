/* test_opt.c: unit tests of the native optimisation's modes and initial bound (opt.c,
 * asp_optimize with an AspOptGoal), on random programs with #minimize at two priorities,
 * against every stable model's costs (the plain enumeration's models, costed here): enum gives each stable model within the bound
 * once (the cost vectors as a multiset), opt ends at the least cost within the bound (or no
 * model when none is), optN then gives every optimal model; and the goal's bound is kept
 * within what each level can cost. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "asp/internal.h"
#include "asp/opt.h"
#include "util/mem.h"
#include "asp_fixture.h"

#define MAX_MODELS 512

/* The cost vectors (two levels) fn was given, and how many were optimal. */
typedef struct Seen {
    int64_t costs[MAX_MODELS][2];
    size_t n, optimal;
} Seen;

static bool collect(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n,
                    const int64_t *costs, size_t ncosts, bool optimal)
{
    (void)p; (void)atoms; (void)n;
    Seen *s = ctx;
    assert_int_equal(ncosts, 2);
    assert_true(s->n < MAX_MODELS);
    s->costs[s->n][0] = costs[0];
    s->costs[s->n][1] = costs[1];
    s->n++;
    s->optimal += optimal;
    return true;
}

static int cmp_cost(const void *a, const void *b)
{
    const int64_t *x = a, *y = b;
    return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0]) : (x[1] > y[1]) - (x[1] < y[1]);
}

static bool within(const int64_t *c, const int64_t *bound, size_t nbound)
{
    for (size_t i = 0; i < nbound && i < 2; i++)
        if (c[i] != bound[i]) return c[i] < bound[i];
    return true;
}

/* A random program over the shown atoms a0 .. a<n-1> with #minimize terms at priorities 2
 * and 1, also kept in terms (level 0 for priority 2). */
typedef struct Terms { AspWLit lit[2][12]; size_t n[2]; } Terms;

static AspProgram *program(Rng *rng, size_t n, Terms *t)
{
    AspProgram *p = random_shown_program(rng, n);
    for (size_t level = 0; level < 2; level++) {
        t->n[level] = 0;
        for (size_t i = 0; i < n; i++)
            if (rng_below(rng, 2))
                t->lit[level][t->n[level]++] = (AspWLit){ (AspAtom)i, rng_below(rng, 3) == 0,
                                                          (int64_t)rng_below(rng, 7) - 2 };
        asp_add_minimize(p, 2 - (int64_t)level, t->lit[level], t->n[level]);
    }
    return p;
}

/* Every stable model's cost vector, from the plain enumeration (asp_solve, which does not
 * optimise) and the terms. */
typedef struct Every { const Terms *t; int64_t (*out)[2]; size_t n; } Every;

static bool every_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    Every *e = ctx;
    unsigned in = 0;
    for (size_t i = 0; i < n; i++) in |= 1u << atoi(asp_atom_name(p, atoms[i]) + 1);
    assert_true(e->n < MAX_MODELS);
    for (size_t level = 0; level < 2; level++) {
        int64_t c = 0;
        for (size_t k = 0; k < e->t->n[level]; k++) {
            const AspWLit *l = &e->t->lit[level][k];
            if (((in >> l->atom) & 1) != l->negative) c += l->weight;
        }
        e->out[e->n][level] = c;
    }
    e->n++;
    return true;
}

static size_t every_cost(AspSolver *s, const Terms *t, int64_t (*out)[2])
{
    Every e = { t, out, 0 };
    AspSolveOptions o = { 0 };
    AspStats st;
    memset(&st, 0, sizeof st);
    assert_int_equal(asp_solve(s, &o, every_model, &e, &st), AFT_OK);
    return e.n;
}

/* One run of asp_optimize with the goal; the models seen and the result. */
static AftStatus run(AspSolver *s, const AspOptGoal *goal, Seen *seen, AspOptResult *res)
{
    AspOptimizer *z = asp_opt_new(s);
    AspStats st;
    memset(&st, 0, sizeof st);
    memset(seen, 0, sizeof *seen);
    AspSolveOptions o = { 0 };
    AftStatus r = asp_optimize(s, z, &o, goal, collect, seen, &st, res);
    asp_opt_free(z);
    return r;
}

static void check_enum(AspSolver *s, const int64_t (*all)[2], size_t nall,
                       const int64_t *bound, size_t nbound)
{
    int64_t want[MAX_MODELS][2];
    size_t k = 0;
    for (size_t i = 0; i < nall; i++)
        if (within(all[i], bound, nbound)) memcpy(want[k++], all[i], sizeof want[0]);
    Seen seen;
    AspOptResult res;
    AspOptGoal goal = { ASP_OPT_ENUM, bound, nbound };
    assert_int_equal(run(s, &goal, &seen, &res), AFT_OK);
    assert_int_equal(seen.n, k);
    qsort(want, k, sizeof want[0], cmp_cost);
    qsort(seen.costs, seen.n, sizeof seen.costs[0], cmp_cost);
    for (size_t i = 0; i < k; i++) assert_memory_equal(want[i], seen.costs[i], sizeof want[0]);
    assert_int_equal(res.proved, k > 0);
    if (k) assert_memory_equal(res.best, want[0], sizeof want[0]);
    asp_opt_result_free(&res);
}

static void check_opt(AspSolver *s, const int64_t (*all)[2], size_t nall,
                      const int64_t *bound, size_t nbound)
{
    const int64_t *best = NULL;
    size_t optimal = 0;
    for (size_t i = 0; i < nall; i++)
        if (within(all[i], bound, nbound) && (!best || cmp_cost(all[i], best) < 0)) best = all[i];
    for (size_t i = 0; best && i < nall; i++) optimal += cmp_cost(all[i], best) == 0;
    Seen seen;
    AspOptResult res;
    AspOptGoal goal = { ASP_OPT_OPTN, bound, nbound };
    assert_int_equal(run(s, &goal, &seen, &res), AFT_OK);
    assert_int_equal(res.have_best, best != NULL);
    assert_int_equal(res.proved, best != NULL);
    if (best) assert_memory_equal(res.best, best, 2 * sizeof *best);
    for (size_t i = 0; i < seen.n; i++) assert_true(within(seen.costs[i], bound, nbound));
    assert_int_equal(seen.optimal, optimal);
    asp_opt_result_free(&res);
}

static void test_random_goals(void **state)
{
    (void)state;
    Rng rng = { 4242 };
    static int64_t all[MAX_MODELS][2];
    for (int round = 0; round < 150; round++) {
        size_t n = 4 + rng_below(&rng, 5);
        Terms t;
        AspProgram *p = program(&rng, n, &t);
        AspSolver *s = asp_solver_new(p);
        size_t nall = every_cost(s, &t, all);
        int64_t bound[3] = { (int64_t)rng_below(&rng, 9) - 3, (int64_t)rng_below(&rng, 9) - 3, 99 };
        size_t nbound = rng_below(&rng, 4);           /* 0: none; 3: one past the levels */
        check_enum(s, (const int64_t (*)[2])all, nall, bound, nbound);
        check_opt(s, (const int64_t (*)[2])all, nall, bound, nbound);
        asp_solver_free(s);
        asp_program_free(p);
    }
}

/* The bound over the levels: a level past the goal's at its most; past a value above its
 * level's most, every level at its most; a value below its level's least at that least less
 * one. */
static void test_goal_bound_clamped(void **state)
{
    (void)state;
    AspProgram *p = asp_program_new();
    AspAtom a = asp_atom(p, "a"), b = asp_atom(p, "b");
    AspAtom ab[2] = { a, b };
    assert_true(asp_add_rule(p, ASP_CHOICE, ab, 2, NULL, 0, NULL, 0, NULL));
    AspWLit hi[2] = { { a, false, 3 }, { b, false, -2 } }, lo[1] = { { b, true, 5 } };
    asp_add_minimize(p, 2, hi, 2);
    asp_add_minimize(p, 1, lo, 1);
    AspSolver *s = asp_solver_new(p);
    AspOptimizer *z = asp_opt_new(s);
    int64_t out[2];
    AspOptGoal none = { ASP_OPT_OPT, NULL, 0 };
    assert_false(asp_opt_goal_bound(z, &none, out));
    assert_int_equal(out[0], 3);
    assert_int_equal(out[1], 5);
    int64_t big[1] = { 100 }, small[2] = { -100, 2 };
    AspOptGoal g1 = { ASP_OPT_ENUM, big, 1 }, g2 = { ASP_OPT_OPT, small, 2 };
    assert_true(asp_opt_goal_bound(z, &g1, out));
    assert_int_equal(out[0], 3);
    assert_int_equal(out[1], 5);
    assert_true(asp_opt_goal_bound(z, &g2, out));
    assert_int_equal(out[0], -3);
    assert_int_equal(out[1], 5);
    int64_t above[2] = { 4, 1 }, most[2] = { 3, 1 }, under[2] = { 2, -7 };
    AspOptGoal g3 = { ASP_OPT_OPT, above, 2 }, g4 = { ASP_OPT_OPT, most, 2 },
               g5 = { ASP_OPT_OPTN, under, 2 };
    assert_true(asp_opt_goal_bound(z, &g3, out));      /* every cost below 4: (3, 5) */
    assert_int_equal(out[0], 3);
    assert_int_equal(out[1], 5);
    assert_true(asp_opt_goal_bound(z, &g4, out));      /* a cost of 3 leaves level 1's 1 */
    assert_int_equal(out[0], 3);
    assert_int_equal(out[1], 1);
    assert_true(asp_opt_goal_bound(z, &g5, out));      /* -7 below level 1's least, 0 */
    assert_int_equal(out[0], 2);
    assert_int_equal(out[1], -1);
    asp_opt_free(z);
    asp_solver_free(s);
    asp_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_goals),
        cmocka_unit_test(test_goal_bound_clamped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
