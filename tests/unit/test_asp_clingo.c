/* test_asp_clingo.c: unit tests of the parser of clingo's text output (proc/clingo.c): answers
 * as arrays of atom numbers handed on one by one, costs per model, the result line, a last
 * line cut short, a caller that wants no more, and output that is not an answer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "proc/clingo.h"

/* What the parser handed on: the models' atoms one after another, where each model starts,
 * and with costs, each model's costs; stop_after > 0 ends the run after that many. */
typedef struct Seen {
    uint32_t atoms[64];
    size_t start[16];
    int64_t costs[32];
    size_t models, natoms, ncosts, stop_after;
} Seen;

static bool see(void *ctx, const uint32_t *atoms, size_t n, const int64_t *costs)
{
    Seen *s = ctx;
    assert_non_null(atoms);       /* an empty model too (callers take slices of it) */
    s->start[s->models++] = s->natoms;
    for (size_t i = 0; i < n; i++) s->atoms[s->natoms++] = atoms[i];
    s->start[s->models] = s->natoms;
    for (size_t i = 0; costs && i < 2; i++) s->costs[s->ncosts++] = costs[i];
    return !s->stop_after || s->models < s->stop_after;
}

static bool parse_levels(const char *text, size_t levels, Seen *seen, ClingoAnswer *a, Buf *err)
{
    ClingoCall call = { .levels = levels, .on_model = see, .ctx = seen };
    memset(a, 0, sizeof *a);
    buf_init(err);
    return proc_clingo_parse(text, strlen(text), &call, a, err);
}

static bool parse(const char *text, Seen *seen, ClingoAnswer *a, Buf *err)
{
    return parse_levels(text, 0, seen, a, err);
}

static void test_answers(void **state)
{
    (void)state;
    ClingoAnswer a;
    Buf err;
    Seen s = { 0 };
    assert_true(parse("clingo version 5.4.1\nReading from stdin\nSolving...\nAnswer: 1\n3 0 17\n"
                      "Answer: 2\n\nSATISFIABLE\n\nModels       : 2\nCalls        : 1\n", &s, &a,
                      &err));
    assert_int_equal(s.models, 2);
    assert_int_equal(a.models, 2);
    assert_int_equal(s.start[1], 3);
    assert_int_equal(s.atoms[0], 3);
    assert_int_equal(s.atoms[1], 0);
    assert_int_equal(s.atoms[2], 17);
    assert_int_equal(s.start[2] - s.start[1], 0);
    assert_int_equal(a.result, CLINGO_SAT);
    assert_int_equal(s.ncosts, 0);
    buf_free(&err);
}

/* Only empty models: no atoms, at a pointer that is not NULL (`NULL + 0` is undefined). */
static void test_only_empty_models(void **state)
{
    (void)state;
    ClingoAnswer a;
    Buf err;
    Seen s = { 0 };
    assert_true(parse("Answer: 1\n\nSATISFIABLE\n", &s, &a, &err));
    assert_int_equal(s.models, 1);
    assert_int_equal(s.natoms, 0);
    buf_free(&err);
}

static void test_costs_and_optimum(void **state)
{
    (void)state;
    ClingoAnswer a;
    Buf err;
    Seen s = { 0 };
    assert_true(parse_levels("Answer: 1\n2\nOptimization: 1 -2\nAnswer: 2\n1\nOptimization: 0 5\n"
                             "OPTIMUM FOUND\n\nModels       : 2\n  Optimum    : yes\n"
                             "Optimization : 0 5\n", 2, &s, &a, &err));
    assert_int_equal(s.models, 2);
    assert_int_equal(s.ncosts, 4);
    assert_int_equal(s.costs[1], -2);
    assert_int_equal(s.costs[2], 0);
    assert_int_equal(s.costs[3], 5);
    assert_int_equal(a.result, CLINGO_OPTIMUM);
    buf_free(&err);
    /* costs of another number of levels than the program's */
    Seen t = { 0 };
    assert_false(parse_levels("Answer: 1\n2\nOptimization: 1 -2\n", 1, &t, &a, &err));
    assert_non_null(strstr(buf_cstr(&err), "costs of 2 levels"));
    buf_free(&err);
    /* without levels asked for, Optimization lines are not read: each model goes on at once */
    Seen u = { 0 };
    assert_true(parse("Answer: 1\n2\nOptimization: 1 -2\n", &u, &a, &err));
    assert_int_equal(u.models, 1);
    assert_int_equal(u.ncosts, 0);
    buf_free(&err);
}

static void test_cut_short(void **state)
{
    (void)state;
    ClingoAnswer a;
    Buf err;
    /* killed while printing: the last answer line has no end, so it is not an answer */
    Seen s = { 0 };
    assert_true(parse("Answer: 1\n4 5\nAnswer: 2\n4 ", &s, &a, &err));
    assert_int_equal(s.models, 1);
    buf_free(&err);
    /* a model whose costs did not come is not handed on */
    Seen t = { 0 };
    assert_true(parse_levels("Answer: 1\n4\nOptimization: 3\nAnswer: 2\n5\n", 1, &t, &a, &err));
    assert_int_equal(t.models, 1);
    buf_free(&err);
    Seen u = { 0 };
    assert_true(parse_levels("Answer: 1\n4\nAnswer: 2\n5\nOptimization: 3\n", 1, &u, &a, &err));
    assert_int_equal(u.models, 1);
    assert_int_equal(u.atoms[0], 5);
    buf_free(&err);
}

/* The caller ends the run: nothing after that model is read, and the answer says so. */
static void test_caller_ends(void **state)
{
    (void)state;
    ClingoAnswer a;
    Buf err;
    Seen s = { .stop_after = 2 };
    assert_true(parse("Answer: 1\n1\nAnswer: 2\n2\nAnswer: 3\n3\nSATISFIABLE\n", &s, &a, &err));
    assert_int_equal(s.models, 2);
    assert_true(a.cut);
    assert_int_equal(a.result, CLINGO_UNKNOWN);
    buf_free(&err);
}

static void test_not_an_answer(void **state)
{
    (void)state;
    ClingoAnswer a;
    Buf err;
    Seen s = { 0 };
    assert_false(parse("Answer: 1\np(1) q\n", &s, &a, &err));
    assert_non_null(strstr(buf_cstr(&err), "not a list of atoms"));
    buf_free(&err);
    assert_false(parse_levels("Optimization: 1\n", 1, &s, &a, &err));
    assert_int_equal(s.models, 0);
    buf_free(&err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_answers),
        cmocka_unit_test(test_only_empty_models),
        cmocka_unit_test(test_costs_and_optimum),
        cmocka_unit_test(test_cut_short),
        cmocka_unit_test(test_caller_ends),
        cmocka_unit_test(test_not_an_answer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
