/* json.c: query results and traces as JSON, one object a line (fields in docs/json.md). */
#include "report/report.h"
#include "util/mem.h"

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

static void put_value(Buf *b, const Type *t, const Word *v)
{
    switch (t->kind) {
    case TY_INT: buf_printf(b, "%lld", (long long)word_to_int(v[0])); break;
    case TY_REAL: {
        double d = word_to_double(v[0]);
        if (isfinite(d)) buf_put_double(b, d); else buf_puts(b, "null");
        break;
    }
    case TY_ATOM: {
        const char *name = lattice_atom_name(t->lat, (size_t)v[0]);
        buf_put_json_string(b, name ? name : "?");
        break;
    }
    case TY_LAT: t->lat->ops->json(t->lat, v, b); break;
    case TY_ERROR: buf_puts(b, "null"); break;
    }
}

/* "size": exact below 2^53, else the string "2^x"; "log2_size" always. */
static void put_size_fields(Buf *b, double log2_size)
{
    buf_puts(b, "\"size\":");
    if (isinf(log2_size) && log2_size < 0) buf_puts(b, "0");
    else if (log2_size < 53) buf_printf(b, "%.0f", exp2(log2_size));
    else buf_printf(b, "\"2^%.6g\"", log2_size);
    buf_puts(b, ",\"log2_size\":");
    if (isfinite(log2_size)) buf_put_double(b, log2_size); else buf_puts(b, "null");
}

static void put_interval(Buf *b, const Lattice *L, const Word *lo, const Word *hi)
{
    buf_puts(b, "{\"lo\":");
    L->ops->json(L, lo, b);
    buf_puts(b, ",\"hi\":");
    L->ops->json(L, hi, b);
    buf_putc(b, ',');
    put_size_fields(b, L->ops->log2_size(L, lo, hi));
    buf_putc(b, '}');
}

static void put_stats(Buf *b, const AftStats *st)
{
    buf_printf(b, ",\"stats\":{\"rounds\":%zu,\"ir_calls\":%zu,\"f_steps\":%zu,\"pruned\":%zu,"
                  "\"merged\":%zu,\"hulls\":%zu,\"S_final\":{",
               st->rounds, st->ir_calls, st->f_calls, st->pruned, st->merged, st->hulls);
    put_size_fields(b, st->log2_S_final);
    buf_puts(b, "},\"IR_init\":{");
    put_size_fields(b, st->log2_IR_init);
    buf_puts(b, "},\"stopped_by\":");
    if (st->stopped_by) buf_put_json_string(b, st->stopped_by); else buf_puts(b, "null");
    buf_putc(b, '}');
}

static void put_bnb(Buf *b, const QueryResult *r)
{
    buf_puts(b, ",\"fixpoints\":[");
    for (size_t i = 0; i < r->points->count; i++) {
        if (i) buf_putc(b, ',');
        r->L->ops->json(r->L, boundlist_lo(r->points, i), b);
    }
    buf_puts(b, "]");
    if (r->kind == Q_BNB) {
        buf_puts(b, ",\"final\":[");
        for (size_t i = 0; i < r->final->count; i++) {
            if (i) buf_putc(b, ',');
            put_interval(b, r->L, boundlist_lo(r->final, i), boundlist_hi(r->final, i));
        }
        buf_puts(b, "]");
    } else {
        buf_printf(b, ",\"examined\":%zu", r->examined);
    }
}

void report_json(const QueryResult *r, FILE *out)
{
    Buf b;
    buf_init_stream(&b, out);
    buf_puts(&b, "{\"query\":");
    buf_put_json_string(&b, ast_query_name(r->kind));
    if (r->target) { buf_puts(&b, ",\"target\":"); buf_put_json_string(&b, r->target); }
    if (r->via) { buf_puts(&b, ",\"via\":"); buf_put_json_string(&b, r->via); }
    if (r->assumption) { buf_puts(&b, ",\"assuming\":"); buf_put_json_string(&b, r->assumption); }
    buf_printf(&b, ",\"status\":\"%s\"", status_word(r->status));
    if (r->verdict) { buf_puts(&b, ",\"verdict\":"); buf_put_json_string(&b, r->verdict); }
    if (r->message) { buf_puts(&b, ",\"message\":"); buf_put_json_string(&b, r->message); }
    switch (r->kind) {
    case Q_SHOW: case Q_LFP: case Q_GFP:
        if (r->text) { buf_puts(&b, ",\"expr\":"); buf_put_json_string(&b, r->text); }
        if (r->value) {
            Buf t; buf_init(&t);
            type_describe(&r->type, &t);
            buf_puts(&b, ",\"type\":");
            buf_put_json_string(&b, buf_cstr(&t));
            buf_free(&t);
            buf_puts(&b, ",\"value\":");
            put_value(&b, &r->type, r->value);
        }
        if (r->kind != Q_SHOW) buf_printf(&b, ",\"steps\":%zu", r->steps);
        break;
    case Q_APPROX: case Q_REFINE:
        if (r->lo && r->status != RS_FAILED) {
            buf_puts(&b, ",\"bound\":");
            put_interval(&b, r->L, r->lo, r->hi);
        }
        buf_printf(&b, ",\"steps\":%zu", r->steps);
        break;
    case Q_BNB: case Q_FIXPOINTS:
        if (r->final || r->points) put_bnb(&b, r);
        if (r->has_stats) put_stats(&b, &r->stats);
        break;
    case Q_STABLE:
        buf_puts(&b, ",\"models\":[");
        for (size_t i = 0; i < r->nmodels; i++) {
            if (i) buf_putc(&b, ',');
            buf_putc(&b, '[');
            /* models are stored as "a, b, c" */
            const char *s = r->models[i];
            bool first = true;
            while (*s) {
                const char *e = strstr(s, ", ");
                size_t n = e ? (size_t)(e - s) : strlen(s);
                char *atom = mem_strndup(s, n);
                if (!first) buf_putc(&b, ',');
                buf_put_json_string(&b, atom);
                mem_free(atom);
                first = false;
                s += n;
                if (e) s += 2;
            }
            buf_putc(&b, ']');
        }
        buf_printf(&b, "],\"complete\":%s", r->models_complete ? "true" : "false");
        break;
    case Q_CHECK_MONOTONE: case Q_CHECK_ANTITONE: case Q_CHECK_ENVELOPE: case Q_CHECK_GALOIS:
        buf_printf(&b, ",\"cases\":%zu,\"sampled\":%s,\"proved\":%s", r->examined,
                   r->sampled ? "true" : "false", r->status == RS_OK && !r->sampled ? "true" : "false");
        break;
    }
    buf_puts(&b, "}\n");
    buf_flush(&b);
    fflush(out);
    buf_free(&b);
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

void report_trace_json(const Lattice *L, const AftEvent *ev, FILE *out)
{
    Buf b;
    buf_init_stream(&b, out);
    buf_printf(&b, "{\"event\":\"%s\"", event_name(ev->kind));
    switch (ev->kind) {
    case EV_REFINE_STEP: buf_printf(&b, ",\"step\":%zu", ev->step); break;
    case EV_BNB_ROUND: buf_printf(&b, ",\"round\":%zu,\"count\":%zu", ev->round, ev->count); break;
    case EV_BNB_SPLIT:
        buf_printf(&b, ",\"id\":%ld,\"parent\":%ld,\"status\":\"%s\"", ev->id, ev->parent, node_status(ev->status));
        break;
    case EV_BNB_MERGE: case EV_BNB_HULL:
        buf_printf(&b, ",\"id\":%ld,\"other\":%ld", ev->id, ev->other);
        break;
    case EV_BNB_FINAL: buf_printf(&b, ",\"id\":%ld", ev->id); break;
    }
    if (ev->lo && ev->hi) {
        buf_puts(&b, ",\"bound\":");
        put_interval(&b, L, ev->lo, ev->hi);
    }
    buf_puts(&b, "}\n");
    buf_flush(&b);
    buf_free(&b);
}
