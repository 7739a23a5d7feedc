/* run_fixpoints.c: the queries on a declared function that need no bound: fixpoints (every
 * element of a finite lattice tried) and lfp/gfp (Kleene iteration from bot or top). */
#include "app/run_internal.h"

#include "util/mem.h"

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
    if (session_stopped(s, plan->loc)) return false;
    if (run_fn_eval(ctx, x, y)) return true;
    session_stopped(s, plan->loc);
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
    FnCtx each = { .context = s->context, .fn = fn, .where = plan->loc };
    size_t examined = 0;
    bool ok = !session_stopped(s, plan->loc) && run_fn_each(&each, bot, top, keep_fixed, &points, &examined);
    if (!ok) session_stopped(s, plan->loc);
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
    EngineAsk ask = run_engine_ask(plan);
    if (!run_trust(s, &ask, &assumption)) return false;
    KleeneRun run = { s, plan, { .context = s->context, .fn = fn, .where = plan->loc }, least, 0 };
    AftKleene k = { L, least, 0, plan->opt.steps >= 0 ? (size_t)plan->opt.steps : 1000000, kleene_step, &run };
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
