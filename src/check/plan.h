/* plan.h: a query as the checker hands it to the driver: its target resolved to a symbol,
 * its expressions checked and compiled to chunks, its options validated and typed.  The
 * driver (run.c) executes plans and never reads the query's syntax tree. */
#ifndef FIX_PLAN_H
#define FIX_PLAN_H

#include "front/ast.h"
#include "code/ir.h"
#include "lattice/lattice.h"
#include "code/types.h"

/* A closed expression of a query (the value of `show`, an end of `from [lo .. hi]`). */
typedef struct PlanExpr {
    Loc loc;
    Type type;                 /* its checked type (an end of `from`: the query's lattice) */
    const Expr *expr;          /* checked, for the compiler */
    size_t nlocals;            /* frame words it needs */
    Chunk *chunk;              /* compiled by the context after checking */
} PlanExpr;

typedef struct QueryPlan {
    QueryKind kind;
    Loc loc;                   /* the whole query */
    Loc target_loc;            /* its function, program or Galois insertion */
    FnSym *fn;                 /* fixpoints, lfp, gfp, approx, refine, bnb, check f ... */
    const Lattice *L;          /* fn's lattice (L -> L) */
    GaloisSym *galois;         /* the G of `check galois G` (`via G` is opt.via) */
    Loc via_loc;               /* the G of `via G` */
    ProgramSym *program;       /* stable P */
    PlanExpr *show;            /* show e */
    PlanExpr *from_lo, *from_hi;   /* the start interval; NULL: [bot, top] */
    QueryOptions opt;          /* its options (code/types.h) */
} QueryPlan;

QueryPlan *plan_new(QueryKind kind, Loc loc);
PlanExpr *plan_expr_new(const Expr *e, const Type *type, size_t nlocals);
/* Frees the plan, its expressions and their chunks. */
void plan_free(QueryPlan *p);

#endif
