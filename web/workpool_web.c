/* workpool_web.c: util/workpool.h in the browser (the web build, make web, in place of
 * src/util/workpool.c).  A page opened from file:// has no shared memory between workers, so
 * there is one core to run on: workpool_cpus() is 1 and every pool runs its tasks in turn on
 * the caller, the sequential path of the native build, so the page prints what `fix --jobs 1`
 * prints. */
#include "util/workpool.h"

unsigned workpool_cpus(void)
{
    return 1;
}

size_t workpool_run(const WorkPool *pool, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        pool->task(pool->ctx, i, 0);
        if (pool->done && !pool->done(pool->ctx, i)) return i + 1;
    }
    return count;
}
