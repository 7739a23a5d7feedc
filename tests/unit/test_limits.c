/* test_limits.c: unit tests of util/limits.c on a clock the test moves by hand, so that no
 * verdict depends on the machine's speed or load: a poll sees the deadline as soon as the
 * clock has passed it, however few polls came before and however long each took (a check
 * whose every poll follows an evaluation on a 4096-key map stopped about 13 times late when
 * the clock was read every 256 polls); the signal flag is seen at once; without a timeout or a
 * memory limit the clock is never read. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "util/limits.h"

/* The test's clock: its time, and how often it was read. */
static double fake_now;
static unsigned long fake_reads;

static double fake_clock(void)
{
    fake_reads++;
    return fake_now;
}

/* Limits of timeout_s seconds from fake time 100, on the fake clock. */
static void start(Limits *l, double timeout_s, volatile sig_atomic_t *flag)
{
    limits_start(l, 0, 0, flag);
    l->clock = fake_clock;
    fake_now = 100;
    fake_reads = 0;
    l->deadline = timeout_s > 0 ? fake_now + timeout_s : 0;
}

static void test_deadline_seen_by_next_poll(void **state)
{
    (void)state;
    Limits l;
    start(&l, 0.5, NULL);
    for (int i = 0; i < 10000; i++) assert_null(limits_poll(&l));
    fake_now = 100.5;                             /* the deadline: the very next poll stops */
    assert_string_equal(limits_poll(&l), "timeout");
    assert_string_equal(limits_poll(&l), "timeout");   /* and every later one */
    assert_string_equal(l.hit, "timeout");
}

static void test_expensive_polls(void **state)
{
    (void)state;
    Limits l;
    start(&l, 0.5, NULL);
    /* each poll comes 25 ms after the one before (an evaluation between them): the run
     * stops at the first poll past 0.5 s, the 21st, not after 256 polls (6.4 s) */
    int polls = 0;
    while (!limits_poll(&l) && polls < 1000) {
        polls++;
        fake_now += 0.025;
    }
    assert_int_equal(polls, 20);
    assert_true(fake_now - 100 <= 0.5 + 0.025 + 1e-9);
}

static void test_first_poll_after_start(void **state)
{
    (void)state;
    Limits l;
    start(&l, 0.5, NULL);
    fake_now = 101;                               /* one poll, a second late */
    assert_string_equal(limits_poll(&l), "timeout");
}

static void test_interrupt_at_once(void **state)
{
    (void)state;
    volatile sig_atomic_t flag = 0;
    Limits l;
    start(&l, 0, &flag);
    assert_null(limits_poll(&l));
    flag = SIGTERM;                               /* any of the stop signals */
    assert_string_equal(limits_poll(&l), "interrupt");
    assert_string_equal(limits_check_now(&l, 0), "interrupt");
}

static void test_no_limit_reads_no_clock(void **state)
{
    (void)state;
    Limits l;
    start(&l, 0, NULL);
    for (int i = 0; i < 100000; i++) assert_null(limits_poll(&l));
    assert_int_equal(fake_reads, 0);
    assert_null(limits_poll(NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deadline_seen_by_next_poll),
        cmocka_unit_test(test_expensive_polls),
        cmocka_unit_test(test_first_poll_after_start),
        cmocka_unit_test(test_interrupt_at_once),
        cmocka_unit_test(test_no_limit_reads_no_clock),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
