/* cycles.c: the atoms on positive cycles of a compiled program (strongly connected
 * components of the positive dependency graph, found without recursion), and whether its
 * disjunctive rules are head-cycle-free.  For the unfounded sets, an atom a choice makes
 * whatever else holds (`{ a }.`) has no dependencies: no unfounded set that matters holds it
 * (always_founded). */
#include "asp/internal.h"

#define NONE UINT32_MAX

/* Tarjan's strongly connected components without recursion: atoms in a component of two or
 * more atoms are cyclic (rules h :- h, ... were dropped when compiling).  An atom depends on
 * the positive atoms of its rules, read from the solver's arrays where they are (no copy of
 * the graph: 4 bytes a rule's positive literal less at the compilation's peak, issue 33):
 * per atom on the walk, the place among its rules (hrules) and in that rule's positive body
 * (pos) of the next dependency. */
typedef struct Tarjan {
    const AspSolver *s;
    const uint8_t *founded;       /* atoms walked as having no dependencies (may be NULL) */
    uint32_t *index, *low, *stack, *frame, *cursor, *lit;
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
    t->cursor[a] = t->founded && t->founded[a] ? t->s->hstart[a + 1] : t->s->hstart[a];
    t->lit[a] = t->cursor[a] < t->s->hstart[a + 1] ? t->s->pstart[t->s->hrules[t->cursor[a]]] : 0;
}

/* Atom v's next dependency into *w; false when it has none left. */
static bool tj_next(Tarjan *t, uint32_t v, uint32_t *w)
{
    const AspSolver *s = t->s;
    while (t->cursor[v] < s->hstart[v + 1]) {
        uint32_t r = s->hrules[t->cursor[v]];
        if (t->lit[v] < s->pstart[r + 1]) {
            *w = s->pos[t->lit[v]++];
            return true;
        }
        if (++t->cursor[v] < s->hstart[v + 1]) t->lit[v] = s->pstart[s->hrules[t->cursor[v]]];
    }
    return false;
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
        uint32_t w;
        if (tj_next(t, v, &w)) {
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

static void find_components(const AspSolver *s, const uint8_t *founded, uint8_t *cyclic,
                            uint32_t *comp)
{
    size_t n = s->natoms + 1;
    Tarjan t = { .s = s, .founded = founded, .comp = comp };
    t.index = mem_alloc(n * sizeof *t.index);
    t.low = mem_alloc(n * sizeof *t.low);
    t.stack = mem_alloc(n * sizeof *t.stack);
    t.frame = mem_alloc(n * sizeof *t.frame);
    t.cursor = mem_alloc(n * sizeof *t.cursor);
    t.lit = mem_alloc(n * sizeof *t.lit);
    t.on = mem_calloc(n, 1);
    memset(t.index, 0xff, n * sizeof *t.index);
    for (uint32_t a = 0; a < s->natoms; a++)
        if (t.index[a] == NONE) tj_run(&t, a, cyclic);
    mem_free(t.index); mem_free(t.low); mem_free(t.stack); mem_free(t.frame);
    mem_free(t.cursor); mem_free(t.lit); mem_free(t.on);
}

/* Is rule r `x :- not y` alone, its body true unless y holds (no positive literal, one
 * negative one, and a bound, if any, its weight can reach)?  *y: that atom. */
static bool negation_only(const AspSolver *s, uint32_t r, uint32_t *y)
{
    if (s->pstart[r + 1] != s->pstart[r] || s->nstart[r + 1] != s->nstart[r] + 1) return false;
    if (s->bound && s->bound[r] > asp_neg_weight(s, s->nstart[r])) return false;
    *y = s->neg[s->nstart[r]];
    return true;
}

/* Atoms no unfounded set that matters holds: a has a rule `a :- not a'` whose partner a' has
 * the one rule `a' :- not a` (gringo's `{ a }.`, compiled so by solver.c; a' holds only when a
 * does not).  While a is not false, a' cannot hold, so that rule's body is not false and
 * founds a from outside any set; an unfounded set that holds a false atom only makes it false
 * again.  So a's positive dependencies make no cycle the unfounded-set check needs (clasp
 * finds such a program tight).  Measured (bench/RESULTS.md, "Issue 33: a chosen atom founded
 * alone"): bottle filling (every cell chosen, and derived from the cells above it in its
 * bottle and beside it), first model, 40 cells a side seeds 1-3: 16 692, 34 196, 8 435
 * conflicts -> 2 645, 716, 983 (clasp 156, 497, 87); 80 seed 1: over 259 000 in 60 s ->
 * 8 583 (clasp 1 112). */
static uint8_t *always_founded(const AspSolver *s)
{
    uint8_t *founded = NULL;
    for (uint32_t a = 0; a < s->natoms; a++) {
        if ((long)a == s->fatom) continue;
        for (uint32_t j = s->hstart[a]; j < s->hstart[a + 1]; j++) {
            uint32_t r = s->hrules[j], y, back;
            if (!negation_only(s, r, &y) || y == a || (long)y == s->fatom) continue;
            if (s->hstart[y + 1] != s->hstart[y] + 1) continue;
            uint32_t r2 = s->hrules[s->hstart[y]];
            if (!negation_only(s, r2, &back) || back != a || (s->bound && s->bound[r2] == 0)) continue;
            if (!founded) founded = mem_calloc(s->natoms + 1, 1);
            founded[a] = 1;
            break;
        }
    }
    return founded;
}

void asp_find_cycles(const AspSolver *s, uint8_t *cyclic)
{
    if (s->pstart[s->nrules] == 0) return;       /* no positive body: no positive cycle */
    uint8_t *founded = always_founded(s);
    find_components(s, founded, cyclic, NULL);
    mem_free(founded);
}

void asp_find_components(const AspSolver *s, uint8_t *cyclic, uint32_t *comp)
{
    find_components(s, NULL, cyclic, comp);
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
