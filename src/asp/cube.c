/* cube.c: the cubes of the native search (cube.h): when a program is split, how it is split,
 * and the solver's search state made anew between cubes. */
#include "asp/cube.h"
#include "asp/internal.h"

#include "asp/propstate.h"

bool asp_cubes_apply(const AspSolver *s, const AspSolveOptions *o)
{
    if (!o || !o->jobs || s->natoms < ASP_CUBES_MIN_ATOMS) return false;
    const AftOptions *a = o->aft;
    return !a || (!a->budget && !a->on_event && !a->on_why && !a->no_refine && !a->refine_steps
                  && !a->rounds && !a->root_only && a->split.strategy == SPLIT_FIRST);
}

void asp_solver_reset_search(AspSolver *s)
{
    asp_prop_free(s->prop);
    s->prop = asp_prop_new(s);
    asp_sp_free(s->sp);
    s->sp = asp_sp_new(s);
}

static bool is_point(const AspSolver *s, const Word *lo, const Word *hi)
{
    return memcmp(lo, hi, s->nwords * sizeof *lo) == 0;
}

/* [lo, hi] refined and pushed to out unless it holds no stable model. */
static void push_refined(AspSolver *s, BoundList *out, const Word *lo, const Word *hi, Word *nlo,
                         Word *nhi)
{
    AftStatus r = s->fn.refine(s, lo, hi, nlo, nhi);
    if (r == AFT_INVALID) return;
    if (r == AFT_OK) boundlist_push(out, nlo, nhi);
    else boundlist_push(out, lo, hi);          /* not refined: searched as it is */
}

/* One level: every cube that is not a point split in two on the solver's choice.  False
 * when no cube could be split. */
static bool split_level(AspSolver *s, const BoundList *cur, BoundList *next, Word *tmp)
{
    size_t nw = s->nwords;
    Word *lo1 = tmp, *hi1 = lo1 + nw, *lo2 = hi1 + nw, *hi2 = lo2 + nw, *nlo = hi2 + nw,
         *nhi = nlo + nw;
    SplitCtx how = { .strategy = SPLIT_FIRST };
    bool any = false;
    for (size_t i = 0; i < cur->count; i++) {
        const Word *lo = boundlist_lo(cur, i), *hi = boundlist_hi(cur, i);
        if (is_point(s, lo, hi) || !s->fn.split(s, lo, hi, &how, lo1, hi1, lo2, hi2)) {
            boundlist_push(next, lo, hi);
            continue;
        }
        any = true;
        push_refined(s, next, lo1, hi1, nlo, nhi);
        push_refined(s, next, lo2, hi2, nlo, nhi);
    }
    return any;
}

void asp_cubes_make(AspSolver *s, BoundList *cubes)
{
    size_t nw = s->nwords;
    Word *tmp = mem_alloc(8 * (nw + 1) * sizeof *tmp);
    Word *lo = tmp + 6 * nw, *hi = lo + nw;
    asp_prop_search_ready(s, s->prop);
    boundlist_init(cubes, s->L);
    asp_solver_initial(s, lo, hi);
    push_refined(s, cubes, lo, hi, tmp, tmp + nw);
    for (size_t level = 0; level < ASP_CUBES_MAX_LEVELS && cubes->count
                           && cubes->count < ASP_CUBES_TARGET; level++) {
        BoundList next;
        boundlist_init(&next, s->L);
        bool any = split_level(s, cubes, &next, tmp);
        boundlist_free(cubes);
        *cubes = next;
        if (!any) break;
    }
    mem_free(tmp);
}
