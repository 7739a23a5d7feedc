/* absflow.c: immediate post-dominators of a chunk's instructions: the dominator algorithm of
 * Cooper, Harvey and Kennedy ("a simple, fast dominance algorithm") run on the reversed
 * control-flow graph, whose root is a virtual exit node after every RET. */
#include "code/absflow.h"

#include "util/mem.h"

struct AbsFlow {
    const Chunk *chunk;
    size_t n;                  /* instructions; node n is the exit */
    int32_t *node_at;          /* code offset -> node, or -1 (the block of all three) */
    int32_t *ipdom;            /* node -> its immediate post-dominator node, or -1 */
    uint32_t *offset;          /* node -> code offset */
};

enum { NO_NODE = -1 };

/* The successors of instruction i (at most two); returns how many. */
static int successors(const AbsFlow *f, size_t i, int32_t succ[2])
{
    const uint8_t *code = f->chunk->code.items;
    size_t at = f->offset[i];
    Opcode op = (Opcode)code[at];
    size_t next = at + ir_length(op);
    int32_t fall = next < f->chunk->code.count ? f->node_at[next] : (int32_t)f->n;
    switch (op) {
    case IR_RET: succ[0] = (int32_t)f->n; return 1;
    case IR_JUMP: succ[0] = f->node_at[ir_read_u32(code + at + 1)]; return 1;
    case IR_JUMP_IF_FALSE: case IR_JUMP_IF_FALSE_KEEP: case IR_JUMP_IF_TRUE_KEEP:
        succ[0] = fall;
        succ[1] = f->node_at[ir_read_u32(code + at + 1)];
        return 2;
    default:
        succ[0] = fall;
        if (ir_opcode_shapes[op] != SHAPE_LOOP) return 1;
        succ[1] = f->node_at[ir_read_u32(code + at + 13)];     /* ENUM_NEXT, COLL_NEXT, ...: the exit */
        return 2;
    }
}

/* Forward predecessors as lists (the reversed graph's successors), in CSR form. */
typedef struct Preds { size_t *start; int32_t *list; } Preds;

static Preds predecessors(const AbsFlow *f)
{
    size_t nodes = f->n + 1;
    Preds p = { mem_calloc(nodes + 1, sizeof(size_t)), NULL };
    int32_t s[2];
    for (size_t i = 0; i < f->n; i++)
        for (int k = successors(f, i, s); k-- > 0;) p.start[s[k] + 1]++;
    for (size_t i = 0; i < nodes; i++) p.start[i + 1] += p.start[i];
    size_t *fill = mem_calloc(nodes, sizeof(size_t));
    p.list = mem_calloc(p.start[nodes] + 1, sizeof(int32_t));
    for (size_t i = 0; i < f->n; i++)
        for (int k = successors(f, i, s); k-- > 0;) p.list[p.start[s[k]] + fill[s[k]]++] = (int32_t)i;
    mem_free(fill);
    return p;
}

/* Postorder of the reversed graph from the exit, without recursion: order[k] is the k-th
 * node finished, number[node] its position (-1: unreachable).  Returns how many. */
static size_t postorder(const AbsFlow *f, const Preds *p, int32_t *order, int32_t *number)
{
    size_t nodes = f->n + 1, count = 0, depth = 0;
    int32_t *stack = mem_alloc(nodes * sizeof(int32_t));
    size_t *edge = mem_calloc(nodes, sizeof(size_t));
    bool *seen = mem_calloc(nodes, sizeof(bool));
    for (size_t i = 0; i < nodes; i++) number[i] = NO_NODE;
    stack[depth++] = (int32_t)f->n;
    seen[f->n] = true;
    while (depth) {
        int32_t v = stack[depth - 1];
        size_t k = p->start[v] + edge[v];
        if (k < p->start[v + 1]) {
            edge[v]++;
            int32_t w = p->list[k];
            if (!seen[w]) { seen[w] = true; stack[depth++] = w; }
            continue;
        }
        depth--;
        number[v] = (int32_t)count;
        order[count++] = v;
    }
    mem_free(stack);
    mem_free(edge);
    mem_free(seen);
    return count;
}

static int32_t intersect(const int32_t *idom, const int32_t *number, int32_t a, int32_t b)
{
    while (a != b) {
        while (number[a] < number[b]) a = idom[a];
        while (number[b] < number[a]) b = idom[b];
    }
    return a;
}

static void dominators(AbsFlow *f)
{
    size_t nodes = f->n + 1;
    Preds p = predecessors(f);
    int32_t *order = mem_alloc(nodes * sizeof(int32_t)), *number = mem_alloc(nodes * sizeof(int32_t));
    size_t count = postorder(f, &p, order, number);
    int32_t *idom = f->ipdom;
    for (size_t i = 0; i < nodes; i++) idom[i] = NO_NODE;
    idom[f->n] = (int32_t)f->n;
    for (bool changed = true; changed;) {
        changed = false;
        for (size_t k = count - 1; k-- > 0;) {          /* reverse postorder, exit excluded */
            int32_t v = order[k], best = NO_NODE, s[2];
            for (int j = successors(f, (size_t)v, s); j-- > 0;) {
                if (s[j] == NO_NODE || number[s[j]] < 0 || idom[s[j]] == NO_NODE) continue;
                best = best == NO_NODE ? s[j] : intersect(idom, number, s[j], best);
            }
            if (best != idom[v]) { idom[v] = best; changed = true; }
        }
    }
    mem_free(order);
    mem_free(number);
    mem_free(p.start);
    mem_free(p.list);
}

AbsFlow *absflow_new(const Chunk *c)
{
    AbsFlow *f = mem_calloc(1, sizeof *f);
    f->chunk = c;
    size_t size = c->code.count;
    int32_t *block = mem_alloc(3 * (size + 1) * sizeof(int32_t));   /* the three arrays */
    f->node_at = block;
    f->ipdom = block + size + 1;                                  /* n + 1 <= size + 1 nodes */
    f->offset = (uint32_t *)(block + 2 * (size + 1));
    for (size_t at = 0; at <= size; at++) f->node_at[at] = NO_NODE;
    for (size_t at = 0; at < size;) {
        f->node_at[at] = (int32_t)f->n;
        f->offset[f->n++] = (uint32_t)at;
        Opcode op = (Opcode)c->code.items[at];
        at += ir_length(op);
    }
    dominators(f);
    return f;
}

void absflow_free(AbsFlow *f)
{
    if (!f) return;
    mem_free(f->node_at);      /* the block of all three arrays */
    mem_free(f);
}

const Chunk *absflow_chunk(const AbsFlow *f) { return f->chunk; }

long absflow_merge(const AbsFlow *f, size_t offset)
{
    if (offset >= f->chunk->code.count || f->node_at[offset] == NO_NODE) return -1;
    int32_t d = f->ipdom[f->node_at[offset]];
    if (d == NO_NODE || d == (int32_t)f->n) return -1;
    return (long)f->offset[d];
}

bool absflow_passes(const AbsFlow *f, size_t from, size_t through)
{
    if (from >= f->chunk->code.count || through >= f->chunk->code.count) return false;
    int32_t v = f->node_at[from], goal = f->node_at[through];
    if (v == NO_NODE || goal == NO_NODE) return false;
    for (size_t k = 0; k <= f->n && v != NO_NODE && v != (int32_t)f->n; k++) {
        if (v == goal) return true;
        v = f->ipdom[v];
    }
    return false;
}
