/* backend.h: clingo as fix's back end (paper Figure 4): the branch and bound with a budget
 * narrows the program down to a few Final bounds, clingo solves each, the answers are
 * combined (backend.c); the native search with #project and #minimize (way.c); and the
 * choice between the two (`--solver auto`, auto.c, deterministic; `--solver race`,
 * portfolio.c). */
#ifndef FIX_PROC_BACKEND_H
#define FIX_PROC_BACKEND_H

#include "asp/asp.h"
#include "asp/opt.h"

typedef enum {
    PROC_SOLVER_AUTO, PROC_SOLVER_NATIVE, PROC_SOLVER_CLINGO, PROC_SOLVER_RACE
} ProcSolverKind;

/* Defaults of the branch and bound in front of clingo. */
#define PROC_CLINGO_BUDGET 4
#define PROC_CLINGO_ROUNDS 8
/* auto: the native search's work budget, in conflicts: spent, the program goes to clingo.
 * About 10 to 30 s of the native search's learning (30 000 to 100 000 conflicts a second on
 * the bench programs, all of which it answers within 140 000; TSP-16's optimum takes 715 000). */
#define PROC_AUTO_CONFLICTS 1000000
/* auto and race: the bytes of models the native search may hold back while clingo may still
 * answer (about 10 000 small models); past them it prints them and answers alone. */
#define PROC_AUTO_HOLD_BYTES ((size_t)1 << 20)
/* race: the native search runs this many nice steps below clingo, so that on a machine whose
 * cores are busy clingo is not slowed by its rival (on idle cores it changes nothing). */
#define PROC_AUTO_NICE 10
/* auto: no race when the well-founded bound leaves at most one atom in this many open. */
#define PROC_AUTO_WF_OPEN 100

typedef struct ProcClingoOptions {
    size_t max_models;            /* 0: all */
    const AftOptions *aft;        /* the user's engine options (limits, split) */
    size_t budget, rounds;        /* K and T of the branch and bound (0: the defaults) */
    size_t hand_over;             /* auto: the native search's budget of conflicts before it
                                     hands over to clingo (0: none, it never does) */
    Limits *limits;               /* polled while clingo runs */
    bool allow_scripts;           /* --allow-scripts: clingo runs without its sandbox */
} ProcClingoOptions;

typedef struct ProcClingoStats {
    size_t calls;                 /* clingo runs */
    size_t final_bounds;          /* Final of the branch and bound */
    size_t native_models;         /* Final bounds that were stable models already */
} ProcClingoStats;

/* An optimisation: the mode, where the models go (with their costs), and the result
 * (res->best is allocated: asp_opt_result_free). */
typedef struct ProcOptAsk {
    AspOptGoal goal;              /* the mode and the initial bound */
    AspOptModelFn fn;             /* not NULL */
    void *ctx;
    AspOptResult *res;
} ProcOptAsk;

/* Stable models of s's program through clingo, each given to fn once (shown atoms in print
 * order, as asp_solve does; with #project, one model per projection).  AFT_OK when done (st->complete says whether all were found),
 * AFT_LIMIT when stopped by a limit, AFT_ERROR with the reason in err (clingo missing or
 * failing). */
AftStatus proc_solve_clingo(AspSolver *s, const ProcClingoOptions *o, AspModelFn fn, void *ctx,
                            AspStats *st, ProcClingoStats *cst, Buf *err);
/* #minimize through clingo: each Final bound optimised by clingo, from the best cost so far
 * (--opt-mode=opt,BEST); the optimum is proved when every bound was searched to the end; for
 * optN then every bound's optimal models (--opt-mode=enum,BEST). */
AftStatus proc_optimize_clingo(AspSolver *s, const ProcClingoOptions *o, const ProcOptAsk *ask,
                               AspStats *st, ProcClingoStats *cst, Buf *err);

/* The native search: asp_solve, or with #project asp_solve_projected; and asp_optimize. */
AftStatus proc_solve_native(AspSolver *s, const AspSolveOptions *so, AspModelFn fn, void *ctx,
                            AspStats *st);
AftStatus proc_optimize_native(AspSolver *s, const AspSolveOptions *so, const ProcOptAsk *ask,
                               AspStats *st);

/* --solver auto, the default, whose answer is a function of the input and the options: clingo
 * when the native search does not handle the program (theory statements); the native search
 * alone when the well-founded bound leaves at most one atom in PROC_AUTO_WF_OPEN open or
 * shows that there is no stable model;
 * else the native search with a budget of co->hand_over conflicts (PROC_AUTO_CONFLICTS by
 * default; 0: no budget) and its models held
 * back: ended within it, it answers; the budget spent, its models are dropped and clingo as
 * the back end answers (one clingo call on the program partially evaluated under its
 * well-founded bound, unless --budget/--rounds are given; if clingo fails before its first
 * model, the native search again without a budget).  Held models past PROC_AUTO_HOLD_BYTES
 * are printed and the search goes on without a budget.  A limit (--timeout, Ctrl-C) stops
 * the native search soundly with its models so far, or clingo's run.  how says which and
 * why. */
typedef struct ProcAuto {
    ProcSolverKind kind;
    const char *why;              /* a constant, or note */
    char note[240];               /* why, when it quotes clingo's failure */
    ProcClingoStats clingo;
} ProcAuto;
AftStatus proc_solve_auto(AspSolver *s, const AspSolveOptions *so, const ProcClingoOptions *co,
                          AspModelFn fn, void *ctx, AspStats *st, ProcAuto *how, Buf *err);
/* The same for an optimisation (the native side: the branch and bound on cost). */
AftStatus proc_optimize_auto(AspSolver *s, const AspSolveOptions *so, const ProcClingoOptions *co,
                             const ProcOptAsk *ask, AspStats *st, ProcAuto *how, Buf *err);

/* --solver race: as auto, but a program that needs a search is raced on two processes:
 * clingo as the back end in a forked copy of fix (one call, as above) against the native
 * search here, whose models are held back.  The first to answer (run to its end, or to the
 * models asked for) prints, the other is stopped; the native search prints at once when its
 * held models pass PROC_AUTO_HOLD_BYTES, or when clingo failed (not installed: then it answers
 * alone).  A limit (--timeout, Ctrl-C) stops both and the native search's models stand.
 * Which one answers depends on the machine's load, so the output may differ between runs. */
AftStatus proc_solve_race(AspSolver *s, const AspSolveOptions *so, const ProcClingoOptions *co,
                          AspModelFn fn, void *ctx, AspStats *st, ProcAuto *how, Buf *err);
AftStatus proc_optimize_race(AspSolver *s, const AspSolveOptions *so, const ProcClingoOptions *co,
                             const ProcOptAsk *ask, AspStats *st, ProcAuto *how, Buf *err);

#endif
