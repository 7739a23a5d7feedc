/* html.c: the HTML page of a run: each query's events and result recorded as JSON while the
 * session runs, then one page with that data and the embedded script that draws it. */
#include "report/html.h"
#include "report/hasse.h"
#include "report/html_assets.h"
#include "util/mem.h"

/* An event kept as it came (its elements copied into HtmlQuery.words), written as JSON once
 * the query's answer is out (html_query_end): a run a limit or Ctrl-C stopped hands its
 * whole frontier to Final as events, and the answer is not held back while they are written. */
typedef struct HeldEvent {
    const Lattice *L;
    AftEvent ev;             /* lo, hi and verdict NULL: see lo, hi */
    size_t lo, hi;           /* offsets into words; SIZE_MAX: none */
} HeldEvent;

typedef struct HtmlQuery {
    char *text, *file;
    unsigned line;
    Buf lattice;             /* the lattice's description (JSON object), empty until known */
    Buf events;              /* a JSON array, open until the page is written */
    JsonWriter ew;
    size_t nevents, omitted;
    size_t omitted_bounds;   /* bounds and fixed points of the result past HTML_MAX_BOUNDS */
    VEC(HeldEvent) held;     /* events not yet in `events`, in order */
    VEC(Word) words;
    Buf result;              /* the result object, empty when the query gave none */
    Buf why;                 /* its explanation (a JSON object), empty when none */
    bool view;               /* a refine, bnb or stable result: the views of a notebook cell */
} HtmlQuery;

struct HtmlPage {
    VEC(HtmlQuery *) queries;
};

HtmlPage *html_page_new(void)
{
    return mem_calloc(1, sizeof(HtmlPage));
}

static void query_free(HtmlQuery *q)
{
    mem_free(q->text);
    mem_free(q->file);
    buf_free(&q->lattice);
    buf_free(&q->events);
    buf_free(&q->result);
    buf_free(&q->why);
    VEC_FREE(q->held);
    VEC_FREE(q->words);
    mem_free(q);
}

void html_page_free(HtmlPage *p)
{
    if (!p) return;
    for (size_t i = 0; i < p->queries.count; i++) query_free(p->queries.items[i]);
    VEC_FREE(p->queries);
    mem_free(p);
}

size_t html_page_queries(const HtmlPage *p) { return p->queries.count; }

void html_query_begin(HtmlPage *p, const char *text, const char *file, unsigned line)
{
    html_query_end(p);
    HtmlQuery *q = mem_calloc(1, sizeof *q);
    q->text = mem_strdup(text);
    q->file = mem_strdup(file ? file : "");
    q->line = line;
    buf_init(&q->lattice);
    buf_init(&q->events);
    buf_init(&q->result);
    buf_init(&q->why);
    json_init(&q->ew, &q->events);
    json_begin_array(&q->ew);
    VEC_PUSH(p->queries, q);
}

static HtmlQuery *current(HtmlPage *p)
{
    return p->queries.count ? p->queries.items[p->queries.count - 1] : NULL;
}

/* ---- the lattice a query's view is drawn in ---- */

static void put_hasse(JsonWriter *w, const Lattice *L)
{
    Hasse h;
    Buf err;
    buf_init(&err);
    bool ok = hasse_build(&h, L, HTML_HASSE_MAX, "", &err);
    buf_free(&err);
    if (!ok) return;
    json_key(w, "hasse");
    json_begin_object(w);
    json_key(w, "elems");
    json_begin_array(w);
    for (size_t i = 0; i < h.n; i++) report_json_element(w, L, hasse_elem(&h, i));
    json_end_array(w);
    json_key(w, "covers");
    json_begin_array(w);
    for (size_t i = 0; i < h.n; i++)
        for (size_t j = 0; j < h.n; j++) {
            if (!hasse_covers(&h, i, j)) continue;
            json_begin_array(w);
            json_uint(w, i);
            json_uint(w, j);
            json_end_array(w);
        }
    json_end_array(w);
    json_end_object(w);
    hasse_free(&h);
}

/* A number line (range or real): its two ends. */
static void put_axis(JsonWriter *w, const Lattice *L)
{
    int64_t ilo, ihi;
    double dlo, dhi;
    json_begin_array(w);
    if (lattice_int_bounds(L, &ilo, &ihi)) {
        json_int(w, (long long)ilo);
        json_int(w, (long long)ihi);
    } else if (lattice_real_bounds(L, &dlo, &dhi)) {
        json_double(w, dlo);
        json_double(w, dhi);
    }
    json_end_array(w);
}

static bool is_number_line(const Lattice *L)
{
    LatticeKind k = lattice_kind(L);
    return k == LATTICE_RANGE || k == LATTICE_REAL;
}

/* A product of two number lines is drawn as the plane. */
static void put_plane(JsonWriter *w, const Lattice *L)
{
    if (lattice_kind(L) != LATTICE_PRODUCT || lattice_nparts(L) != 2) return;
    if (!is_number_line(lattice_part(L, 0)) || !is_number_line(lattice_part(L, 1))) return;
    json_key(w, "plane");
    json_begin_array(w);
    put_axis(w, lattice_part(L, 0));
    put_axis(w, lattice_part(L, 1));
    json_end_array(w);
}

static void put_atoms(JsonWriter *w, const Lattice *L)
{
    if (lattice_kind(L) != LATTICE_POWERSET) return;
    size_t n = 0;
    const char *const *names = lattice_names(L, &n);
    json_key(w, "atoms");
    json_begin_array(w);
    for (size_t i = 0; i < n; i++) json_string(w, names[i]);
    json_end_array(w);
}

static void describe_lattice(HtmlQuery *q, const Lattice *L)
{
    if (q->lattice.len || !L) return;
    JsonWriter w;
    json_init(&w, &q->lattice);
    json_begin_object(&w);
    Buf t;
    buf_init(&t);
    lattice_describe(L, &t);
    json_key_string(&w, "type", buf_cstr(&t));
    buf_free(&t);
    json_key_string(&w, "kind", lattice_kind_word(lattice_kind(L)));
    Word *x = lattice_elem_new(L);
    L->ops->bot(L, x);
    json_key(&w, "bot");
    report_json_element(&w, L, x);
    L->ops->top(L, x);
    json_key(&w, "top");
    report_json_element(&w, L, x);
    mem_free(x);
    put_hasse(&w, L);
    put_plane(&w, L);
    put_atoms(&w, L);
    json_end_object(&w);
}

/* The lattice of a result's values, or NULL. */
static const Lattice *result_lattice(const QueryResult *r)
{
    switch (r->kind) {
    case Q_SHOW: case Q_LFP: case Q_GFP:
        return r->u.value.type.kind == TY_LAT ? r->u.value.type.lat : NULL;
    case Q_APPROX: case Q_REFINE: return r->u.bound.L;
    case Q_BNB: case Q_FIXPOINTS: return r->u.bnb.L;
    default: return NULL;
    }
}

/* ---- recording ---- */

static size_t hold_words(HtmlQuery *q, const Lattice *L, const Word *x)
{
    if (!x) return SIZE_MAX;
    size_t off = q->words.count;
    for (size_t k = 0; k < L->nwords; k++) VEC_PUSH(q->words, x[k]);
    return off;
}

/* The held events into the JSON array, in order. */
static void write_held(HtmlQuery *q)
{
    for (size_t i = 0; i < q->held.count; i++) {
        HeldEvent *h = &q->held.items[i];
        h->ev.lo = h->lo == SIZE_MAX ? NULL : q->words.items + h->lo;
        h->ev.hi = h->hi == SIZE_MAX ? NULL : q->words.items + h->hi;
        report_event_object(&q->ew, h->L, &h->ev);
    }
    q->held.count = q->words.count = 0;
}

void html_query_event(HtmlPage *p, const Lattice *L, const AftEvent *ev)
{
    HtmlQuery *q = current(p);
    if (!q) return;
    describe_lattice(q, L);
    if (q->nevents == HTML_MAX_EVENTS) {
        q->omitted++;
        return;
    }
    q->nevents++;
    if (ev->verdict) {           /* rare (a judge hook's point): written now, after those held */
        write_held(q);
        report_event_object(&q->ew, L, ev);
        return;
    }
    HeldEvent h = {.L = L, .ev = *ev};
    h.lo = hold_words(q, L, ev->lo);
    h.hi = hold_words(q, L, ev->hi);
    VEC_PUSH(q->held, h);
}

void html_query_end(HtmlPage *p)
{
    HtmlQuery *q = current(p);
    if (q) write_held(q);
}

void html_query_result(HtmlPage *p, const QueryResult *r)
{
    HtmlQuery *q = current(p);
    if (!q) return;
    write_held(q);
    describe_lattice(q, result_lattice(r));
    q->view = r->kind == Q_REFINE || r->kind == Q_BNB || r->kind == Q_STABLE;
    buf_clear(&q->result);
    JsonWriter w;
    json_init(&w, &q->result);
    bool bnb = r->kind == Q_BNB || r->kind == Q_FIXPOINTS;
    if (!bnb || !r->u.bnb.final || !r->u.bnb.points) {
        report_json_object(&w, r);
        return;
    }
    /* the first HTML_MAX_BOUNDS of each list */
    QueryResult first = *r;
    BoundList final = boundlist_first(r->u.bnb.final, HTML_MAX_BOUNDS);
    BoundList points = boundlist_first(r->u.bnb.points, HTML_MAX_BOUNDS);
    q->omitted_bounds = r->u.bnb.final->count - final.count + r->u.bnb.points->count - points.count;
    first.u.bnb.final = &final;
    first.u.bnb.points = &points;
    report_json_object(&w, &first);
}

void html_query_explain(HtmlPage *p, const char *json)
{
    HtmlQuery *q = current(p);
    if (!q) return;
    write_held(q);
    buf_clear(&q->why);
    buf_puts(&q->why, json);
}

/* ---- the page ---- */

/* JSON inside the page's <script> element: every piece goes through the one escaping
 * (util/json.h), so no user text (a query, a file name, an atom) closes the element. */
static void put_script_json(Buf *out, const Buf *json)
{
    json_put_script_safe(out, json->data ? json->data : "", json->len);
}

static void put_query(Buf *out, const HtmlQuery *q)
{
    Buf b;
    buf_init(&b);
    JsonWriter w;
    json_init(&w, &b);
    json_begin_object(&w);
    json_key_string(&w, "text", q->text);
    json_key_string(&w, "file", q->file);
    json_key_uint(&w, "line", q->line);
    json_key_uint(&w, "omitted_events", q->omitted);
    if (q->omitted_bounds) json_key_uint(&w, "omitted_bounds", q->omitted_bounds);
    put_script_json(out, &b);
    buf_free(&b);
    if (q->lattice.len) {
        buf_puts(out, ",\"lattice\":");
        put_script_json(out, &q->lattice);
    }
    if (q->result.len) {
        buf_puts(out, ",\"result\":");
        put_script_json(out, &q->result);
    }
    if (q->why.len) {
        buf_puts(out, ",\"why\":");
        put_script_json(out, &q->why);
    }
    buf_puts(out, ",\"events\":");
    put_script_json(out, &q->events);
    buf_puts(out, "]}");      /* the events array is still open */
}

/* s as HTML text or inside a quoted attribute value. */
static void put_escaped_text(Buf *out, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': buf_puts(out, "&lt;"); break;
        case '>': buf_puts(out, "&gt;"); break;
        case '&': buf_puts(out, "&amp;"); break;
        case '"': buf_puts(out, "&quot;"); break;
        case '\'': buf_puts(out, "&#39;"); break;
        default: buf_putc(out, *s); break;
        }
    }
}

bool html_page_views_from(const HtmlPage *p, size_t first)
{
    for (size_t i = first; i < p->queries.count; i++)
        if (p->queries.items[i]->view) return true;
    return false;
}

void html_page_write(const HtmlPage *p, const char *title, Buf *out)
{
    html_page_write_from(p, 0, title, out);
}

void html_page_write_from(const HtmlPage *p, size_t first, const char *title, Buf *out)
{
    buf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                  "<title>fix: ");
    put_escaped_text(out, title);
    buf_puts(out, "</title>\n<style>\n");
    buf_puts(out, html_page_style);
    buf_puts(out, "</style>\n</head>\n<body>\n<header><h1>fix: ");
    put_escaped_text(out, title);
    buf_puts(out, "</h1></header>\n<main id=\"queries\"></main>\n"
                  "<script type=\"application/json\" id=\"fix-data\">\n{\"queries\":[");
    for (size_t i = first; i < p->queries.count; i++) {
        if (i > first) buf_puts(out, ",\n");
        put_query(out, p->queries.items[i]);
    }
    buf_puts(out, "]}\n</script>\n<script>\n");
    buf_puts(out, html_page_script);
    buf_puts(out, "</script>\n</body>\n</html>\n");
}
