/* cycles.c: the atoms on positive cycles of a compiled program (strongly connected
 * components of the positive dependency graph, found without recursion), and whether its
 * disjunctive rules are head-cycle-free. */
#include "asp/internal.h"

#define NONE UINT32_MAX

/* Dependencies of each atom: the positive atoms of its rules, as CSR. */
static uint32_t *dep_index(const AspSolver *s, uint32_t **deps)
{
    uint32_t *off = mem_calloc(s->natoms + 1, sizeof *off);
    for (size_t a = 0; a < s->natoms; a++) {
        off[a + 1] = off[a];
        for (uint32_t k = s->hstart[a]; k < s->hstart[a + 1]; k++) {
            uint32_t r = s->hrules[k];
            off[a + 1] += s->pstart[r + 1] - s->pstart[r];
        }
    }
    *deps = mem_alloc((off[s->natoms] + 1) * sizeof **deps);
    for (size_t a = 0, n = 0; a < s->natoms; a++)
        for (uint32_t k = s->hstart[a]; k < s->hstart[a + 1]; k++) {
            uint32_t r = s->hrules[k];
            for (uint32_t j = s->pstart[r]; j < s->pstart[r + 1]; j++) (*deps)[n++] = s->pos[j];
        }
    return off;
}

/* Tarjan's strongly connected components without recursion: atoms in a component of two or
 * more atoms are cyclic (rules h :- h, ... were dropped when compiling). */
typedef struct Tarjan {
    const uint32_t *off, *deps;
    uint32_t *index, *low, *stack, *frame, *cursor;
    uint8_t *on;
    uint32_t *comp;               /* per atom: its component (may be NULL) */
    size_t sp, fp, counter, ncomp;
} Tarjan;

static void tj_visit(Tarjan *t, uint32_t a)
{
    t->index[a] = t->low[a] = (uint32_t)t->counter++;
    t->stack[t->sp++] = a;
    t->on[a] = 1;
    t->frame[t->fp++] = a;
    t->cursor[a] = t->off[a];
}

static void tj_close(Tarjan *t, uint32_t v, uint8_t *cyclic)
{
    if (t->low[v] != t->index[v]) return;
    size_t top = t->sp;
    while (t->stack[--t->sp] != v) t->on[t->stack[t->sp]] = 0;
    t->on[v] = 0;
    if (t->comp)
        for (size_t i = t->sp; i < top; i++) t->comp[t->stack[i]] = (uint32_t)t->ncomp;
    t->ncomp++;
    if (top - t->sp > 1)
        for (size_t i = t->sp; i < top; i++) cyclic[t->stack[i]] = 1;
}

static void tj_run(Tarjan *t, uint32_t root, uint8_t *cyclic)
{
    tj_visit(t, root);
    while (t->fp) {
        uint32_t v = t->frame[t->fp - 1];
        if (t->cursor[v] < t->off[v + 1]) {
            uint32_t w = t->deps[t->cursor[v]++];
            if (t->index[w] == NONE) tj_visit(t, w);
            else if (t->on[w] && t->index[w] < t->low[v]) t->low[v] = t->index[w];
            continue;
        }
        t->fp--;
        tj_close(t, v, cyclic);
        if (t->fp) {
            uint32_t u = t->frame[t->fp - 1];
            if (t->low[v] < t->low[u]) t->low[u] = t->low[v];
        }
    }
}

void asp_find_cycles(const AspSolver *s, uint8_t *cyclic)
{
    if (s->pstart[s->nrules] == 0) return;       /* no positive body: no positive cycle */
    asp_find_components(s, cyclic, NULL);
}

void asp_find_components(const AspSolver *s, uint8_t *cyclic, uint32_t *comp)
{
    size_t n = s->natoms + 1;
    uint32_t *deps;
    uint32_t *off = dep_index(s, &deps);
    Tarjan t = { .off = off, .deps = deps, .comp = comp };
    t.index = mem_alloc(n * sizeof *t.index);
    t.low = mem_alloc(n * sizeof *t.low);
    t.stack = mem_alloc(n * sizeof *t.stack);
    t.frame = mem_alloc(n * sizeof *t.frame);
    t.cursor = mem_alloc(n * sizeof *t.cursor);
    t.on = mem_calloc(n, 1);
    memset(t.index, 0xff, n * sizeof *t.index);
    for (uint32_t a = 0; a < s->natoms; a++)
        if (t.index[a] == NONE) tj_run(&t, a, cyclic);
    mem_free(t.index); mem_free(t.low); mem_free(t.stack); mem_free(t.frame);
    mem_free(t.cursor); mem_free(t.on); mem_free(off); mem_free(deps);
}

/* Head-cycle-free: no two head atoms of a disjunctive rule in one positive cycle.  The
 * shifted program the solver compiled has the positive dependencies of the original. */
bool asp_head_cycle_free(const AspSolver *s, size_t *bad_rule)
{
    const AspProgram *p = s->prog;
    size_t k = 0;
    while (k < p->rules.count && p->rules.items[k].kind != ASP_DISJUNCTION) k++;
    if (k == p->rules.count) return true;
    uint8_t *cyclic = mem_calloc(s->natoms + 1, 1);
    uint32_t *comp = mem_alloc((s->natoms + 1) * sizeof *comp);
    asp_find_components(s, cyclic, comp);
    bool ok = true;
    for (size_t i = 0; i < p->rules.count && ok; i++) {
        const AspRule *r = &p->rules.items[i];
        if (r->kind != ASP_DISJUNCTION) continue;
        for (uint32_t a = 0; a < r->nhead && ok; a++)
            for (uint32_t b = a + 1; b < r->nhead && ok; b++) {
                uint32_t x = s->lat_of[p->lits.items[r->head + a]];
                uint32_t y = s->lat_of[p->lits.items[r->head + b]];
                if (x != y && cyclic[x] && comp[x] == comp[y]) { ok = false; *bad_rule = i; }
            }
    }
    mem_free(cyclic);
    mem_free(comp);
    return ok;
}
