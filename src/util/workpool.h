/* workpool.h: running a numbered list of independent tasks on N threads with an answer that
 * does not depend on N.  Tasks 0..count-1 are handed out in index order to whichever worker
 * is free; each task writes only its own result slot; the results are taken in index order
 * on the calling thread (`done`), whatever order the tasks finished in.  With jobs == 1 no
 * thread is started: task(i) then done(i) run in turn on the caller, the sequential path.
 *
 * The pool holds no state between calls and no global state; whatever the tasks share is the
 * caller's, named in docs/architecture.md ("Threads"). */
#ifndef FIX_WORKPOOL_H
#define FIX_WORKPOOL_H

#include "common.h"

/* The most workers --jobs N, `fix asp --jobs N` and a query's `jobs N` may ask for. */
enum { WORKPOOL_MAX_JOBS = 256 };

/* Runs task `index` on worker `worker` (0 <= worker < jobs; per-worker state such as a VM
 * or a solver is indexed by it). */
typedef void (*WorkTask)(void *ctx, size_t index, unsigned worker);
/* Takes task index's result, on the calling thread, for index = 0, 1, 2, ... in turn.
 * Returns false to stop: no task after it is started, those running are waited for, and
 * `done` is not called again. */
typedef bool (*WorkDone)(void *ctx, size_t index);

/* The results' turn, for tasks that give their results out themselves while they run (a
 * stream of models, say), so that a long task's results need not be held until it ends:
 * task i has the turn once every result before it was taken (done returned true for each
 * index below i); done(i) runs only after task i ended, so the task holding the turn and the
 * calling thread never give out at the same time.  Zeroed by the caller, set by
 * workpool_run while it runs. */
typedef struct WorkTurn {
    size_t at;            /* the index that has the turn (atomic) */
    int stopped;          /* the run stopped: no turn comes any more (atomic) */
    void *run;            /* the pool's, while it runs on threads; NULL on the sequential path */
} WorkTurn;

typedef struct WorkPool {
    unsigned jobs;        /* workers, at least 1 */
    WorkTask task;
    WorkDone done;        /* may be NULL: every task runs, nothing is taken in order */
    void *ctx;
    /* Optional: how far ahead of the next `done` index tasks may start (0: no limit); bounds
     * the results held at once when tasks produce large ones. */
    size_t window;
    /* Optional: how many consecutive tasks a worker claims at once (0 or 1: one).  Larger
     * grains cost fewer lock rounds and wake-ups when tasks are short; the results are taken
     * one by one in index order all the same. */
    size_t grain;
    /* Optional: the turn the tasks ask for (workpool_turn_is, workpool_turn_wait). */
    WorkTurn *turn;
    /* Optional: the calling thread is worker jobs - 1 and jobs - 1 threads are started; while
     * the result it takes next is unfinished, it runs the next grain itself instead of
     * sleeping.  For tasks whose `done` is short beside them: a long `done` delays the
     * results behind it no more than it does anyway, but a grain run by the caller delays
     * taking the results finished meanwhile by up to one grain. */
    bool caller_works;            /* not with a turn: a task waiting for it would wait on the
                                     caller that passes it (workpool_run ignores it then) */
} WorkPool;

/* The number of cores this process may run on (sched_getaffinity; at least 1): the default
 * of --jobs. */
unsigned workpool_cpus(void);

/* Runs tasks 0..count-1 as described above.  Returns the number of tasks whose `done` was
 * called (count unless `done` stopped early), or count when done is NULL.  Falls back to the
 * sequential path when a thread cannot be started. */
size_t workpool_run(const WorkPool *pool, size_t count);

/* Whether task index has the turn now (any thread; never blocks). */
bool workpool_turn_is(const WorkTurn *turn, size_t index);
/* Waits, on task index's thread, until it has the turn (true) or the run stopped (false). */
bool workpool_turn_wait(WorkTurn *turn, size_t index);

#endif
