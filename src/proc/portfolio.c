/* portfolio.c: `fix asp --solver race`, the native search raced against clingo (backend.h).
 * clingo as the back end (one call on the program partially evaluated under its well-founded
 * bound) runs in a forked copy of fix (race.c) while the native search (with #project one
 * model per projection, with #minimize the branch and bound on cost) runs here with its
 * models held back (held.h); the first to finish answers and the other is stopped.  Held
 * models past PROC_AUTO_HOLD_BYTES (or once clingo failed) are printed: the native search
 * then answers alone.  Which one answers depends on the machine's load: the models' order,
 * the model of --models 1 and the improving models of #minimize may differ from run to run. */
#include "proc/held.h"
#include "asp/asp.h"
#include "util/mem.h"
#include "proc/race.h"
#include "proc/way.h"

#include <stdio.h>

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
    const ProcWay *w = arg;
    AspStats st;
    ProcClingoStats cst;
    memset(&st, 0, sizeof st);
    memset(&cst, 0, sizeof cst);
    Buf err;
    buf_init(&err);
    AftStatus r = proc_way_clingo(w, &st, &cst, &err);
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
static AftStatus clingo_answer(const ProcWay *w, const Buf *b, AspStats *st, ProcClingoStats *cst,
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
    const ProcWay *w;
    ProcRace *race;               /* NULL once decided */
    volatile sig_atomic_t won;    /* the native search's interrupt: clingo answered */
    ProcHeld models;
    ProcAuto *how;
} Held;

static void replay(Held *h)
{
    const ProcOptAsk *ask = h->w->ask;
    proc_held_replay(&h->models, h->w->fn, h->w->ctx, ask ? ask->fn : NULL,
                     ask ? ask->ctx : NULL);
}

/* clingo's answer, if it came, only to say why it failed: the optimum is the native
 * search's (a scratch result, so that clingo's never stands in for it). */
static void note_failure(Held *h, const Buf *res)
{
    AspStats st;
    ProcClingoStats cst;
    Buf err;
    buf_init(&err);
    AspOptResult scratch = { 0 };
    ProcOptAsk ask = h->w->ask ? *h->w->ask : (ProcOptAsk){ 0 };
    ask.res = &scratch;
    ProcWay cw = *h->w;
    if (cw.ask) cw.ask = &ask;
    if (res->len && clingo_answer(&cw, res, &st, &cst, &err) == AFT_ERROR) {
        snprintf(h->how->note, sizeof h->how->note, "raced with clingo, which failed: %s",
                 buf_cstr(&err));
        h->how->why = h->how->note;
    }
    asp_opt_result_free(&scratch);
    buf_free(&err);
}

/* The native search answers: clingo is stopped (why it failed, if it did, goes to `how`) and
 * the held models are printed. */
static void commit(Held *h, const char *why)
{
    if (!h->race) return;
    Buf text, res;
    buf_init(&text);
    buf_init(&res);
    proc_race_end(h->race, true, &text, &res);
    h->race = NULL;
    h->won = 0;
    h->how->why = why;
    note_failure(h, &res);
    buf_free(&text);
    buf_free(&res);
    replay(h);
}

static void held_check(Held *h)
{
    if (proc_held_bytes(&h->models) > PROC_AUTO_HOLD_BYTES)
        commit(h, "raced with clingo; the native search printed past the hold cap first");
    else if (proc_race_ended(h->race) && !h->won)
        commit(h, "raced with clingo, which ended without an answer");
}

/* A model (n atoms, ncosts costs) that would take the held ones past the cap: the native
 * search answers first, and the model goes straight to the output (a large model is never
 * copied).  Its size is counted only while the race is on. */
static void commit_before(Held *h, const AspProgram *p, const AspAtom *atoms, size_t n,
                          size_t ncosts)
{
    if (h->race && proc_held_bytes(&h->models) + proc_held_size(p, atoms, n, ncosts)
                       > PROC_AUTO_HOLD_BYTES)
        commit(h, "raced with clingo; the native search printed past the hold cap first");
}

static bool held_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    Held *h = ctx;
    commit_before(h, p, atoms, n, 0);
    if (!h->race) return h->w->fn(h->w->ctx, p, atoms, n);
    proc_held_put(&h->models, p, atoms, n, NULL, 0, false);
    held_check(h);
    return true;
}

static bool held_opt_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n,
                           const int64_t *costs, size_t ncosts, bool optimal)
{
    Held *h = ctx;
    commit_before(h, p, atoms, n, ncosts);
    if (!h->race) return h->w->ask->fn(h->w->ask->ctx, p, atoms, n, costs, ncosts, optimal);
    proc_held_put(&h->models, p, atoms, n, costs, ncosts, optimal);
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
    bool won = proc_race_end(h->race, false, &text, &res);
    h->race = NULL;
    AftStatus r = AFT_ERROR;
    if (won) {
        fwrite(text.data ? text.data : "", 1, text.len, stdout);
        memset(st, 0, sizeof *st);
        r = clingo_answer(h->w, &res, st, &h->how->clingo, err);
        h->how->kind = PROC_SOLVER_CLINGO;
        h->how->why = "raced with the native search; clingo answered first";
    } else {
        buf_puts(err, "the raced clingo run answered but then failed");
    }
    buf_free(&text);
    buf_free(&res);
    proc_held_drop(&h->models);
    return r;
}

/* The native search here with its models held, clingo in the child (proc_way_one_call). */
static AftStatus race(const ProcWay *w, AspStats *st, ProcAuto *how, Buf *err)
{
    ProcClingoOptions co;
    proc_way_one_call(w->co, &co);
    ProcWay cw = *w;
    cw.co = &co;
    Held h = { .w = w, .how = how };
    proc_held_init(&h.models);
    Buf why;
    buf_init(&why);
    h.race = proc_race_start(clingo_task, &cw, &h.won, PROC_AUTO_NICE, &why);
    how->kind = PROC_SOLVER_NATIVE;
    snprintf(how->note, sizeof how->note, "the native search alone (clingo could not be raced:"
             " %s)", buf_cstr(&why));
    how->why = how->note;
    AftOptions aft = *w->so->aft;
    aft.interrupt = &h.won;       /* Ctrl-C still stops it: aft.limits */
    aft.stop_abandons = true;     /* once clingo has won, nothing of this run is used */
    AspSolveOptions so = *w->so;
    so.aft = &aft;
    ProcOptAsk ask = w->ask ? *w->ask : (ProcOptAsk){ 0 };
    ask.fn = held_opt_model;
    ask.ctx = &h;
    ProcWay nw = { .s = w->s, .so = &so, .fn = held_model, .ctx = &h, .ask = w->ask ? &ask : NULL };
    AftStatus r = h.race ? proc_way_native(&nw, st) : proc_way_native(w, st);
    /* Once clingo has won, the native run is abandoned: it drops the bounds it reaches from
     * then on, so even a run that ends as if complete may lack models. */
    if (h.race && h.won) r = clingo_won(&h, st, err);
    else commit(&h, "raced with clingo; the native search answered first");
    proc_held_free(&h.models);
    buf_free(&why);
    return r;
}

AftStatus proc_solve_race(AspSolver *s, const AspSolveOptions *so, const ProcClingoOptions *co,
                          AspModelFn fn, void *ctx, AspStats *st, ProcAuto *how, Buf *err)
{
    ProcWay w = { .s = s, .so = so, .co = co, .fn = fn, .ctx = ctx };
    return proc_way_choose(&w, race, st, how, err);
}

AftStatus proc_optimize_race(AspSolver *s, const AspSolveOptions *so, const ProcClingoOptions *co,
                             const ProcOptAsk *ask, AspStats *st, ProcAuto *how, Buf *err)
{
    ProcWay w = { .s = s, .so = so, .co = co, .ask = ask };
    return proc_way_choose(&w, race, st, how, err);
}
