/* asp_out.h: the lines `fix asp` prints (asp_cli.c, asp_out.c): clingo's text layout, or one JSON
 * object a line.  A line is built in Out.line and written out whole. */
#ifndef FIX_APP_ASP_OUT_H
#define FIX_APP_ASP_OUT_H

#include "asp/asp.h"
#include "asp/opt.h"
#include "util/json.h"

typedef struct Cli Cli;           /* asp_cli.c's options, opaque here */

typedef struct Out {
    Cli *c;
    bool json;
    Buf line;
    JsonWriter w;
    size_t answers;               /* "Answer: k" numbers given so far */
    bool optimal_phase;           /* optN: the optimal models are being printed */
    int write_errno;              /* a write to standard output failed (its errno), or 0 */
} Out;

/* Writes the line out.  After a failed write nothing more is written: the callbacks below
 * then return false, which stops the search, and out_check says why. */
void out_flush(Out *o);
/* Flushes standard output; false when a write failed (now or before), with
 * "cannot write standard output: REASON" in err. */
bool out_check(Out *o, Buf *err);
/* A JSON line: out_begin opens its object with "kind", out_end closes and writes it. */
void out_begin(Out *o, const char *kind);
void out_end(Out *o);
/* The atoms' names: blank-separated in text, JSON strings in an open JSON array. */
void out_atoms(Out *o, const AspProgram *p, const AspAtom *atoms, size_t n);
/* The atoms as the JSON array under key. */
void out_atom_array(Out *o, const char *key, const AspProgram *p, const AspAtom *atoms,
                    size_t n);
/* An AspModelFn: "Answer: k" and the atoms, or a JSON "model" line. */
bool out_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n);

/* #minimize.  An AspOptModelFn: as out_model, then "Optimization: c1 .. ck" (JSON
 * "costs", and "optimal": true for optN's optimal models, whose numbering starts again at 1
 * as clingo's does). */
bool out_opt_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n,
                   const int64_t *costs, size_t ncosts, bool optimal);
/* The result of an optimisation as clingo prints it: OPTIMUM FOUND, SATISFIABLE,
 * UNSATISFIABLE or UNKNOWN, then Models (with + unless every model was found or the optimum
 * proved), Optimum, Optimal (optN, when all optimal models were found) and Optimization. */
void out_opt_result(Out *o, AftStatus r, const AspStats *st, const AspOptResult *res,
                    AspOptMode mode);

#endif
