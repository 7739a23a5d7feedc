/* dot.c: Graphviz output: Hasse diagrams of small finite lattices and branch-and-bound trees. */
#include <math.h>
#include <stdio.h>

#include "report/dot.h"
#include "util/mem.h"

/* ---- text helpers ---- */

/* Fill colours for bounds, cycled when there are more bounds than colours. */
static const char *const bound_colours[] = {
    "#a6cee3", "#fdbf6f", "#b2df8a", "#fb9a99", "#cab2d6", "#ffff99", "#8dd3c7", "#d9d9d9",
};
#define FIXPOINT_COLOUR "#7fd37f"
#define LEGEND_MAX_ROWS 16

void dot_put_string(Buf *out, const char *s)
{
    buf_putc(out, '"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            buf_putc(out, '\\');
            buf_putc(out, (char)*p);
        } else if (*p == '\n') {
            buf_puts(out, "\\n");
        } else if (*p < 0x20 || *p == 0x7f) {
            buf_putc(out, ' ');
        } else {
            buf_putc(out, (char)*p);
        }
    }
    buf_putc(out, '"');
}

/* s as text inside an HTML-like label. */
static void put_html(Buf *out, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        switch (*p) {
        case '&': buf_puts(out, "&amp;"); break;
        case '<': buf_puts(out, "&lt;"); break;
        case '>': buf_puts(out, "&gt;"); break;
        case '"': buf_puts(out, "&quot;"); break;
        default: buf_putc(out, *p < 0x20 || *p == 0x7f ? ' ' : (char)*p); break;
        }
    }
}

/* Cuts b to at most max bytes (not inside a UTF-8 sequence), ending in "..." when cut. */
static void truncate_text(Buf *b, size_t max)
{
    if (b->len <= max || max < 4) return;
    size_t keep = max - 3;
    while (keep > 0 && ((unsigned char)b->data[keep] & 0xc0) == 0x80) keep--;
    b->len = keep;
    buf_puts(b, "...");
}

/* The print text of element a, cut to max bytes, appended to out. */
static void put_elem_text(const Lattice *L, const Word *a, size_t max, Buf *out)
{
    Buf t;
    buf_init(&t);
    L->ops->print(L, a, &t);
    truncate_text(&t, max);
    buf_puts(out, buf_cstr(&t));
    buf_free(&t);
}

/* "[lo .. hi]" with each end cut so the whole stays near DOT_LABEL_MAX bytes. */
static char *interval_label(const Lattice *L, const Word *lo, const Word *hi)
{
    Buf b;
    buf_init(&b);
    buf_putc(&b, '[');
    put_elem_text(L, lo, DOT_LABEL_MAX / 2 - 3, &b);
    buf_puts(&b, " .. ");
    put_elem_text(L, hi, DOT_LABEL_MAX / 2 - 3, &b);
    buf_putc(&b, ']');
    char *s = mem_strdup(buf_cstr(&b));
    buf_free(&b);
    return s;
}

static void put_graph_header(Buf *out, const char *name, const char *title)
{
    buf_printf(out, "digraph %s {\n", name);
    buf_puts(out, "  graph [fontname=\"Helvetica\"");
    if (title) {
        buf_puts(out, ", labelloc=t, label=");
        dot_put_string(out, title);
    }
    buf_puts(out, "];\n  node [fontname=\"Helvetica\", fontsize=10];\n");
    buf_puts(out, "  edge [fontname=\"Helvetica\", fontsize=9];\n");
}

/* ---- Hasse diagrams ---- */

typedef struct Hasse {
    const Lattice *L;
    size_t n;
    Word *elems;              /* n elements, L->nwords words each */
    bool *leq;                /* n * n: leq[i * n + j] = elem i <= elem j */
} Hasse;

static const Word *hasse_elem(const Hasse *h, size_t i) { return h->elems + i * h->L->nwords; }

static bool hasse_refuse(const Lattice *L, Buf *err)
{
    if (!L->finite || !L->ops->next || !isfinite(L->log2_card)) {
        buf_puts(err, "dot: a Hasse diagram needs a finite lattice");
        return true;
    }
    if (L->log2_card > log2((double)DOT_HASSE_MAX) + 1e-9) {
        buf_puts(err, "dot: the lattice has ");
        lattice_print_log2_size(L->log2_card, err);
        buf_printf(err, " elements; a Hasse diagram is drawn for at most %d", DOT_HASSE_MAX);
        return true;
    }
    return false;
}

/* Enumerates L from bot to top into h; false (message in err) above DOT_HASSE_MAX. */
static bool hasse_enumerate(Hasse *h, Buf *err)
{
    const Lattice *L = h->L;
    size_t w = L->nwords;
    Word *bot = lattice_elem_new(L), *top = lattice_elem_new(L), *cur = lattice_elem_new(L);
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    lattice_copy(L, cur, bot);
    h->elems = mem_alloc((DOT_HASSE_MAX + 1) * (w ? w : 1) * sizeof(Word));
    bool ok = true;
    do {
        if (h->n == DOT_HASSE_MAX) {
            buf_printf(err, "dot: the lattice has more than %d elements", DOT_HASSE_MAX);
            ok = false;
            break;
        }
        memcpy(h->elems + h->n++ * w, cur, w * sizeof(Word));
    } while (L->ops->next(L, bot, top, cur));
    mem_free(bot);
    mem_free(top);
    mem_free(cur);
    return ok;
}

static void hasse_order(Hasse *h)
{
    size_t n = h->n;
    h->leq = mem_alloc(n * n * sizeof *h->leq);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            h->leq[i * n + j] = h->L->ops->leq(h->L, hasse_elem(h, i), hasse_elem(h, j));
}

static bool hasse_less(const Hasse *h, size_t i, size_t j)
{
    return i != j && h->leq[i * h->n + j] && !h->leq[j * h->n + i];
}

/* j covers i: i < j with nothing strictly between. */
static bool hasse_covers(const Hasse *h, size_t i, size_t j)
{
    if (!hasse_less(h, i, j)) return false;
    for (size_t k = 0; k < h->n; k++)
        if (hasse_less(h, i, k) && hasse_less(h, k, j)) return false;
    return true;
}

static bool in_any_point(const Lattice *L, const BoundList *b, const Word *x)
{
    for (size_t i = 0; b && i < b->count; i++)
        if (lattice_in_interval(L, x, boundlist_lo(b, i), boundlist_hi(b, i))) return true;
    return false;
}

/* The fill colours of x (one per bound holding it, colon separated); returns how many. */
static size_t bound_fill(const Lattice *L, const BoundList *bounds, const Word *x, Buf *fill)
{
    size_t found = 0;
    for (size_t i = 0; bounds && i < bounds->count; i++) {
        if (!lattice_in_interval(L, x, boundlist_lo(bounds, i), boundlist_hi(bounds, i)))
            continue;
        if (found++) buf_putc(fill, ':');
        buf_puts(fill, bound_colours[i % FIX_ARRAY_LEN(bound_colours)]);
    }
    return found;
}

static void hasse_node(const Hasse *h, size_t i, const BoundList *bounds,
                       const BoundList *fixpoints, Buf *out)
{
    const Word *x = hasse_elem(h, i);
    Buf t;
    buf_init(&t);
    put_elem_text(h->L, x, DOT_LABEL_MAX, &t);
    buf_printf(out, "  e%zu [label=", i);
    dot_put_string(out, buf_cstr(&t));
    buf_clear(&t);
    bool fixed = in_any_point(h->L, fixpoints, x);
    size_t colours = bound_fill(h->L, bounds, x, &t);
    if (fixed) buf_puts(out, ", shape=doublecircle");
    if (colours || fixed) {
        buf_printf(out, ", style=%s, fillcolor=\"%s\"", colours > 1 ? "wedged" : "filled",
                   colours ? buf_cstr(&t) : FIXPOINT_COLOUR);
    }
    buf_puts(out, "];\n");
    buf_free(&t);
}

static void legend_row(Buf *out, const char *colour, const char *text)
{
    buf_printf(out, "    <TR><TD BGCOLOR=\"%s\" WIDTH=\"16\"> </TD><TD ALIGN=\"LEFT\">",
               colour);
    put_html(out, text);
    buf_puts(out, "</TD></TR>\n");
}

/* A table node explaining the colours and the double circles. */
static void hasse_legend(const Lattice *L, const BoundList *bounds, const BoundList *fixpoints,
                         Buf *out)
{
    size_t nb = bounds ? bounds->count : 0, nf = fixpoints ? fixpoints->count : 0;
    if (!nb && !nf) return;
    buf_puts(out, "  legend [shape=plaintext, label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" "
                  "CELLSPACING=\"0\" CELLPADDING=\"3\">\n");
    for (size_t i = 0; i < nb && i < LEGEND_MAX_ROWS; i++) {
        char *iv = interval_label(L, boundlist_lo(bounds, i), boundlist_hi(bounds, i));
        Buf t;
        buf_init(&t);
        buf_printf(&t, "bound %zu: %s", i + 1, iv);
        legend_row(out, bound_colours[i % FIX_ARRAY_LEN(bound_colours)], buf_cstr(&t));
        buf_free(&t);
        mem_free(iv);
    }
    if (nb > LEGEND_MAX_ROWS) {
        char more[64];
        snprintf(more, sizeof more, "... %zu more bounds", nb - LEGEND_MAX_ROWS);
        legend_row(out, "white", more);
    }
    if (nf) legend_row(out, FIXPOINT_COLOUR, "double circle: fixed point");
    buf_puts(out, "  </TABLE>>];\n");
}

bool dot_hasse(const Lattice *L, const BoundList *bounds, const BoundList *fixpoints,
               const char *title, Buf *out, Buf *err)
{
    if (hasse_refuse(L, err)) return false;
    Hasse h = {.L = L};
    bool ok = hasse_enumerate(&h, err);
    if (ok) {
        hasse_order(&h);
        put_graph_header(out, "hasse", title);
        buf_puts(out, "  graph [rankdir=BT];\n  edge [dir=none];\n");
        for (size_t i = 0; i < h.n; i++) hasse_node(&h, i, bounds, fixpoints, out);
        for (size_t i = 0; i < h.n; i++)
            for (size_t j = 0; j < h.n; j++)
                if (hasse_covers(&h, i, j)) buf_printf(out, "  e%zu -> e%zu;\n", i, j);
        hasse_legend(L, bounds, fixpoints, out);
        buf_puts(out, "}\n");
    }
    mem_free(h.elems);
    mem_free(h.leq);
    return ok;
}

/* ---- branch-and-bound trees ---- */

typedef enum { TN_BOUND, TN_MERGE, TN_HULL } TreeNodeKind;
typedef enum { TE_SPLIT, TE_PRUNED, TE_MERGE, TE_HULL } TreeEdgeKind;

typedef struct TreeNode {
    char name[32];
    char *label;
    TreeNodeKind kind;
    NodeStatus status;
    bool final;
    size_t round;
} TreeNode;

typedef struct TreeEdge { size_t from, to; TreeEdgeKind kind; } TreeEdge;

struct DotTree {
    const Lattice *L;
    char *title;
    VEC(TreeNode) nodes;
    VEC(TreeEdge) edges;
    VEC(size_t) rep;           /* event id -> 1 + index of the node that stands for it, 0: none */
    size_t omitted;            /* events not drawn after DOT_TREE_MAX_NODES */
    size_t rounds, hulls;
};

DotTree *dot_tree_new(const Lattice *L, const char *title)
{
    DotTree *t = mem_calloc(1, sizeof *t);
    t->L = L;
    t->title = title ? mem_strdup(title) : NULL;
    return t;
}

void dot_tree_free(DotTree *t)
{
    if (!t) return;
    for (size_t i = 0; i < t->nodes.count; i++) mem_free(t->nodes.items[i].label);
    VEC_FREE(t->nodes);
    VEC_FREE(t->edges);
    VEC_FREE(t->rep);
    mem_free(t->title);
    mem_free(t);
}

/* Index + 1 of the node standing for event id (0: none). */
static size_t tree_rep(const DotTree *t, long id)
{
    if (id < 0 || (size_t)id >= t->rep.count) return 0;
    return t->rep.items[id];
}

static void tree_set_rep(DotTree *t, long id, size_t node)
{
    if (id < 0) return;
    while (t->rep.count <= (size_t)id) VEC_PUSH(t->rep, 0);
    t->rep.items[id] = node + 1;
}

/* Adds a node called prefix + id for [lo, hi] (a suffix keeps a repeated bound id unique);
 * SIZE_MAX when the tree is full. */
static size_t tree_add_node(DotTree *t, TreeNodeKind kind, const char *prefix, long id,
                            const AftEvent *ev)
{
    if (t->nodes.count >= DOT_TREE_MAX_NODES) {
        t->omitted++;
        return SIZE_MAX;
    }
    TreeNode n = {.kind = kind, .status = ev->status, .round = ev->round};
    size_t idx = t->nodes.count;
    if (id >= 0 && !(kind == TN_BOUND && tree_rep(t, id)))
        snprintf(n.name, sizeof n.name, "%s%ld", prefix, id);
    else
        snprintf(n.name, sizeof n.name, "%s%ld_%zu", prefix, id < 0 ? 0 : id, idx);
    n.label = interval_label(t->L, ev->lo, ev->hi);
    VEC_PUSH(t->nodes, n);
    return idx;
}

static void tree_add_edge(DotTree *t, size_t from1, size_t to, TreeEdgeKind kind)
{
    if (!from1 || to == SIZE_MAX) return;     /* from1: index + 1, 0 when not drawn */
    VEC_PUSH(t->edges, ((TreeEdge){from1 - 1, to, kind}));
}

static void tree_on_split(DotTree *t, const AftEvent *ev)
{
    size_t parent = tree_rep(t, ev->parent);
    size_t idx = tree_add_node(t, TN_BOUND, "b", ev->id, ev);
    if (ev->round > t->rounds) t->rounds = ev->round;
    if (idx == SIZE_MAX) return;
    tree_set_rep(t, ev->id, idx);
    tree_add_edge(t, parent, idx, ev->status == NODE_PRUNED ? TE_PRUNED : TE_SPLIT);
}

/* A merge or hull: a new node both sources point into; it stands for ev->id from now on. */
static void tree_on_join(DotTree *t, const AftEvent *ev, TreeNodeKind kind)
{
    size_t a = tree_rep(t, ev->id), b = tree_rep(t, ev->other);
    long name_id = kind == TN_MERGE ? ev->id : (long)t->hulls++;
    size_t idx = tree_add_node(t, kind, kind == TN_MERGE ? "m" : "h", name_id, ev);
    if (idx == SIZE_MAX) return;
    t->nodes.items[idx].status = NODE_KEPT;
    TreeEdgeKind ek = kind == TN_MERGE ? TE_MERGE : TE_HULL;
    tree_add_edge(t, a, idx, ek);
    tree_add_edge(t, b, idx, ek);
    tree_set_rep(t, ev->id, idx);
}

static void tree_on_final(DotTree *t, const AftEvent *ev)
{
    size_t n = tree_rep(t, ev->id);
    if (!n) {
        size_t idx = tree_add_node(t, TN_BOUND, "f", ev->id, ev);
        if (idx == SIZE_MAX) return;
        n = idx + 1;
    }
    t->nodes.items[n - 1].final = true;
}

void dot_tree_event(void *tree, const AftEvent *ev)
{
    DotTree *t = tree;
    switch (ev->kind) {
    case EV_BNB_ROUND: t->rounds = ev->round; break;
    case EV_BNB_SPLIT: tree_on_split(t, ev); break;
    case EV_BNB_MERGE: tree_on_join(t, ev, TN_MERGE); break;
    case EV_BNB_HULL: tree_on_join(t, ev, TN_HULL); break;
    case EV_BNB_FINAL: tree_on_final(t, ev); break;
    case EV_REFINE_STEP: break;
    }
}

/* Shape and style attributes of a node by its kind and fate. */
static void tree_node_style(const TreeNode *n, Buf *out)
{
    if (n->status == NODE_FIXPOINT && n->kind == TN_BOUND)
        buf_printf(out, ", shape=doubleoctagon, style=\"filled%s\", color=darkgreen, "
                        "fillcolor=\"" FIXPOINT_COLOUR "\"", n->final ? ",bold" : "");
    else if (n->final || n->status == NODE_FINAL)
        buf_puts(out, ", shape=box, style=bold, penwidth=2");
    else if (n->kind == TN_MERGE)
        buf_puts(out, ", style=filled, fillcolor=\"#cfe3f7\", color=blue");
    else if (n->kind == TN_HULL)
        buf_puts(out, ", shape=hexagon, style=filled, fillcolor=\"#fde0bf\", color=darkorange");
    else if (n->status == NODE_PRUNED)
        buf_puts(out, ", style=dashed, color=grey, fontcolor=grey");
    else if (n->status == NODE_MERGED)
        buf_puts(out, ", color=blue");
}

static void tree_write_node(const TreeNode *n, Buf *out)
{
    buf_printf(out, "  %s [label=", n->name);
    dot_put_string(out, n->label);
    tree_node_style(n, out);
    buf_puts(out, "];\n");
}

static void tree_write_edge(const DotTree *t, const TreeEdge *e, Buf *out)
{
    static const char *const style[] = {
        [TE_SPLIT] = "",
        [TE_PRUNED] = " [style=dashed, color=grey]",
        [TE_MERGE] = " [color=blue]",
        [TE_HULL] = " [style=dashed, color=darkorange, label=\"hull\"]",
    };
    buf_printf(out, "  %s -> %s%s;\n", t->nodes.items[e->from].name, t->nodes.items[e->to].name,
               style[e->kind]);
}

/* Bound nodes created in one round share a rank. */
static void tree_write_ranks(const DotTree *t, Buf *out)
{
    for (size_t r = 0; r <= t->rounds; r++) {
        bool open = false;
        for (size_t i = 0; i < t->nodes.count; i++) {
            const TreeNode *n = &t->nodes.items[i];
            if (n->kind != TN_BOUND || n->round != r) continue;
            if (!open) buf_printf(out, "  { rank=same; /* round %zu */", r);
            open = true;
            buf_printf(out, " %s;", n->name);
        }
        if (open) buf_puts(out, " }\n");
    }
}

void dot_tree_write(const DotTree *t, Buf *out)
{
    put_graph_header(out, "bnb", t->title);
    buf_puts(out, "  graph [rankdir=TB];\n");
    for (size_t i = 0; i < t->nodes.count; i++) tree_write_node(&t->nodes.items[i], out);
    for (size_t i = 0; i < t->edges.count; i++) tree_write_edge(t, &t->edges.items[i], out);
    tree_write_ranks(t, out);
    if (t->omitted)
        buf_printf(out, "  omitted [shape=note, label=\"%zu more nodes not drawn\"];\n",
                   t->omitted);
    buf_puts(out, "}\n");
}
