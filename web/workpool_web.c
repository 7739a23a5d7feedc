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
    WorkTurn *turn = pool->turn;
    if (turn) *turn = (WorkTurn){ 0 };
    for (size_t i = 0; i < count; i++) {
        pool->task(pool->ctx, i, 0);
        if (pool->done && !pool->done(pool->ctx, i)) {
            if (turn) turn->stopped = 1;
            return i + 1;
        }
        if (turn) turn->at = i + 1;
    }
    return count;
}

bool workpool_turn_is(const WorkTurn *turn, size_t index)
{
    return turn->at == index && !turn->stopped;
}

/* Every task runs after done of the one before it: the turn is always there. */
bool workpool_turn_wait(WorkTurn *turn, size_t index)
{
    return workpool_turn_is(turn, index);
}
