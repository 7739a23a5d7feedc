/* test_asp_clingo.c: unit tests of the parser of clingo's text output (proc/clingo.c): answers
 * as arrays of atom numbers, costs per model, the result line, a last line cut short, and
 * output that is not an answer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "proc/clingo.h"

static bool parse(const char *text, ClingoAnswer *a, Buf *err)
{
    clingo_answer_init(a);
    buf_init(err);
    return proc_clingo_parse(text, strlen(text), a, err);
}

static void test_answers(void **state)
{
    (void)state;
    ClingoAnswer a;
    Buf err;
    assert_true(parse("clingo version 5.4.1\nReading from stdin\nSolving...\nAnswer: 1\n3 0 17\n"
                      "Answer: 2\n\nSATISFIABLE\n\nModels       : 2\nCalls        : 1\n", &a, &err));
    assert_int_equal(clingo_answer_models(&a), 2);
    size_t n;
    const uint32_t *x = clingo_answer_atoms(&a, 0, &n);
    assert_int_equal(n, 3);
    assert_int_equal(x[0], 3);
    assert_int_equal(x[1], 0);
    assert_int_equal(x[2], 17);
    clingo_answer_atoms(&a, 1, &n);
    assert_int_equal(n, 0);
    assert_int_equal(a.result, CLINGO_SAT);
    assert_int_equal(a.ncosts, 0);
    clingo_answer_free(&a);
    buf_free(&err);
}

/* Only empty models: no atoms, at a pointer that is not NULL (callers take slices of it; it
 * was NULL, and `NULL + 0` is undefined, which clang's UBSan reports). */
static void test_only_empty_models(void **state)
{
    (void)state;
    ClingoAnswer a;
    Buf err;
    assert_true(parse("Answer: 1\n\nSATISFIABLE\n", &a, &err));
    assert_int_equal(clingo_answer_models(&a), 1);
    size_t n = 1;
    assert_non_null(clingo_answer_atoms(&a, 0, &n));
    assert_int_equal(n, 0);
    clingo_answer_free(&a);
    buf_free(&err);
}

static void test_costs_and_optimum(void **state)
{
    (void)state;
    ClingoAnswer a;
    Buf err;
    assert_true(parse("Answer: 1\n2\nOptimization: 1 -2\nAnswer: 2\n1\nOptimization: 0 5\n"
                      "OPTIMUM FOUND\n\nModels       : 2\n  Optimum    : yes\n"
                      "Optimization : 0 5\n", &a, &err));
    assert_int_equal(clingo_answer_models(&a), 2);
    assert_int_equal(a.ncosts, 2);
    assert_int_equal(clingo_answer_costs(&a, 0)[1], -2);
    assert_int_equal(clingo_answer_costs(&a, 1)[0], 0);
    assert_int_equal(a.result, CLINGO_OPTIMUM);
    clingo_answer_free(&a);
    buf_free(&err);
}

static void test_cut_short(void **state)
{
    (void)state;
    ClingoAnswer a;
    Buf err;
    /* killed while printing: the last answer line has no end, so it is not an answer */
    assert_true(parse("Answer: 1\n4 5\nAnswer: 2\n4 ", &a, &err));
    assert_int_equal(clingo_answer_models(&a), 1);
    clingo_answer_free(&a);
    /* a model whose costs did not come is dropped when the others have costs */
    assert_true(parse("Answer: 1\n4\nOptimization: 3\nAnswer: 2\n5\n", &a, &err));
    assert_int_equal(clingo_answer_models(&a), 1);
    clingo_answer_free(&a);
    buf_free(&err);
}

static void test_not_an_answer(void **state)
{
    (void)state;
    ClingoAnswer a;
    Buf err;
    assert_false(parse("Answer: 1\np(1) q\n", &a, &err));
    assert_non_null(strstr(buf_cstr(&err), "not a list of atoms"));
    clingo_answer_free(&a);
    buf_free(&err);
    assert_false(parse("Optimization: 1\n", &a, &err));
    clingo_answer_free(&a);
    buf_free(&err);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_answers),
        cmocka_unit_test(test_only_empty_models),
        cmocka_unit_test(test_costs_and_optimum),
        cmocka_unit_test(test_cut_short),
        cmocka_unit_test(test_not_an_answer),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
