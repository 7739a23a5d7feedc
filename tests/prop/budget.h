/* budget.h: how many random cases a property test runs.  With PROP_BUDGET=small in the
 * environment (`make check`: tests/run-all.sh --check) a test runs the first tenth of its
 * cases: the same cases, from the same fixed seed and in the same order, as a full run
 * starts with, so a failure of the short run is one of the full run too.  Unset (`make test`),
 * every case.  Never a time: the count decides, whatever the machine's speed. */
#ifndef FIX_TESTS_PROP_BUDGET_H
#define FIX_TESTS_PROP_BUDGET_H

#include <stdlib.h>
#include <string.h>

/* prop_cases(FULL): the number of cases to run of a test's FULL count (at least 1) */
static inline size_t prop_cases(size_t full)
{
    const char *budget = getenv("PROP_BUDGET");
    if (budget && strcmp(budget, "small") == 0) return full >= 10 ? full / 10 : 1;
    return full;
}

#endif
