/* test_workpool.c: unit tests of util/workpool.h: every task runs once, results are taken in
 * index order whatever the number of workers, an early stop starts no later task, the window
 * bounds how far tasks run ahead, grains of several tasks keep all that, and jobs == 1 runs on the caller in order;
 * the results' turn lets tasks give out their own results in index order while they run. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "util/workpool.h"

enum { TASKS = 200, MAX_WORKERS = 8 };

typedef struct Log {
    size_t result[TASKS];
    int runs[TASKS];             /* how often task i ran */
    size_t taken[TASKS];         /* indices in the order done saw them */
    size_t ntaken;
    size_t stop_after;           /* done returns false at this index */
    unsigned max_worker;
    size_t window, grain;
    int window_broken;
} Log;

static void square_task(void *ctx, size_t i, unsigned worker)
{
    Log *log = ctx;
    volatile size_t spin = 0;
    for (size_t k = 0; k < (i % 7) * 1000; k++) spin += k;   /* uneven task lengths */
    log->result[i] = i * i;
    __atomic_fetch_add(&log->runs[i], 1, __ATOMIC_RELAXED);
    unsigned seen = __atomic_load_n(&log->max_worker, __ATOMIC_RELAXED);
    while (worker > seen && !__atomic_compare_exchange_n(&log->max_worker, &seen, worker, false,
                                                          __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {}
    size_t taken = __atomic_load_n(&log->ntaken, __ATOMIC_ACQUIRE);
    if (log->window && i >= taken + log->window) __atomic_store_n(&log->window_broken, 1, __ATOMIC_RELAXED);
}

static bool take(void *ctx, size_t i)
{
    Log *log = ctx;
    assert_int_equal(log->result[i], i * i);
    log->taken[log->ntaken] = i;
    __atomic_store_n(&log->ntaken, log->ntaken + 1, __ATOMIC_RELEASE);
    return i + 1 != log->stop_after;
}

static void run_with(unsigned jobs, Log *log, size_t count)
{
    WorkPool pool = { .jobs = jobs, .task = square_task, .done = take, .ctx = log,
                      .window = log->window, .grain = log->grain };
    size_t n = workpool_run(&pool, count);
    size_t want = log->stop_after ? log->stop_after : count;
    assert_int_equal(n, want);
    assert_int_equal(log->ntaken, want);
    for (size_t i = 0; i < want; i++) assert_int_equal(log->taken[i], i);
}

static void test_every_task_once_in_order(void **state)
{
    (void)state;
    for (unsigned jobs = 1; jobs <= MAX_WORKERS; jobs++) {
        Log log = { 0 };
        run_with(jobs, &log, TASKS);
        for (size_t i = 0; i < TASKS; i++) assert_int_equal(log.runs[i], 1);
        assert_true(log.max_worker < jobs);
    }
}

static void test_sequential_is_caller(void **state)
{
    (void)state;
    Log log = { 0 };
    run_with(1, &log, TASKS);
    assert_int_equal(log.max_worker, 0);
}

static void test_early_stop(void **state)
{
    (void)state;
    for (unsigned jobs = 1; jobs <= 4; jobs++) {
        Log log = { .stop_after = 17 };
        run_with(jobs, &log, TASKS);
        for (size_t i = 0; i < 17; i++) assert_int_equal(log.runs[i], 1);
        if (jobs == 1)
            for (size_t i = 17; i < TASKS; i++) assert_int_equal(log.runs[i], 0);
    }
}

static void test_window(void **state)
{
    (void)state;
    for (unsigned jobs = 2; jobs <= 4; jobs++) {
        Log log = { .window = 3 };
        run_with(jobs, &log, TASKS);
        assert_int_equal(log.window_broken, 0);
    }
}

/* Grains of consecutive tasks: every task once, taken in order, within the window, with an
 * early stop; a grain wider than the window is narrowed to it. */
static void test_grain(void **state)
{
    (void)state;
    for (unsigned jobs = 1; jobs <= 4; jobs++) {
        for (size_t grain = 2; grain <= 9; grain += 7) {
            Log log = { .grain = grain, .window = 4 * grain };
            run_with(jobs, &log, TASKS);
            for (size_t i = 0; i < TASKS; i++) assert_int_equal(log.runs[i], 1);
            assert_int_equal(log.window_broken, 0);
            Log narrow = { .grain = 16, .window = 5 };
            run_with(jobs, &narrow, TASKS);
            assert_int_equal(narrow.window_broken, 0);
            Log stop = { .grain = grain, .window = 3 * grain, .stop_after = 23 };
            run_with(jobs, &stop, TASKS);
            for (size_t i = 0; i < 23; i++) assert_int_equal(stop.runs[i], 1);
        }
    }
}

static void test_no_done_and_empty(void **state)
{
    (void)state;
    Log log = { 0 };
    WorkPool pool = { .jobs = 3, .task = square_task, .ctx = &log };
    assert_int_equal(workpool_run(&pool, TASKS), TASKS);
    for (size_t i = 0; i < TASKS; i++) assert_int_equal(log.runs[i], 1);
    assert_int_equal(workpool_run(&pool, 0), 0);
    assert_true(workpool_cpus() >= 1);
}


/* The turn: each task makes ITEMS results; it gives them out itself once it has the turn,
 * keeps them before that, and (odd tasks) waits for the turn after two; done gives out what
 * a task kept.  The results come out 0, 1, 2, ... for every N; a stop lets the waiting go. */
enum { ITEMS = 5 };

typedef struct Turned {
    WorkTurn turn;
    size_t out[TASKS * ITEMS];
    size_t nout;
    size_t kept[TASKS][ITEMS];
    size_t nkept[TASKS];
    size_t stop_after;
    int waits_refused;
} Turned;

static void turned_task(void *ctx, size_t i, unsigned worker)
{
    (void)worker;
    Turned *t = ctx;
    for (size_t k = 0; k < ITEMS; k++) {
        size_t item = i * ITEMS + k;
        if (k == 2 && i % 2 && !workpool_turn_wait(&t->turn, i)) {
            __atomic_fetch_add(&t->waits_refused, 1, __ATOMIC_RELAXED);
            return;
        }
        if (workpool_turn_is(&t->turn, i)) {
            for (size_t m = 0; m < t->nkept[i]; m++) t->out[t->nout++] = t->kept[i][m];
            t->nkept[i] = 0;
            t->out[t->nout++] = item;
        } else t->kept[i][t->nkept[i]++] = item;
    }
}

static bool turned_done(void *ctx, size_t i)
{
    Turned *t = ctx;
    for (size_t m = 0; m < t->nkept[i]; m++) t->out[t->nout++] = t->kept[i][m];
    t->nkept[i] = 0;
    return i + 1 != t->stop_after;
}

static void test_turn(void **state)
{
    (void)state;
    for (unsigned jobs = 1; jobs <= MAX_WORKERS; jobs++) {
        static Turned t;
        memset(&t, 0, sizeof t);
        WorkPool pool = { .jobs = jobs, .task = turned_task, .done = turned_done, .ctx = &t,
                          .window = 6, .turn = &t.turn };
        assert_int_equal(workpool_run(&pool, TASKS), TASKS);
        assert_int_equal(t.nout, TASKS * ITEMS);
        for (size_t k = 0; k < TASKS * ITEMS; k++) assert_int_equal(t.out[k], k);
        assert_int_equal(t.waits_refused, 0);
        memset(&t, 0, sizeof t);
        t.stop_after = 17;
        assert_int_equal(workpool_run(&pool, TASKS), 17);
        assert_int_equal(t.nout, 17 * ITEMS);
        for (size_t k = 0; k < 17 * ITEMS; k++) assert_int_equal(t.out[k], k);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_task_once_in_order),
        cmocka_unit_test(test_sequential_is_caller),
        cmocka_unit_test(test_early_stop),
        cmocka_unit_test(test_window),
        cmocka_unit_test(test_grain),
        cmocka_unit_test(test_no_done_and_empty),
        cmocka_unit_test(test_turn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
