/* why_bnb.c: the explanation of a bnb query from its record (why_build.h): the search tree,
 * each node with its fate and the reason for it: the IR of its bound and what it gave; a
 * pruned node, the F step whose iterate left the bound or whose ends crossed (Lemma 5.3) or
 * the IR that is not inside it (Lemma 5.4), or the evaluation of f that moves its one point;
 * a fixed point, the evaluation f(x) = x that proves it. */
#include "app/why_build.h"

#include "report/report.h"

/* What the record says of one node (indices into log->recs / log->events, WHY_NONE: none). */
typedef struct WhyNode {
    long id, parent;
    NodeStatus status;
    size_t ev;                   /* its last EV_BNB_SPLIT */
    size_t ir, f, fail, outside, eval;
    size_t steps;                /* F steps of its IR */
    bool final;
    long merged_with;            /* paper's Merge: the sibling it was merged with, or -1 */
    long hulled_with;            /* the budget: the node whose hull replaced both, or -1 */
    size_t hull;                 /* that EV_BNB_HULL event */
    VEC(size_t) kids;            /* node indices */
} WhyNode;

typedef struct Tree {
    const WhyLog *log;
    const WhyQuery *q;
    VEC(WhyNode) nodes;
    VEC(size_t) at;              /* id -> index + 1 (0: none) */
    size_t shown;
} Tree;

static WhyNode *node_of(Tree *t, long id)
{
    if (id < 0) return NULL;
    size_t i = (size_t)id;
    while (t->at.count <= i) VEC_PUSH(t->at, 0);
    if (!t->at.items[i]) {
        WhyNode n = {.id = id, .parent = -1, .status = NODE_KEPT, .ev = WHY_NONE, .ir = WHY_NONE, .merged_with = -1, .hulled_with = -1, .hull = WHY_NONE,
                     .f = WHY_NONE, .fail = WHY_NONE, .outside = WHY_NONE, .eval = WHY_NONE};
        VEC_PUSH(t->nodes, n);
        t->at.items[i] = t->nodes.count;
    }
    return &t->nodes.items[t->at.items[i] - 1];
}

/* The events: each node's fate and parent, in the order the search met them. */
static void read_events(Tree *t)
{
    const WhyLog *log = t->log;
    for (size_t i = 0; i < log->events.count; i++) {
        const WhyEv *e = &log->events.items[i];
        WhyNode *n = node_of(t, e->id);
        if (!n) continue;
        if (e->kind == EV_BNB_FINAL) { n->final = true; continue; }
        if (e->kind == EV_BNB_HULL && e->other >= 0) {
            n->hulled_with = e->other;
            n->hull = i;
            WhyNode *o = node_of(t, e->other);
            o->hulled_with = e->id;
            o->hull = i;
            continue;
        }
        if (e->kind == EV_BNB_MERGE && e->other >= 0) {
            n->merged_with = e->other;
            node_of(t, e->other)->merged_with = e->id;
            continue;
        }
        if (e->kind != EV_BNB_SPLIT) continue;
        if (e->parent >= 0 && n->ev == WHY_NONE) n->parent = e->parent;
        n->status = e->status;
        n->ev = i;
    }
}

/* The records: each node's IR, its last F step, what pruned it, the evaluations of f. */
static void read_records(Tree *t)
{
    const WhyLog *log = t->log;
    WhyNode *cur = NULL;
    for (size_t i = 0; i < log->recs.count; i++) {
        const WhyRec *r = &log->recs.items[i];
        if (r->kind == WHY_IR || r->kind == WHY_NOT_INSIDE || r->kind == WHY_EVAL) {
            WhyNode *n = node_of(t, r->node);
            if (r->kind == WHY_IR) cur = n;
            if (!n) continue;
            if (r->kind == WHY_IR) { n->ir = i; n->f = n->fail = WHY_NONE; n->steps = r->step; }
            else if (r->kind == WHY_NOT_INSIDE) n->outside = i;
            else if (n->eval == WHY_NONE || r->node >= 0) n->eval = i;
            continue;
        }
        if (!cur) continue;
        if (r->kind == WHY_F) cur->f = i;
        if (r->kind == WHY_F && r->step > cur->steps) cur->steps = r->step;
        if (!r->ok || r->kind == WHY_CROSS) cur->fail = i;
    }
}

static void link_kids(Tree *t)
{
    for (size_t i = 0; i < t->nodes.count; i++) {
        WhyNode *n = &t->nodes.items[i];
        if (n->parent < 0 || n->parent == n->id) continue;
        WhyNode *p = node_of(t, n->parent);
        n = &t->nodes.items[i];          /* node_of may have moved the array */
        VEC_PUSH(p->kids, i);
    }
}

/* "f(x) = e" of an evaluation record. */
static void put_eval(const Tree *t, const WhyRec *r, Buf *b)
{
    buf_printf(b, "%s(", t->q->fn);
    why_put(t->log->L, why_words(t->log, r->x), b);
    buf_puts(b, ") = ");
    why_put(t->log->L, why_words(t->log, r->env), b);
}

/* Why node n was pruned, as text after "pruned: " and details under it. */
static void pruned_reason(const Tree *t, const WhyNode *n, Buf *b, WhyItem *it)
{
    const WhyLog *log = t->log;
    if (n->fail != WHY_NONE) {
        const WhyRec *r = &log->recs.items[n->fail];
        size_t step = 1;
        for (size_t i = n->ir; i < n->fail; i++) step += log->recs.items[i].kind == WHY_F;
        buf_printf(b, "F step %zu of its IR, on ", step);
        lattice_print_interval(log->L, why_words(log, r->lo), why_words(log, r->hi), b);
        buf_puts(b, r->kind == WHY_CROSS ? ", is not an interval (Lemma 5.3)"
                 : r->kind == WHY_CONTRACT ? ", finds no fixed point (interval Newton)"
                 : ", is not inside it (Lemma 5.4)");
        why_item_int(it, "f_step", (long long)step);
        why_fail_item(log, t->q, r, true, it);
    } else if (n->outside != WHY_NONE) {
        const WhyRec *r = &log->recs.items[n->outside];
        buf_puts(b, "its IR ");
        lattice_print_interval(log->L, why_words(log, r->x), why_words(log, r->y), b);
        buf_puts(b, " is not inside it, so it holds no fixed point (Lemma 5.4)");
        why_item_str(it, "lemma", "5.4");
        why_item_str(it, "reason", "not contained");
    } else if (n->eval != WHY_NONE) {
        const WhyRec *r = &log->recs.items[n->eval];
        buf_puts(b, "its one point is not fixed: ");
        put_eval(t, r, b);
        why_item_elem(it, "point", log->L, why_words(log, r->x));
        why_item_elem(it, "value", log->L, why_words(log, r->env));
        why_item_str(it, "reason", "moved");
    } else {
        buf_puts(b, "the interval evaluation of f shows it moves every point of this box");
        why_item_str(it, "reason", "judged");
    }
}

/* What the interval evaluation proved of a box of reals (the judge's verdict). */
static const char *verdict_text(VerdictKind v)
{
    switch (v) {
    case VERDICT_FIXED: return "f fixes a point of it exactly (interval evaluation)";
    case VERDICT_UNIQUE: return "proved to hold exactly one fixed point (Krawczyk's interval Newton test)";
    case VERDICT_ENCLOSED: return "proved to hold a fixed point (an outward-rounded evaluation at its ends shows it)";
    case VERDICT_NEAR: return "f moves it by at most the tolerance: not proved";
    case VERDICT_NONE: return "f moves every point of it";
    }
    return "?";
}

/* Why node n has its status, appended to b (details under it). */
static void node_reason(const Tree *t, const WhyNode *n, Buf *b, WhyItem *it)
{
    const WhyLog *log = t->log;
    const Lattice *L = log->L;
    if (n->status == NODE_PRUNED) {
        buf_puts(b, ": pruned: ");
        pruned_reason(t, n, b, it);
        return;
    }
    if (n->status == NODE_FIXPOINT && n->eval != WHY_NONE) {
        const WhyRec *r = &log->recs.items[n->eval];
        bool exact = L->ops->eq(L, why_words(log, r->x), why_words(log, r->env));
        int v = n->ev != WHY_NONE ? log->events.items[n->ev].verdict : -1;
        buf_printf(b, ": fixed point, %s ", exact ? "proved by" : "within the tolerance:");
        put_eval(t, r, b);
        if (v >= 0) buf_printf(b, "; %s", verdict_text((VerdictKind)v));
        why_item_elem(it, "point", L, why_words(log, r->x));
        why_item_elem(it, "value", L, why_words(log, r->env));
        return;
    }
    buf_printf(b, ": %s", report_status_name(n->status));
    bool enumerated = n->kids.count && t->nodes.items[n->kids.items[0]].ir == WHY_NONE;
    if (n->status == NODE_KEPT && enumerated)
        buf_puts(b, ", enumerated: f evaluated on each of its elements, the ones it fixes below, "
                 "the others dropped (policy isolate)");
    else if (n->status == NODE_KEPT && n->kids.count) buf_puts(b, ", split");
    if (n->hulled_with >= 0 && n->hull != WHY_NONE && log->EL == L) {
        const WhyEv *h = &log->events.items[n->hull];
        buf_printf(b, ", replaced with node %ld by their hull ", n->hulled_with);
        lattice_print_interval(L, why_ewords(log, h->lo), why_ewords(log, h->hi), b);
        buf_puts(b, " (the budget: the pair whose hull adds the fewest elements)");
    }
    if (n->status == NODE_MERGED && n->merged_with >= 0)
        buf_printf(b, " with node %ld (their union is an interval: paper's Merge)", n->merged_with);
    if (n->final && n->status != NODE_FINAL)
        buf_puts(b, n->hulled_with >= 0 ? ", and the hull to Final" : ", then to Final as it is");
}

/* The bound a node is shown with: its IR's result when it has one, else its event's. */
static void put_node_bound(const Tree *t, const WhyNode *n, Buf *b, WhyItem *it)
{
    const WhyLog *log = t->log;
    const Lattice *L = log->L;
    if (n->ir != WHY_NONE) {
        const WhyRec *r = &log->recs.items[n->ir];
        lattice_print_interval(L, why_words(log, r->lo), why_words(log, r->hi), b);
        why_item_elem(it, "lo", L, why_words(log, r->lo));
        why_item_elem(it, "hi", L, why_words(log, r->hi));
        if (n->f != WHY_NONE && n->status != NODE_PRUNED) {
            const WhyRec *f = &log->recs.items[n->f];
            buf_printf(b, ", IR in %zu F step%s: ", n->steps, n->steps == 1 ? "" : "s");
            lattice_print_interval(L, why_words(log, f->x), why_words(log, f->y), b);
            why_item_elem(it, "ir_lo", L, why_words(log, f->x));
            why_item_elem(it, "ir_hi", L, why_words(log, f->y));
        }
    } else if (n->eval != WHY_NONE) {
        const WhyRec *r = &log->recs.items[n->eval];
        lattice_print_interval(L, why_words(log, r->x), why_words(log, r->x), b);
    } else if (n->ev != WHY_NONE && log->EL == L) {
        const WhyEv *e = &log->events.items[n->ev];
        lattice_print_interval(L, why_ewords(log, e->lo), why_ewords(log, e->hi), b);
    }
}

static void node_item(Tree *t, size_t index, WhyItem *parent)
{
    size_t max = t->q->max_nodes ? t->q->max_nodes : WHY_TEXT_NODES;
    if (t->shown++ == max) {
        WhyItem *more = why_item_new(parent, "more");
        more->text = mem_strdup("... (more nodes not shown)");
    }
    if (t->shown > max) return;
    WhyNode n = t->nodes.items[index];
    WhyItem *it = why_item_new(parent, "node");
    Buf b;
    buf_init(&b);
    buf_printf(&b, "node %ld", n.id);
    if (n.parent >= 0 && n.ir == WHY_NONE) buf_printf(&b, " (an element of node %ld)", n.parent);
    else if (n.parent >= 0) buf_printf(&b, " (half of node %ld)", n.parent);
    else if (n.id == 0) buf_printf(&b, " (the start interval, %s)", t->q->from);
    buf_puts(&b, " ");
    why_item_int(it, "id", n.id);
    why_item_int(it, "parent", n.parent);
    why_item_str(it, "status", report_status_name(n.status));
    put_node_bound(t, &n, &b, it);
    node_reason(t, &n, &b, it);
    why_item_set_text(it, &b);
    buf_free(&b);
    for (size_t k = 0; k < n.kids.count; k++) node_item(t, n.kids.items[k], it);
}

bool why_bnb(const WhyLog *log, const WhyQuery *q, WhyItem *root)
{
    if (!log->L) return false;
    Tree t = {.log = log, .q = q};
    read_events(&t);
    read_records(&t);
    link_kids(&t);
    for (size_t i = 0; i < t.nodes.count; i++)
        if (t.nodes.items[i].parent < 0) node_item(&t, i, root);
    Buf b;
    buf_init(&b);
    WhyItem *env = why_item_new(root, "envelope");
    buf_printf(&b, "envelopes: %s", q->envelope);
    why_item_set_text(env, &b);
    buf_free(&b);
    for (size_t i = 0; i < t.nodes.count; i++) VEC_FREE(t.nodes.items[i].kids);
    VEC_FREE(t.nodes);
    VEC_FREE(t.at);
    return true;
}
