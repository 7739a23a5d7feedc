/* json.c: query results and traces as JSON, one object a line (fields in docs/json.md). */
#include "report/report.h"
#include "util/json.h"

#include <math.h>

static const char *status_word(ResultStatus s)
{
    switch (s) {
    case RS_OK: return "ok";
    case RS_FAILED: return "failed";
    case RS_ERROR: return "error";
    case RS_LIMIT: return "limit";
    }
    return "?";
}

static void put_value(JsonWriter *w, const Type *t, const Word *v)
{
    switch (t->kind) {
    case TY_INT: json_int(w, (long long)word_to_int(v[0])); break;
    case TY_REAL: json_double(w, word_to_double(v[0])); break;
    case TY_ATOM: {
        const char *name = lattice_atom_name(t->lat, (size_t)v[0]);
        json_string(w, name ? name : "?");
        break;
    }
    case TY_LAT: t->lat->ops->json(t->lat, v, json_value(w)); break;
    case TY_COLL: {
        const Collection *k = collection_at(v[0]);
        Type elem = { TY_LAT, t->lat, NULL, NULL };
        const Type *item = t->value ? t->value : &elem;
        json_begin_array(w);
        for (size_t i = 0; i < k->n; i++) put_value(w, item, k->items + i * type_item_words(t));
        json_end_array(w);
        break;
    }
    case TY_BNB: {           /* its fields: the fixed points, Final, whether complete */
        const Type *final = t->value;
        Type points = { TY_COLL, lattice_part(final->lat, 0), NULL, NULL };
        json_begin_object(w);
        json_key(w, "fixpoints");
        put_value(w, &points, v);
        json_key(w, "final");
        put_value(w, final, v + 1);
        json_key(w, "complete");
        json_bool(w, v[2] != 0);
        json_end_object(w);
        break;
    }
    case TY_ITV: {
        const Lattice *L = lattice_part(t->lat, 0);
        json_begin_object(w);
        json_key(w, "lo");
        L->ops->json(L, v, json_value(w));
        json_key(w, "hi");
        L->ops->json(L, v + L->nwords, json_value(w));
        json_end_object(w);
        break;
    }
    case TY_FN: case TY_ERROR: json_null(w); break;   /* the checker never lets a function be shown */
    }
}

static void put_element(JsonWriter *w, const Lattice *L, const Word *x)
{
    L->ops->json(L, x, json_value(w));
}

/* "size": exact below 2^53, else the string "2^x"; "log2_size" always. */
static void put_size_fields(JsonWriter *w, double log2_size)
{
    json_key(w, "size");
    if (isinf(log2_size) && log2_size < 0) json_uint(w, 0);
    else if (log2_size < 53) buf_printf(json_value(w), "%.0f", exp2(log2_size));
    else {
        char text[40];
        snprintf(text, sizeof text, "2^%.6g", log2_size);
        json_string(w, text);
    }
    json_key(w, "log2_size");
    json_double(w, log2_size);
}

static void put_interval(JsonWriter *w, const Lattice *L, const Word *lo, const Word *hi)
{
    json_begin_object(w);
    json_key(w, "lo");
    put_element(w, L, lo);
    json_key(w, "hi");
    put_element(w, L, hi);
    put_size_fields(w, L->ops->log2_size(L, lo, hi));
    json_end_object(w);
}

static void put_sized(JsonWriter *w, const char *key, double log2_size)
{
    json_key(w, key);
    json_begin_object(w);
    put_size_fields(w, log2_size);
    json_end_object(w);
}

static void put_stats(JsonWriter *w, const Lattice *L, const AftStats *st)
{
    json_key(w, "stats");
    json_begin_object(w);
    json_key_uint(w, "rounds", st->rounds);
    json_key_uint(w, "ir_calls", st->ir_calls);
    json_key_uint(w, "f_steps", st->f_calls);
    json_key_uint(w, "pruned", st->pruned);
    json_key_uint(w, "merged", st->merged);
    json_key_uint(w, "hulls", st->hulls);
    json_key(w, "policy");
    json_string(w, aft_policy_name(st->policy));
    json_key_uint(w, "enumerated", st->enumerated);
    json_key_uint(w, "stalled", st->stalled);
    if (st->shard_round) {
        json_key_uint(w, "shard_round", st->shard_round);
        json_key_uint(w, "shard_bounds", st->shard_bounds);
    }
    json_key(w, "stalled_width");
    json_double(w, st->stalled ? report_width(L, st->stalled_height) : 0.0);
    put_sized(w, "S_final", st->log2_S_final);
    put_sized(w, "IR_init", st->log2_IR_init);
    json_key(w, "stopped_by");
    if (st->stopped_by) json_string(w, st->stopped_by); else json_null(w);
    json_end_object(w);
}

/* What is known of a box of reals (aft.h's Verdict), as the one word every JSON report of it
 * uses: a node event's status, and (plural) the key of the result's list it is in. */
static const char *verdict_word(VerdictKind k)
{
    switch (k) {
    case VERDICT_FIXED: return "fixpoint";
    case VERDICT_UNIQUE: return "unique";
    case VERDICT_ENCLOSED: return "enclosure";
    case VERDICT_NEAR: return "within_tolerance";
    case VERDICT_NONE: return "pruned";
    }
    return "?";
}

/* The value a verdict is about: the element f fixes, else the box. */
static void put_verdict_value(JsonWriter *w, const Lattice *L, const Verdict *v)
{
    if (v->kind == VERDICT_FIXED) put_element(w, L, v->point);
    else put_interval(w, L, v->lo, v->hi);
}

/* The values of x's points whose verdict is `kind`, under `key`. */
static void put_judged(JsonWriter *w, const BnbResult *x, const char *key, VerdictKind kind)
{
    json_key(w, key);
    json_begin_array(w);
    for (size_t i = 0; i < x->points->count; i++)
        if (x->verdicts[i].kind == kind) put_verdict_value(w, x->L, &x->verdicts[i]);
    json_end_array(w);
}

/* fixpoints: the elements f fixes; on a lattice that is not finite also the boxes proved to
 * hold a fixed point and those f only fixes within the tolerance (not proved). */
static void put_bnb(JsonWriter *w, QueryKind kind, const BnbResult *x)
{
    if (x->verdicts) {
        put_judged(w, x, "fixpoints", VERDICT_FIXED);
        put_judged(w, x, "unique", VERDICT_UNIQUE);
        put_judged(w, x, "enclosures", VERDICT_ENCLOSED);
        put_judged(w, x, "within_tolerance", VERDICT_NEAR);
    } else {
        json_key(w, "fixpoints");
        json_begin_array(w);
        for (size_t i = 0; i < x->points->count; i++) put_element(w, x->L, boundlist_lo(x->points, i));
        json_end_array(w);
    }
    if (kind == Q_BNB) {
        json_key(w, "final");
        json_begin_array(w);
        for (size_t i = 0; i < x->final->count; i++)
            put_interval(w, x->L, boundlist_lo(x->final, i), boundlist_hi(x->final, i));
        json_end_array(w);
    } else {
        json_key_uint(w, "examined", x->examined);
    }
}

static void put_value_fields(JsonWriter *w, QueryKind kind, const ValueResult *x)
{
    if (x->text) json_key_string(w, "expr", x->text);
    if (x->value) {
        Buf t; buf_init(&t);
        type_describe(&x->type, &t);
        json_key_string(w, "type", buf_cstr(&t));
        buf_free(&t);
        json_key(w, "value");
        put_value(w, &x->type, x->value);
    }
    if (kind != Q_SHOW) json_key_uint(w, "steps", x->steps);
}

/* "models": an array of models, each an array of its atoms. */
static void put_models(JsonWriter *w, const ModelsResult *x)
{
    json_key(w, "models");
    json_begin_array(w);
    for (size_t i = 0; i < x->count; i++) {
        json_begin_array(w);
        for (size_t k = 0; k < x->models[i].natoms; k++) json_string(w, x->models[i].atoms[k]);
        json_end_array(w);
    }
    json_end_array(w);
    json_key_bool(w, "complete", x->complete);
}

static void put_kind_fields(JsonWriter *w, const QueryResult *r)
{
    switch (r->kind) {
    case Q_SHOW: case Q_LFP: case Q_GFP:
        put_value_fields(w, r->kind, &r->u.value);
        break;
    case Q_APPROX: case Q_REFINE:
        if (r->u.bound.lo && r->status != RS_FAILED) {
            json_key(w, "bound");
            put_interval(w, r->u.bound.L, r->u.bound.lo, r->u.bound.hi);
        }
        json_key_uint(w, "steps", r->u.bound.steps);
        if (r->u.bound.lo && r->status != RS_FAILED && !r->u.bound.L->finite) {
            const BoundResult *x = &r->u.bound;
            json_key_bool(w, "slow_progress", x->slow);
            json_key(w, "width");
            json_double(w, report_width(x->L, x->L->ops->height(x->L, x->lo, x->hi)));
        }
        break;
    case Q_BNB: case Q_FIXPOINTS:
        if (r->u.bnb.final || r->u.bnb.points) put_bnb(w, r->kind, &r->u.bnb);
        if (r->kind == Q_BNB) json_key_bool(w, "complete", r->u.bnb.complete);
        if (r->u.bnb.has_stats) put_stats(w, r->u.bnb.L, &r->u.bnb.stats);
        break;
    case Q_STABLE:
        put_models(w, &r->u.stable);
        break;
    case Q_CHECK_MONOTONE: case Q_CHECK_ANTITONE: case Q_CHECK_ENVELOPE: case Q_CHECK_GALOIS:
        json_key_uint(w, "cases", r->u.check.cases);
        json_key_bool(w, "sampled", r->u.check.sampled);
        json_key_bool(w, "proved", r->status == RS_OK && !r->u.check.sampled);
        break;
    }
}

void report_json_object(JsonWriter *w, const QueryResult *r)
{
    json_begin_object(w);
    json_key_string(w, "query", ast_query_name(r->kind));
    if (r->target) json_key_string(w, "target", r->target);
    if (r->via) json_key_string(w, "via", r->via);
    if (r->envelope_used) json_key_string(w, "envelope", r->envelope_used);
    if (r->assumption) json_key_string(w, "assuming", r->assumption);
    json_key_string(w, "status", status_word(r->status));
    if (r->verdict) json_key_string(w, "verdict", r->verdict);
    if (r->message) json_key_string(w, "message", r->message);
    put_kind_fields(w, r);
    json_end_object(w);
}

/* One object a line on a stream. */
static int put_line(FILE *out, void (*write)(JsonWriter *, const void *, const void *),
                    const void *a, const void *b)
{
    Buf buf;
    JsonWriter w;
    buf_init_stream(&buf, out);
    json_init(&w, &buf);
    write(&w, a, b);
    buf_putc(&buf, '\n');
    buf_flush(&buf);
    int err = buf.err;
    buf_free(&buf);
    return err;
}

static void write_result(JsonWriter *w, const void *r, const void *unused)
{
    (void)unused;
    report_json_object(w, r);
}

int report_json(const QueryResult *r, FILE *out)
{
    return put_line(out, write_result, r, NULL);
}

static const char *event_name(AftEventKind k)
{
    switch (k) {
    case EV_REFINE_STEP: return "step";
    case EV_BNB_ROUND: return "round";
    case EV_BNB_SPLIT: return "node";
    case EV_BNB_MERGE: return "merge";
    case EV_BNB_HULL: return "hull";
    case EV_BNB_FINAL: return "final";
    }
    return "?";
}

static const char *node_status(NodeStatus s)
{
    switch (s) {
    case NODE_KEPT: return "kept";
    case NODE_PRUNED: return "pruned";
    case NODE_MERGED: return "merged";
    case NODE_FINAL: return "final";
    case NODE_FIXPOINT: return "fixpoint";
    }
    return "?";
}

/* A node's id and, after it, the id of its parent or of the other node. */
static void put_ids(JsonWriter *w, long id, const char *key, long other)
{
    json_key(w, "id");
    json_int(w, id);
    if (!key) return;
    json_key(w, key);
    json_int(w, other);
}

void report_event_object(JsonWriter *w, const Lattice *L, const AftEvent *ev)
{
    json_begin_object(w);
    json_key_string(w, "event", event_name(ev->kind));
    switch (ev->kind) {
    case EV_REFINE_STEP: json_key_uint(w, "step", ev->step); break;
    case EV_BNB_ROUND:
        json_key_uint(w, "round", ev->round);
        json_key_uint(w, "count", ev->count);
        break;
    case EV_BNB_SPLIT:
        put_ids(w, ev->id, "parent", ev->parent);
        json_key_string(w, "status", ev->verdict ? verdict_word(ev->verdict->kind) : node_status(ev->status));
        if (ev->verdict && ev->verdict->kind == VERDICT_FIXED) {
            json_key(w, "point");
            put_verdict_value(w, L, ev->verdict);
        }
        break;
    case EV_BNB_MERGE: case EV_BNB_HULL: put_ids(w, ev->id, "other", ev->other); break;
    case EV_BNB_FINAL: put_ids(w, ev->id, NULL, 0); break;
    }
    if (ev->lo && ev->hi) {
        json_key(w, "bound");
        put_interval(w, L, ev->lo, ev->hi);
    }
    json_end_object(w);
}

static void write_event(JsonWriter *w, const void *L, const void *ev)
{
    report_event_object(w, L, ev);
}

void report_trace_json(const Lattice *L, const AftEvent *ev, FILE *out)
{
    put_line(out, write_event, L, ev);
}

void report_json_element(JsonWriter *w, const Lattice *L, const Word *x)
{
    put_element(w, L, x);
}
