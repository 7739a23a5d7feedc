/* opt.h: #minimize natively: costs of models (one sum per priority level, highest priority
 * first, as clingo prints them) and the branch and bound on cost on top of the stable-model
 * search: a bound whose least possible cost is no better than the best model's is pruned. */
#ifndef FIX_ASP_OPT_H
#define FIX_ASP_OPT_H

#include "asp/asp.h"

typedef enum { ASP_OPT_OPT, ASP_OPT_OPTN } AspOptMode;

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

typedef bool (*AspOptModelFn)(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n,
                              const int64_t *costs, size_t ncosts, bool optimal);

typedef struct AspOptResult {
    bool have_best, proved;
    size_t optimal;
    bool optimal_complete;
    int64_t *best;                /* `levels` entries, allocated */
    size_t levels;
} AspOptResult;

/* Branch and bound on cost: each model better than every one before it goes to fn (with
 * optimal false); with ASP_OPT_OPTN and the optimum proved, then every optimal model (optimal
 * true; each projection once when the program has #project).  o->max_models counts the
 * models of the last phase.  res->best is allocated (free it with asp_opt_result_free). */
AftStatus asp_optimize(AspSolver *s, AspOptimizer *z, const AspSolveOptions *o, AspOptMode mode,
                       AspOptModelFn fn, void *ctx, AspStats *st, AspOptResult *res);
void asp_opt_result_free(AspOptResult *res);

#endif
