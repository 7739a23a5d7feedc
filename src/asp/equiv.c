/* equiv.c: equivalent atoms found before the search (asp_equiv_atoms, internal.h): an atom
 * whose only rule is `a :- b` (one positive body atom) is true in a stable model exactly when
 * b is, so the solver gives both one lattice atom (solver.c) and each propagation, undo and
 * nogood touches one variable instead of two (clasp's atom-atom equivalences).  Chains
 * `a :- b. b :- c.` fall into one class; a cycle of such atoms with no other rule becomes one
 * atom without a rule, false, as each of them is. */
#include "asp/internal.h"

/* The class root of atom a, halving the path on the way. */
static uint32_t find(uint32_t *parent, uint32_t a)
{
    while (parent[a] != a) {
        parent[a] = parent[parent[a]];
        a = parent[a];
    }
    return a;
}

/* Per program atom: how many rules have it in their head (saturating at 2). */
static uint8_t *head_counts(const AspProgram *p)
{
    size_t np = p->names.count;
    uint8_t *count = mem_calloc(np + 1, 1);
    for (size_t i = 0; i < p->rules.count; i++) {
        const AspRule *r = &p->rules.items[i];
        if (r->kind == ASP_CONSTRAINT) continue;
        for (uint32_t h = 0; h < r->nhead; h++) {
            uint8_t *c = &count[p->lits.items[r->head + h]];
            if (*c < 2) (*c)++;
        }
    }
    return count;
}

/* Is rule r `a :- b`, a normal rule with one positive body atom other than its head? */
static bool copies_one_atom(const AspProgram *p, const AspRule *r)
{
    return r->kind == ASP_NORMAL && r->nhead == 1 && r->wts == ASP_NO_WEIGHTS && r->npos == 1
        && r->nneg == 0 && p->lits.items[asp_rule_pos(r)] != p->lits.items[r->head];
}

uint32_t *asp_equiv_atoms(const AspProgram *p, size_t *merged)
{
    size_t np = p->names.count;
    *merged = 0;
    for (size_t i = 0; i < p->rules.count; i++)      /* shifting needs every head atom apart */
        if (p->rules.items[i].kind == ASP_DISJUNCTION) return NULL;
    uint8_t *count = head_counts(p);
    uint32_t *rep = mem_alloc((np + 1) * sizeof *rep);
    for (size_t a = 0; a < np; a++) rep[a] = (uint32_t)a;
    for (size_t i = 0; i < p->rules.count; i++) {
        const AspRule *r = &p->rules.items[i];
        if (!copies_one_atom(p, r)) continue;
        AspAtom a = p->lits.items[r->head], b = p->lits.items[asp_rule_pos(r)];
        if (count[a] != 1) continue;
        uint32_t ra = find(rep, a), rb = find(rep, b);
        if (ra == rb) continue;          /* a cycle closed: the class keeps no rule of it */
        rep[ra] = rb;                    /* a's class under b's: the root keeps its rules */
        (*merged)++;
    }
    mem_free(count);
    if (!*merged) {
        mem_free(rep);
        return NULL;
    }
    for (size_t a = 0; a < np; a++) rep[a] = find(rep, (uint32_t)a);
    return rep;
}
