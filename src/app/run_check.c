/* run_check.c: the checks: check f monotone | antitone, check envelope f (declared closed
 * forms against brute force), check galois G. */
#include "app/run_internal.h"

#include "aft/check.h"
#include "util/mem.h"

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
    session_emit(s, r);
    mem_free(r->message);
    r->message = NULL;
    buf_free(&b);
}

/* What check monotone, antitone and envelope share: the engine's check, then its report. */
static bool report_check(Session *s, const QueryPlan *plan, CheckStatus status, CheckReport *c,
                         const char *passed, const char *failed)
{
    QueryResult r = { .kind = plan->kind, .target = plan->fn->name,
                      .u.check = { .cases = c->examined, .sampled = c->sampled,
                                   .covers = c->covers } };
    bool ok = status == CHECK_PASSED;
    if (status == CHECK_STOPPED) {
        emit_check_stopped(s, &r);
    } else if (status != CHECK_ERROR) {
        r.status = ok ? RS_OK : RS_FAILED;
        r.verdict = ok ? passed : failed;
        r.message = c->counterexample;
        session_emit(s, &r);
    }
    mem_free(c->counterexample);
    return ok;
}

static CheckOptions check_options(Session *s)
{
    return (CheckOptions){ .enum_log2 = ENUM_LIMIT_LOG2, .samples = CHECK_SAMPLES,
                           .limits = &s->limits };
}

/* The workers of --jobs N (or the query's `jobs N`) for a check of f on a finite lattice
 * (named in o->workers), or NULL: one thread.  Free them with run_workers_free. */
static RunWorkers *check_workers(Session *s, const QueryOptions *q, FnCtx *ctx,
                                 const AftFunction *f, CheckOptions *o)
{
    unsigned jobs = run_jobs(s, q);
    if (jobs <= 1 || !f->L->finite || !lattice_cuts_in_order(f->L)) return NULL;
    RunWorkers *w = run_workers_new(s, ctx, jobs);
    o->workers = run_workers_ready(w);
    return w;
}

bool run_check_tone(Session *s, const QueryPlan *plan, FnSym *fn)
{
    FnCtx ctx = { .context = s->context, .fn = fn, .where = plan->loc };
    AftFunction f;
    run_fn_as_aft(&f, &ctx);
    bool antitone = plan->kind == Q_CHECK_ANTITONE;
    CheckOptions o = check_options(s);
    RunWorkers *w = check_workers(s, &plan->opt, &ctx, &f, &o);
    CheckReport c;
    CheckStatus status = aft_check_tone(&f, antitone, &o, &c);
    run_workers_free(w, &ctx);
    const char *passed = c.sampled ? "no counterexample" : antitone ? "antitone" : "monotone";
    return report_check(s, plan, status, &c, passed, antitone ? "not antitone" : "not monotone");
}

/* ---- check envelope f: declared closed forms against brute force ---- */

bool run_check_envelope(Session *s, const QueryPlan *plan, FnSym *fn)
{
    if (!fn->upper || !fn->lower) {
        diag_error(&s->diag, plan->target_loc, "'%s' has no declared envelope to check", fn->name);
        return false;
    }
    FnCtx ctx = { .context = s->context, .fn = fn, .where = plan->loc };
    AftFunction f;
    run_fn_as_aft(&f, &ctx);
    CheckOptions o = check_options(s);
    RunWorkers *w = check_workers(s, &plan->opt, &ctx, &f, &o);
    CheckReport c;
    CheckStatus status = aft_check_envelope(&f, &o, &c);
    run_workers_free(w, &ctx);
    const char *passed = c.tight ? "exact" : c.sampled ? "no counterexample" : "sound (not tight)";
    return report_check(s, plan, status, &c, passed, "refuted");
}

/* ---- check galois G ---- */

bool run_check_galois(Session *s, const QueryPlan *plan)
{
    GaloisSym *g = plan->galois;
    QueryResult r = { .kind = Q_CHECK_GALOIS, .target = g->name };
    Buf msg; buf_init(&msg);
    GaloisCtx ctx = { s->context, g, plan->loc };
    AftGalois ag;
    run_galois_as_aft(&ag, &ctx);
    GaloisCheck c = galois_check(&ag, ENUM_LIMIT_LOG2, &msg, &r.u.check.cases);
    bool ok = c != GALOIS_CHECK_ERROR;
    if (!ok) session_stopped(s, plan->loc);
    if (c == GALOIS_CHECK_TOO_LARGE) {
        diag_error(&s->diag, plan->loc, "%s", buf_cstr(&msg));
        ok = false;
    } else if (ok) {
        r.status = c == GALOIS_CHECK_OK ? RS_OK : RS_FAILED;
        r.verdict = c == GALOIS_CHECK_OK ? "two Galois insertions" : "fails";
        r.message = msg.len ? mem_strdup(buf_cstr(&msg)) : NULL;
        session_emit(s, &r);
        mem_free(r.message);
        ok = c == GALOIS_CHECK_OK;
    }
    buf_free(&msg);
    return ok;
}

/* ---- checking a declaration before a query relies on it ---- */

/* Automatic checks before a query get a smaller budget than `check` queries: 2^20
 * evaluations (a powerset of 15 atoms is proved on its covering pairs). */
enum { TRUST_LIMIT_LOG2 = 20 };

static void note_sampled(Buf *assume, const char *claim, const Trust *t)
{
    if (t->state != TRUST_SAMPLED) return;
    if (assume->len) buf_puts(assume, "; ");
    buf_printf(assume, "assuming %s: no counterexample in %zu samples, not proved", claim, t->cases);
}

/* The outcome of a check a query relies on: false after an error (a counterexample, a limit,
 * or a failed call, all reported), else t records whether it was proved. */
static bool settle(Session *s, const EngineAsk *ask, CheckStatus status, CheckReport *c,
                   const char *wrong, Trust *t)
{
    bool ok = status == CHECK_PASSED;
    if (status == CHECK_FAILED)
        diag_error(&s->diag, ask->target_loc, "%s: %s", wrong, c->counterexample);
    else if (status == CHECK_STOPPED) session_stopped(s, ask->loc);
    if (ok) *t = (Trust){ c->sampled ? TRUST_SAMPLED : TRUST_PROVED, c->examined };
    mem_free(c->counterexample);
    return ok;
}

static bool trust_fn(Session *s, const EngineAsk *ask, Buf *assume)
{
    FnSym *fn = ask->fn;
    FnCtx ctx = { .context = s->context, .fn = fn, .where = ask->loc };
    AftFunction f;
    run_fn_as_aft(&f, &ctx);
    CheckOptions o = check_options(s);
    o.enum_log2 = TRUST_LIMIT_LOG2;
    RunWorkers *w = NULL;
    bool unchecked = fn->upper && fn->lower ? fn->envelope.state == TRUST_UNCHECKED
                                            : fn->ann != ANN_NONE && fn->tone.state == TRUST_UNCHECKED;
    if (unchecked) w = check_workers(s, ask->opt, &ctx, &f, &o);
    CheckReport c;
    Buf claim, wrong; buf_init(&claim); buf_init(&wrong);
    bool ok = true;
    if (fn->upper && fn->lower) {
        buf_printf(&claim, "the envelope of '%s'", fn->name);
        buf_printf(&wrong, "the declared envelope of '%s' is refuted (it does not bracket '%s')", fn->name, fn->name);
        if (fn->envelope.state == TRUST_UNCHECKED)
            ok = settle(s, ask, aft_check_envelope(&f, &o, &c), &c, buf_cstr(&wrong), &fn->envelope);
        if (ok) note_sampled(assume, buf_cstr(&claim), &fn->envelope);
    } else if (fn->ann != ANN_NONE) {
        const char *tone = fn->ann == ANN_ANTITONE ? "antitone" : "monotone";
        buf_printf(&claim, "'%s' %s", fn->name, tone);
        buf_printf(&wrong, "the declaration '%s' of '%s' is refuted", tone, fn->name);
        if (fn->tone.state == TRUST_UNCHECKED)
            ok = settle(s, ask, aft_check_tone(&f, fn->ann == ANN_ANTITONE, &o, &c), &c,
                        buf_cstr(&wrong), &fn->tone);
        if (ok) note_sampled(assume, buf_cstr(&claim), &fn->tone);
    }
    run_workers_free(w, &ctx);
    buf_free(&claim);
    buf_free(&wrong);
    return ok;
}

/* `via G`: the insertion laws, by enumeration; too large to enumerate: assumed, and said. */
static bool trust_galois(Session *s, const EngineAsk *ask, GaloisSym *g, Buf *assume)
{
    if (g->laws.state == TRUST_UNCHECKED) {
        Buf msg; buf_init(&msg);
        GaloisCtx ctx = { s->context, g, ask->loc };
        AftGalois ag;
        run_galois_as_aft(&ag, &ctx);
        size_t cases = 0;
        GaloisCheck c = galois_check(&ag, ENUM_LIMIT_LOG2, &msg, &cases);
        if (c == GALOIS_CHECK_FAILS)
            diag_error(&s->diag, ask->via_loc, "'%s' is not a Galois insertion: %s", g->name,
                       buf_cstr(&msg));
        else if (c == GALOIS_CHECK_ERROR) session_stopped(s, ask->loc);
        buf_free(&msg);
        if (c == GALOIS_CHECK_FAILS || c == GALOIS_CHECK_ERROR) return false;
        g->laws = (Trust){ c == GALOIS_CHECK_OK ? TRUST_PROVED : TRUST_SAMPLED, 0 };
    }
    if (g->laws.state == TRUST_SAMPLED) {
        if (assume->len) buf_puts(assume, "; ");
        buf_printf(assume, "assuming '%s' is a Galois insertion: too large to check", g->name);
    }
    return true;
}

bool run_trust(Session *s, const EngineAsk *ask, char **assumption)
{
    Buf assume; buf_init(&assume);
    /* `envelope brute` or `derived` sets the declarations aside: nothing of them to check */
    EnvelopeChoice env = ask->opt->envelope;
    bool declared = env == ENVELOPE_AUTO || env == ENVELOPE_DECLARED;
    bool ok = (!declared || trust_fn(s, ask, &assume))
              && (!ask->opt->via || trust_galois(s, ask, ask->opt->via, &assume));
    *assumption = ok && assume.len ? mem_strdup(buf_cstr(&assume)) : NULL;
    buf_free(&assume);
    return ok;
}
