/* brave.c: brave and cautious consequences natively (brave.h).  The program is first
 * evaluated under its well-founded bound (peval.c: the same stable models, fewer rules; its
 * true atoms are cautious consequences, its false ones no brave ones).  Then each step
 * searches that program for one stable model M and narrows the set found so far: brave adds
 * M's shown atoms, cautious keeps those in M.  A constraint added after each step asks the next
 * model to change the set: for brave, some shown atom outside it true (:- not a1, ..., not ak);
 * for cautious, some atom of it false (:- c1, ..., cm).  Each constraint implies the ones
 * before it, so the program keeps the stable models that can still change the set, and when
 * it has none the set is the consequences.  Each step is a new search of the narrowed program
 * (clasp's is one incremental search): the steps are at most the shown atoms plus one.
 * A search's first model may change the set by one atom only (cautious on { a(1..N) }: the
 * search tries atoms in first), so a step first asks, within a budget of conflicts, for a
 * model that changes it by at least k atoms of the m that still may change (k = m at first:
 * halved each time the search proves there is none), through a weight constraint taken back
 * after that search; a spent budget ends these tries.  They only choose which model a step
 * takes: the last step, with no such model left, is always the plain one. */
#include "asp/brave.h"
#include "asp/search.h"

#include <string.h>

enum {
    GREEDY_MIN = 8,               /* atoms that may change, at least, for a greedy try */
    GREEDY_BUDGET = 100           /* its conflicts at most */
};

typedef struct Step {
    const AspSolver *t;           /* the search of this step */
    AspConseqKind kind;
    const AspAtom *shown;         /* the program's shown atoms, print order */
    size_t nshown;
    uint8_t *in;                  /* per shown atom: in the set so far */
    bool first, found;
} Step;

/* The search's filter: the step's model, taken into the set; true, so it is counted and the
 * search (one model) ends. */
static bool take_model(void *ctx, const Word *x)
{
    Step *st = ctx;
    for (size_t i = 0; i < st->nshown; i++) {
        bool has = asp_solver_has(st->t, x, st->shown[i]);
        if (st->kind == ASP_BRAVE) st->in[i] |= has;
        else st->in[i] = st->first ? has : st->in[i] && has;
    }
    st->found = true;
    return true;
}

static bool no_output(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    (void)ctx; (void)p; (void)atoms; (void)n;
    return true;
}

/* May shown atom i still change the set?  Brave: it is outside it; cautious: it is in it
 * (before the first step, every atom). */
static bool may_change(const Step *st, size_t i)
{
    return st->kind == ASP_BRAVE ? !st->in[i] : st->first || st->in[i];
}

/* The constraint that asks the next model to change the set; false when none can (brave:
 * every shown atom is in it; cautious: it is empty). */
static bool narrow(AspProgram *q, const Step *st, AspAtom *lits)
{
    size_t n = 0;
    for (size_t i = 0; i < st->nshown; i++)
        if (may_change(st, i)) lits[n++] = st->shown[i];
    if (!n) return false;
    if (st->kind == ASP_BRAVE) asp_add_rule(q, ASP_CONSTRAINT, NULL, 0, NULL, 0, lits, n, NULL);
    else asp_add_rule(q, ASP_CONSTRAINT, NULL, 0, lits, n, NULL, 0, NULL);
    return true;
}

/* Per shown atom of t's program: true in its well-founded bound (sure to be cautious). */
static AftStatus sure_atoms(AspSolver *t, const AftOptions *aft, const Step *st, uint8_t *sure,
                            AspStats *stats)
{
    const Lattice *L = asp_solver_lattice(t);
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    AftStatus r = asp_wellfounded(t, aft, lo, hi, stats);
    for (size_t i = 0; i < st->nshown; i++) sure[i] = r == AFT_OK && asp_solver_has(t, lo, st->shown[i]);
    mem_free(lo);
    mem_free(hi);
    return r == AFT_INVALID ? AFT_OK : r;
}

/* The set so far, in print order, to fn with its counts. */
static bool report(const Step *st, const uint8_t *sure, AspAtom *atoms, const AspProgram *q,
                   AspConseqFn fn, void *ctx)
{
    size_t n = 0, lower = 0;
    for (size_t i = 0; i < st->nshown; i++)
        if (st->in[i]) {
            atoms[n++] = st->shown[i];
            lower += st->kind == ASP_BRAVE || sure[i];
        }
    return fn(ctx, q, atoms, n, lower, st->kind == ASP_BRAVE ? st->nshown : n);
}

static size_t count_may_change(const Step *st)
{
    size_t m = 0;
    for (size_t i = 0; i < st->nshown; i++) m += may_change(st, i);
    return m;
}

/* One search of q for a model (with its stats in ms); st->found says whether it found one. */
static AftStatus search(AspProgram *q, Step *st, const AspSolveOptions *so, AspStats *ms)
{
    AspSolveHooks h = { .fn = NULL, .accept = take_model, .ctx = st };
    AspSolver *t = asp_solver_new(q);
    st->t = t;
    st->found = false;
    AftStatus r = asp_solve_hooked(t, so, &h, no_output, NULL, ms);
    asp_solver_free(t);
    return r;
}

/* A greedy try: a model of q that changes the set by at least k of the m atoms that may
 * (brave: at least k of them true, so at most m - k false; cautious: at least k of them
 * false), within the budget.  AFT_OK with st->found, or without (there is none), or
 * AFT_LIMIT (the budget or a limit stopped it). */
static AftStatus greedy_try(AspProgram *q, Step *st, const AspSolveOptions *o, size_t m, size_t k,
                            AspStats *ms)
{
    AspWLit *lits = mem_alloc((m + 1) * sizeof *lits);
    size_t n = 0;
    for (size_t i = 0; i < st->nshown; i++)
        if (may_change(st, i))
            lits[n++] = (AspWLit){ .atom = st->shown[i], .negative = st->kind == ASP_BRAVE, .weight = 1 };
    AspRuleMark mark = asp_program_mark(q);
    asp_add_weight_rule(q, ASP_CONSTRAINT, NULL, 0, (int64_t)(m - k + 1), lits, n, NULL);
    AftWork work = { .limit = GREEDY_BUDGET };
    AftOptions aft = *o->aft;
    aft.work = &work;
    aft.stop_abandons = true;
    AspSolveOptions so = *o;
    so.aft = &aft;
    AftStatus r = search(q, st, &so, ms);
    asp_program_truncate(q, mark);
    mem_free(lits);
    return r;
}

/* The steps on q, the program under the well-founded bound. */
static AftStatus steps(AspProgram *q, AspConseqKind kind, const AspSolveOptions *o,
                       AspConseqFn fn, void *ctx, AspStats *stats)
{
    Step st = { .kind = kind, .first = true };
    AspAtom *shown = asp_print_order(q, &st.nshown);
    st.shown = shown;
    st.in = mem_calloc(st.nshown + 1, 1);
    uint8_t *sure = mem_calloc(st.nshown + 1, 1);
    AspAtom *lits = mem_alloc((st.nshown + 1) * sizeof *lits);
    AspSolveOptions so = *o;
    so.max_models = 1;
    so.text = NULL;
    so.release = NULL;
    so.jobs = 0;
    so.shard = so.shards = 0;
    AftStatus r = AFT_OK;
    size_t k = SIZE_MAX;                     /* the greedy tries' change, halved as they fail */
    bool greedy = true;
    for (;;) {
        if (o->max_models && stats->models >= o->max_models) break;
        AspStats ms, gs;
        memset(&ms, 0, sizeof ms);
        memset(&gs, 0, sizeof gs);
        if (st.first && kind == ASP_CAUTIOUS) {
            AspSolver *t = asp_solver_new(q);
            r = sure_atoms(t, o->aft, &st, sure, &ms);
            asp_solver_free(t);
        }
        st.found = false;
        for (size_t m = count_may_change(&st); r == AFT_OK && greedy && m >= GREEDY_MIN && k >= 2;) {
            if (k > m) k = m;
            AftStatus g = greedy_try(q, &st, &so, m, k, &gs);
            if (g == AFT_ERROR) r = g;
            else if (st.found) break;
            else if (g == AFT_OK) k /= 2;            /* none changes it by k: try less */
            else greedy = false;                     /* the budget, or a limit: plain steps */
        }
        if (r == AFT_OK && !st.found) r = search(q, &st, &so, &ms);
        asp_stats_add(stats, &gs, false);     /* a greedy try's budget stops nothing */
        asp_stats_add(stats, &ms, true);
        if (r != AFT_OK || !st.found) {
            stats->complete = r == AFT_OK;
            break;
        }
        stats->models++;
        st.first = false;
        if (!report(&st, sure, lits, q, fn, ctx)) break;
        if (!narrow(q, &st, lits)) {
            stats->complete = true;
            break;
        }
    }
    mem_free(lits);
    mem_free(sure);
    mem_free(st.in);
    mem_free(shown);
    return r;
}

/* The optimal models only: for each #minimize level, highest priority first, the sum of its
 * literals' weights at most the optimum's (a model within them all is optimal: the optimum
 * is the least cost in lexicographic order).  False when a weight is too large. */
static bool bound_costs(AspProgram *q, const int64_t *optimum, Buf *err)
{
    size_t nmin = asp_minimize_count(q);
    int64_t *prio = mem_alloc((nmin + 1) * sizeof *prio);
    VEC(AspWLit) lits;
    memset(&lits, 0, sizeof lits);
    bool ok = true;
    size_t levels = 0;
    for (size_t i = 0; i < nmin; i++) {
        size_t n;
        asp_minimize_get(q, i, &prio[i], &n);
    }
    for (int64_t done = 0; ok;) {             /* the levels, from the highest priority down */
        bool any = false;
        int64_t level = 0;
        for (size_t i = 0; i < nmin; i++)
            if ((!levels || prio[i] < done) && (!any || prio[i] > level)) { level = prio[i]; any = true; }
        if (!any) break;
        lits.count = 0;
        for (size_t i = 0; i < nmin; i++) {
            size_t n;
            int64_t pr;
            const AspWLit *w = asp_minimize_get(q, i, &pr, &n);
            for (size_t k = 0; pr == level && k < n; k++) VEC_PUSH(lits, w[k]);
        }
        ok = asp_add_weight_rule(q, ASP_CONSTRAINT, NULL, 0, optimum[levels++] + 1, lits.items,
                                 lits.count, err);
        done = level;
    }
    VEC_FREE(lits);
    mem_free(prio);
    return ok;
}

AftStatus asp_consequences(AspSolver *s, AspConseqKind kind, const AspSolveOptions *o,
                           const int64_t *optimum, AspConseqFn fn, void *ctx, AspStats *stats,
                           Buf *err)
{
    AftOptions defaults;
    const AftOptions *aft = o->aft;
    if (!aft) {
        aft_options_default(&defaults);
        asp_search_defaults(&defaults);
        aft = &defaults;
    }
    AspSolveOptions so = *o;
    so.aft = aft;
    const Lattice *L = asp_solver_lattice(s);
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    AftStatus r = asp_wellfounded(s, aft, lo, hi, stats);
    if (r == AFT_OK) {
        AspProgram *q = asp_partial_eval(asp_solver_program(s), s, lo, hi, NULL, NULL);
        r = optimum && !bound_costs(q, optimum, err) ? AFT_ERROR : steps(q, kind, &so, fn, ctx, stats);
        asp_program_free(q);
    } else if (r == AFT_INVALID) {
        stats->complete = true;              /* no stable model: nothing is a consequence */
        r = AFT_OK;
    }
    mem_free(lo);
    mem_free(hi);
    return r;
}
