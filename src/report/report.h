/* report.h: the result of one query, and its renderings as text, JSON (one object a line,
 * see docs/json.md) and trace lines printed while an engine runs. */
#ifndef FIX_REPORT_H
#define FIX_REPORT_H

#include <stdio.h>

#include "aft/aft.h"
#include "front/ast.h"
#include "check/context.h"

typedef enum { RS_OK, RS_FAILED, RS_ERROR, RS_LIMIT } ResultStatus;

typedef struct QueryResult {
    QueryKind kind;
    const char *target;          /* function, program or galois name (NULL for show) */
    const char *text;            /* show: the expression as written */
    ResultStatus status;
    const char *verdict;         /* short word: "ok", "unsound", "fails", "limit", ... */
    char *message;               /* explanation or counterexample (mem_alloc'd) or NULL */
    const Lattice *L;            /* the lattice of value / bounds */
    /* show, lfp, gfp */
    Type type;
    Word *value;
    /* approx, refine: one bound */
    Word *lo, *hi;
    size_t steps;
    /* bnb, fixpoints */
    BoundList *final, *points;
    const long *final_match;     /* bnb: per bound of final, the fixed point (index in points)
                                  * it is, or -1 when it is a bound (see boundlist_match) */
    bool has_stats;
    AftStats stats;
    size_t examined;             /* fixpoints: elements tried; check: cases tried */
    bool sampled;                /* check on a large or infinite lattice: random samples only */
    bool covers;                 /* check: the cases were every covering pair */
    /* stable */
    char **models; size_t nmodels;
    bool models_complete;
    const char *via;             /* galois insertion used, or NULL */
    const char *assumption;      /* lfp ... bnb: a declaration the result rests on that could
                                  * only be sampled ("assuming f antitone: ..."), or NULL */
} QueryResult;

void report_text(const QueryResult *r, FILE *out);
void report_json(const QueryResult *r, FILE *out);

/* Trace of an engine run: each refine step or bnb event, text or JSON. */
void report_trace_text(const Lattice *L, const AftEvent *ev, FILE *out);
void report_trace_json(const Lattice *L, const AftEvent *ev, FILE *out);


#endif
