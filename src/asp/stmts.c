/* stmts.c: the statements of a ground program besides rules: #minimize, #project, and the
 * #heuristic, #edge and theory statements kept opaque for writing back. */
#include "asp/internal.h"

void asp_statements_free(AspProgram *p)
{
    VEC_FREE(p->mins);
    VEC_FREE(p->wlits);
    VEC_FREE(p->projected);
    VEC_FREE(p->opaque);
    VEC_FREE(p->theory_off);
    VEC_FREE(p->toks);
    buf_free(&p->strs);
}

void asp_add_minimize(AspProgram *p, int64_t priority, const AspWLit *lits, size_t n)
{
    AspStmt m = { .kind = STMT_MINIMIZE, .priority = priority,
                  .start = (uint32_t)p->wlits.count, .count = (uint32_t)n };
    for (size_t i = 0; i < n; i++) VEC_PUSH(p->wlits, lits[i]);
    VEC_PUSH(p->mins, m);
}

size_t asp_minimize_count(const AspProgram *p) { return p->mins.count; }

const AspWLit *asp_minimize_get(const AspProgram *p, size_t i, int64_t *priority, size_t *n)
{
    const AspStmt *m = &p->mins.items[i];
    *priority = m->priority;
    *n = m->count;
    return p->wlits.items + m->start;
}

void asp_add_project(AspProgram *p, const AspAtom *atoms, size_t n)
{
    p->has_project = true;
    for (size_t i = 0; i < n; i++) VEC_PUSH(p->projected, atoms[i]);
}

bool asp_has_project(const AspProgram *p) { return p->has_project; }

void asp_minimize_clear(AspProgram *p) { p->mins.count = 0; }

void asp_project_clear(AspProgram *p)
{
    p->has_project = false;
    p->projected.count = 0;
}

const AspAtom *asp_project_atoms(const AspProgram *p, size_t *n)
{
    *n = p->projected.count;
    return p->projected.items;
}

void asp_add_theory_off(AspProgram *p, AspAtom a)
{
    VEC_PUSH(p->theory_off, a);
}

void asp_add_opaque(AspProgram *p, AspStmtKind kind, const AspTok *toks, size_t n)
{
    AspStmt s = { .kind = kind, .start = (uint32_t)p->toks.count, .count = (uint32_t)n };
    for (size_t i = 0; i < n; i++) VEC_PUSH(p->toks, toks[i]);
    VEC_PUSH(p->opaque, s);
}

/* Rule r's kind and body noted in the features ctx (an AspRuleFn). */
static void note_features(void *ctx, const AspRule *r, const AspAtom *lits, const uint32_t *weights)
{
    (void)lits, (void)weights;
    AspFeatures *f = ctx;
    f->weights |= r->wts != ASP_NO_WEIGHTS;
    f->disjunction |= r->kind == ASP_DISJUNCTION;
}

void asp_program_features(const AspProgram *p, AspFeatures *f)
{
    *f = (AspFeatures){ .minimize = p->mins.count > 0, .project = p->has_project };
    asp_rules_each(p, note_features, f);
    for (size_t i = 0; i < p->opaque.count; i++) {
        AspStmtKind k = p->opaque.items[i].kind;
        f->heuristic |= k == STMT_HEURISTIC;
        f->edge |= k == STMT_EDGE;
        f->theory |= k == STMT_THEORY;
    }
}
