/* conseq.h: clingo's cautious and brave consequences beside fix's bounds (--compare-
 * consequences): every sound lower bound lies inside the cautious consequences (the atoms true
 * in every stable model), every sound upper bound holds the brave ones (true in some). */
#ifndef FIX_PROC_CONSEQ_H
#define FIX_PROC_CONSEQ_H

#include "asp/asp.h"

/* Over the shown atoms of a solver's program, as lattice elements of that solver. */
typedef struct ProcConsequences {
    bool has_model;               /* clingo found a stable model */
    bool cautious_known, brave_known;   /* each run printed an answer */
    bool complete;                /* both runs finished (else: the last answers so far, which
                                     still refute a bound: cautious only shrinks, brave grows) */
    Word *cautious, *brave;
} ProcConsequences;

/* Runs clingo --enum-mode=cautious and =brave on s's program (in its sandbox unless
 * allow_scripts, clingo.h).  False with err set when clingo could not run or failed. */
bool proc_consequences(const AspSolver *s, Limits *limits, bool allow_scripts,
                       ProcConsequences *c, Buf *err);
void proc_consequences_free(ProcConsequences *c);

/* A bound [lo, hi] of s (consistent false: fix says there is no stable model) against c.
 * The counts are of shown atoms; bad receives the shown atoms that refute the bound (true in
 * lo but not cautious, or brave but not in hi); with no consistent bound, a model found by
 * clingo refutes it. */
typedef struct ProcBoundCheck {
    size_t atoms, lower, cautious, brave, upper;
    size_t nbad;
    bool refuted;
} ProcBoundCheck;
void proc_consequences_check(const AspSolver *s, const ProcConsequences *c, bool consistent,
                             const Word *lo, const Word *hi, AspAtom *bad, ProcBoundCheck *out);

#endif
