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

/* What one pass over the rules, in order, notes per program atom (asp_equiv_note): how many
 * rules have it in their head (at most 3), and of its first rule its place, the atom b when
 * it is `a :- b`, and its body's hash when it may define the atom alone (defines_alone). */
struct AspEquivNotes {
    size_t np, at;                /* program atoms; the place of the next rule */
    uint8_t *count;
    uint32_t *first, *copy;       /* copy: b + 1, or 0 */
    uint64_t *key;                /* 0: no such body */
    VEC(uint32_t) order;          /* the atoms in the order of their first rules */
};

AspEquivNotes *asp_equiv_begin(size_t np)
{
    AspEquivNotes *n = mem_calloc(1, sizeof *n);
    n->np = np;
    n->count = mem_calloc(np + 1, 1);
    n->first = mem_alloc((np + 1) * sizeof *n->first);
    n->copy = mem_alloc((np + 1) * sizeof *n->copy);
    n->key = mem_alloc((np + 1) * sizeof *n->key);
    return n;
}

const uint8_t *asp_equiv_heads(const AspEquivNotes *n) { return n->count; }

void asp_equiv_end(AspEquivNotes *n)
{
    if (!n) return;
    MEM_FREE_ALL(n->count, n->first, n->copy, n->key, n->order.items);
    mem_free(n);
}

/* Is rule r `a :- b`, a normal rule with one positive body atom other than its head? */
static bool copies_one_atom(const AspRule *r, const AspAtom *lits)
{
    return r->kind == ASP_NORMAL && r->nhead == 1 && r->wts == ASP_NO_WEIGHTS && r->npos == 1
        && r->nneg == 0 && lits[asp_rule_pos(r)] != lits[r->head];
}

/* Could rule r be its head's only rule, a normal one whose body is not empty (facts are true
 * anyway: nothing to gain from one class of them all) and does not name that head? */
static bool may_define_alone(const AspRule *r, const AspAtom *lits)
{
    if (r->kind != ASP_NORMAL || r->nhead != 1 || r->npos + r->nneg == 0) return false;
    AspAtom h = lits[r->head];
    for (uint32_t k = asp_rule_pos(r); k < asp_rule_neg(r) + r->nneg; k++)
        if (lits[k] == h) return false;
    return true;
}

/* Rule r's body (its literals, then its bound and weights) hashed; never 0. */
static uint64_t hash_body(const AspRule *r, const AspAtom *lits, const uint32_t *weights)
{
    uint64_t h = 1469598103934665603ull ^ ((uint64_t)r->npos << 32 | r->nneg);
    for (uint32_t k = asp_rule_pos(r); k < asp_rule_neg(r) + r->nneg; k++)
        h = (h ^ lits[k]) * 1099511628211ull;
    if (r->wts != ASP_NO_WEIGHTS)
        for (uint32_t k = 0; k <= r->npos + r->nneg; k++) h = (h ^ weights[r->wts + k]) * 1099511628211ull;
    return h ? h : 1;
}

void asp_equiv_note(AspEquivNotes *n, const AspRule *r, const AspAtom *lits, const uint32_t *weights)
{
    size_t at = n->at++;
    if (r->kind == ASP_CONSTRAINT) return;
    for (uint32_t h = 0; h < r->nhead; h++) {
        AspAtom a = lits[r->head + h];
        if (n->count[a]++) {
            if (n->count[a] > 3) n->count[a] = 3;
            continue;
        }
        n->first[a] = (uint32_t)at;
        VEC_PUSH(n->order, a);
        n->copy[a] = copies_one_atom(r, lits) ? lits[asp_rule_pos(r)] + 1 : 0;
        n->key[a] = may_define_alone(r, lits) ? hash_body(r, lits, weights) : 0;
    }
}

/* Joins the classes of a and b (a's under b's); false when they were one already. */
static bool join(uint32_t *rep, uint32_t a, uint32_t b)
{
    uint32_t ra = find(rep, a), rb = find(rep, b);
    if (ra == rb) return false;
    rep[ra] = rb;
    return true;
}

/* The atoms with one rule that is a copy (`copies`), or else may define it alone, in rule
 * order. */
static uint32_t *only_rules(const AspEquivNotes *n, bool copies, size_t *count)
{
    uint32_t *list = mem_alloc((n->order.count + 1) * sizeof *list);
    size_t k = 0;
    for (size_t i = 0; i < n->order.count; i++) {
        uint32_t a = n->order.items[i];
        if (n->count[a] == 1 && (copies ? n->copy[a] != 0 : n->key[a] != 0)) list[k++] = a;
    }
    *count = k;
    return list;
}

/* The bodies of twins' candidates: the program's rules, or copies of those whose body hash
 * another candidate shares (a packed program's, read again one at a time); by place. */
typedef struct Bodies {
    const AspRule *rules;
    const AspAtom *lits;
    const uint32_t *weights;
    VEC(AspRule) own;
    VEC(AspAtom) own_lits;
    VEC(uint32_t) own_weights;
    const uint8_t *wanted;        /* per program atom: its only rule is to be copied */
    uint32_t *slot;               /* per program atom: that copy's place in own */
    size_t at;
} Bodies;

/* An AspRuleFn: rule r copied when its head is wanted (it is that atom's only rule). */
static void copy_wanted(void *ctx, const AspRule *r, const AspAtom *lits, const uint32_t *weights)
{
    Bodies *b = ctx;
    b->at++;
    if (r->kind != ASP_NORMAL || r->nhead != 1 || !b->wanted[lits[r->head]]) return;
    AspRule c = *r;
    c.head = (uint32_t)b->own_lits.count;
    for (uint32_t k = 0; k < 1 + r->npos + r->nneg; k++) VEC_PUSH(b->own_lits, lits[r->head + k]);
    if (r->wts != ASP_NO_WEIGHTS) {
        c.wts = (uint32_t)b->own_weights.count;
        for (uint32_t k = 0; k <= r->npos + r->nneg; k++) VEC_PUSH(b->own_weights, weights[r->wts + k]);
    }
    b->slot[lits[r->head]] = (uint32_t)b->own.count;
    VEC_PUSH(b->own, c);
}

/* Candidate key - 1's body hashed, as the table sees it (its place in b's rules). */
static uint64_t body_hash(const void *ctx, uint64_t key)
{
    const Bodies *b = ctx;
    return hash_body(&b->rules[key - 1], b->lits, b->weights);
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

/* A body hash as its own table hash (hash_body's values are spread and never 0). */
static uint64_t key_itself(const void *ctx, uint64_t key)
{
    (void)ctx;
    return key;
}

/* Per candidate whether another shares its body's hash (a table of the hashes, each with
 * how many candidates have it, up to 2); false when none does. */
static bool shared_keys(const AspEquivNotes *n, const uint32_t *list, size_t k, uint8_t *shared)
{
    size_t cap = 4;
    while (cap < 2 * k) cap *= 2;                 /* room for all: the table never grows */
    HashMap seen;
    hashmap_init(&seen, cap, key_itself, NULL, NULL);
    for (size_t i = 0; i < k; i++) {
        uint64_t key = n->key[list[i]], times = 0;
        hashmap_get(&seen, key, &times);
        if (times < 2) hashmap_put(&seen, key, times + 1);
    }
    bool any = false;
    for (size_t i = 0; i < k; i++) {
        uint64_t times = 0;
        hashmap_get(&seen, n->key[list[i]], &times);
        shared[list[i]] = times > 1;
        any |= times > 1;
    }
    hashmap_free(&seen);
    return any;
}

/* The heads of rules with the same body, each its head's only rule, joined, in rule order
 * (the class's atom is the first's, as a table filled in rule order makes it). */
static size_t join_twins(const AspProgram *p, const AspEquivNotes *n, uint32_t *rep)
{
    size_t k;
    uint32_t *list = only_rules(n, false, &k);
    uint8_t *shared = mem_calloc(n->np + 1, 1);
    size_t merged = 0;
    if (shared_keys(n, list, k, shared)) {
        Bodies b = { .rules = p->rules.items, .lits = p->lits.items, .weights = p->weights.items };
        bool packed = p->rules_packed > 0;
        if (packed) {
            b.wanted = shared;
            b.slot = mem_alloc((n->np + 1) * sizeof *b.slot);
            asp_rules_each(p, copy_wanted, &b);
            b.rules = b.own.items;
            b.lits = b.own_lits.items;
            b.weights = b.own_weights.items;
        }
        HashMap bodies;
        hashmap_init(&bodies, 64, body_hash, same_body, &b);
        for (size_t i = 0; i < k; i++) {
            AspAtom a = list[i];
            if (!shared[a]) continue;
            uint64_t at = (uint64_t)(packed ? b.slot[a] : n->first[a]) + 1, twin;
            if (hashmap_add(&bodies, at, at)) continue;
            hashmap_get(&bodies, at, &twin);
            merged += join(rep, a, b.lits[b.rules[twin - 1].head]);
        }
        hashmap_free(&bodies);
        MEM_FREE_ALL(b.slot, b.own.items, b.own_lits.items, b.own_weights.items);
    }
    mem_free(shared);
    mem_free(list);
    return merged;
}

uint32_t *asp_equiv_atoms(const AspProgram *p, const AspEquivNotes *n, size_t *merged)
{
    size_t np = n->np, k;
    uint32_t *rep = mem_alloc((np + 1) * sizeof *rep);
    for (size_t a = 0; a < np; a++) rep[a] = (uint32_t)a;
    /* each atom whose only rule is `a :- b` under b's class, in rule order (the root keeps
     * its rules; a cycle closed: none of it) */
    uint32_t *list = only_rules(n, true, &k);
    *merged = 0;
    for (size_t i = 0; i < k; i++) {
        AspAtom a = list[i];
        *merged += join(rep, a, n->copy[a] - 1);
    }
    mem_free(list);
    *merged += join_twins(p, n, rep);
    if (!*merged) {
        mem_free(rep);
        return NULL;
    }
    for (size_t a = 0; a < np; a++) rep[a] = find(rep, (uint32_t)a);
    return rep;
}
