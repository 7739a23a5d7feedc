/* searchbound.c: the native search of the stable models in one bound (asp_search_bound,
 * cube.h): aft_bnb depth first with S_P's search hooks, Final taken as it is found (points
 * are models, the other bounds settled afterwards).  asp_solve runs it from the initial
 * interval, cubesolve.c once per cube. */
#include "asp/internal.h"
#include "asp/cube.h"
#include "asp/modelset.h"
#include "asp/search.h"

#include <stdlib.h>

typedef struct Search {
    AspSolver *s;
    const AftFunction *f;         /* S_P, or the hooks' function (search.h) */
    AftOptions opt;
    size_t max;
    AspModelFn fn;
    void *ctx;
    const AspSolveHooks *hooks;   /* may be NULL */
    ModelSet seen;
    BoundList open;               /* Final bounds of the current bnb run that are not points */
    AspAtom *atoms;               /* scratch for the shown atoms of a model */
    bool count_only;              /* AspSolveOptions.count_only: fn gets no atoms */
    bool user_stop;               /* fn asked to stop, or max reached: enough models */
    AspStats *st;
} Search;

/* A stable model.  Bounds of a run without a budget are disjoint, so each model is met
 * once; budget hulls may overlap, and then models are deduplicated. */
static void found(Search *q, const Word *x)
{
    if (q->user_stop || !asp_minimal_holds(q->s, x) || !asp_edges_hold(q->s, x)) return;
    if (q->opt.budget && !modelset_add(&q->seen, x)) return;
    if (q->hooks && q->hooks->accept && !q->hooks->accept(q->hooks->ctx, x)) return;
    q->st->models++;
    q->st->last_model = aft_clock();
    if (q->st->first_model == 0) q->st->first_model = q->st->last_model;
    size_t n = q->count_only ? 0 : asp_shown_atoms(q->s, x, q->atoms);
    if ((q->fn && !q->fn(q->ctx, q->s->prog, q->atoms, n))
        || (q->max && q->st->models >= q->max))
        q->user_stop = true;
}

static bool same(const AspSolver *s, const Word *a, const Word *b)
{
    return memcmp(a, b, s->nwords * sizeof *a) == 0;
}

/* A bound of Final as the engine finds it: a point is a model, the others are settled after
 * the run.  False once there are enough models (the engine then stops). */
static bool on_final(void *ctx, const Word *lo, const Word *hi)
{
    Search *q = ctx;
    if (q->user_stop) return false;
    if (same(q->s, lo, hi)) found(q, lo);
    else boundlist_push(&q->open, lo, hi);
    return !q->user_stop;
}

void asp_search_defaults(AftOptions *o)
{
    o->split.strategy = SPLIT_FIRST;
}

void asp_search_options(AftOptions *o, const AftOptions *user)
{
    if (user) *o = *user;
    else {
        aft_options_default(o);
        asp_search_defaults(o);
    }
}

/* A Final bound [lo, hi] that is not a point: if no free atom changes S_P, its only
 * candidate is S_P(lo); otherwise it is split on its first free atom and searched again. */
static size_t first_free(const AspSolver *s, const Word *lo, const Word *hi)
{
    for (size_t w = 0; w < s->nwords; w++)
        if (hi[w] & ~lo[w]) return w * 64 + (size_t)__builtin_ctzll(hi[w] & ~lo[w]);
    return (size_t)-1;
}

static void settle(Search *q, BoundList *todo, const Word *lo, const Word *hi)
{
    AspSolver *s = q->s;
    size_t nw = s->nwords;
    Word *a = mem_alloc(4 * nw * sizeof *a), *b = a + nw, *c = b + nw, *d = c + nw;
    s->fn.eval(s, lo, a);
    s->fn.eval(s, hi, b);
    if (same(s, a, b)) {
        s->fn.eval(s, a, c);
        bool inside = true;
        for (size_t w = 0; w < nw; w++)
            if ((lo[w] & ~a[w]) || (a[w] & ~hi[w])) inside = false;
        if (inside && same(s, a, c)) found(q, a);
    } else {
        size_t at = first_free(s, lo, hi);
        memcpy(c, hi, nw * sizeof *c);
        c[at >> 6] &= ~((Word)1 << (at & 63));
        boundlist_push(todo, lo, c);
        memcpy(d, lo, nw * sizeof *d);
        d[at >> 6] |= (Word)1 << (at & 63);
        boundlist_push(todo, d, hi);
    }
    mem_free(a);
}

/* One bnb run.  Final is taken as it is found (points are models, the other bounds are
 * settled afterwards), so no copy of it is kept: after the last model asked for, the run
 * stops and hands every pending bound to Final.  Budget hulls may repeat a bound, so a run
 * with a budget keeps the engine's deduplicated Final instead. */
static AftStatus run_one(Search *q, BoundList *todo, const Word *lo, const Word *hi)
{
    BoundList final;
    bool keep = q->opt.budget;
    AftStats ast;
    memset(&ast, 0, sizeof ast);
    q->open.count = 0;
    AftStatus r = aft_bnb(q->f, &q->opt, lo, hi, keep ? &final : NULL, NULL, &ast);
    q->st->bnb_runs++;
    aft_stats_add(&q->st->aft, &ast, AFT_STATS_CALLS | AFT_STATS_CONFLICTS
                  | AFT_STATS_SEARCH | AFT_STATS_STOP);   /* whole runs */
    const BoundList *rest = keep ? &final : &q->open;
    if (r == AFT_OK || r == AFT_INVALID)          /* points were found by on_final */
        for (size_t i = 0; i < rest->count && !q->user_stop; i++) {
            Word *flo = boundlist_lo(rest, i), *fhi = boundlist_hi(rest, i);
            if (!same(q->s, flo, fhi)) settle(q, todo, flo, fhi);
        }
    if (keep) boundlist_free(&final);
    if (q->user_stop) return AFT_OK;
    return r == AFT_INVALID ? AFT_OK : r;
}

/* The engine's options of the search with hooks h (may be NULL). */
static void bound_options(const AspSolveOptions *o, const AspSolveHooks *h, AftOptions *opt)
{
    asp_search_options(opt, o ? o->aft : NULL);
    opt->depth_first = true;      /* the native refine continues from the last child */
    if (h && h->fn && !(h->fn->search && h->fn->search->refine_at)) opt->inplace_min_words = SIZE_MAX;
}

bool asp_search_projects(const AspSolveOptions *o, const AftFunction *f)
{
    AftOptions opt;
    AspSolveHooks h = { .fn = f };
    bound_options(o, &h, &opt);
    return opt.split.strategy == SPLIT_FIRST && aft_bnb_projects(f, &opt);
}

AftStatus asp_search_bound(AspSolver *s, const AspSolveOptions *o, const AspSolveHooks *h,
                           const Word *lo0, const Word *hi0, AspModelFn fn, void *ctx,
                           AspStats *st)
{
    Search q = { .s = s, .max = o ? o->max_models : 0, .fn = fn, .ctx = ctx, .st = st,
                 .hooks = h, .f = h && h->fn ? h->fn : &s->fn, .count_only = o && o->count_only };
    bound_options(o, h, &q.opt);
    q.opt.on_final = on_final;
    q.opt.final_ctx = &q;
    modelset_init(&q.seen, s->nwords);
    boundlist_init(&q.open, s->L);
    q.atoms = mem_alloc((s->nshown + 1) * sizeof *q.atoms);
    size_t evals0 = s->evals;
    BoundList todo;
    boundlist_init(&todo, s->L);
    Word *lo = lattice_elem_new(s->L), *hi = lattice_elem_new(s->L);
    boundlist_push(&todo, lo0, hi0);
    AftStatus r = AFT_OK;
    while (todo.count && r == AFT_OK && !q.user_stop) {
        size_t last = todo.count - 1;
        memcpy(lo, boundlist_lo(&todo, last), s->nwords * sizeof *lo);
        memcpy(hi, boundlist_hi(&todo, last), s->nwords * sizeof *hi);
        boundlist_remove(&todo, last);
        r = run_one(&q, &todo, lo, hi);
    }
    st->complete = r == AFT_OK && !todo.count && !q.user_stop;
    if (q.user_stop && q.max && st->models >= q.max) st->complete = false;
    st->sp_evals += s->evals - evals0;
    mem_free(lo);
    mem_free(hi);
    boundlist_free(&todo);
    modelset_free(&q.seen);
    boundlist_free(&q.open);
    mem_free(q.atoms);
    return r;
}

AftStatus asp_search_whole(AspSolver *s, const AspSolveOptions *o, const AspSolveHooks *h,
                           AspModelFn fn, void *ctx, AspStats *st)
{
    Word *lo = lattice_elem_new(s->L), *hi = lattice_elem_new(s->L);
    asp_solver_initial(s, lo, hi);
    AftStatus r = asp_search_bound(s, o, h, lo, hi, fn, ctx, st);
    mem_free(lo);
    mem_free(hi);
    return r;
}
