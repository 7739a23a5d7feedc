/* backend.h: clingo as fix's back end (paper Figure 4): the branch and bound with a budget
 * narrows the program down to a few Final bounds, clingo solves each, the answers are
 * combined (backend.c); the native search with #project and #minimize (way.c); and the
 * choice between the two (`--solver auto`, auto.c, deterministic; `--solver race`,
 * portfolio.c). */
#ifndef FIX_PROC_BACKEND_H
#define FIX_PROC_BACKEND_H

#include "asp/asp.h"
#include "asp/opt.h"

typedef enum { ASP_SOLVER_AUTO, ASP_SOLVER_NATIVE, ASP_SOLVER_CLINGO, ASP_SOLVER_RACE } AspSolverKind;

/* Defaults of the branch and bound in front of clingo. */
#define ASP_CLINGO_BUDGET 4
#define ASP_CLINGO_ROUNDS 8
/* auto: the native search's work budget, in conflicts: spent, the program goes to clingo.
 * About 10 to 30 s of the native search's learning (30 000 to 100 000 conflicts a second on
 * the bench programs, all of which it answers within 140 000; TSP-16's optimum takes 715 000). */
#define ASP_AUTO_CONFLICTS 1000000
/* auto and race: the bytes of models the native search may hold back while clingo may still
 * answer (about 10 000 small models); past them it prints them and answers alone. */
#define ASP_AUTO_HOLD_BYTES ((size_t)1 << 20)
/* race: the native search runs this many nice steps below clingo, so that on a machine whose
 * cores are busy clingo is not slowed by its rival (on idle cores it changes nothing). */
#define ASP_AUTO_NICE 10
/* auto: no race when the well-founded bound leaves at most one atom in this many open. */
#define ASP_AUTO_WF_OPEN 100

typedef struct AspClingoOptions {
    size_t max_models;            /* 0: all */
    const AftOptions *aft;        /* the user's engine options (limits, split) */
    size_t budget, rounds;        /* K and T of the branch and bound (0: the defaults) */
    size_t hand_over;             /* auto: the native search's budget of conflicts before it
                                     hands over to clingo (0: none, it never does) */
    Limits *limits;               /* polled while clingo runs */
    bool allow_scripts;           /* --allow-scripts: clingo runs without its sandbox */
} AspClingoOptions;

typedef struct AspClingoStats {
    size_t calls;                 /* clingo runs */
    size_t final_bounds;          /* Final of the branch and bound */
    size_t native_models;         /* Final bounds that were stable models already */
} AspClingoStats;

/* An optimisation: the mode, where the models go (with their costs), and the result
 * (res->best is allocated: asp_opt_result_free). */
typedef struct AspOptAsk {
    AspOptMode mode;
    AspOptModelFn fn;             /* not NULL */
    void *ctx;
    AspOptResult *res;
} AspOptAsk;

/* Stable models of s's program through clingo, each given to fn once (shown atoms in print
 * order, as asp_solve does; with #project, one model per projection).  AFT_OK when done (st->complete says whether all were found),
 * AFT_LIMIT when stopped by a limit, AFT_ERROR with the reason in err (clingo missing or
 * failing). */
AftStatus asp_solve_clingo(AspSolver *s, const AspClingoOptions *o, AspModelFn fn, void *ctx,
                           AspStats *st, AspClingoStats *cst, Buf *err);
/* #minimize through clingo: each Final bound optimised by clingo, from the best cost so far
 * (--opt-mode=opt,BEST); the optimum is proved when every bound was searched to the end; for
 * optN then every bound's optimal models (--opt-mode=enum,BEST). */
AftStatus asp_optimize_clingo(AspSolver *s, const AspClingoOptions *o, const AspOptAsk *ask,
                              AspStats *st, AspClingoStats *cst, Buf *err);

/* The native search: asp_solve, or with #project asp_solve_projected; and asp_optimize. */
AftStatus asp_solve_native(AspSolver *s, const AspSolveOptions *so, AspModelFn fn, void *ctx,
                           AspStats *st);
AftStatus asp_optimize_native(AspSolver *s, const AspSolveOptions *so, const AspOptAsk *ask,
                              AspStats *st);

/* --solver auto, the default, whose answer is a function of the input and the options: clingo
 * when the native search does not handle the program (disjunction that is not
 * head-cycle-free, #edge, theory); the native search alone when the well-founded bound
 * leaves at most one atom in ASP_AUTO_WF_OPEN open or shows that there is no stable model;
 * else the native search with a budget of co->hand_over conflicts (ASP_AUTO_CONFLICTS by
 * default; 0: no budget) and its models held
 * back: ended within it, it answers; the budget spent, its models are dropped and clingo as
 * the back end answers (one clingo call on the program partially evaluated under its
 * well-founded bound, unless --budget/--rounds are given; if clingo fails before its first
 * model, the native search again without a budget).  Held models past ASP_AUTO_HOLD_BYTES
 * are printed and the search goes on without a budget.  A limit (--timeout, Ctrl-C) stops
 * the native search soundly with its models so far, or clingo's run.  how says which and
 * why. */
typedef struct AspAuto {
    AspSolverKind kind;
    const char *why;              /* a constant, or note */
    char note[240];               /* why, when it quotes clingo's failure */
    AspClingoStats clingo;
} AspAuto;
AftStatus asp_solve_auto(AspSolver *s, const AspSolveOptions *so, const AspClingoOptions *co,
                         AspModelFn fn, void *ctx, AspStats *st, AspAuto *how, Buf *err);
/* The same for an optimisation (the native side: the branch and bound on cost). */
AftStatus asp_optimize_auto(AspSolver *s, const AspSolveOptions *so, const AspClingoOptions *co,
                            const AspOptAsk *ask, AspStats *st, AspAuto *how, Buf *err);

/* --solver race: as auto, but a program that needs a search is raced on two processes:
 * clingo as the back end in a forked copy of fix (one call, as above) against the native
 * search here, whose models are held back.  The first to answer (run to its end, or to the
 * models asked for) prints, the other is stopped; the native search prints at once when its
 * held models pass ASP_AUTO_HOLD_BYTES, or when clingo failed (not installed: then it answers
 * alone).  A limit (--timeout, Ctrl-C) stops both and the native search's models stand.
 * Which one answers depends on the machine's load, so the output may differ between runs. */
AftStatus asp_solve_race(AspSolver *s, const AspSolveOptions *so, const AspClingoOptions *co,
                         AspModelFn fn, void *ctx, AspStats *st, AspAuto *how, Buf *err);
AftStatus asp_optimize_race(AspSolver *s, const AspSolveOptions *so, const AspClingoOptions *co,
                            const AspOptAsk *ask, AspStats *st, AspAuto *how, Buf *err);

#endif
