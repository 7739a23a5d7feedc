/* test_asp_options.c: unit tests of the rules `fix asp` takes from clingo's command line:
 * each option given once whatever its spelling (app/asp_once.c), clasp's options recognised
 * with the value each takes, and their values checked as clasp checks them (app/asp_clasp.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "app/asp_clasp.h"
#include "app/asp_once.h"

/* Is the second argument refused after the first? */
static bool twice(const char *first, const char *second)
{
    AspOnce once = { 0 };
    assert_true(asp_once_record(&once, first));
    bool again = !asp_once_record(&once, second);
    asp_once_free(&once);
    return again;
}

static void test_one_option_in_every_spelling(void **state)
{
    (void)state;
    assert_true(twice("-n", "--models=3"));
    assert_true(twice("-n0", "--models"));
    assert_true(twice("--models", "--models"));     /* a bare count is recorded so */
    assert_true(twice("-q", "--quiet=1,0"));
    assert_true(twice("-q1", "-q"));
    assert_true(twice("-t", "--jobs"));
    assert_true(twice("--parallel-mode=2", "-t2"));
    assert_true(twice("--timeout", "--time-limit=3"));
    assert_true(twice("-e", "--enum-mode=brave"));
    assert_true(twice("--stats", "--stats=2"));
    assert_true(twice("-V0", "--verbose=1"));
    assert_true(twice("--opt-mode=opt", "--opt-mode=optN"));
}

static void test_repeatable_and_distinct(void **state)
{
    (void)state;
    assert_false(twice("-c", "--const=n=3"));       /* each one more constant */
    assert_false(twice("-cn=3", "-c"));
    assert_false(twice("-W", "--warn=none"));
    assert_false(twice("--opt-mode=opt", "--opt-strategy=usc"));
    assert_false(twice("--models", "--mode=clasp"));
    assert_false(twice("--init-moms", "--no-init-moms"));
    assert_false(twice("--json", "--outf=2"));
}

static void test_clasp_options_and_their_values(void **state)
{
    (void)state;
    assert_true(asp_clasp_search_option("--seed=3"));
    assert_false(asp_clasp_search_option("--seed"));        /* takes a value */
    assert_true(asp_clasp_search_option("--lookahead"));    /* takes one or none */
    assert_true(asp_clasp_search_option("--lookahead=atom"));
    assert_false(asp_clasp_search_option("--no-init-moms=1")); /* takes none */
    assert_true(asp_clasp_preprocessing_option("--sat-prepro"));
    assert_true(asp_clasp_value_is_input("--seed=prog.lp"));
    assert_false(asp_clasp_value_is_input("--seed=3"));
}

static void test_values_as_clasp_reads_them(void **state)
{
    (void)state;
    assert_true(asp_clasp_value_fits("--seed=-1"));           /* clasp's -1 */
    assert_false(asp_clasp_value_fits("--seed=-7"));
    assert_true(asp_clasp_value_fits("--seed=+3"));
    assert_true(asp_clasp_value_fits("--seed=4294967295"));
    assert_false(asp_clasp_value_fits("--seed=4294967296"));
    assert_true(asp_clasp_value_fits("--del-on-restart=100"));
    assert_false(asp_clasp_value_fits("--del-on-restart=101"));
    assert_false(asp_clasp_value_fits("--seed=abc"));
    assert_false(asp_clasp_value_fits("--seed=3x"));
    assert_false(asp_clasp_value_fits("--seed=99999999999"));
    assert_false(asp_clasp_value_fits("--seed="));
    assert_true(asp_clasp_value_fits("--rand-freq=.5"));
    assert_true(asp_clasp_value_fits("--rand-freq=no"));
    assert_false(asp_clasp_value_fits("--rand-freq=2"));
    assert_true(asp_clasp_value_fits("--sign-def=POS"));          /* any case */
    assert_false(asp_clasp_value_fits("--sign-def=pos,1"));
    assert_false(asp_clasp_value_fits("--sign-def=1"));
    assert_true(asp_clasp_value_fits("--opt-heuristic=sign,model"));
    assert_false(asp_clasp_value_fits("--opt-heuristic=sign,x"));
    assert_false(asp_clasp_value_fits("--opt-heuristic=sign,"));
    assert_true(asp_clasp_value_fits("--trans-ext=dynamic"));
    assert_false(asp_clasp_value_fits("--eq=x"));
    assert_true(asp_clasp_value_fits("--del-max=100,2"));         /* a form not checked */
    assert_true(asp_clasp_value_fits("--lookahead"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_option_in_every_spelling),
        cmocka_unit_test(test_repeatable_and_distinct),
        cmocka_unit_test(test_clasp_options_and_their_values),
        cmocka_unit_test(test_values_as_clasp_reads_them),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
