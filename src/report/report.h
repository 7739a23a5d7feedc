/* report.h: the result of one query, and its renderings as text, JSON (one object a line,
 * see docs/json.md) and trace lines printed while an engine runs. */
#ifndef FIX_REPORT_H
#define FIX_REPORT_H

#include <stdio.h>

#include "aft/aft.h"
#include "front/ast.h"
#include "check/context.h"
#include "util/json.h"

typedef enum { RS_OK, RS_FAILED, RS_ERROR, RS_LIMIT } ResultStatus;

/* show, lfp, gfp: one value of a static type. */
typedef struct ValueResult {
    const char *text;            /* show: the expression as written */
    Type type;
    const Word *value;           /* NULL: no value to show */
    size_t steps;                /* lfp, gfp: Kleene steps */
} ValueResult;

/* approx, refine: one bound [lo, hi] of L. */
typedef struct BoundResult {
    const Lattice *L;
    const Word *lo, *hi;         /* NULL when the start interval held no fixed point */
    size_t steps;
    bool slow;                   /* refine/approx: stopped on slow progress (AftStats.slow) */
} BoundResult;

/* bnb (Final and its points, statistics) and fixpoints (the points, elements examined). */
typedef struct BnbResult {
    const Lattice *L;
    const BoundList *final, *points;
    const long *final_match;     /* bnb, text only: per bound of final, the fixed point (index
                                  * in points) it is, or -1 when it is a bound (see
                                  * boundlist_match); NULL for JSON, which lists both apart */
    const Verdict *verdicts;     /* bnb on a lattice that is not finite: per point, what is
                                  * known of it (aft.h; app/run_reals.c): the element f fixes,
                                  * a box proved to hold one, or a box within the tolerance
                                  * (not proved); NULL: every point is an element f fixes */
    bool has_stats;
    AftStats stats;
    size_t examined;
    bool complete;               /* bnb: it finished and Final holds its fixed points only */
} BnbResult;

/* check monotone/antitone/envelope/galois: cases tried; the verdict is in the header. */
typedef struct CheckResult {
    size_t cases;
    bool sampled;                /* on a large or infinite lattice: random samples only */
    bool covers;                 /* the cases were every covering pair */
} CheckResult;

/* A stable model: its shown atoms, each a name of its own (never joined into one string). */
typedef struct StableModel {
    const char *const *atoms;
    size_t natoms;
} StableModel;

typedef struct ModelsResult {
    const StableModel *models;
    size_t count;
    bool complete;               /* false: the search stopped early, there may be more */
} ModelsResult;

/* A query's result: a header every kind has, and a union tagged by `kind`: value for show,
 * lfp and gfp; bound for approx and refine; bnb for bnb and fixpoints; stable for stable;
 * check for the four checks. */
typedef struct QueryResult {
    QueryKind kind;
    const char *target;          /* function, program or galois name (NULL for show) */
    const char *via;             /* galois insertion used, or NULL */
    const char *envelope;        /* approx, refine, bnb: the envelope used when it is not the
                                    default one ("derived", ...; see run_fn_envelope_note), or NULL */
    const char *envelope_used;   /* approx, refine, bnb: the envelope used, always (JSON) */
    const char *assumption;      /* lfp ... bnb: a declaration the result rests on that could
                                  * only be sampled ("assuming f antitone: ..."), or NULL */
    ResultStatus status;
    const char *verdict;         /* short word: "ok", "refuted", "fails", "limit", ... */
    char *message;               /* explanation or counterexample (mem_alloc'd) or NULL */
    union {
        ValueResult value;
        BoundResult bound;
        BnbResult bnb;
        ModelsResult stable;
        CheckResult check;
    } u;
} QueryResult;

/* A result as text or as one JSON line, written to out (the caller flushes it); 0, or the
 * errno of a write that failed. */
int report_text(const QueryResult *r, FILE *out);
/* The width of a bound of `height` (L->ops->height) on a lattice that is not finite: in
 * the lattice's units on a real interval, in tolerance steps on a product or map of them. */
double report_width(const Lattice *L, double height);
int report_json(const QueryResult *r, FILE *out);

/* A bnb node's status as the trace words it: "kept", "pruned", "fixed point", ... */
const char *report_status_name(NodeStatus s);
/* Trace of an engine run: each refine step or bnb event, text or JSON. */
void report_trace_text(const Lattice *L, const AftEvent *ev, FILE *out);
void report_trace_json(const Lattice *L, const AftEvent *ev, FILE *out);

/* The same JSON objects written into a writer (the HTML page embeds them), and one element. */
void report_json_object(JsonWriter *w, const QueryResult *r);
void report_event_object(JsonWriter *w, const Lattice *L, const AftEvent *ev);
void report_json_element(JsonWriter *w, const Lattice *L, const Word *x);

#endif
