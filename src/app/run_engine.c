/* run_engine.c: the one door into the AFT engine for approx, refine and bnb on a declared
 * function, optionally `via` a Galois insertion: a query statement (run_refine, run_bnb)
 * and a value inside an expression (run_value_approx, run_value_bnb, the VM's host) both
 * ask through an EngineAsk, set up by engine_setup and run by engine_refine or engine_bnb. */
#include "app/run_internal.h"

#include "util/mem.h"

/* ---- the start interval ---- */

/* Evaluates one end of a `from` interval into out (an element of L). */
static bool eval_end(Session *s, const PlanExpr *e, const Lattice *L, Word *out)
{
    Word *v = NULL;
    if (!context_eval_plan(s->context, e, &v)) return false;
    lattice_copy(L, out, v);
    mem_free(v);
    return true;
}

/* Evaluates the start interval of a query statement (default [bot, top]); false after an
 * error. */
static bool start_interval(Session *s, const EngineAsk *q, const Lattice *L, Word *lo, Word *hi)
{
    if (!q->from_lo) {
        L->ops->bot(L, lo);
        L->ops->top(L, hi);
        return true;
    }
    if (!eval_end(s, q->from_lo, L, lo) || !eval_end(s, q->from_hi, L, hi)) return false;
    if (!L->ops->leq(L, lo, hi)) {
        char *a = lattice_to_string(L, lo), *b = lattice_to_string(L, hi);
        diag_error(&s->diag, diag_loc_span(q->from_lo->loc, q->from_hi->loc),
                   "not an interval: %s is not below %s", a, b);
        mem_free(a);
        mem_free(b);
        return false;
    }
    return true;
}

/* ---- the door ---- */

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
    RunWorkers *workers;        /* bnb's workers of --jobs N (none via G), or NULL */
} EngineRun;

static bool engine_galois(Session *s, const EngineAsk *ask, EngineRun *run)
{
    run->gctx.context = s->context;
    run->gctx.g = ask->opt->via;
    run->gctx.where = ask->loc;
    run_galois_as_aft(&run->ag, &run->gctx);
    run->galois = galois_run_new(&run->ag, &run->f, &run->err);
    return run->galois != NULL;
}

EngineAsk run_engine_ask(const QueryPlan *plan)
{
    return (EngineAsk){ .kind = plan->kind, .fn = plan->fn, .opt = &plan->opt, .loc = plan->loc,
                        .target_loc = plan->target_loc, .via_loc = plan->via_loc,
                        .from_lo = plan->from_lo, .from_hi = plan->from_hi };
}

/* The door: the function as the engine sees it (abstract `via G`), checked before it is
 * relied on, the start interval, the options and where the events go.  False after
 * reporting an error; engine_teardown is due either way. */
static bool engine_setup(Session *s, const EngineAsk *ask, EngineRun *run)
{
    FnSym *fn = ask->fn;
    memset(run, 0, sizeof *run);
    buf_init(&run->err);
    run->ctx.context = s->context;
    run->ctx.fn = fn;
    run->ctx.where = ask->loc;
    run->ctx.envelope = ask->opt->envelope;
    run->ctx.abs = absvm_new(&s->limits);
    if (!fn->ret->finite) {
        run->ctx.exact = absvm_new(&s->limits);
        absvm_set_total(run->ctx.exact, true);
    }
    run_fn_as_aft(&run->f, &run->ctx);
    if (ask->kind == Q_BNB && !ask->opt->via)
        run->workers = run_workers_new(s, &run->ctx, run_jobs(s, ask->opt));
    run->L = fn->ret;
    run->lo = lattice_elem_new(run->L);
    run->hi = lattice_elem_new(run->L);
    if (!run_trust(s, ask, &run->assumption)) return false;
    if (ask->opt->via && !engine_galois(s, ask, run)) return session_engine_error(s, ask->loc, &run->err);
    if (!start_interval(s, ask, run->L, run->lo, run->hi)) return false;
    run_trace_init(&run->trace, s, run->galois ? galois_run_lattice(run->galois) : run->L, ask->opt->trace);
    run_engine_options(s, ask->opt, &run->o, &run->err, &run->trace);
    run->o.workers = run_workers_aft(run->workers);
    /* approx, refine and bnb of a .fix file search with policy isolate unless told (`stable`
     * keeps the engine's default, paper's Algorithm 1, as `fix asp` does) */
    run->o.policy = ask->opt->has_policy ? ask->opt->policy : AFT_POLICY_ISOLATE;
    return true;
}

/* IR from [lo, hi] (through G's abstraction `via G`). */
static AftStatus engine_refine(EngineRun *run, const Word *lo, const Word *hi, Word *nlo, Word *nhi,
                               size_t *steps)
{
    return run->galois ? galois_refine(run->galois, &run->o, lo, hi, nlo, nhi, steps, &run->st)
                       : aft_refine(&run->f, &run->o, lo, hi, nlo, nhi, steps, &run->st);
}

/* bnb from [lo, hi] (through G's abstraction `via G`). */
static AftStatus engine_bnb(EngineRun *run, const Word *lo, const Word *hi, BoundList *final,
                            BoundList *points)
{
    AftStatus s = run->galois ? galois_bnb(run->galois, &run->o, lo, hi, final, points, &run->st)
                              : aft_bnb(&run->f, &run->o, lo, hi, final, points, &run->st);
    run_workers_join(run->workers, &run->ctx);     /* their counts join the report's; they
                                                      judge the fixed points next (reals) */
    run->o.workers = NULL;
    return s;
}

static void engine_teardown(EngineRun *run)
{
    run_trace_done(&run->trace);
    run_workers_free(run->workers, &run->ctx);
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
    if (status == AFT_ERROR) return session_engine_error(s, plan->loc, &run->err);
    note_unrounded(run);
    if (s->opt.dot && status != AFT_INVALID) return session_emit_hasse(s, plan, run->L, nlo, nhi, NULL);
    QueryResult r = { .kind = plan->kind, .target = run->ctx.fn->name, .via = plan->opt.via ? plan->opt.via->name : NULL,
                      .assumption = run->assumption, .envelope = run_fn_envelope_note(&run->f, &run->ctx),
                      .envelope_used = run_fn_envelope_name(&run->f, &run->ctx),
                      .u.bound = { .L = run->L, .lo = nlo, .hi = nhi, .steps = steps, .slow = run->st.slow } };
    if (status == AFT_INVALID) {
        r.status = RS_FAILED;
        r.verdict = "no fixed point";
        r.message = mem_strdup("F(B) is not an interval inside B, so B holds no fixed point");
    } else if (status == AFT_LIMIT) {
        r.status = RS_LIMIT;
        r.message = mem_strdup(run_stop_reason_text(run->st.stopped_by));
    }
    session_emit(s, &r);
    mem_free(r.message);
    return true;
}

bool run_refine(Session *s, const QueryPlan *plan)
{
    EngineRun run;
    EngineAsk ask = run_engine_ask(plan);
    bool ok = engine_setup(s, &ask, &run);
    if (ok) {
        Word *nlo = lattice_elem_new(run.L), *nhi = lattice_elem_new(run.L);
        size_t steps = 0;
        AftStatus status = engine_refine(&run, run.lo, run.hi, nlo, nhi, &steps);
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
    AftWorkers *aw = run_workers_ready(run->workers);
    unsigned jobs = aw ? aw->jobs : 0;
    const FnCtx **wk = jobs ? mem_calloc(jobs, sizeof *wk) : NULL;
    for (unsigned k = 0; k < jobs; k++) wk[k] = run_workers_ctx(run->workers, k);
    VerdictKind *kind = reals_classify(&run->f, &run->ctx, final, points, claims, wk, jobs);
    mem_free(wk);
    Verdict *v = mem_calloc(points->count + 1, sizeof *v);
    for (size_t j = 0; j < points->count; j++) {
        const Word *lo = boundlist_lo(claims, j), *hi = boundlist_hi(claims, j);
        v[j] = (Verdict){ .kind = kind[j], .lo = lo, .hi = hi, .point = kind[j] == VERDICT_FIXED ? lo : NULL };
    }
    mem_free(kind);
    return v;
}

/* Did bnb list every fixed point of its start bound and leave nothing else: it finished,
 * every bound of Final is one of the fixed points it lists (match, boundlist_match), and on
 * a lattice that is not finite (verdicts not NULL) none of them is only within the
 * tolerance (a box not proved to hold a fixed point still stands for what it may hold). */
static bool bnb_complete(AftStatus status, const BoundList *final, const long *match, const Verdict *verdicts,
                         size_t npoints)
{
    if (status != AFT_OK) return false;
    for (size_t i = 0; i < final->count; i++)
        if (match[i] < 0) return false;
    for (size_t j = 0; verdicts && j < npoints; j++)
        if (verdicts[j].kind == VERDICT_NEAR) return false;
    return true;
}

/* --shard i/n on a bnb query: the engine cuts a round into shards (AftOptions.shards) when
 * the subtrees of its bounds do not interact; else false, the query refused (reported):
 * a budget's hulls join bounds of a round, policy isolate joins the bounds it parked at the
 * end, on reals the boxes of fixed points that touch are joined and judged with Final's, and
 * `via G` searches another lattice. */
static bool bnb_shards(Session *s, const QueryPlan *plan, EngineRun *run)
{
    if (!s->opt.shards) return true;
    const char *why = run->galois ? "it searches through a Galois insertion (via G)"
                      : run->o.budget ? "a budget's hulls join bounds of different subtrees"
                      : run->o.policy != AFT_POLICY_PAPER
                        ? "policy isolate joins the bounds it parked, across subtrees (give `policy paper`)"
                      : !run->L->finite ? "on reals the boxes of touching fixed points are joined across subtrees"
                      : NULL;
    if (why) {
        diag_error(&s->diag, plan->loc, "bnb %s cannot be cut into shards (--shard %u/%u): %s",
                   plan->fn->name, s->opt.shard, s->opt.shards, why);
        return false;
    }
    run->o.shard = s->opt.shard;
    run->o.shards = s->opt.shards;
    return true;
}

/* --checkpoint / --resume on a bnb query (run_checkpoint.c), unless the run records what
 * the rounds before a checkpoint would not give again (the trace's events) or searches
 * another lattice (`via G`): then the query is refused (reported). */
static bool bnb_checkpoint(Session *s, const QueryPlan *plan, EngineRun *run, RunCheckpoint *cp)
{
    memset(cp, 0, sizeof *cp);
    if (!s->opt.checkpoint && !s->opt.resume) return true;
    const char *why = run->galois ? "it searches through a Galois insertion (via G)"
                      : run->trace.trace ? "it is traced, and the events of the rounds before a checkpoint are not kept"
                      : NULL;
    if (why) {
        diag_error(&s->diag, plan->loc, "bnb %s cannot be checkpointed or resumed: %s", plan->fn->name, why);
        return false;
    }
    return run_checkpoint_begin(cp, s, plan, &run->o, &run->ctx, run->workers, run->L);
}

bool run_bnb(Session *s, const QueryPlan *plan)
{
    EngineRun run;
    RunCheckpoint cp = { 0 };
    EngineAsk ask = run_engine_ask(plan);
    bool ok = engine_setup(s, &ask, &run) && bnb_shards(s, plan, &run)
              && bnb_checkpoint(s, plan, &run, &cp);
    if (ok) {
        BoundList final, points;
        boundlist_init(&final, run.L);
        boundlist_init(&points, run.L);
        AftStatus status = engine_bnb(&run, run.lo, run.hi, &final, &points);
        if (status == AFT_ERROR) {
            ok = session_engine_error(s, plan->loc, &run.err);
        } else if (run.trace.tree) {
            /* on reals the points are only f's floating-point candidates: the nodes' verdicts say */
            session_emit_tree(s, plan, run.trace.tree, run.L->finite ? &points : NULL);
        } else {
            note_unrounded(&run);
            long *match = NULL;                 /* the text report places fixed points with it */
            BoundList claims;
            boundlist_init(&claims, run.L);
            Verdict *verdicts = run.L->finite ? NULL : bnb_verdicts(&run, &final, &points, &claims);
            match = mem_calloc(final.count + 1, sizeof *match);
            boundlist_match(&final, &points, match);
            bool complete = bnb_complete(status, &final, match, verdicts, points.count);
            QueryResult r = { .kind = Q_BNB, .target = plan->fn->name,
                              .via = plan->opt.via ? plan->opt.via->name : NULL,
                              .assumption = run.assumption, .envelope = run_fn_envelope_note(&run.f, &run.ctx),
                              .envelope_used = run_fn_envelope_name(&run.f, &run.ctx),
                              .u.bnb = { .L = run.L, .final = &final, .points = &points,
                                         .verdicts = verdicts,
                                         .final_match = s->opt.json ? NULL : match, .has_stats = true,
                                         .stats = run.st, .complete = complete } };
            if (status == AFT_LIMIT) {
                r.status = RS_LIMIT;
                r.u.bnb.stats.stopped_by = run_stop_reason_text(run.st.stopped_by);
            }
            session_emit(s, &r);
            mem_free(match);
            mem_free(verdicts);
            boundlist_free(&claims);
        }
        boundlist_free(&final);
        boundlist_free(&points);
    }
    run_checkpoint_end(&cp);
    engine_teardown(&run);
    return ok;
}

/* ---- query results inside expressions (the VM's host) ---- */

/* The door for approx(f), refine(f, lo, hi) or bnb(f ...) in an expression (kind), at where,
 * with bnb's options (o; NULL: none given).  A result resting on a declaration that could
 * only be sampled is not a value: an error says so.  False after an error; engine_teardown
 * is due either way. */
static bool value_setup(Session *s, QueryKind kind, const FnSym *fn, const QueryOptions *o, Loc where,
                        EngineRun *run)
{
    /* timeout 0 unless given: the engine keeps no clock of its own; the session's --timeout
     * is in s->limits, and stops the evaluation with an error, not with a value cut short */
    QueryOptions opt = o ? *o : query_options_unset();
    if (opt.timeout < 0) opt.timeout = 0;
    EngineAsk ask = { .kind = kind, .fn = context_own_fn(s->context, fn), .opt = &opt, .loc = where,
                      .target_loc = where, .via_loc = where };
    if (!engine_setup(s, &ask, run)) return false;
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
    EngineRun run;
    const char *what = from_lo ? "refine" : "approx";
    struct WhyLog *why = s->why;       /* a value inside f is no step of the query explained */
    s->why = NULL;
    bool ok = value_setup(s, from_lo ? Q_REFINE : Q_APPROX, fn, NULL, where, &run);
    if (ok && from_lo && !run.L->ops->leq(run.L, from_lo, from_hi)) {
        diag_error(&s->diag, where, "refine(%s, lo, hi): lo is not below hi, [lo, hi] is not an interval", fn->name);
        ok = false;
    }
    if (ok) {
        size_t steps = 0;
        AftStatus status = engine_refine(&run, from_lo ? from_lo : run.lo, from_lo ? from_hi : run.hi,
                                         lo, hi, &steps);
        ok = status == AFT_OK;
        if (status == AFT_ERROR) session_engine_error(s, where, &run.err);
        else if (status == AFT_LIMIT && !limits_check_now(&s->limits, 0))
            diag_error(&s->diag, where, "%s(%s) stopped by %s before %s: no value", what, fn->name,
                       run_stop_reason_text(run.st.stopped_by), from_lo ? "its limit" : "IR([bot, top])");
        else if (status == AFT_INVALID && from_lo)
            diag_error(&s->diag, where, "refine(%s, lo, hi): F leaves [lo, hi], which holds no fixed point of %s: "
                       "no value", fn->name, fn->name);
        else if (status == AFT_INVALID)
            diag_error(&s->diag, where, "approx(%s): F([bot, top]) is not an interval", fn->name);
    }
    engine_teardown(&run);
    s->why = why;
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
 * those fixed points (then they are all of f's fixed points; on reals, the points as the
 * result text lists them, none only within the tolerance).  A run stopped by a step limit
 * is a value marked incomplete; one stopped by a limit of the query is left to the caller. */
bool run_value_bnb(void *ctx, const FnSym *fn, const QueryOptions *opts, const Word *from_lo, const Word *from_hi,
                   VmBnb *out, Loc where)
{
    Session *s = ctx;
    EngineRun run;
    struct WhyLog *why = s->why;
    s->why = NULL;
    bool ok = value_setup(s, Q_BNB, fn, opts, where, &run);
    if (ok && from_lo && !run.L->ops->leq(run.L, from_lo, from_hi)) {
        diag_error(&s->diag, where, "bnb(%s from [lo .. hi]): lo is not below hi, [lo, hi] is not an interval", fn->name);
        ok = false;
    }
    if (ok) {
        BoundList final, points;
        boundlist_init(&final, run.L);
        boundlist_init(&points, run.L);
        const Word *lo = from_lo ? from_lo : run.lo, *hi = from_lo ? from_hi : run.hi;
        AftStatus status = engine_bnb(&run, lo, hi, &final, &points);
        ok = status != AFT_ERROR && !(status == AFT_LIMIT && limits_check_now(&s->limits, 0));
        if (status == AFT_ERROR) session_engine_error(s, where, &run.err);
        if (ok) {
            BoundList claims;          /* the points as the result text lists them */
            boundlist_init(&claims, run.L);
            Verdict *verdicts = run.L->finite ? NULL : bnb_verdicts(&run, &final, &points, &claims);
            long *match = mem_calloc(final.count + 1, sizeof *match);
            boundlist_match(&final, &points, match);
            out->complete = bnb_complete(status, &final, match, verdicts, points.count);
            mem_free(verdicts);
            boundlist_free(&claims);
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
    s->why = why;
    return ok;
}
