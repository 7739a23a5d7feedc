/* minsat.h: the satisfiability solver of minimal.c's check (minsatsearch.c, minsatrule.c,
 * minsatdb.c): a conflict-driven search over a fixed set of clauses and weight rules ("the
 * weights of the true body literals reach the bound implies a head literal"), asked again
 * and again under different assumption literals.  What it learns follows from the constraints alone, so it is kept
 * from one question to the next. */
#ifndef FIX_ASP_MINSAT_H
#define FIX_ASP_MINSAT_H

#include "common.h"

typedef struct MinSat MinSat;
typedef uint32_t MinLit;          /* 2 * variable, + 1 when negated */

static inline MinLit minlit(uint32_t var, bool negated) { return 2 * var + negated; }

/* Work done, summed over the questions. */
typedef struct MinSatStats { uint64_t solves, conflicts, decisions, propagations, assumed; } MinSatStats;

MinSat *minsat_new(void);
void minsat_free(MinSat *q);
uint32_t minsat_var(MinSat *q);
/* A variable every question assumes (true or false), so the search never chooses it nor
 * keeps it in its order of choices: a question that leaves it open is wrong. */
uint32_t minsat_input_var(MinSat *q);
/* A variable the constraints fix once the others have values (as d <-> a and not b), so
 * the search chooses it only when every other one has a value. */
uint32_t minsat_derived_var(MinSat *q);
/* Constraints, all added before the first question. */
void minsat_clause(MinSat *q, const MinLit *lits, size_t n);
void minsat_rule(MinSat *q, const MinLit *body, const uint32_t *weight, size_t nbody, uint64_t bound,
                 const MinLit *head, size_t nhead);
/* Is there an assignment satisfying every constraint and the n assumption literals?  Then
 * minsat_true reads it, until the next question. */
bool minsat_solve(MinSat *q, const MinLit *assume, size_t n);
bool minsat_true(const MinSat *q, uint32_t var);
const MinSatStats *minsat_stats(const MinSat *q);
/* The work of a solver q replaces, added to q's. */
void minsat_add_stats(MinSat *q, const MinSatStats *past);

#endif
