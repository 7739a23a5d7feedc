/* workpool.c: the deterministic task pool of workpool.h on POSIX threads.  One mutex guards
 * the next index to hand out, the finished flags and the stop mark; the calling thread waits
 * on a condition variable for the next index in order to finish and passes it to `done`. */
#define _GNU_SOURCE
#include "util/workpool.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>

#include "util/mem.h"

typedef struct PoolRun {
    const WorkPool *pool;
    size_t count;
    pthread_mutex_t lock;
    pthread_cond_t finished_one;   /* a task finished */
    pthread_cond_t may_start;      /* the window moved, or the run stopped */
    size_t next;                   /* next index to hand out */
    size_t taken;                  /* indices below it were passed to done */
    bool stopped;
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

static size_t run_sequential(const WorkPool *pool, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        pool->task(pool->ctx, i, 0);
        if (pool->done && !pool->done(pool->ctx, i)) return i + 1;
    }
    return count;
}

/* The next index this worker may run, or count when there is none (under the lock). */
static size_t claim_index(PoolRun *r)
{
    for (;;) {
        if (r->stopped || r->next >= r->count) return r->count;
        if (r->pool->window == 0 || r->next < r->taken + r->pool->window) return r->next++;
        pthread_cond_wait(&r->may_start, &r->lock);
    }
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    PoolRun *r = w->run;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        size_t i = claim_index(r);
        if (i >= r->count) break;
        pthread_mutex_unlock(&r->lock);
        r->pool->task(r->pool->ctx, i, w->index);
        pthread_mutex_lock(&r->lock);
        r->finished[i] = 1;
        pthread_cond_broadcast(&r->finished_one);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* On the calling thread: passes finished tasks to done in index order. */
static void take_in_order(PoolRun *r)
{
    pthread_mutex_lock(&r->lock);
    while (r->taken < r->count && !r->stopped) {
        while (!r->finished[r->taken]) pthread_cond_wait(&r->finished_one, &r->lock);
        size_t i = r->taken;
        pthread_mutex_unlock(&r->lock);
        bool go_on = r->pool->done ? r->pool->done(r->pool->ctx, i) : true;
        pthread_mutex_lock(&r->lock);
        r->taken = i + 1;
        if (!go_on) r->stopped = true;
        pthread_cond_broadcast(&r->may_start);
    }
    pthread_mutex_unlock(&r->lock);
}

static size_t run_threads(const WorkPool *pool, size_t count, unsigned jobs)
{
    PoolRun r = { .pool = pool, .count = count };
    r.finished = mem_calloc(count, 1);
    pthread_mutex_init(&r.lock, NULL);
    pthread_cond_init(&r.finished_one, NULL);
    pthread_cond_init(&r.may_start, NULL);
    pthread_t *threads = mem_calloc(jobs, sizeof *threads);
    Worker *workers = mem_calloc(jobs, sizeof *workers);
    unsigned started = 0;
    for (unsigned k = 0; k < jobs; k++) {
        workers[k] = (Worker){ &r, k };
        if (pthread_create(&threads[k], NULL, worker_main, &workers[k]) != 0) break;
        started++;
    }
    if (started == 0) {
        /* no thread could be started: worker 0 is the caller */
        worker_main(&workers[0]);
    }
    take_in_order(&r);
    for (unsigned k = 0; k < started; k++) pthread_join(threads[k], NULL);
    size_t taken = r.taken;
    pthread_cond_destroy(&r.may_start);
    pthread_cond_destroy(&r.finished_one);
    pthread_mutex_destroy(&r.lock);
    mem_free(workers);
    mem_free(threads);
    mem_free(r.finished);
    return pool->done ? taken : count;
}

size_t workpool_run(const WorkPool *pool, size_t count)
{
    unsigned jobs = pool->jobs ? pool->jobs : 1;
    if (count == 0) return 0;
    if (jobs == 1 || count == 1) return run_sequential(pool, count);
    if (jobs > count) jobs = (unsigned)count;
    return run_threads(pool, count, jobs);
}
