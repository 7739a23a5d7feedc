/* solve.c: stable models and bounds of a compiled program through the AFT engine
 * (aft_refine for the well-founded bound, aft_bnb for the stable models: searchbound.c, or
 * enumerate.c for every model of a program that may be split into cubes, --jobs). */
#include "asp/internal.h"
#include "asp/cube.h"
#include "asp/search.h"

#include <math.h>
#include <stdlib.h>

/* When the well-founded bound decides most atoms, the search runs on the program partially
 * evaluated under it (paper Section 8: the same stable models, atom names and print order;
 * true shown atoms become facts), so that no search node carries the decided atoms.  Returns
 * NULL when that does not pay.  A program the search may release is packed during the
 * bound's pass (its rules are the peak's largest part there); the residual program is made
 * from the packed rules. */
static AspSolver *residual_solver(AspSolver *s, const AspSolveOptions *o, AspProgram **out)
{
    *out = NULL;
    if (s->residual || !s->hcf || (o && o->aft && o->aft->budget)
        || asp_program_rules_dropped(s->prog))
        return NULL;
    AspProgram *lent = o && o->release == s->prog ? o->release : NULL;
    if (lent) asp_program_pack_rules(lent);
    Word *lo = lattice_elem_new(s->L), *hi = lattice_elem_new(s->L);
    AspSolver *t = NULL;
    double open = asp_wellfounded(s, o ? o->aft : NULL, lo, hi, NULL) == AFT_OK
                  ? s->L->ops->log2_size(s->L, lo, hi) : 0;     /* 0: nothing to search */
    if (open > 0 && 2 * open < (double)s->natoms) {
        *out = asp_partial_eval(s->prog, s, lo, hi, NULL, NULL);
        t = s->merged ? asp_solver_new_merged(*out) : asp_solver_new(*out);
        t->residual = true;
    }
    mem_free(lo);
    mem_free(hi);
    return t;
}

AftStatus asp_solve(AspSolver *s, const AspSolveOptions *o, AspModelFn fn, void *ctx,
                    AspStats *st)
{
    return asp_solve_hooked(s, o, NULL, fn, ctx, st);
}

AftStatus asp_solve_hooked(AspSolver *s, const AspSolveOptions *o, const AspSolveHooks *h,
                           AspModelFn fn, void *ctx, AspStats *st)
{
    AspProgram *rp;
    AspSolver *rs = h ? NULL : residual_solver(s, o, &rp);
    if (rs) {
        /* the residual program's solver is built: neither program's rules are read again */
        AspSolveOptions ro = o ? *o : (AspSolveOptions){ 0 };
        ro.release = o && o->release == s->prog ? rp : NULL;
        asp_solve_release(s, o);
        AftStatus r = asp_solve(rs, o ? &ro : NULL, fn, ctx, st);
        asp_solver_free(rs);
        asp_program_free(rp);
        return r;
    }
    if (!h) asp_solve_release(s, o);   /* the cubes' workers share s's compiled program */
    if (!h && asp_cubes_apply(s, o)) return asp_solve_enumerate(s, o, fn, ctx, st);
    return asp_search_whole(s, o, h, fn, ctx, st);
}

bool asp_solve_splits(AspSolver *s, const AspSolveOptions *o)
{
    AspProgram *rp;
    AspSolveOptions kept = o ? *o : (AspSolveOptions){ 0 };
    kept.release = NULL;          /* the rules stay as they are: a search may come after */
    AspSolver *rs = residual_solver(s, &kept, &rp);
    bool split = asp_cubes_apply(rs ? rs : s, o);
    asp_solver_free(rs);
    asp_program_free(rp);
    return split;
}

/* The bound of a program that is not head-cycle-free (dbound.c) as lattice elements:
 * translation atoms open, the constraint atom out. */
static AftStatus disjunctive_bound(const AspSolver *s, Word *lo, Word *hi)
{
    size_t n = asp_atom_count(s->prog);
    uint8_t *lower = mem_alloc(n + 1), *upper = mem_alloc(n + 1);
    bool ok = asp_disjunctive_bound(s->prog, lower, upper);
    asp_solver_initial(s, lo, hi);
    for (size_t a = 0; a < n; a++) {
        size_t i = s->lat_of[a];
        if (lower[a]) lo[i >> 6] |= (Word)1 << (i & 63);
        if (!upper[a]) hi[i >> 6] &= ~((Word)1 << (i & 63));
    }
    mem_free(lower);
    mem_free(upper);
    return ok ? AFT_OK : AFT_INVALID;
}

AftStatus asp_wellfounded(AspSolver *s, const AftOptions *o, Word *lo, Word *hi, AspStats *st)
{
    if (!s->hcf) return disjunctive_bound(s, lo, hi);
    AftOptions opt;
    asp_search_options(&opt, o);
    Word *lo0 = lattice_elem_new(s->L), *hi0 = lattice_elem_new(s->L);
    asp_solver_initial(s, lo0, hi0);
    size_t steps = 0, evals0 = s->evals;
    AftStats ast;
    memset(&ast, 0, sizeof ast);
    AftStatus r = aft_refine(&s->wf_fn, &opt, lo0, hi0, lo, hi, &steps, &ast);
    if (st) {
        aft_stats_add(&st->aft, &ast, AFT_STATS_CALLS | AFT_STATS_CONFLICTS
                      | AFT_STATS_SEARCH | AFT_STATS_STOP);   /* whole runs */
        st->sp_evals += s->evals - evals0;
    }
    mem_free(lo0);
    mem_free(hi0);
    return r;
}

AftStatus asp_final_bounds(AspSolver *s, const AftOptions *o, BoundList *final, AspStats *st)
{
    AftOptions opt;
    asp_search_options(&opt, o);
    Word *lo = lattice_elem_new(s->L), *hi = lattice_elem_new(s->L);
    if (!s->hcf) {                /* no search: the sound bound is all of Final */
        AftStatus r = disjunctive_bound(s, lo, hi);
        boundlist_init(final, s->L);
        if (r == AFT_OK) boundlist_push(final, lo, hi);
        mem_free(lo);
        mem_free(hi);
        return AFT_OK;
    }
    asp_solver_initial(s, lo, hi);
    BoundList fix;
    boundlist_init(&fix, s->L);
    AftStats ast;
    memset(&ast, 0, sizeof ast);
    size_t evals0 = s->evals;
    opt.depth_first = true;
    AftStatus r = aft_bnb(&s->fn, &opt, lo, hi, final, &fix, &ast);
    if (st) {
        aft_stats_add(&st->aft, &ast, AFT_STATS_CALLS | AFT_STATS_CONFLICTS
                      | AFT_STATS_SEARCH | AFT_STATS_STOP);   /* whole runs */
        st->sp_evals += s->evals - evals0;
        st->bnb_runs++;
        st->models = fix.count;
    }
    boundlist_free(&fix);
    mem_free(lo);
    mem_free(hi);
    return r;
}
