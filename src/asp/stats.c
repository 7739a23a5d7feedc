/* stats.c: the native search's statistics (AspStats, asp.h) of runs one after the other
 * summed: the whole-program search, its first search before the cubes (enumerate.c), the
 * steps of the consequences (brave.c). */
#include "asp/asp.h"

void asp_stats_add(AspStats *sum, const AspStats *a, bool stop)
{
    aft_stats_add(&sum->aft, &a->aft, AFT_STATS_CALLS | AFT_STATS_CONFLICTS | AFT_STATS_SEARCH |
                                      (stop ? AFT_STATS_STOP : 0));
    sum->sp_evals += a->sp_evals;
    sum->bnb_runs += a->bnb_runs;
    if (!sum->first_model) sum->first_model = a->first_model;
    if (a->last_model) sum->last_model = a->last_model;
}
