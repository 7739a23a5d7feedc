/* equiv.c: equivalent atoms found before the search (asp_equiv_atoms, internal.h): an atom
 * whose only rule is `a :- b` (one positive body atom) is true in a stable model exactly when
 * b is, so the solver gives both one lattice atom (solver.c) and each propagation, undo and
 * nogood touches one variable instead of two (clasp's atom-atom equivalences).  Chains
 * `a :- b. b :- c.` fall into one class; a cycle of such atoms with no other rule becomes one
 * atom without a rule, false, as each of them is.
 * Two atoms whose only rules have the same body (the same literals in the same order, the
 * same weights and bound; a body that names neither head) are true exactly when that body
 * holds, so they are one class too (clasp's body-atom equivalences).  gringo writes such
 * twins for `N = #count { ... }`: one weight atom `#count >= N + 1` for load(W,N) and another
 * for load(W,N+1)'s `#count >= N + 1`; apart, a load atom made false told nothing about the
 * next one's bound (tests/asp/compete/weak.lp's overload level alone, 16 tasks on workers of
 * capacities 1, 3 and 1: 76 421 conflicts to prove that every assignment overloads one, 38
 * so; clasp 42). */
#include "asp/internal.h"
#include "util/hashmap.h"

#include <string.h>

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

/* Is rule r its head's only rule, a normal one whose body is not empty (facts are true
 * anyway: nothing to gain from one class of them all) and does not name that head? */
static bool defines_alone(const AspProgram *p, const AspRule *r, const uint8_t *count)
{
    if (r->kind != ASP_NORMAL || r->nhead != 1 || r->npos + r->nneg == 0) return false;
    AspAtom h = p->lits.items[r->head];
    if (count[h] != 1) return false;
    for (uint32_t k = asp_rule_pos(r); k < asp_rule_neg(r) + r->nneg; k++)
        if (p->lits.items[k] == h) return false;
    return true;
}

/* The body of rule key - 1 (its literals, then its bound and weights), as the table sees it. */
static uint64_t body_hash(const void *ctx, uint64_t key)
{
    const AspProgram *p = ctx;
    const AspRule *r = &p->rules.items[key - 1];
    uint64_t h = 1469598103934665603ull ^ ((uint64_t)r->npos << 32 | r->nneg);
    for (uint32_t k = asp_rule_pos(r); k < asp_rule_neg(r) + r->nneg; k++)
        h = (h ^ p->lits.items[k]) * 1099511628211ull;
    if (r->wts != ASP_NO_WEIGHTS)
        for (uint32_t k = 0; k <= r->npos + r->nneg; k++) h = (h ^ p->weights.items[r->wts + k]) * 1099511628211ull;
    return h;
}

static bool same_body(const void *ctx, uint64_t x, uint64_t y)
{
    const AspProgram *p = ctx;
    const AspRule *a = &p->rules.items[x - 1], *b = &p->rules.items[y - 1];
    if (a->npos != b->npos || a->nneg != b->nneg || (a->wts == ASP_NO_WEIGHTS) != (b->wts == ASP_NO_WEIGHTS))
        return false;
    uint32_t n = a->npos + a->nneg;
    if (memcmp(p->lits.items + asp_rule_pos(a), p->lits.items + asp_rule_pos(b), n * sizeof(AspAtom)))
        return false;
    return a->wts == ASP_NO_WEIGHTS
        || !memcmp(p->weights.items + a->wts, p->weights.items + b->wts, (n + 1) * sizeof(uint32_t));
}

/* Joins the classes of a and b (a's under b's); false when they were one already. */
static bool join(uint32_t *rep, uint32_t a, uint32_t b)
{
    uint32_t ra = find(rep, a), rb = find(rep, b);
    if (ra == rb) return false;
    rep[ra] = rb;
    return true;
}

/* The heads of rules with the same body, each its head's only rule, joined. */
static size_t join_twins(const AspProgram *p, const uint8_t *count, uint32_t *rep)
{
    HashMap bodies;
    hashmap_init(&bodies, 64, body_hash, same_body, p);
    size_t merged = 0;
    for (size_t i = 0; i < p->rules.count; i++) {
        const AspRule *r = &p->rules.items[i];
        if (!defines_alone(p, r, count) || hashmap_add(&bodies, i + 1, i + 1)) continue;
        uint64_t twin;
        hashmap_get(&bodies, i + 1, &twin);
        merged += join(rep, p->lits.items[r->head], p->lits.items[p->rules.items[twin - 1].head]);
    }
    hashmap_free(&bodies);
    return merged;
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
        /* a's class under b's: the root keeps its rules (a cycle closed: none of it) */
        *merged += join(rep, a, b);
    }
    *merged += join_twins(p, count, rep);
    mem_free(count);
    if (!*merged) {
        mem_free(rep);
        return NULL;
    }
    for (size_t a = 0; a < np; a++) rep[a] = find(rep, (uint32_t)a);
    return rep;
}
