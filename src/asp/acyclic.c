/* acyclic.c: #edge statements (clingo's acyclicity constraint) in the native search.  Each
 * statement is an edge between two nodes (numbers) that is there when its condition (a
 * conjunction of literals) holds; a stable model must leave no cycle of such edges.  The
 * search checks each edge as its condition comes to hold (prop.c's closure, a depth-first
 * search from its head back to its tail over the edges that hold), and the whole candidate
 * once every atom has a value: a cycle is a conflict whose nogood is the conditions of its
 * edges, which the search learns from. */
#include "asp/propstate.h"

#include <stdlib.h>

#define NONE UINT32_MAX

struct AspEdges {
    size_t nedges, nnodes;
    uint32_t *from, *to;          /* per edge: its nodes, numbered densely */
    uint32_t *cstart;             /* per edge: its condition cond[cstart[e] .. cstart[e+1]) */
    uint32_t *cond;               /* program atom * 2, + 1 for `not atom` */
    uint32_t *off, *out;          /* per node: the edges leaving it */
    uint8_t *on;                  /* per edge: its condition holds (the check's scratch) */
    uint8_t *state;               /* per node: 0 unseen, 1 on the path, 2 done */
    uint32_t *via, *next, *path;  /* per node: edge it was reached by, next edge to try;
                                     the depth-first path */
    uint32_t *cyc;                /* the edges of the cycle found */
    uint32_t *seen, now;          /* per lattice atom: in the nogood being built */
    uint32_t *aoff, *aedge;       /* per lattice atom: the edges whose condition names it
                                     (built at the first partial check) */
    uint32_t *mark, stamp;        /* per node: reached in the partial check numbered stamp */
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

static void index_out(AspEdges *e)
{
    e->off = mem_calloc(e->nnodes + 2, sizeof *e->off);
    for (size_t i = 0; i < e->nedges; i++) e->off[e->from[i] + 2]++;
    for (size_t v = 0; v < e->nnodes; v++) e->off[v + 2] += e->off[v + 1];
    e->out = mem_alloc((e->nedges + 1) * sizeof *e->out);
    for (size_t i = 0; i < e->nedges; i++) e->out[e->off[e->from[i] + 1]++] = (uint32_t)i;
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
    index_out(e);
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

/* ---- the check of a partial assignment ---- */

/* Edge ed's condition holds in the trail's values (every literal assigned so). */
static bool edge_holds(const AspEdges *e, const AspSolver *s, const AspProp *p, uint32_t ed)
{
    for (uint32_t j = e->cstart[ed]; j < e->cstart[ed + 1]; j++)
        if (p->tr.val[s->lat_of[e->cond[j] >> 1]] != ((e->cond[j] & 1) ? V_FALSE : V_TRUE)) return false;
    return true;
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
}

/* Edge ed holds: a path of holding edges from its head back to its tail closes a cycle,
 * whose edges go to e->cyc (how many; 0 when there is none). */
static size_t closes_cycle(AspEdges *e, const AspSolver *s, const AspProp *p, uint32_t ed)
{
    uint32_t root = e->to[ed], goal = e->from[ed];
    if (root == goal) { e->cyc[0] = ed; return 1; }
    if (++e->stamp == 0) { memset(e->mark, 0, (e->nnodes + 1) * sizeof *e->mark); e->stamp = 1; }
    size_t sp = 0;
    e->path[sp++] = root;
    e->mark[root] = e->stamp;
    e->next[root] = e->off[root];
    while (sp) {
        uint32_t v = e->path[sp - 1];
        if (e->next[v] == e->off[v + 1]) { sp--; continue; }
        uint32_t x = e->out[e->next[v]++], w = e->to[x];
        if (e->mark[w] == e->stamp || !edge_holds(e, s, p, x)) continue;
        e->via[w] = x;
        if (w == goal) return collect(e, root, ed);
        e->mark[w] = e->stamp;
        e->next[w] = e->off[w];
        e->path[sp++] = w;
    }
    return 0;
}

bool asp_edges_partial(const AspSolver *s, AspProp *p, size_t from)
{
    AspEdges *e = s->edges;
    if (!e->aoff) index_atoms(e, s);
    for (size_t i = from; i < p->tr.qtail; i++) {
        uint32_t a = p->tr.trail[i];
        for (uint32_t k = e->aoff[a]; k < e->aoff[a + 1]; k++) {
            uint32_t ed = e->aedge[k];
            if (!edge_holds(e, s, p, ed)) continue;
            size_t n = closes_cycle(e, s, p, ed);
            if (n) return cycle_conflict(s, p, n);
        }
    }
    return true;
}
