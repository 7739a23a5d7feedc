/* workpool.c: the deterministic task pool of workpool.h on POSIX threads.  One mutex guards
 * the next index to hand out, the finished flags and the stop mark.  A worker claims a grain
 * of consecutive indices at a time; the calling thread sleeps only while the one index it
 * needs next is unfinished, and is woken only when that index finishes; a worker sleeps only
 * while the window is full, and is woken only when it moves, or (workpool_turn_wait) until
 * its task has the results' turn, which the caller passes on after each done.  Short tasks
 * thus cost few wake-ups (each a context switch that takes a core from a worker).  With
 * caller_works the calling thread is one of the N workers: while the result it needs next is
 * unfinished it runs the next grain itself, so N threads, not N + 1, share the N cores. */
#define _GNU_SOURCE
#include "util/workpool.h"

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>

#include "util/mem.h"

typedef struct PoolRun {
    const WorkPool *pool;
    size_t count, grain;
    pthread_mutex_t lock;
    pthread_cond_t finished_one;   /* the index the caller waits for finished */
    pthread_cond_t may_start;      /* the window moved, or the run stopped */
    pthread_cond_t turn_moved;     /* pool->turn moved, or the run stopped */
    unsigned turn_waiters;         /* tasks waiting for their turn */
    size_t next;                   /* next index to hand out */
    size_t taken;                  /* indices below it were passed to done */
    size_t awaited;                /* the index the caller sleeps on, SIZE_MAX if none */
    unsigned sleepers;             /* workers waiting for the window to move */
    bool stopped;
    bool caller_works;             /* the caller runs tasks too, as worker caller_index */
    unsigned caller_index;
    unsigned char *finished;       /* per index */
} PoolRun;

typedef struct Worker {
    PoolRun *run;
    unsigned index;
} Worker;

unsigned workpool_cpus(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int n = CPU_COUNT(&set);
        if (n > 0) return (unsigned)n;
    }
    return 1;
}

/* The turn passes to index `at` (the caller, under the run's lock when on threads). */
static void turn_pass(WorkTurn *turn, size_t at)
{
    if (turn) __atomic_store_n(&turn->at, at, __ATOMIC_RELEASE);
}

static void turn_stop(WorkTurn *turn)
{
    if (turn) __atomic_store_n(&turn->stopped, 1, __ATOMIC_RELEASE);
}

bool workpool_turn_is(const WorkTurn *turn, size_t index)
{
    return __atomic_load_n(&turn->at, __ATOMIC_ACQUIRE) == index
           && !__atomic_load_n(&turn->stopped, __ATOMIC_ACQUIRE);
}

bool workpool_turn_wait(WorkTurn *turn, size_t index)
{
    PoolRun *r = turn->run;
    if (!r) return workpool_turn_is(turn, index);
    pthread_mutex_lock(&r->lock);
    r->turn_waiters++;
    while (__atomic_load_n(&turn->at, __ATOMIC_ACQUIRE) != index
           && !__atomic_load_n(&turn->stopped, __ATOMIC_ACQUIRE))
        pthread_cond_wait(&r->turn_moved, &r->lock);
    r->turn_waiters--;
    pthread_mutex_unlock(&r->lock);
    return workpool_turn_is(turn, index);
}

static size_t run_sequential(const WorkPool *pool, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        pool->task(pool->ctx, i, 0);
        if (pool->done && !pool->done(pool->ctx, i)) {
            turn_stop(pool->turn);
            return i + 1;
        }
        turn_pass(pool->turn, i + 1);
    }
    return count;
}

/* The end of the grain starting at r->next, and whether the window lets it start: a worker
 * waits for room for a whole grain rather than waking for every index taken. */
static size_t grain_end(const PoolRun *r, bool *fits)
{
    size_t end = r->next + r->grain;
    if (end > r->count) end = r->count;
    *fits = r->pool->window == 0 || end <= r->taken + r->pool->window;
    return end;
}

/* The grain starting at r->next claimed, [*first, end), when one is left and fits in the
 * window; end == *first when none is (under the lock).  *wait says whether waiting for the
 * window to move may give one. */
static size_t claim_now(PoolRun *r, size_t *first, bool *wait)
{
    *first = r->next;
    *wait = false;
    if (r->stopped || r->next >= r->count) return r->next;
    bool fits;
    size_t end = grain_end(r, &fits);
    if (fits) return r->next = end;
    *wait = true;
    return r->next;
}

/* The next indices [*first, end) this worker may run, end == *first when there are none
 * (under the lock). */
static size_t claim_indices(PoolRun *r, size_t *first)
{
    for (;;) {
        bool wait;
        size_t end = claim_now(r, first, &wait);
        if (!wait) return end;
        r->sleepers++;
        pthread_cond_wait(&r->may_start, &r->lock);
        r->sleepers--;
    }
}

/* Runs [first, end) as worker `index` with the lock released, then marks them finished and
 * wakes the caller if it waits for one of them (entered and left under the lock). */
static void run_grain(PoolRun *r, size_t first, size_t end, unsigned index)
{
    pthread_mutex_unlock(&r->lock);
    for (size_t i = first; i < end; i++) r->pool->task(r->pool->ctx, i, index);
    pthread_mutex_lock(&r->lock);
    for (size_t i = first; i < end; i++) r->finished[i] = 1;
    if (r->awaited >= first && r->awaited < end) pthread_cond_signal(&r->finished_one);
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    PoolRun *r = w->run;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        size_t first, end = claim_indices(r, &first);
        if (end == first) break;
        run_grain(r, first, end, w->index);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* On the calling thread, until index i is finished: with caller_works it runs the grains it
 * can claim meanwhile (as the last worker) and sleeps only when none is left or fits; without
 * it, it sleeps (under the lock). */
static void await_index(PoolRun *r, size_t i)
{
    r->awaited = i;
    while (!r->finished[i]) {
        size_t first, end = 0;
        bool wait;
        if (r->caller_works) end = claim_now(r, &first, &wait);
        if (r->caller_works && end != first) run_grain(r, first, end, r->caller_index);
        else pthread_cond_wait(&r->finished_one, &r->lock);
    }
    r->awaited = SIZE_MAX;
}

/* On the calling thread: passes finished tasks to done in index order. */
static void take_in_order(PoolRun *r)
{
    pthread_mutex_lock(&r->lock);
    while (r->taken < r->count && !r->stopped) {
        size_t i = r->taken;
        await_index(r, i);
        pthread_mutex_unlock(&r->lock);
        bool go_on = r->pool->done ? r->pool->done(r->pool->ctx, i) : true;
        pthread_mutex_lock(&r->lock);
        r->taken = i + 1;
        if (go_on) turn_pass(r->pool->turn, i + 1);
        else {
            r->stopped = true;
            turn_stop(r->pool->turn);
        }
        if (r->turn_waiters) pthread_cond_broadcast(&r->turn_moved);
        bool fits = true;
        if (r->sleepers && r->next < r->count) grain_end(r, &fits);
        if ((r->sleepers && fits) || r->stopped) pthread_cond_broadcast(&r->may_start);
    }
    pthread_mutex_unlock(&r->lock);
}

static size_t run_threads(const WorkPool *pool, size_t count, unsigned jobs)
{
    PoolRun r = { .pool = pool, .count = count, .grain = pool->grain ? pool->grain : 1,
                  .awaited = SIZE_MAX };
    if (pool->window && r.grain > pool->window) r.grain = pool->window;
    r.finished = mem_calloc(count, 1);
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.finished_one, NULL);
    pthread_cond_init(&r.may_start, NULL);
    pthread_cond_init(&r.turn_moved, NULL);
    if (pool->turn) pool->turn->run = &r;
    /* with caller_works (never with a turn) the caller is the last worker and jobs - 1
     * threads are started */
    r.caller_works = pool->caller_works && !pool->turn;
    r.caller_index = jobs - 1;
    unsigned spawn = r.caller_works ? jobs - 1 : jobs;
    pthread_t *threads = mem_calloc(jobs, sizeof *threads);
    Worker *workers = mem_calloc(jobs, sizeof *workers);
    unsigned started = 0;
    for (unsigned k = 0; k < spawn; k++) {
        workers[k] = (Worker){ &r, k };
        if (pthread_create(&threads[k], NULL, worker_main, &workers[k]) != 0) break;
        started++;
    }
    size_t taken;
    if (started == 0 && !r.caller_works) {
        /* no thread could be started: the sequential path, on the caller */
        if (pool->turn) pool->turn->run = NULL;
        taken = run_sequential(pool, count);
    } else {
        take_in_order(&r);
        for (unsigned k = 0; k < started; k++) pthread_join(threads[k], NULL);
        taken = pool->done ? r.taken : count;
    }
    if (pool->turn) pool->turn->run = NULL;
    pthread_cond_destroy(&r.turn_moved);
    pthread_cond_destroy(&r.may_start);
    pthread_cond_destroy(&r.finished_one);
    pthread_mutex_destroy(&r.lock);
    mem_free(workers);
    mem_free(threads);
    mem_free(r.finished);
    return taken;
}

size_t workpool_run(const WorkPool *pool, size_t count)
{
    unsigned jobs = pool->jobs ? pool->jobs : 1;
    if (pool->turn) *pool->turn = (WorkTurn){ 0 };
    if (count == 0) return 0;
    if (jobs == 1 || count == 1) return run_sequential(pool, count);
    if (jobs > count) jobs = (unsigned)count;
    return run_threads(pool, count, jobs);
}
