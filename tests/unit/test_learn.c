/* test_learn.c: unit tests of conflict-driven learning in the native IR of S_P (learn.c): the
 * first-UIP nogood of a tiny implication graph, its propagation, soundness of every refine with
 * learning on, and the same models with learning on and off. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "asp/propstate.h"
#include "util/mem.h"
#include "asp_fixture.h"

static bool has(const Word *x, size_t a) { return (x[a / 64] >> (a % 64)) & 1; }
static void put(Word *x, size_t a) { x[a / 64] |= (Word)1 << (a % 64); }

/* {a}. {b}. {c}. x :- a, b. :- x, c. :- x, not c.
 * With the constraints' atom f false (level 1), a (level 2) and b (level 3): x, then c false
 * by one constraint and true by the other.  c's two values both come from x, the unique
 * implication point of level 3, so the nogood is {x, not f}: x can never hold. */
static AspProgram *tiny(AspAtom *at)
{
    AspProgram *p = asp_program_new();
    const char *names[] = {"a", "b", "c", "x"};
    for (int i = 0; i < 4; i++) at[i] = asp_atom(p, names[i]);
    for (int i = 0; i < 3; i++) assert_true(asp_add_rule(p, ASP_CHOICE, &at[i], 1, NULL, 0, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_NORMAL, &at[3], 1, at, 2, NULL, 0, NULL));
    AspAtom xc[2] = {at[3], at[2]};
    assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, xc, 2, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, &at[3], 1, &at[2], 1, NULL));
    return p;
}

typedef struct Tiny {
    AspProgram *p;
    AspSolver *s;
    const AftFunction *f;
    const Lattice *L;
    size_t a, b, x;
    Word *lo, *hi, *nlo, *nhi;
} Tiny;

static void tiny_open(Tiny *t, bool learning)
{
    AspAtom at[4];
    t->p = tiny(at);
    t->s = asp_solver_new(t->p);
    t->f = asp_solver_function(t->s);
    t->L = asp_solver_lattice(t->s);
    t->a = asp_solver_atom_index(t->s, at[0]);
    t->b = asp_solver_atom_index(t->s, at[1]);
    t->x = asp_solver_atom_index(t->s, at[3]);
    t->lo = lattice_elem_new(t->L); t->hi = lattice_elem_new(t->L);
    t->nlo = lattice_elem_new(t->L); t->nhi = lattice_elem_new(t->L);
    if (learning) assert_true(t->f->learning(t->f->ctx, true));
    asp_solver_initial(t->s, t->lo, t->hi);
    assert_int_equal(t->f->refine(t->f->ctx, t->lo, t->hi, t->lo, t->hi), AFT_OK);   /* level 1 */
}

static void tiny_close(Tiny *t)
{
    mem_free(t->lo); mem_free(t->hi); mem_free(t->nlo); mem_free(t->nhi);
    asp_solver_free(t->s);
    asp_program_free(t->p);
}

/* Requests a then b on top of level 1: the conflict at level 3. */
static void tiny_conflict(Tiny *t)
{
    lattice_copy(t->L, t->nlo, t->lo);
    lattice_copy(t->L, t->nhi, t->hi);
    put(t->nlo, t->a);
    assert_int_equal(t->f->refine(t->f->ctx, t->nlo, t->nhi, t->nlo, t->nhi), AFT_OK);
    assert_false(t->f->learnt(t->f->ctx));
    put(t->nlo, t->b);
    assert_int_equal(t->f->refine(t->f->ctx, t->nlo, t->nhi, t->nlo, t->nhi), AFT_INVALID);
}

static void test_first_uip_nogood(void **state)
{
    (void)state;
    Tiny t;
    tiny_open(&t, true);
    tiny_conflict(&t);
    assert_true(t.f->learnt(t.f->ctx));
    assert_false(t.f->learnt(t.f->ctx));                 /* reported once */
    const AspProp *p = t.s->prop;
    assert_int_equal(p->nnogoods, 1);
    const uint32_t *ng = p->ng.items + p->last;
    assert_int_equal(ng[0], 2);
    assert_int_equal(ng[1], 2 * t.x);                    /* the UIP first: x true */
    assert_int_equal(ng[2], 2 * (uint32_t)t.s->fatom + 1);   /* then: f false */
    assert_true(t.f->cuts(t.f->ctx, t.lo, t.hi));        /* level 1 holds all but x */
    Word *blo = lattice_elem_new(t.L), *bhi = lattice_elem_new(t.L);
    t.L->ops->bot(t.L, blo);
    t.L->ops->top(t.L, bhi);
    assert_false(t.f->cuts(t.f->ctx, blo, bhi));         /* with f open: two are missing */
    mem_free(blo);
    mem_free(bhi);
    tiny_close(&t);
}

/* Level 1 and a: with the nogood, x is false, so the rule x :- a, b makes b false; without
 * learning b stays open. */
static void test_nogood_propagates(void **state)
{
    (void)state;
    for (int learning = 0; learning < 2; learning++) {
        Tiny t;
        tiny_open(&t, learning);
        tiny_conflict(&t);
        lattice_copy(t.L, t.nlo, t.lo);
        lattice_copy(t.L, t.nhi, t.hi);
        put(t.nlo, t.a);
        assert_int_equal(t.f->refine(t.f->ctx, t.nlo, t.nhi, t.nlo, t.nhi), AFT_OK);
        assert_int_equal(!has(t.nhi, t.x), learning);
        assert_int_equal(!has(t.nhi, t.b), learning);
        tiny_close(&t);
    }
}

/* ---- random programs ---- */

/* With learning on, a walk of nested requests (deeper, or back up to an ancestor) learns
 * nogoods at its conflicts, and every refine still keeps every stable model of its request. */
static void test_learning_refine_sound(void **state)
{
    (void)state;
    Rng rng = { 11 };
    size_t learnt = 0;
    for (int round = 0; round < 150; round++) {
        AspProgram *p = random_program(&rng, 4 + rng_below(&rng, 9), 6, 2);
        AspSolver *s = asp_solver_new(p);
        const Lattice *L = asp_solver_lattice(s);
        const AftFunction *f = asp_solver_function(s);
        size_t n = lattice_name_count(L), w = L->nwords, depth = 0;
        f->learning(f->ctx, true);
        Word *path = mem_alloc(2 * (n + 2) * w * sizeof *path);
        Word *nlo = lattice_elem_new(L), *nhi = lattice_elem_new(L);
        asp_solver_initial(s, path, path + w);
        for (int step = 0; step < 40 && n <= 16; step++) {
            Word *lo = path + 2 * depth * w, *hi = lo + w;
            AftStatus r = f->refine(f->ctx, lo, hi, nlo, nhi);
            check_holds_fixpoints(f, lo, hi, r, nlo, nhi);
            learnt += f->learnt(f->ctx);
            size_t a = rng_below(&rng, n);
            if (r == AFT_OK && depth < n && has(nhi, a) && !has(nlo, a)) {
                Word *clo = hi + w, *chi = clo + w;            /* a child: a decided */
                lattice_copy(L, clo, nlo);
                lattice_copy(L, chi, nhi);
                if (rng_below(&rng, 2)) put(clo, a);
                else chi[a / 64] &= ~((Word)1 << (a % 64));
                depth++;
            } else if (depth) depth = rng_below(&rng, depth);
        }
        f->learning(f->ctx, false);
        mem_free(path); mem_free(nlo); mem_free(nhi);
        asp_solver_free(s);
        asp_program_free(p);
    }
    assert_true(learnt > 50);                            /* the walk does meet conflicts */
}

typedef struct Models { Buf text; size_t n; } Models;

static bool collect(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    (void)p;
    Models *m = ctx;
    for (size_t i = 0; i < n; i++) buf_printf(&m->text, "%u ", (unsigned)atoms[i]);
    buf_putc(&m->text, '\n');
    m->n++;
    return true;
}

static int line_cmp(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The models' lines, sorted, into one string (the caller frees). */
static char *sorted_models(AspProgram *p, bool learn, size_t *learnt)
{
    AspSolver *s = asp_solver_new(p);
    AftOptions ao;
    aft_options_default(&ao);
    ao.split.strategy = SPLIT_FIRST;
    ao.no_learn = !learn;
    AspSolveOptions o = { .max_models = 0, .aft = &ao };
    AspStats st;
    memset(&st, 0, sizeof st);
    Models m;
    buf_init(&m.text);
    m.n = 0;
    assert_int_equal(asp_solve(s, &o, collect, &m, &st), AFT_OK);
    *learnt += st.aft.learnt;
    char **lines = mem_alloc((m.n + 1) * sizeof *lines), *t = (char *)buf_cstr(&m.text);
    for (size_t i = 0; i < m.n; i++) {
        lines[i] = t;
        t = strchr(t, '\n');
        *t++ = 0;
    }
    qsort(lines, m.n, sizeof *lines, line_cmp);
    Buf out;
    buf_init(&out);
    for (size_t i = 0; i < m.n; i++) buf_printf(&out, "%s\n", lines[i]);
    char *text = mem_strdup(buf_cstr(&out));
    mem_free(lines);
    buf_free(&m.text);
    buf_free(&out);
    asp_solver_free(s);
    return text;
}

static void test_same_models_learning_on_off(void **state)
{
    (void)state;
    Rng rng = { 5 };
    size_t learnt = 0, ignored = 0;
    for (int round = 0; round < 150; round++) {
        AspProgram *p = random_program(&rng, 6 + rng_below(&rng, 30), 6, 2);
        char *on = sorted_models(p, true, &learnt), *off = sorted_models(p, false, &ignored);
        assert_string_equal(on, off);
        assert_int_equal(ignored, 0);
        mem_free(on);
        mem_free(off);
        asp_program_free(p);
    }
    assert_true(learnt > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_uip_nogood),
        cmocka_unit_test(test_nogood_propagates),
        cmocka_unit_test(test_learning_refine_sound),
        cmocka_unit_test(test_same_models_learning_on_off),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
