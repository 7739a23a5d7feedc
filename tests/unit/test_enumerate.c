/* test_enumerate.c: unit tests of every model's search (src/asp/enumerate.c on threads): a
 * program with few models that is hard to search is searched once, whole, the models kept
 * before its checkpoint given out then, and a caller that stops among them stops the search;
 * a search goes on learning after its models (src/aft/inplace.c); a caller that only counts
 * the models (-q) gets as many, none of their atoms. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "asp/asp.h"
#include "util/mem.h"
#include "asp_fixture.h"

enum { PIGEONS = 8, HOLES = 7 };

/* { tight }.  free :- not tight.  { c(1..3) } :- free.  Unless free, eight pigeons in seven
 * holes (no way).  Eight models, all with free (a choice's atom is tried out first, so free's
 * half comes first); the search needs thousands of conflicts to show that without free
 * there is none. */
static AspProgram *pigeons_or_free(void)
{
    AspProgram *p = asp_program_new();
    char name[32];
    AspAtom in[PIGEONS][HOLES + 1];
    for (int i = 0; i < PIGEONS; i++)
        for (int h = 0; h < HOLES; h++) {
            snprintf(name, sizeof name, "in(%d,%d)", i + 1, h + 1);
            in[i][h] = asp_atom(p, name);
        }
    AspAtom free_ = asp_atom(p, "free"), tight = asp_atom(p, "tight"), c[3];
    for (int k = 0; k < 3; k++) {
        snprintf(name, sizeof name, "c(%d)", k + 1);
        c[k] = asp_atom(p, name);
    }
    assert_true(asp_add_rule(p, ASP_CHOICE, &tight, 1, NULL, 0, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_NORMAL, &free_, 1, NULL, 0, &tight, 1, NULL));
    assert_true(asp_add_rule(p, ASP_CHOICE, c, 3, &free_, 1, NULL, 0, NULL));
    for (int i = 0; i < PIGEONS; i++) {
        assert_true(asp_add_rule(p, ASP_CHOICE, in[i], HOLES, NULL, 0, &free_, 1, NULL));
        in[i][HOLES] = free_;             /* :- not in(i,1), ..., not in(i,7), not free. */
        assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, NULL, 0, in[i], HOLES + 1, NULL));
    }
    for (int h = 0; h < HOLES; h++)
        for (int i = 0; i < PIGEONS; i++)
            for (int j = i + 1; j < PIGEONS; j++) {
                AspAtom two[2] = { in[i][h], in[j][h] };
                assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, two, 2, NULL, 0, NULL));
            }
    return p;
}

/* The models as text, one line each; the caller stops after `stop_after` (0: never). */
typedef NamedModels Models;

static AftStatus every_model(const AspProgram *p, unsigned jobs, Models *m, AspStats *st)
{
    AspSolver *s = asp_solver_new(p);
    AspSolveOptions o = { .jobs = jobs };
    memset(st, 0, sizeof *st);
    named_models_init(m, m->stop_after);
    AftStatus r = asp_solve(s, &o, collect_named, m, st);
    asp_solver_free(s);
    return r;
}

/* On two threads the enumeration is the one search of the whole program: the same models in
 * the same order and the same conflicts as that search (the checkpoint was passed: the search
 * went on, it did not begin again). */
static void test_past_the_checkpoint_one_search(void **state)
{
    (void)state;
    AspProgram *p = pigeons_or_free();
    Models whole = { .stop_after = 0 }, threads = { .stop_after = 0 };
    AspStats sw, st;
    assert_int_equal(every_model(p, 0, &whole, &sw), AFT_OK);
    assert_int_equal(every_model(p, 2, &threads, &st), AFT_OK);
    assert_int_equal(whole.n, 8);
    assert_true(sw.complete && st.complete);
    assert_int_equal(st.models, 8);
    assert_true(sw.aft.conflicts > 2000);             /* past enumerate.c's checkpoint */
    assert_int_equal(st.aft.conflicts, sw.aft.conflicts);
    assert_string_equal(buf_cstr(&threads.text), buf_cstr(&whole.text));
    buf_free(&whole.text);
    buf_free(&threads.text);
    asp_program_free(p);
}

/* A caller that takes one model stops the search there, told as enough, not as a limit
 * (here every model is found before the checkpoint: the caller stops among the kept ones). */
static void test_caller_stops(void **state)
{
    (void)state;
    AspProgram *p = pigeons_or_free();
    Models whole = { .stop_after = 0 }, one = { .stop_after = 1 };
    AspStats sw, st;
    assert_int_equal(every_model(p, 0, &whole, &sw), AFT_OK);
    assert_int_equal(every_model(p, 2, &one, &st), AFT_OK);
    assert_int_equal(one.n, 1);
    assert_int_equal(st.models, 1);
    assert_false(st.complete);
    assert_non_null(st.aft.stopped_by);
    assert_string_equal(st.aft.stopped_by, "enough");
    assert_true(st.aft.conflicts < sw.aft.conflicts);
    const char *first = buf_cstr(&whole.text);
    assert_int_equal(strncmp(buf_cstr(&one.text), first, strcspn(first, "\n") + 1), 0);
    buf_free(&whole.text);
    buf_free(&one.text);
    asp_program_free(p);
}

/* The models with the conflicts spent when the first came (a budget without a limit). */
typedef struct Timed { Models m; const AftWork *work; size_t at_first; } Timed;

static bool collect_timed(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    Timed *t = ctx;
    if (!t->m.n) t->at_first = t->work->spent;
    return collect_named(&t->m, p, atoms, n);
}

/* One search without threads goes on learning after a model: here every model comes first,
 * then the pigeons are refuted with nogoods learnt (without them: 7! = 5 040 conflicts). */
static void test_learns_past_a_model(void **state)
{
    (void)state;
    AspProgram *p = pigeons_or_free();
    AspSolver *s = asp_solver_new(p);
    AftOptions a;
    aft_options_default(&a);
    a.split.strategy = SPLIT_FIRST;
    AftWork work = { 0 };
    a.work = &work;
    AspSolveOptions o = { .aft = &a };
    Timed t = { .work = &work };
    named_models_init(&t.m, 0);
    AspStats st;
    memset(&st, 0, sizeof st);
    assert_int_equal(asp_solve(s, &o, collect_timed, &t, &st), AFT_OK);
    assert_int_equal(t.m.n, 8);
    assert_true(st.complete);
    assert_true(t.at_first < 100);                  /* the models came before the refutation */
    assert_true(st.aft.learnt > 1000);
    assert_true(st.aft.conflicts < 5040);
    buf_free(&t.m.text);
    asp_solver_free(s);
    asp_program_free(p);
}

/* Five pigeons in eight holes, one a hole unless free: 8^5 + 8!/3! = 39 488 models, and
 * enough open atoms for the cubes (cube.h splits it). */
enum { P5 = 5, H8 = 8 };
static AspProgram *five_pigeons_or_free(void)
{
    AspProgram *p = asp_program_new();
    char name[32];
    AspAtom in[P5][H8], free_ = asp_atom(p, "free");
    assert_true(asp_add_rule(p, ASP_CHOICE, &free_, 1, NULL, 0, NULL, 0, NULL));
    for (int i = 0; i < P5; i++) {
        for (int h = 0; h < H8; h++) {
            snprintf(name, sizeof name, "in(%d,%d)", i + 1, h + 1);
            in[i][h] = asp_atom(p, name);
        }
        assert_true(asp_add_rule(p, ASP_CHOICE, in[i], H8, NULL, 0, NULL, 0, NULL));
        assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, NULL, 0, in[i], H8, NULL));
        for (int h = 0; h < H8; h++)            /* at most one hole a pigeon */
            for (int g = h + 1; g < H8; g++) {
                AspAtom two[2] = { in[i][h], in[i][g] };
                assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, two, 2, NULL, 0, NULL));
            }
    }
    for (int h = 0; h < H8; h++)
        for (int i = 0; i < P5; i++)
            for (int j = i + 1; j < P5; j++) {
                AspAtom two[2] = { in[i][h], in[j][h] };
                assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, two, 2, &free_, 1, NULL));
            }
    return p;
}

/* The models counted and the most atoms one of them was given with. */
typedef struct Counted { size_t n, most; } Counted;

static bool count_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    (void)p;
    (void)atoms;
    Counted *c = ctx;
    c->n++;
    if (n > c->most) c->most = n;
    return true;
}

static size_t counted_models(const AspProgram *p, unsigned jobs, bool count_only, size_t *most)
{
    AspSolver *s = asp_solver_new(p);
    AspSolveOptions o = { .jobs = jobs, .count_only = count_only };
    AspStats st;
    memset(&st, 0, sizeof st);
    Counted c = { 0, 0 };
    assert_int_equal(asp_solve(s, &o, count_model, &c, &st), AFT_OK);
    assert_true(st.complete);
    assert_int_equal(st.models, c.n);
    assert_true(jobs == 0 || st.cubes > 0);
    asp_solver_free(s);
    *most = c.most;
    return c.n;
}

/* count_only (fix asp -q): as many models, whole or in cubes on one or two threads, each given
 * with no atom (the search lists none); without it a model has up to six atoms. */
static void test_count_only(void **state)
{
    (void)state;
    AspProgram *p = five_pigeons_or_free();
    size_t most;
    assert_int_equal(counted_models(p, 1, false, &most), 39488);
    assert_int_equal(most, P5 + 1);
    for (unsigned jobs = 0; jobs <= 2; jobs++) {
        assert_int_equal(counted_models(p, jobs, true, &most), 39488);
        assert_int_equal(most, 0);
    }
    asp_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_past_the_checkpoint_one_search),
        cmocka_unit_test(test_caller_stops),
        cmocka_unit_test(test_learns_past_a_model),
        cmocka_unit_test(test_count_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
