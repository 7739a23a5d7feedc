/* stats.c: sums of the statistics of engine runs (AftStats, aft.h), the parts a caller names. */
#include "aft/aft.h"

void aft_stats_add(AftStats *sum, const AftStats *a, unsigned parts)
{
    if (parts & AFT_STATS_CALLS) {
        sum->f_calls += a->f_calls;
        sum->eval_calls += a->eval_calls;
        sum->ir_calls += a->ir_calls;
    }
    if (parts & AFT_STATS_CONFLICTS) sum->conflicts += a->conflicts;
    if (parts & AFT_STATS_ENUMERATED) sum->enumerated += a->enumerated;
    if (parts & AFT_STATS_SEARCH) {
        sum->rounds += a->rounds;
        sum->pruned += a->pruned;
        sum->merged += a->merged;
        sum->hulls += a->hulls;
        sum->splits += a->splits;
        sum->learnt += a->learnt;
        sum->backjumps += a->backjumps;
        sum->restarts += a->restarts;
    }
    if ((parts & AFT_STATS_STOP) && a->stopped_by) sum->stopped_by = a->stopped_by;
}
