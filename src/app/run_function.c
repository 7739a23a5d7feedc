/* run_function.c: a declared function and a declared Galois insertion as the engine sees
 * them (an AftFunction and an AftGalois whose callbacks call the context's VM, with the
 * envelopes a query chose), the engine's options from a query's, and where its events go
 * (trace, --dot tree, --html, the progress line). */
#include "app/run_internal.h"
#include "app/why.h"

#include <unistd.h>

#include "code/absdiff.h"
#include "code/absmean.h"
#include "report/html.h"
#include "util/mem.h"

/* ---- a declared function seen by the engine ---- */

/* fn on args through the context's VM, or a worker's own (c->vm, --jobs N). */
static bool fn_call(FnCtx *c, const FnSym *fn, const Word *const *args, Word *out)
{
    if (c->vm) return vm_call(c->vm, fn, args, out, c->where);
    return context_call(c->context, fn, args, out, c->where);
}

bool run_fn_eval(void *ctx, const Word *x, Word *out)
{
    FnCtx *c = ctx;
    const Word *args[1] = { x };
    return fn_call(c, c->fn, args, out);
}

/* f over [lo, hi] through the VM's enumeration fast path (AftFunction.each). */
typedef struct EachCtx {
    bool (*visit)(void *vctx, const Word *x, const Word *fx);
    void *vctx;
    size_t calls;
} EachCtx;

static bool each_visit(void *ctx, const Word *x, const Word *result)
{
    EachCtx *e = ctx;
    e->calls++;
    return e->visit(e->vctx, x, result);
}

bool run_fn_each(void *ctx, const Word *lo, const Word *hi,
                    bool (*visit)(void *vctx, const Word *x, const Word *fx), void *vctx, size_t *calls)
{
    FnCtx *c = ctx;
    const Lattice *L = c->fn->params[0];
    Word *x = lattice_elem_new(L);
    lattice_copy(L, x, lo);
    EachCtx e = { visit, vctx, 0 };
    bool ok = c->vm ? c->fn->chunk && vm_run_each(c->vm, c->fn->chunk, L, lo, hi, x, each_visit, &e, c->where)
                    : context_call_each(c->context, c->fn, lo, hi, x, each_visit, &e, c->where);
    mem_free(x);
    *calls = e.calls;
    return ok;
}

static bool fn_upper(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    FnCtx *c = ctx;
    const Word *args[3] = { lo, hi, x };
    return fn_call(c, c->fn->upper, args, out);
}

static bool fn_lower(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    FnCtx *c = ctx;
    const Word *args[3] = { lo, hi, x };
    return fn_call(c, c->fn->lower, args, out);
}

/* Derived envelopes (absmean.h: the interval evaluator and the mean-value form), counted for
 * the report.  On an interval brute force may enumerate (a finite lattice, at most
 * 2^BRUTE_AUTO_LOG2 elements) the evaluator runs total (absvm_set_total): where f may fail
 * for an input of [a, b] it gives up, and the engine falls back to brute force, whose calls
 * report f's failure as an error, as `envelope brute` does, instead of a bracket that leaves
 * the failing inputs out (a bnb answered "complete" while f failed at an element it pruned).
 * On a larger interval, or a lattice of reals, the bracket leaves them out (docs/aft.md). */
static bool fn_derived(FnCtx *c, const Word *a, const Word *b, bool upper, Word *out)
{
    const Lattice *L = c->fn->params[0];
    bool total = L->finite && L->ops->log2_size(L, a, b) <= BRUTE_AUTO_LOG2;
    absvm_set_total(c->abs, total);
    bool ok = upper ? absmean_upper(c->abs, c->fn, a, b, out) : absmean_lower(c->abs, c->fn, a, b, out);
    absvm_set_total(c->abs, false);
    if (ok) c->derived++;
    else c->gave_up++;
    return ok;
}

static bool fn_derived_upper(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    (void)hi;
    return fn_derived(ctx, lo, x, true, out);
}

static bool fn_derived_lower(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    (void)lo;
    return fn_derived(ctx, x, hi, false, out);
}

/* f(x) rounded down or up: an end of the interval evaluator's enclosure of the exact f(x);
 * where the evaluator gives up, f(x) in floating point, counted in c->unrounded. */
static bool fn_rounded(void *ctx, const Word *x, bool up, Word *out)
{
    FnCtx *c = ctx;
    const Lattice *L = c->fn->ret;
    Word *lo, *hi;
    lattice_elems_new(L, 2, (Word **const[]){ &lo, &hi });
    bool enclosed = absvm_eval(c->abs, c->fn, x, x, lo, hi);
    if (enclosed) lattice_copy(L, out, up ? hi : lo);
    mem_free(lo);                        /* the block of both */
    if (enclosed) return true;
    c->unrounded++;
    return run_fn_eval(ctx, x, out);
}

static void declared_envelope(AftFunction *f, const FnSym *fn)
{
    if (fn->upper && fn->lower) {
        f->envelope = ENV_DECLARED;
        f->upper = fn_upper;
        f->lower = fn_lower;
    } else if (fn->ann == ANN_MONOTONE) {
        f->envelope = ENV_MONOTONE;
    } else if (fn->ann == ANN_ANTITONE) {
        f->envelope = ENV_ANTITONE;
    } else {
        f->envelope = ENV_BRUTE;
    }
}

void run_fn_as_aft(AftFunction *f, FnCtx *ctx)
{
    memset(f, 0, sizeof *f);
    const FnSym *fn = ctx->fn;
    f->L = fn->ret;
    f->name = fn->name;
    f->ctx = ctx;
    f->eval = run_fn_eval;
    if (fn->nparams == 1) f->each = run_fn_each;
    if (fn->nparams == 1 && ctx->abs && !f->L->finite) f->rounded = fn_rounded;
    if (fn->nparams == 1 && ctx->exact) f->judge = reals_judge;
    if (fn->nparams == 1 && ctx->exact && !f->L->finite && absdiff_vars(f->L) > 0) f->contract = reals_contract;
    EnvelopeChoice c = ctx->envelope;
    if (c == ENVELOPE_AUTO) {
        bool declared = (fn->upper && fn->lower) || fn->ann != ANN_NONE;
        bool small = f->L->finite && f->L->log2_card <= BRUTE_AUTO_LOG2;
        c = declared ? ENVELOPE_DECLARED : small ? ENVELOPE_BRUTE : ENVELOPE_DERIVED;
    }
    if (c == ENVELOPE_DECLARED) {
        declared_envelope(f, fn);
    } else if (c == ENVELOPE_DERIVED && ctx->abs && fn->nparams == 1) {
        f->envelope = ENV_DERIVED;
        f->upper = fn_derived_upper;
        f->lower = fn_derived_lower;
    } else {
        f->envelope = ENV_BRUTE;
    }
    ctx->monotone = f->envelope == ENV_MONOTONE;
}

const char *run_fn_envelope_name(const AftFunction *f, const FnCtx *ctx)
{
    switch (f->envelope) {
    case ENV_DERIVED: return ctx->gave_up ? "derived+brute" : "derived";
    case ENV_BRUTE: return "brute";
    case ENV_DECLARED: return "declared";
    case ENV_MONOTONE: return "monotone";
    case ENV_ANTITONE: return "antitone";
    }
    return NULL;
}

const char *run_fn_envelope_note(const AftFunction *f, const FnCtx *ctx)
{
    switch (f->envelope) {
    case ENV_DERIVED: return ctx->gave_up ? "derived+brute" : "derived";
    case ENV_BRUTE: return ctx->envelope == ENVELOPE_AUTO ? NULL : "brute";
    case ENV_DECLARED: return ctx->envelope == ENVELOPE_AUTO ? NULL : "declared";
    case ENV_MONOTONE: return ctx->envelope == ENVELOPE_AUTO ? NULL : "monotone";
    case ENV_ANTITONE: return ctx->envelope == ENVELOPE_AUTO ? NULL : "antitone";
    }
    return NULL;
}

/* ---- engine options and tracing ---- */

void run_trace_init(TraceCtx *t, Session *s, const Lattice *L, bool trace)
{
    memset(t, 0, sizeof *t);
    t->s = s;
    t->L = L;
    t->trace = (trace || s->opt.trace) && !s->watch;    /* explained: the answer is captured */
    t->progress = isatty(STDERR_FILENO) != 0 && !s->sink.on_event;
    t->start = aft_clock();
    if (s->opt.dot) t->tree = dot_tree_new(L, NULL);
}

static void show_progress(TraceCtx *t, const AftEvent *ev)
{
    if (ev->kind == EV_BNB_ROUND) { t->round = ev->round; t->bounds = ev->count; }
    if (ev->kind == EV_BNB_FINAL) t->finals++;
    double now = aft_clock();
    if (now - t->start < 1.0 || now - t->last_shown < 0.25) return;
    t->last_shown = now;
    t->shown = true;
    Buf b; buf_init(&b);
    if (ev->kind == EV_REFINE_STEP) buf_printf(&b, "\r\033[Kfix: refine step %zu, size ", ev->step);
    else buf_printf(&b, "\r\033[Kfix: bnb round %zu, %zu bounds, %zu final, size ", t->round, t->bounds, t->finals);
    if (ev->lo && ev->hi) lattice_print_log2_size(t->L->ops->log2_size(t->L, ev->lo, ev->hi), &b);
    else buf_puts(&b, "?");
    buf_printf(&b, " (%.0f s)", now - t->start);
    fputs(buf_cstr(&b), stderr);
    fflush(stderr);
    buf_free(&b);
}

static void on_event(void *ctx, const AftEvent *ev)
{
    TraceCtx *t = ctx;
    if (t->s->sink.on_event) t->s->sink.on_event(t->s->sink.ctx, t->L, ev);
    if (t->trace && t->shown) { fputs("\r\033[K", stderr); t->shown = false; }
    FILE *out = t->s->opt.dot ? t->s->aside : t->s->out;    /* --dot: stdout is Graphviz only */
    if (t->s->sink.on_result) { /* the API's: no trace printed (its REPL input prints it) */ }
    else if (t->trace && t->s->opt.json) report_trace_json(t->L, ev, out);
    else if (t->trace) report_trace_text(t->L, ev, out);
    if (t->tree) dot_tree_event(t->tree, ev);
    if (t->s->page) html_query_event(t->s->page, t->L, ev);
    if (t->s->why) why_event(t->s->why, t->L, ev);
    if (t->progress) show_progress(t, ev);
}

/* Clears the progress line and frees the tree; the page's events of the run, held until its
 * answer is out, are written while their lattice lives (a stable(P) value's is freed after). */
void run_trace_done(TraceCtx *t)
{
    if (t->s && t->s->page) html_query_end(t->s->page);
    if (t->shown) { fputs("\r\033[K", stderr); fflush(stderr); }
    if (t->tree) dot_tree_free(t->tree);
    t->tree = NULL;
}

void run_engine_options(Session *s, const QueryOptions *q, AftOptions *o, Buf *err, TraceCtx *trace)
{
    aft_options_default(o);
    o->err = err;
    o->interrupt = &s->interrupt;
    o->limits = &s->limits;
    if (q->steps >= 0) o->refine_steps = (size_t)q->steps;
    o->no_refine = q->steps == 0;
    o->root_only = q->rounds == 0;
    if (q->budget > 0) o->budget = (size_t)q->budget;
    if (q->rounds > 0) o->rounds = (size_t)q->rounds;
    o->timeout_s = q->timeout >= 0 ? q->timeout : s->opt.timeout_s;
    o->max_steps = (size_t)s->opt.max_steps;
    if (q->has_split) o->split.strategy = q->split;
    o->on_event = on_event;
    o->event_ctx = trace;
    if (s->why) {
        o->on_why = why_record;
        o->why_ctx = s->why;
    }
}

/* ---- a declared Galois insertion seen by the engine ---- */

static bool call1(const GaloisCtx *c, const FnSym *fn, const Word *in, Word *out)
{
    const Word *args[1] = { in };
    return context_call(c->context, fn, args, out, c->where);
}

static bool g_alpha_up(void *ctx, const Word *in, Word *out) { GaloisCtx *c = ctx; return call1(c, c->g->alpha_up, in, out); }
static bool g_gamma_up(void *ctx, const Word *in, Word *out) { GaloisCtx *c = ctx; return call1(c, c->g->gamma_up, in, out); }
static bool g_alpha_lo(void *ctx, const Word *in, Word *out) { GaloisCtx *c = ctx; return call1(c, c->g->alpha_lo, in, out); }
static bool g_gamma_lo(void *ctx, const Word *in, Word *out) { GaloisCtx *c = ctx; return call1(c, c->g->gamma_lo, in, out); }

void run_galois_as_aft(AftGalois *ag, GaloisCtx *ctx)
{
    ag->name = ctx->g->name;
    ag->C = ctx->g->concrete;
    ag->A = ctx->g->abstract;
    ag->ctx = ctx;
    ag->alpha_up = g_alpha_up;
    ag->gamma_up = g_gamma_up;
    ag->alpha_lo = g_alpha_lo;
    ag->gamma_lo = g_gamma_lo;
}
