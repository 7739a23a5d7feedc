/* explain_run.c: the interpretations that explanations are about, as per-atom values
 * (asp/explain.h's AspTruth): the well-founded bound and the stable models of a program,
 * each model over every program atom, hidden ones included (the search runs on the program
 * itself, never on a residual one, so the full model is at hand). */
#include "asp/explain.h"

#include "asp/internal.h"
#include "asp/search.h"

/* The values of x as a point (lo = hi = x) or of the bound [lo, hi]. */
static void values_of(const AspSolver *s, const Word *lo, const Word *hi, uint8_t *val)
{
    size_t n = asp_atom_count(s->prog);
    for (AspAtom a = 0; a < n; a++)
        val[a] = asp_solver_has(s, lo, a) ? ASP_IS_TRUE
               : asp_solver_has(s, hi, a) ? ASP_IS_UNDEFINED : ASP_IS_FALSE;
}

AftStatus asp_explain_wf_values(AspSolver *s, const AftOptions *o, uint8_t *val, AspStats *st)
{
    Word *lo = lattice_elem_new(s->L), *hi = lattice_elem_new(s->L);
    AftStatus r = asp_wellfounded(s, o, lo, hi, st);
    if (r == AFT_OK) values_of(s, lo, hi, val);
    mem_free(lo);
    mem_free(hi);
    return r;
}

typedef struct ModelCtx {
    AspSolver *s;
    uint8_t *val;
    AspValuesFn fn;
    void *ctx;
    bool stop;
} ModelCtx;

static bool accept_model(void *ctx, const Word *x)
{
    ModelCtx *m = ctx;
    if (m->stop) return false;
    values_of(m->s, x, x, m->val);
    if (!m->fn(m->ctx, m->val)) m->stop = true;
    return true;
}

static bool keep_going(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    (void)p; (void)atoms; (void)n;
    return !((ModelCtx *)ctx)->stop;
}

AftStatus asp_explain_models(AspSolver *s, const AspSolveOptions *o, AspValuesFn fn, void *ctx,
                             AspStats *st)
{
    ModelCtx m = { s, mem_alloc(asp_atom_count(s->prog) + 1), fn, ctx, false };
    AspSolveHooks h = { .fn = NULL, .accept = accept_model, .ctx = &m };
    AftStatus r = asp_solve_hooked(s, o, &h, keep_going, &m, st);
    mem_free(m.val);
    return r;
}
