/* run_internal.h: what the driver's files share: run.c (the session, dispatch), run_output.c
 * (reporting), run_function.c (a declared function as the engine sees it, options, tracing),
 * run_fixpoints.c (fixpoints, lfp/gfp), run_engine.c (approx, refine, bnb: the door into the
 * engine), run_check.c (the checks), run_reals.c (verdicts on reals) and run_stable.c
 * (stable models).  Nothing outside the driver includes it. */
#ifndef FIX_RUN_INTERNAL_H
#define FIX_RUN_INTERNAL_H

#include "app/run.h"

#include "code/absvm.h"
#include "aft/aft.h"
#include "aft/galois.h"
#include "report/dot.h"
#include "report/report.h"

/* Enumerations (checks; fixpoints up to FIXPOINTS_LIMIT_LOG2, whose elements --jobs N
 * spreads over threads) stop beyond this many elements with an error. */
enum { ENUM_LIMIT_LOG2 = 22, FIXPOINTS_LIMIT_LOG2 = 24, CHECK_SAMPLES = 20000 };

/* A declared function seen by the engine: calls go through the context's VM; derived
 * envelopes through the interval evaluator `abs` (NULL: none, brute force instead), with
 * counts of the envelope calls it answered and of those it gave up on.  On a lattice that is
 * not finite, f rounded down or up (AftFunction.rounded) is an end of the evaluator's
 * enclosure of f(x); `unrounded` counts the points where it gave up and f's floating-point
 * value stood in; verdicts on boxes (run_reals.c) use an evaluator of their own in total
 * mode, `exact` (NULL on a finite lattice), and `monotone` says f's envelope is its
 * `monotone` annotation (then Knaster-Tarski proves a fixed point in a box f maps into
 * itself). */
typedef struct FnCtx {
    Context *context;
    const FnSym *fn;
    Loc where;
    EnvelopeChoice envelope;      /* the query's `envelope` option (AUTO when not given) */
    AbsVm *abs, *exact;
    bool monotone;
    size_t derived, gave_up, unrounded;
    Vm *vm;                       /* a worker's own VM (run_workers.c), or NULL: the context's */
} FnCtx;

/* Lattices of at most 2^BRUTE_AUTO_LOG2 elements get brute-force envelopes by default (the
 * engine's default brute_limit); larger ones derived envelopes. */
enum { BRUTE_AUTO_LOG2 = 16 };

/* Where engine events go: the trace, the --dot tree, and a progress line on stderr for runs
 * longer than a second (only when stderr is a terminal). */
typedef struct TraceCtx {
    Session *s;
    const Lattice *L;
    bool trace;
    DotTree *tree;
    bool progress;
    double start, last_shown;
    size_t round, bounds, finals;
    bool shown;
} TraceCtx;

/* What a query that runs the engine on a declared function asks of it, a query statement
 * (run_engine_ask) or a value inside an expression alike: the door of run_engine.c takes it,
 * and run_trust checks what it relies on. */
typedef struct EngineAsk {
    QueryKind kind;               /* approx, refine, bnb (lfp, gfp: run_trust only) */
    FnSym *fn;                    /* the context's own symbol: run_trust records its checks */
    const QueryOptions *opt;
    Loc loc, target_loc, via_loc; /* the query (errors, limits), its function, its `via G` */
    const PlanExpr *from_lo, *from_hi;   /* a statement's start interval (NULL: [bot, top]) */
} EngineAsk;

/* The four maps of a declared Galois insertion, called through the VM. */
typedef struct GaloisCtx { Context *context; const GaloisSym *g; Loc where; } GaloisCtx;

/* run_output.c: reporting a query's result or why it stopped (at: the query, or the expression). */
void session_emit(Session *s, const QueryResult *r);
bool session_emit_hasse(Session *s, const QueryPlan *plan, const Lattice *L, const Word *lo,
                        const Word *hi, const BoundList *points);
void session_emit_tree(Session *s, const QueryPlan *plan, DotTree *tree, const BoundList *points);
bool session_stopped(Session *s, Loc at);
bool session_engine_error(Session *s, Loc at, Buf *err);
const char *run_stop_reason_text(const char *stopped_by);

/* run_function.c: functions and Galois insertions as the engine sees them, engine options and
 * tracing. */
void run_fn_as_aft(AftFunction *f, FnCtx *ctx);
/* f(x) through the VM (AftFunction.eval), and f over [lo, hi] (AftFunction.each). */
bool run_fn_eval(void *ctx, const Word *x, Word *out);
bool run_fn_each(void *ctx, const Word *lo, const Word *hi,
             bool (*visit)(void *vctx, const Word *x, const Word *fx), void *vctx, size_t *calls);
/* The envelope f uses, for reports: NULL when it is today's default for ctx's function (no
 * `envelope` option and not derived), else "derived", "derived+brute" (some intervals fell
 * back to brute force), "brute", "declared", "monotone" or "antitone". */
const char *run_fn_envelope_note(const AftFunction *f, const FnCtx *ctx);
/* The envelope used, always: "declared", "monotone", "antitone", "brute", "derived" or
 * "derived+brute" (for JSON). */
const char *run_fn_envelope_name(const AftFunction *f, const FnCtx *ctx);
void run_galois_as_aft(AftGalois *ag, GaloisCtx *ctx);
void run_trace_init(TraceCtx *t, Session *s, const Lattice *L, bool trace);
void run_trace_done(TraceCtx *t);
/* The engine's options for one call from a query's (q), the session's limits and flags. */
void run_engine_options(Session *s, const QueryOptions *q, AftOptions *o, Buf *err, TraceCtx *trace);

/* run_workers.c: the workers of --jobs N for a query on a declared function (each its own
 * VM, evaluators, limits and AftFunction; docs/architecture.md, "Threads"). */
typedef struct RunWorkers RunWorkers;
/* The jobs a query runs with: its `jobs N`, else --jobs, else the cores it may use. */
unsigned run_jobs(const Session *s, const QueryOptions *q);
/* jobs workers copying main (its function, envelope choice, place); NULL when jobs <= 1. */
RunWorkers *run_workers_new(Session *s, const FnCtx *main, unsigned jobs);
AftWorkers *run_workers_aft(RunWorkers *w);          /* NULL for NULL */
FnCtx *run_workers_ctx(RunWorkers *w, unsigned k);    /* worker k's function context */
/* The workers for another task list after the engine's: the stop flag and the limits' hits
 * cleared (NULL for NULL). */
AftWorkers *run_workers_ready(RunWorkers *w);
/* Their counts (derived, gave_up, unrounded) added to main's and cleared (w may be NULL). */
void run_workers_join(RunWorkers *w, FnCtx *main);
/* Frees them (w may be NULL), adding their counts to main's (run_workers_join). */
void run_workers_free(RunWorkers *w, FnCtx *main);

/* run_checkpoint.c: --checkpoint FILE and --resume FILE of a bnb query (docs/parallel.md,
 * "Checkpoints"). */
typedef struct RunCheckpoint {
    Session *s;                   /* NULL: neither option given */
    FnCtx *fn;                    /* the query's function: its counters are saved too */
    RunWorkers *workers;
    const Lattice *L;
    uint64_t program, query;      /* the digests of the sources read and of the query */
    AftCheckpoint c;              /* what the engine is given (AftOptions.checkpoint) */
    AftSnapshot snap;             /* the one --resume read */
    size_t counters[3];           /* the function's derived, gave_up, unrounded it read */
    bool loaded;                  /* snap is this query's: the run resumes from it */
    bool failed;                  /* a write failed (reported once): no more are tried */
} RunCheckpoint;
/* Sets o->checkpoint for a bnb query on fn (its workers, lattice L) when --checkpoint or
 * --resume was given; with --resume the file is read, and when it holds this query's
 * snapshot the run starts from it (fn's counters restored).  False (reported) when the file
 * cannot be read, is not a checkpoint, or was written for other sources. */
bool run_checkpoint_begin(RunCheckpoint *cp, Session *s, const QueryPlan *plan, AftOptions *o,
                          FnCtx *fn, RunWorkers *workers, const Lattice *L);
void run_checkpoint_end(RunCheckpoint *cp);

/* run_fixpoints.c: fixpoints, lfp and gfp. */
bool run_fixpoints(Session *s, const QueryPlan *plan, FnSym *fn);
bool run_kleene(Session *s, const QueryPlan *plan, FnSym *fn);

/* run_engine.c: the one door into the engine for approx, refine and bnb, asked by a query
 * statement (run_refine, run_bnb) or by a value inside an expression. */
/* The statement's request (its options and locations point into plan). */
EngineAsk run_engine_ask(const QueryPlan *plan);
bool run_refine(Session *s, const QueryPlan *plan);
bool run_bnb(Session *s, const QueryPlan *plan);
/* approx(f) inside an expression (the VM's host, ctx the Session): IR([bot, top]) into lo,
 * hi (refine(f, lo, hi): from [from_lo, from_hi]); false after an error, or when a limit
 * stopped it. */
bool run_value_approx(void *ctx, const FnSym *fn, const Word *from_lo, const Word *from_hi, Word *lo, Word *hi,
                      Loc where);
/* bnb(f) inside an expression: its fixed points and Final (a finite lattice). */
bool run_value_bnb(void *ctx, const FnSym *fn, const QueryOptions *opts, const Word *from_lo, const Word *from_hi,
                   VmBnb *out, Loc where);
/* stable(P) in an expression: the VM's host (run_stable.c). */
bool run_value_stable(void *ctx, const ProgramSym *ps, const Lattice *L, Word **models, size_t *n, Loc where);

/* run_reals.c: the verdict on a box no wider than the tolerance, the judge hook of a
 * function of a lattice that is not finite (ctx its FnCtx, with `exact`): VERDICT_FIXED with
 * the element f fixes exactly in point, VERDICT_ENCLOSED, VERDICT_NEAR or VERDICT_NONE. */
void reals_judge(void *ctx, const Word *lo, const Word *hi, VerdictKind *kind, Word *point);
/* AftFunction.contract for a function of reals (ctx a FnCtx): Krawczyk's test
 * (code/krawczyk.h) on [lo, hi], AFT_INVALID when it shows no fixed point there, else [lo, hi]
 * narrowed to K(X) meeting X, repeated while that narrows it by half (Newton's quadratic
 * convergence near a regular fixed point), but never below half the tolerance (a box a few
 * ulps wide is too narrow for the test to prove it again, as the judge must). */
AftStatus reals_contract(void *ctx, const Word *lo, const Word *hi, Word *nlo, Word *nhi);
/* The verdict on each of bnb's fixed points on a lattice that is not finite, the same way
 * (also from the boxes of Final inside one); those judged VERDICT_NONE are dropped and near
 * ones within a tolerance step of another are folded into it (points, each one's region, is
 * rewritten).  claims gets, per point, the box its verdict is about: [x, x] for the element
 * f fixes, the box proved to hold one, or the region.  Returns the kinds (mem_alloc'd).
 * With workers (wk: the function contexts of jobs > 1 of them, run_workers_ctx, ready for
 * another task list) the verdicts on the points are made on that many threads, each on its
 * worker's interval evaluator, into a slot per point (the same verdicts: util/workpool). */
VerdictKind *reals_classify(const AftFunction *f, const FnCtx *fc, const BoundList *final,
                            BoundList *points, BoundList *claims, const FnCtx *const *wk,
                            unsigned jobs);
/* Does the exact fn (one parameter) map x to x, with no rounding on the way?  (False also
 * when the interval evaluator gives up.) */
bool reals_fixes_exactly(const FnSym *fn, Limits *limits, const Word *x);
/* lfp/gfp on a lattice that is not finite: does the iteration of the exact monotone fn from
 * bot (least) or top, each step an end of the evaluator's enclosure (rounded down for lfp,
 * up for gfp, joined with the iterate), reach x within `steps` steps?  Every such iterate is
 * below the least (above the greatest) fixed point, so when fn fixes x exactly, x is it.
 * `reached` gets the last iterate, a sound bound of that fixed point either way. */
bool reals_iteration_reaches(const FnSym *fn, Limits *limits, const Word *x, bool least,
                             size_t steps, Word *reached);
/* Is fn a function of one real (a `real` lattice) whose code is continuous: only + - *,
 * negation, min, max, abs, constants and calls of such functions (no branch, comparison or
 * division)?  Then a sign change of f(x) - x over an interval proves a fixed point in it. */
bool reals_continuous(const FnSym *fn);

/* run_check.c: check f monotone | antitone, check envelope f, check galois G. */
bool run_check_tone(Session *s, const QueryPlan *plan, FnSym *fn);
bool run_check_envelope(Session *s, const QueryPlan *plan, FnSym *fn);
bool run_check_galois(Session *s, const QueryPlan *plan);
/* Before a query relies on fn's annotation or declared envelope, or on `via G`: checks each
 * once a session.  False after an error naming a counterexample; *assumption (mem_alloc'd,
 * or NULL) says what could only be sampled, for the result to say it rests on it. */
bool run_trust(Session *s, const EngineAsk *ask, char **assumption);

/* run_stable.c: stable P. */
bool run_stable(Session *s, const QueryPlan *plan);

#endif
