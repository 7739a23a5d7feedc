/* test_cmdline.c: unit tests of app/cmdline.c's command line made uniform: "--NAME=VALUE" of
 * an option read as two words is split, "--NAME VALUE" of one read as one word is joined, and
 * nothing else moves: other options, operands, a value joined to an option of neither list,
 * everything after "--", and an option of the joined list given last with no value. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "app/cmdline.h"

static const char *const spaced[] = { "--timeout", "--const", "--solver", NULL };
static const char *const joined[] = { "--outf", "--mode", NULL };

/* The words of `in` (n of them) made uniform, checked against `want` (NULL-terminated). */
static void expect(const char *const *in, int n, const char *const *want)
{
    char *argv[16];
    for (int i = 0; i < n; i++) argv[i] = (char *)in[i];
    CmdlineWords w;
    cmdline_words_make(&w, n, argv, spaced, joined);
    int k = 0;
    while (want[k]) k++;
    assert_int_equal(w.argc, k);
    for (int i = 0; i < k; i++) assert_string_equal(w.argv[i], want[i]);
    assert_null(w.argv[k]);
    cmdline_words_free(&w);
}

static void test_spaced_option_split(void **state)
{
    (void)state;
    const char *in[] = { "fix", "--timeout=5", "x.lp", "--const=n=3" };
    const char *want[] = { "fix", "--timeout", "5", "x.lp", "--const", "n=3", NULL };
    expect(in, 4, want);
}

static void test_joined_option_joined(void **state)
{
    (void)state;
    const char *in[] = { "fix", "--outf", "2", "--mode", "clasp", "0" };
    const char *want[] = { "fix", "--outf=2", "--mode=clasp", "0", NULL };
    expect(in, 6, want);
}

static void test_others_unchanged(void **state)
{
    (void)state;
    const char *in[] = { "fix", "--timeout", "5", "--outf=1", "--stats=2", "--solverx=1", "-",
                         "--quiet" };
    const char *want[] = { "fix", "--timeout", "5", "--outf=1", "--stats=2", "--solverx=1", "-",
                           "--quiet", NULL };
    expect(in, 8, want);
}

static void test_after_double_dash_untouched(void **state)
{
    (void)state;
    const char *in[] = { "fix", "--solver=native", "--", "--timeout=5", "--outf", "2" };
    const char *want[] = { "fix", "--solver", "native", "--", "--timeout=5", "--outf", "2", NULL };
    expect(in, 6, want);
}

static void test_joined_option_last_kept(void **state)
{
    (void)state;
    const char *in[] = { "fix", "x.lp", "--outf" };
    const char *want[] = { "fix", "x.lp", "--outf", NULL };
    expect(in, 3, want);
}

static void test_empty_value(void **state)
{
    (void)state;
    const char *in[] = { "fix", "--solver=", "--outf", "" };
    const char *want[] = { "fix", "--solver", "", "--outf=", NULL };
    expect(in, 4, want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spaced_option_split),
        cmocka_unit_test(test_joined_option_joined),
        cmocka_unit_test(test_others_unchanged),
        cmocka_unit_test(test_after_double_dash_untouched),
        cmocka_unit_test(test_joined_option_last_kept),
        cmocka_unit_test(test_empty_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
