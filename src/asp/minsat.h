/* minsat.h: the small satisfiability problem of minimal.c's check (minsat.c): variables
 * 0..n-1 (the atoms of a candidate M in one component, all true in M), constraints
 * "sum of the weights of the true body variables + base >= bound implies some head variable
 * true"; is there an assignment that satisfies them all with some variable false? */
#ifndef FIX_ASP_MINSAT_H
#define FIX_ASP_MINSAT_H

#include "common.h"
#include "util/mem.h"

enum { MINSAT_WORK = 13 };

typedef struct MinCons { uint32_t bstart, bend, hstart, hend; uint64_t base, bound; } MinCons;

typedef struct MinProblem {
    VEC(MinCons) cons;
    VEC(uint32_t) bvar;           /* body variables of the constraints, with their weights */
    VEC(uint32_t) bw;
    VEC(uint32_t) hvar;           /* head variables */
    uint32_t pb, ph;              /* where the constraint being added starts */
    void *work[MINSAT_WORK];      /* the search's arrays, kept from one problem to the next */
    size_t wcap[MINSAT_WORK];     /* their sizes in bytes */
} MinProblem;

void minsat_init(MinProblem *q);
void minsat_free(MinProblem *q);
void minsat_reset(MinProblem *q);
/* A constraint: begin, its body and head variables, then end (or drop: not added). */
void minsat_begin(MinProblem *q);
void minsat_body(MinProblem *q, uint32_t var, uint32_t weight);
void minsat_head(MinProblem *q, uint32_t var);
void minsat_end(MinProblem *q, uint64_t base, uint64_t bound);
void minsat_drop(MinProblem *q);
/* Is there an assignment of the n variables satisfying every constraint with one false?
 * Then kept[v] says whether variable v is true in it. */
bool minsat_smaller(MinProblem *q, size_t n, uint8_t *kept);

#endif
