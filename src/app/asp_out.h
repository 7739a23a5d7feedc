/* asp_out.h: the lines `fix asp` prints (asp_out.c): models, bounds, results, consequences
 * and statistics, in clingo's text layout or as one JSON object a line.  A line is built in
 * AspOut.line and written out whole. */
#ifndef FIX_APP_ASP_OUT_H
#define FIX_APP_ASP_OUT_H

#include <stdio.h>

#include "asp/asp.h"
#include "asp/opt.h"
#include "proc/backend.h"
#include "proc/conseq.h"
#include "util/json.h"
#include "util/mem.h"

/* --outf=2 at --quiet level 1: the parts of the last witness kept till the next one or the
 * result (the value's atoms by name: the program may be gone by then; the costs and the
 * consequences' counts). */
typedef struct AspOutfKept {
    bool value, costs, conseq;    /* which parts are kept */
    Buf names;                    /* the atoms' names, one after another */
    VEC(size_t) name_len;         /* the length of each */
    VEC(int64_t) cost;
    size_t lower, upper;
} AspOutfKept;

typedef struct AspOut {
    bool json;
    bool clingo_json;             /* --outf=2: clingo's JSON layout (asp_outf.c) */
    bool competition;             /* --outf=1: the competition format (the last model as
                                     ANSWER, the rest as % comments) */
    bool outf_open;               /* its object is open (asp_outf_begin, not yet ended) */
    bool outf_tail;               /* ended with --stats: still open for asp_out_stats's
                                     "Time" and "Stats" (asp_outf_close closes it) */
    bool outf_witnesses;          /* its "Witnesses" array is open (at the first witness
                                     written: none, and clingo leaves the key out) */
    AspOutfKept kept;             /* --outf=2: what quiet level 1 keeps */
    bool silent;                  /* --outf=3: nothing is written (clingo's "no output") */
    Buf line;
    JsonWriter w;
    size_t answers;               /* "Answer: k" numbers given so far */
    bool optimal_phase;           /* optN: the optimal models are being printed */
    int write_errno;              /* a write to standard output failed (its errno), or 0 */
    int quiet;                    /* -q: text models printed: 0 all, 1 the last only, 2 none */
    int quiet_costs;              /* --quiet=M,C: C, the same for the costs' (and the
                                     consequences') lines */
    Buf last;                     /* level 1: the last model's lines kept (optN: the optimal
                                     ones', each written before the next), printed with the
                                     result */
    unsigned shard, shards;       /* --shard i/n (shards >= 1; 0: none): the result names it */
    bool terse;                   /* -V0, clingo's: no header and no "Answer: k" lines, and
                                     the result line without the summary below it unless
                                     summary */
    bool summary;                 /* --stats: the summary is printed also when terse */
    int conseq;                   /* --enum-mode: 0 none, 1 brave, 2 cautious consequences */
    size_t conseq_lower, conseq_upper;   /* their last counts (--outf=2 writes them) */
    long conseq_offset;           /* under #project: the decided shown atoms not projected
                                     less the projected ones not shown, true in every set,
                                     which clingo's counts leave out */
    const int64_t *conseq_costs;  /* with #minimize: the optimum, conseq_levels costs (each
                                     step's set is of optimal models); NULL: none */
    size_t conseq_levels;
} AspOut;

/* asp_outbuf.c: writes the line out.  After a failed write nothing more is written: the
 * callbacks below then return false, which stops the search, and asp_out_check says why. */
void asp_out_flush(AspOut *o);
/* Flushes standard output; false when a write failed (now or before), with
 * "cannot write standard output: REASON" in err. */
bool asp_out_check(AspOut *o, Buf *err);
/* A JSON line: asp_out_begin opens its object with "kind", asp_out_end closes and writes it. */
void asp_out_begin(AspOut *o, const char *kind);
void asp_out_end(AspOut *o);
/* The atoms' names: blank-separated in text, JSON strings in an open JSON array. */
void asp_out_atoms(AspOut *o, const AspProgram *p, const AspAtom *atoms, size_t n);
/* The atoms' names blank-separated into out, each followed by '.' when dot (the competition
 * format); touches nothing else (the search threads call it). */
void asp_out_names(Buf *out, const AspProgram *p, const AspAtom *atoms, size_t n, bool dot);
/* The atoms as the JSON array under key. */
void asp_out_atom_array(AspOut *o, const char *key, const AspProgram *p, const AspAtom *atoms,
                        size_t n);
/* An AspModelFn: "Answer: k" and the atoms, or a JSON "model" line; with -q (quiet 2) in
 * text only the count. */
bool asp_out_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n);
/* The text hooks standing for asp_out_model(o, ...) (asp.h: the models' atoms made into text
 * on the search threads), filled into t; NULL in JSON, which asp_out_model writes itself, and
 * with -q (quiet 2), where there is no text to make. */
const AspModelText *asp_out_text(AspOut *o, AspModelText *t);
/* Does asp_out_model only count the models (-q in text: AspSolveOptions.count_only)? */
bool asp_out_counts_only(const AspOut *o);

/* A bound [lo, hi] of s as its true and undefined shown atoms (tmp: room for twice the
 * program's atoms); in JSON, the last fields of the line the caller began. */
void asp_out_bound(AspOut *o, const AspSolver *s, const Word *lo, const Word *hi, AspAtom *tmp);
/* The result of an enumeration as clingo prints it: SATISFIABLE, UNSATISFIABLE or UNKNOWN
 * (ERROR), then Models (with + unless every model was found) and Calls; for a shard, then
 * which shard and its cubes (of all the shards' cubes). */
void asp_out_result(AspOut *o, AftStatus r, const AspStats *st);

/* #minimize.  An AspOptModelFn: as asp_out_model, then "Optimization: c1 .. ck" (JSON
 * "costs", and "optimal": true for optN's optimal models, whose numbering starts again at 1
 * as clingo's does). */
bool asp_out_opt_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n,
                       const int64_t *costs, size_t ncosts, bool optimal);
/* The result of an optimisation as clingo prints it: OPTIMUM FOUND, SATISFIABLE,
 * UNSATISFIABLE or UNKNOWN, then Models (with + unless every model was found or the optimum
 * proved), Optimum, Optimal (optN, when all optimal models were found) and Optimization. */
void asp_out_opt_result(AspOut *o, AftStatus r, const AspStats *st, const AspOptResult *res,
                        AspOptMode mode);

/* --enum-mode brave|cautious (asp/brave.h).  An AspConseqFn (ctx: the AspOut): a step's set
 * as a model (the "Answer: k" line and the atoms, or the JSON "model" line), then
 * "Consequences: [lower;upper]"; the counts are kept for the result. */
bool asp_out_conseq_step(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n,
                         size_t lower, size_t upper);
/* The result as clingo prints it: the enumeration's, then "Brave" or "Cautious" (yes, or
 * unknown when a limit stopped it), with #minimize (opt not NULL: the proved optimum; steps
 * among the optimal models) "Optimum", "Optimal" and "Optimization", and "Consequences" (the
 * count, or the last step's lower+ when unknown). */
void asp_out_conseq_result(AspOut *o, AftStatus r, const AspStats *st, bool brave,
                           const AspOptResult *opt, size_t steps);

/* --compare-consequences: the bound of `what` checked against clingo's consequences q (k,
 * with the refuting atoms bad). */
void asp_out_consequences(AspOut *o, const AspSolver *s, const char *what,
                          const ProcConsequences *q, const ProcBoundCheck *k, const AspAtom *bad);

/* Which solver answered the models, for --stats. */
typedef struct AspOutSolver {
    ProcSolverKind kind;          /* the one that answered */
    const ProcAuto *how;          /* why (how->why NULL: no reason to give), clingo's counts */
    const char *chooser;          /* "auto" or "race": which gave the reason */
} AspOutSolver;
/* --stats, written to `to`: the program's and the solver's sizes, the engine's counts, the
 * solver that answered (solver NULL: no models were asked for) and the times since t0
 * (limits_clock). */
void asp_out_stats(AspOut *o, const AspSolver *s, const AspStats *st,
                   const AspOutSolver *solver, double t0, FILE *to);

/* asp_outf.c, clingo's JSON layout (--outf=2): the object opened with "Solver", "Input"
 * (the files; none: stdin) and the one call's "Witnesses"; a model in it (c NULL: no costs;
 * conseq: a step of the consequences, with their counts);
 * each part of a witness (its "Value"; its "Costs" and "Consequences") is written, kept or
 * dropped by its level of --quiet=M,C, as the text's lines; the object closed with the result,
 * the models found, whether more may exist, and with #minimize what is known of the optimum
 * (NULL: no #minimize).  asp_outf_end does nothing when the object is not open. */
typedef struct AspOutfOpt {
    bool have_best, proved;
    size_t optimal;               /* the optimal models printed (0: optimum not proved) */
    const int64_t *best;
    size_t levels;
} AspOutfOpt;
void asp_outf_begin(AspOut *o, const char *const *files, size_t nfiles);
void asp_outf_witness(AspOut *o, const AspProgram *p, const AspAtom *atoms, size_t n,
                      const int64_t *c, size_t ncosts, bool conseq);
void asp_outf_end(AspOut *o, const char *result, size_t models, bool more, const AspOutfOpt *opt);
/* Closes the object asp_outf_end left open for the statistics (--stats), if it did. */
void asp_outf_close(AspOut *o);
/* Frees what asp_outf_witness kept. */
void asp_outf_free(AspOut *o);

#endif
