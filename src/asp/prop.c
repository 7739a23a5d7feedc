/* prop.c: the native IR of S_P (AftFunction.refine) and its split choice (AftFunction.split):
 * three-valued propagation over the compiled normal program, in time linear in its size.
 *
 * An interval [lo, hi] is read as a partial assignment: atoms of lo true, atoms outside hi
 * false, the rest unknown.  Both modes apply
 *   - forward:    a body that is true makes its head true;
 *   - unfounded:  an atom with no rule whose body can still hold, or more generally outside
 *                 the least model of the rules whose body is not false and whose head is not
 *                 false (its positive atoms derived, negative literals taken as possible), is
 *                 false (Van Gelder's unfounded sets);
 * which is the well-founded operator: from the initial interval the result is the
 * well-founded model, i.e. the engine's generic IR with S_P's alternating fixpoint, in one
 * linear pass instead of one S_P pair per step.  Mode PROP_STRONG adds the Clark completion
 * and the integrity constraints (every stable model is a supported model):
 *   - a false head makes every body false: a body with one literal left unknown and all the
 *     others true gets that literal false (with `f :- B, not f` and f false this propagates
 *     constraints backwards);
 *   - a true head with exactly one body that can still hold makes that body true.
 * Every rule keeps every stable model inside the result, and a conflict (an atom both true
 * and false) means the interval holds none: the result is sound, and for PROP_STRONG it is at
 * least as tight as the well-founded one. */
#include "asp/internal.h"

enum { V_UNK = 0, V_TRUE = 1, V_FALSE = 2 };

struct AspProp {
    uint8_t *val;                 /* per atom: V_UNK, V_TRUE, V_FALSE */
    uint8_t *bfalse;              /* per rule: some body literal is false */
    uint32_t *ntodo;              /* per rule: body literals not (yet) true */
    uint32_t *nsup;               /* per atom: rules with this head whose body is not false */
    uint32_t *queue;              /* assigned atoms not yet propagated */
    size_t qhead, qtail;
    uint32_t *fcnt;               /* unfounded check: positive atoms not yet founded, per rule */
    uint8_t *founded;             /* per atom */
    uint32_t *work;               /* founded atoms to process */
    uint32_t *score;              /* per atom: static split priority */
    bool strong, conflict, dirty; /* dirty: a body turned false since the last unfounded check */
};

AspProp *asp_prop_new(const AspSolver *s)
{
    size_t n = s->natoms + 1, r = s->nrules + 1;
    AspProp *p = mem_calloc(1, sizeof *p);
    p->val = mem_alloc(n);
    p->founded = mem_alloc(n);
    p->bfalse = mem_alloc(r);
    p->ntodo = mem_alloc(r * sizeof *p->ntodo);
    p->fcnt = mem_alloc(r * sizeof *p->fcnt);
    p->nsup = mem_alloc(n * sizeof *p->nsup);
    p->queue = mem_alloc(n * sizeof *p->queue);
    p->work = mem_alloc(n * sizeof *p->work);
    p->score = mem_calloc(n, sizeof *p->score);
    for (size_t a = 0; a < s->natoms; a++) {     /* negative occurrences first, then positive */
        size_t neg = s->nostart[a + 1] - s->nostart[a], pos = s->ostart[a + 1] - s->ostart[a];
        size_t sc = neg ? (neg << 12) + pos + 1 : 0;
        p->score[a] = sc > UINT32_MAX ? UINT32_MAX : (uint32_t)sc;
    }
    return p;
}

void asp_prop_free(AspProp *p)
{
    if (!p) return;
    mem_free(p->val); mem_free(p->founded); mem_free(p->bfalse); mem_free(p->ntodo);
    mem_free(p->fcnt); mem_free(p->nsup); mem_free(p->queue); mem_free(p->work);
    mem_free(p->score);
    mem_free(p);
}

/* Atom a gets value v; a conflict when it has the other one. */
static void assign(AspProp *p, uint32_t a, uint8_t v)
{
    if (p->val[a] == v) return;
    if (p->val[a] != V_UNK) { p->conflict = true; return; }
    p->val[a] = v;
    p->queue[p->qtail++] = a;
}

/* Rule r's body must hold: all its literals become true. */
static void force_body(const AspSolver *s, AspProp *p, uint32_t r)
{
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++) assign(p, s->pos[k], V_TRUE);
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++) assign(p, s->neg[k], V_FALSE);
}

/* True atom h with one rule left that can support it: that rule's body holds. */
static void force_support(const AspSolver *s, AspProp *p, uint32_t h)
{
    for (uint32_t k = s->hstart[h]; k < s->hstart[h + 1]; k++)
        if (!p->bfalse[s->hrules[k]]) { force_body(s, p, s->hrules[k]); return; }
}

/* Rule r with a false head and one literal not yet true: that literal is false. */
static void force_last_false(const AspSolver *s, AspProp *p, uint32_t r)
{
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++)
        if (p->val[s->pos[k]] != V_TRUE) { assign(p, s->pos[k], V_FALSE); return; }
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++)
        if (p->val[s->neg[k]] != V_FALSE) { assign(p, s->neg[k], V_TRUE); return; }
}

/* A literal of rule r turned true. */
static void lit_true(const AspSolver *s, AspProp *p, uint32_t r)
{
    if (p->bfalse[r]) { p->ntodo[r]--; return; }
    uint32_t left = --p->ntodo[r], h = s->head[r];
    if (left == 0) assign(p, h, V_TRUE);
    else if (left == 1 && p->strong && p->val[h] == V_FALSE) force_last_false(s, p, r);
}

/* A literal of rule r turned false. */
static void lit_false(const AspSolver *s, AspProp *p, uint32_t r)
{
    if (p->bfalse[r]) return;
    p->bfalse[r] = 1;
    p->dirty = true;
    uint32_t h = s->head[r], left = --p->nsup[h];
    if (left == 0) assign(p, h, V_FALSE);
    else if (left == 1 && p->strong && p->val[h] == V_TRUE) force_support(s, p, h);
}

/* Completion on atom a's own rules once its value is known. */
static void head_known(const AspSolver *s, AspProp *p, uint32_t a)
{
    if (p->val[a] == V_TRUE) {
        if (p->nsup[a] == 0) p->conflict = true;
        else if (p->nsup[a] == 1) force_support(s, p, a);
        return;
    }
    for (uint32_t k = s->hstart[a]; k < s->hstart[a + 1]; k++) {
        uint32_t r = s->hrules[k];
        if (p->bfalse[r]) continue;
        if (p->ntodo[r] == 0) p->conflict = true;
        else if (p->ntodo[r] == 1) force_last_false(s, p, r);
    }
}

/* Unit propagation until the queue is empty or a conflict. */
static void propagate(const AspSolver *s, AspProp *p)
{
    while (p->qhead < p->qtail && !p->conflict) {
        uint32_t a = p->queue[p->qhead++];
        bool t = p->val[a] == V_TRUE;
        for (uint32_t k = s->ostart[a]; k < s->ostart[a + 1]; k++)
            t ? lit_true(s, p, s->occ[k]) : lit_false(s, p, s->occ[k]);
        for (uint32_t k = s->nostart[a]; k < s->nostart[a + 1]; k++)
            t ? lit_false(s, p, s->nocc[k]) : lit_true(s, p, s->nocc[k]);
        if (p->strong) head_known(s, p, a);
    }
}

/* Marks atom h founded (once) and queues it. */
static void found(AspProp *p, uint32_t h, size_t *wn)
{
    if (p->founded[h]) return;
    p->founded[h] = 1;
    p->work[(*wn)++] = h;
}

/* The greatest unfounded set: atoms not false and not derivable by rules whose body is not
 * false from founded positive atoms become false.  True if it falsified any. */
static bool unfounded(const AspSolver *s, AspProp *p)
{
    size_t wn = 0;
    memset(p->founded, 0, s->natoms);
    for (uint32_t r = 0; r < s->nrules; r++) {
        p->fcnt[r] = s->pstart[r + 1] - s->pstart[r];
        if (!p->fcnt[r] && !p->bfalse[r] && p->val[s->head[r]] != V_FALSE) found(p, s->head[r], &wn);
    }
    for (size_t i = 0; i < wn; i++) {
        uint32_t a = p->work[i];
        for (uint32_t k = s->ostart[a]; k < s->ostart[a + 1]; k++) {
            uint32_t r = s->occ[k];
            if (--p->fcnt[r] == 0 && !p->bfalse[r] && p->val[s->head[r]] != V_FALSE)
                found(p, s->head[r], &wn);
        }
    }
    size_t before = p->qtail;
    for (uint32_t a = 0; a < s->natoms && !p->conflict; a++)
        if (!p->founded[a] && p->val[a] != V_FALSE) assign(p, a, V_FALSE);
    p->dirty = false;
    return p->qtail != before || p->conflict;
}

/* Counters for the all-unknown assignment, then the atoms of [lo, hi] queued. */
static void setup(const AspSolver *s, AspProp *p, const Word *lo, const Word *hi)
{
    p->qhead = p->qtail = 0;
    p->conflict = false;
    p->dirty = true;
    memset(p->val, V_UNK, s->natoms);
    memset(p->bfalse, 0, s->nrules);
    for (uint32_t a = 0; a < s->natoms; a++) p->nsup[a] = s->hstart[a + 1] - s->hstart[a];
    for (uint32_t r = 0; r < s->nrules; r++)
        p->ntodo[r] = s->pstart[r + 1] - s->pstart[r] + s->nstart[r + 1] - s->nstart[r];
    for (size_t w = 0; w < s->nwords; w++) {
        for (Word t = lo[w]; t; t &= t - 1) assign(p, (uint32_t)(w * 64 + __builtin_ctzll(t)), V_TRUE);
        for (Word f = ~hi[w]; f; f &= f - 1) {
            size_t a = w * 64 + (size_t)__builtin_ctzll(f);
            if (a >= s->natoms) break;
            assign(p, (uint32_t)a, V_FALSE);
        }
    }
    for (uint32_t r = 0; r < s->nrules; r++) if (!p->ntodo[r]) assign(p, s->head[r], V_TRUE);
    for (uint32_t a = 0; a < s->natoms; a++) if (!p->nsup[a]) assign(p, a, V_FALSE);
}

static void result(const AspSolver *s, const AspProp *p, Word *nlo, Word *nhi)
{
    memset(nlo, 0, s->nwords * sizeof *nlo);
    memset(nhi, 0, s->nwords * sizeof *nhi);
    for (size_t a = 0; a < s->natoms; a++) {
        Word bit = (Word)1 << (a & 63);
        if (p->val[a] == V_TRUE) nlo[a >> 6] |= bit;
        if (p->val[a] != V_FALSE) nhi[a >> 6] |= bit;
    }
}

static AftStatus run(AspSolver *s, bool strong, const Word *lo, const Word *hi, Word *nlo,
                     Word *nhi)
{
    AspProp *p = s->prop;
    p->strong = strong;
    s->refines++;
    setup(s, p, lo, hi);
    for (;;) {
        propagate(s, p);
        if (p->conflict) return AFT_INVALID;
        if (!p->dirty || !unfounded(s, p)) break;
    }
    if (p->conflict) return AFT_INVALID;
    result(s, p, nlo, nhi);
    return AFT_OK;
}

AftStatus asp_prop_refine_wf(void *ctx, const Word *lo, const Word *hi, Word *nlo, Word *nhi)
{
    return run(ctx, false, lo, hi, nlo, nhi);
}

AftStatus asp_prop_refine(void *ctx, const Word *lo, const Word *hi, Word *nlo, Word *nhi)
{
    return run(ctx, true, lo, hi, nlo, nhi);
}

/* Splits on the free atom of highest static score (most negative occurrences: the atoms S_P
 * depends on), the lowest one on ties; only for SPLIT_FIRST, the ASP default. */
bool asp_prop_split(void *ctx, const Word *lo, const Word *hi, const SplitCtx *how, Word *lo1,
                    Word *hi1, Word *lo2, Word *hi2)
{
    const AspSolver *s = ctx;
    if (how && how->strategy != SPLIT_FIRST) return false;
    const uint32_t *score = s->prop->score;
    size_t best = SIZE_MAX;
    for (size_t w = 0; w < s->nwords; w++)
        for (Word f = hi[w] & ~lo[w]; f; f &= f - 1) {
            size_t a = w * 64 + (size_t)__builtin_ctzll(f);
            if (best == SIZE_MAX || score[a] > score[best]) best = a;
        }
    if (best == SIZE_MAX) return false;
    size_t bytes = s->nwords * sizeof *lo;
    memcpy(lo1, lo, bytes);
    memcpy(hi1, hi, bytes);
    memcpy(lo2, lo, bytes);
    memcpy(hi2, hi, bytes);
    hi1[best >> 6] &= ~((Word)1 << (best & 63));
    lo2[best >> 6] |= (Word)1 << (best & 63);
    return true;
}
