/* acyclic.c: #edge statements (clingo's acyclicity constraint) in the native search.  Each
 * statement is an edge between two nodes (numbers) that is there when its condition (a
 * conjunction of literals) holds; a stable model must leave no cycle of such edges.  The
 * search checks each edge u->v as its condition comes to hold (prop.c's closure, a
 * depth-first search from v over the edges that hold, back to u), and the whole candidate
 * once every atom has a value: a cycle is a conflict whose nogood is the conditions of its
 * edges, which the search learns from.  It also propagates, as clasp's acyclicity check
 * does: an edge x->y whose condition lacks one literal, leaving a node x that v reaches, into
 * a node y that reaches u (a search back from u over the edges that hold), would close a
 * cycle: that literal is made false, its reason the other literals and the conditions of the
 * path y..u->v..x. */
#include "asp/propstate.h"

#include <stdlib.h>

#define NONE UINT32_MAX

struct AspEdges {
    size_t nedges, nnodes;
    uint32_t *from, *to;          /* per edge: its nodes, numbered densely */
    uint32_t *cstart;             /* per edge: its condition cond[cstart[e] .. cstart[e+1]) */
    uint32_t *cond;               /* program atom * 2, + 1 for `not atom` */
    uint32_t *off, *out;          /* per node: the edges leaving it */
    uint32_t *ioff, *in;          /* per node: the edges entering it */
    uint8_t *on;                  /* per edge: its condition holds (the check's scratch) */
    uint8_t *state;               /* per node: 0 unseen, 1 on the path, 2 done */
    uint32_t *via, *next, *path;  /* per node: edge it was reached by, next edge to try;
                                     the depth-first path */
    uint32_t *cyc;                /* the edges of the cycle found */
    uint32_t *seen, now;          /* per lattice atom: in the nogood being built */
    uint32_t *aoff, *aedge;       /* per lattice atom: the edges whose condition names it
                                     (built at the first partial check) */
    uint32_t *mark, stamp;        /* per node: reached in the partial check numbered stamp */
    uint32_t *bmark, *bvia;       /* per node: reaches the tail in that check, by edge bvia */
    uint32_t *tmark;              /* per node: the target of a listed edge in that check */
    uint32_t *cand, ncand;        /* the edges lacking one literal that leave the nodes reached */
};

static int num_cmp(const void *x, const void *y)
{
    int64_t a = *(const int64_t *)x, b = *(const int64_t *)y;
    return (a > b) - (a < b);
}

/* Node numbers in order, each once; dense index by binary search. */
static uint32_t node_of(const int64_t *nodes, size_t n, int64_t v)
{
    const int64_t *at = bsearch(&v, nodes, n, sizeof *nodes, num_cmp);
    return (uint32_t)(at - nodes);
}

/* Per node, the edges whose end `at` (e->from or e->to) it is: *list[(*off)[v] .. (*off)[v+1]). */
static void index_by(AspEdges *e, const uint32_t *at, uint32_t **off, uint32_t **list)
{
    uint32_t *o = mem_calloc(e->nnodes + 2, sizeof *o), *l;
    for (size_t i = 0; i < e->nedges; i++) o[at[i] + 2]++;
    for (size_t v = 0; v < e->nnodes; v++) o[v + 2] += o[v + 1];
    l = mem_alloc((e->nedges + 1) * sizeof *l);
    for (size_t i = 0; i < e->nedges; i++) l[o[at[i] + 1]++] = (uint32_t)i;
    *off = o;
    *list = l;
}

AspEdges *asp_edges_new(const AspProgram *p, size_t natoms)
{
    size_t n = 0, nlits = 0;
    for (size_t i = 0; i < p->opaque.count; i++)
        if (p->opaque.items[i].kind == STMT_EDGE) { n++; nlits += p->opaque.items[i].count; }
    if (!n) return NULL;
    AspEdges *e = mem_calloc(1, sizeof *e);
    int64_t *nodes = mem_alloc(2 * n * sizeof *nodes);
    e->from = mem_alloc(n * sizeof *e->from);
    e->to = mem_alloc(n * sizeof *e->to);
    e->cstart = mem_alloc((n + 1) * sizeof *e->cstart);
    e->cond = mem_alloc((nlits + 1) * sizeof *e->cond);
    size_t k = 0, c = 0;
    for (size_t i = 0; i < p->opaque.count; i++) {
        const AspStmt *o = &p->opaque.items[i];
        if (o->kind != STMT_EDGE) continue;
        const AspTok *t = p->toks.items + o->start;     /* u, v, count, literals */
        nodes[2 * k] = t[0].num;
        nodes[2 * k + 1] = t[1].num;
        e->cstart[k++] = (uint32_t)c;
        for (uint32_t j = 3; j < o->count; j++) e->cond[c++] = 2 * t[j].atom + t[j].negative;
    }
    e->cstart[n] = (uint32_t)c;
    e->nedges = n;
    int64_t *sorted = mem_alloc(2 * n * sizeof *sorted);
    memcpy(sorted, nodes, 2 * n * sizeof *sorted);
    qsort(sorted, 2 * n, sizeof *sorted, num_cmp);
    for (size_t i = 0; i < 2 * n; i++)
        if (!e->nnodes || sorted[e->nnodes - 1] != sorted[i]) sorted[e->nnodes++] = sorted[i];
    for (size_t i = 0; i < n; i++) {
        e->from[i] = node_of(sorted, e->nnodes, nodes[2 * i]);
        e->to[i] = node_of(sorted, e->nnodes, nodes[2 * i + 1]);
    }
    mem_free(sorted);
    mem_free(nodes);
    index_by(e, e->from, &e->off, &e->out);
    index_by(e, e->to, &e->ioff, &e->in);
    e->on = mem_alloc(n + 1);
    e->state = mem_alloc(e->nnodes + 1);
    e->via = mem_alloc((e->nnodes + 1) * sizeof *e->via);
    e->next = mem_alloc((e->nnodes + 1) * sizeof *e->next);
    e->path = mem_alloc((e->nnodes + 1) * sizeof *e->path);
    e->cyc = mem_alloc((e->nnodes + 1) * sizeof *e->cyc);
    e->seen = mem_calloc(natoms + 1, sizeof *e->seen);
    return e;
}

void asp_edges_free(AspEdges *e)
{
    if (!e) return;
    mem_free(e->from); mem_free(e->to); mem_free(e->cstart); mem_free(e->cond);
    mem_free(e->off); mem_free(e->out); mem_free(e->on); mem_free(e->state);
    mem_free(e->via); mem_free(e->next); mem_free(e->path); mem_free(e->cyc); mem_free(e->seen);
    mem_free(e->aoff); mem_free(e->aedge); mem_free(e->mark);
    mem_free(e->ioff); mem_free(e->in); mem_free(e->bmark); mem_free(e->bvia);
    mem_free(e->tmark); mem_free(e->cand);
    mem_free(e);
}

/* Which edges x makes present. */
static void read_edges(AspEdges *e, const AspSolver *s, const Word *x)
{
    for (size_t i = 0; i < e->nedges; i++) {
        bool on = true;
        for (uint32_t j = e->cstart[i]; j < e->cstart[i + 1] && on; j++) {
            uint32_t a = s->lat_of[e->cond[j] >> 1];
            bool in = (x[a >> 6] >> (a & 63)) & 1;
            on = in != (e->cond[j] & 1);
        }
        e->on[i] = on;
    }
}

/* The cycle closed by edge last into node w (on the path): its edges into e->cyc. */
static size_t collect(AspEdges *e, uint32_t w, uint32_t last)
{
    size_t n = 0;
    e->cyc[n++] = last;
    for (uint32_t v = e->from[last]; v != w; v = e->from[e->via[v]]) e->cyc[n++] = e->via[v];
    return n;
}

/* A cycle of present edges (depth first, without recursion): how many edges it has, in
 * e->cyc; 0 when there is none. */
static size_t find_cycle(AspEdges *e)
{
    memset(e->state, 0, e->nnodes);
    for (uint32_t root = 0; root < e->nnodes; root++) {
        if (e->state[root]) continue;
        size_t sp = 0;
        e->path[sp++] = root;
        e->state[root] = 1;
        e->next[root] = e->off[root];
        while (sp) {
            uint32_t v = e->path[sp - 1];
            if (e->next[v] == e->off[v + 1]) { e->state[v] = 2; sp--; continue; }
            uint32_t ed = e->out[e->next[v]++], w = e->to[ed];
            if (!e->on[ed] || e->state[w] == 2) continue;
            if (e->state[w] == 1) return collect(e, w, ed);
            e->state[w] = 1;
            e->via[w] = ed;
            e->next[w] = e->off[w];
            e->path[sp++] = w;
        }
    }
    return 0;
}

bool asp_edges_hold(const AspSolver *s, const Word *x)
{
    AspEdges *e = s->edges;
    if (!e) return true;
    read_edges(e, s, x);
    return find_cycle(e) == 0;
}

/* The conflict of the cycle of n edges in e->cyc: its nogood, the literals of its edges'
 * conditions, each once, all holding; the one of the latest level is the conflict's atom. */
static bool cycle_conflict(const AspSolver *s, AspProp *p, size_t n)
{
    AspEdges *e = s->edges;
    if (!p->learning) { p->conflict = true; return false; }
    uint32_t at = asp_ufs_begin(&p->tr), pick = NONE;
    e->now++;
    for (size_t i = 0; i < n; i++)
        for (uint32_t j = e->cstart[e->cyc[i]]; j < e->cstart[e->cyc[i] + 1]; j++) {
            uint32_t a = s->lat_of[e->cond[j] >> 1];
            if (e->seen[a] == e->now) continue;
            e->seen[a] = e->now;
            if (pick != NONE && p->tr.alev[a] <= p->tr.alev[pick]) {
                asp_ufs_lit(&p->tr, 2 * a + (e->cond[j] & 1));
                continue;
            }
            if (pick != NONE) asp_ufs_lit(&p->tr, 2 * pick + (p->tr.val[pick] == V_FALSE));
            pick = a;
        }
    asp_ufs_end(&p->tr, at, pick != NONE);
    if (pick == NONE) {           /* a cycle of unconditional edges: no stable model */
        p->root_conflict = p->conflict = true;
        return false;
    }
    asp_minimal_conflict(p, at, pick);
    return false;
}

bool asp_edges_propagate(const AspSolver *s, AspProp *p)
{
    AspEdges *e = s->edges;
    read_edges(e, s, p->tlo);
    size_t n = find_cycle(e);
    return n ? cycle_conflict(s, p, n) : true;
}

/* ---- the check of a partial assignment, and the edges it forbids ---- */

enum { EDGE_HOLDS, EDGE_FALSE, EDGE_UNIT, EDGE_OPEN };

/* Edge ed's condition under the trail's values: every literal holds; one is false; one has
 * no value (its index in e->cond in *open) and the others hold; more have none. */
static int edge_state(const AspEdges *e, const AspSolver *s, const AspProp *p, uint32_t ed,
                      uint32_t *open)
{
    int st = EDGE_HOLDS;
    for (uint32_t j = e->cstart[ed]; j < e->cstart[ed + 1]; j++) {
        uint8_t v = p->tr.val[s->lat_of[e->cond[j] >> 1]];
        if (v == V_UNK) {
            st = st == EDGE_HOLDS ? EDGE_UNIT : EDGE_OPEN;
            *open = j;
        } else if (v != ((e->cond[j] & 1) ? V_FALSE : V_TRUE)) {
            return EDGE_FALSE;
        }
    }
    return st;
}

/* Per lattice atom, the edges whose condition names it (an edge once per atom). */
static void index_atoms(AspEdges *e, const AspSolver *s)
{
    e->aoff = mem_calloc(s->natoms + 2, sizeof *e->aoff);
    e->now++;
    for (uint32_t ed = 0; ed < e->nedges; ed++, e->now++)
        for (uint32_t j = e->cstart[ed]; j < e->cstart[ed + 1]; j++) {
            uint32_t a = s->lat_of[e->cond[j] >> 1];
            if (e->seen[a] != e->now) { e->seen[a] = e->now; e->aoff[a + 2]++; }
        }
    for (size_t a = 0; a < s->natoms; a++) e->aoff[a + 2] += e->aoff[a + 1];
    e->aedge = mem_alloc((e->aoff[s->natoms + 1] + 1) * sizeof *e->aedge);
    for (uint32_t ed = 0; ed < e->nedges; ed++, e->now++)
        for (uint32_t j = e->cstart[ed]; j < e->cstart[ed + 1]; j++) {
            uint32_t a = s->lat_of[e->cond[j] >> 1];
            if (e->seen[a] != e->now) { e->seen[a] = e->now; e->aedge[e->aoff[a + 1]++] = ed; }
        }
    e->mark = mem_calloc(e->nnodes + 1, sizeof *e->mark);
    e->bmark = mem_calloc(e->nnodes + 1, sizeof *e->bmark);
    e->tmark = mem_calloc(e->nnodes + 1, sizeof *e->tmark);
    e->bvia = mem_alloc((e->nnodes + 1) * sizeof *e->bvia);
    e->cand = mem_alloc((e->nedges + 1) * sizeof *e->cand);
}

/* A new check's stamp: the marks of earlier ones are stale. */
static void next_stamp(AspEdges *e)
{
    if (++e->stamp != 0) return;
    memset(e->mark, 0, (e->nnodes + 1) * sizeof *e->mark);
    memset(e->bmark, 0, (e->nnodes + 1) * sizeof *e->bmark);
    memset(e->tmark, 0, (e->nnodes + 1) * sizeof *e->tmark);
    e->stamp = 1;
}

/* Edge ed (u->v) holds: the search from v over the edges that hold.  A path back to u
 * closes a cycle, whose edges go to e->cyc (how many; 0 when there is none).  Else the
 * nodes reached are marked (e->mark, each with e->via the edge it was reached by), and the
 * edges leaving them that lack one literal are listed (e->cand), their heads marked
 * (e->tmark); *targets says how many heads. */
static size_t search_forward(AspEdges *e, const AspSolver *s, const AspProp *p, uint32_t ed,
                             size_t *targets)
{
    uint32_t root = e->to[ed], goal = e->from[ed], open;
    if (root == goal) { e->cyc[0] = ed; return 1; }
    size_t sp = 0;
    e->ncand = 0;
    *targets = 0;
    e->path[sp++] = root;
    e->mark[root] = e->stamp;
    e->next[root] = e->off[root];
    while (sp) {
        uint32_t v = e->path[sp - 1];
        if (e->next[v] == e->off[v + 1]) { sp--; continue; }
        uint32_t x = e->out[e->next[v]++], w = e->to[x];
        if (e->mark[w] == e->stamp) continue;
        int st = edge_state(e, s, p, x, &open);
        if (st == EDGE_UNIT) {
            e->cand[e->ncand++] = x;
            *targets += e->tmark[w] != e->stamp;
            e->tmark[w] = e->stamp;
        }
        if (st != EDGE_HOLDS) continue;
        e->via[w] = x;
        if (w == goal) return collect(e, root, ed);
        e->mark[w] = e->stamp;
        e->next[w] = e->off[w];
        e->path[sp++] = w;
    }
    return 0;
}

/* The search back from u (edge ed's tail) over the edges that hold, marking the nodes that
 * reach u (e->bmark, each with e->bvia its edge towards u); it stops once the listed edges'
 * `targets` heads are all found. */
static void search_back(AspEdges *e, const AspSolver *s, const AspProp *p, uint32_t ed,
                        size_t targets)
{
    uint32_t root = e->from[ed], open;
    size_t sp = 0;
    e->path[sp++] = root;
    e->bmark[root] = e->stamp;
    e->next[root] = e->ioff[root];
    if (e->tmark[root] == e->stamp && --targets == 0) return;
    while (sp) {
        uint32_t v = e->path[sp - 1];
        if (e->next[v] == e->ioff[v + 1]) { sp--; continue; }
        uint32_t x = e->in[e->next[v]++], w = e->from[x];
        if (e->bmark[w] == e->stamp || edge_state(e, s, p, x, &open) != EDGE_HOLDS) continue;
        e->bvia[w] = x;
        e->bmark[w] = e->stamp;
        if (e->tmark[w] == e->stamp && --targets == 0) return;
        e->next[w] = e->ioff[w];
        e->path[sp++] = w;
    }
}

/* Edge ed's condition's literals that hold, each once (e->seen under e->now), to the
 * reason being built. */
static void reason_edge(AspEdges *e, const AspSolver *s, AspProp *p, uint32_t ed)
{
    for (uint32_t j = e->cstart[ed]; j < e->cstart[ed + 1]; j++) {
        uint32_t a = s->lat_of[e->cond[j] >> 1];
        if (e->seen[a] == e->now) continue;
        e->seen[a] = e->now;
        asp_ufs_lit(&p->tr, 2 * a + (e->cond[j] & 1));
    }
}

/* Edge c (x->y, its literal j open, the others holding; v reaches x, y reaches u) would
 * close a cycle with edge ed (u->v): literal j is made false, its reason (R_UFS) the other
 * literals of c and the conditions of the paths y..u, u->v and v..x. */
static void forbid(AspEdges *e, const AspSolver *s, AspProp *p, uint32_t ed, uint32_t c,
                   uint32_t j)
{
    uint32_t a = s->lat_of[e->cond[j] >> 1], at = 0;
    if (p->learning) {
        at = asp_ufs_begin(&p->tr);
        e->seen[a] = ++e->now;
        reason_edge(e, s, p, c);
        reason_edge(e, s, p, ed);
        for (uint32_t x = e->from[c]; x != e->to[ed]; x = e->from[e->via[x]])
            reason_edge(e, s, p, e->via[x]);
        for (uint32_t y = e->to[c]; y != e->from[ed]; y = e->to[e->bvia[y]])
            reason_edge(e, s, p, e->bvia[y]);
        asp_ufs_end(&p->tr, at, true);
    }
    asp_prop_assign(p, a, (e->cond[j] & 1) ? V_TRUE : V_FALSE, R_UFS, at);
}

/* Edge ed holds and closes no cycle: the listed edges that would close one are forbidden
 * (each looked at again: an earlier one's literal may have decided it). */
static void forbid_closing(AspEdges *e, const AspSolver *s, AspProp *p, uint32_t ed,
                           size_t targets)
{
    search_back(e, s, p, ed, targets);
    for (uint32_t k = 0; k < e->ncand && !p->conflict; k++) {
        uint32_t c = e->cand[k], j;
        if (e->bmark[e->to[c]] == e->stamp && edge_state(e, s, p, c, &j) == EDGE_UNIT)
            forbid(e, s, p, ed, c, j);
    }
}

bool asp_edges_partial(const AspSolver *s, AspProp *p, size_t from)
{
    AspEdges *e = s->edges;
    uint32_t open;
    if (!e->aoff) index_atoms(e, s);
    for (size_t i = from; i < p->tr.qtail && !p->conflict; i++) {
        uint32_t a = p->tr.trail[i];
        for (uint32_t k = e->aoff[a]; k < e->aoff[a + 1] && !p->conflict; k++) {
            uint32_t ed = e->aedge[k];
            size_t targets;
            if (edge_state(e, s, p, ed, &open) != EDGE_HOLDS) continue;
            next_stamp(e);
            size_t n = search_forward(e, s, p, ed, &targets);
            if (n) return cycle_conflict(s, p, n);
            if (e->ncand) forbid_closing(e, s, p, ed, targets);
        }
    }
    return !p->conflict;
}
