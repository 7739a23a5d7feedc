/* checkpar.h: the exhaustive checks of check.h on the threads of --jobs N.  The cases are
 * cut into chunks of L's enumeration (lattice_enum_chunks: x of the covering pairs, lo of the
 * pairs lo <= hi), each chunk a task on a worker with the worker's function and limits; each
 * finds its first counterexample; the calling thread takes the chunks in order, so the
 * counterexample reported, the count of cases and the budget's verdict are those of one
 * thread.  A chunk whose call failed or hit a limit on its worker runs again on the caller's
 * function, which reports the error as one thread does. */
#ifndef FIX_AFT_CHECKPAR_H
#define FIX_AFT_CHECKPAR_H

#include "aft/checkloop.h"

/* Do the probe's options name workers, and can its lattice be cut in order? */
bool check_par_applies(const Probe *p);

/* check_cover_range over all of L on the workers: *examined the pairs examined. */
RangeEnd check_par_covers(Probe *p, double budget, size_t *examined);

/* fn on every pair lo <= hi of L on the workers, into p's report (examined, tight, the
 * counterexample); false when a limit stopped it. */
bool check_par_pairs(Probe *p, PairFn fn);

#endif
