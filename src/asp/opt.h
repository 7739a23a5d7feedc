/* opt.h: #minimize natively: costs of models (one sum per priority level, highest priority
 * first, as clingo prints them) and the branch and bound on cost on top of the stable-model
 * search: a bound whose least possible cost is no better than the best model's is pruned. */
#ifndef FIX_ASP_OPT_H
#define FIX_ASP_OPT_H

#include "asp/asp.h"

/* --opt-mode: opt, the improving models up to the optimum; optN, then every optimal model;
 * enum, every model within the bound (none given: every model), each with its costs. */
typedef enum { ASP_OPT_OPT, ASP_OPT_OPTN, ASP_OPT_ENUM } AspOptMode;

/* What an optimisation is asked: the mode and an initial bound, --opt-mode=MODE,B1,..,Bk:
 * a model's costs at most (B1, .., Bk) lexicographically on the k highest levels (values
 * past the program's levels ignored; k = 0: no bound).  opt and optN look for the optimum
 * among those models, enum enumerates them. */
typedef struct AspOptGoal {
    AspOptMode mode;
    const int64_t *bound;
    size_t nbound;
    bool core_guided;             /* --opt-strategy=usc: by unsatisfiable cores (usc.c) */
} AspOptGoal;

typedef struct AspOptimizer AspOptimizer;

AspOptimizer *asp_opt_new(AspSolver *s);          /* NULL when no #minimize */
void asp_opt_free(AspOptimizer *z);
size_t asp_opt_levels(const AspOptimizer *z);
void asp_opt_cost(const AspOptimizer *z, const Word *x, int64_t *out);
int asp_cost_cmp(const int64_t *a, const int64_t *b, size_t n);

/* The cost propagator attached to z's solver with z's literals and no bound (detach it with
 * asp_cost_detach), and the function whose search hooks the branch and bound runs with (S_P
 * with the spent hook of the cost bound): for a search of one's own by cubes (cubeopt.c). */
void asp_opt_attach(AspOptimizer *z);
const AftFunction *asp_opt_function(const AspOptimizer *z);
/* The goal's bound over z's levels in out (nlevels entries), the same models within it:
 * a level past the goal's at the most that level can cost, so that it bounds nothing; past
 * a level whose value no cost reaches (every cost is below it), every level so; a value
 * below the least its level can cost as that least less one (no model is within, whatever
 * the levels after it).  False when the goal has no bound. */
bool asp_opt_goal_bound(const AspOptimizer *z, const AspOptGoal *goal, int64_t *out);

typedef bool (*AspOptModelFn)(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n,
                              const int64_t *costs, size_t ncosts, bool optimal);

typedef struct AspOptResult {
    bool have_best, proved;
    size_t optimal;
    bool optimal_complete;
    int64_t *best;                /* `levels` entries, allocated */
    size_t levels;
} AspOptResult;

/* Branch and bound on cost: each model better than every one before it (and within the
 * goal's bound) goes to fn (with optimal false); with ASP_OPT_OPTN and the optimum proved,
 * then every optimal model (optimal true; each projection once when the program has
 * #project).  With ASP_OPT_ENUM every model within the bound goes to fn (optimal false; each
 * projection once), and the optimum is proved when all were found: res->best is the least
 * cost among them.  o->max_models counts the models of the last phase.  res->best is
 * allocated (free it with asp_opt_result_free). */
AftStatus asp_optimize(AspSolver *s, AspOptimizer *z, const AspSolveOptions *o,
                       const AspOptGoal *goal, AspOptModelFn fn, void *ctx, AspStats *st,
                       AspOptResult *res);
void asp_opt_result_free(AspOptResult *res);

/* usc.c: the optimum by unsatisfiable cores (OLL), level by level, as asp_optimize gives it
 * (the models that improve, OPTIMUM with res->proved, optN's optimal models after).  It
 * applies to opt and optN with no initial bound, on a program whose rules are still there;
 * *failed when it could not go on (a weight too large for a rule, or a check of its own that
 * failed): then nothing was proved and the caller runs asp_optimize instead. */
bool asp_optimize_usc_applies(const AspSolver *s, const AspOptGoal *goal);
AftStatus asp_optimize_usc(AspSolver *s, const AspSolveOptions *o, const AspOptGoal *goal,
                           AspOptModelFn fn, void *ctx, AspStats *st, AspOptResult *res,
                           bool *failed);

#endif
