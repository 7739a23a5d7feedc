/* text.c: query results and traces as text for a person. */
#include "report/report.h"
#include "util/mem.h"

#include <math.h>
#include <string.h>

static void put_value(Buf *b, const Type *t, const Word *v)
{
    switch (t->kind) {
    case TY_INT: buf_printf(b, "%lld", (long long)word_to_int(v[0])); break;
    case TY_REAL: buf_put_double(b, word_to_double(v[0])); break;
    case TY_ATOM: {
        const char *name = lattice_atom_name(t->lat, (size_t)v[0]);
        buf_puts(b, name ? name : "?");
        break;
    }
    case TY_LAT: t->lat->ops->print(t->lat, v, b); break;
    case TY_COLL: {
        const Collection *k = collection_at(v[0]);
        Type elem = { TY_LAT, t->lat, NULL, NULL };
        const Type *item = t->value ? t->value : &elem;
        buf_puts(b, "[");
        for (size_t i = 0; i < k->n; i++) {
            if (i) buf_puts(b, ", ");
            put_value(b, item, k->items + i * type_item_words(t));
        }
        buf_puts(b, "]");
        break;
    }
    case TY_BNB: {           /* its fields: the fixed points, Final, whether complete */
        const Type *final = t->value;
        Type points = { TY_COLL, lattice_part(final->lat, 0), NULL, NULL };
        buf_puts(b, "{fixpoints = ");
        put_value(b, &points, v);
        buf_puts(b, ", final = ");
        put_value(b, final, v + 1);
        buf_puts(b, v[2] ? ", complete = true}" : ", complete = false}");
        break;
    }
    case TY_ITV: {
        const Lattice *L = lattice_part(t->lat, 0);
        buf_puts(b, "[");
        L->ops->print(L, v, b);
        buf_puts(b, " .. ");
        L->ops->print(L, v + L->nwords, b);
        buf_puts(b, "]");
        break;
    }
    case TY_FN: case TY_ERROR: buf_puts(b, "<error>"); break;   /* functions are never shown */
    }
}

/* A bnb stopped early lists this many fixed points and bounds of Final, then counts the rest. */
enum { TEXT_STOPPED_LINES = 20 };

static void put_size(Buf *b, const Lattice *L, const Word *lo, const Word *hi)
{
    lattice_print_log2_size(L->ops->log2_size(L, lo, hi), b);
}

double report_width(const Lattice *L, double height)
{
    double step = lattice_tolerance(L);
    return step > 0 ? height * step : height;
}

/* "W" on a real interval, "W tolerance steps" on a product or map of them. */
static void put_width(Buf *b, const Lattice *L, double height)
{
    buf_printf(b, "%.3g%s", report_width(L, height), lattice_tolerance(L) > 0 ? "" : " tolerance steps");
}

static void put_stats(Buf *b, const Lattice *L, const AftStats *st)
{
    buf_printf(b, "  rounds %zu, IR calls %zu, F steps %zu, pruned %zu, merged %zu, hulls %zu",
               st->rounds, st->ir_calls, st->f_calls, st->pruned, st->merged, st->hulls);
    buf_puts(b, "\n  S(Final) = ");
    if (isinf(st->log2_S_final) && st->log2_S_final < 0) buf_puts(b, "0");
    else lattice_print_log2_size(st->log2_S_final, b);
    buf_puts(b, ", |IR(B_I)| = ");
    if (isinf(st->log2_IR_init) && st->log2_IR_init < 0) buf_puts(b, "0");
    else lattice_print_log2_size(st->log2_IR_init, b);
    if (st->enumerated) buf_printf(b, "\n  enumerated %zu bound%s (f on each element)", st->enumerated,
                                   st->enumerated == 1 ? "" : "s");
    if (st->stalled) {
        buf_printf(b, "\n  slow progress: %zu bound%s the search could not narrow (%d splits in a row made no"
                      " progress, or the tolerance was reached with no verdict), the widest ", st->stalled,
                   st->stalled == 1 ? "" : "s", AFT_STALL_LEVELS);
        put_width(b, L, st->stalled_height);
    }
    if (st->shard_round)
        buf_printf(b, "\n  a shard: round %zu's %zu bounds were cut into shards, this one searched its own",
                   st->shard_round, st->shard_bounds);
    if (st->stopped_by) buf_printf(b, "\n  stopped by %s: the bounds left are kept as they are (sound)", st->stopped_by);
    if (st->stopped_by && strcmp(st->stopped_by, "bounds") == 0)
        buf_printf(b, "\n  (more than %d bounds and no budget: f may move points by less than the"
                      " tolerance; `budget K` keeps at most K)", AFT_UNBUDGETED_BOUNDS_MAX);
    buf_putc(b, '\n');
}

static void text_bound(Buf *b, const QueryResult *r)
{
    const BoundResult *x = &r->u.bound;
    const char *name = ast_query_name(r->kind);
    if (r->status == RS_FAILED) {
        buf_printf(b, "%s %s: no fixed point in the start interval", name, r->target);
        if (r->message) buf_printf(b, " (%s)", r->message);
        buf_putc(b, '\n');
        return;
    }
    buf_printf(b, "%s %s", name, r->target);
    if (r->via) buf_printf(b, " via %s", r->via);
    if (r->envelope) buf_printf(b, " (%s envelope)", r->envelope);
    buf_puts(b, " = ");
    lattice_print_interval(x->L, x->lo, x->hi, b);
    buf_printf(b, "  (%zu step%s", x->steps, x->steps == 1 ? "" : "s");
    if (x->L->finite) {
        buf_puts(b, ", size ");
        put_size(b, x->L, x->lo, x->hi);
    }
    buf_puts(b, ")");
    if (r->status == RS_LIMIT && r->message) buf_printf(b, "  stopped by %s (sound)", r->message);
    if (x->slow && r->status != RS_LIMIT) {
        buf_puts(b, "\n  stopped on slow progress at width ");
        put_width(b, x->L, x->L->ops->height(x->L, x->lo, x->hi));
        buf_puts(b, ": a step moved the ends by less than the tolerance (not converged; sound)");
    }
    buf_putc(b, '\n');
}

/* What is known of a box of reals (aft.h's Verdict), in the words every text report of it
 * uses: the result, the trace and the REPL. */
static void put_verdict(Buf *b, const Lattice *L, const Verdict *v)
{
    switch (v->kind) {
    case VERDICT_FIXED:
        buf_puts(b, "fixed point ");
        L->ops->print(L, v->point, b);
        return;
    case VERDICT_UNIQUE:
        buf_puts(b, "exactly one fixed point in ");
        lattice_print_interval(L, v->lo, v->hi, b);
        return;
    case VERDICT_ENCLOSED:
        buf_puts(b, "at least one fixed point in ");
        lattice_print_interval(L, v->lo, v->hi, b);
        return;
    case VERDICT_NEAR:
        buf_puts(b, "within tolerance ");
        lattice_print_interval(L, v->lo, v->hi, b);
        buf_puts(b, "  (f moves it by at most the tolerance; not proved to hold a fixed point)");
        return;
    case VERDICT_NONE:
        buf_puts(b, "no fixed point in ");
        lattice_print_interval(L, v->lo, v->hi, b);
        buf_puts(b, "  (f moves every point of it)");
        return;
    }
}

/* A fixed point bnb found: an element f fixes; on a lattice that is not finite its verdict. */
static void put_fixed_point(Buf *b, const BnbResult *x, size_t j, const char *note)
{
    buf_puts(b, "  ");
    if (x->verdicts) {
        put_verdict(b, x->L, &x->verdicts[j]);
    } else {
        buf_puts(b, "fixed point ");
        x->L->ops->print(x->L, boundlist_lo(x->points, j), b);
    }
    buf_printf(b, "%s\n", note);
}

/* How many of bnb's points are only within tolerance (not proved). */
static size_t count_near(const BnbResult *x)
{
    size_t n = 0;
    for (size_t j = 0; x->verdicts && j < x->points->count; j++) n += x->verdicts[j].kind == VERDICT_NEAR;
    return n;
}

/* Final in its order, each fixed point where it first appears; then the proven fixed points
 * that a merge left inside a larger bound. */
static void text_bnb(Buf *b, const QueryResult *r)
{
    const BnbResult *x = &r->u.bnb;
    size_t nbounds = 0;
    for (size_t i = 0; i < x->final->count; i++) nbounds += x->final_match[i] < 0;
    buf_printf(b, "bnb %s", r->target);
    if (r->via) buf_printf(b, " via %s", r->via);
    if (r->envelope) buf_printf(b, " (%s envelope)", r->envelope);
    size_t near = count_near(x), proved = x->points->count - near;
    buf_printf(b, ": %zu fixed point%s, ", proved, proved == 1 ? "" : "s");
    if (near) buf_printf(b, "%zu within tolerance (not proved), ", near);
    if (x->complete) buf_puts(b, "complete\n");
    else buf_printf(b, "%zu other bound%s\n", nbounds, nbounds == 1 ? "" : "s");
    bool *shown = mem_calloc(x->points->count + 1, sizeof *shown);
    /* a run stopped early (Ctrl-C, a limit) may hold many bounds: the first few are listed */
    size_t lines = 0, cap = r->status == RS_LIMIT ? TEXT_STOPPED_LINES : SIZE_MAX;
    size_t unlisted_points = 0, unlisted_bounds = 0;
    for (size_t i = 0; i < x->final->count; i++) {
        long j = x->final_match[i];
        if (j >= 0 && shown[j]) continue;
        if (lines == cap) {
            if (j >= 0) { unlisted_points++; shown[j] = true; }
            else unlisted_bounds++;
            continue;
        }
        lines++;
        if (j >= 0) {
            put_fixed_point(b, x, (size_t)j, "");
            shown[j] = true;
            continue;
        }
        const Word *lo = boundlist_lo(x->final, i), *hi = boundlist_hi(x->final, i);
        buf_puts(b, "  bound ");
        lattice_print_interval(x->L, lo, hi, b);
        if (x->L->finite) {
            buf_puts(b, "  size ");
            put_size(b, x->L, lo, hi);
        }
        buf_putc(b, '\n');
    }
    for (size_t j = 0; j < x->points->count; j++)
        if (!shown[j]) put_fixed_point(b, x, j, "  (inside a bound above)");
    mem_free(shown);
    if (unlisted_points || unlisted_bounds) {
        buf_puts(b, "  ... not listed:");
        if (unlisted_points)
            buf_printf(b, " %zu more fixed point%s", unlisted_points, unlisted_points == 1 ? "" : "s");
        if (unlisted_bounds)
            buf_printf(b, "%s %zu more bound%s", unlisted_points ? " and" : "", unlisted_bounds,
                       unlisted_bounds == 1 ? "" : "s");
        buf_puts(b, " (fix run --json lists them all)\n");
    }
    put_stats(b, x->L, &x->stats);
}

static void text_fixpoints(Buf *b, const QueryResult *r)
{
    const BnbResult *x = &r->u.bnb;
    buf_printf(b, "fixpoints %s: %zu fixed point%s (of %zu elements)\n", r->target,
               x->points->count, x->points->count == 1 ? "" : "s", x->examined);
    for (size_t i = 0; i < x->points->count; i++) {
        buf_puts(b, "  ");
        x->L->ops->print(x->L, boundlist_lo(x->points, i), b);
        buf_putc(b, '\n');
    }
}

static void text_check(Buf *b, const QueryResult *r)
{
    const CheckResult *x = &r->u.check;
    if (r->kind == Q_CHECK_MONOTONE || r->kind == Q_CHECK_ANTITONE)
        buf_printf(b, "check %s %s: %s", r->target, r->kind == Q_CHECK_MONOTONE ? "monotone" : "antitone", r->verdict);
    else
        buf_printf(b, "%s %s: %s", ast_query_name(r->kind), r->target, r->verdict);
    if (x->cases && x->sampled && r->status == RS_OK)
        buf_printf(b, " in %zu sample%s (not a proof)", x->cases, x->cases == 1 ? "" : "s");
    else if (x->cases)
        buf_printf(b, " (%s %zu %s%s)", x->sampled ? "sampled" : "checked", x->cases,
                   x->covers ? "covering pair" : "case", x->cases == 1 ? "" : "s");
    buf_putc(b, '\n');
    if (r->message) buf_printf(b, "  %s\n", r->message);
}

static void text_model(Buf *b, const StableModel *m)
{
    buf_puts(b, "  {");
    for (size_t i = 0; i < m->natoms; i++) {
        if (i) buf_puts(b, ", ");
        buf_puts(b, m->atoms[i]);
    }
    buf_puts(b, "}\n");
}

static void text_stable(Buf *b, const QueryResult *r)
{
    const ModelsResult *x = &r->u.stable;
    buf_printf(b, "stable %s: %zu stable model%s", r->target, x->count, x->count == 1 ? "" : "s");
    if (!x->complete && r->message) buf_printf(b, " (search stopped by %s: there may be more)", r->message);
    else if (!x->complete) buf_puts(b, " (search stopped early: there may be more)");
    buf_putc(b, '\n');
    for (size_t i = 0; i < x->count; i++) text_model(b, &x->models[i]);
}

static void text_value(Buf *b, const QueryResult *r)
{
    const ValueResult *x = &r->u.value;
    if (r->kind == Q_SHOW) buf_printf(b, "%s = ", x->text);
    else buf_printf(b, "%s %s = ", ast_query_name(r->kind), r->target);
    put_value(b, &x->type, x->value);
    if (r->kind == Q_SHOW) buf_putc(b, '\n');
    else buf_printf(b, "  (%zu step%s)\n", x->steps, x->steps == 1 ? "" : "s");
}

int report_text(const QueryResult *r, FILE *out)
{
    Buf b;
    buf_init_stream(&b, out);
    switch (r->kind) {
    case Q_SHOW: case Q_LFP: case Q_GFP: text_value(&b, r); break;
    case Q_APPROX: case Q_REFINE: text_bound(&b, r); break;
    case Q_BNB: text_bnb(&b, r); break;
    case Q_FIXPOINTS: text_fixpoints(&b, r); break;
    case Q_STABLE: text_stable(&b, r); break;
    case Q_CHECK_MONOTONE: case Q_CHECK_ANTITONE: case Q_CHECK_ENVELOPE: case Q_CHECK_GALOIS:
        text_check(&b, r);
        break;
    }
    if (r->assumption) buf_printf(&b, "  %s\n", r->assumption);
    buf_flush(&b);
    int err = b.err;
    buf_free(&b);
    return err;
}

const char *report_status_name(NodeStatus s)
{
    switch (s) {
    case NODE_KEPT: return "kept";
    case NODE_PRUNED: return "pruned";
    case NODE_MERGED: return "merged";
    case NODE_FINAL: return "final";
    case NODE_FIXPOINT: return "fixed point";
    }
    return "?";
}

void report_trace_text(const Lattice *L, const AftEvent *ev, FILE *out)
{
    Buf b;
    buf_init_stream(&b, out);
    switch (ev->kind) {
    case EV_REFINE_STEP:
        buf_printf(&b, "  step %zu: ", ev->step);
        lattice_print_interval(L, ev->lo, ev->hi, &b);
        break;
    case EV_BNB_ROUND:
        buf_printf(&b, "  round %zu: %zu bound%s", ev->round, ev->count, ev->count == 1 ? "" : "s");
        break;
    case EV_BNB_SPLIT:
        buf_printf(&b, "    node %ld (from %ld) ", ev->id, ev->parent);
        if (ev->lo && ev->hi) lattice_print_interval(L, ev->lo, ev->hi, &b);
        buf_puts(&b, ": ");
        if (ev->verdict) put_verdict(&b, L, ev->verdict);
        else buf_puts(&b, report_status_name(ev->status));
        break;
    case EV_BNB_MERGE:
        buf_printf(&b, "    merge %ld and %ld into ", ev->id, ev->other);
        lattice_print_interval(L, ev->lo, ev->hi, &b);
        break;
    case EV_BNB_HULL:
        buf_printf(&b, "    budget: hull of %ld and %ld = ", ev->id, ev->other);
        lattice_print_interval(L, ev->lo, ev->hi, &b);
        break;
    case EV_BNB_FINAL:
        buf_printf(&b, "    final %ld: ", ev->id);
        lattice_print_interval(L, ev->lo, ev->hi, &b);
        break;
    }
    buf_putc(&b, '\n');
    buf_flush(&b);
    buf_free(&b);
}
