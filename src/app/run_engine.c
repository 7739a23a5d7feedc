/* run_engine.c: the queries that run the AFT engine on a declared function: fixpoints
 * (exhaustive), lfp/gfp (Kleene), approx, refine and bnb, optionally `via` a Galois
 * insertion; the function and the insertion as the engine sees them; tracing. */
#include "app/run_internal.h"

#include <unistd.h>

#include "report/html.h"
#include "util/mem.h"

/* ---- a declared function seen by the engine ---- */

static bool fn_eval(void *ctx, const Word *x, Word *out)
{
    FnCtx *c = ctx;
    const Word *args[1] = { x };
    return context_call(c->m, c->fn, args, out, c->where);
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

static bool fn_each(void *ctx, const Word *lo, const Word *hi,
                    bool (*visit)(void *vctx, const Word *x, const Word *fx), void *vctx, size_t *calls)
{
    FnCtx *c = ctx;
    const Lattice *L = c->fn->params[0];
    Word *x = lattice_elem_new(L);
    lattice_copy(L, x, lo);
    EachCtx e = { visit, vctx, 0 };
    bool ok = context_call_each(c->m, c->fn, lo, hi, x, each_visit, &e, c->where);
    mem_free(x);
    *calls = e.calls;
    return ok;
}

static bool fn_upper(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    FnCtx *c = ctx;
    const Word *args[3] = { lo, hi, x };
    return context_call(c->m, c->fn->upper, args, out, c->where);
}

static bool fn_lower(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    FnCtx *c = ctx;
    const Word *args[3] = { lo, hi, x };
    return context_call(c->m, c->fn->lower, args, out, c->where);
}

/* Derived envelopes (absvm.h), counted for the report. */
static bool fn_derived_done(FnCtx *c, bool ok)
{
    if (ok) c->derived++;
    else c->gave_up++;
    return ok;
}

static bool fn_derived_upper(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    FnCtx *c = ctx;
    (void)hi;
    return fn_derived_done(c, absvm_upper(c->abs, c->fn, lo, x, out));
}

static bool fn_derived_lower(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    FnCtx *c = ctx;
    (void)lo;
    return fn_derived_done(c, absvm_lower(c->abs, c->fn, x, hi, out));
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
    return fn_eval(ctx, x, out);
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

void fn_as_aft(AftFunction *f, FnCtx *ctx)
{
    memset(f, 0, sizeof *f);
    const FnSym *fn = ctx->fn;
    f->L = fn->ret;
    f->name = fn->name;
    f->ctx = ctx;
    f->eval = fn_eval;
    if (fn->nparams == 1) f->each = fn_each;
    if (fn->nparams == 1 && ctx->abs && !f->L->finite) f->rounded = fn_rounded;
    if (fn->nparams == 1 && ctx->exact) f->judge = reals_judge;
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

const char *fn_envelope_name(const AftFunction *f, const FnCtx *ctx)
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

const char *fn_envelope_note(const AftFunction *f, const FnCtx *ctx)
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
    t->trace = trace || s->opt.trace;
    t->progress = isatty(STDERR_FILENO) != 0;
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
    if (t->trace && t->shown) { fputs("\r\033[K", stderr); t->shown = false; }
    FILE *out = t->s->opt.dot ? t->s->aside : t->s->out;    /* --dot: stdout is Graphviz only */
    if (t->trace && t->s->opt.json) report_trace_json(t->L, ev, out);
    else if (t->trace) report_trace_text(t->L, ev, out);
    if (t->tree) dot_tree_event(t->tree, ev);
    if (t->s->page) html_query_event(t->s->page, t->L, ev);
    if (t->progress) show_progress(t, ev);
}

/* Clears the progress line and frees the tree. */
void run_trace_done(TraceCtx *t)
{
    if (t->shown) { fputs("\r\033[K", stderr); fflush(stderr); }
    if (t->tree) dot_tree_free(t->tree);
    t->tree = NULL;
}

void run_engine_options(Session *s, const QueryPlan *plan, AftOptions *o, Buf *err, TraceCtx *trace)
{
    aft_options_default(o);
    o->err = err;
    o->interrupt = &s->interrupt;
    o->limits = &s->limits;
    if (plan->steps >= 0) o->refine_steps = (size_t)plan->steps;
    o->no_refine = plan->steps == 0;
    o->root_only = plan->rounds == 0;
    if (plan->budget > 0) o->budget = (size_t)plan->budget;
    if (plan->rounds > 0) o->rounds = (size_t)plan->rounds;
    o->timeout_s = plan->timeout >= 0 ? plan->timeout : s->opt.timeout_s;
    o->max_steps = (size_t)s->opt.max_steps;
    if (plan->has_split) o->split.strategy = plan->split;
    o->on_event = on_event;
    o->event_ctx = trace;
}

/* ---- the start interval ---- */

static const char *plan_via_name(const QueryPlan *plan)
{
    return plan->kind != Q_CHECK_GALOIS && plan->galois ? plan->galois->name : NULL;
}

/* Evaluates one end of a `from` interval into out (an element of L). */
static bool eval_end(Session *s, const PlanExpr *e, const Lattice *L, Word *out)
{
    Word *v = NULL;
    if (!context_eval_plan(s->context, e, &v)) return false;
    lattice_copy(L, out, v);
    mem_free(v);
    return true;
}

/* Evaluates the start interval of a query (default [bot, top]); false after an error. */
static bool start_interval(Session *s, const QueryPlan *q, const Lattice *L, Word *lo, Word *hi)
{
    if (!q->from_lo) {
        L->ops->bot(L, lo);
        L->ops->top(L, hi);
        return true;
    }
    if (!eval_end(s, q->from_lo, L, lo) || !eval_end(s, q->from_hi, L, hi)) return false;
    if (!L->ops->leq(L, lo, hi)) {
        char *a = lattice_to_string(L, lo), *b = lattice_to_string(L, hi);
        diag_error(&s->diag, loc_span(q->from_lo->loc, q->from_hi->loc),
                   "not an interval: %s is not below %s", a, b);
        mem_free(a);
        mem_free(b);
        return false;
    }
    return true;
}

/* ---- fixpoints: exhaustive ---- */

static bool lattice_enumerable(Session *s, const QueryPlan *plan, const Lattice *L, const char *what)
{
    if (!L->finite) {
        Buf t; buf_init(&t);
        lattice_describe(L, &t);
        diag_error(&s->diag, plan->loc, "%s needs a finite lattice; %s is infinite "
                   "(use approx, refine or bnb instead)", what, buf_cstr(&t));
        buf_free(&t);
        return false;
    }
    if (L->log2_card > ENUM_LIMIT_LOG2) {
        Buf t; buf_init(&t);
        lattice_print_log2_size(L->log2_card, &t);
        diag_error(&s->diag, plan->loc, "%s would enumerate %s elements, more than the limit of 2^%d "
                   "(use approx, refine or bnb instead)", what, buf_cstr(&t), ENUM_LIMIT_LOG2);
        buf_free(&t);
        return false;
    }
    return true;
}

/* f(x) into y, unless a limit stops the query first (then it says so). */
static bool eval_within_limits(Session *s, const QueryPlan *plan, FnCtx *ctx, const Word *x, Word *y)
{
    if (session_stopped(s, plan)) return false;
    if (fn_eval(ctx, x, y)) return true;
    session_stopped(s, plan);
    return false;
}

/* fixpoints keeps x when f(x) = x (the list knows the lattice). */
static bool keep_fixed(void *points, const Word *x, const Word *fx)
{
    BoundList *list = points;
    if (list->L->ops->eq(list->L, x, fx)) boundlist_push(list, x, x);
    return true;
}

bool run_fixpoints(Session *s, const QueryPlan *plan, FnSym *fn)
{
    const Lattice *L = fn->ret;
    if (!lattice_enumerable(s, plan, L, "fixpoints")) return false;
    BoundList points;
    boundlist_init(&points, L);
    Word *bot = lattice_elem_new(L), *top = lattice_elem_new(L);
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    FnCtx each = { .m = s->context, .fn = fn, .where = plan->loc };
    size_t examined = 0;
    bool ok = !session_stopped(s, plan) && fn_each(&each, bot, top, keep_fixed, &points, &examined);
    if (!ok) session_stopped(s, plan);
    if (ok) {
        QueryResult r = { .kind = Q_FIXPOINTS, .target = fn->name,
                          .u.bnb = { .L = L, .points = &points, .final = &points, .examined = examined } };
        if (s->opt.dot) ok = session_emit_hasse(s, plan, L, NULL, NULL, &points);
        else session_emit(s, &r);
    }
    boundlist_free(&points);
    mem_free(top); mem_free(bot);
    return ok;
}

/* ---- lfp / gfp of a monotone function: Kleene iteration from bot / top ---- */

/* One step x -> f(x) of lfp/gfp: stops (reported) at a limit, or when f moved the wrong way. */
typedef struct KleeneRun {
    Session *s;
    const QueryPlan *plan;
    FnCtx ctx;
    bool least;
    size_t steps;
} KleeneRun;

static AftStatus kleene_step(void *c, const Word *x, Word *y)
{
    KleeneRun *k = c;
    Session *s = k->s;
    const Lattice *L = k->ctx.fn->ret;
    if (s->opt.max_steps && k->steps >= s->opt.max_steps) {
        diag_error(&s->diag, k->plan->loc, "stopped by max-steps (%llu) before an answer",
                   (unsigned long long)s->opt.max_steps);
        return AFT_ERROR;
    }
    if (!eval_within_limits(s, k->plan, &k->ctx, x, y)) return AFT_ERROR;
    k->steps++;
    if (k->least ? L->ops->leq(L, x, y) : L->ops->leq(L, y, x)) return AFT_OK;
    char *a = lattice_to_string(L, x), *b = lattice_to_string(L, y);
    diag_error(&s->diag, k->plan->loc, "'%s' is not monotone: the iteration went from %s to %s",
               k->ctx.fn->name, a, b);
    mem_free(a);
    mem_free(b);
    return AFT_ERROR;
}

/* On reals the iteration stops once a step moves by at most the tolerance, which does not
 * prove x the least (greatest) fixed point: f(x) = x + 1e-10 stops at once, far below its one
 * fixed point.  Unless f fixes x exactly (in exact arithmetic too: x + 1e-17 is x in
 * doubles), that is said beside the result (into *note, after what it held).  Nor does a
 * fixed point prove itself the least: a step rounded upwards may have stepped over a lesser
 * one, so the iteration rounded outwards must reach x too, else the result says where the
 * least one may be.  False when evaluating f fails. */
static bool label_tolerance(KleeneRun *run, size_t steps, const Word *x, Word *fx, char **note)
{
    const Lattice *L = run->ctx.fn->ret;
    const char *name = run->ctx.fn->name, *which = run->least ? "least" : "greatest";
    if (!eval_within_limits(run->s, run->plan, &run->ctx, x, fx)) return false;
    bool exact = L->ops->eq(L, x, fx) && reals_fixes_exactly(run->ctx.fn, &run->s->limits, x);
    if (exact && reals_iteration_reaches(run->ctx.fn, &run->s->limits, x, run->least, 2 * steps + 64, fx))
        return true;
    Buf b;
    buf_init(&b);
    if (*note) buf_printf(&b, "%s; ", *note);
    if (exact) {
        buf_printf(&b, "'%s' fixes it exactly, but a step rounded %s may have stepped over a %s "
                   "fixed point: the %s one is in [", name, run->least ? "upwards" : "downwards",
                   run->least ? "lesser" : "greater", which);
        L->ops->print(L, run->least ? fx : x, &b);
        buf_puts(&b, " .. ");
        L->ops->print(L, run->least ? x : fx, &b);
        buf_printf(&b, "] (reals rounded outwards); not proved the %s fixed point", which);
    } else {
        buf_printf(&b, "within tolerance: '%s' moves it by at most the tolerance, where the "
                   "iteration stopped; not proved the %s fixed point", name, which);
    }
    mem_free(*note);
    *note = mem_strdup(buf_cstr(&b));
    buf_free(&b);
    return true;
}

bool run_kleene(Session *s, const QueryPlan *plan, FnSym *fn)
{
    const Lattice *L = fn->ret;
    bool least = plan->kind == Q_LFP;
    if (fn->ann != ANN_MONOTONE) {
        diag_error(&s->diag, plan->target_loc, "%s needs a monotone function: declare '%s' monotone "
                   "(and verify it with `check %s monotone`)", least ? "lfp" : "gfp", fn->name, fn->name);
        return false;
    }
    char *assumption;
    if (!run_trust(s, plan, fn, &assumption)) return false;
    KleeneRun run = { s, plan, { .m = s->context, .fn = fn, .where = plan->loc }, least, 0 };
    AftKleene k = { L, least, 0, plan->steps >= 0 ? (size_t)plan->steps : 1000000, kleene_step, &run };
    Word *x = lattice_elem_new(L), *y = lattice_elem_new(L);
    if (least) L->ops->bot(L, x); else L->ops->top(L, x);
    size_t steps;
    bool settled;
    bool ok = aft_kleene(&k, NULL, x, y, &steps, &settled) == AFT_OK;
    if (ok && !settled) {
        diag_error(&s->diag, plan->loc, "no fixed point after %zu steps", steps);
        ok = false;
    }
    if (ok && !L->finite) ok = label_tolerance(&run, steps, x, y, &assumption);
    if (ok) {
        QueryResult r = { .kind = plan->kind, .target = fn->name, .assumption = assumption,
                          .u.value = { .type = { .kind = TY_LAT, .lat = L }, .value = x,
                                       .steps = steps } };
        session_emit(s, &r);
    }
    mem_free(x);
    mem_free(y);
    mem_free(assumption);
    return ok;
}

/* ---- approx and refine ---- */

static bool call1(const GaloisCtx *c, const FnSym *fn, const Word *in, Word *out)
{
    const Word *args[1] = { in };
    return context_call(c->m, fn, args, out, c->where);
}

static bool g_alpha_up(void *ctx, const Word *in, Word *out) { GaloisCtx *c = ctx; return call1(c, c->g->alpha_up, in, out); }
static bool g_gamma_up(void *ctx, const Word *in, Word *out) { GaloisCtx *c = ctx; return call1(c, c->g->gamma_up, in, out); }
static bool g_alpha_lo(void *ctx, const Word *in, Word *out) { GaloisCtx *c = ctx; return call1(c, c->g->alpha_lo, in, out); }
static bool g_gamma_lo(void *ctx, const Word *in, Word *out) { GaloisCtx *c = ctx; return call1(c, c->g->gamma_lo, in, out); }

void galois_as_aft(AftGalois *ag, GaloisCtx *ctx)
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

/* What approx, refine and bnb share: the function (abstract with `via G`), the start
 * interval, engine options, the event sink and the error buffer. */
typedef struct EngineRun {
    AftFunction f;              /* the concrete function */
    FnCtx ctx;
    GaloisRun *galois;          /* non-NULL with `via G` */
    GaloisCtx gctx;
    AftGalois ag;
    const Lattice *L;           /* the lattice results are reported in (concrete) */
    Word *lo, *hi;              /* the start interval */
    AftOptions o;
    AftStats st;
    TraceCtx trace;
    Buf err;
    char *assumption;           /* what the result rests on unproved (run_trust), or NULL */
} EngineRun;

static bool engine_galois(Session *s, const QueryPlan *plan, EngineRun *run)
{
    run->gctx.m = s->context;
    run->gctx.g = plan->galois;
    run->gctx.where = plan->loc;
    galois_as_aft(&run->ag, &run->gctx);
    run->galois = galois_run_new(&run->ag, &run->f, &run->err);
    return run->galois != NULL;
}

/* False after reporting an error; engine_teardown is due either way. */
static bool engine_setup(Session *s, const QueryPlan *plan, FnSym *fn, EngineRun *run)
{
    memset(run, 0, sizeof *run);
    buf_init(&run->err);
    run->ctx.m = s->context;
    run->ctx.fn = fn;
    run->ctx.where = plan->loc;
    run->ctx.envelope = plan->envelope;
    run->ctx.abs = absvm_new(&s->limits);
    if (!fn->ret->finite) {
        run->ctx.exact = absvm_new(&s->limits);
        absvm_set_total(run->ctx.exact, true);
    }
    fn_as_aft(&run->f, &run->ctx);
    run->L = fn->ret;
    run->lo = lattice_elem_new(run->L);
    run->hi = lattice_elem_new(run->L);
    if (!run_trust(s, plan, fn, &run->assumption)) return false;
    if (plan->galois && !engine_galois(s, plan, run)) return session_engine_error(s, plan, &run->err);
    if (!start_interval(s, plan, run->L, run->lo, run->hi)) return false;
    run_trace_init(&run->trace, s, run->galois ? galois_run_lattice(run->galois) : run->L, plan->trace);
    run_engine_options(s, plan, &run->o, &run->err, &run->trace);
    return true;
}

static void engine_teardown(EngineRun *run)
{
    run_trace_done(&run->trace);
    if (run->galois) galois_run_free(run->galois);
    absvm_free(run->ctx.abs);
    if (run->ctx.exact) absvm_free(run->ctx.exact);
    mem_free(run->lo);
    mem_free(run->hi);
    mem_free(run->assumption);
    buf_free(&run->err);
}

/* Where f was evaluated in floating point because the interval evaluator gave up, rounding
 * was not bounded: the result says so (appended to run->assumption).  (A query value never
 * gets here: on reals a monotone or antitone f is only sampled, so it is no value anyway.) */
static void note_unrounded(EngineRun *run)
{
    if (!run->ctx.unrounded) return;
    Buf b;
    buf_init(&b);
    if (run->assumption) buf_printf(&b, "%s; ", run->assumption);
    buf_printf(&b, "rounding not bounded: the interval evaluator gave up on '%s' at %zu point%s, "
               "where its floating-point value was used", run->ctx.fn->name, run->ctx.unrounded,
               run->ctx.unrounded == 1 ? "" : "s");
    mem_free(run->assumption);
    run->assumption = mem_strdup(buf_cstr(&b));
    buf_free(&b);
}

static bool report_refine(Session *s, const QueryPlan *plan, EngineRun *run, AftStatus status,
                          const Word *nlo, const Word *nhi, size_t steps)
{
    if (status == AFT_ERROR) return session_engine_error(s, plan, &run->err);
    note_unrounded(run);
    if (s->opt.dot && status != AFT_INVALID) return session_emit_hasse(s, plan, run->L, nlo, nhi, NULL);
    QueryResult r = { .kind = plan->kind, .target = run->ctx.fn->name, .via = plan_via_name(plan),
                      .assumption = run->assumption, .envelope = fn_envelope_note(&run->f, &run->ctx),
                      .envelope_used = fn_envelope_name(&run->f, &run->ctx),
                      .u.bound = { .L = run->L, .lo = nlo, .hi = nhi, .steps = steps } };
    if (status == AFT_INVALID) {
        r.status = RS_FAILED;
        r.verdict = "no fixed point";
        r.message = mem_strdup("F(B) is not an interval inside B, so B holds no fixed point");
    } else if (status == AFT_LIMIT) {
        r.status = RS_LIMIT;
        r.message = mem_strdup(stop_reason_text(run->st.stopped_by));
    }
    session_emit(s, &r);
    mem_free(r.message);
    return true;
}

bool run_refine(Session *s, const QueryPlan *plan, FnSym *fn)
{
    EngineRun run;
    bool ok = engine_setup(s, plan, fn, &run);
    if (ok) {
        Word *nlo = lattice_elem_new(run.L), *nhi = lattice_elem_new(run.L);
        size_t steps = 0;
        AftStatus status = run.galois
            ? galois_refine(run.galois, &run.o, run.lo, run.hi, nlo, nhi, &steps, &run.st)
            : aft_refine(&run.f, &run.o, run.lo, run.hi, nlo, nhi, &steps, &run.st);
        ok = report_refine(s, plan, &run, status, nlo, nhi, steps);
        mem_free(nlo);
        mem_free(nhi);
    }
    engine_teardown(&run);
    return ok;
}

/* ---- branch and bound ---- */

/* The verdict on each fixed point bnb found on a lattice that is not finite (run_reals.c),
 * about the boxes of claims (mem_alloc'd, one per point). */
static Verdict *bnb_verdicts(EngineRun *run, const BoundList *final, BoundList *points, BoundList *claims)
{
    VerdictKind *kind = reals_classify(&run->f, &run->ctx, final, points, claims);
    Verdict *v = mem_calloc(points->count + 1, sizeof *v);
    for (size_t j = 0; j < points->count; j++) {
        const Word *lo = boundlist_lo(claims, j), *hi = boundlist_hi(claims, j);
        v[j] = (Verdict){ .kind = kind[j], .lo = lo, .hi = hi, .point = kind[j] == VERDICT_FIXED ? lo : NULL };
    }
    mem_free(kind);
    return v;
}

bool run_bnb(Session *s, const QueryPlan *plan, FnSym *fn)
{
    EngineRun run;
    bool ok = engine_setup(s, plan, fn, &run);
    if (ok) {
        BoundList final, points;
        boundlist_init(&final, run.L);
        boundlist_init(&points, run.L);
        AftStatus status = run.galois
            ? galois_bnb(run.galois, &run.o, run.lo, run.hi, &final, &points, &run.st)
            : aft_bnb(&run.f, &run.o, run.lo, run.hi, &final, &points, &run.st);
        if (status == AFT_ERROR) {
            ok = session_engine_error(s, plan, &run.err);
        } else if (run.trace.tree) {
            /* on reals the points are only f's floating-point candidates: the nodes' verdicts say */
            session_emit_tree(s, plan, run.trace.tree, run.L->finite ? &points : NULL);
        } else {
            note_unrounded(&run);
            long *match = NULL;                 /* only the text report places fixed points */
            BoundList claims;
            boundlist_init(&claims, run.L);
            Verdict *verdicts = run.L->finite ? NULL : bnb_verdicts(&run, &final, &points, &claims);
            if (!s->opt.json) {
                match = mem_calloc(final.count + 1, sizeof *match);
                boundlist_match(&final, &points, match);
            }
            QueryResult r = { .kind = Q_BNB, .target = fn->name, .via = plan_via_name(plan),
                              .assumption = run.assumption, .envelope = fn_envelope_note(&run.f, &run.ctx),
                              .envelope_used = fn_envelope_name(&run.f, &run.ctx),
                              .u.bnb = { .L = run.L, .final = &final, .points = &points,
                                         .verdicts = verdicts,
                                         .final_match = match, .has_stats = true,
                                         .stats = run.st } };
            if (status == AFT_LIMIT) {
                r.status = RS_LIMIT;
                r.u.bnb.stats.stopped_by = stop_reason_text(run.st.stopped_by);
            }
            session_emit(s, &r);
            mem_free(match);
            mem_free(verdicts);
            boundlist_free(&claims);
        }
        boundlist_free(&final);
        boundlist_free(&points);
    }
    engine_teardown(&run);
    return ok;
}

/* ---- query results inside expressions (the VM's host) ---- */

/* The engine set up for approx(f) or bnb(f) in an expression: a plan of the query's kind with
 * no options, at where.  A result resting on a declaration that could only be sampled is not
 * a value: an error says so.  False after an error; engine_teardown is due either way. */
static bool value_setup(Session *s, QueryKind kind, const FnSym *fn, const BnbOptions *o, Loc where,
                        QueryPlan *plan, EngineRun *run)
{
    /* timeout 0: the engine keeps no clock of its own; the session's --timeout is in s->limits,
     * and stops the evaluation with an error, not with a value cut short */
    *plan = (QueryPlan){ .kind = kind, .loc = where, .target_loc = where, .via_loc = where, .fn = (FnSym *)fn,
                         .L = fn->ret, .steps = -1, .budget = -1, .rounds = -1, .models = -1, .timeout = 0 };
    if (o) {
        plan->steps = o->steps;
        plan->budget = o->budget;
        plan->rounds = o->rounds;
        if (o->timeout >= 0) plan->timeout = o->timeout;
        plan->has_split = o->has_split;
        plan->split = o->split;
        plan->envelope = (EnvelopeChoice)o->envelope;
        plan->galois = (GaloisSym *)o->via;
    }
    if (!engine_setup(s, plan, (FnSym *)fn, run)) return false;
    if (!run->assumption) return true;
    diag_error(&s->diag, where, "%s(%s) is a value only when proved (%s)", ast_query_name(kind), fn->name, run->assumption);
    return false;
}

/* approx(f): only a proved IR([bot, top]) is a value; a run stopped early (its bound is sound
 * but not IR) is an error, and a limit of the query is left for the caller to report.
 * refine(f, lo, hi) (from_lo, from_hi not NULL): the same from [lo, hi], which must be an
 * interval; one that holds no fixed point of f is an error, not a value. */
bool run_value_approx(void *ctx, const FnSym *fn, const Word *from_lo, const Word *from_hi, Word *lo, Word *hi,
                      Loc where)
{
    Session *s = ctx;
    QueryPlan plan;
    EngineRun run;
    const char *what = from_lo ? "refine" : "approx";
    bool ok = value_setup(s, from_lo ? Q_REFINE : Q_APPROX, fn, NULL, where, &plan, &run);
    if (ok && from_lo && !run.L->ops->leq(run.L, from_lo, from_hi)) {
        diag_error(&s->diag, where, "refine(%s, lo, hi): lo is not below hi, [lo, hi] is not an interval", fn->name);
        ok = false;
    }
    if (ok) {
        size_t steps = 0;
        AftStatus status = aft_refine(&run.f, &run.o, from_lo ? from_lo : run.lo, from_lo ? from_hi : run.hi,
                                      lo, hi, &steps, &run.st);
        ok = status == AFT_OK;
        if (status == AFT_ERROR) session_engine_error(s, &plan, &run.err);
        else if (status == AFT_LIMIT && !limits_check_now(&s->limits, 0))
            diag_error(&s->diag, where, "%s(%s) stopped by %s before %s: no value", what, fn->name,
                       stop_reason_text(run.st.stopped_by), from_lo ? "its limit" : "IR([bot, top])");
        else if (status == AFT_INVALID && from_lo)
            diag_error(&s->diag, where, "refine(%s, lo, hi): F leaves [lo, hi], which holds no fixed point of %s: "
                       "no value", fn->name, fn->name);
        else if (status == AFT_INVALID)
            diag_error(&s->diag, where, "approx(%s): F([bot, top]) is not an interval", fn->name);
    }
    engine_teardown(&run);
    return ok;
}

/* The words of a list of bounds: each bound's lo (points) or lo and hi (intervals). */
static Word *bound_words(const BoundList *b, bool intervals)
{
    size_t W = b->L->nwords, per = intervals ? 2 * W : W;
    Word *w = mem_alloc((b->count * per + 1) * sizeof *w);
    for (size_t i = 0; i < b->count; i++) {
        memcpy(w + i * per, boundlist_lo(b, i), W * sizeof *w);
        if (intervals) memcpy(w + i * per + W, boundlist_hi(b, i), W * sizeof *w);
    }
    return w;
}

/* bnb(f): its fixed points and Final; complete when it finished and Final holds no bound but
 * those fixed points (then they are all of f's fixed points).  A run stopped by a step limit
 * is a value marked incomplete; one stopped by a limit of the query is left to the caller. */
bool run_value_bnb(void *ctx, const FnSym *fn, const BnbOptions *opts, const Word *from_lo, const Word *from_hi,
                   VmBnb *out, Loc where)
{
    Session *s = ctx;
    QueryPlan plan;
    EngineRun run;
    bool ok = value_setup(s, Q_BNB, fn, opts, where, &plan, &run);
    if (ok && from_lo && !run.L->ops->leq(run.L, from_lo, from_hi)) {
        diag_error(&s->diag, where, "bnb(%s from [lo .. hi]): lo is not below hi, [lo, hi] is not an interval", fn->name);
        ok = false;
    }
    if (ok) {
        BoundList final, points;
        boundlist_init(&final, run.L);
        boundlist_init(&points, run.L);
        const Word *lo = from_lo ? from_lo : run.lo, *hi = from_lo ? from_hi : run.hi;
        AftStatus status = run.galois ? galois_bnb(run.galois, &run.o, lo, hi, &final, &points, &run.st)
                                      : aft_bnb(&run.f, &run.o, lo, hi, &final, &points, &run.st);
        ok = status != AFT_ERROR && !(status == AFT_LIMIT && limits_check_now(&s->limits, 0));
        if (status == AFT_ERROR) session_engine_error(s, &plan, &run.err);
        if (ok) {
            long *match = mem_calloc(final.count + 1, sizeof *match);
            boundlist_match(&final, &points, match);
            out->complete = status == AFT_OK;
            for (size_t i = 0; i < final.count; i++)
                if (match[i] < 0) out->complete = false;
            mem_free(match);
            out->points = bound_words(&points, false);
            out->npoints = points.count;
            out->final = bound_words(&final, true);
            out->nfinal = final.count;
        }
        boundlist_free(&final);
        boundlist_free(&points);
    }
    engine_teardown(&run);
    return ok;
}
