/* bnbisolate.c: the steps of bnb's search policy `isolate` (aft.h, AftPolicy) that Algorithm 1
 * has not: a small bound of a finite lattice enumerated (f on each element), a bound whose
 * splits stalled parked instead of split again, and a bound of Final on reals refined once
 * more before it is reported.  bnb.c calls them on bnbrun.c's run state. */
#include <math.h>

#include "aft/bnbrun.h"
#include "util/mem.h"

bool bnb_isolating(const Run *run)
{
    return run->o->policy == AFT_POLICY_ISOLATE;
}

bool bnb_enumerable(const Run *run, const Word *lo, const Word *hi)
{
    const Lattice *L = run->L;
    size_t max = run->o->enumerate_max ? run->o->enumerate_max : AFT_ENUMERATE_MAX;
    return bnb_isolating(run) && L->finite && L->ops->log2_size(L, lo, hi) <= log2((double)max) + 1e-9;
}

/* One element x of an enumerated bound (node parent), with f(x): a fixed point is a node of
 * its own and joins Final; any other element is dropped. */
static void enum_point(Run *run, long parent, const Word *x, const Word *fx)
{
    if (!run->L->ops->eq(run->L, x, fx)) return;
    long id = run->next_id++;
    bnb_why(run, WHY_EVAL, id, x, x, x, fx);
    bnb_emit(run, EV_BNB_SPLIT, id, parent, -1, NODE_FIXPOINT, x, x);
    bnb_prove(run, x, x);
    bnb_to_final(run, id, x, x);
}

void bnb_enum_points(Run *run, long parent, const BoundList *points)
{
    for (size_t i = 0; i < points->count; i++)
        enum_point(run, parent, boundlist_lo(points, i), boundlist_hi(points, i));
}

typedef struct EnumCtx { Run *run; long parent; } EnumCtx;

static bool enum_visit(void *vctx, const Word *x, const Word *fx)
{
    EnumCtx *e = vctx;
    enum_point(e->run, e->parent, x, fx);
    return true;
}

AftStatus bnb_enumerate(Run *run, long id, const Word *lo, const Word *hi)
{
    const AftFunction *f = run->f;
    const Lattice *L = run->L;
    run->st->enumerated++;
    if (f->each) {
        EnumCtx e = {run, id};
        size_t calls = 0;
        bool ok = f->each(f->ctx, lo, hi, enum_visit, &e, &calls);
        run->st->eval_calls += calls;
        return ok ? AFT_OK : aft_callback_failed(run->o, run->st);
    }
    Word *x = run->c[0], *fx = run->c[1];      /* no children exist yet */
    lattice_copy(L, x, lo);
    do {
        run->st->eval_calls++;
        if (!f->eval(f->ctx, x, fx)) return aft_callback_failed(run->o, run->st);
        enum_point(run, id, x, fx);
    } while (L->ops->next(L, lo, hi, x));
    return AFT_OK;
}

bool bnb_shaved(const Run *run, int i)
{
    const Lattice *L = run->L;
    double before = L->ops->height(L, run->c[2 * i], run->c[2 * i + 1]);
    return L->ops->height(L, run->r[2 * i], run->r[2 * i + 1]) <= before - 1.0;
}

/* Is the end x of a stalled bound a fixed point?  On a finite lattice when f fixes it; on one
 * that is not finite only when f's judge hook proves it (a box of one number f moves by less
 * than the tolerance is no proof). */
static AftStatus check_end(Run *run, const Word *x)
{
    NodeStatus s;
    Judged j = {.point = run->judged[0].point};
    AftStatus r = bnb_classify(run, x, x, &s, &j);
    if (r != AFT_OK || s != NODE_FIXPOINT) return r;
    if (run->L->finite || (j.v.lo && j.v.kind != VERDICT_NEAR)) bnb_prove(run, x, x);
    return AFT_OK;
}

AftStatus bnb_park(Run *run, long id, const Word *lo, const Word *hi)
{
    run->at = id;
    AftStatus r = check_end(run, lo);
    if (r == AFT_OK && !run->L->ops->eq(run->L, lo, hi)) r = check_end(run, hi);
    if (r != AFT_OK) return r;
    boundlist_push(&run->parked, lo, hi);
    VEC_PUSH(run->parked_ids, id);
    return AFT_OK;
}

/* Do bounds i and j of b make up one interval?  On a lattice that is not finite: is their
 * hull higher than the two by at most a tolerance step or 1/64 of their heights (the gap IR
 * shaved off between two halves, a crawl a few steps at a time; the hull is sound, holding
 * the two)?  Their hull is left in run->klo, run->khi. */
static bool joinable(Run *run, const BoundList *b, size_t i, size_t j)
{
    const Lattice *L = run->L;
    Word *lo1 = boundlist_lo(b, i), *hi1 = boundlist_hi(b, i);
    Word *lo2 = boundlist_lo(b, j), *hi2 = boundlist_hi(b, j);
    L->ops->meet(L, run->klo, lo1, lo2);
    L->ops->join(L, run->khi, hi1, hi2);
    if (L->finite) return L->ops->union_is_interval(L, lo1, hi1, lo2, hi2);
    double h = L->ops->height(L, run->klo, run->khi);
    double parts = L->ops->height(L, lo1, hi1) + L->ops->height(L, lo2, hi2);
    return h <= parts + fmax(1.0, parts / 64.0);
}

/* Bound j of b joins bound i as their hull (run->klo, run->khi: joinable), and leaves b; so
 * does its id. */
static void join(Run *run, BoundList *b, long *ids, size_t i, size_t j)
{
    lattice_copy(run->L, boundlist_lo(b, i), run->klo);
    lattice_copy(run->L, boundlist_hi(b, i), run->khi);
    ids[j] = ids[b->count - 1];
    boundlist_remove(b, j);
}

/* Any two bounds of b that make up one interval, until none do (quadratic: at most
 * JOIN_SCAN_MAX bounds are looked at this way). */
enum { JOIN_SCAN_MAX = 2048 };

static void join_all(Run *run, BoundList *b, long *ids)
{
    if (b->count > JOIN_SCAN_MAX) return;
    for (size_t i = 0; i < b->count; i++)
        for (size_t j = i + 1; j < b->count; j++)
            if (joinable(run, b, i, j)) {
                join(run, b, ids, i, j);
                j = i;                 /* the hull may join one looked at before */
            }
}

/* Policy isolate, on a lattice that is not finite: refines [lo, hi] once more; *empty when
 * that finds no fixed point in it (then it is pruned). */
static AftStatus refine_check(Run *run, long id, const Word *lo, const Word *hi, bool *empty)
{
    *empty = false;
    if (!bnb_isolating(run) || run->L->finite) return AFT_OK;
    run->st->ir_calls++;
    bnb_why(run, WHY_IR, id, lo, hi, NULL, NULL);
    AftStatus s = aft_refine_run(run->f, &run->iro, run->deadline, lo, hi, run->klo, run->khi,
                                 NULL, run->st);
    if (s == AFT_ERROR) return s;
    if (s == AFT_INVALID) {
        *empty = true;
        run->st->pruned++;
        bnb_emit(run, EV_BNB_SPLIT, id, -1, -1, NODE_PRUNED, lo, hi);
    }
    return AFT_OK;
}

/* Parked bounds come in the order the search reached them, neighbours mostly next to each
 * other: a stack joins each with the one before while they make up one interval (the halves
 * of one split, then the halves of the split above, ...); then any two that still do.  Each
 * is refined once more (dropped when that finds it empty) and goes to Final. */
AftStatus bnb_settle_parked(Run *run)
{
    const Lattice *L = run->L;
    BoundList joined;
    boundlist_init(&joined, L);
    VEC(long) ids = {0};
    for (size_t i = 0; i < run->parked.count; i++) {
        boundlist_push(&joined, boundlist_lo(&run->parked, i), boundlist_hi(&run->parked, i));
        VEC_PUSH(ids, run->parked_ids.items[i]);
        while (joined.count >= 2 && joinable(run, &joined, joined.count - 2, joined.count - 1)) {
            join(run, &joined, ids.items, joined.count - 2, joined.count - 1);
            ids.count = joined.count;
        }
    }
    join_all(run, &joined, ids.items);
    AftStatus s = AFT_OK;
    for (size_t i = 0; i < joined.count && s == AFT_OK; i++) {
        const Word *lo = boundlist_lo(&joined, i), *hi = boundlist_hi(&joined, i);
        bool empty;
        s = refine_check(run, ids.items[i], lo, hi, &empty);
        if (s != AFT_OK || empty) continue;
        bnb_to_final(run, ids.items[i], lo, hi);
        run->st->stalled++;
        double h = L->ops->height(L, lo, hi);
        if (h > run->st->stalled_height) run->st->stalled_height = h;
    }
    boundlist_free(&joined);
    VEC_FREE(ids);
    run->parked.count = run->parked_ids.count = 0;
    return s;
}

AftStatus bnb_final_checked(Run *run, long id, const Word *lo, const Word *hi)
{
    bool empty;
    AftStatus s = refine_check(run, id, lo, hi, &empty);
    if (s != AFT_OK || empty) return s;
    if (bnb_isolating(run) && !run->L->finite) {     /* joined with its neighbours at the end */
        boundlist_push(&run->parked, lo, hi);
        VEC_PUSH(run->parked_ids, id);
    } else {
        bnb_to_final(run, id, lo, hi);
    }
    return AFT_OK;
}
