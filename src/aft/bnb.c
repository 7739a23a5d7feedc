/* bnb.c: the branch-and-bound of Algorithm 1 (paper Section 6) with the budget condition,
 * round by round or depth first; aft_bnb hands the depth-first order to inplace.c when it
 * can run in place.  The run's state and the steps both share are bnbrun.c's. */
#include <math.h>
#include <stdlib.h>

#include "aft/bnbpar.h"
#include "aft/inplace.h"
#include "util/hashmap.h"
#include "util/mem.h"

/* A set of bounds with their nodes, parallel arrays.  The depth-first order keeps its bounds
 * in a difference-coded stack instead (`delta`): a pending bound differs from the one pushed
 * before it in the few words a split and its IR changed, so the stack stays small however
 * deep the search goes. */
typedef struct Level {
    BoundList b;
    BoundStack s;
    bool delta;
    VEC(Node) nodes;
} Level;

static void level_init(Level *lv, const Lattice *L, bool delta)
{
    boundlist_init(&lv->b, L);
    lv->delta = delta;
    if (delta) boundstack_init(&lv->s, L);
    lv->nodes.items = NULL;
    lv->nodes.count = lv->nodes.cap = 0;
}

static void level_free(Level *lv)
{
    boundlist_free(&lv->b);
    if (lv->delta) boundstack_free(&lv->s);
    VEC_FREE(lv->nodes);
}

static void level_push(Level *lv, const Word *lo, const Word *hi, Node n)
{
    if (lv->delta) boundstack_push(&lv->s, lo, hi);
    else boundlist_push(&lv->b, lo, hi);
    VEC_PUSH(lv->nodes, n);
}

static void level_remove(Level *lv, size_t i)
{
    boundlist_remove(&lv->b, i);
    lv->nodes.items[i] = lv->nodes.items[--lv->nodes.count];
}

/* --shard i/n: only the bounds of the round whose index is congruent to shard mod shards
 * kept, in order. */
static void level_keep_shard(Level *lv, size_t shard, size_t shards)
{
    size_t kept = 0;
    for (size_t i = shard; i < lv->b.count; i += shards, kept++) {
        if (kept == i) continue;
        lattice_copy(lv->b.L, boundlist_lo(&lv->b, kept), boundlist_lo(&lv->b, i));
        lattice_copy(lv->b.L, boundlist_hi(&lv->b, kept), boundlist_hi(&lv->b, i));
        lv->nodes.items[kept] = lv->nodes.items[i];
    }
    lv->b.count = lv->nodes.count = kept;
}

/* Node `id`'s fate: an EV_BNB_SPLIT event, with the judge's verdict when it decided a fixed
 * point (v->lo is NULL when it did not judge the box). */
static void emit_node(const Run *run, long id, long parent, NodeStatus status, const Word *lo,
                      const Word *hi, const Verdict *v)
{
    if (!run->o->on_event) return;
    AftEvent ev = {.kind = EV_BNB_SPLIT, .round = run->st->rounds, .id = id, .parent = parent,
                   .other = -1, .status = status, .lo = lo, .hi = hi,
                   .verdict = status == NODE_FIXPOINT && v && v->lo ? v : NULL};
    run->o->on_event(run->o->event_ctx, &ev);
}

/* Acts on a classified bound: fixed points go to Final (and are proven), bounds that are
 * final as they stand to Final (checked once more: bnb_final_checked), kept ones to `next`
 * with `stall` splits without progress behind them. */
static AftStatus place(Run *run, NodeStatus s, long id, const Word *lo, const Word *hi, Level *next,
                       size_t stall)
{
    if (s == NODE_FIXPOINT) bnb_prove(run, lo, hi);
    if (s == NODE_FIXPOINT) bnb_to_final(run, id, lo, hi);
    else if (s == NODE_FINAL) return bnb_final_checked(run, id, lo, hi);
    else if (s == NODE_KEPT) level_push(next, lo, hi, (Node){id, false, 0, stall});
    else run->st->pruned++;
    return AFT_OK;
}

/* IR of child i into run->r; *alive when it survives the prune. */
static AftStatus refine_child(Run *run, long id, int i, bool *alive)
{
    AftStatus s = bnb_refine_node(run, id, run->c[2 * i], run->c[2 * i + 1], run->r[2 * i],
                                  run->r[2 * i + 1], alive);
    if (s == AFT_INVALID) {
        aft_conflicts(run->o, run->st, 1);
        s = AFT_OK;
    }
    return s;
}

/* The fate of a surviving child, once (f is evaluated on a point): a point f does not fix
 * holds no fixed point and is pruned before any merge (with an imprecise F, e.g. via a
 * Galois insertion, such points do survive IR). */
static AftStatus classify_child(Run *run, int i, bool *alive, NodeStatus *status)
{
    AftStatus r = bnb_classify(run, run->r[2 * i], run->r[2 * i + 1], status, &run->judged[i]);
    if (r == AFT_OK && *status == NODE_PRUNED) *alive = false;
    return r;
}

/* On a lattice that is not finite, is the hull run->hlo/hhi of B's children lower than B by
 * a tolerance step at least?  A merge that only gains a few ulps a round (IR shaving the ends
 * of a box around a tangency) would split and merge B again for millions of rounds: B goes
 * to Final as it is instead (sound, as any bound of Final). */
static bool merge_shrinks(const Run *run, const Word *lo, const Word *hi)
{
    const Lattice *L = run->L;
    return L->finite || L->ops->height(L, run->hlo, run->hhi) <= L->ops->height(L, lo, hi) - 1.0;
}

/* Both children survived and their union is an interval: merge them into their hull.  A
 * child f was seen to fix is proven first, so that the merge cannot hide it. */
static AftStatus merge_children(Run *run, long id, const Word *lo, const Word *hi,
                                const long cid[2], const NodeStatus status[2], Level *next)
{
    const Lattice *L = run->L;
    for (int i = 0; i < 2; i++)
        if (status[i] == NODE_FIXPOINT) bnb_prove(run, run->r[2 * i], run->r[2 * i + 1]);
    for (int i = 0; i < 2; i++)
        bnb_emit(run, EV_BNB_SPLIT, cid[i], id, -1, NODE_MERGED, run->r[2 * i], run->r[2 * i + 1]);
    L->ops->meet(L, run->hlo, run->r[0], run->r[2]);
    L->ops->join(L, run->hhi, run->r[1], run->r[3]);
    run->st->merged++;
    bnb_emit(run, EV_BNB_MERGE, cid[0], id, cid[1], NODE_MERGED, run->hlo, run->hhi);
    if ((L->ops->eq(L, run->hlo, lo) && L->ops->eq(L, run->hhi, hi)) || !merge_shrinks(run, lo, hi)) {
        bnb_to_final(run, id, lo, hi);     /* what is kept joins back to B */
        return AFT_OK;
    }
    NodeStatus s;
    run->at = cid[0];
    AftStatus r = bnb_classify(run, run->hlo, run->hhi, &s, NULL);
    if (r == AFT_OK) r = place(run, s, cid[0], run->hlo, run->hhi, next, 0);
    return r;
}

/* Policy isolate: the splits without progress behind the children of node n, one more when
 * both are kept and IR shaved neither by a step, else none. */
static size_t child_stall(const Run *run, Node n, const bool alive[2], const NodeStatus status[2])
{
    if (!bnb_isolating(run)) return 0;
    for (int i = 0; i < 2; i++)
        if (!alive[i] || status[i] != NODE_KEPT || bnb_shaved(run, i)) return 0;
    return n.stall + 1;
}

/* Children kept apart (or pruned): each goes its own way, as classified. */
static AftStatus keep_children(Run *run, Node n, const Word *lo, const Word *hi, const long cid[2],
                               const bool alive[2], const NodeStatus status[2], Level *next)
{
    const Lattice *L = run->L;
    long id = n.id;
    size_t stall = child_stall(run, n, alive, status);
    for (int i = 0; i < 2; i++) {
        Word *rlo = run->r[2 * i], *rhi = run->r[2 * i + 1];
        NodeStatus s = alive[i] ? status[i] : NODE_PRUNED;
        if (s == NODE_KEPT && L->ops->eq(L, rlo, lo) && L->ops->eq(L, rhi, hi)) {
            bnb_emit(run, EV_BNB_SPLIT, cid[i], id, -1, NODE_FINAL, rlo, rhi);
            bnb_to_final(run, id, lo, hi);  /* a non-shrinking decomposition: B is final */
            continue;
        }
        bool pruned = s == NODE_PRUNED;    /* a pruned child is shown before its IR */
        emit_node(run, cid[i], id, s, pruned ? run->c[2 * i] : rlo, pruned ? run->c[2 * i + 1] : rhi,
                  &run->judged[i].v);
        AftStatus r = place(run, s, cid[i], rlo, rhi, next, stall);
        if (r != AFT_OK) return r;
    }
    return AFT_OK;
}

/* Decompose B into run->c: the function's split hook when it has one and takes the
 * choice, the lattice's decompose otherwise.  False when B cannot be split. */
static bool split_bound(Run *run, const Word *lo, const Word *hi)
{
    const Lattice *L = run->L;
    Word **c = run->c;
    if (run->f->split && run->f->split(run->f->ctx, lo, hi, &run->split, c[0], c[1], c[2], c[3]))
        return true;
    return L->ops->decompose(L, lo, hi, &run->split, c[0], c[1], c[2], c[3]);
}

/* The children of a split, refined and classified: merged (policy paper, when their union is
 * an interval) or each placed on its own. */
static AftStatus settle_children(Run *run, Node n, const Word *lo, const Word *hi, const long cid[2],
                                 const bool alive[2], const NodeStatus status[2], Level *next)
{
    const Lattice *L = run->L;
    if (!bnb_isolating(run) && alive[0] && alive[1]
        && L->ops->union_is_interval(L, run->r[0], run->r[1], run->r[2], run->r[3]))
        return merge_children(run, n.id, lo, hi, cid, status, next);
    return keep_children(run, n, lo, hi, cid, alive, status, next);
}

/* Policy isolate: a bound small enough is enumerated, one whose splits stalled is parked
 * (bnbisolate.c); *done when it was. */
static AftStatus isolate_bound(Run *run, Node n, const Word *lo, const Word *hi, bool *done)
{
    *done = true;
    if (bnb_enumerable(run, lo, hi)) {
        AftStatus r = bnb_enumerate(run, n.id, lo, hi);
        if (r == AFT_LIMIT) bnb_to_final(run, n.id, lo, hi);     /* not all evaluated: sound */
        return r;
    }
    if (bnb_isolating(run) && n.stall >= AFT_STALL_LEVELS && run->pending > AFT_STALL_BOUNDS)
        return bnb_park(run, n.id, lo, hi);
    *done = false;
    return AFT_OK;
}

/* One bound B = [lo, hi] of a round: decompose, refine, prune, merge (the merge is policy
 * paper's; policy isolate first enumerates or parks B when it should, isolate_bound). */
static AftStatus process_bound(Run *run, Node n, const Word *lo, const Word *hi, Level *next)
{
    const Lattice *L = run->L;
    long id = n.id;
    if (L->ops->is_point(L, lo, hi)) {
        NodeStatus s;
        run->at = id;
        AftStatus r = bnb_classify(run, lo, hi, &s, NULL);
        if (r == AFT_OK) r = place(run, s, id, lo, hi, next, 0);   /* a point: never NODE_KEPT */
        if (r == AFT_LIMIT) bnb_to_final(run, id, lo, hi);     /* not evaluated: kept, sound */
        return r;
    }
    bool done;
    AftStatus r0 = isolate_bound(run, n, lo, hi, &done);
    if (done) return r0;
    if (!split_bound(run, lo, hi)) {
        bnb_to_final(run, id, lo, hi);
        return AFT_OK;
    }
    run->st->splits++;
    long cid[2] = {run->next_id++, run->next_id++};
    bool alive[2];
    NodeStatus status[2] = {NODE_PRUNED, NODE_PRUNED};
    run->judged[0].v.lo = run->judged[1].v.lo = NULL;
    for (int i = 0; i < 2; i++) {
        AftStatus r = refine_child(run, cid[i], i, &alive[i]);
        if (r == AFT_LIMIT) {
            bnb_to_final(run, id, lo, hi);
            return r;
        }
        if (r != AFT_OK) return r;
        if (alive[i] && (r = classify_child(run, i, &alive[i], &status[i])) != AFT_OK) {
            if (r == AFT_LIMIT) bnb_to_final(run, id, lo, hi);
            return r;
        }
    }
    return settle_children(run, n, lo, hi, cid, alive, status, next);
}

/* A bound a worker prepared (bnbpar.h) meets the fate process_bound gives it, on the calling
 * thread: the children in p stand in for run->c, run->r and run->judged meanwhile. */
static AftStatus process_prepared(Run *run, Node n, const Word *lo, const Word *hi, Level *next,
                                  Prepared *p)
{
    if (p->kind == PREP_SERIAL) return process_bound(run, n, lo, hi, next);
    /* what the worker counted preparing the bound; the run counts its rounds and bounds */
    aft_stats_add(run->st, &p->st, AFT_STATS_CALLS | AFT_STATS_CONFLICTS | AFT_STATS_ENUMERATED);
    if (p->kind == PREP_NOSPLIT) {
        bnb_to_final(run, n.id, lo, hi);
        return AFT_OK;
    }
    if (p->kind == PREP_ENUM) {
        bnb_enum_points(run, n.id, &p->points);
        return AFT_OK;
    }
    run->st->splits++;
    long cid[2] = {run->next_id++, run->next_id++};
    Word *c[4], *r[4];
    Judged j[2] = {run->judged[0], run->judged[1]};
    for (int k = 0; k < 4; k++) {
        c[k] = run->c[k], r[k] = run->r[k];
        run->c[k] = p->c[k], run->r[k] = p->r[k];
    }
    run->judged[0] = p->judged[0];
    run->judged[1] = p->judged[1];
    AftStatus s = settle_children(run, n, lo, hi, cid, p->alive, p->status, next);
    for (int k = 0; k < 4; k++) run->c[k] = c[k], run->r[k] = r[k];
    run->judged[0] = j[0];
    run->judged[1] = j[1];
    return s;
}

/* The budget's cost |hull| - (|B1| + |B2|) as sign * 2^mag: sizes are log2 and may be huge,
 * so it is computed as 2^h * (1 - 2^(a-h) - 2^(b-h)). */
typedef struct Cost { int sign; double mag; } Cost;

static int cost_cmp(Cost x, Cost y)
{
    if (x.sign != y.sign) return x.sign < y.sign ? -1 : 1;
    if (x.sign == 0 || x.mag == y.mag) return 0;
    bool less = x.sign > 0 ? x.mag < y.mag : x.mag > y.mag;
    return less ? -1 : 1;
}

static void hull_of(Run *run, const BoundList *b, size_t i, size_t j)
{
    const Lattice *L = run->L;
    L->ops->meet(L, run->hlo, boundlist_lo(b, i), boundlist_lo(b, j));
    L->ops->join(L, run->hhi, boundlist_hi(b, i), boundlist_hi(b, j));
}

static Cost hull_cost(Run *run, const BoundList *b, size_t i, size_t j)
{
    const Lattice *L = run->L;
    hull_of(run, b, i, j);
    double h = L->ops->log2_size(L, run->hlo, run->hhi);
    double a = L->ops->log2_size(L, boundlist_lo(b, i), boundlist_hi(b, i));
    double c = L->ops->log2_size(L, boundlist_lo(b, j), boundlist_hi(b, j));
    double rest = 1.0 - exp2(a - h) - exp2(c - h);
    if (rest == 0.0 || !isfinite(h)) return (Cost){0, 0.0};
    return (Cost){rest > 0 ? 1 : -1, h + log2(fabs(rest))};
}

/* Pair costs of a level, a symmetric n x n matrix kept up to date as pairs are hulled. */
typedef struct CostTable { Cost *m; size_t stride; } CostTable;

static void cost_row(Run *run, CostTable *t, const BoundList *b, size_t i)
{
    for (size_t k = 0; k < b->count; k++) {
        if (k == i) continue;
        Cost c = hull_cost(run, b, i, k);
        t->m[i * t->stride + k] = c;
        t->m[k * t->stride + i] = c;
    }
}

static void cheapest_pair(const CostTable *t, size_t n, size_t *bi, size_t *bj)
{
    *bi = 0;
    *bj = 1;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++)
            if (cost_cmp(t->m[i * t->stride + j], t->m[*bi * t->stride + *bj]) < 0) {
                *bi = i;
                *bj = j;
            }
}

/* Index j is about to receive the last entry (boundlist_remove): move its costs. */
static void cost_move_last(CostTable *t, size_t n, size_t j)
{
    size_t last = n - 1;
    if (j == last) return;
    for (size_t k = 0; k < n; k++) {
        t->m[j * t->stride + k] = t->m[last * t->stride + k];
        t->m[k * t->stride + j] = t->m[k * t->stride + last];
    }
}

/* Replaces bounds i and j of `next` by their hull (kept at i). */
static void hull_pair(Run *run, CostTable *t, Level *next, size_t i, size_t j)
{
    hull_of(run, &next->b, i, j);
    lattice_copy(run->L, boundlist_lo(&next->b, i), run->hlo);
    lattice_copy(run->L, boundlist_hi(&next->b, i), run->hhi);
    long id = next->nodes.items[i].id, other = next->nodes.items[j].id;
    next->nodes.items[i].hulled = true;
    run->st->hulls++;
    bnb_emit(run, EV_BNB_HULL, id, -1, other, NODE_KEPT, boundlist_lo(&next->b, i),
         boundlist_hi(&next->b, i));
    cost_move_last(t, next->b.count, j);
    if (i == next->b.count - 1) i = j;     /* i itself was the last one */
    level_remove(next, j);
    cost_row(run, t, &next->b, i);
}

/* A hull that contains a bound of the round it came from made no progress: it goes to Final
 * (sound, and it keeps a budgeted run from cycling). */
static void settle_hulls(Run *run, Level *next, const Level *cur)
{
    const Lattice *L = run->L;
    for (size_t i = next->b.count; i-- > 0;) {
        if (!next->nodes.items[i].hulled) continue;
        Word *lo = boundlist_lo(&next->b, i), *hi = boundlist_hi(&next->b, i);
        for (size_t k = 0; k < cur->b.count; k++) {
            if (lattice_interval_subset(L, boundlist_lo(&cur->b, k), boundlist_hi(&cur->b, k),
                                        lo, hi)) {
                bnb_to_final(run, next->nodes.items[i].id, lo, hi);
                level_remove(next, i);
                break;
            }
        }
    }
}

/* Budget condition: while |next| > K, hull the pair of least cost. */
static void apply_budget(Run *run, Level *next, const Level *cur)
{
    size_t n = next->b.count, k = run->o->budget;
    if (!k || n <= k) return;
    CostTable t = {mem_calloc(n * n, sizeof(Cost)), n};
    for (size_t i = 0; i < n; i++) cost_row(run, &t, &next->b, i);
    while (next->b.count > k) {
        size_t i, j;
        cheapest_pair(&t, next->b.count, &i, &j);
        hull_pair(run, &t, next, i, j);
    }
    mem_free(t.m);
    settle_hulls(run, next, cur);
}

/* Final without repeated intervals, the first of equal ones kept in place: a hash table of
 * the raw words (linear in the size of Final).  Written out rather than a util/hashmap.h
 * table: this loop is hot, and the generic table's indirect hash and equality cost ~5%. */
static void dedupe(BoundList *b)
{
    const Lattice *L = b->L;
    size_t n = b->count, w = 2 * L->nwords, cap = 16, out = 0;
    if (n < 2) return;
    while (cap < 2 * n) cap *= 2;
    size_t *tab = mem_calloc(cap, sizeof *tab);          /* kept index + 1, 0: empty */
    for (size_t i = 0; i < n; i++) {
        const Word *x = b->words + i * w;
        size_t slot = (size_t)hashmap_hash_words(x, w) & (cap - 1);
        bool dup = false;
        for (; tab[slot] && !dup; slot = (slot + 1) & (cap - 1)) {
            const Word *y = b->words + (tab[slot] - 1) * w;
            dup = L->ops->eq(L, x, y) && L->ops->eq(L, x + L->nwords, y + L->nwords);
        }
        if (dup) continue;
        if (out != i) memcpy(b->words + out * w, x, w * sizeof(Word));
        tab[slot] = ++out;
    }
    b->count = out;
    mem_free(tab);
}

static void move_rest_to_final(Run *run, const Level *lv, size_t from)
{
    for (size_t i = from; i < lv->b.count; i++)
        bnb_to_final(run, lv->nodes.items[i].id, boundlist_lo(&lv->b, i), boundlist_hi(&lv->b, i));
}

/* With a budget and no round limit, hulls could in principle revisit bounds forever: cap the
 * rounds at a multiple of the height of IR(B_I) (each budget-free round lowers it by one).  On
 * a lattice that is not finite a split bisects a component, so the cap is also at most a
 * multiple of the log of the height (room for the bisections of several components); there
 * the cap holds with no budget too (a crawl, IR raising an end by 1e-17 a round while the
 * bound count stays small, would otherwise go on for ever). */
static size_t round_cap(const Run *run, const Word *lo, const Word *hi)
{
    const AftOptions *o = run->o;
    if (o->rounds) return o->rounds;
    if (!o->budget && run->L->finite) return 0;
    double h = run->L->ops->height(run->L, lo, hi);
    size_t cap = h < 1e6 ? 4 * (size_t)h + 16 : 4000000;
    if (run->L->finite) return cap;
    size_t depth = (size_t)ceil(log2(h + 1.0));
    return depth < cap / 16 ? 16 * depth + 64 : cap;
}

/* On a lattice that is not finite only the tolerance ends the splitting, and a function f
 * moves by less than it everywhere keeps every box (2^30 of them for 1e-9 on [0, 1]): with
 * no budget a round that would start with more than AFT_UNBUDGETED_BOUNDS_MAX stops. */
static bool too_many_bounds(const Run *run, const Level *bounds)
{
    return !run->L->finite && !run->o->budget && bounds->b.count > AFT_UNBUDGETED_BOUNDS_MAX;
}

/* A round whose bounds the workers prepare (run->par): each taken in order as run_round's
 * loop takes it. */
typedef struct RoundTake {
    Run *run;
    Level *cur, *next;
    const char **why;
    AftStatus status;
} RoundTake;

static bool take_prepared(void *ctx, size_t i, Prepared *p)
{
    RoundTake *t = ctx;
    Run *run = t->run;
    if (i > 0 && (*t->why = aft_limit_hit(run->o, run->deadline, run->st))) {
        move_rest_to_final(run, t->cur, i);
        t->status = AFT_LIMIT;
        return false;
    }
    AftStatus s = process_prepared(run, t->cur->nodes.items[i], boundlist_lo(&t->cur->b, i),
                                   boundlist_hi(&t->cur->b, i), t->next, p);
    if (s == AFT_LIMIT) {
        *t->why = run->st->stopped_by;
        move_rest_to_final(run, t->cur, i + 1);
    }
    t->status = s;
    return s == AFT_OK;
}

/* One round over `cur` into `next`.  Returns AFT_LIMIT (why in *why) when stopped early. */
static AftStatus run_round(Run *run, Level *cur, Level *next, const char **why)
{
    if (run->par) {
        run->pending = cur->b.count;
        RoundTake t = {run, cur, next, why, AFT_OK};
        bnb_par_round(run->par, &cur->b, cur->nodes.items, cur->b.count, take_prepared, &t);
        if (t.status != AFT_OK) return t.status;
        apply_budget(run, next, cur);
        return AFT_OK;
    }
    run->pending = cur->b.count;
    for (size_t i = 0; i < cur->b.count; i++) {
        if (i > 0 && (*why = aft_limit_hit(run->o, run->deadline, run->st))) {
            move_rest_to_final(run, cur, i);
            return AFT_LIMIT;
        }
        AftStatus s = process_bound(run, cur->nodes.items[i], boundlist_lo(&cur->b, i),
                                    boundlist_hi(&cur->b, i), next);
        if (s == AFT_LIMIT) {
            *why = run->st->stopped_by;
            move_rest_to_final(run, cur, i + 1);
        }
        if (s != AFT_OK) return s;
    }
    apply_budget(run, next, cur);
    return AFT_OK;
}

/* The rounds of Algorithm 1 on `bounds`, until empty or stopped. */
static AftStatus run_rounds(Run *run, Level *bounds, size_t cap)
{
    const char *why = NULL;
    AftStatus s = AFT_OK;
    bool cut = !run->o->shards;
    while (bounds->b.count) {
        bnb_snapshot_save(run, &bounds->b, bounds->nodes.items);
        if (!cut && bounds->b.count >= (size_t)AFT_SHARD_WIDTH * run->o->shards) {
            run->st->shard_round = run->st->rounds + 1;
            run->st->shard_bounds = bounds->b.count;
            level_keep_shard(bounds, run->o->shard, run->o->shards);
            cut = true;
            if (!bounds->b.count) break;
        }
        if (cap && run->st->rounds >= cap) why = "rounds";
        else if (too_many_bounds(run, bounds)) why = "bounds";
        else why = aft_limit_hit(run->o, run->deadline, run->st);
        if (why) break;
        run->st->rounds++;
        AftEvent ev = {.kind = EV_BNB_ROUND, .round = run->st->rounds, .count = bounds->b.count,
                       .id = -1, .parent = -1, .other = -1};
        if (run->o->on_event) run->o->on_event(run->o->event_ctx, &ev);
        Level next;
        level_init(&next, run->L, false);
        s = run_round(run, bounds, &next, &why);
        level_free(bounds);
        *bounds = next;
        if (s != AFT_OK) break;
    }
    if (s == AFT_ERROR) return s;
    if (why) {
        move_rest_to_final(run, bounds, 0);
        run->st->stopped_by = why;
        return AFT_LIMIT;
    }
    if (s == AFT_OK) bnb_snapshot_save(run, &bounds->b, bounds->nodes.items);
    return AFT_OK;
}

/* Depth-first: pops the top bound of the stack into run->plo/phi; returns its node. */
static Node pop_bound(Run *run, Level *stack)
{
    boundstack_pop(&stack->s, run->plo, run->phi);
    return stack->nodes.items[--stack->nodes.count];
}

/* Depth-first: every pending bound goes to Final, the oldest first (as run_rounds would). */
static void move_stack_to_final(Run *run, const Level *stack)
{
    size_t n = run->L->nwords;
    Word *x = mem_calloc(2 * n + 1, sizeof *x);
    for (size_t i = 0; i < stack->s.count; i++) {
        boundstack_step_up(&stack->s, i, x);
        bnb_to_final(run, stack->nodes.items[i].id, x, x + n);
    }
    mem_free(x);
}

/* Algorithm 1 on `stack` in depth-first order: the newest bound first (the last refined
 * child, which a function's refine hook may still have at hand).  Each bound meets the fate
 * it has in run_rounds; bounds deeper than the round cap go to Final. */
static AftStatus run_depth_first(Run *run, Level *stack, size_t cap)
{
    const char *why = NULL, *capped = NULL;
    while (stack->nodes.count) {
        if ((why = aft_limit_hit(run->o, run->deadline, run->st))) break;
        Node n = pop_bound(run, stack);
        if (cap && n.depth >= cap) {
            bnb_to_final(run, n.id, run->plo, run->phi);
            capped = "rounds";
            continue;
        }
        bnb_enter_round(run, n.depth, stack->nodes.count);
        run->pending = stack->nodes.count + 1;
        size_t before = stack->nodes.count;
        AftStatus s = process_bound(run, n, run->plo, run->phi, stack);
        for (size_t i = before; i < stack->nodes.count; i++) stack->nodes.items[i].depth = n.depth + 1;
        if (s == AFT_LIMIT) why = run->st->stopped_by;
        else if (s != AFT_OK) return s;
        if (why) break;
    }
    if (!why) why = capped;
    if (!why) return AFT_OK;
    move_stack_to_final(run, stack);
    run->st->stopped_by = why;
    return AFT_LIMIT;
}

/* Bounds = {IR(B_I)}: node 0.  *pruned when B_I holds no fixed point. */
static AftStatus run_root(Run *run, const Word *lo, const Word *hi, Level *bounds)
{
    const Lattice *L = run->L;
    Word *rlo = run->r[0], *rhi = run->r[1];
    bool alive;
    AftStatus s = bnb_refine_node(run, 0, lo, hi, rlo, rhi, &alive);
    if (s == AFT_ERROR) return s;
    NodeStatus ns = NODE_PRUNED;
    run->judged[0].v.lo = NULL;
    if (alive) {
        run->st->log2_IR_init = L->ops->log2_size(L, rlo, rhi);
        AftStatus c = bnb_classify(run, rlo, rhi, &ns, &run->judged[0]);
        if (c != AFT_OK) return c;
    }
    emit_node(run, 0, -1, ns, alive ? rlo : lo, alive ? rhi : hi, &run->judged[0].v);
    if (s == AFT_LIMIT) {
        bnb_to_final(run, 0, rlo, rhi);
        return s;
    }
    return place(run, ns, 0, rlo, rhi, bounds, 0);
}

/* Do the closed boxes [lo1, hi1] and [lo2, hi2] share a point? */
static bool boxes_meet(Run *run, const Word *lo1, const Word *hi1, const Word *lo2, const Word *hi2)
{
    const Lattice *L = run->L;
    L->ops->join(L, run->fmeet, lo1, lo2);
    L->ops->meet(L, run->fjoin, hi1, hi2);
    return L->ops->leq(L, run->fmeet, run->fjoin);
}

/* On a lattice that is not finite, boxes proven fixed within tolerance that share a point
 * (e.g. the two halves of one bisection, around the fixed point on their common face) are
 * one fixed point: they are replaced by their hull, when it is no higher than the two. */
static void coalesce_touching(Run *run, BoundList *b)
{
    const Lattice *L = run->L;
    for (size_t i = 0; i < b->count; i++) {
        for (size_t j = b->count; j-- > i + 1;) {
            Word *lo1 = boundlist_lo(b, i), *hi1 = boundlist_hi(b, i);
            Word *lo2 = boundlist_lo(b, j), *hi2 = boundlist_hi(b, j);
            if (!boxes_meet(run, lo1, hi1, lo2, hi2)) continue;
            L->ops->meet(L, run->hlo, lo1, lo2);
            L->ops->join(L, run->hhi, hi1, hi2);
            double h = L->ops->height(L, run->hlo, run->hhi);
            if (h > L->ops->height(L, lo1, hi1) + L->ops->height(L, lo2, hi2) + 1.0) continue;
            lattice_copy(L, lo1, run->hlo);
            lattice_copy(L, hi1, run->hhi);
            boundlist_remove(b, j);
            j = b->count;                  /* the hull may touch one looked at before */
        }
    }
}

/* Dedupes Final and the proven fixed points; a run without a `final` list only reported
 * Final (a caller who consumes it that way checks its points itself). */
static void finish(Run *run, BoundList *fixpoints)
{
    const Lattice *L = run->L;
    if (!run->final) {
        run->st->log2_S_final = NAN;
        return;
    }
    dedupe(run->final);
    run->st->log2_S_final = -INFINITY;
    for (size_t i = 0; i < run->final->count; i++) {
        Word *lo = boundlist_lo(run->final, i), *hi = boundlist_hi(run->final, i);
        run->st->log2_S_final = lattice_log2_add(run->st->log2_S_final, L->ops->log2_size(L, lo, hi));
    }
    if (!fixpoints) return;
    dedupe(&run->proven);
    if (!L->finite) coalesce_touching(run, &run->proven);
    for (size_t i = 0; i < run->proven.count; i++)
        boundlist_push(fixpoints, boundlist_lo(&run->proven, i), boundlist_hi(&run->proven, i));
}

/* Below this width the whole-interval order is faster (its copies are a few words, and the
 * trail's bookkeeping is not free): measured on the bench programs, 64 words keeps them as
 * fast as before while a deep search over thousands of atoms stays linear. */
static size_t inplace_min_words(const AftOptions *o)
{
    return o->inplace_min_words ? o->inplace_min_words : 64;
}

/* Can the depth-first order run in place (inplace.c): a bitset lattice and a function with
 * both in-place hooks (f->search), IR by the refine hook, and a lattice wide enough or
 * learning? */
static bool inplace_applies(const Run *run)
{
    const AftSearch *h = run->f->search;
    return h && h->refine_at && h->split_at && run->f->refine && !run->o->refine_steps
           && lattice_is_bitset(run->L)
           && (run->L->nwords >= inplace_min_words(run->o) || bnb_learns(run));
}

/* Does the run, its root not a point nor the end (not root_only), go on in place? */
static bool runs_in_place(const Run *run)
{
    return run->o->depth_first && !run->o->budget && !bnb_isolating(run) && inplace_applies(run);
}

AftStatus aft_bnb(const AftFunction *f, const AftOptions *o, const Word *lo, const Word *hi,
                  BoundList *final, BoundList *fixpoints, AftStats *st)
{
    AftStats dummy;
    if (!st) st = &dummy;
    *st = (AftStats){0};
    st->log2_S_final = st->log2_IR_init = -INFINITY;
    st->policy = o->policy;
    if (final) boundlist_init(final, f->L);
    if (fixpoints) boundlist_init(fixpoints, f->L);
    Run run;
    bnb_run_init(&run, f, o, st, final);
    bool depth_first = o->depth_first && !o->budget;
    Level bounds;
    level_init(&bounds, f->L, depth_first);
    const AftSnapshot *resume = o->checkpoint && !depth_first ? o->checkpoint->resume : NULL;
    if (resume) bnb_snapshot_load(&run, resume);         /* its pool: the next round's */
    for (size_t i = 0; resume && i < resume->pool.count; i++)
        level_push(&bounds, boundlist_lo(&resume->pool, i), boundlist_hi(&resume->pool, i), resume->nodes[i]);
    AftStatus s = resume ? AFT_OK : run_root(&run, lo, hi, &bounds);
    if (o->checkpoint && !depth_first) {
        run.root = mem_alloc(2 * f->L->nwords * sizeof *run.root + 1);
        lattice_copy(f->L, run.root, run.r[0]);
        lattice_copy(f->L, run.root + f->L->nwords, run.r[1]);
    }
    if (s == AFT_OK && o->root_only && bounds.nodes.count && !resume) {
        if (depth_first) move_stack_to_final(&run, &bounds);
        else move_rest_to_final(&run, &bounds, 0);
        st->stopped_by = "rounds";
        s = AFT_LIMIT;
    } else if (s == AFT_OK && bounds.nodes.count && runs_in_place(&run)) {
        pop_bound(&run, &bounds);                   /* the root, kept: node 0 */
        s = inplace_run(&run, run.plo, run.phi, o->rounds);
    } else if (s == AFT_OK && depth_first) s = run_depth_first(&run, &bounds, o->rounds);
    else if (s == AFT_OK) {
        run.par = bnb_par_new(&run);
        s = run_rounds(&run, &bounds, round_cap(&run, run.r[0], run.r[1]));
        bnb_par_free(run.par);
        run.par = NULL;
    }
    if (s != AFT_ERROR && run.parked.count) {
        AftStatus p = bnb_settle_parked(&run);
        if (p == AFT_ERROR) s = p;
    }
    if (s != AFT_ERROR) finish(&run, fixpoints);
    level_free(&bounds);
    mem_free(run.root);
    bnb_run_free(&run);
    return s;
}

bool aft_bnb_projects(const AftFunction *f, const AftOptions *o)
{
    Run run = {.f = f, .o = o, .L = f->L};
    return f->search && f->search->projected && f->search->given && !o->root_only
           && runs_in_place(&run);
}
