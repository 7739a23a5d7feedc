/* minsatdb.c: the store of minimal.c's satisfiability solver (minsat.h): its variables and
 * their values (the trail), the clauses (given and learnt,
 * in one array, each watched by its first two literals), and the removal of the longer half
 * of the learnt clauses when they grow too many (on level 0, where no reason is read
 * again). */
#include "asp/minsatdb.h"

#include <stdlib.h>

#define NONE UINT32_MAX

MinSat *minsat_new(void)
{
    MinSat *q = mem_calloc(1, sizeof *q);
    q->max_learnts = 2000;
    return q;
}

void minsat_free(MinSat *q)
{
    if (!q) return;
    for (size_t l = 0; l < 2 * q->nvars; l++) VEC_FREE(q->watch[l]);
    MEM_FREE_ALL(q->var, q->lval, q->seen, q->watch, q->arena.items, q->learnts.items, q->rules.items,
                 q->rlit.items, q->rweight.items, q->ooff, q->occ, q->trail.items, q->lim.items,
                 q->why.items, q->learnt.items, q->clauses.items, q->dec.items, q->qprev, q->qnext, q->qstamp,
                 q->qkeys.items, q->bumped.items);
    mem_free(q);
}

void minsat_assign(MinSat *q, MinLit l, uint8_t kind, uint32_t ref)
{
    uint32_t v = l >> 1;
    q->lval[l] = 1;
    q->lval[l ^ 1] = -1;
    q->var[v].level = (uint32_t)q->lim.count;
    q->var[v].tpos = (uint32_t)q->trail.count;
    q->var[v].kind = kind;
    q->var[v].ref = ref;
    VEC_PUSH(q->trail, l);
}

static void grow(MinSat *q)
{
    size_t cap = q->vcap ? 2 * q->vcap : 64;
    q->var = mem_realloc(q->var, cap * sizeof *q->var);
    q->seen = mem_realloc(q->seen, cap);
    q->lval = mem_realloc(q->lval, 2 * cap);
    q->watch = mem_realloc(q->watch, 2 * cap * sizeof *q->watch);
    memset(q->watch + 2 * q->vcap, 0, 2 * (cap - q->vcap) * sizeof *q->watch);
    q->vcap = cap;
}

static uint32_t new_var(MinSat *q, bool input, bool derived)
{
    if (q->nvars == q->vcap) grow(q);
    uint32_t v = (uint32_t)q->nvars++;
    q->var[v] = (MinVar){ 0, 0, 0, MS_DECIDED, 1, input, derived };
    q->seen[v] = 0;
    q->lval[2 * v] = q->lval[2 * v + 1] = 0;
    return v;
}

uint32_t minsat_var(MinSat *q) { return new_var(q, false, false); }

uint32_t minsat_input_var(MinSat *q) { return new_var(q, true, false); }

uint32_t minsat_derived_var(MinSat *q) { return new_var(q, false, true); }

static uint32_t store(MinSat *q, const MinLit *lits, size_t n)
{
    uint32_t c = (uint32_t)q->arena.count;
    VEC_PUSH(q->arena, (uint32_t)n);
    VEC_PUSH(q->arena, 0);
    for (size_t i = 0; i < n; i++) VEC_PUSH(q->arena, lits[i]);
    VEC_PUSH(q->watch[lits[0]], c);
    VEC_PUSH(q->watch[lits[1]], c);
    return c;
}

void minsat_clause(MinSat *q, const MinLit *lits, size_t n)
{
    MinLit *k = mem_alloc((n + 1) * sizeof *k);
    size_t m = 0;
    bool tautology = false;
    for (size_t i = 0; i < n; i++) {          /* seen: 1 + the sign of the literal kept */
        uint8_t *mark = &q->seen[lits[i] >> 1];
        if (*mark == 2 - (lits[i] & 1)) tautology = true;
        else if (!*mark) {
            *mark = (uint8_t)(1 + (lits[i] & 1));
            k[m++] = lits[i];
        }
    }
    for (size_t i = 0; i < m; i++) q->seen[k[i] >> 1] = 0;
    if (tautology) {}
    else if (m == 0) q->broken = true;
    else if (m == 1) {
        if (minsat_value(q, k[0]) == -1) q->broken = true;
        else if (!minsat_value(q, k[0])) minsat_assign(q, k[0], MS_ASSUMED, 0);
    } else VEC_PUSH(q->clauses, store(q, k, m));
    mem_free(k);
}

uint32_t minsat_learnt_add(MinSat *q, const MinLit *lits, size_t n)
{
    uint32_t c = store(q, lits, n);
    VEC_PUSH(q->learnts, c);
    return c;
}

typedef struct Kept { uint32_t length, at; } Kept;

/* Shorter first, then newer. */
static int by_length(const void *a, const void *b)
{
    const Kept *x = a, *y = b;
    if (x->length != y->length) return (x->length > y->length) - (x->length < y->length);
    return (x->at < y->at) - (x->at > y->at);
}

/* Clause c of old without its literals false on level 0 into lits; false when one is true
 * there (the clause is dropped).  On a propagated level 0 at least two are left. */
static bool simplified(const MinSat *q, const uint32_t *old, uint32_t c, U32s *lits)
{
    lits->count = 0;
    for (uint32_t i = 0; i < old[c]; i++) {
        MinLit l = old[c + 2 + i];
        if (minsat_value(q, l) == 1) return false;
        if (!minsat_value(q, l)) VEC_PUSH(*lits, l);
    }
    return true;
}

/* The given clauses and the kept learnt ones (keep of them, in kept) copied to a new
 * array, simplified by level 0 and watched again. */
static void compact(MinSat *q, const Kept *kept, size_t keep)
{
    U32s old = q->arena, given = q->clauses, lits = { 0 };
    q->arena = (U32s){ 0 };
    q->clauses = (U32s){ 0 };
    q->learnts.count = 0;
    for (size_t l = 0; l < 2 * q->nvars; l++) q->watch[l].count = 0;
    for (size_t i = 0; i < given.count; i++)
        if (simplified(q, old.items, given.items[i], &lits)) VEC_PUSH(q->clauses, store(q, lits.items, lits.count));
    for (size_t i = 0; i < keep; i++)
        if (simplified(q, old.items, kept[i].at, &lits)) minsat_learnt_add(q, lits.items, lits.count);
    MEM_FREE_ALL(old.items, given.items, lits.items);
}

/* The longer half of the learnt clauses dropped, on level 0 once it is propagated (no
 * reason is read again). */
void minsat_learnt_reduce(MinSat *q)
{
    size_t n = q->learnts.count;
    Kept *kept = mem_alloc(n * sizeof *kept);
    for (size_t i = 0; i < n; i++) kept[i] = (Kept){ q->arena.items[q->learnts.items[i]], q->learnts.items[i] };
    qsort(kept, n, sizeof *kept, by_length);
    compact(q, kept, n / 2);
    mem_free(kept);
    q->max_learnts += q->max_learnts / 10;
}
