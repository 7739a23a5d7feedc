/* checkloop.h: the loops of the checks of check.h over a part of the cases, shared by the
 * check on one thread (check.c) and on the threads of --jobs N (checkpar.c): every covering
 * pair x < y for x in a chunk [from, to] of L's enumeration, or every pair lo <= hi for lo
 * in such a chunk, each stopping at the first counterexample, as the whole enumeration does. */
#ifndef FIX_AFT_CHECKLOOP_H
#define FIX_AFT_CHECKLOOP_H

#include "aft/checktypes.h"

/* One check in progress: the function, scratch elements, and what was found (into *r). */
typedef struct Probe {
    const AftFunction *f;
    const Lattice *L;
    Word *x, *y, *fx, *fy, *declared, *brute, *top;   /* scratch, one block */
    const CheckOptions *o;
    CheckReport *r;
    bool antitone, call_failed;
} Probe;

void check_probe_init(Probe *p, const AftFunction *f, const CheckOptions *o, CheckReport *r);
void check_probe_free(Probe *p);

/* A case of a pair check: fn(p, lo, hi) is false when the check ends there (a counterexample
 * recorded, or a call failed). */
typedef bool (*PairFn)(Probe *p, const Word *lo, const Word *hi);
bool check_tone_pair(Probe *p, const Word *x, const Word *y);
bool check_envelope_interval(Probe *p, const Word *lo, const Word *hi);
/* The declared upper (or lower) envelope at x for [lo, hi] into p->declared. */
bool check_declared_at(Probe *p, bool upper, const Word *lo, const Word *hi, const Word *x);

/* How a loop over a chunk ended: every case ran or the check ended at a case (a
 * counterexample, a failed call: p says which), the budget of evaluations ran out, or a limit
 * stopped it. */
typedef enum { RANGE_DONE, RANGE_BUDGET, RANGE_LIMIT } RangeEnd;

/* Every covering pair x < y with x in [from, to] (f(x) evaluated once per x): *evals counts
 * the pairs started, past `budget` the loop ends with RANGE_BUDGET; *examined the pairs
 * examined. */
RangeEnd check_cover_range(Probe *p, const Word *from, const Word *to, double budget,
                           double *evals, size_t *examined);

/* fn on every pair lo <= hi with lo in [from, to], hi up to top; *examined counts them. */
RangeEnd check_pair_range(Probe *p, const Word *from, const Word *to, PairFn fn, size_t *examined);

#endif
