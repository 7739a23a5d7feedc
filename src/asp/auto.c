/* auto.c: `fix asp`'s choice of solver (backend.h).  A program the native search handles is
 * raced: clingo as the back end (one call on the program partially evaluated under its
 * well-founded bound) runs in a forked copy of fix (race.c) while the native search (with
 * #project one model per projection, with #minimize the branch and bound on cost) runs here
 * with its models held back; the first to finish answers and the other is stopped.  Held
 * models past ASP_AUTO_HOLD_BYTES (or once clingo failed) are printed: the native search
 * then answers alone.  Any other program goes to clingo as the back end. */
#include "asp/backend.h"
#include "asp/internal.h"
#include "asp/project.h"
#include "asp/race.h"
#include "asp/search.h"

#include <stdio.h>

/* What is asked: the models (fn), or with ask the optimum. */
typedef struct Way {
    AspSolver *s;
    const AspSolveOptions *so;
    const AspClingoOptions *co;
    AspModelFn fn;
    void *ctx;
    const AspOptAsk *ask;         /* NULL: no #minimize */
} Way;

static AftStatus native(const Way *w, AspStats *st)
{
    if (w->ask) {
        AspOptimizer *z = asp_opt_new(w->s);
        AftStatus r = asp_optimize(w->s, z, w->so, w->ask->mode, 0, w->ask->fn, w->ask->ctx,
                                   st, w->ask->res);
        asp_opt_free(z);
        return r;
    }
    if (asp_has_project(w->s->prog)) return asp_solve_projected(w->s, w->so, 0, w->fn, w->ctx, st);
    return asp_solve(w->s, w->so, w->fn, w->ctx, st);
}

static AftStatus by_clingo(const Way *w, AspStats *st, AspClingoStats *cst, Buf *err)
{
    if (w->ask) return asp_optimize_clingo(w->s, w->co, w->ask, st, cst, err);
    return asp_solve_clingo(w->s, w->co, w->fn, w->ctx, st, cst, err);
}

AftStatus asp_solve_native(AspSolver *s, const AspSolveOptions *so, AspModelFn fn, void *ctx,
                           AspStats *st)
{
    Way w = { .s = s, .so = so, .fn = fn, .ctx = ctx };
    return native(&w, st);
}

AftStatus asp_optimize_native(AspSolver *s, const AspSolveOptions *so, const AspOptAsk *ask,
                              AspStats *st)
{
    Way w = { .s = s, .so = so, .ask = ask };
    return native(&w, st);
}

/* ---- clingo's side, in the child: its answer as bytes ---- */

static void put(Buf *b, const void *p, size_t n)
{
    if (n) buf_putn(b, p, n);
}

static bool take(const char **c, const char *end, void *p, size_t n)
{
    if ((size_t)(end - *c) < n) return false;
    memcpy(p, *c, n);
    *c += n;
    return true;
}

/* The child's task: clingo as the back end, printing its models on the child's standard
 * output; the result is the status, the statistics (stopped_by points to a string constant,
 * the same in both copies of fix), with #minimize the optimum, and the error text. */
static bool clingo_task(void *arg, Buf *out)
{
    const Way *w = arg;
    AspStats st;
    AspClingoStats cst;
    memset(&st, 0, sizeof st);
    memset(&cst, 0, sizeof cst);
    Buf err;
    buf_init(&err);
    AftStatus r = by_clingo(w, &st, &cst, &err);
    put(out, &r, sizeof r);
    put(out, &st, sizeof st);
    put(out, &cst, sizeof cst);
    if (w->ask) {
        put(out, w->ask->res, sizeof *w->ask->res);
        put(out, w->ask->res->best, w->ask->res->levels * sizeof *w->ask->res->best);
    }
    put(out, err.data ? err.data : "", err.len);
    return r == AFT_OK;
}

/* The child's answer into st, cst, the optimum and err; its status. */
static AftStatus clingo_answer(const Way *w, const Buf *b, AspStats *st, AspClingoStats *cst,
                               Buf *err)
{
    const char *c = b->data ? b->data : "", *end = c + b->len;
    AftStatus r = AFT_ERROR;
    bool ok = take(&c, end, &r, sizeof r) && take(&c, end, st, sizeof *st)
              && take(&c, end, cst, sizeof *cst);
    if (ok && w->ask) {
        AspOptResult *res = w->ask->res;
        asp_opt_result_free(res);
        ok = take(&c, end, res, sizeof *res);
        res->best = mem_calloc(ok ? res->levels + 1 : 1, sizeof *res->best);
        ok = ok && take(&c, end, res->best, res->levels * sizeof *res->best);
    }
    if (!ok) {
        buf_puts(err, "the raced clingo run sent a broken answer");
        return AFT_ERROR;
    }
    buf_putn(err, c, (size_t)(end - c));
    return r;
}

/* ---- the native side: its models held back until it wins ---- */

typedef struct Held {
    const Way *w;
    AspRace *race;                /* NULL once decided */
    volatile sig_atomic_t won;    /* the native search's interrupt: clingo answered */
    Buf rec;                      /* held models: n, n names (length, bytes), costs, optimal */
    AspAuto *how;
} Held;

static void put_size(Buf *b, size_t v) { put(b, &v, sizeof v); }

static void hold(Held *h, const AspProgram *p, const AspAtom *atoms, size_t n,
                 const int64_t *costs, size_t ncosts, bool optimal)
{
    put_size(&h->rec, n);
    for (size_t i = 0; i < n; i++) {
        size_t len = asp_atom_name_len(p, atoms[i]);
        put_size(&h->rec, len);
        put(&h->rec, asp_atom_name(p, atoms[i]), len);
    }
    put_size(&h->rec, ncosts);
    put(&h->rec, costs, ncosts * sizeof *costs);
    buf_putc(&h->rec, optimal ? 1 : 0);
}

/* One held model out of *c to the caller's fn, its atoms made in p (named as they were). */
typedef VEC(AspAtom) AtomVec;
typedef VEC(int64_t) CostVec;

static void replay_one(const Held *h, AspProgram *p, const char **c, const char *end,
                       AtomVec *atoms, CostVec *costs)
{
    size_t n = 0, nc = 0, len = 0;
    take(c, end, &n, sizeof n);
    atoms->count = costs->count = 0;
    for (size_t i = 0; i < n && take(c, end, &len, sizeof len); i++) {
        AspAtom a = asp_atom_hidden(p);
        asp_atom_show(p, a, *c, len);
        *c += len;
        VEC_PUSH(*atoms, a);
    }
    take(c, end, &nc, sizeof nc);
    for (size_t i = 0; i < nc; i++) {
        int64_t v = 0;
        take(c, end, &v, sizeof v);
        VEC_PUSH(*costs, v);
    }
    bool optimal = *c < end && **c;
    (*c)++;
    if (h->w->ask) h->w->ask->fn(h->w->ask->ctx, p, atoms->items, n, costs->items, nc, optimal);
    else h->w->fn(h->w->ctx, p, atoms->items, n);
}

static void replay(Held *h)
{
    AspProgram *p = asp_program_new();
    AtomVec atoms = { 0 };
    CostVec costs = { 0 };
    const char *c = h->rec.data ? h->rec.data : "", *end = c + h->rec.len;
    while (c < end) replay_one(h, p, &c, end, &atoms, &costs);
    VEC_FREE(atoms);
    VEC_FREE(costs);
    asp_program_free(p);
    buf_clear(&h->rec);
}

/* The native search answers: clingo is stopped (why it failed, if it did, goes to `how`) and
 * the held models are printed. */
static void commit(Held *h, const char *why)
{
    if (!h->race) return;
    Buf text, res;
    buf_init(&text);
    buf_init(&res);
    asp_race_end(h->race, true, &text, &res);
    h->race = NULL;
    h->won = 0;
    h->how->why = why;
    AspStats st;
    AspClingoStats cst;
    Buf err;
    buf_init(&err);
    /* clingo's answer, if it came, only to say why it failed: the optimum is the native
     * search's (a scratch result, so that clingo's never stands in for it) */
    AspOptResult scratch = { 0 };
    AspOptAsk ask = h->w->ask ? *h->w->ask : (AspOptAsk){ 0 };
    ask.res = &scratch;
    Way cw = *h->w;
    if (cw.ask) cw.ask = &ask;
    if (res.len && clingo_answer(&cw, &res, &st, &cst, &err) == AFT_ERROR) {
        snprintf(h->how->note, sizeof h->how->note, "raced with clingo, which failed: %s",
                 buf_cstr(&err));
        h->how->why = h->how->note;
    }
    asp_opt_result_free(&scratch);
    buf_free(&err);
    buf_free(&text);
    buf_free(&res);
    replay(h);
}

static void held_check(Held *h)
{
    if (h->rec.len > ASP_AUTO_HOLD_BYTES)
        commit(h, "raced with clingo; the native search printed past the hold cap first");
    else if (asp_race_ended(h->race) && !h->won)
        commit(h, "raced with clingo, which ended without an answer");
}

static bool held_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    Held *h = ctx;
    if (!h->race) return h->w->fn(h->w->ctx, p, atoms, n);
    hold(h, p, atoms, n, NULL, 0, false);
    held_check(h);
    return true;
}

static bool held_opt_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n,
                           const int64_t *costs, size_t ncosts, bool optimal)
{
    Held *h = ctx;
    if (!h->race) return h->w->ask->fn(h->w->ask->ctx, p, atoms, n, costs, ncosts, optimal);
    hold(h, p, atoms, n, costs, ncosts, optimal);
    held_check(h);
    return true;
}

/* ---- the race ---- */

/* clingo answered first: its printed models out, its answer in. */
static AftStatus clingo_won(Held *h, AspStats *st, Buf *err)
{
    Buf text, res;
    buf_init(&text);
    buf_init(&res);
    bool won = asp_race_end(h->race, false, &text, &res);
    h->race = NULL;
    AftStatus r = AFT_ERROR;
    if (won) {
        fwrite(text.data ? text.data : "", 1, text.len, stdout);
        memset(st, 0, sizeof *st);
        r = clingo_answer(h->w, &res, st, &h->how->clingo, err);
        h->how->kind = ASP_SOLVER_CLINGO;
        h->how->why = "raced with the native search; clingo answered first";
    } else {
        buf_puts(err, "the raced clingo run answered but then failed");
    }
    buf_free(&text);
    buf_free(&res);
    buf_clear(&h->rec);
    return r;
}

/* The native search here with its models held, clingo in the child (the program under the
 * well-founded bound, one call unless --budget/--rounds were given). */
static AftStatus race(const Way *w, AspStats *st, AspAuto *how, Buf *err)
{
    AspClingoOptions co = *w->co;
    if (!co.budget && !co.rounds) co.budget = co.rounds = 1;
    Way cw = *w;
    cw.co = &co;
    Held h = { .w = w, .how = how };
    buf_init(&h.rec);
    Buf why;
    buf_init(&why);
    h.race = asp_race_start(clingo_task, &cw, &h.won, ASP_AUTO_NICE, &why);
    how->kind = ASP_SOLVER_NATIVE;
    snprintf(how->note, sizeof how->note, "the native search alone (clingo could not be raced:"
             " %s)", buf_cstr(&why));
    how->why = how->note;
    AftOptions aft = *w->so->aft;
    aft.interrupt = &h.won;       /* Ctrl-C still stops it: aft.limits */
    aft.interrupt_abandons = true;   /* once clingo has won, nothing of this run is used */
    AspSolveOptions so = *w->so;
    so.aft = &aft;
    AspOptAsk ask = w->ask ? *w->ask : (AspOptAsk){ 0 };
    ask.fn = held_opt_model;
    ask.ctx = &h;
    Way nw = { .s = w->s, .so = &so, .fn = held_model, .ctx = &h, .ask = w->ask ? &ask : NULL };
    AftStatus r = h.race ? native(&nw, st) : native(w, st);
    /* Once clingo has won, the native run is abandoned: it drops the bounds it reaches from
     * then on, so even a run that ends as if complete may lack models. */
    if (h.race && h.won) r = clingo_won(&h, st, err);
    else commit(&h, "raced with clingo; the native search answered first");
    buf_free(&h.rec);
    buf_free(&why);
    return r;
}

/* What the well-founded bound leaves: no stable model (NONE), every atom decided (POINT),
 * at most one atom in ASP_AUTO_WF_OPEN open (MOST), or more (OPEN). */
typedef enum { WF_OPEN, WF_MOST, WF_POINT, WF_NONE } WfLeft;

static WfLeft wf_left(AspSolver *s, const AftOptions *aft, Word *lo, Word *hi)
{
    AftStatus r = asp_wellfounded(s, aft, lo, hi, NULL);
    if (r == AFT_INVALID) return WF_NONE;
    if (r != AFT_OK) return WF_OPEN;
    double open = s->L->ops->log2_size(s->L, lo, hi);
    return open == 0 ? WF_POINT : open * ASP_AUTO_WF_OPEN <= (double)s->natoms ? WF_MOST : WF_OPEN;
}

/* The well-founded bound is the point x: the only candidate, a stable model when S_P keeps
 * it (the native search would meet it at its first node; its statistics stay 0). */
static AftStatus wf_point(const Way *w, const Word *x, AspStats *st)
{
    AspSolver *s = w->s;
    Word *y = lattice_elem_new(s->L);
    bool stable = s->fn.eval(s, x, y) && memcmp(x, y, s->nwords * sizeof *y) == 0;
    mem_free(y);
    st->complete = true;
    if (!stable) return AFT_OK;
    AspAtom *shown = mem_alloc((s->nshown + 1) * sizeof *shown);
    size_t n = asp_shown_atoms(s, x, shown);
    st->models = 1;
    st->complete = w->so->max_models != 1;        /* as the search says when it stops at N */
    if (w->fn) w->fn(w->ctx, s->prog, shown, n);
    mem_free(shown);
    return AFT_OK;
}

/* The native search alone when the well-founded bound leaves (almost) nothing open or shows
 * that there is no stable model (a race's fork would cost more: copy-on-write faults on the
 * memory the search then writes); the bound itself when it is a point and plain models are
 * asked.  Else the race. */
static AftStatus by_wf_or_race(const Way *w, AspStats *st, AspAuto *how, Buf *err)
{
    AspSolver *s = w->s;
    Word *lo = lattice_elem_new(s->L), *hi = lattice_elem_new(s->L);
    WfLeft left = wf_left(s, w->so->aft, lo, hi);
    AftStatus r;
    how->kind = ASP_SOLVER_NATIVE;
    how->why = "the well-founded bound decides (almost) every atom: the native search, not raced";
    if (left == WF_POINT && !w->ask && !asp_has_project(s->prog)) {
        how->why = "the well-founded bound decides every atom: its point, checked, not raced";
        r = wf_point(w, lo, st);
    } else if (left != WF_OPEN) r = native(w, st);
    else r = race(w, st, how, err);
    mem_free(lo);
    mem_free(hi);
    return r;
}

static AftStatus choose(const Way *w, AspStats *st, AspAuto *how, Buf *err)
{
    Buf why;
    buf_init(&why);
    bool can = asp_solver_native(w->s, "input", &why);
    buf_free(&why);
    if (can) return by_wf_or_race(w, st, how, err);
    how->kind = ASP_SOLVER_CLINGO;
    how->why = "the program holds what the native search does not handle (disjunction that "
               "is not head-cycle-free, #edge or theory statements)";
    return by_clingo(w, st, &how->clingo, err);
}

AftStatus asp_solve_auto(AspSolver *s, const AspSolveOptions *so, const AspClingoOptions *co,
                         AspModelFn fn, void *ctx, AspStats *st, AspAuto *how, Buf *err)
{
    Way w = { .s = s, .so = so, .co = co, .fn = fn, .ctx = ctx };
    return choose(&w, st, how, err);
}

AftStatus asp_optimize_auto(AspSolver *s, const AspSolveOptions *so, const AspClingoOptions *co,
                            const AspOptAsk *ask, AspStats *st, AspAuto *how, Buf *err)
{
    Way w = { .s = s, .so = so, .co = co, .ask = ask };
    return choose(&w, st, how, err);
}
