/* fold.c: definitions folded before the compilation (asp_fold_atoms, internal.h).  An atom a
 * whose rules are all `a :- l` (one body literal each, the set S_a of them) and an atom b
 * whose rules are all `b :- l` with S_b = S_a minus one literal k: a's rules may become
 * `a :- b. a :- k.`, since unfolding `a :- b` by b's rules gives a's rules back, and
 * unfolding (partial evaluation of a positive body atom by its rules) keeps the stable models
 * and the well-founded model (Brass and Dix).  gringo writes such nested sets for
 * `before(X) :- c(Y), Y < X`: the colouring of tests/asp/compete/colour.lp on 1 500 nodes has
 * 3.37 million such rules, a set of up to 1 499 literals a head, and folds to 9 000 rules.
 * Candidates are found by hashing each set as the sum of its literals' hashes: S_a minus one
 * literal k hashes to H(S_a) - h(k), looked up in a table of the sets; a candidate is
 * checked literal by literal, so a collision only costs a check. */
#include "asp/internal.h"

#include <string.h>

#define NOT_SIMPLE UINT32_MAX      /* the atom has a rule that is not `a :- l` */

typedef struct Sets {
    const AspProgram *p;
    const uint32_t *rep;          /* NULL, or per program atom its class's atom (equiv.c) */
    uint32_t *count;              /* per program atom: its rules `a :- l`, or NOT_SIMPLE */
    uint64_t *hash;               /* per program atom: the sum of its literals' hashes */
    uint32_t *start;              /* per program atom: where its literals start in lits */
    uint32_t *lits;               /* the sets' literals (2 * atom + 1 when negative) */
} Sets;

static uint32_t rep_of(const Sets *s, AspAtom a) { return s->rep ? s->rep[a] : a; }

static uint64_t lit_hash(uint32_t lit)
{
    uint64_t z = (uint64_t)lit + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Rule r as `a :- l`: its one body literal's code, or NOT_SIMPLE. */
static uint32_t simple_lit(const Sets *s, const AspRule *r, const AspAtom *lits)
{
    if (r->kind != ASP_NORMAL || r->nhead != 1 || r->wts != ASP_NO_WEIGHTS || r->npos + r->nneg != 1)
        return NOT_SIMPLE;
    AspAtom h = lits[r->head], x = rep_of(s, lits[asp_rule_pos(r)]);
    if (r->npos && x == rep_of(s, h)) return NOT_SIMPLE;           /* a :- a */
    return 2 * x + (r->nneg != 0);
}

/* Is rule r's head merged away (its rule is not compiled, solver.c)? */
static bool merged_away(const Sets *s, AspAtom h) { return s->rep && s->rep[h] != h; }

/* Pass one (an AspRuleFn): each head's count of rules `a :- l` and the sum of their hashes. */
static void note_rule(void *ctx, const AspRule *r, const AspAtom *lits, const uint32_t *weights)
{
    (void)weights;
    Sets *s = ctx;
    if (r->kind == ASP_CONSTRAINT) return;
    uint32_t lit = simple_lit(s, r, lits);
    for (uint32_t k = 0; k < r->nhead; k++) {
        AspAtom h = lits[r->head + k];
        if (merged_away(s, h) && r->kind == ASP_NORMAL) continue;
        if (lit == NOT_SIMPLE || s->count[h] == NOT_SIMPLE) {
            s->count[h] = NOT_SIMPLE;
            continue;
        }
        s->count[h]++;
        s->hash[h] += lit_hash(lit);
    }
}

/* Pass two (an AspRuleFn): the literals of each set, start[a] moved past them. */
static void place_rule(void *ctx, const AspRule *r, const AspAtom *lits, const uint32_t *weights)
{
    (void)weights;
    Sets *s = ctx;
    if (r->kind != ASP_NORMAL || r->nhead != 1) return;
    AspAtom h = lits[r->head];
    if (merged_away(s, h) || s->count[h] == NOT_SIMPLE || s->count[h] < 2) return;
    s->lits[s->start[h]++] = simple_lit(s, r, lits);
}

/* An open-addressing table of the atoms with sets of two or more literals, by hash. */
typedef struct Table { uint32_t *slot; size_t mask; } Table;

static void table_add(Table *t, const Sets *s, uint32_t a)
{
    size_t i = (size_t)s->hash[a] & t->mask;
    while (t->slot[i]) i = (i + 1) & t->mask;
    t->slot[i] = a + 1;
}

/* Is atom b's set that of a (marked `stamp` in mark) without literal k? */
static bool set_minus(const Sets *s, const uint32_t *mark, uint32_t stamp, uint32_t b, uint32_t k)
{
    const uint32_t *l = s->lits + s->start[b], *end = s->lits + s->start[b] + s->count[b];
    for (; l < end; l++)
        if (*l == k || mark[*l] != stamp) return false;
    return true;
}

/* The set of a without one of its literals, if some atom has it: that atom, the literal left
 * in *keep; else NOT_SIMPLE.  a's literals are marked `stamp` and distinct. */
static uint32_t fold_of(const Sets *s, const Table *t, const uint32_t *mark, uint32_t stamp,
                        uint32_t a, uint32_t *keep)
{
    const uint32_t *l = s->lits + s->start[a];
    for (uint32_t i = 0; i < s->count[a]; i++) {
        uint64_t want = s->hash[a] - lit_hash(l[i]);
        for (size_t j = (size_t)want & t->mask; t->slot[j]; j = (j + 1) & t->mask) {
            uint32_t b = t->slot[j] - 1;
            if (s->hash[b] != want || b == a || s->count[b] + 1 != s->count[a] || l[i] == 2 * b)
                continue;
            if (set_minus(s, mark, stamp, b, l[i])) {
                *keep = l[i];
                return b;
            }
        }
    }
    return NOT_SIMPLE;
}

/* The folds, once the sets are placed: per atom with three or more distinct literals, the
 * atom it folds onto and the literal it keeps; NULL when none folds. */
static AspFold *find_folds(const Sets *s, size_t np, size_t *folded)
{
    size_t nsets = 0;
    for (size_t a = 0; a < np; a++) nsets += s->count[a] != NOT_SIMPLE && s->count[a] >= 2;
    size_t cap = 4;
    while (cap < 2 * nsets) cap *= 2;
    Table t = { mem_calloc(cap, sizeof *t.slot), cap - 1 };
    for (size_t a = 0; a < np; a++)
        if (s->count[a] != NOT_SIMPLE && s->count[a] >= 2) table_add(&t, s, (uint32_t)a);
    uint32_t *mark = mem_calloc(2 * np + 2, sizeof *mark), stamp = 0;
    AspFold *fold = NULL;
    for (size_t a = 0; a < np; a++) {
        if (s->count[a] == NOT_SIMPLE || s->count[a] < 3) continue;
        bool distinct = true;
        stamp++;
        for (uint32_t i = 0; i < s->count[a]; i++) {
            uint32_t *m = &mark[s->lits[s->start[a] + i]];
            distinct &= *m != stamp;
            *m = stamp;
        }
        uint32_t keep, onto = distinct ? fold_of(s, &t, mark, stamp, (uint32_t)a, &keep) : NOT_SIMPLE;
        if (onto == NOT_SIMPLE) continue;
        if (!fold) fold = mem_calloc(np + 1, sizeof *fold);
        fold[a] = (AspFold){ onto + 1, keep };
        (*folded)++;
    }
    mem_free(mark);
    mem_free(t.slot);
    return fold;
}

AspFold *asp_fold_atoms(const AspProgram *p, const uint32_t *rep, const uint8_t *heads,
                        size_t *folded)
{
    size_t np = p->names.count, candidates = 0;
    *folded = 0;
    for (size_t a = 0; a < np; a++) candidates += heads[a] >= 3;
    if (!candidates) return NULL;
    Sets s = { .p = p, .rep = rep };
    s.count = mem_calloc(np + 1, sizeof *s.count);
    s.hash = mem_calloc(np + 1, sizeof *s.hash);
    asp_rules_each(p, note_rule, &s);
    size_t total = 0, big = 0;
    s.start = mem_alloc((np + 1) * sizeof *s.start);
    for (size_t a = 0; a < np; a++) {
        s.start[a] = (uint32_t)total;
        if (s.count[a] != NOT_SIMPLE && s.count[a] >= 2) total += s.count[a];
        big += s.count[a] != NOT_SIMPLE && s.count[a] >= 3;
    }
    AspFold *fold = NULL;
    if (big && total < UINT32_MAX) {
        s.lits = mem_alloc((total + 1) * sizeof *s.lits);
        asp_rules_each(p, place_rule, &s);
        for (size_t a = 0; a < np; a++)                   /* place_rule moved each start on */
            if (s.count[a] != NOT_SIMPLE && s.count[a] >= 2) s.start[a] -= s.count[a];
        fold = find_folds(&s, np, folded);
        mem_free(s.lits);
    }
    mem_free(s.start);
    mem_free(s.hash);
    mem_free(s.count);
    return fold;
}
