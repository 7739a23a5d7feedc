/* fix_result.c: a query's result copied out of the session (fix_result_from) and read
 * through fix.h: its header, its values as trees (fix_value.c) and its JSON object, written
 * by report/json.c through the one JSON writer. */
#include "api/fix_result.h"

#include "api/fix_value.h"
#include "util/mem.h"

struct fix_result {
    QueryKind kind;
    fix_status status;
    char *target, *verdict, *message, *stopped_by, *json;
    char *typed;             /* fix_result_typed_json, made on first use */
    fix_value *value, *bound, *points, *final, *models;
    int complete;
};

static char *dup_or_null(const char *s) { return s ? mem_strdup(s) : NULL; }

static char *json_of(const QueryResult *r)
{
    Buf b;
    buf_init(&b);
    JsonWriter w;
    json_init(&w, &b);
    report_json_object(&w, r);
    char *text = mem_strdup(buf_cstr(&b));
    buf_free(&b);
    return text;
}

/* bnb, fixpoints: the fixed points (on reals those f fixes exactly) and Final. */
static void copy_bnb(fix_result *out, const QueryResult *r)
{
    const BnbResult *x = &r->u.bnb;
    out->complete = x->complete;
    if (x->points) {
        out->points = fix_value_new(FIX_VALUE_LIST, x->points->count);
        size_t k = 0;
        for (size_t i = 0; i < x->points->count; i++) {
            if (x->verdicts && x->verdicts[i].kind != VERDICT_FIXED) continue;
            const Word *p = x->verdicts ? x->verdicts[i].point : boundlist_lo(x->points, i);
            out->points->items[k++] = fix_value_of_element(x->L, p);
        }
        out->points->n = k;
    }
    if (x->final && r->kind == Q_BNB) {
        out->final = fix_value_new(FIX_VALUE_LIST, x->final->count);
        for (size_t i = 0; i < x->final->count; i++)
            out->final->items[i] = fix_value_interval(x->L, boundlist_lo(x->final, i), boundlist_hi(x->final, i));
    }
    if (x->has_stats && x->stats.stopped_by) out->stopped_by = mem_strdup(x->stats.stopped_by);
}

static void copy_models(fix_result *out, const ModelsResult *x)
{
    out->complete = x->complete;
    out->models = fix_value_new(FIX_VALUE_LIST, x->count);
    for (size_t i = 0; i < x->count; i++) {
        fix_value *m = fix_value_new(FIX_VALUE_SET, x->models[i].natoms);
        for (size_t k = 0; k < x->models[i].natoms; k++) m->items[k] = fix_value_new_name(x->models[i].atoms[k]);
        out->models->items[i] = m;
    }
}

static void copy_values(fix_result *out, const QueryResult *r)
{
    switch (r->kind) {
    case Q_SHOW: case Q_LFP: case Q_GFP:
        if (r->u.value.value) out->value = fix_value_of_typed(&r->u.value.type, r->u.value.value);
        break;
    case Q_APPROX: case Q_REFINE:
        if (r->u.bound.lo && r->status != RS_FAILED)
            out->bound = fix_value_interval(r->u.bound.L, r->u.bound.lo, r->u.bound.hi);
        break;
    case Q_BNB: case Q_FIXPOINTS: copy_bnb(out, r); break;
    case Q_STABLE: copy_models(out, &r->u.stable); break;
    default: break;
    }
}

fix_result *fix_result_from(const QueryResult *r, const char *limit_hit)
{
    fix_result *out = mem_calloc(1, sizeof *out);
    out->kind = r->kind;
    static const fix_status statuses[] = { [RS_OK] = FIX_STATUS_OK, [RS_FAILED] = FIX_STATUS_FAILED,
                                           [RS_ERROR] = FIX_STATUS_ERROR, [RS_LIMIT] = FIX_STATUS_LIMIT };
    out->status = statuses[r->status];
    out->target = dup_or_null(r->target);
    out->verdict = dup_or_null(r->verdict);
    out->message = dup_or_null(r->message);
    out->json = json_of(r);
    copy_values(out, r);
    if (!out->stopped_by && r->status == RS_LIMIT) out->stopped_by = dup_or_null(limit_hit);
    return out;
}

void fix_result_free(fix_result *r)
{
    if (!r) return;
    mem_free(r->target);
    mem_free(r->verdict);
    mem_free(r->message);
    mem_free(r->stopped_by);
    mem_free(r->json);
    mem_free(r->typed);
    fix_value_free(r->value);
    fix_value_free(r->bound);
    fix_value_free(r->points);
    fix_value_free(r->final);
    fix_value_free(r->models);
    mem_free(r);
}

/* Every value of r as one object of tagged JSON. */
static char *typed_of(const fix_result *r)
{
    Buf b;
    buf_init(&b);
    JsonWriter w;
    json_init(&w, &b);
    json_begin_object(&w);
    const char *keys[5] = { "value", "bound", "points", "final", "models" };
    const fix_value *vals[5] = { r->value, r->bound, r->points, r->final, r->models };
    for (size_t i = 0; i < 5; i++) {
        if (!vals[i]) continue;
        json_key(&w, keys[i]);
        fix_value_write(&w, vals[i]);
    }
    json_key_bool(&w, "complete", r->complete != 0);
    json_end_object(&w);
    char *text = mem_strdup(buf_cstr(&b));
    buf_free(&b);
    return text;
}

const char *fix_result_typed_json(fix_result *r)
{
    if (!r->typed) r->typed = typed_of(r);
    return r->typed;
}

const char *fix_result_kind(const fix_result *r) { return ast_query_name(r->kind); }
fix_status fix_result_status(const fix_result *r) { return r->status; }
const char *fix_result_target(const fix_result *r) { return r->target; }
const char *fix_result_verdict(const fix_result *r) { return r->verdict; }
const char *fix_result_message(const fix_result *r) { return r->message; }
const char *fix_result_stopped_by(const fix_result *r) { return r->stopped_by; }
const char *fix_result_json(const fix_result *r) { return r->json; }
const fix_value *fix_result_value(const fix_result *r) { return r->value; }
const fix_value *fix_result_bound(const fix_result *r) { return r->bound; }
const fix_value *fix_result_points(const fix_result *r) { return r->points; }
const fix_value *fix_result_final(const fix_result *r) { return r->final; }
int fix_result_complete(const fix_result *r) { return r->complete; }
const fix_value *fix_result_models(const fix_result *r) { return r->models; }
