/* auto.c: `fix asp`'s default choice of solver, `--solver auto` (backend.h).  The answer is a
 * function of the input and the options alone: a program the native search handles is
 * searched natively first, with a work budget of --hand-over conflicts (PROC_AUTO_CONFLICTS by
 * default: a count, never a time) and its models held back (held.h).  A search that ends within the budget answers
 * (its held models are printed); one that spends it is abandoned, its held models dropped,
 * and the program is handed over to clingo as the back end, whose models (in clingo's own
 * order, clingo being deterministic) are the answer.  Held models past PROC_AUTO_HOLD_BYTES
 * are printed at once and the search goes on without a budget: an enumeration that fast is
 * the native search's to finish.  Any other program goes to clingo as the back end. */
#include "proc/held.h"
#include "asp/asp.h"
#include "util/mem.h"
#include "proc/way.h"

#include <stdio.h>

/* The native side: its models held back while it may still be handed over. */
typedef struct Hand {
    const ProcWay *w;
    AftWork work;                 /* the budget; limit 0 once the held models were printed */
    ProcHeld models;
    bool holding;
    ProcAuto *how;
} Hand;

/* The native search answers: its held models are printed, and from now on it prints at once
 * and has no budget. */
static void release(Hand *h)
{
    const ProcOptAsk *ask = h->w->ask;
    h->holding = false;
    h->work.limit = 0;
    proc_held_replay(&h->models, h->w->fn, h->w->ctx, ask ? ask->fn : NULL,
                     ask ? ask->ctx : NULL);
}

/* Would a model of `bytes` take the held ones past PROC_AUTO_HOLD_BYTES?  Then the held ones
 * are printed and this one goes straight to the output (a large model is never copied). */
static bool past_cap(Hand *h, size_t bytes)
{
    if (proc_held_bytes(&h->models) + bytes <= PROC_AUTO_HOLD_BYTES) return false;
    h->how->why = "the native search printed past the hold cap within its budget, and went on "
                  "without one";
    release(h);
    return true;
}

static bool hand_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    Hand *h = ctx;
    if (!h->holding || past_cap(h, proc_held_size(p, atoms, n, 0)))
        return h->w->fn(h->w->ctx, p, atoms, n);
    proc_held_put(&h->models, p, atoms, n, NULL, 0, false);
    return true;
}

static bool hand_opt_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n,
                           const int64_t *costs, size_t ncosts, bool optimal)
{
    Hand *h = ctx;
    if (!h->holding || past_cap(h, proc_held_size(p, atoms, n, ncosts)))
        return h->w->ask->fn(h->w->ask->ctx, p, atoms, n, costs, ncosts, optimal);
    proc_held_put(&h->models, p, atoms, n, costs, ncosts, optimal);
    return true;
}

/* ---- clingo's side: models counted, so that a failure before the first is seen ---- */

typedef struct Count {
    const ProcWay *w;
    size_t printed;
} Count;

static bool count_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    Count *k = ctx;
    k->printed++;
    return k->w->fn(k->w->ctx, p, atoms, n);
}

static bool count_opt_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n,
                            const int64_t *costs, size_t ncosts, bool optimal)
{
    Count *k = ctx;
    k->printed++;
    return k->w->ask->fn(k->w->ask->ctx, p, atoms, n, costs, ncosts, optimal);
}

/* clingo failed before printing a model (not installed, say): the native search again from
 * the start, without a budget (it is deterministic: the same models up to where it stopped). */
static AftStatus native_again(const ProcWay *w, AspStats *st, ProcAuto *how, Buf *why)
{
    snprintf(how->note, sizeof how->note, "the native search spent its budget of %zu conflicts;"
             " clingo failed (%s): the native search again, without a budget",
             w->co->hand_over, buf_cstr(why));
    how->kind = PROC_SOLVER_NATIVE;
    how->why = how->note;
    memset(st, 0, sizeof *st);
    if (w->ask) asp_opt_result_free(w->ask->res);
    return proc_way_native(w, st);
}

/* The native search spent its budget: clingo as the back end answers (proc_way_one_call). */
static AftStatus hand_over(const ProcWay *w, AspStats *st, ProcAuto *how, Buf *err)
{
    ProcClingoOptions co;
    proc_way_one_call(w->co, &co);
    Count k = { .w = w };
    ProcOptAsk ask = w->ask ? *w->ask : (ProcOptAsk){ 0 };
    ask.fn = count_opt_model;
    ask.ctx = &k;
    ProcWay cw = { .s = w->s, .so = w->so, .co = &co, .fn = count_model, .ctx = &k,
                  .ask = w->ask ? &ask : NULL };
    memset(st, 0, sizeof *st);
    if (w->ask) asp_opt_result_free(w->ask->res);
    if (w->so->release) asp_program_unpack_rules(w->so->release);   /* clingo reads them */
    how->kind = PROC_SOLVER_CLINGO;
    snprintf(how->note, sizeof how->note, "the native search spent its budget of %zu conflicts:"
             " handed over to clingo", w->co->hand_over);
    how->why = how->note;
    Buf cerr;
    buf_init(&cerr);
    AftStatus r = proc_way_clingo(&cw, st, &how->clingo, &cerr);
    if (r == AFT_ERROR && !k.printed) r = native_again(w, st, how, &cerr);
    else if (r == AFT_ERROR) buf_putn(err, cerr.data ? cerr.data : "", cerr.len);
    buf_free(&cerr);
    return r;
}

/* Did the native run stop on its budget (and not on a limit of the user's, or Ctrl-C)? */
static bool spent(const Hand *h, const AftOptions *aft, AftStatus r)
{
    const Limits *l = aft->limits;
    return r == AFT_LIMIT && h->holding && aft_work_spent(aft) && !(l && l->hit);
}

/* The native search with its budget; clingo if it spends it. */
static AftStatus native_first(const ProcWay *w, AspStats *st, ProcAuto *how, Buf *err)
{
    size_t budget = w->co->hand_over;
    Hand h = { .w = w, .work = { .limit = budget }, .holding = budget > 0, .how = how };
    proc_held_init(&h.models);
    how->kind = PROC_SOLVER_NATIVE;
    if (budget) snprintf(how->note, sizeof how->note, "the native search answered within its"
                         " budget of %zu conflicts", budget);
    else snprintf(how->note, sizeof how->note, "the native search without a budget (--hand-over 0)");
    how->why = how->note;
    AftOptions aft = *w->so->aft;
    aft.work = &h.work;
    aft.stop_abandons = true;     /* a spent budget: nothing of the run is used */
    aft.interrupt = NULL;         /* Ctrl-C stops it through aft.limits, soundly */
    AspSolveOptions so = *w->so;
    so.aft = &aft;
    ProcOptAsk ask = w->ask ? *w->ask : (ProcOptAsk){ 0 };
    ask.fn = hand_opt_model;
    ask.ctx = &h;
    ProcWay nw = { .s = w->s, .so = &so, .fn = hand_model, .ctx = &h,
                  .ask = w->ask ? &ask : NULL };
    AftStatus r = proc_way_native(&nw, st);
    if (spent(&h, &aft, r)) {
        proc_held_drop(&h.models);
        r = hand_over(w, st, how, err);
    } else if (h.holding) release(&h);
    proc_held_free(&h.models);
    return r;
}

AftStatus proc_solve_auto(AspSolver *s, const AspSolveOptions *so, const ProcClingoOptions *co,
                          AspModelFn fn, void *ctx, AspStats *st, ProcAuto *how, Buf *err)
{
    ProcWay w = { .s = s, .so = so, .co = co, .fn = fn, .ctx = ctx };
    return proc_way_choose(&w, native_first, st, how, err);
}

AftStatus proc_optimize_auto(AspSolver *s, const AspSolveOptions *so, const ProcClingoOptions *co,
                             const ProcOptAsk *ask, AspStats *st, ProcAuto *how, Buf *err)
{
    ProcWay w = { .s = s, .so = so, .co = co, .ask = ask };
    return proc_way_choose(&w, native_first, st, how, err);
}
