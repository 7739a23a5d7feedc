/* minsatrule.c: the weight rules of minsat.h's solver, "sum of the weights of the true body
 * literals >= bound implies a head literal", propagated by counters: each literal that
 * becomes true adds its weight to the rules with it in the body and counts a true or false
 * head literal of the rules where it or its negation is a head literal; undoing it takes
 * that back.  A rule whose body reaches its bound with one head literal left implies it;
 * one whose head literals are all false makes false each open body literal that would
 * reach the bound (the largest weights first, so the scan stops at the first that would
 * not).  The reason of such a value is made when the analysis asks for it: the rule's
 * other head literals and its body literals true before it. */
#include "asp/minsatdb.h"

#include <stdlib.h>

typedef struct Weighted { MinLit lit; uint32_t weight; } Weighted;

static int by_literal(const void *a, const void *b)
{
    const Weighted *x = a, *y = b;
    return (x->lit > y->lit) - (x->lit < y->lit);
}

static int by_weight(const void *a, const void *b)
{
    const Weighted *x = a, *y = b;
    if (x->weight != y->weight) return (x->weight < y->weight) - (x->weight > y->weight);
    return by_literal(a, b);
}

/* The head without repeats into out; false when it holds a literal and its negation. */
static bool merge_head(const MinLit *head, size_t n, MinLit *out, size_t *k)
{
    *k = 0;
    for (size_t i = 0; i < n; i++) {
        bool dup = false;
        for (size_t j = 0; j < *k; j++) {
            if (out[j] == (head[i] ^ 1)) return false;
            dup = dup || out[j] == head[i];
        }
        if (!dup) out[(*k)++] = head[i];
    }
    return true;
}

/* The body, a literal that repeats counted once with its weights summed, largest first;
 * returns its length. */
static size_t merge_body(Weighted *w, size_t n)
{
    size_t k = 0;
    qsort(w, n, sizeof *w, by_literal);
    for (size_t i = 0; i < n; i++) {
        if (k && w[k - 1].lit == w[i].lit) w[k - 1].weight += w[i].weight;
        else if (w[i].weight) w[k++] = w[i];
    }
    qsort(w, k, sizeof *w, by_weight);
    return k;
}

void minsat_rule(MinSat *q, const MinLit *body, const uint32_t *weight, size_t nbody, uint64_t bound,
                 const MinLit *head, size_t nhead)
{
    if (bound == 0) { minsat_clause(q, head, nhead); return; }
    Weighted *w = mem_alloc((nbody + 1) * sizeof *w);
    MinLit *h = mem_alloc((nhead + 1) * sizeof *h);
    uint64_t total = 0;
    for (size_t i = 0; i < nbody; i++) {
        w[i] = (Weighted){ body[i], weight[i] };
        total += weight[i];
    }
    size_t n = merge_body(w, nbody);
    MinRule r = { (uint32_t)q->rlit.count, 0, 0, 0, bound, 0, 0, 0 };
    if (total >= bound && merge_head(head, nhead, h, &nhead)) {
        for (size_t i = 0; i < n; i++) {
            VEC_PUSH(q->rlit, w[i].lit);
            VEC_PUSH(q->rweight, w[i].weight);
        }
        r.bend = r.hstart = (uint32_t)q->rlit.count;
        for (size_t i = 0; i < nhead; i++) {
            VEC_PUSH(q->rlit, h[i]);
            VEC_PUSH(q->rweight, 0);
        }
        r.hend = (uint32_t)q->rlit.count;
        VEC_PUSH(q->rules, r);
    }
    mem_free(w);
    mem_free(h);
}

/* A rule's counters, when literal l became true (add) or is undone. */
static void count(MinRule *r, const MinOcc *o, bool add)
{
    if (o->what == MS_IN_BODY) r->sum = add ? r->sum + o->weight : r->sum - o->weight;
    else if (o->what == MS_HEAD_TRUE) r->htrue = add ? r->htrue + 1 : r->htrue - 1;
    else r->hfalse = add ? r->hfalse + 1 : r->hfalse - 1;
}

void minsat_rules_count(MinSat *q, MinLit l, bool add)
{
    for (uint32_t i = q->ooff[l]; i < q->ooff[l + 1]; i++) count(&q->rules.items[q->occ[i].rule], &q->occ[i], add);
}

/* Rule c's consequences of its counters; false on a conflict (q->confl set). */
static bool check(MinSat *q, uint32_t c)
{
    const MinRule *r = &q->rules.items[c];
    const MinLit *lits = q->rlit.items;
    uint32_t nhead = r->hend - r->hstart;
    if (r->htrue) return true;
    if (r->sum >= r->bound) {
        if (r->hfalse == nhead) {
            q->confl_kind = MS_RULE_HEAD;
            q->confl = c;
            return false;
        }
        if (r->hfalse + 1 == nhead)
            for (uint32_t i = r->hstart; i < r->hend; i++)
                if (!minsat_value(q, lits[i])) { minsat_assign(q, lits[i], MS_RULE_HEAD, c); break; }
        return true;
    }
    if (r->hfalse == nhead)
        for (uint32_t i = r->bstart; i < r->bend && r->sum + q->rweight.items[i] >= r->bound; i++)
            if (!minsat_value(q, lits[i])) minsat_assign(q, lits[i] ^ 1, MS_RULE_BODY, c);
    return true;
}

bool minsat_rules_propagate(MinSat *q, MinLit l)
{
    for (uint32_t i = q->ooff[l]; i < q->ooff[l + 1]; i++)
        if (q->occ[i].what != MS_HEAD_TRUE && !check(q, q->occ[i].rule)) return false;
    return true;
}

static void occurs(MinSat *q, MinLit l, uint32_t rule, uint32_t weight, uint8_t what, bool place)
{
    if (place) q->occ[q->ooff[l + 1]++] = (MinOcc){ rule, weight, what };
    else q->ooff[l + 2]++;
}

/* Every occurrence of a literal in a rule (place: stored, else counted). */
static void occurrences(MinSat *q, bool place)
{
    for (uint32_t c = 0; c < q->rules.count; c++) {
        const MinRule *r = &q->rules.items[c];
        for (uint32_t i = r->bstart; i < r->bend; i++) occurs(q, q->rlit.items[i], c, q->rweight.items[i], MS_IN_BODY, place);
        for (uint32_t i = r->hstart; i < r->hend; i++) {
            occurs(q, q->rlit.items[i], c, 0, MS_HEAD_TRUE, place);
            occurs(q, q->rlit.items[i] ^ 1, c, 0, MS_HEAD_FALSE, place);
        }
    }
}

/* The occurrences as CSR, and what each rule gives before any literal has a value. */
void minsat_rules_ready(MinSat *q)
{
    size_t nlit = 2 * q->nvars;
    q->ooff = mem_calloc(nlit + 2, sizeof *q->ooff);
    occurrences(q, false);
    for (size_t l = 0; l < nlit; l++) q->ooff[l + 2] += q->ooff[l + 1];
    q->occ = mem_alloc((q->ooff[nlit + 1] + 1) * sizeof *q->occ);
    occurrences(q, true);
    q->ready = true;
    for (uint32_t c = 0; c < q->rules.count && !q->broken; c++) q->broken = !check(q, c);
}

/* The false literals that gave var its value by rule c (var UINT32_MAX: the rule's
 * conflict), into q->why: its other head literals, and the negations of its body literals
 * true before var. */
void minsat_rules_reason(MinSat *q, uint32_t c, uint32_t var)
{
    const MinRule *r = &q->rules.items[c];
    const MinLit *lits = q->rlit.items;
    uint32_t before = var == UINT32_MAX ? UINT32_MAX : q->var[var].tpos;
    for (uint32_t i = r->hstart; i < r->hend; i++)
        if (lits[i] >> 1 != var) VEC_PUSH(q->why, lits[i]);
    for (uint32_t i = r->bstart; i < r->bend; i++)
        if (minsat_value(q, lits[i]) == 1 && q->var[lits[i] >> 1].tpos < before) VEC_PUSH(q->why, lits[i] ^ 1);
}
