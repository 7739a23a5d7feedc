/* run.c: loads .fix files into a session's model and runs their queries in order. */
#include "run.h"

#include <math.h>
#include <stdlib.h>
#include <unistd.h>

#include "aft/aft.h"
#include "aft/check.h"
#include "aft/galois.h"
#include "asp/asp.h"
#include "report/dot.h"
#include "report/report.h"
#include "util/mem.h"

/* Enumerations (fixpoints, checks) stop beyond this many elements with an error. */
enum { ENUM_LIMIT_LOG2 = 22, CHECK_SAMPLES = 20000 };

void session_init(Session *s, const RunOptions *opt, FILE *out)
{
    diag_init(&s->diag, stderr);
    s->opt = *opt;
    s->out = out;
    s->aside = stderr;
    arena_init(&s->arena);
    s->interrupt = 0;
    s->failed_queries = 0;
    s->ndirs = 0;
    s->model = model_new(&s->diag);
    limits_start(&s->limits, 0, 0, &s->interrupt);
    model_set_limits(s->model, opt->max_steps, &s->limits);
}

bool session_add_search_dir(Session *s, const char *dir)
{
    if (s->ndirs == FIX_ARRAY_LEN(s->dirs)) return false;
    s->dirs[s->ndirs++] = dir;
    model_add_search_dir(s->model, dir);
    return true;
}

void session_reset(Session *s)
{
    model_free(s->model);
    s->model = model_new(&s->diag);
    model_set_limits(s->model, s->opt.max_steps, &s->limits);
    for (size_t i = 0; i < s->ndirs; i++) model_add_search_dir(s->model, s->dirs[i]);
}

void session_free(Session *s)
{
    model_free(s->model);
    arena_free(&s->arena);
    diag_free(&s->diag);
}

/* ---- a declared function seen by the engine ---- */

typedef struct FnCtx { Model *m; const FnSym *fn; Loc where; } FnCtx;

static bool fn_eval(void *ctx, const Word *x, Word *out)
{
    FnCtx *c = ctx;
    const Word *args[1] = { x };
    return model_call(c->m, c->fn, args, out, c->where);
}

static bool fn_upper(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    FnCtx *c = ctx;
    const Word *args[3] = { lo, hi, x };
    return model_call(c->m, c->fn->upper, args, out, c->where);
}

static bool fn_lower(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    FnCtx *c = ctx;
    const Word *args[3] = { lo, hi, x };
    return model_call(c->m, c->fn->lower, args, out, c->where);
}

static void aft_function_of(AftFunction *f, FnCtx *ctx)
{
    memset(f, 0, sizeof *f);
    f->L = ctx->fn->ret;
    f->name = ctx->fn->name;
    f->ctx = ctx;
    f->eval = fn_eval;
    if (ctx->fn->upper && ctx->fn->lower) {
        f->envelope = ENV_DECLARED;
        f->upper = fn_upper;
        f->lower = fn_lower;
    } else if (ctx->fn->ann == ANN_MONOTONE) {
        f->envelope = ENV_MONOTONE;
    } else if (ctx->fn->ann == ANN_ANTITONE) {
        f->envelope = ENV_ANTITONE;
    } else {
        f->envelope = ENV_BRUTE;
    }
}

/* ---- engine options and tracing ---- */

/* Where engine events go: the trace, the --dot tree, and a progress line on stderr for runs
 * longer than a second (only when stderr is a terminal). */
typedef struct TraceCtx {
    Session *s;
    const Lattice *L;
    bool trace;
    DotTree *tree;
    bool progress;
    double start, last_shown;
    size_t round, bounds, finals;
    bool shown;
} TraceCtx;

static void trace_init(TraceCtx *t, Session *s, const Lattice *L, bool trace)
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
    if (t->trace && t->s->opt.json) report_trace_json(t->L, ev, t->s->out);
    else if (t->trace) report_trace_text(t->L, ev, t->s->out);
    if (t->tree) dot_tree_event(t->tree, ev);
    if (t->progress) show_progress(t, ev);
}

/* Clears the progress line and frees the tree. */
static void trace_done(TraceCtx *t)
{
    if (t->shown) { fputs("\r\033[K", stderr); fflush(stderr); }
    if (t->tree) dot_tree_free(t->tree);
    t->tree = NULL;
}

static void engine_options(Session *s, const QueryPlan *plan, AftOptions *o, Buf *err, TraceCtx *trace)
{
    aft_options_default(o);
    o->err = err;
    o->interrupt = &s->interrupt;
    o->limits = &s->limits;
    if (plan->steps >= 0) o->refine_steps = (size_t)plan->steps;
    if (plan->budget > 0) o->budget = (size_t)plan->budget;
    if (plan->rounds > 0) o->rounds = (size_t)plan->rounds;
    o->timeout_s = plan->timeout >= 0 ? plan->timeout : s->opt.timeout_s;
    o->max_steps = (size_t)s->opt.max_steps;
    if (plan->has_split) o->split.strategy = plan->split;
    o->on_event = on_event;
    o->event_ctx = trace;
}

/* ---- helpers ---- */

static const char *plan_via_name(const QueryPlan *plan)
{
    return plan->kind != Q_CHECK_GALOIS && plan->galois ? plan->galois->name : NULL;
}

/* Which limit stopped an engine run, in the engine's word. */
static const char *stop_reason(const char *stopped_by)
{
    return stopped_by ? stopped_by : "a limit";
}

/* A limit (timeout, memory, Ctrl-C) stopped a query that has no sound partial answer to
 * give: says which, at the query, and returns true. */
static bool stopped(Session *s, const QueryPlan *plan)
{
    const char *hit = limits_poll(&s->limits);
    if (!hit) return false;
    diag_error(&s->diag, plan->loc, "stopped by %s before an answer", hit);
    return true;
}

static char *source_text(Loc loc)
{
    return mem_strndup(loc.src->text + loc.start, loc.end - loc.start);
}

/* With --dot, standard output carries Graphviz only: a result that has no graph (show, lfp,
 * check, stable, a refine with no fixed point) goes to standard error. */
static void emit(Session *s, const QueryResult *r)
{
    FILE *out = s->opt.dot ? s->aside : s->out;
    if (s->opt.json) report_json(r, out);
    else report_text(r, out);
}

/* --dot: the Hasse diagram of L with a bound and fixed points marked. */
static bool emit_hasse(Session *s, const QueryPlan *plan, const Lattice *L, const Word *lo, const Word *hi,
                       const BoundList *points)
{
    BoundList bounds;
    boundlist_init(&bounds, L);
    if (lo) boundlist_push(&bounds, lo, hi);
    Buf out, err;
    buf_init(&out);
    buf_init(&err);
    char *title = source_text(plan->loc);
    bool ok = dot_hasse(L, &bounds, points, title, &out, &err);
    if (ok) fputs(buf_cstr(&out), s->out);
    else diag_error(&s->diag, plan->loc, "--dot: %s", buf_cstr(&err));
    mem_free(title);
    buf_free(&out);
    buf_free(&err);
    boundlist_free(&bounds);
    return ok;
}

static void emit_tree(Session *s, const DotTree *tree)
{
    Buf out;
    buf_init_stream(&out, s->out);
    dot_tree_write(tree, &out);
    buf_flush(&out);
    fflush(s->out);
    buf_free(&out);
}

/* Evaluates one end of a `from` interval into out (an element of L). */
static bool eval_end(Session *s, const PlanExpr *e, const Lattice *L, Word *out)
{
    Word *v = NULL;
    if (!model_eval_plan(s->model, e, &v)) return false;
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

static bool report_engine_error(Session *s, const QueryPlan *plan, Buf *err)
{
    if (err->len) diag_error(&s->diag, plan->loc, "%s", buf_cstr(err));
    else stopped(s, plan);
    return false;
}

/* ---- show ---- */

static bool run_show(Session *s, const QueryPlan *plan)
{
    QueryResult r = { .kind = Q_SHOW };
    Word *v = NULL;
    if (!model_eval_plan(s->model, plan->show, &v)) {
        stopped(s, plan);
        return false;
    }
    r.u.value.type = plan->show->type;
    char *text = source_text(plan->show->loc);
    r.u.value.text = text;
    r.u.value.value = v;
    emit(s, &r);
    mem_free(text);
    mem_free(v);
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
    if (stopped(s, plan)) return false;
    if (fn_eval(ctx, x, y)) return true;
    stopped(s, plan);
    return false;
}

static bool run_fixpoints(Session *s, const QueryPlan *plan, FnSym *fn)
{
    const Lattice *L = fn->ret;
    if (!lattice_enumerable(s, plan, L, "fixpoints")) return false;
    BoundList points;
    boundlist_init(&points, L);
    Word *x = lattice_elem_new(L), *y = lattice_elem_new(L);
    Word *bot = lattice_elem_new(L), *top = lattice_elem_new(L);
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    lattice_copy(L, x, bot);
    FnCtx ctx = { s->model, fn, plan->loc };
    size_t n = 0;
    bool ok = true;
    do {
        n++;
        if (!eval_within_limits(s, plan, &ctx, x, y)) { ok = false; break; }
        if (L->ops->eq(L, x, y)) boundlist_push(&points, x, x);
    } while (L->ops->next(L, bot, top, x));
    if (ok) {
        QueryResult r = { .kind = Q_FIXPOINTS, .target = fn->name,
                          .u.bnb = { .L = L, .points = &points, .final = &points, .examined = n } };
        if (s->opt.dot) ok = emit_hasse(s, plan, L, NULL, NULL, &points);
        else emit(s, &r);
    }
    boundlist_free(&points);
    mem_free(x); mem_free(y); mem_free(top); mem_free(bot);
    return ok;
}

/* ---- lfp / gfp of a monotone function: Kleene iteration from bot / top ---- */

static bool run_kleene(Session *s, const QueryPlan *plan, FnSym *fn)
{
    const Lattice *L = fn->ret;
    bool least = plan->kind == Q_LFP;
    if (fn->ann != ANN_MONOTONE) {
        diag_error(&s->diag, plan->target_loc, "%s needs a monotone function: declare '%s' monotone "
                   "(and verify it with `check %s monotone`)", least ? "lfp" : "gfp", fn->name, fn->name);
        return false;
    }
    FnCtx ctx = { s->model, fn, plan->loc };
    Word *x = lattice_elem_new(L), *y = lattice_elem_new(L);
    if (least) L->ops->bot(L, x); else L->ops->top(L, x);
    size_t steps = 0, limit = plan->steps >= 0 ? (size_t)plan->steps : 1000000;
    bool ok = true, done = false;
    while (!done) {
        if (steps >= limit) {
            diag_error(&s->diag, plan->loc, "no fixed point after %zu steps", steps);
            ok = false;
            break;
        }
        if (s->opt.max_steps && steps >= s->opt.max_steps) {
            diag_error(&s->diag, plan->loc, "stopped by max-steps (%llu) before an answer",
                       (unsigned long long)s->opt.max_steps);
            ok = false;
            break;
        }
        if (!eval_within_limits(s, plan, &ctx, x, y)) { ok = false; break; }
        steps++;
        bool moved_right_way = least ? L->ops->leq(L, x, y) : L->ops->leq(L, y, x);
        if (!moved_right_way) {
            char *a = lattice_to_string(L, x), *b = lattice_to_string(L, y);
            diag_error(&s->diag, plan->loc, "'%s' is not monotone: the iteration went from %s to %s",
                       fn->name, a, b);
            mem_free(a); mem_free(b);
            ok = false;
            break;
        }
        done = L->ops->eq(L, x, y) || (!L->finite && L->ops->is_point(L, least ? x : y, least ? y : x));
        lattice_copy(L, x, y);
    }
    if (ok) {
        QueryResult r = { .kind = plan->kind, .target = fn->name,
                          .u.value = { .type = { .kind = TY_LAT, .lat = L }, .value = x,
                                       .steps = steps } };
        emit(s, &r);
    }
    mem_free(x);
    mem_free(y);
    return ok;
}

/* ---- approx and refine ---- */

/* The four maps of a declared Galois insertion, called through the VM. */
typedef struct GaloisCtx { Model *m; const GaloisSym *g; Loc where; } GaloisCtx;

static bool call1(const GaloisCtx *c, const FnSym *fn, const Word *in, Word *out)
{
    const Word *args[1] = { in };
    return model_call(c->m, fn, args, out, c->where);
}

static bool g_alpha_up(void *ctx, const Word *in, Word *out) { GaloisCtx *c = ctx; return call1(c, c->g->alpha_up, in, out); }
static bool g_gamma_up(void *ctx, const Word *in, Word *out) { GaloisCtx *c = ctx; return call1(c, c->g->gamma_up, in, out); }
static bool g_alpha_lo(void *ctx, const Word *in, Word *out) { GaloisCtx *c = ctx; return call1(c, c->g->alpha_lo, in, out); }
static bool g_gamma_lo(void *ctx, const Word *in, Word *out) { GaloisCtx *c = ctx; return call1(c, c->g->gamma_lo, in, out); }

static void aft_galois_of(AftGalois *ag, GaloisCtx *ctx)
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
} EngineRun;

static bool engine_galois(Session *s, const QueryPlan *plan, EngineRun *run)
{
    run->gctx.m = s->model;
    run->gctx.g = plan->galois;
    run->gctx.where = plan->loc;
    aft_galois_of(&run->ag, &run->gctx);
    run->galois = galois_run_new(&run->ag, &run->f, &run->err);
    return run->galois != NULL;
}

/* False after reporting an error; engine_teardown is due either way. */
static bool engine_setup(Session *s, const QueryPlan *plan, FnSym *fn, EngineRun *run)
{
    memset(run, 0, sizeof *run);
    buf_init(&run->err);
    run->ctx.m = s->model;
    run->ctx.fn = fn;
    run->ctx.where = plan->loc;
    aft_function_of(&run->f, &run->ctx);
    run->L = fn->ret;
    run->lo = lattice_elem_new(run->L);
    run->hi = lattice_elem_new(run->L);
    if (plan->galois && !engine_galois(s, plan, run)) return report_engine_error(s, plan, &run->err);
    if (!start_interval(s, plan, run->L, run->lo, run->hi)) return false;
    trace_init(&run->trace, s, run->galois ? galois_run_lattice(run->galois) : run->L, plan->trace);
    engine_options(s, plan, &run->o, &run->err, &run->trace);
    return true;
}

static void engine_teardown(EngineRun *run)
{
    trace_done(&run->trace);
    if (run->galois) galois_run_free(run->galois);
    mem_free(run->lo);
    mem_free(run->hi);
    buf_free(&run->err);
}

static bool report_refine(Session *s, const QueryPlan *plan, EngineRun *run, AftStatus status,
                          const Word *nlo, const Word *nhi, size_t steps)
{
    if (status == AFT_ERROR) return report_engine_error(s, plan, &run->err);
    if (s->opt.dot && status != AFT_INVALID) return emit_hasse(s, plan, run->L, nlo, nhi, NULL);
    QueryResult r = { .kind = plan->kind, .target = run->ctx.fn->name, .via = plan_via_name(plan),
                      .u.bound = { .L = run->L, .lo = nlo, .hi = nhi, .steps = steps } };
    if (status == AFT_INVALID) {
        r.status = RS_FAILED;
        r.verdict = "unsound";
        r.message = mem_strdup("F(B) is not an interval inside B, so B holds no fixed point");
    } else if (status == AFT_LIMIT) {
        r.status = RS_LIMIT;
        r.message = mem_strdup(stop_reason(run->st.stopped_by));
    }
    emit(s, &r);
    mem_free(r.message);
    return true;
}

static bool run_refine(Session *s, const QueryPlan *plan, FnSym *fn)
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

static bool run_bnb(Session *s, const QueryPlan *plan, FnSym *fn)
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
            ok = report_engine_error(s, plan, &run.err);
        } else if (run.trace.tree) {
            emit_tree(s, run.trace.tree);
        } else {
            QueryResult r = { .kind = Q_BNB, .target = fn->name, .via = plan_via_name(plan),
                              .u.bnb = { .L = run.L, .final = &final, .points = &points,
                                         .has_stats = true, .stats = run.st } };
            if (status == AFT_LIMIT) {
                r.status = RS_LIMIT;
                r.u.bnb.stats.stopped_by = stop_reason(run.st.stopped_by);
            }
            emit(s, &r);
        }
        boundlist_free(&final);
        boundlist_free(&points);
    }
    engine_teardown(&run);
    return ok;
}

/* ---- check f monotone | antitone ---- */

/* A check stopped by a limit before it found a counterexample: its verdict is unknown. */
static void emit_check_stopped(Session *s, QueryResult *r)
{
    Buf b; buf_init(&b);
    buf_printf(&b, "stopped by %s: no counterexample in the %zu cases examined, which "
               "proves nothing", s->limits.hit, r->u.check.cases);
    r->status = RS_LIMIT;
    r->verdict = "unknown";
    r->message = mem_strdup(buf_cstr(&b));
    emit(s, r);
    mem_free(r->message);
    r->message = NULL;
    buf_free(&b);
}

/* What check monotone, antitone and envelope share: the engine's check, then its report. */
static bool report_check(Session *s, const QueryPlan *plan, CheckStatus status, CheckReport *c,
                         const char *passed, const char *failed)
{
    QueryResult r = { .kind = plan->kind, .target = plan->fn->name,
                      .u.check = { .cases = c->examined, .sampled = c->sampled } };
    bool ok = status == CHECK_PASSED;
    if (status == CHECK_STOPPED) {
        emit_check_stopped(s, &r);
    } else if (status != CHECK_ERROR) {
        r.status = ok ? RS_OK : RS_FAILED;
        r.verdict = ok ? passed : failed;
        r.message = c->counterexample;
        emit(s, &r);
    }
    mem_free(c->counterexample);
    return ok;
}

static CheckOptions check_options(Session *s)
{
    return (CheckOptions){ .enum_log2 = ENUM_LIMIT_LOG2, .samples = CHECK_SAMPLES,
                           .limits = &s->limits };
}

static bool run_check_tone(Session *s, const QueryPlan *plan, FnSym *fn)
{
    FnCtx ctx = { s->model, fn, plan->loc };
    AftFunction f;
    aft_function_of(&f, &ctx);
    bool antitone = plan->kind == Q_CHECK_ANTITONE;
    CheckOptions o = check_options(s);
    CheckReport c;
    CheckStatus status = aft_check_tone(&f, antitone, &o, &c);
    return report_check(s, plan, status, &c, antitone ? "antitone" : "monotone",
                        antitone ? "not antitone" : "not monotone");
}

/* ---- check envelope f: declared closed forms against brute force ---- */

static bool run_check_envelope(Session *s, const QueryPlan *plan, FnSym *fn)
{
    if (!fn->upper || !fn->lower) {
        diag_error(&s->diag, plan->target_loc, "'%s' has no declared envelope to check", fn->name);
        return false;
    }
    FnCtx ctx = { s->model, fn, plan->loc };
    AftFunction f;
    aft_function_of(&f, &ctx);
    CheckOptions o = check_options(s);
    CheckReport c;
    CheckStatus status = aft_check_envelope(&f, &o, &c);
    const char *passed = c.tight ? "exact" : c.sampled ? "sound on every sample" : "sound (not tight)";
    return report_check(s, plan, status, &c, passed, "unsound");
}

/* ---- check galois G ---- */

static bool run_check_galois(Session *s, const QueryPlan *plan)
{
    GaloisSym *g = plan->galois;
    QueryResult r = { .kind = Q_CHECK_GALOIS, .target = g->name };
    Buf msg; buf_init(&msg);
    GaloisCtx ctx = { s->model, g, plan->loc };
    AftGalois ag;
    aft_galois_of(&ag, &ctx);
    GaloisCheck c = galois_check(&ag, ENUM_LIMIT_LOG2, &msg, &r.u.check.cases);
    bool ok = c != GALOIS_CHECK_ERROR;
    if (!ok) stopped(s, plan);
    if (c == GALOIS_CHECK_TOO_LARGE) {
        diag_error(&s->diag, plan->loc, "%s", buf_cstr(&msg));
        ok = false;
    } else if (ok) {
        r.status = c == GALOIS_CHECK_OK ? RS_OK : RS_FAILED;
        r.verdict = c == GALOIS_CHECK_OK ? "two Galois insertions" : "fails";
        r.message = msg.len ? mem_strdup(buf_cstr(&msg)) : NULL;
        emit(s, &r);
        mem_free(r.message);
        ok = c == GALOIS_CHECK_OK;
    }
    buf_free(&msg);
    return ok;
}

/* ---- stable P ---- */

/* The models found so far, each its atoms' names copied into the arena (the program that
 * names them is freed before the result is reported). */
typedef struct ModelsCtx { VEC(StableModel) models; Arena *arena; } ModelsCtx;

static bool collect_model(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    ModelsCtx *c = ctx;
    const char **names = arena_alloc(c->arena, (n ? n : 1) * sizeof *names);
    for (size_t i = 0; i < n; i++) names[i] = arena_strdup(c->arena, asp_atom_name(p, atoms[i]));
    VEC_PUSH(c->models, ((StableModel){ names, n }));
    return true;
}

static AspProgram *program_of(Session *s, const ProgramSym *ps, Buf *err)
{
    if (ps->resolved_file) {
        const char *files[1] = { ps->resolved_file };
        AspLoadOptions load = { .allow_scripts = s->opt.allow_scripts, .limits = &s->limits };
        return asp_ground_lp(files, 1, &load, err);
    }
    return asp_program_of_block(ps->decl, &s->diag, err);
}

static bool run_stable(Session *s, const QueryPlan *plan)
{
    ProgramSym *ps = plan->program;
    Buf err; buf_init(&err);
    AspProgram *p = program_of(s, ps, &err);
    if (!p) {
        if (err.len) diag_error(&s->diag, plan->loc, "%s", buf_cstr(&err));
        buf_free(&err);
        return false;
    }
    AspSolver *solver = asp_solver_new(p);
    AftOptions o;
    TraceCtx trace;
    trace_init(&trace, s, asp_solver_lattice(solver), plan->trace);
    if (trace.tree) { dot_tree_free(trace.tree); trace.tree = NULL; }
    engine_options(s, plan, &o, &err, &trace);
    AspSolveOptions so = { .max_models = plan->models > 0 ? (size_t)plan->models : 0, .aft = &o };
    Arena arena; arena_init(&arena);
    ModelsCtx mc = { .arena = &arena };
    AspStats st;
    memset(&st, 0, sizeof st);
    AftStatus status = asp_solve(solver, &so, collect_model, &mc, &st);
    bool ok = status != AFT_ERROR;
    if (!ok) {
        report_engine_error(s, plan, &err);
    } else {
        QueryResult r = { .kind = Q_STABLE, .target = ps->name,
                          .u.stable = { .models = mc.models.items, .count = mc.models.count,
                                        .complete = status == AFT_OK } };
        if (status == AFT_LIMIT) {
            r.status = RS_LIMIT;
            r.message = mem_strdup(stop_reason(st.aft.stopped_by));
        }
        emit(s, &r);
        mem_free(r.message);
    }
    trace_done(&trace);
    VEC_FREE(mc.models);
    arena_free(&arena);
    asp_solver_free(solver);
    asp_program_free(p);
    buf_free(&err);
    return ok;
}

/* ---- dispatch ---- */

bool session_run_query(Session *s, const QueryPlan *plan)
{
    s->interrupt = 0;
    limits_start(&s->limits, plan->timeout >= 0 ? plan->timeout : s->opt.timeout_s, s->opt.max_memory,
                 &s->interrupt);
    FnSym *fn = plan->fn;
    bool ok = false;
    switch (plan->kind) {
    case Q_SHOW: ok = run_show(s, plan); break;
    case Q_FIXPOINTS: ok = run_fixpoints(s, plan, fn); break;
    case Q_LFP: case Q_GFP: ok = run_kleene(s, plan, fn); break;
    case Q_APPROX: case Q_REFINE: ok = run_refine(s, plan, fn); break;
    case Q_BNB: ok = run_bnb(s, plan, fn); break;
    case Q_STABLE: ok = run_stable(s, plan); break;
    case Q_CHECK_MONOTONE: case Q_CHECK_ANTITONE: ok = run_check_tone(s, plan, fn); break;
    case Q_CHECK_ENVELOPE: ok = run_check_envelope(s, plan, fn); break;
    case Q_CHECK_GALOIS: ok = run_check_galois(s, plan); break;
    }
    if (!ok) s->failed_queries++;
    return ok;
}

/* Ctrl-C stopped a query (which reported what it had): the rest of the file is not run. */
static FixResult skip_after_interrupt(Session *s, size_t left)
{
    if (left) fprintf(stderr, "fix: interrupted: %zu later quer%s not run\n", left,
                      left == 1 ? "y" : "ies");
    return FIX_INTERRUPTED;
}

/* Runs the plans in order; Ctrl-C skips the rest. */
static FixResult run_plans(Session *s, const PtrList *plans)
{
    bool all_ok = true;
    for (size_t i = 0; i < plans->count; i++) {
        if (!session_run_query(s, plans->items[i])) all_ok = false;
        if (s->interrupt) return skip_after_interrupt(s, plans->count - i - 1);
    }
    return all_ok ? FIX_OK : FIX_RUNTIME_ERROR;
}

FixResult session_run_source(Session *s, const Source *src, bool check_only)
{
    int errors_before = s->diag.errors;
    AstFile *file = parse_source(&s->diag, &s->arena, src);
    if (!file) return FIX_COMPILE_ERROR;
    PtrList plans = { 0 };
    bool checked = s->diag.errors == errors_before;
    /* declarations are added even after syntax errors, so that every error is reported */
    if (!model_add_file(s->model, file, &plans)) checked = false;
    FixResult result = FIX_OK;
    if (!checked || s->diag.errors != errors_before) {
        result = FIX_COMPILE_ERROR;
    } else {
        if (s->opt.dump_ir) {
            Buf b; buf_init(&b);
            model_dump_ir(s->model, &b);
            fputs(buf_cstr(&b), s->out);
            buf_free(&b);
        }
        if (!check_only) result = run_plans(s, &plans);
    }
    for (size_t i = 0; i < plans.count; i++) plan_free(plans.items[i]);
    return result;
}

FixResult session_run_file(Session *s, const char *path, bool check_only)
{
    const Source *src = diag_load_file(&s->diag, path);
    if (!src) return FIX_COMPILE_ERROR;
    return session_run_source(s, src, check_only);
}
