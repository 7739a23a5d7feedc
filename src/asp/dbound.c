/* dbound.c: a sound bound [L, U] of the stable models of any program, disjunctive heads
 * included (for programs that are not head-cycle-free, where the shifted program has fewer
 * stable models), by an alternating fixpoint on the program's atoms:
 *   U(L) = the least model of the relaxation where a rule fires when its body can hold
 *          (positive atoms counted once derived, `not c` counted unless c is in L) and then
 *          derives every atom of its head (disjunctive and choice heads alike);
 *   L(U) = the least set closed under: a rule that is not a choice whose body certainly
 *          holds (positive atoms counted once in the set, `not c` when c is outside U) and
 *          all of whose head atoms but h are outside U derives h.
 * Starting from L = {} the two alternate until L stops growing.  Soundness: a stable model
 * M is a minimal model of the reduct P^M.  If L is inside M, M is inside U(L): M and U(L)
 * meet in a model of P^M (a rule of P^M whose body holds in that meet fired in the
 * relaxation, so its head lies in U(L), and M has one of its atoms), which by minimality is
 * M.  If M is inside U, L(U) is inside every model N of P^M within M, so inside M: by
 * induction on the derivation, a rule whose body is certainly true has its body true in N
 * and its other head atoms outside N, so N holds h.  A constraint or a rule whose body
 * certainly holds while no head atom is left in U admits no stable model.  For a normal
 * program this is the well-founded model. */
#include "asp/internal.h"

typedef struct DRule { uint32_t start, npos, nneg; int64_t bound; } DRule;

typedef struct DProg {
    const AspProgram *p;
    size_t natoms;
    DRule *rules;
    uint32_t *wt;                 /* weights of pos then neg literals, per rule at start */
    uint32_t *ostart, *occ, *ow;  /* rules with atom a in the positive body, its weight */
    int64_t *need;
    uint8_t *in;                  /* the set being computed */
    uint32_t *queue;
} DProg;

static uint32_t weight_of(const AspProgram *p, const AspRule *r, uint32_t i)
{
    return r->wts == ASP_NO_WEIGHTS ? 1 : asp_rule_weights(p, r)[i];
}

static void dprog_init(DProg *d, const AspProgram *p)
{
    size_t nr = p->rules.count, n = p->names.count, total = 0, npos = 0;
    d->p = p;
    d->natoms = n;
    d->rules = mem_alloc((nr + 1) * sizeof *d->rules);
    for (size_t i = 0; i < nr; i++) {
        const AspRule *r = &p->rules.items[i];
        d->rules[i] = (DRule){ (uint32_t)total, r->npos, r->nneg,
                               r->wts == ASP_NO_WEIGHTS ? r->npos + r->nneg : asp_rule_bound(p, r) };
        total += r->npos + r->nneg;
        npos += r->npos;
    }
    d->wt = mem_alloc((total + 1) * sizeof *d->wt);
    d->ostart = mem_calloc(n + 2, sizeof *d->ostart);
    d->occ = mem_alloc((npos + 1) * sizeof *d->occ);
    d->ow = mem_alloc((npos + 1) * sizeof *d->ow);
    for (size_t i = 0; i < nr; i++) {
        const AspRule *r = &p->rules.items[i];
        for (uint32_t k = 0; k < r->npos + r->nneg; k++) d->wt[d->rules[i].start + k] = weight_of(p, r, k);
        for (uint32_t k = 0; k < r->npos; k++) d->ostart[p->lits.items[asp_rule_pos(r) + k] + 1]++;
    }
    for (size_t a = 0; a < n; a++) d->ostart[a + 1] += d->ostart[a];
    uint32_t *fill = mem_alloc((n + 1) * sizeof *fill);
    memcpy(fill, d->ostart, n * sizeof *fill);
    for (size_t i = 0; i < nr; i++) {
        const AspRule *r = &p->rules.items[i];
        for (uint32_t k = 0; k < r->npos; k++) {
            uint32_t a = p->lits.items[asp_rule_pos(r) + k];
            d->ow[fill[a]] = d->wt[d->rules[i].start + k];
            d->occ[fill[a]++] = (uint32_t)i;
        }
    }
    mem_free(fill);
    d->need = mem_alloc((nr + 1) * sizeof *d->need);
    d->in = mem_alloc(n + 1);
    d->queue = mem_alloc((n + 1) * sizeof *d->queue);
}

static void dprog_free(DProg *d)
{
    mem_free(d->rules); mem_free(d->wt); mem_free(d->ostart); mem_free(d->occ); mem_free(d->ow);
    mem_free(d->need); mem_free(d->in); mem_free(d->queue);
}

/* Rule i fires: upper derives every head atom, lower (upper == false) only a head atom whose
 * fellow head atoms are all outside `other` (U), and no choice heads.  False when it fires
 * with nothing it can derive (lower only): no stable model. */
static bool fire(DProg *d, size_t i, bool upper, const uint8_t *other, size_t *qn)
{
    const AspProgram *p = d->p;
    const AspRule *r = &p->rules.items[i];
    const AspAtom *head = p->lits.items + r->head;
    if (!upper && r->kind == ASP_CHOICE) return true;
    size_t inside = 0, pick = 0;
    for (uint32_t k = 0; k < r->nhead; k++)
        if (upper || other[head[k]]) { inside++; pick = k; }
    if (!upper && inside == 0) return false;
    for (uint32_t k = 0; k < r->nhead; k++) {
        bool take = upper || (inside == 1 && k == pick);
        if (take && !d->in[head[k]]) { d->in[head[k]] = 1; d->queue[(*qn)++] = head[k]; }
    }
    return true;
}

/* The least set where rule i fires once need[i] <= 0, its negative literals counted as true
 * where neg_true says so (fire says what a firing rule derives). */
static bool least(DProg *d, const uint8_t *neg_true, bool upper, const uint8_t *other)
{
    const AspProgram *p = d->p;
    size_t qn = 0;
    memset(d->in, 0, d->natoms);
    for (size_t i = 0; i < p->rules.count; i++) {
        const AspRule *r = &p->rules.items[i];
        DRule *dr = &d->rules[i];
        d->need[i] = dr->bound;
        for (uint32_t k = 0; k < r->nneg; k++)
            if (neg_true[p->lits.items[asp_rule_neg(r) + k]]) d->need[i] -= d->wt[dr->start + r->npos + k];
        if (d->need[i] <= 0 && !fire(d, i, upper, other, &qn)) return false;
    }
    for (size_t q = 0; q < qn; q++) {
        uint32_t a = d->queue[q];
        for (uint32_t k = d->ostart[a]; k < d->ostart[a + 1]; k++) {
            uint32_t i = d->occ[k];
            int64_t before = d->need[i];
            d->need[i] -= d->ow[k];
            if (before > 0 && d->need[i] <= 0 && !fire(d, i, upper, other, &qn)) return false;
        }
    }
    return true;
}

bool asp_disjunctive_bound(const AspProgram *p, uint8_t *lower, uint8_t *upper)
{
    DProg d;
    dprog_init(&d, p);
    size_t n = p->names.count;
    uint8_t *negt = mem_alloc(n + 1);
    bool ok = true, changed = true;
    memset(lower, 0, n);
    while (ok && changed) {
        for (size_t a = 0; a < n; a++) negt[a] = !lower[a];
        least(&d, negt, true, NULL);
        memcpy(upper, d.in, n);
        for (size_t a = 0; a < n; a++) negt[a] = !upper[a];
        ok = least(&d, negt, false, upper);
        changed = ok && memcmp(lower, d.in, n) != 0;
        if (ok) memcpy(lower, d.in, n);
        for (size_t a = 0; a < n && ok; a++) ok = !lower[a] || upper[a];
    }
    mem_free(negt);
    dprog_free(&d);
    return ok;
}
