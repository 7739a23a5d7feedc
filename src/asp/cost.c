/* cost.c: the optimisation's bound as a constraint of the native IR (prop.c), so that the
 * search that finds better models is the conflict-driven one of `--models 1` (clasp's
 * model-guided branch and bound).
 *
 * The #minimize literals, one sum per priority level (highest first), are normalised to
 * positive weights: a literal of weight w < 0 counts as w plus -w for its complement.  The
 * state keeps, per level, the constant part plus the weights of the literals that hold among
 * the propagated atoms: a lower bound `low` of the cost of every model in the interval.  With
 * a bound B set (the best model's cost), the constraint is low < B lexicographically (while
 * looking for a better model) or low <= B (for the optimal models of optN); low only grows
 * along the trail, so
 *   - low past B is a conflict, explained by the literals that hold on the levels up to the
 *     first one where low and B differ (the others cannot change the comparison);
 *   - a free literal whose weight would take low past B becomes false, for the same reason.
 * Reasons are read back lazily (learn.c's explain): the literals that held before the value
 * was set, which weigh at least what made the propagator set it; since B only falls while
 * the constraint is strict, a reason stays valid as B tightens.  When B tightens the state
 * is checked again at the next request (a conflict there may lie on a level below the
 * request's, and learning takes it as any other), and what B now forces is forced on the
 * request's level, again on each request at or below it until one lies above it (the
 * levels below it were built under the older bound); when B loosens (optN's second
 * phase), every nogood learnt goes, since it may rest on the stricter bound. */
#include "asp/propstate.h"

#include <stdlib.h>

typedef struct CostLit { uint32_t lit, level; int64_t weight; } CostLit;

/* force's scan of level `level` started at index `from` until the trail held `upto` atoms;
 * past that place, at a later index (the literals between had values). */
typedef struct SkipMark { uint32_t level, from, upto; } SkipMark;

struct AspCost {
    size_t nlevels;
    int64_t *offset;              /* per level: the constant part */
    int64_t *low;                 /* per level: offset + weights of the propagated literals */
    int64_t *bound;               /* per level: B */
    int64_t *sums;                /* scratch: explain's sums */
    bool active, strict;          /* a bound is set; low must stay below it (else at most) */
    bool recheck;                 /* B tightened: check the state at the next request */
    size_t forced_at;             /* the levels below it may lack what B forces (since it
                                     tightened): a request on top of them forces it again */
    CostLit *lits;                /* by level, heaviest first */
    uint32_t *lstart;             /* per level: its first literal */
    uint32_t *astart, *aent;      /* per atom: its literals (indices into lits) */
    uint32_t *held;               /* the literals low counts, in trail order (indices) */
    uint32_t *heldlit, *heldlev;  /* the same, each one's literal and level (read in place by
                                     the minimisation, asp_cost_view) */
    size_t nheld;
    int64_t *cum;                 /* row i (nlevels each): low with the first i held */
    uint32_t *walked;             /* nlevels + 1 words of the minimisation's (AspCostView) */
    int8_t *sign;                 /* per atom: the value a split tries first (-1: none) */
    uint8_t *counts;              /* per atom: the values (V_TRUE, V_FALSE bits) under which
                                     one of its literals holds (0: it has none) */
    uint32_t *skip;               /* per level: its literals before this index have values
                                     (force's scan starts there) */
    VEC(SkipMark) marks;          /* how skip moved, in trail order (undone with it) */
};

static uint8_t lit_val(uint32_t l) { return (l & 1) ? V_FALSE : V_TRUE; }
static bool holds(const AspProp *p, uint32_t l) { return p->tr.val[l >> 1] == lit_val(l); }

static int heavier_first(const void *x, const void *y)
{
    const CostLit *a = x, *b = y;
    if (a->level != b->level) return a->level < b->level ? -1 : 1;
    return (a->weight < b->weight) - (a->weight > b->weight);
}

/* The literals by level, and per atom the indices of its own. */
static void index_literals(AspCost *c, size_t n, size_t natoms)
{
    qsort(c->lits, n, sizeof *c->lits, heavier_first);
    c->lstart = mem_calloc(c->nlevels + 1, sizeof *c->lstart);
    for (size_t i = 0; i < n; i++) c->lstart[c->lits[i].level + 1]++;
    for (size_t j = 0; j < c->nlevels; j++) c->lstart[j + 1] += c->lstart[j];
    c->astart = mem_calloc(natoms + 2, sizeof *c->astart);
    c->aent = mem_alloc((n + 1) * sizeof *c->aent);
    for (size_t i = 0; i < n; i++) c->astart[(c->lits[i].lit >> 1) + 1]++;
    for (size_t a = 0; a < natoms; a++) c->astart[a + 1] += c->astart[a];
    uint32_t *fill = mem_alloc((natoms + 1) * sizeof *fill);
    memcpy(fill, c->astart, (natoms + 1) * sizeof *fill);
    for (size_t i = 0; i < n; i++) c->aent[fill[c->lits[i].lit >> 1]++] = (uint32_t)i;
    mem_free(fill);
}

/* Per atom, the value under which its literals weigh least (clasp's sign for the
 * optimisation's literals): a split tries it first, so that the models found early are
 * cheap; none when its literals weigh the same either way. */
static void cost_signs(AspCost *c, size_t natoms)
{
    c->sign = mem_alloc(natoms + 1);
    c->counts = mem_calloc(natoms + 1, 1);
    for (size_t a = 0; a < natoms; a++) {
        int64_t in = 0;           /* the weight true costs more than false */
        for (uint32_t k = c->astart[a]; k < c->astart[a + 1]; k++) {
            const CostLit *l = &c->lits[c->aent[k]];
            in += (l->lit & 1) ? -l->weight : l->weight;
            c->counts[a] |= (l->lit & 1) ? V_FALSE : V_TRUE;
        }
        c->sign[a] = in > 0 ? 0 : in < 0 ? 1 : -1;
    }
}

int asp_cost_sign(const AspProp *p, size_t atom)
{
    return p->cost ? p->cost->sign[atom] : -1;
}

static void forget_nogoods(AspProp *p)
{
    asp_learn_forget(p);
    asp_cons_forget(p);
    p->mode = -1;                 /* the trail may hold their consequences: start again */
}

static int by_level_and_atom(const void *x, const void *y)
{
    const AspCostTerm *a = x, *b = y;
    if (a->level != b->level) return a->level < b->level ? -1 : 1;
    return (a->atom > b->atom) - (a->atom < b->atom);
}

/* The terms as c->lits (returns how many) and c->offset: the terms of one atom on one level
 * summed into one weight on the atom (`not a` of weight w is w minus w for a), which counts
 * towards low only once the atom has a value; kept apart, an atom's two literals (gringo's
 * tuples of both signs for one literal: a of -3 and a of 2) each leave low that much short
 * while it has none, and the bound forces nothing. */
static size_t merge_terms(AspCost *c, const AspCostTerm *t, size_t n)
{
    AspCostTerm *v = mem_alloc((n + 1) * sizeof *v);
    memcpy(v, t, n * sizeof *v);
    qsort(v, n, sizeof *v, by_level_and_atom);
    size_t k = 0;
    for (size_t i = 0, j; i < n; i = j) {
        int64_t w = 0;                /* the atom's weight when true, beyond the offset */
        for (j = i; j < n && v[j].level == v[i].level && v[j].atom == v[i].atom; j++) {
            if (v[j].negative) c->offset[v[j].level] += v[j].weight;
            w += v[j].negative ? -v[j].weight : v[j].weight;
        }
        if (!w) continue;
        if (w < 0) c->offset[v[i].level] += w;
        c->lits[k++] = (CostLit){asp_lit_of(v[i].atom, w < 0 ? V_FALSE : V_TRUE), v[i].level,
                                 w < 0 ? -w : w};
    }
    mem_free(v);
    return k;
}

void asp_cost_attach(AspSolver *s, size_t nlevels, const AspCostTerm *t, size_t n)
{
    AspProp *p = s->prop;
    asp_cost_detach(s);
    AspCost *c = mem_calloc(1, sizeof *c);
    c->nlevels = nlevels;
    c->offset = mem_calloc(4 * nlevels + 1, sizeof *c->offset);
    c->low = c->offset + nlevels;
    c->bound = c->low + nlevels;
    c->sums = c->bound + nlevels;
    c->lits = mem_alloc((n + 1) * sizeof *c->lits);
    c->held = mem_alloc((n + 1) * sizeof *c->held);
    c->heldlit = mem_alloc(2 * (n + 1) * sizeof *c->heldlit);
    c->heldlev = c->heldlit + n + 1;
    c->cum = mem_alloc((n + 1) * (nlevels + 1) * sizeof *c->cum);
    c->skip = mem_alloc((nlevels + 1) * sizeof *c->skip);
    c->walked = mem_calloc(nlevels + 1, sizeof *c->walked);
    size_t k = merge_terms(c, t, n);
    index_literals(c, k, s->natoms);
    memcpy(c->skip, c->lstart, nlevels * sizeof *c->skip);
    cost_signs(c, s->natoms);
    p->cost = c;
    p->mode = -1;
}

void asp_cost_detach(AspSolver *s)
{
    AspProp *p = s->prop;
    AspCost *c = p->cost;
    if (!c) return;
    VEC_FREE(c->marks);
    MEM_FREE_ALL(c->offset, c->lits, c->held, c->heldlit, c->cum, c->lstart, c->astart, c->aent, c->sign,
                 c->counts, c->skip, c->walked, c);
    p->cost = NULL;
    forget_nogoods(p);
}

/* The first level where x and B differ (nlevels: none). */
static size_t first_diff(const AspCost *c, const int64_t *x, size_t from)
{
    while (from < c->nlevels && x[from] == c->bound[from]) from++;
    return from;
}

/* Does a cost of at least x from level `from` on break the bound? */
static bool breaks_from(const AspCost *c, const int64_t *x, size_t from)
{
    size_t d = first_diff(c, x, from);
    return d == c->nlevels ? c->strict : x[d] > c->bound[d];
}

/* Is a bound tighter than B, or as tight and B not strict yet? */
static bool tighter(const AspCost *c, const int64_t *best, bool strict)
{
    size_t d = first_diff(c, best, 0);
    if (d == c->nlevels) return strict && !c->strict;
    return best[d] < c->bound[d];
}

void asp_cost_bound(AspSolver *s, const int64_t *best, bool strict)
{
    AspProp *p = s->prop;
    AspCost *c = p->cost;
    bool loosens = c->active && !tighter(c, best, strict);
    memcpy(c->bound, best, c->nlevels * sizeof *best);
    c->strict = strict;
    c->active = true;
    c->recheck = true;
    c->forced_at = SIZE_MAX;
    if (loosens) forget_nogoods(p);
}

/* Every free literal of level j at least `need` heavy becomes false.  The scan starts past
 * the literals known to have values (skip), and moves that place on past all it scans
 * (each has a value after it), marked so that an undo of the trail below here moves it
 * back (on labyrinth 14 a scan of every literal whenever low came one below B was 5 % of
 * the instructions). */
static void force_level(AspProp *p, size_t j, int64_t need)
{
    AspCost *c = p->cost;
    const CostLit *lits = c->lits;           /* read once: an assignment's byte stores may */
    const uint8_t *val = p->tr.val;          /* alias c's and p's fields */
    uint32_t i = c->skip[j], end = c->lstart[j + 1], from = i;
    for (; i < end && lits[i].weight >= need; i++) {
        uint32_t l = lits[i].lit;
        if (val[l >> 1] == V_UNK) asp_prop_assign(p, l >> 1, lit_val(l ^ 1), R_COST, l);
    }
    c->skip[j] = i;
    if (i != from) VEC_PUSH(c->marks, ((SkipMark){(uint32_t)j, from, (uint32_t)p->tr.qtail}));
}

/* Every free literal whose weight would break the bound becomes false: on the levels before
 * the first where low and B differ, any; on that level, those at least the gap (more than
 * it when the levels after it keep the bound). */
static void force(AspProp *p)
{
    AspCost *c = p->cost;
    size_t d = first_diff(c, c->low, 0);
    for (size_t j = 0; j <= d && j < c->nlevels; j++)
        force_level(p, j, j == d ? c->bound[d] - c->low[d] + !breaks_from(c, c->low, d + 1) : 1);
}

/* low against B: a conflict on atom a (its literal that holds, lit, is the one too many) or
 * the free literals that would break it. */
static void enforce(AspProp *p, uint32_t a, uint32_t lit)
{
    if (!breaks_from(p->cost, p->cost->low, 0)) force(p);
    else asp_prop_assign(p, a, lit_val(lit ^ 1), R_COST, lit);
}

void asp_cost_reset(AspProp *p)
{
    AspCost *c = p->cost;
    memcpy(c->low, c->offset, c->nlevels * sizeof *c->low);
    memcpy(c->cum, c->offset, c->nlevels * sizeof *c->cum);
    c->nheld = 0;
    memcpy(c->skip, c->lstart, c->nlevels * sizeof *c->skip);
    c->marks.count = 0;
    c->recheck = false;           /* the closure from level 0 sees the bound */
    c->forced_at = 0;
    if (!c->active || p->mode != 1) return;
    if (breaks_from(c, c->low, 0)) p->conflict = true;
    else force(p);
}

/* Atom a's #minimize literals that hold, counted (out of line: most atoms have none that
 * holds, and their visit should not pay for this one's frame). */
static __attribute__((noinline)) void count_held(AspProp *p, uint32_t a)
{
    AspCost *c = p->cost;
    bool grew = false;
    for (uint32_t k = c->astart[a]; k < c->astart[a + 1]; k++) {
        const CostLit *l = &c->lits[c->aent[k]];
        if (!holds(p, l->lit)) continue;
        c->low[l->level] += l->weight;
        c->heldlit[c->nheld] = l->lit;
        c->heldlev[c->nheld] = l->level;
        c->held[c->nheld++] = c->aent[k];
        memcpy(c->cum + c->nheld * c->nlevels, c->low, c->nlevels * sizeof *c->low);
        grew = true;
    }
    if (grew && c->active && p->mode == 1 && !p->conflict) enforce(p, a, asp_lit_of(a, p->tr.val[a]));
}

void asp_cost_visit(AspProp *p, uint32_t a)
{
    if (p->cost->counts[a] & p->tr.val[a]) count_held(p, a);   /* one of them holds */
}

/* The trail undone down to place `to` (before its values go): the held literals set there
 * are the last ones, so they are dropped from the end and low is read back from cum's row,
 * once for the whole backjump instead of a call for each atom undone; force's places move
 * back to where they were when the trail was that short. */
void asp_cost_undo(AspProp *p, size_t to)
{
    AspCost *c = p->cost;
    while (c->marks.count && c->marks.items[c->marks.count - 1].upto > to) {
        const SkipMark *m = &c->marks.items[--c->marks.count];
        c->skip[m->level] = m->from;
    }
    size_t n = c->nheld;
    while (n && p->tr.tpos[c->heldlit[n - 1] >> 1] >= to) n--;
    if (n == c->nheld) return;
    c->nheld = n;
    memcpy(c->low, c->cum + n * c->nlevels, c->nlevels * sizeof *c->low);
}

/* The literal of the latest propagated atom among those that count on the levels up to d
 * (NONE: none). */
static uint32_t latest_counted(const AspProp *p, size_t d)
{
    const AspCost *c = p->cost;
    for (size_t i = c->nheld; i-- > 0;)
        if (c->lits[c->held[i]].level <= d) return c->lits[c->held[i]].lit;
    return NONE;
}

void asp_cost_recheck(AspProp *p)
{
    AspCost *c = p->cost;
    size_t k = p->tr.nlevels - 1;
    if (!c || !c->active || p->conflict || (!c->recheck && k > c->forced_at)) return;
    if (!breaks_from(c, c->low, 0)) {
        c->recheck = false;
        c->forced_at = k;
        force(p);
        return;
    }
    uint32_t l = latest_counted(p, first_diff(c, c->low, 0));
    p->root_conflict = l == NONE || p->tr.alev[l >> 1] == 0;     /* nothing to undo: no model */
    if (l == NONE) p->conflict = true;
    else asp_prop_assign(p, l >> 1, lit_val(l ^ 1), R_COST, l);
}

/* How many held literals were set before trail place `before` (they come first). */
static size_t held_before(const AspProp *p, uint32_t before)
{
    const AspCost *c = p->cost;
    size_t lo = 0, hi = c->nheld;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (p->tr.tpos[c->heldlit[mid] >> 1] < before) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Why literal `lit` may not hold (R_COST): the literals that held before trail place
 * `before`, on the levels up to the first where their weight with lit's differs from B.
 * Their weights are a row of cum, less the literals of lit's own atom among them.  Returns
 * how many held literals the reason is read from (the first ones of asp_cost_view's), and
 * in *depth that level: the reason is those of level depth or less, lit's atom's aside. */
uint32_t asp_cost_reason(const AspProp *p, uint32_t lit, uint32_t before, uint32_t *depth)
{
    const AspCost *c = p->cost;
    uint32_t a = lit >> 1;
    size_t n = held_before(p, before);
    memcpy(c->sums, c->cum + n * c->nlevels, c->nlevels * sizeof *c->sums);
    for (uint32_t k = c->astart[a]; k < c->astart[a + 1]; k++)
        if (c->lits[c->aent[k]].lit == lit) c->sums[c->lits[c->aent[k]].level] += c->lits[c->aent[k]].weight;
    if (p->tr.tpos[a] < before)
        for (size_t i = held_before(p, p->tr.tpos[a]); i < n && c->heldlit[i] >> 1 == a; i++)
            c->sums[c->heldlev[i]] -= c->lits[c->held[i]].weight;
    *depth = (uint32_t)first_diff(c, c->sums, 0);
    return (uint32_t)n;
}

void asp_cost_explain(const AspProp *p, uint32_t lit, uint32_t before, U32s *out)
{
    const AspCost *c = p->cost;
    uint32_t depth, n = asp_cost_reason(p, lit, before, &depth);
    for (uint32_t i = 0; i < n; i++)
        if (c->heldlit[i] >> 1 != lit >> 1 && c->heldlev[i] <= depth) VEC_PUSH(*out, c->heldlit[i]);
}

AspCostView asp_cost_view(const AspProp *p)
{
    const AspCost *c = p->cost;
    return c ? (AspCostView){ c->heldlit, c->heldlev, c->walked, c->nlevels }
             : (AspCostView){ NULL, NULL, NULL, 0 };
}

/* The invariants of the bound's state (propcheck.c calls it): the held literals are the
 * #minimize literals that hold of the propagated atoms, in trail order, low and cum's last
 * row their sums; each level's literals before its skip place have values, and the marks
 * that move skip back lie in trail order within the trail. */
const char *asp_cost_check(const AspProp *p)
{
    const AspCost *c = p->cost;
    size_t counted = 0;
    for (uint32_t i = 0; i < c->lstart[c->nlevels]; i++) {
        uint32_t a = c->lits[i].lit >> 1;
        counted += holds(p, c->lits[i].lit) && p->tr.tpos[a] < p->tr.qhead;
    }
    if (counted != c->nheld) return "the bound's held literals are not those that hold";
    memcpy(c->sums, c->offset, c->nlevels * sizeof *c->sums);
    for (size_t k = 0; k < c->nheld; k++) {
        const CostLit *l = &c->lits[c->held[k]];
        if (!holds(p, l->lit) || c->heldlit[k] != l->lit || c->heldlev[k] != l->level)
            return "a held literal of the bound does not hold";
        if (k && p->tr.tpos[c->heldlit[k - 1] >> 1] > p->tr.tpos[l->lit >> 1])
            return "the bound's held literals are not in trail order";
        c->sums[l->level] += l->weight;
    }
    for (size_t j = 0; j < c->nlevels; j++)
        if (c->sums[j] != c->low[j] || c->cum[c->nheld * c->nlevels + j] != c->low[j])
            return "the bound's low is not the sum of its held literals";
    for (size_t j = 0; j < c->nlevels; j++) {
        if (c->skip[j] < c->lstart[j] || c->skip[j] > c->lstart[j + 1]) return "a skip place off its level";
        for (uint32_t i = c->lstart[j]; i < c->skip[j]; i++)
            if (p->tr.val[c->lits[i].lit >> 1] == V_UNK) return "a literal before a skip place has no value";
    }
    for (size_t k = 0; k < c->marks.count; k++)
        if (c->marks.items[k].upto > p->tr.qtail || (k && c->marks.items[k - 1].upto > c->marks.items[k].upto))
            return "the bound's skip marks are not in trail order";
    return NULL;
}

/* The engine's hook (AftSearch.spent): a bound that went to Final is out of every later
 * search when its least cost breaks the strict bound (the model just found, for one). */
bool asp_cost_spent(void *ctx, const Word *lo, const Word *hi)
{
    const AspCost *c = ((AspSolver *)ctx)->prop->cost;
    if (!c || !c->active || !c->strict) return false;
    memcpy(c->sums, c->offset, c->nlevels * sizeof *c->sums);
    for (uint32_t i = 0; i < c->lstart[c->nlevels]; i++) {
        uint32_t l = c->lits[i].lit, a = l >> 1;
        bool in = (l & 1) ? !((hi[a >> 6] >> (a & 63)) & 1) : ((lo[a >> 6] >> (a & 63)) & 1) != 0;
        if (in) c->sums[c->lits[i].level] += c->lits[i].weight;
    }
    return breaks_from(c, c->sums, 0);
}
