/* run.c: a session: loads .fix files into its context, runs their query plans in order and
 * reports each result (text, JSON or Graphviz). */
#include "app/run_internal.h"
#include "app/why_build.h"
#include "app/why_query.h"


#include "check/sema.h"
#include "ref/ref.h"
#include "report/html.h"
#include "util/mem.h"
#include "util/sigint.h"

void session_init(Session *s, const RunOptions *opt, FILE *out)
{
    diag_init(&s->diag, stderr);
    s->opt = *opt;
    s->out = out;
    s->aside = stderr;
    arena_init(&s->arena);
    s->diag.interrupt = &s->interrupt;
    s->interrupt = 0;
    s->output_failed = s->output_refused = s->file_failed = false;
    s->out_errno = 0;
    s->guard_outputs = false;
    s->failed_queries = 0;
    s->queries_run = 0;
    s->graphs = 0;
    s->ndirs = 0;
    s->sink = (SessionSink){ 0 };
    s->worker_vms = (VmStats){ 0 };
    s->page = opt->html ? html_page_new() : NULL;
    s->watch = NULL;
    s->why = NULL;
    s->last_query = s->last_path = NULL;
    s->last_line = 0;
    s->keep_last = false;
    s->context = context_new(&s->diag);
    limits_start(&s->limits, 0, 0, &s->interrupt);
    context_set_limits(s->context, opt->max_steps, &s->limits);
    context_set_evaluator(s->context, opt->max_depth, !opt->no_memo);
    VmHost host = session_host(s);
    context_set_host(s->context, &host);
}

VmHost session_host(Session *s) { return (VmHost){ s, run_value_approx, run_value_bnb, run_value_stable }; }

bool session_add_search_dir(Session *s, const char *dir)
{
    if (s->ndirs == FIX_ARRAY_LEN(s->dirs)) return false;
    s->dirs[s->ndirs++] = dir;
    context_add_search_dir(s->context, dir);
    return true;
}

Context *session_fresh_context(Session *s)
{
    Context *old = s->context;
    s->context = context_new(&s->diag);
    context_set_limits(s->context, s->opt.max_steps, &s->limits);
    context_set_evaluator(s->context, s->opt.max_depth, !s->opt.no_memo);
    VmHost host = session_host(s);
    context_set_host(s->context, &host);
    for (size_t i = 0; i < s->ndirs; i++) context_add_search_dir(s->context, s->dirs[i]);
    return old;
}

void session_restore_context(Session *s, Context *old)
{
    context_free(s->context);
    s->context = old;
}

void session_reset(Session *s)
{
    context_free(session_fresh_context(s));
}

void session_free(Session *s)
{
    html_page_free(s->page);
    MEM_FREE_ALL(s->last_query, s->last_path);
    context_free(s->context);
    arena_free(&s->arena);
    diag_free(&s->diag);
}

/* ---- helpers ---- */

static char *source_text(Loc loc)
{
    return mem_strndup(loc.src->text + loc.start, loc.end - loc.start);
}

/* ---- show ---- */

/* The value of a show by the reference evaluator (src/ref), as the VM would hand it over. */
static bool reference_value(Session *s, const PlanExpr *pe, Word **v)
{
    VmHost host = session_host(s);
    RefEval *ref = ref_new(s->context, &host, s->opt.max_steps);
    ref_set_limits(ref, &s->limits);
    Word *raw = mem_calloc(sema_type_words(&pe->type) + 1, sizeof(Word));
    RefStatus rs = ref_eval(ref, pe->expr, pe->nlocals, &pe->type, raw);
    if (rs == REF_OK) *v = ref_export(&pe->type, raw);
    else if (rs == REF_ERROR && ref_error_reported(ref)) { /* the engine said why, at its place */ }
    else if (rs == REF_ERROR) diag_error(&s->diag, pe->loc, "%s (the reference evaluator)", ref_error(ref));
    else if (rs == REF_LIMIT && s->limits.hit) diag_error(&s->diag, pe->loc, "stopped by %s (the reference evaluator)", s->limits.hit);
    else if (rs == REF_LIMIT) diag_error(&s->diag, pe->loc, "the reference evaluator ran out of steps or depth");
    else diag_error(&s->diag, pe->loc, "the reference evaluator cannot run this without the engine");
    mem_free(raw);
    ref_free(ref);
    return rs == REF_OK;
}

static bool run_show(Session *s, const QueryPlan *plan)
{
    QueryResult r = { .kind = Q_SHOW };
    Word *v = NULL;
    bool ok = s->opt.reference ? reference_value(s, plan->show, &v) : context_eval_plan(s->context, plan->show, &v);
    if (!ok) {
        session_stopped(s, plan->loc);
        return false;
    }
    r.u.value.type = plan->show->type;
    char *text = source_text(plan->show->loc);
    r.u.value.text = text;
    r.u.value.value = v;
    session_emit(s, &r);
    mem_free(text);
    if (s->opt.reference) ref_export_free(&plan->show->type, v);
    else mem_free(v);
    return true;
}

/* ---- the HTML page (its file: run_output.c) ---- */

static void page_query_begin(Session *s, const QueryPlan *plan)
{
    unsigned line = 0, col = 0;
    diag_line_col(plan->loc.src, plan->loc.start, &line, &col);
    char *text = source_text(plan->loc);
    html_query_begin(s->page, text, plan->loc.src->path, line);
    mem_free(text);
}

/* ---- dispatch ---- */

/* With the page (--html, the REPL), an engine query is recorded for its explanation, which
 * the page shows when a node or step is clicked (docs/explain.md). */
static WhyLog *page_why_begin(Session *s, const QueryPlan *plan)
{
    if (!s->page || s->why || !why_query_explained(plan)) return NULL;
    s->why = why_new();
    return s->why;
}

static void page_why_end(Session *s, const QueryPlan *plan, WhyLog *log, bool ok)
{
    if (!log) return;
    s->why = NULL;
    if (ok) {
        WhyItem *root = why_query_root(plan);
        why_query_reasons(log, plan, NULL, NULL, WHY_PAGE_NODES, root);
        Buf b;
        buf_init(&b);
        JsonWriter w;
        json_init(&w, &b);
        why_item_json(root, &w);
        html_query_explain(s->page, buf_cstr(&b));
        buf_free(&b);
        why_item_free(root);
    }
    why_free(log);
}

bool session_run_query(Session *s, const QueryPlan *plan)
{
    limits_start(&s->limits, plan->opt.timeout >= 0 ? plan->opt.timeout : s->opt.timeout_s, s->opt.max_memory,
                 &s->interrupt);
    FnSym *fn = plan->fn;
    bool ok = false;
    s->queries_run++;
    if (s->page) page_query_begin(s, plan);
    WhyLog *page_why = page_why_begin(s, plan);
    switch (plan->kind) {
    case Q_SHOW: ok = run_show(s, plan); break;
    case Q_FIXPOINTS: ok = run_fixpoints(s, plan, fn); break;
    case Q_LFP: case Q_GFP: ok = run_kleene(s, plan, fn); break;
    case Q_APPROX: case Q_REFINE: ok = run_refine(s, plan); break;
    case Q_BNB: ok = run_bnb(s, plan); break;
    case Q_STABLE: ok = run_stable(s, plan); break;
    case Q_CHECK_MONOTONE: case Q_CHECK_ANTITONE: ok = run_check_tone(s, plan, fn); break;
    case Q_CHECK_ENVELOPE: ok = run_check_envelope(s, plan, fn); break;
    case Q_CHECK_GALOIS: ok = run_check_galois(s, plan); break;
    }
    if (s->page) html_query_end(s->page);
    page_why_end(s, plan, page_why, ok);
    if (!ok) s->failed_queries++;
    bool engine = plan->kind == Q_APPROX || plan->kind == Q_REFINE || plan->kind == Q_BNB;
    if (s->keep_last && engine && !s->watch) {
        MEM_FREE_ALL(s->last_query, s->last_path);
        s->last_query = source_text(plan->loc);
        s->last_path = mem_strdup(plan->loc.src->path);
        unsigned col = 0;
        diag_line_col(plan->loc.src, plan->loc.start, &s->last_line, &col);
    }
    return ok;
}

/* A signal stopped a query (which reported what it had): the rest of the file is not run. */
static FixResult skip_after_interrupt(Session *s, size_t left)
{
    if (left && !s->sink.on_result) fprintf(s->diag.out ? s->diag.out : stderr, "fix: interrupted: %zu later quer%s not run\n", left,
                      left == 1 ? "y" : "ies");
    return FIX_INTERRUPTED;
}

/* Runs the plans in order, standard output checked after each; a signal or a failed write
 * skips the rest. */
static FixResult run_plans(Session *s, const PtrList *plans)
{
    bool all_ok = true;
    for (size_t i = 0; i < plans->count; i++) {
        const SessionWatch *w = s->watch;
        if (w && !w->before(w->ctx, s, plans->items[i])) continue;
        bool ok = session_run_query(s, plans->items[i]);
        if (w) w->after(w->ctx, s, plans->items[i], ok);
        if (!ok) all_ok = false;
        if (!session_output_ok(s)) return FIX_RUNTIME_ERROR;
        if (limits_flag(&s->interrupt)) return skip_after_interrupt(s, plans->count - i - 1);
    }
    return all_ok ? FIX_OK : FIX_RUNTIME_ERROR;
}

/* A signal came, or --timeout or --max-memory ran out, while the file was read, checked or
 * compiled: nothing is run (an error, so that the REPL keeps its state as it was). */
static bool stopped_before_running(Session *s, const Source *src)
{
    if (!diag_interrupted(&s->diag)) return false;
    int sig = limits_flag(&s->interrupt);
    diag_plain_error(&s->diag, "%s by %s while reading and checking %s: no query was run",
                     sig ? "interrupted" : "stopped", diag_stop_reason(&s->diag), src->path);
    return true;
}

/* Reading and checking a file has the limits of a query (--timeout, --max-memory), from the
 * start of the reading: the checker and the compiler poll them (diag_interrupted) with the
 * signal flag. */
static void load_stage_begin(Session *s)
{
    if (s->diag.limits) return;                 /* session_run_file began it */
    limits_start(&s->limits, s->opt.timeout_s, s->opt.max_memory, &s->interrupt);
    s->diag.limits = &s->limits;
}

static void load_stage_end(Session *s) { s->diag.limits = NULL; }

FixResult session_run_source(Session *s, const Source *src, bool check_only)
{
    int errors_before = s->diag.errors;
    s->graphs = 0;           /* --dot: standard output takes one graph a run (a REPL entry) */
    load_stage_begin(s);
    AstFile *file = parse_source(&s->diag, &s->arena, src);
    if (!file || stopped_before_running(s, src)) {
        load_stage_end(s);
        return FIX_COMPILE_ERROR;
    }
    PtrList plans = { 0 };
    bool checked = s->diag.errors == errors_before;
    /* declarations are added even after syntax errors, so that every error is reported */
    if (!context_add_file(s->context, file, &plans)) checked = false;
    if (stopped_before_running(s, src)) checked = false;
    else if (checked && s->diag.errors == errors_before && s->guard_outputs && session_outputs_clash(s, NULL))
        checked = false;
    load_stage_end(s);
    FixResult result = FIX_OK;
    if (!checked || s->diag.errors != errors_before) {
        result = FIX_COMPILE_ERROR;
    } else {
        if (s->opt.dump_ir) {
            Buf b; buf_init(&b);
            context_dump_ir(s->context, &b);
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
    if (s->guard_outputs && session_outputs_clash(s, path)) return FIX_COMPILE_ERROR;
    load_stage_begin(s);
    const Source *src = diag_load_file(&s->diag, path);
    if (!src) {
        load_stage_end(s);
        return FIX_COMPILE_ERROR;
    }
    return session_run_source(s, src, check_only);
}
