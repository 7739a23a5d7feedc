/* clingo.h: clingo as a subprocess: an aspif program in, typed answers out.  The caller names
 * every atom it wants to see by a number (its output statements are `4 len N 1 a`), so an
 * answer is an array of those numbers, never a line of names split at blanks. */
#ifndef FIX_PROC_CLINGO_H
#define FIX_PROC_CLINGO_H

#include "common.h"
#include "asp/asp.h"
#include "util/buf.h"
#include "util/limits.h"
#include "util/mem.h"

typedef enum {
    CLINGO_UNKNOWN,               /* no result line (stopped, or clingo said UNKNOWN) */
    CLINGO_SAT,
    CLINGO_UNSAT,
    CLINGO_OPTIMUM,               /* OPTIMUM FOUND */
} ClingoResult;

/* One model as clingo printed it: the numbers of its atoms and, when the run expects costs,
 * the costs (highest priority first, as clingo prints them; NULL without).  Returns false
 * to end the run (enough models, or the caller cannot take more): clingo is then killed. */
typedef bool (*ClingoModelFn)(void *ctx, const uint32_t *atoms, size_t n, const int64_t *costs);

/* How one clingo run ended.  Its models are not kept: each went to the call's ClingoModelFn
 * as soon as it was complete (its line ended and, with costs, its Optimization line read). */
typedef struct ClingoAnswer {
    size_t models;                /* models handed to the ClingoModelFn */
    ClingoResult result;
    bool exhausted;               /* the search space was exhausted (exit code bit 20) */
    bool stopped;                 /* a limit or Ctrl-C ended the run: what came was handed on */
    bool cut;                     /* the ClingoModelFn ended it (clingo was killed) */
    int exit_code;
} ClingoAnswer;

/* How to run it: the program (aspif text) on its standard input, `clingo --mode=clasp` with
 * `args` and the number of models (0: all), in the sandbox of sandbox.h unless allow_scripts.
 * limits (may be NULL) are polled while it runs; a hit kills it.  Each model goes to
 * on_model(ctx, ...) while clingo runs, so a run that prints without end holds one line.
 * levels: the cost levels each model must have (0: none expected; Optimization lines are then
 * not read); with levels, a model whose costs did not come (clingo stopped between the
 * lines) is not handed on. */
typedef struct ClingoCall {
    const Buf *program;
    const char *const *args;
    size_t nargs;
    size_t max_models;
    size_t levels;
    ClingoModelFn on_model;
    void *ctx;
    Limits *limits;
    bool allow_scripts;           /* --allow-scripts: clingo runs without the sandbox */
} ClingoCall;

/* p as aspif for clingo into b: without its own output statements, but one for each of the
 * n atoms (atom a named by its number a), and without the closing "0" line, so that the
 * caller can add assumptions or constraints and then "0\n". */
void proc_clingo_program(const AspProgram *p, const AspAtom *atoms, size_t n, Buf *b);

/* The clingo that runs: $FIX_CLINGO, else `clingo` on PATH. */
const char *proc_clingo_path(void);

/* Runs clingo; true when it ran to an answer, was stopped by a limit (ans->stopped) or was
 * ended by call->on_model (ans->cut; the run is then not exhausted).
 * False with "clingo ...: why" in err when it could not run, failed (exit status other
 * than clingo's 0, 10, 20, 30, or those plus 1 when our limit or Ctrl-C stopped it; its
 * standard error is quoted) or printed something that is not an answer. */
bool proc_clingo_run(const ClingoCall *call, ClingoAnswer *ans, Buf *err);

/* Parses clingo's text output as proc_clingo_run does while it reads it, handing each model
 * to call->on_model (exposed for tests; only levels, on_model and ctx of call are read).
 * False with the offending line in err. */
bool proc_clingo_parse(const char *text, size_t len, const ClingoCall *call, ClingoAnswer *ans,
                       Buf *err);

#endif
