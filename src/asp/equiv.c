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

/* The rules that define their heads alone (the twins' candidates): rules, literals and
 * weights as the program keeps them, or copies of them when its rules are packed (read one
 * at a time, asp_rules_each); `alone` lists them by their place in `rules`. */
typedef struct Bodies {
    const AspRule *rules;
    const AspAtom *lits;
    const uint32_t *weights;
    VEC(AspRule) own;             /* the copies (packed rules) */
    VEC(AspAtom) own_lits;
    VEC(uint32_t) own_weights;
    VEC(uint32_t) alone;
} Bodies;

typedef struct Equiv {
    uint8_t *count;               /* per program atom: rules with it in their head (at most 2) */
    uint32_t *rep;
    size_t merged;
    bool disjunctive;
    size_t at;                    /* the place of the rule being read */
    bool packed;                  /* the program's rules are packed */
    Bodies b;
} Equiv;

/* Pass one (an AspRuleFn): how many rules have each atom in their head (saturating at 2). */
static void count_heads(void *ctx, const AspRule *r, const AspAtom *lits, const uint32_t *weights)
{
    (void)weights;
    Equiv *e = ctx;
    e->disjunctive |= r->kind == ASP_DISJUNCTION;
    if (r->kind == ASP_CONSTRAINT) return;
    for (uint32_t h = 0; h < r->nhead; h++) {
        uint8_t *c = &e->count[lits[r->head + h]];
        if (*c < 2) (*c)++;
    }
}

/* Is rule r `a :- b`, a normal rule with one positive body atom other than its head? */
static bool copies_one_atom(const AspRule *r, const AspAtom *lits)
{
    return r->kind == ASP_NORMAL && r->nhead == 1 && r->wts == ASP_NO_WEIGHTS && r->npos == 1
        && r->nneg == 0 && lits[asp_rule_pos(r)] != lits[r->head];
}

/* Is rule r its head's only rule, a normal one whose body is not empty (facts are true
 * anyway: nothing to gain from one class of them all) and does not name that head? */
static bool defines_alone(const AspRule *r, const AspAtom *lits, const uint8_t *count)
{
    if (r->kind != ASP_NORMAL || r->nhead != 1 || r->npos + r->nneg == 0) return false;
    AspAtom h = lits[r->head];
    if (count[h] != 1) return false;
    for (uint32_t k = asp_rule_pos(r); k < asp_rule_neg(r) + r->nneg; k++)
        if (lits[k] == h) return false;
    return true;
}

/* The body of candidate key - 1 (its literals, then its bound and weights), as the table
 * sees it. */
static uint64_t body_hash(const void *ctx, uint64_t key)
{
    const Bodies *b = ctx;
    const AspRule *r = &b->rules[key - 1];
    uint64_t h = 1469598103934665603ull ^ ((uint64_t)r->npos << 32 | r->nneg);
    for (uint32_t k = asp_rule_pos(r); k < asp_rule_neg(r) + r->nneg; k++)
        h = (h ^ b->lits[k]) * 1099511628211ull;
    if (r->wts != ASP_NO_WEIGHTS)
        for (uint32_t k = 0; k <= r->npos + r->nneg; k++) h = (h ^ b->weights[r->wts + k]) * 1099511628211ull;
    return h;
}

static bool same_body(const void *ctx, uint64_t x, uint64_t y)
{
    const Bodies *b = ctx;
    const AspRule *ra = &b->rules[x - 1], *rb = &b->rules[y - 1];
    if (ra->npos != rb->npos || ra->nneg != rb->nneg || (ra->wts == ASP_NO_WEIGHTS) != (rb->wts == ASP_NO_WEIGHTS))
        return false;
    uint32_t n = ra->npos + ra->nneg;
    if (memcmp(b->lits + asp_rule_pos(ra), b->lits + asp_rule_pos(rb), n * sizeof(AspAtom)))
        return false;
    return ra->wts == ASP_NO_WEIGHTS
        || !memcmp(b->weights + ra->wts, b->weights + rb->wts, (n + 1) * sizeof(uint32_t));
}

/* Joins the classes of a and b (a's under b's); false when they were one already. */
static bool join(uint32_t *rep, uint32_t a, uint32_t b)
{
    uint32_t ra = find(rep, a), rb = find(rep, b);
    if (ra == rb) return false;
    rep[ra] = rb;
    return true;
}

/* Rule r copied into the candidates' own store (a packed program's rule). */
static void copy_rule(Bodies *b, const AspRule *r, const AspAtom *lits, const uint32_t *weights)
{
    AspRule c = *r;
    c.head = (uint32_t)b->own_lits.count;
    for (uint32_t k = 0; k < 1 + r->npos + r->nneg; k++) VEC_PUSH(b->own_lits, lits[r->head + k]);
    if (r->wts != ASP_NO_WEIGHTS) {
        c.wts = (uint32_t)b->own_weights.count;
        for (uint32_t k = 0; k <= r->npos + r->nneg; k++) VEC_PUSH(b->own_weights, weights[r->wts + k]);
    }
    VEC_PUSH(b->alone, (uint32_t)b->own.count);
    VEC_PUSH(b->own, c);
}

/* Pass two (an AspRuleFn): each atom whose only rule is `a :- b` joined to b's class (the
 * root keeps its rules; a cycle closed: none of it), each rule that defines its head alone
 * kept as a twins' candidate. */
static void join_copies(void *ctx, const AspRule *r, const AspAtom *lits, const uint32_t *weights)
{
    Equiv *e = ctx;
    size_t at = e->at++;
    if (copies_one_atom(r, lits) && e->count[lits[r->head]] == 1)
        e->merged += join(e->rep, lits[r->head], lits[asp_rule_pos(r)]);
    if (!defines_alone(r, lits, e->count)) return;
    if (e->packed) copy_rule(&e->b, r, lits, weights);
    else VEC_PUSH(e->b.alone, (uint32_t)at);
}

/* The heads of rules with the same body, each its head's only rule, joined. */
static size_t join_twins(Bodies *b, uint32_t *rep)
{
    if (b->own.count) {
        b->rules = b->own.items;
        b->lits = b->own_lits.items;
        b->weights = b->own_weights.items;
    }
    HashMap bodies;
    hashmap_init(&bodies, 64, body_hash, same_body, b);
    size_t merged = 0;
    for (size_t k = 0; k < b->alone.count; k++) {
        uint64_t i = b->alone.items[k];
        if (hashmap_add(&bodies, i + 1, i + 1)) continue;
        uint64_t twin;
        hashmap_get(&bodies, i + 1, &twin);
        merged += join(rep, b->lits[b->rules[i].head], b->lits[b->rules[twin - 1].head]);
    }
    hashmap_free(&bodies);
    return merged;
}

uint32_t *asp_equiv_atoms(const AspProgram *p, size_t *merged)
{
    size_t np = p->names.count;
    *merged = 0;
    Equiv e = { .packed = p->rules_packed > 0,
                .b = { p->rules.items, p->lits.items, p->weights.items } };
    e.count = mem_calloc(np + 1, 1);
    asp_rules_each(p, count_heads, &e);
    if (e.disjunctive) {                      /* shifting needs every head atom apart */
        mem_free(e.count);
        return NULL;
    }
    e.rep = mem_alloc((np + 1) * sizeof *e.rep);
    for (size_t a = 0; a < np; a++) e.rep[a] = (uint32_t)a;
    asp_rules_each(p, join_copies, &e);
    e.merged += join_twins(&e.b, e.rep);
    MEM_FREE_ALL(e.count, e.b.own.items, e.b.own_lits.items, e.b.own_weights.items, e.b.alone.items);
    *merged = e.merged;
    if (!*merged) {
        mem_free(e.rep);
        return NULL;
    }
    for (size_t a = 0; a < np; a++) e.rep[a] = find(e.rep, (uint32_t)a);
    return e.rep;
}
