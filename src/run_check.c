/* run_check.c: the checks: check f monotone | antitone, check envelope f (declared closed
 * forms against brute force), check galois G. */
#include "run_internal.h"

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
                      .u.check = { .cases = c->examined, .sampled = c->sampled } };
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

bool run_check_tone(Session *s, const QueryPlan *plan, FnSym *fn)
{
    FnCtx ctx = { s->model, fn, plan->loc };
    AftFunction f;
    fn_as_aft(&f, &ctx);
    bool antitone = plan->kind == Q_CHECK_ANTITONE;
    CheckOptions o = check_options(s);
    CheckReport c;
    CheckStatus status = aft_check_tone(&f, antitone, &o, &c);
    return report_check(s, plan, status, &c, antitone ? "antitone" : "monotone",
                        antitone ? "not antitone" : "not monotone");
}

/* ---- check envelope f: declared closed forms against brute force ---- */

bool run_check_envelope(Session *s, const QueryPlan *plan, FnSym *fn)
{
    if (!fn->upper || !fn->lower) {
        diag_error(&s->diag, plan->target_loc, "'%s' has no declared envelope to check", fn->name);
        return false;
    }
    FnCtx ctx = { s->model, fn, plan->loc };
    AftFunction f;
    fn_as_aft(&f, &ctx);
    CheckOptions o = check_options(s);
    CheckReport c;
    CheckStatus status = aft_check_envelope(&f, &o, &c);
    const char *passed = c.tight ? "exact" : c.sampled ? "sound on every sample" : "sound (not tight)";
    return report_check(s, plan, status, &c, passed, "unsound");
}

/* ---- check galois G ---- */

bool run_check_galois(Session *s, const QueryPlan *plan)
{
    GaloisSym *g = plan->galois;
    QueryResult r = { .kind = Q_CHECK_GALOIS, .target = g->name };
    Buf msg; buf_init(&msg);
    GaloisCtx ctx = { s->model, g, plan->loc };
    AftGalois ag;
    galois_as_aft(&ag, &ctx);
    GaloisCheck c = galois_check(&ag, ENUM_LIMIT_LOG2, &msg, &r.u.check.cases);
    bool ok = c != GALOIS_CHECK_ERROR;
    if (!ok) session_stopped(s, plan);
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
