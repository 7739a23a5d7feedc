/* backend.h: clingo as fix's back end (paper Figure 4): the branch and bound with a budget
 * narrows the program down to a few Final bounds, clingo solves each, the answers are
 * combined (backend.c); the native search with #project and #minimize; and the choice
 * between the two (`--solver auto`, auto.c). */
#ifndef FIX_ASP_BACKEND_H
#define FIX_ASP_BACKEND_H

#include "asp/asp.h"
#include "asp/opt.h"

typedef enum { ASP_SOLVER_AUTO, ASP_SOLVER_NATIVE, ASP_SOLVER_CLINGO } AspSolverKind;

/* Defaults of the branch and bound in front of clingo. */
#define ASP_CLINGO_BUDGET 4
#define ASP_CLINGO_ROUNDS 8
/* auto: the native search's probe, in applications of F (the first model of queens-12 needs
 * 103; random 3-SAT with 200 variables, unsatisfiable, 72 639 with learning, 1.7 s against
 * clingo's 0.7 s; queens-30 gets no model in 100 000, whose learnt nogoods make them cost
 * 10 s).  Small enough that a hard search hands over to clingo within about 0.3 s. */
#define ASP_AUTO_PROBE_STEPS 20000

typedef struct AspClingoOptions {
    size_t max_models;            /* 0: all */
    const AftOptions *aft;        /* the user's engine options (limits, split) */
    size_t budget, rounds;        /* K and T of the branch and bound (0: the defaults) */
    Limits *limits;               /* polled while clingo runs */
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

/* --solver auto: clingo when the native search does not handle the program (disjunction
 * that is not head-cycle-free, #edge, theory); else the native search runs with a cap of
 * ASP_AUTO_PROBE_STEPS applications of F (or 4 per lattice atom, when more: a first model
 * may need a search that deep) until its first model, printing what
 * it finds: once it finds a model the cap is lifted and it goes on to the end; when the cap
 * stops it before any model, the search is hard and clingo solves the program.  how says
 * which and why. */
typedef struct AspAuto {
    AspSolverKind kind;
    const char *why;
    AspClingoStats clingo;
} AspAuto;
AftStatus asp_solve_auto(AspSolver *s, const AspSolveOptions *so, const AspClingoOptions *co,
                         AspModelFn fn, void *ctx, AspStats *st, AspAuto *how, Buf *err);
/* The same choice for an optimisation (the probe runs until the first model of the branch
 * and bound on cost). */
AftStatus asp_optimize_auto(AspSolver *s, const AspSolveOptions *so, const AspClingoOptions *co,
                            const AspOptAsk *ask, AspStats *st, AspAuto *how, Buf *err);

#endif
