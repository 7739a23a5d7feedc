/* dot_tree.c: the branch-and-bound tree of one run as Graphviz, built from the engine's
 * events: a title, a legend, what each split decided on its edge, chains of single splits
 * collapsed, and merged or Final points that hold a proven fixed point drawn as fixed points. */
#include <stdio.h>

#include "report/dot.h"
#include "util/bitset.h"
#include "util/mem.h"

typedef enum { TN_BOUND, TN_MERGE, TN_HULL } TreeNodeKind;
typedef enum { TE_SPLIT, TE_PRUNED, TE_MERGE, TE_HULL } TreeEdgeKind;

typedef struct TreeNode {
    char name[32];
    char *label;
    Word *bound;             /* lo then hi */
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

void dot_tree_set_title(DotTree *t, const char *title)
{
    mem_free(t->title);
    t->title = title ? mem_strdup(title) : NULL;
}

void dot_tree_free(DotTree *t)
{
    if (!t) return;
    for (size_t i = 0; i < t->nodes.count; i++) {
        mem_free(t->nodes.items[i].label);
        mem_free(t->nodes.items[i].bound);
    }
    VEC_FREE(t->nodes);
    VEC_FREE(t->edges);
    VEC_FREE(t->rep);
    mem_free(t->title);
    mem_free(t);
}

static const Word *node_lo(const DotTree *t, size_t i) { return t->nodes.items[i].bound; }
static const Word *node_hi(const DotTree *t, size_t i) { return t->nodes.items[i].bound + t->L->nwords; }

/* ---- building from events ---- */

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
    /* a box of reals the judge left unproved is drawn as what it is: a bound of Final */
    bool near = ev->verdict && ev->verdict->kind == VERDICT_NEAR;
    TreeNode n = {.kind = kind, .status = near ? NODE_FINAL : ev->status, .round = ev->round};
    size_t idx = t->nodes.count;
    if (id >= 0 && !(kind == TN_BOUND && tree_rep(t, id)))
        snprintf(n.name, sizeof n.name, "%s%ld", prefix, id);
    else
        snprintf(n.name, sizeof n.name, "%s%ld_%zu", prefix, id < 0 ? 0 : id, idx);
    n.label = dot_interval_label(t->L, ev->lo, ev->hi);
    size_t w = t->L->nwords;
    n.bound = mem_alloc((w ? 2 * w : 1) * sizeof(Word));
    memcpy(n.bound, ev->lo, w * sizeof(Word));
    memcpy(n.bound + w, ev->hi, w * sizeof(Word));
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

/* ---- what a split decided: the label of an edge ---- */

typedef struct Decided { Buf *out; size_t shown, more; } Decided;

static void decided_add(Decided *d, const char *text)
{
    if (d->shown == 3) { d->more++; return; }
    if (d->shown++) buf_puts(d->out, ", ");
    buf_puts(d->out, text);
}

/* Atoms of a powerset now certainly in (+a) or out (-a). */
static void decided_atoms(const Lattice *L, const Word *plo, const Word *phi, const Word *clo,
                          const Word *chi, Decided *d)
{
    size_t n = lattice_name_count(L);
    char text[80];
    for (size_t i = 0; i < n; i++) {
        const char *name = lattice_atom_name(L, i);
        if (!bitset_has(plo, i) && bitset_has(clo, i)) {
            snprintf(text, sizeof text, "+%s", name);
            decided_add(d, text);
        } else if (bitset_has(phi, i) && !bitset_has(chi, i)) {
            snprintf(text, sizeof text, "-%s", name);
            decided_add(d, text);
        }
    }
}

/* One number (the whole lattice, or part `name` of a product) that moved: "x1 <= 0.5". */
static void decided_number(const Lattice *P, const char *name, const Word *plo, const Word *phi,
                           const Word *clo, const Word *chi, Decided *d)
{
    const char *ops[2] = { " >= ", " <= " };
    const Word *p[2] = { plo, phi }, *c[2] = { clo, chi };
    for (int k = 0; k < 2; k++) {
        if (P->ops->eq(P, p[k], c[k])) continue;
        char *v = lattice_to_string(P, c[k]);
        Buf t;
        buf_init(&t);
        buf_printf(&t, "%s%s%s", name, ops[k], v);
        decided_add(d, buf_cstr(&t));
        buf_free(&t);
        mem_free(v);
    }
}

static bool is_number(const Lattice *L)
{
    return lattice_kind(L) == LATTICE_RANGE || lattice_kind(L) == LATTICE_REAL;
}

/* The edge label from node `from` to node `to` (empty when the kind says nothing short). */
static void split_label(const DotTree *t, size_t from, size_t to, Buf *out)
{
    const Lattice *L = t->L;
    Decided d = { out, 0, 0 };
    const Word *plo = node_lo(t, from), *phi = node_hi(t, from);
    const Word *clo = node_lo(t, to), *chi = node_hi(t, to);
    if (lattice_kind(L) == LATTICE_POWERSET) {
        decided_atoms(L, plo, phi, clo, chi, &d);
    } else if (is_number(L)) {
        decided_number(L, "x", plo, phi, clo, chi, &d);
    } else if (lattice_kind(L) == LATTICE_PRODUCT) {
        for (size_t k = 0; k < lattice_nparts(L); k++) {
            const Lattice *P = lattice_part(L, k);
            size_t off = lattice_part_offset(L, k);
            if (!is_number(P)) continue;
            char name[24];
            snprintf(name, sizeof name, "x%zu", k + 1);
            decided_number(P, name, plo + off, phi + off, clo + off, chi + off, &d);
        }
    }
    if (d.more) buf_printf(out, ", %zu more", d.more);
}

/* ---- writing ---- */

/* What the writer works out before drawing: per node its one surviving child (a split
 * edge) or SIZE_MAX, whether it heads a collapsed chain (then the chain's end) or is hidden
 * in one, and whether it is drawn as a fixed point. */
typedef struct Layout {
    const DotTree *t;
    size_t *only_child, *chain_end, *chain_len, *chain_pruned;
    bool *hidden, *fixed;
    size_t chains;
} Layout;

/* A node with exactly one surviving child, whose other children are pruned leaves. */
static bool single_split(const Layout *y, const size_t *out_edges, size_t i)
{
    const TreeNode *n = &y->t->nodes.items[i];
    return n->kind == TN_BOUND && !n->final && y->only_child[i] != SIZE_MAX &&
           out_edges[i] == 1 && n->status == NODE_KEPT;
}

static void layout_children(Layout *y, size_t *out_edges)
{
    const DotTree *t = y->t;
    for (size_t e = 0; e < t->edges.count; e++) {
        const TreeEdge *ed = &t->edges.items[e];
        if (ed->kind == TE_PRUNED) continue;
        out_edges[ed->from]++;
        if (ed->kind == TE_SPLIT && t->nodes.items[ed->to].kind == TN_BOUND)
            y->only_child[ed->from] = ed->to;
    }
}

/* Chains of more than DOT_CHAIN_MIN single splits: the first stays, the rest are hidden with
 * their pruned children. */
static void layout_chains(Layout *y, const size_t *out_edges, const size_t *parent)
{
    const DotTree *t = y->t;
    for (size_t i = 0; i < t->nodes.count; i++) {
        if (!single_split(y, out_edges, i)) continue;
        if (parent[i] != SIZE_MAX && single_split(y, out_edges, parent[i])) continue;
        size_t len = 1, last = i;
        while (single_split(y, out_edges, y->only_child[last])) { last = y->only_child[last]; len++; }
        if (len <= DOT_CHAIN_MIN) continue;
        y->chain_end[i] = y->only_child[last];
        y->chain_len[i] = len - 1;
        y->chains++;
        for (size_t k = y->only_child[i]; ; k = y->only_child[k]) {
            y->hidden[k] = true;
            if (k == last) break;
        }
    }
    for (size_t e = 0; e < t->edges.count; e++) {     /* pruned leaves of hidden nodes */
        const TreeEdge *ed = &t->edges.items[e];
        if (ed->kind != TE_PRUNED || !y->hidden[ed->from]) continue;
        y->hidden[ed->to] = true;
        for (size_t h = ed->from; parent[h] != SIZE_MAX; h = parent[h])
            if (!y->hidden[parent[h]]) { y->chain_pruned[parent[h]]++; break; }
    }
}

/* Final points that hold a proven fixed point are drawn as fixed points. */
static void layout_fixed(Layout *y, const BoundList *points)
{
    const DotTree *t = y->t;
    const Lattice *L = t->L;
    for (size_t i = 0; i < t->nodes.count; i++) {
        const TreeNode *n = &t->nodes.items[i];
        y->fixed[i] = n->status == NODE_FIXPOINT && n->kind == TN_BOUND;
        if (y->fixed[i] || !n->final || !L->ops->is_point(L, node_lo(t, i), node_hi(t, i))) continue;
        for (size_t k = 0; points && k < points->count && !y->fixed[i]; k++)
            y->fixed[i] = lattice_in_interval(L, boundlist_lo(points, k), node_lo(t, i), node_hi(t, i));
    }
}

static void layout_init(Layout *y, const DotTree *t, const BoundList *points)
{
    size_t n = t->nodes.count ? t->nodes.count : 1;
    memset(y, 0, sizeof *y);
    y->t = t;
    y->only_child = mem_calloc(4 * n, sizeof(size_t));     /* one block: four arrays */
    y->chain_end = y->only_child + n;
    y->chain_len = y->only_child + 2 * n;
    y->chain_pruned = y->only_child + 3 * n;
    y->hidden = mem_calloc(2 * n, sizeof(bool));            /* and two */
    y->fixed = y->hidden + n;
    size_t *out_edges = mem_calloc(n, sizeof(size_t)), *parent = mem_alloc(n * sizeof(size_t));
    for (size_t i = 0; i < n; i++) y->only_child[i] = y->chain_end[i] = parent[i] = SIZE_MAX;
    for (size_t e = 0; e < t->edges.count; e++) {
        const TreeEdge *ed = &t->edges.items[e];
        if (ed->kind == TE_SPLIT || ed->kind == TE_PRUNED) parent[ed->to] = ed->from;
    }
    layout_children(y, out_edges);
    layout_chains(y, out_edges, parent);
    layout_fixed(y, points);
    mem_free(out_edges);
    mem_free(parent);
}

static void layout_free(Layout *y)
{
    mem_free(y->only_child);
    mem_free(y->hidden);
}

/* Shape and style attributes of a node by its kind and fate. */
static void tree_node_style(const TreeNode *n, bool fixed, Buf *out)
{
    if (fixed)
        buf_printf(out, ", shape=doubleoctagon, style=\"filled%s\", color=darkgreen, "
                        "fillcolor=\"" DOT_FIXPOINT_COLOUR "\"", n->final ? ",bold" : "");
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

static void tree_write_node(const Layout *y, size_t i, Buf *out)
{
    const TreeNode *n = &y->t->nodes.items[i];
    buf_printf(out, "  %s [label=", n->name);
    dot_put_string(out, n->label);
    tree_node_style(n, y->fixed[i], out);
    buf_puts(out, "];\n");
}

static void put_edge(const char *from, const char *to, const char *style, const char *label, Buf *out)
{
    buf_printf(out, "  %s -> %s", from, to);
    if (*style || (label && *label)) {
        buf_puts(out, " [");
        buf_puts(out, style);
        if (label && *label) {
            buf_puts(out, *style ? ", label=" : "label=");
            dot_put_string(out, label);
        }
        buf_putc(out, ']');
    }
    buf_puts(out, ";\n");
}

static void tree_write_edge(const Layout *y, const TreeEdge *e, Buf *out)
{
    static const char *const style[] = {
        [TE_SPLIT] = "",
        [TE_PRUNED] = "style=dashed, color=grey, fontcolor=grey",
        [TE_MERGE] = "color=blue",
        [TE_HULL] = "style=dashed, color=darkorange",
    };
    const DotTree *t = y->t;
    if (y->hidden[e->from] || y->hidden[e->to]) return;
    const char *from = t->nodes.items[e->from].name, *to = t->nodes.items[e->to].name;
    Buf label;
    buf_init(&label);
    if (e->kind == TE_HULL) buf_puts(&label, "hull");
    else if (e->kind != TE_MERGE) split_label(t, e->from, e->to, &label);
    put_edge(from, to, style[e->kind], buf_cstr(&label), out);
    buf_free(&label);
}

/* A collapsed chain from node i: one node counting its levels, between i and the chain's end. */
static void tree_write_chain(const Layout *y, size_t i, Buf *out)
{
    const DotTree *t = y->t;
    size_t end = y->chain_end[i];
    char name[32];
    snprintf(name, sizeof name, "chain%zu", i);
    buf_printf(out, "  %s [shape=box, style=\"rounded,dashed\", label=\"%zu more levels of one "
                    "surviving child each\\n(%zu pruned)\"];\n",
               name, y->chain_len[i], y->chain_pruned[i]);
    Buf label;
    buf_init(&label);
    split_label(t, i, y->only_child[i], &label);
    put_edge(t->nodes.items[i].name, name, "", buf_cstr(&label), out);
    buf_clear(&label);
    size_t last = y->only_child[i];
    while (y->only_child[last] != end) last = y->only_child[last];
    split_label(t, last, end, &label);
    put_edge(name, t->nodes.items[end].name, "", buf_cstr(&label), out);
    buf_free(&label);
}

/* Bound nodes created in one round share a rank. */
static void tree_write_ranks(const Layout *y, Buf *out)
{
    const DotTree *t = y->t;
    for (size_t r = 0; r <= t->rounds; r++) {
        bool open = false;
        for (size_t i = 0; i < t->nodes.count; i++) {
            const TreeNode *n = &t->nodes.items[i];
            if (n->kind != TN_BOUND || n->round != r || y->hidden[i]) continue;
            if (!open) buf_printf(out, "  { rank=same; /* round %zu */", r);
            open = true;
            buf_printf(out, " %s;", n->name);
        }
        if (open) buf_puts(out, " }\n");
    }
}

/* The legend: one row for each kind of node the tree has, and what the edges say. */
static void tree_write_legend(const Layout *y, Buf *out)
{
    const DotTree *t = y->t;
    bool has[6] = { false };      /* kept, pruned, merge, hull, final, fixed point */
    for (size_t i = 0; i < t->nodes.count; i++) {
        const TreeNode *n = &t->nodes.items[i];
        if (y->hidden[i]) continue;
        if (y->fixed[i]) has[5] = true;
        else if (n->final) has[4] = true;
        else if (n->kind == TN_MERGE || n->status == NODE_MERGED) has[2] = true;
        else if (n->kind == TN_HULL) has[3] = true;
        else if (n->status == NODE_PRUNED) has[1] = true;
        else has[0] = true;
    }
    static const char *const colour[6] = { "white", "#eeeeee", "#cfe3f7", "#fde0bf", "white",
                                           DOT_FIXPOINT_COLOUR };
    static const char *const text[6] = {
        "ellipse: a bound kept, split again in the next round",
        "grey, dashed: pruned, it holds no fixed point",
        "blue: two children merged into one bound",
        "orange hexagon: the hull of two bounds (budget)",
        "bold box: in Final, may hold fixed points",
        "green double octagon: a fixed point",
    };
    buf_puts(out, "  legend [shape=plaintext, label=<<TABLE BORDER=\"0\" CELLBORDER=\"1\" "
                  "CELLSPACING=\"0\" CELLPADDING=\"3\">\n");
    for (int k = 0; k < 6; k++)
        if (has[k]) dot_legend_row(out, colour[k], text[k]);
    dot_legend_row(out, "white", "edge: what the split and IR decided (+a in, -a out, x1 <= v)");
    if (y->chains) dot_legend_row(out, "white", "dashed rounded box: a chain of single splits, collapsed");
    buf_puts(out, "  </TABLE>>];\n");
}

void dot_tree_write(const DotTree *t, const BoundList *points, Buf *out)
{
    Layout y;
    layout_init(&y, t, points);
    dot_put_graph_header(out, "bnb", t->title);
    buf_puts(out, "  graph [rankdir=TB];\n");
    for (size_t i = 0; i < t->nodes.count; i++)
        if (!y.hidden[i]) tree_write_node(&y, i, out);
    for (size_t i = 0; i < t->edges.count; i++) tree_write_edge(&y, &t->edges.items[i], out);
    for (size_t i = 0; i < t->nodes.count; i++)
        if (y.chain_end[i] != SIZE_MAX) tree_write_chain(&y, i, out);
    tree_write_ranks(&y, out);
    tree_write_legend(&y, out);
    if (t->omitted)
        buf_printf(out, "  omitted [shape=note, label=\"%zu more nodes not drawn\"];\n",
                   t->omitted);
    buf_puts(out, "}\n");
    layout_free(&y);
}
