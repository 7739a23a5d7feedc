/* explain.c: the reasons of explain.h, computed once for every atom: least heights of the
 * true atoms by a breadth-first derivation (a rule fires when the last atom of its positive
 * body is derived: the queue's heights never decrease, so each atom gets its least height),
 * and ranks of the false atoms by the dual breadth-first pass (a rule dies with its first
 * failing literal; an atom is ranked when its last rule dies). */
#include "asp/explain.h"

#include <string.h>

#include "asp/internal.h"

struct AspExplain {
    const AspProgram *p;
    const uint8_t *val;
    bool model;
    size_t natoms, nrules;
    uint32_t *hoff, *hrules;      /* rules with atom a in the head */
    uint32_t *poff, *prules;      /* rules with atom a in the positive body (with repeats) */
    uint32_t *pw;                 /* the weight of each entry of prules (weight bodies) */
    uint32_t *height, *support;   /* true atoms */
    uint32_t *rank;               /* false atoms */
};

static AspTruth value(const AspExplain *e, AspAtom a) { return (AspTruth)e->val[a]; }

/* The value of literal (a, negative). */
static AspTruth lit_value(const AspExplain *e, AspAtom a, bool negative)
{
    AspTruth v = value(e, a);
    return negative ? (AspTruth)(ASP_IS_TRUE - v) : v;
}

bool asp_explain_lit_fails(const AspExplain *e, AspAtom atom, bool negative)
{
    return lit_value(e, atom, negative) == ASP_IS_FALSE;
}

/* The weight of body literal k (pos then neg) of a view. */
static uint32_t weight_of(const AspRuleView *v, size_t k) { return v->weights ? v->weights[k] : 1; }
static uint32_t bound_of(const AspRuleView *v) { return v->weights ? v->bound : (uint32_t)(v->npos + v->nneg); }
static AspAtom lit_atom(const AspRuleView *v, size_t k) { return k < v->npos ? v->pos[k] : v->neg[k - v->npos]; }

/* The occurrence lists: head atoms and positive body atoms of each rule. */
static void index_rules(AspExplain *e)
{
    size_t nr = e->nrules;
    uint32_t *hstart = mem_alloc((nr + 1) * sizeof *hstart), *pstart = mem_alloc((nr + 1) * sizeof *pstart);
    VEC(uint32_t) hk = {0};
    VEC(uint32_t) pk = {0};
    VEC(uint32_t) w = {0};
    for (size_t r = 0; r < nr; r++) {
        AspRuleView v;
        asp_rule_view(e->p, r, &v);
        hstart[r] = (uint32_t)hk.count;
        pstart[r] = (uint32_t)pk.count;
        for (size_t k = 0; k < v.nhead; k++) VEC_PUSH(hk, v.head[k]);
        for (size_t k = 0; k < v.npos; k++) {
            VEC_PUSH(pk, v.pos[k]);
            VEC_PUSH(w, weight_of(&v, k));
        }
    }
    hstart[nr] = (uint32_t)hk.count;
    pstart[nr] = (uint32_t)pk.count;
    e->hoff = asp_csr_by(e->natoms, nr, hstart, hk.items, NULL, &e->hrules, NULL);
    e->poff = asp_csr_by(e->natoms, nr, pstart, pk.items, w.items, &e->prules, &e->pw);
    mem_free(hstart);
    mem_free(pstart);
    VEC_FREE(hk);
    VEC_FREE(pk);
    VEC_FREE(w);
}

/* Does rule v give head atom h once its body holds: h true and, for a disjunction, every
 * other head atom false; a choice rule only in a model. */
static bool gives(const AspExplain *e, const AspRuleView *v, AspAtom h)
{
    if (value(e, h) != ASP_IS_TRUE || v->kind == ASP_CONSTRAINT) return false;
    if (v->kind == ASP_CHOICE) return e->model;
    if (v->kind == ASP_DISJUNCTION)
        for (size_t k = 0; k < v->nhead; k++)
            if (v->head[k] != h && value(e, v->head[k]) != ASP_IS_FALSE) return false;
    return true;
}

typedef struct Queue { uint32_t *items; size_t head, tail; } Queue;

/* Rule r's body holds at height h: its true heads not yet derived get height h + 1. */
static void fire(AspExplain *e, uint32_t r, uint32_t h, Queue *q)
{
    AspRuleView v;
    asp_rule_view(e->p, r, &v);
    for (size_t k = 0; k < v.nhead; k++) {
        AspAtom a = v.head[k];
        if (e->support[a] != ASP_EXPLAIN_NONE || !gives(e, &v, a)) continue;
        e->support[a] = r;
        e->height[a] = h + 1;
        q->items[q->tail++] = a;
    }
}

/* What rule r still needs before it fires: the weight of true positive body atoms not yet
 * derived beyond the bound; UINT32_MAX when it never fires (a literal that does not hold). */
static uint32_t initial_need(const AspExplain *e, const AspRuleView *v)
{
    uint64_t have = 0, bound = bound_of(v);
    for (size_t k = v->npos; k < v->npos + v->nneg; k++)
        if (value(e, lit_atom(v, k)) == ASP_IS_FALSE) have += weight_of(v, k);
        else if (!v->weights) return UINT32_MAX;
    for (size_t k = 0; k < v->npos && !v->weights; k++)
        if (value(e, v->pos[k]) != ASP_IS_TRUE) return UINT32_MAX;
    return have >= bound ? 0 : (uint32_t)(bound - have);
}

static void derive(AspExplain *e)
{
    size_t na = e->natoms, nr = e->nrules;
    e->height = mem_alloc((na + 1) * sizeof *e->height);
    e->support = mem_alloc((na + 1) * sizeof *e->support);
    for (size_t a = 0; a < na; a++) e->height[a] = e->support[a] = ASP_EXPLAIN_NONE;
    uint32_t *need = mem_alloc((nr + 1) * sizeof *need);
    Queue q = { mem_alloc((na + 1) * sizeof *q.items), 0, 0 };
    for (uint32_t r = 0; r < nr; r++) {
        AspRuleView v;
        asp_rule_view(e->p, r, &v);
        need[r] = initial_need(e, &v);
        if (need[r] == 0) fire(e, r, 0, &q);
    }
    while (q.head < q.tail) {
        AspAtom a = q.items[q.head++];
        for (uint32_t k = e->poff[a]; k < e->poff[a + 1]; k++) {
            uint32_t r = e->prules[k];
            if (need[r] == 0 || need[r] == UINT32_MAX) continue;
            need[r] = need[r] > e->pw[k] ? need[r] - e->pw[k] : 0;
            if (need[r] == 0) fire(e, r, e->height[a], &q);
        }
    }
    mem_free(need);
    mem_free(q.items);
}

/* Does rule v fail for its false head atom a before any false atom is ranked: a negative
 * literal that fails, another head atom true, a model's choice, or a weight body that the
 * failing negative literals leave short?  *poss: the weight the body can still reach. */
static bool dead_at_start(const AspExplain *e, const AspRuleView *v, AspAtom a, uint64_t poss)
{
    if (poss < bound_of(v)) return true;
    if (v->kind == ASP_CHOICE) return e->model;
    if (v->kind == ASP_DISJUNCTION)
        for (size_t k = 0; k < v->nhead; k++)
            if (v->head[k] != a && value(e, v->head[k]) == ASP_IS_TRUE) return true;
    return false;
}

/* The weight rule v's body can reach before any false atom is ranked: its positive literals
 * and the negative ones that do not fail. */
static uint64_t start_possible(const AspExplain *e, const AspRuleView *v)
{
    uint64_t poss = 0;
    for (size_t k = 0; k < v->npos + v->nneg; k++)
        if (k < v->npos || !asp_explain_lit_fails(e, lit_atom(v, k), true)) poss += weight_of(v, k);
    return poss;
}

/* The weight rule v's body can reach with the literals that do not fail. */
static uint64_t reachable(const AspExplain *e, const AspRuleView *v)
{
    uint64_t poss = 0;
    for (size_t k = 0; k < v->npos + v->nneg; k++)
        if (!asp_explain_lit_fails(e, lit_atom(v, k), k >= v->npos)) poss += weight_of(v, k);
    return poss;
}

typedef struct RankState {
    uint32_t *live;               /* per atom: its rules not yet dead */
    uint64_t *poss;               /* per rule: the weight its body can still reach */
    uint8_t *dead_start;          /* per head entry of hrules: dead for that head at start */
} RankState;

/* Rule r died when an atom of rank k failed it: its false heads lose a live rule. */
static void rule_dies(AspExplain *e, RankState *st, uint32_t r, uint32_t k, Queue *q)
{
    AspRuleView v;
    asp_rule_view(e->p, r, &v);
    for (size_t i = 0; i < v.nhead; i++) {
        AspAtom h = v.head[i];
        if (value(e, h) != ASP_IS_FALSE || e->rank[h] != ASP_EXPLAIN_NONE) continue;
        if (dead_at_start(e, &v, h, UINT64_MAX) || --st->live[h] > 0) continue;
        e->rank[h] = k + 1;
        q->items[q->tail++] = h;
    }
}

static void rank_false(AspExplain *e)
{
    size_t na = e->natoms, nr = e->nrules;
    RankState st = { mem_calloc(na + 1, sizeof *st.live), mem_alloc((nr + 1) * sizeof *st.poss), NULL };
    e->rank = mem_alloc((na + 1) * sizeof *e->rank);
    for (size_t a = 0; a < na; a++) e->rank[a] = ASP_EXPLAIN_NONE;
    for (uint32_t r = 0; r < nr; r++) {
        AspRuleView v;
        asp_rule_view(e->p, r, &v);
        st.poss[r] = start_possible(e, &v);
        for (size_t i = 0; i < v.nhead; i++)
            if (!dead_at_start(e, &v, v.head[i], st.poss[r])) st.live[v.head[i]]++;
    }
    Queue q = { mem_alloc((na + 1) * sizeof *q.items), 0, 0 };
    for (AspAtom a = 0; a < na; a++)
        if (value(e, a) == ASP_IS_FALSE && st.live[a] == 0) {
            e->rank[a] = 0;
            q.items[q.tail++] = a;
        }
    while (q.head < q.tail) {
        AspAtom a = q.items[q.head++];
        for (uint32_t k = e->poff[a]; k < e->poff[a + 1]; k++) {
            uint32_t r = e->prules[k];
            AspRuleView v;
            asp_rule_view(e->p, r, &v);
            uint64_t b = bound_of(&v), before = st.poss[r];
            st.poss[r] = before > e->pw[k] ? before - e->pw[k] : 0;
            if (before >= b && st.poss[r] < b) rule_dies(e, &st, r, e->rank[a], &q);
        }
    }
    mem_free(st.live);
    mem_free(st.poss);
    mem_free(q.items);
}

AspExplain *asp_explain_new(const AspProgram *p, const uint8_t *val, bool model)
{
    AspExplain *e = mem_calloc(1, sizeof *e);
    e->p = p;
    e->val = val;
    e->model = model;
    e->natoms = asp_atom_count(p);
    e->nrules = asp_rule_count(p);
    index_rules(e);
    derive(e);
    rank_false(e);
    return e;
}

void asp_explain_free(AspExplain *e)
{
    if (!e) return;
    mem_free(e->hoff); mem_free(e->hrules);
    mem_free(e->poff); mem_free(e->prules); mem_free(e->pw);
    mem_free(e->height); mem_free(e->support); mem_free(e->rank);
    mem_free(e);
}

const AspProgram *asp_explain_program(const AspExplain *e) { return e->p; }
AspTruth asp_explain_value(const AspExplain *e, AspAtom a) { return value(e, a); }
bool asp_explain_is_model(const AspExplain *e) { return e->model; }
uint32_t asp_explain_false_rank(const AspExplain *e, AspAtom a) { return e->rank[a]; }

uint32_t asp_explain_support(const AspExplain *e, AspAtom a, uint32_t *height)
{
    if (height) *height = e->height[a];
    return e->support[a];
}

const uint32_t *asp_explain_rules_of(const AspExplain *e, AspAtom a, size_t *n)
{
    *n = e->hoff[a + 1] - e->hoff[a];
    return e->hrules + e->hoff[a];
}

/* The height at which literal k of v holds in a derivation: a true positive atom's, 0 for
 * a negative literal that holds; NONE when it does not hold. */
static uint32_t lit_height(const AspExplain *e, const AspRuleView *v, size_t k)
{
    AspAtom a = lit_atom(v, k);
    if (k >= v->npos) return value(e, a) == ASP_IS_FALSE ? 0 : ASP_EXPLAIN_NONE;
    return e->height[a];
}

size_t asp_explain_used(const AspExplain *e, uint32_t r, uint32_t h, AspWLit *out)
{
    AspRuleView v;
    asp_rule_view(e->p, r, &v);
    size_t total = v.npos + v.nneg, n = 0;
    uint32_t *idx = mem_alloc((total + 1) * sizeof *idx), *ht = mem_alloc((total + 1) * sizeof *ht);
    for (size_t k = 0; k < total; k++) {
        uint32_t lh = lit_height(e, &v, k);
        if (v.weights && (lh == ASP_EXPLAIN_NONE || lh >= h)) continue;
        size_t j = n++;                     /* stable insertion by height */
        for (; v.weights && j > 0 && ht[j - 1] > lh; j--) { idx[j] = idx[j - 1]; ht[j] = ht[j - 1]; }
        idx[j] = (uint32_t)k;
        ht[j] = lh;
    }
    uint64_t sum = 0;
    size_t m = 0;
    for (; m < n && (!v.weights || sum < v.bound); m++) {
        size_t k = idx[m];
        out[m] = (AspWLit){ lit_atom(&v, k), k >= v.npos, weight_of(&v, k) };
        sum += weight_of(&v, k);
    }
    mem_free(idx);
    mem_free(ht);
    return m;
}

/* How much it costs to explain literal k failing: 0 for a literal whose atom is true, the
 * rank + 1 of a false positive atom, NONE for one in an unfounded set or not failing. */
static uint32_t fail_cost(const AspExplain *e, const AspRuleView *v, size_t k)
{
    AspAtom a = lit_atom(v, k);
    if (!asp_explain_lit_fails(e, a, k >= v->npos)) return ASP_EXPLAIN_NONE;
    if (k >= v->npos) return 0;
    return e->rank[a] == ASP_EXPLAIN_NONE ? ASP_EXPLAIN_NONE - 1 : e->rank[a] + 1;
}

AspFailure asp_explain_failure(const AspExplain *e, uint32_t r, AspAtom a)
{
    AspRuleView v;
    asp_rule_view(e->p, r, &v);
    if (v.kind == ASP_DISJUNCTION)
        for (size_t k = 0; k < v.nhead; k++)
            if (v.head[k] != a && value(e, v.head[k]) == ASP_IS_TRUE)
                return (AspFailure){ ASP_FAILS_HEAD, v.head[k] };
    if (v.weights)
        return (AspFailure){ reachable(e, &v) < v.bound ? ASP_FAILS_WEIGHT : ASP_FAILS_UNCHOSEN, a };
    uint32_t best = ASP_EXPLAIN_NONE;
    size_t at = 0;
    for (size_t k = 0; k < v.npos + v.nneg; k++) {
        uint32_t c = fail_cost(e, &v, k);
        if (c < best) { best = c; at = k; }
    }
    if (best == ASP_EXPLAIN_NONE) return (AspFailure){ ASP_FAILS_UNCHOSEN, a };
    return (AspFailure){ at >= v.npos ? ASP_FAILS_NEG : ASP_FAILS_POS, lit_atom(&v, at) };
}

AspAtom *asp_explain_unfounded(const AspExplain *e, AspAtom a, size_t *n)
{
    uint8_t *seen = mem_calloc(e->natoms + 1, 1);
    AspAtom *set = mem_alloc((e->natoms + 1) * sizeof *set);
    size_t m = 0;
    set[m++] = a;
    seen[a] = 1;
    for (size_t i = 0; i < m; i++) {
        AspAtom x = set[i];
        for (uint32_t k = e->hoff[x]; k < e->hoff[x + 1]; k++) {
            AspRuleView v;
            asp_rule_view(e->p, e->hrules[k], &v);
            AspFailure f = asp_explain_failure(e, e->hrules[k], x);
            if (f.kind != ASP_FAILS_POS && f.kind != ASP_FAILS_WEIGHT) continue;
            for (size_t j = 0; j < v.npos; j++) {
                AspAtom y = v.pos[j];
                if (seen[y] || value(e, y) != ASP_IS_FALSE || e->rank[y] != ASP_EXPLAIN_NONE) continue;
                if (f.kind == ASP_FAILS_POS && y != f.atom) continue;
                seen[y] = 1;
                set[m++] = y;
            }
        }
    }
    mem_free(seen);
    *n = m;
    return set;
}

bool asp_explain_in_loop(const AspExplain *e, AspAtom a)
{
    size_t n;
    AspAtom *set = asp_explain_unfounded(e, a, &n);
    bool loop = false;
    for (size_t i = 1; i < n && !loop; i++)
        for (uint32_t k = e->hoff[set[i]]; k < e->hoff[set[i] + 1] && !loop; k++) {
            uint32_t r = e->hrules[k];
            AspFailure f = asp_explain_failure(e, r, set[i]);
            if (f.kind == ASP_FAILS_POS) { loop = f.atom == a; continue; }
            if (f.kind != ASP_FAILS_WEIGHT) continue;
            AspRuleView v;
            asp_rule_view(e->p, r, &v);
            for (size_t j = 0; j < v.npos; j++) loop |= v.pos[j] == a;
        }
    mem_free(set);
    return loop;
}

/* Is rule v, for undefined head atom h, in the residual program: no body literal false, no
 * other head atom true? */
static bool residual_rule(const AspExplain *e, const AspRuleView *v, AspAtom h)
{
    if (reachable(e, v) < bound_of(v)) return false;
    for (size_t k = 0; k < v->nhead && v->kind == ASP_DISJUNCTION; k++)
        if (v->head[k] != h && value(e, v->head[k]) == ASP_IS_TRUE) return false;
    return true;
}

uint32_t *asp_explain_residual(const AspExplain *e, AspAtom a, size_t *n)
{
    uint8_t *seen = mem_calloc(e->natoms + 1, 1), *taken = mem_calloc(e->nrules + 1, 1);
    AspAtom *todo = mem_alloc((e->natoms + 1) * sizeof *todo);
    size_t m = 0, count = 0;
    todo[m++] = a;
    seen[a] = 1;
    for (size_t i = 0; i < m; i++) {
        for (uint32_t k = e->hoff[todo[i]]; k < e->hoff[todo[i] + 1]; k++) {
            uint32_t r = e->hrules[k];
            AspRuleView v;
            asp_rule_view(e->p, r, &v);
            if (taken[r] || !residual_rule(e, &v, todo[i])) continue;
            taken[r] = 1;
            count++;
            for (size_t j = 0; j < v.npos + v.nneg; j++) {
                AspAtom y = lit_atom(&v, j);
                if (!seen[y] && value(e, y) == ASP_IS_UNDEFINED) { seen[y] = 1; todo[m++] = y; }
            }
        }
    }
    uint32_t *out = mem_alloc((count + 1) * sizeof *out);
    size_t c = 0;
    for (uint32_t r = 0; r < e->nrules; r++)
        if (taken[r]) out[c++] = r;
    mem_free(seen); mem_free(taken); mem_free(todo);
    *n = c;
    return out;
}
