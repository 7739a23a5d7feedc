/* run_fixpoints.c: the queries on a declared function that need no bound: fixpoints (every
 * element of a finite lattice tried) and lfp/gfp (Kleene iteration from bot or top). */
#include "app/run_internal.h"

#include "util/mem.h"
#include "util/workpool.h"

/* ---- fixpoints: exhaustive ---- */

static bool lattice_enumerable(Session *s, const QueryPlan *plan, const Lattice *L, const char *what)
{
    const int limit = FIXPOINTS_LIMIT_LOG2;
    if (!L->finite) {
        Buf t; buf_init(&t);
        lattice_describe(L, &t);
        diag_error(&s->diag, plan->loc, "%s needs a finite lattice; %s is infinite "
                   "(use approx, refine or bnb instead)", what, buf_cstr(&t));
        buf_free(&t);
        return false;
    }
    if (L->log2_card > limit) {
        Buf t; buf_init(&t);
        lattice_print_log2_size(L->log2_card, &t);
        diag_error(&s->diag, plan->loc, "%s would enumerate %s elements, more than the limit of 2^%d "
                   "(use approx, refine or bnb instead)", what, buf_cstr(&t), limit);
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

/* ---- fixpoints on the workers of --jobs N ---- */

/* fixpoints cuts its lattice into up to 2^FIX_CHUNK_LEVELS chunks (lattice_enum_chunks) of
 * at least 2^FIX_CHUNK_MIN_LOG2 elements. */
enum { FIX_CHUNK_LEVELS = 12, FIX_CHUNK_MIN_LOG2 = 12 };

/* One query's chunks and what each found (slot i % window). */
typedef struct FixPar {
    Session *s;
    const QueryPlan *plan;
    const Lattice *L;
    RunWorkers *workers;
    FnCtx *main;
    Word *chunks;
    size_t first, stride;         /* task i is chunk first + i x stride (--shard i/n: i, n) */
    BoundList *found;             /* per slot */
    size_t *examined;             /* per slot */
    bool *failed;                 /* per slot */
    size_t window;
    BoundList *points;
    size_t total;
    bool ok;
} FixPar;

static bool keep_fixed(void *points, const Word *x, const Word *fx);

static void fix_task(void *ctx, size_t i, unsigned worker)
{
    FixPar *p = ctx;
    size_t k = i % p->window, w = p->L->nwords;
    const Word *c = p->chunks + 2 * (p->first + i * p->stride) * w;
    p->found[k].count = 0;
    p->examined[k] = 0;
    p->failed[k] = !run_fn_each(run_workers_ctx(p->workers, worker), c, c + w, keep_fixed,
                                &p->found[k], &p->examined[k]);
}

/* No more chunks are wanted: the workers stop at their next poll. */
static bool fix_stop(FixPar *p)
{
    p->ok = false;
    __atomic_store_n(&run_workers_aft(p->workers)->stop, 1, __ATOMIC_RELAXED);
    return false;
}

/* Chunk i's fixed points join the list in order; a chunk that failed on its worker runs
 * again here, on the context's VM, which reports its error or limit as one thread would. */
static bool fix_done(void *ctx, size_t i)
{
    FixPar *p = ctx;
    size_t k = i % p->window, w = p->L->nwords;
    if (session_stopped(p->s, p->plan->loc)) return fix_stop(p);
    if (p->failed[k]) {
        const Word *c = p->chunks + 2 * (p->first + i * p->stride) * w;
        size_t examined = 0;
        p->ok = run_fn_each(p->main, c, c + w, keep_fixed, p->points, &examined);
        p->total += examined;
        if (!p->ok) session_stopped(p->s, p->plan->loc);
        return p->ok || fix_stop(p);
    }
    for (size_t j = 0; j < p->found[k].count; j++)
        boundlist_push(p->points, boundlist_lo(&p->found[k], j), boundlist_hi(&p->found[k], j));
    p->total += p->examined[k];
    return true;
}

/* The chunks of L (lattice_enum_chunks) into *chunks; how many there are. */
static size_t fixpoints_chunks(const Lattice *L, Word **chunks)
{
    return lattice_enum_chunks(L, FIX_CHUNK_LEVELS, FIX_CHUNK_MIN_LOG2, chunks);
}

/* The chunks shard, shard + shards, ... of n (all: shard 0 of 1). */
static size_t shard_count(size_t n, size_t shard, size_t shards)
{
    return n > shard ? (n - shard + shards - 1) / shards : 0;
}

/* The elements of L (with --shard i/n, of its chunks i, i + n, ...) tried on the workers,
 * chunk by chunk; false when it failed (reported). */
static bool fixpoints_par(Session *s, const QueryPlan *plan, FnCtx *main, unsigned jobs,
                          BoundList *points, size_t *examined)
{
    const Lattice *L = main->fn->ret;
    bool sharded = s->opt.shards > 0;
    FixPar p = { .s = s, .plan = plan, .L = L, .main = main, .points = points, .ok = true,
                 .window = 16 * (size_t)jobs, .first = sharded ? s->opt.shard : 0,
                 .stride = sharded ? s->opt.shards : 1 };
    size_t n = shard_count(fixpoints_chunks(L, &p.chunks), p.first, p.stride);
    p.workers = run_workers_new(s, main, jobs);
    p.found = mem_calloc(p.window, sizeof *p.found);
    p.examined = mem_calloc(p.window, sizeof *p.examined);
    p.failed = mem_calloc(p.window, sizeof *p.failed);
    for (size_t k = 0; k < p.window; k++) boundlist_init(&p.found[k], L);
    WorkPool pool = { .jobs = jobs, .task = fix_task, .done = fix_done, .ctx = &p, .window = p.window,
                      .grain = 4, .caller_works = true };
    if (n) workpool_run(&pool, n);
    for (size_t k = 0; k < p.window; k++) boundlist_free(&p.found[k]);
    mem_free(p.found);
    mem_free(p.examined);
    mem_free(p.failed);
    mem_free(p.chunks);
    run_workers_free(p.workers, main);
    *examined = p.total;
    return p.ok;
}

/* --shard i/n on one thread: the chunks i, i + n, ... of L enumerated in order (a lattice
 * not cut in order, or too small to be cut, is one chunk: shard 0's); false when it failed
 * (reported). */
static bool fixpoints_shard(Session *s, const QueryPlan *plan, FnCtx *each, bool cuts,
                            BoundList *points, size_t *examined)
{
    const Lattice *L = each->fn->ret;
    size_t w = L->nwords, done = 0;
    Word *chunks = NULL;
    size_t n = cuts ? fixpoints_chunks(L, &chunks) : 1;
    if (!cuts) {
        chunks = mem_calloc(2 * w + 1, sizeof *chunks);
        L->ops->bot(L, chunks);
        L->ops->top(L, chunks + w);
    }
    bool ok = true;
    for (size_t k = s->opt.shard; k < n && ok; k += s->opt.shards) {
        ok = run_fn_each(each, chunks + 2 * k * w, chunks + (2 * k + 1) * w, keep_fixed, points, &done);
        *examined += done;
        done = 0;
    }
    if (!ok) session_stopped(s, plan->loc);
    mem_free(chunks);
    return ok;
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
    unsigned jobs = run_jobs(s, &plan->opt);
    bool ok = !session_stopped(s, plan->loc);
    bool cuts = lattice_cuts_in_order(L) && fn->chunk && L->log2_card > FIX_CHUNK_MIN_LOG2;
    if (ok && jobs > 1 && cuts) {
        ok = fixpoints_par(s, plan, &each, jobs, &points, &examined);
    } else if (ok && s->opt.shards) {
        ok = fixpoints_shard(s, plan, &each, cuts, &points, &examined);
    } else if (ok) {
        ok = run_fn_each(&each, bot, top, keep_fixed, &points, &examined);
        if (!ok) session_stopped(s, plan->loc);
    }
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
