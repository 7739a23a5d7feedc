/* test_ufs.c: unit tests of the unfounded-set check's sources (ufs.c) on a loop through an
 * aggregate: a source that founds its head with weight to spare keeps it while its body
 * loses no more than that weight, and loses it (its loop then unfounded) past it; the
 * state's check (propcheck.c) names a wrong count of the weight without a source; an atom a
 * choice makes alone (`{ a }.`) is on no cycle the check needs (cycles.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "asp/propstate.h"
#include "asp/setup.h"
#include "util/mem.h"

static bool has(const Word *x, size_t a) { return (x[a / 64] >> (a % 64)) & 1; }
static void drop(Word *x, size_t a) { x[a / 64] &= ~((Word)1 << (a % 64)); }

/* {e1}. {e2}. {e3}.  p :- 2 <= { q, e1, e2, e3 }.  q :- p.
 * p and q make a loop through the aggregate; with e1, e2 and e3 open, p's rule founds it
 * with one to spare (q, without a source yet, not counted). */
typedef struct Loop {
    AspProgram *prog;
    AspSolver *s;
    const AftFunction *f;
    const Lattice *L;
    size_t e[3], p, q;
    uint32_t rule;                /* p's rule */
    Word *lo, *hi;
} Loop;

static void loop_open(Loop *t)
{
    AspAtom e[3], p, q;
    t->prog = asp_program_new();
    const char *names[] = {"e1", "e2", "e3"};
    for (int i = 0; i < 3; i++) {
        e[i] = asp_atom(t->prog, names[i]);
        assert_true(asp_add_rule(t->prog, ASP_CHOICE, &e[i], 1, NULL, 0, NULL, 0, NULL));
    }
    p = asp_atom(t->prog, "p");
    q = asp_atom(t->prog, "q");
    AspWLit body[4] = { {q, false, 1}, {e[0], false, 1}, {e[1], false, 1}, {e[2], false, 1} };
    assert_true(asp_add_weight_rule(t->prog, ASP_NORMAL, &p, 1, 2, body, 4, NULL));
    assert_true(asp_add_rule(t->prog, ASP_NORMAL, &q, 1, &p, 1, NULL, 0, NULL));
    t->s = asp_solver_new(t->prog);
    t->f = asp_solver_function(t->s);
    t->L = asp_solver_lattice(t->s);
    for (int i = 0; i < 3; i++) t->e[i] = asp_solver_atom_index(t->s, e[i]);
    t->p = asp_solver_atom_index(t->s, p);
    t->q = asp_solver_atom_index(t->s, q);
    assert_int_equal(t->s->hstart[t->p + 1] - t->s->hstart[t->p], 1);
    t->rule = t->s->hrules[t->s->hstart[t->p]];
    assert_true(asp_rule_aggregate(t->s, t->rule));
    t->lo = lattice_elem_new(t->L);
    t->hi = lattice_elem_new(t->L);
    asp_solver_initial(t->s, t->lo, t->hi);
    assert_int_equal(t->f->refine(t->f->ctx, t->lo, t->hi, t->lo, t->hi), AFT_OK);
}

static void loop_close(Loop *t)
{
    mem_free(t->lo);
    mem_free(t->hi);
    asp_solver_free(t->s);
    asp_program_free(t->prog);
}

/* e1 false: p's rule had one to spare and keeps p (no check due, nothing queued); e2 false
 * too: past its spare weight, p loses its source, finds none (q rests on p) and the loop is
 * unfounded. */
static void test_source_kept_while_weight_spares(void **state)
{
    (void)state;
    Loop t;
    loop_open(&t);
    const AspProp *p = t.s->prop;
    const AspUnfounded *u = &p->uf;
    assert_int_equal(u->src[t.p], t.rule);
    assert_int_equal(u->excess[t.rule], 1);
    assert_true(has(t.hi, t.p) && has(t.hi, t.q));
    uint64_t dropped = u->dropped;
    drop(t.hi, t.e[0]);
    assert_int_equal(t.f->refine(t.f->ctx, t.lo, t.hi, t.lo, t.hi), AFT_OK);
    assert_int_equal(u->dropped, dropped);              /* no source taken away */
    assert_int_equal(u->src[t.p], t.rule);
    assert_int_equal(u->excess[t.rule], 0);
    assert_false(asp_ufs_pending(p));
    assert_false(u->flag[t.p] & UFS_TODO);
    assert_true(has(t.hi, t.p) && has(t.hi, t.q));
    assert_null(asp_prop_check(t.s, p));
    drop(t.hi, t.e[1]);
    assert_int_equal(t.f->refine(t.f->ctx, t.lo, t.hi, t.lo, t.hi), AFT_OK);
    assert_false(has(t.hi, t.p));                        /* the loop is unfounded */
    assert_false(has(t.hi, t.q));
    assert_int_equal(u->dropped, dropped + 2);          /* p's source, then q's */
    assert_null(asp_prop_check(t.s, p));
    loop_close(&t);
}

/* The state's check names a rule whose weight of cyclic atoms without a source is wrong. */
static void test_state_check_weights(void **state)
{
    (void)state;
    Loop t;
    loop_open(&t);
    AspProp *p = t.s->prop;
    assert_null(asp_prop_check(t.s, p));
    p->uf.unw[t.rule]++;
    assert_string_equal(asp_prop_check(t.s, p), "a rule's weight of cyclic atoms without a source");
    p->uf.unw[t.rule]--;
    p->uf.excess[t.rule] += 5;
    assert_string_equal(asp_prop_check(t.s, p),
                        "an aggregate source whose weight to spare is below 0 or above its slack");
    p->uf.excess[t.rule] -= 5;
    assert_null(asp_prop_check(t.s, p));
    loop_close(&t);
}

/* {a}.  b :- a.  a :- b.   {e}.  {p} :- e.  q :- p.  p :- q.
 * a is chosen whatever else holds, so no unfounded set that matters holds it, and the loop
 * through it is none; p's choice asks e, so p and q stay on their loop. */
static void test_chosen_atom_founded_alone(void **state)
{
    (void)state;
    AspProgram *prog = asp_program_new();
    AspAtom a = asp_atom(prog, "a"), b = asp_atom(prog, "b"), e = asp_atom(prog, "e");
    AspAtom p = asp_atom(prog, "p"), q = asp_atom(prog, "q");
    assert_true(asp_add_rule(prog, ASP_CHOICE, &a, 1, NULL, 0, NULL, 0, NULL));
    assert_true(asp_add_rule(prog, ASP_NORMAL, &b, 1, &a, 1, NULL, 0, NULL));
    assert_true(asp_add_rule(prog, ASP_NORMAL, &a, 1, &b, 1, NULL, 0, NULL));
    assert_true(asp_add_rule(prog, ASP_CHOICE, &e, 1, NULL, 0, NULL, 0, NULL));
    assert_true(asp_add_rule(prog, ASP_CHOICE, &p, 1, &e, 1, NULL, 0, NULL));
    assert_true(asp_add_rule(prog, ASP_NORMAL, &q, 1, &p, 1, NULL, 0, NULL));
    assert_true(asp_add_rule(prog, ASP_NORMAL, &p, 1, &q, 1, NULL, 0, NULL));
    AspSolver *s = asp_solver_new(prog);
    const uint8_t *cyclic = s->setup->cyclic;
    assert_false(cyclic[asp_solver_atom_index(s, a)]);
    assert_false(cyclic[asp_solver_atom_index(s, b)]);
    assert_true(cyclic[asp_solver_atom_index(s, p)]);
    assert_true(cyclic[asp_solver_atom_index(s, q)]);
    asp_solver_free(s);
    asp_program_free(prog);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_source_kept_while_weight_spares),
        cmocka_unit_test(test_state_check_weights),
        cmocka_unit_test(test_chosen_atom_founded_alone),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
