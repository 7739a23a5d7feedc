/* plan.c: making and freeing query plans (see plan.h). */
#include "check/plan.h"

#include "util/mem.h"

QueryPlan *plan_new(QueryKind kind, Loc loc)
{
    QueryPlan *p = mem_calloc(1, sizeof *p);
    p->kind = kind;
    p->loc = loc;
    p->opt = query_options_unset();
    return p;
}

PlanExpr *plan_expr_new(const Expr *e, const Type *type, size_t nlocals)
{
    PlanExpr *pe = mem_calloc(1, sizeof *pe);
    pe->loc = e->loc;
    pe->type = *type;
    pe->expr = e;
    pe->nlocals = nlocals;
    return pe;
}

static void plan_expr_free(PlanExpr *pe)
{
    if (!pe) return;
    if (pe->chunk) ir_chunk_free(pe->chunk);
    mem_free(pe);
}

void plan_free(QueryPlan *p)
{
    if (!p) return;
    plan_expr_free(p->show);
    plan_expr_free(p->from_lo);
    plan_expr_free(p->from_hi);
    mem_free(p);
}
