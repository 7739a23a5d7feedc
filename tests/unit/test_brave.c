/* test_brave.c: unit tests of brave and cautious consequences (asp/brave.h): the last set of
 * the steps is the union (brave) or the intersection (cautious) of every stable model, found
 * by enumerating them all, on random programs; a bound on the steps leaves it unproved. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "asp/asp.h"
#include "asp/brave.h"
#include "util/mem.h"
#include "asp_fixture.h"

enum { ATOMS = 7 };

/* Every stable model, as union and intersection of atom name sets (bit i: a<i>). */
typedef struct Every { unsigned all, some; size_t n; } Every;

static unsigned bits_of(const AspProgram *p, const AspAtom *atoms, size_t n)
{
    unsigned b = 0;
    for (size_t i = 0; i < n; i++) b |= 1u << (atoi(asp_atom_name(p, atoms[i]) + 1) & 31);
    return b;
}

static bool every_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    Every *e = ctx;
    unsigned b = bits_of(p, atoms, n);
    e->some |= b;
    e->all = e->n++ ? e->all & b : b;
    return true;
}

typedef struct Steps { unsigned last; size_t steps, lower, upper; } Steps;

static bool step(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n, size_t lower,
                 size_t upper)
{
    Steps *s = ctx;
    s->last = bits_of(p, atoms, n);
    s->steps++;
    s->lower = lower;
    s->upper = upper;
    assert_true(lower <= n && n <= upper);
    return true;
}

static Steps consequences(const AspProgram *p, AspConseqKind kind, size_t max_steps,
                          AspStats *st)
{
    AspSolver *s = asp_solver_new(p);
    AspSolveOptions o = { .max_models = max_steps };
    Steps out = { 0 };
    memset(st, 0, sizeof *st);
    assert_int_equal(asp_consequences(s, kind, &o, NULL, step, &out, st, NULL), AFT_OK);
    assert_int_equal(st->models, out.steps);
    asp_solver_free(s);
    return out;
}

static void test_random_programs_agree_with_enumeration(void **state)
{
    (void)state;
    Rng rng = { 20261206u };
    size_t with_models = 0;
    for (int round = 0; round < 300; round++) {
        AspProgram *p = random_shown_program(&rng, ATOMS);
        AspSolver *s = asp_solver_new(p);
        AspSolveOptions o = { 0 };
        AspStats st;
        memset(&st, 0, sizeof st);
        Every e = { 0 };
        assert_int_equal(asp_solve(s, &o, every_model, &e, &st), AFT_OK);
        asp_solver_free(s);
        Steps brave = consequences(p, ASP_BRAVE, 0, &st);
        assert_true(st.complete);
        Steps cautious = consequences(p, ASP_CAUTIOUS, 0, &st);
        assert_true(st.complete);
        if (e.n) {
            with_models++;
            assert_int_equal(brave.last, e.some);
            assert_int_equal(cautious.last, e.all);
            assert_true(brave.steps <= ATOMS + 1 && cautious.steps <= ATOMS + 1);
        } else {
            assert_int_equal(brave.steps, 0);
            assert_int_equal(cautious.steps, 0);
        }
        asp_program_free(p);
    }
    assert_true(with_models > 50);          /* the check is not empty */
}

/* Exactly one of a0, a1, a2: brave needs three steps; after one it is not proved. */
static void test_step_bound_leaves_it_open(void **state)
{
    (void)state;
    AspProgram *p = asp_program_new();
    AspAtom a[3] = { asp_atom(p, "a0"), asp_atom(p, "a1"), asp_atom(p, "a2") };
    assert_true(asp_add_rule(p, ASP_CHOICE, a, 3, NULL, 0, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, NULL, 0, a, 3, NULL));
    for (int i = 0; i < 3; i++) {
        AspAtom two[2] = { a[i], a[(i + 1) % 3] };
        assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, two, 2, NULL, 0, NULL));
    }
    AspStats st;
    Steps one = consequences(p, ASP_BRAVE, 1, &st);
    assert_int_equal(one.steps, 1);
    assert_false(st.complete);
    Steps all = consequences(p, ASP_BRAVE, 0, &st);
    assert_true(st.complete);
    assert_int_equal(all.last, 7u);
    assert_int_equal(all.steps, 3);
    assert_int_equal(all.lower, 3);
    Steps none = consequences(p, ASP_CAUTIOUS, 0, &st);
    assert_true(st.complete);
    assert_int_equal(none.last, 0u);
    asp_program_free(p);
}

/* { a0; ...; a999 }: cautious is empty and brave is every atom; each in at most two steps
 * (the greedy tries: a search's first model may change the set by one atom only). */
static void test_few_steps_on_a_large_choice(void **state)
{
    (void)state;
    enum { N = 1000 };
    AspProgram *p = asp_program_new();
    AspAtom a[N];
    char name[16];
    for (int i = 0; i < N; i++) {
        snprintf(name, sizeof name, "a%d", i);
        a[i] = asp_atom(p, name);
    }
    assert_true(asp_add_rule(p, ASP_CHOICE, a, N, NULL, 0, NULL, 0, NULL));
    AspStats st;
    Steps cautious = consequences(p, ASP_CAUTIOUS, 0, &st);
    assert_true(st.complete);
    assert_true(cautious.steps <= 2);
    assert_int_equal(cautious.upper, 0);
    Steps brave = consequences(p, ASP_BRAVE, 0, &st);
    assert_true(st.complete);
    assert_true(brave.steps <= 2);
    assert_int_equal(brave.lower, N);
    asp_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_programs_agree_with_enumeration),
        cmocka_unit_test(test_step_bound_leaves_it_open),
        cmocka_unit_test(test_few_steps_on_a_large_choice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
