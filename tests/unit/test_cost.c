/* test_cost.c: unit tests of the optimisation's bound as a constraint of the native IR
 * (cost.c): a literal whose weight would break the bound becomes false, lexicographically
 * over priority levels; negative weights; a conflict on the cost is learnt; the engine's
 * spent hook; and, on random programs, the least cost of every model the strict bound lets
 * through is below the bound (brute force over the models). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "asp/internal.h"
#include "util/mem.h"
#include "asp_fixture.h"

static bool has(const Word *x, size_t a) { return (x[a / 64] >> (a % 64)) & 1; }
static void put(Word *x, size_t a) { x[a / 64] |= (Word)1 << (a % 64); }
static void drop(Word *x, size_t a) { x[a / 64] &= ~((Word)1 << (a % 64)); }

/* {a; b; c}. with the #minimize terms given per atom (level, weight, negated). */
typedef struct Three {
    AspProgram *p;
    AspSolver *s;
    const AftFunction *f;
    const Lattice *L;
    size_t at[3];
    Word *lo, *hi;
} Three;

static void three_open(Three *t, const AspCostTerm *terms, size_t n, size_t levels)
{
    t->p = asp_program_new();
    AspAtom a[3] = {asp_atom(t->p, "a"), asp_atom(t->p, "b"), asp_atom(t->p, "c")};
    assert_true(asp_add_rule(t->p, ASP_CHOICE, a, 3, NULL, 0, NULL, 0, NULL));
    t->s = asp_solver_new(t->p);
    t->f = asp_solver_function(t->s);
    t->L = asp_solver_lattice(t->s);
    AspCostTerm lat[8];
    for (size_t i = 0; i < 3; i++) t->at[i] = asp_solver_atom_index(t->s, a[i]);
    for (size_t i = 0; i < n; i++) {
        lat[i] = terms[i];
        lat[i].atom = (uint32_t)t->at[terms[i].atom];
    }
    asp_cost_attach(t->s, levels, lat, n);
    t->lo = lattice_elem_new(t->L);
    t->hi = lattice_elem_new(t->L);
    asp_solver_initial(t->s, t->lo, t->hi);
}

static void three_close(Three *t)
{
    asp_cost_detach(t->s);
    mem_free(t->lo);
    mem_free(t->hi);
    asp_solver_free(t->s);
    asp_program_free(t->p);
}

static AftStatus refine(Three *t, Word *lo, Word *hi)
{
    return t->f->refine(t->f->ctx, lo, hi, lo, hi);
}

/* a 3, b 2, c 1; cost below 4: with a in, b and c go out; a and b together fail. */
static void test_weight_forces_false(void **state)
{
    (void)state;
    const AspCostTerm terms[] = {{0, 0, false, 3}, {0, 1, false, 2}, {0, 2, false, 1}};
    Three t;
    three_open(&t, terms, 3, 1);
    int64_t best = 4;
    asp_cost_bound(t.s, &best, true);
    assert_int_equal(refine(&t, t.lo, t.hi), AFT_OK);
    assert_true(has(t.hi, t.at[1]) && has(t.hi, t.at[2]));      /* nothing forced at 0 */
    put(t.lo, t.at[0]);
    assert_int_equal(refine(&t, t.lo, t.hi), AFT_OK);
    assert_false(has(t.hi, t.at[1]));
    assert_false(has(t.hi, t.at[2]));
    asp_solver_initial(t.s, t.lo, t.hi);
    put(t.lo, t.at[0]);
    put(t.lo, t.at[1]);
    assert_int_equal(refine(&t, t.lo, t.hi), AFT_INVALID);
    best = 5;                                                   /* at most 5: a, b allowed */
    asp_cost_bound(t.s, &best, false);
    assert_int_equal(refine(&t, t.lo, t.hi), AFT_OK);
    assert_false(has(t.hi, t.at[2]));
    three_close(&t);
}

/* Level 0 (higher priority) a 1; level 1 b 5, c 1; below (1, 3): with a in, b goes out and
 * c stays open; with a out, b may hold (0 5 is below 1 3). */
static void test_lexicographic(void **state)
{
    (void)state;
    const AspCostTerm terms[] = {{0, 0, false, 1}, {1, 1, false, 5}, {1, 2, false, 1}};
    Three t;
    three_open(&t, terms, 3, 2);
    int64_t best[2] = {1, 3};
    asp_cost_bound(t.s, best, true);
    Word *lo = lattice_elem_new(t.L), *hi = lattice_elem_new(t.L);
    lattice_copy(t.L, lo, t.lo);
    lattice_copy(t.L, hi, t.hi);
    put(lo, t.at[0]);
    assert_int_equal(refine(&t, lo, hi), AFT_OK);
    assert_false(has(hi, t.at[1]));
    assert_true(has(hi, t.at[2]) && !has(lo, t.at[2]));
    lattice_copy(t.L, lo, t.lo);
    lattice_copy(t.L, hi, t.hi);
    drop(hi, t.at[0]);
    assert_int_equal(refine(&t, lo, hi), AFT_OK);
    assert_true(has(hi, t.at[1]) && !has(lo, t.at[1]));
    put(lo, t.at[1]);
    assert_int_equal(refine(&t, lo, hi), AFT_OK);
    mem_free(lo);
    mem_free(hi);
    three_close(&t);
}

/* a of weight -2 and (not b) of weight -1: costs -3 .. 0.  Below -2 needs a in and b out,
 * which the root's refine finds alone. */
static void test_negative_weights(void **state)
{
    (void)state;
    const AspCostTerm terms[] = {{0, 0, false, -2}, {0, 1, true, -1}};
    Three t;
    three_open(&t, terms, 2, 1);
    int64_t best = -2;
    asp_cost_bound(t.s, &best, true);
    assert_int_equal(refine(&t, t.lo, t.hi), AFT_OK);
    assert_true(has(t.lo, t.at[0]));
    assert_false(has(t.hi, t.at[1]));
    best = -3;                                                  /* below the least cost */
    asp_cost_bound(t.s, &best, true);
    asp_solver_initial(t.s, t.lo, t.hi);
    assert_int_equal(refine(&t, t.lo, t.hi), AFT_INVALID);
    three_close(&t);
}

/* With learning on, a conflict on the cost is explained by a nogood that cuts the root. */
static void test_cost_conflict_learnt(void **state)
{
    (void)state;
    const AspCostTerm terms[] = {{0, 0, false, 2}, {0, 1, false, 2}, {0, 2, false, 2}};
    Three t;
    three_open(&t, terms, 3, 1);
    assert_true(t.f->search->learning(t.f->ctx, true));
    int64_t best = 4;                         /* at most one of a, b, c */
    asp_cost_bound(t.s, &best, true);
    Word *lo = lattice_elem_new(t.L), *hi = lattice_elem_new(t.L);
    lattice_copy(t.L, lo, t.lo);
    lattice_copy(t.L, hi, t.hi);
    assert_int_equal(refine(&t, lo, hi), AFT_OK);
    best = 2;                                 /* tightened: none of them */
    asp_cost_bound(t.s, &best, true);
    put(lo, t.at[0]);
    put(lo, t.at[1]);
    assert_int_equal(refine(&t, lo, hi), AFT_INVALID);
    assert_true(t.f->search->learnt(t.f->ctx));
    assert_int_equal(refine(&t, t.lo, t.hi), AFT_OK);
    assert_false(has(t.hi, t.at[0]) || has(t.hi, t.at[1]) || has(t.hi, t.at[2]));
    t.f->search->learning(t.f->ctx, false);
    mem_free(lo);
    mem_free(hi);
    three_close(&t);
}

/* spent: a point whose cost is the strict bound is out of every later search; not with a
 * bound that admits it. */
static void test_spent(void **state)
{
    (void)state;
    const AspCostTerm terms[] = {{0, 0, false, 3}, {0, 1, false, 2}};
    Three t;
    three_open(&t, terms, 2, 1);
    Word *x = lattice_elem_new(t.L);
    put(x, t.at[0]);
    int64_t best = 3;
    asp_cost_bound(t.s, &best, true);
    assert_true(asp_cost_spent(t.s, x, x));
    assert_false(asp_cost_spent(t.s, t.lo, t.hi));            /* may still cost 0 */
    asp_cost_bound(t.s, &best, false);
    assert_false(asp_cost_spent(t.s, x, x));
    mem_free(x);
    three_close(&t);
}

/* x: the program's atoms of the set m (bit i: atom i of n) and the solver's own atoms (a
 * choice's partner, a weight body's, the constraints' false atom) as S_P gives them with the
 * program's atoms held: four rounds settle them (a violated constraint's false atom keeps
 * flipping, and x is then no stable model). */
static void complete(AspSolver *s, uint64_t m, size_t n, Word *x, Word *fx)
{
    const AftFunction *f = asp_solver_function(s);
    const Lattice *L = asp_solver_lattice(s);
    memset(x, 0, L->nwords * sizeof *x);
    for (int round = 0;; round++) {
        for (size_t i = 0; i < n; i++) {
            size_t a = asp_solver_atom_index(s, (AspAtom)i);
            if ((m >> i) & 1) put(x, a);
            else drop(x, a);
        }
        if (round == 4) return;
        assert_true(f->eval(f->ctx, x, fx));
        lattice_copy(L, x, fx);
    }
}

/* The stable models of p, as the native search enumerates them. */
static size_t count_models(const AspProgram *p)
{
    AspSolver *s = asp_solver_new(p);
    AspSolveOptions o = { 0 };
    AspStats st;
    memset(&st, 0, sizeof st);
    assert_int_equal(asp_solve(s, &o, NULL, NULL, &st), AFT_OK);
    asp_solver_free(s);
    return st.models;
}

/* Random programs with random #minimize terms over two levels: under a strict bound, every
 * refine keeps each stable model that costs less (brute force, its count the enumeration's),
 * and every point it accepts costs less. */
static void test_random_bound_sound(void **state)
{
    (void)state;
    Rng rng = { 77 };
    size_t checked = 0;           /* stable models met: the test checks something */
    for (int round = 0; round < 60; round++) {
        size_t n = 4 + rng_below(&rng, 5);
        AspProgram *p = random_program(&rng, n, 6, 1);
        AspSolver *s = asp_solver_new(p);
        const AftFunction *f = asp_solver_function(s);
        const Lattice *L = asp_solver_lattice(s);
        AspCostTerm terms[12];
        for (size_t i = 0; i < n; i++)
            terms[i] = (AspCostTerm){(uint32_t)rng_below(&rng, 2),
                                     (uint32_t)asp_solver_atom_index(s, (AspAtom)i),
                                     rng_below(&rng, 2) == 0, (int64_t)rng_below(&rng, 7) - 3};
        asp_cost_attach(s, 2, terms, n);
        int64_t best[2] = {(int64_t)rng_below(&rng, 5) - 2, (int64_t)rng_below(&rng, 5) - 2};
        asp_cost_bound(s, best, true);
        Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L), *x = lattice_elem_new(L);
        Word *fx = lattice_elem_new(L);
        size_t models = 0;
        for (uint64_t m = 0; m < (1u << n); m++) {
            complete(s, m, n, x, fx);
            if (!asp_solver_keeps(s, x)) continue;                  /* not a stable model */
            checked++;
            models++;
            int64_t cost[2] = {0, 0};
            for (size_t i = 0; i < n; i++)
                if (has(x, terms[i].atom) != terms[i].negative) cost[terms[i].level] += terms[i].weight;
            bool better = cost[0] < best[0] || (cost[0] == best[0] && cost[1] < best[1]);
            asp_solver_initial(s, lo, hi);
            lattice_copy(L, lo, x);
            lattice_copy(L, hi, x);
            assert_int_equal(f->refine(f->ctx, lo, hi, lo, hi), better ? AFT_OK : AFT_INVALID);
        }
        MEM_FREE_ALL(lo, hi, x, fx);
        assert_int_equal(models, count_models(p));
        asp_cost_detach(s);
        asp_solver_free(s);
        asp_program_free(p);
    }
    assert_true(checked >= 30);   /* 32 with this seed; 20 when the solver's own atoms were
                                     left out of the points tried */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_weight_forces_false),
        cmocka_unit_test(test_lexicographic),
        cmocka_unit_test(test_negative_weights),
        cmocka_unit_test(test_cost_conflict_learnt),
        cmocka_unit_test(test_spent),
        cmocka_unit_test(test_random_bound_sound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
