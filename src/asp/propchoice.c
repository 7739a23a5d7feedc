/* propchoice.c: the split choice of the native IR (first fail on the propagator's state; with
 * learning, the most active atom, learnheap.c, once a conflict was learnt or from the start
 * when the atoms have initial scores), after the atoms of a projection (project.c) while one
 * of them is free: with learning the most active of them, else the first in their statement
 * order.  Projective enumeration needs only that every split on a project atom come before
 * every other on a path (projpath.h); which project atom comes first is free: the two halves
 * of any such split differ in a project atom whatever atom it is. */
#include "asp/propstate.h"

/* The free atom of highest static score (most negative occurrences: the atoms S_P depends
 * on), the lowest one on ties: the first in the static rank (searchstate.c); SIZE_MAX when
 * none. */
static size_t static_choice(const AspSolver *s, const Word *lo, const Word *hi)
{
    const uint32_t *rpos = s->prop->rpos;
    size_t best = SIZE_MAX;
    for (size_t w = 0; w < s->nwords; w++)
        for (Word f = hi[w] & ~lo[w]; f; f &= f - 1) {
            size_t a = w * 64 + (size_t)__builtin_ctzll(f);
            if (best == SIZE_MAX || rpos[a] < rpos[best]) best = a;
        }
    return best;
}

/* static_choice when the state is the interval: the first unassigned atom in rank order. */
static size_t ranked_choice(const AspSolver *s, AspProp *p)
{
    while (p->cursor < s->natoms && p->tr.val[p->rank[p->cursor]] != V_UNK) p->cursor++;
    return p->cursor < s->natoms ? p->rank[p->cursor] : SIZE_MAX;
}

/* An unknown literal's atom of rule r (positive ones first); SIZE_MAX when none. */
static size_t open_literal(const AspSolver *s, const AspProp *p, uint32_t r)
{
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++)
        if (p->tr.val[s->pos[k]] == V_UNK) return s->pos[k];
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++)
        if (p->tr.val[s->neg[k]] == V_UNK) return s->neg[k];
    return SIZE_MAX;
}

static bool is_open(const AspProp *p, uint32_t a)
{
    return p->tr.val[a] == V_TRUE && p->nsup[a] >= 2;
}

/* First fail: among the true atoms whose support is still open, the one with the fewest
 * rules left (the first on the trail on ties); an open literal of its first such rule.
 * Needs the state at the closure of the bound being split.  SIZE_MAX when no true atom
 * waits for support.  The trail is read from the first open atom on, and only until all
 * `open` atoms were seen or one with two rules (the fewest possible) was found. */
static size_t support_choice(const AspSolver *s, AspProp *p)
{
    uint32_t best = NONE, bestn = UINT32_MAX;
    while (p->open && p->ofirst < p->tr.qtail && !is_open(p, p->tr.trail[p->ofirst])) p->ofirst++;
    size_t seen = 0;
    for (size_t i = p->ofirst; i < p->tr.qtail && seen < p->open && bestn > 2; i++) {
        uint32_t a = p->tr.trail[i];
        if (!is_open(p, a)) continue;
        seen++;
        if (p->nsup[a] < bestn) {
            best = a;
            bestn = p->nsup[a];
        }
    }
    if (best == NONE) return SIZE_MAX;
    for (uint32_t k = s->hstart[best]; k < s->hstart[best + 1]; k++) {
        uint32_t r = s->hrules[k];
        if (asp_rs_slack(p, r) < 0 || asp_rs_need(p, r) <= 0) continue;
        size_t a = open_literal(s, p, r);
        if (a != SIZE_MAX) return a;
    }
    return SIZE_MAX;
}

/* With weight bodies: a true atom whose one rule left has a weight body not yet true; an
 * open literal of that body (the first such atom on the trail from wfirst, which moves past
 * the atoms that wait on nothing).  SIZE_MAX when none. */
static size_t weight_choice(const AspSolver *s, AspProp *p)
{
    for (size_t i = p->wfirst; i < p->tr.qtail; i++) {
        uint32_t a = p->tr.trail[i];
        if (p->tr.val[a] == V_TRUE && p->nsup[a] == 1)
            for (uint32_t k = s->hstart[a]; k < s->hstart[a + 1]; k++) {
                uint32_t r = s->hrules[k];
                if (asp_rs_slack(p, r) < 0 || asp_rs_need(p, r) <= 0) continue;
                size_t l = open_literal(s, p, r);
                if (l != SIZE_MAX) return l;
            }
        if (i == p->wfirst) p->wfirst = i + 1;
    }
    return SIZE_MAX;
}


/* A free atom of the projection: with learning and the state at the interval, the most
 * active (learnheap.c), else the first (the first unassigned one when the state is the
 * interval); SIZE_MAX when none. */
static size_t project_choice(AspProp *p, bool at_state, const Word *lo, const Word *hi)
{
    if (at_state && p->learning && p->act.pheap) return asp_heap_project_best(p);
    if (at_state) {
        while (p->proj.cursor < p->proj.n && p->tr.val[p->proj.atoms[p->proj.cursor]] != V_UNK)
            p->proj.cursor++;
        return p->proj.cursor < p->proj.n ? p->proj.atoms[p->proj.cursor] : SIZE_MAX;
    }
    for (size_t i = 0; i < p->proj.n; i++) {
        uint32_t a = p->proj.atoms[i];
        if ((hi[a >> 6] & ~lo[a >> 6]) >> (a & 63) & 1) return a;
    }
    return SIZE_MAX;
}

size_t asp_prop_choose(const AspSolver *s, AspProp *p, bool at_state, const Word *lo,
                       const Word *hi)
{
    if (p->proj.n) {
        size_t a = project_choice(p, at_state, lo, hi);
        if (a != SIZE_MAX) return a;
    }
    bool active = p->store.nnogoods || p->act.scored;
    size_t best = at_state && p->learning && active ? asp_heap_best(p) : SIZE_MAX;
    if (best == SIZE_MAX && at_state) best = support_choice(s, p);
    if (best == SIZE_MAX && at_state && s->bound) best = weight_choice(s, p);
    if (best == SIZE_MAX) best = at_state ? ranked_choice(s, p) : static_choice(s, lo, hi);
    return best;
}

void asp_prop_project(AspSolver *s, const uint32_t *atoms, size_t n)
{
    AspProp *p = s->prop;
    mem_free(p->proj.atoms);
    mem_free(p->proj.pos);
    p->proj.atoms = p->proj.pos = NULL;
    p->proj.n = p->proj.cursor = 0;
    p->proj.given = false;
    asp_heap_project(p, s->natoms, false);
    if (!atoms) return;
    p->proj.atoms = mem_alloc((n + 1) * sizeof *p->proj.atoms);
    p->proj.pos = mem_alloc((s->natoms + 1) * sizeof *p->proj.pos);
    for (size_t a = 0; a < s->natoms; a++) p->proj.pos[a] = NONE;
    for (size_t i = 0; i < n; i++) {
        p->proj.atoms[i] = atoms[i];
        p->proj.pos[atoms[i]] = (uint32_t)i;
    }
    p->proj.n = n;
    asp_heap_project(p, s->natoms, true);
    if (p->act.heap) asp_heap_project_reset(p);
}

bool asp_prop_projected(void *ctx, size_t atom)
{
    const AspProp *p = ((AspSolver *)ctx)->prop;
    return p->proj.pos && p->proj.pos[atom] != NONE;
}

bool asp_prop_given(void *ctx)
{
    AspProp *p = ((AspSolver *)ctx)->prop;
    bool given = p->proj.given;
    p->proj.given = false;
    return given;
}

void asp_prop_give(AspSolver *s)
{
    s->prop->proj.given = true;
}
