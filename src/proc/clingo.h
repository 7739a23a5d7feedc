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

/* Everything one clingo run printed, parsed.  Model i has the numbers
 * atoms[start[i] .. start[i + 1]) and, when the program minimizes, the costs
 * costs[i * ncosts .. (i + 1) * ncosts) (highest priority first, as clingo prints them). */
typedef struct ClingoAnswer {
    VEC(uint32_t) atoms;
    VEC(size_t) start;            /* count = models + 1 */
    VEC(int64_t) costs;
    size_t ncosts;                /* cost levels per model (0: no #minimize) */
    ClingoResult result;
    bool exhausted;               /* the search space was exhausted (exit code bit 20) */
    bool stopped;                 /* a limit or Ctrl-C ended the run: what came is kept */
    int exit_code;
} ClingoAnswer;

/* How to run it: the program (aspif text) on its standard input, `clingo --mode=clasp` with
 * `args` and the number of models (0: all), in the sandbox of sandbox.h unless allow_scripts.
 * limits (may be NULL) are polled while it runs; a hit kills it. */
typedef struct ClingoCall {
    const Buf *program;
    const char *const *args;
    size_t nargs;
    size_t max_models;
    Limits *limits;
    bool allow_scripts;           /* --allow-scripts: clingo runs without the sandbox */
} ClingoCall;

/* p as aspif for clingo into b: without its own output statements, but one for each of the
 * n atoms (atom a named by its number a), and without the closing "0" line, so that the
 * caller can add assumptions or constraints and then "0\n". */
void proc_clingo_program(const AspProgram *p, const AspAtom *atoms, size_t n, Buf *b);

/* The clingo that runs: $FIX_CLINGO, else `clingo` on PATH. */
const char *proc_clingo_path(void);

void clingo_answer_init(ClingoAnswer *a);
void clingo_answer_free(ClingoAnswer *a);
size_t clingo_answer_models(const ClingoAnswer *a);
const uint32_t *clingo_answer_atoms(const ClingoAnswer *a, size_t i, size_t *n);
const int64_t *clingo_answer_costs(const ClingoAnswer *a, size_t i);

/* Runs clingo; true when it ran to an answer or was stopped by a limit (ans->stopped).
 * False with "clingo ...: why" in err when it could not run, failed (exit status other
 * than clingo's 0, 10, 20, 30, or those plus 1 when our limit or Ctrl-C stopped it; its
 * standard error is quoted) or printed something that is not an answer. */
bool proc_clingo_run(const ClingoCall *call, ClingoAnswer *ans, Buf *err);

/* Parses clingo's text output (exposed for tests). False with the offending line in err. */
bool proc_clingo_parse(const char *text, size_t len, ClingoAnswer *ans, Buf *err);

#endif
