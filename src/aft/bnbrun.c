/* bnbrun.c: the state of one bnb run (bnbrun.h) and the steps both of its orders take on it:
 * events, Final, the proven fixed points, and the fate of a refined bound (evaluating f on a
 * point, the judge hook on a box of reals).  bnb.c (Algorithm 1, round by round or depth
 * first) and inplace.c (the depth-first order kept in place) share it, not each other. */
#include "aft/bnbrun.h"
#include "util/mem.h"

void bnb_run_init(Run *run, const AftFunction *f, const AftOptions *o, AftStats *st,
                  BoundList *final)
{
    const Lattice *L = f->L;
    *run = (Run){.f = f, .o = o, .L = L, .st = st, .final = final, .next_id = 1,
                 .split = o->split, .rng = {0x5eed5eedULL}};
    if (!run->split.rng) run->split.rng = &run->rng;
    run->deadline = o->timeout_s > 0 ? aft_clock() + o->timeout_s : 0;
    lattice_elems_new(L, 19, (Word **const[]){ &run->c[0], &run->c[1], &run->c[2], &run->c[3],
                                                &run->r[0], &run->r[1], &run->r[2], &run->r[3],
                                                &run->hlo, &run->hhi, &run->tmp, &run->plo, &run->phi,
                                                &run->fmeet, &run->fjoin, &run->judged[0].point,
                                                &run->judged[1].point, &run->klo, &run->khi });
    boundlist_init(&run->proven, L);
    boundlist_init(&run->parked, L);
    run->iro = *o;
    bool crawl_cap = o->policy == AFT_POLICY_ISOLATE && !L->finite && !f->refine;
    if (crawl_cap && !o->no_refine) run->iro.crawl_steps = AFT_IR_CRAWL_STEPS;
}

void bnb_run_free(Run *run)
{
    mem_free(run->c[0]);    /* the block of all nineteen */
    boundlist_free(&run->proven);
    boundlist_free(&run->parked);
    VEC_FREE(run->parked_ids);
}

void bnb_emit(const Run *run, AftEventKind kind, long id, long parent, long other,
              NodeStatus status, const Word *lo, const Word *hi)
{
    if (!run->o->on_event) return;
    AftEvent ev = {.kind = kind, .round = run->st->rounds, .id = id, .parent = parent,
                   .other = other, .status = status, .lo = lo, .hi = hi};
    run->o->on_event(run->o->event_ctx, &ev);
}

void bnb_why(const Run *run, AftWhyKind kind, long id, const Word *lo, const Word *hi,
             const Word *x, const Word *y)
{
    if (!run->o->on_why) return;
    AftWhy w = {.kind = kind, .ok = true, .envelope = run->f->envelope, .node = id, .lo = lo,
                .hi = hi, .x = x, .env = kind == WHY_EVAL ? y : NULL, .y = y};
    aft_why(run->f, run->o, &w);
}

AftStatus bnb_refine_node(Run *run, long id, const Word *lo, const Word *hi, Word *rlo, Word *rhi,
                          bool *alive)
{
    run->st->ir_calls++;
    bnb_why(run, WHY_IR, id, lo, hi, NULL, NULL);
    AftStatus s = aft_refine_run(run->f, &run->iro, run->deadline, lo, hi, rlo, rhi, NULL, run->st);
    bool valid = s == AFT_OK || s == AFT_LIMIT;
    *alive = valid && lattice_interval_subset(run->L, rlo, rhi, lo, hi);
    if (valid && !*alive) bnb_why(run, WHY_NOT_INSIDE, id, lo, hi, rlo, rhi);
    run->at = id;
    return s;
}

bool bnb_to_final(Run *run, long id, const Word *lo, const Word *hi)
{
    if (aft_abandoned(run->o)) return false;
    if (run->final) boundlist_push(run->final, lo, hi);
    bnb_emit(run, EV_BNB_FINAL, id, -1, -1, NODE_FINAL, lo, hi);
    if (run->o->on_final && !run->o->on_final(run->o->final_ctx, lo, hi)) run->st->enough = true;
    return true;
}

void bnb_prove(Run *run, const Word *lo, const Word *hi)
{
    if (run->final) boundlist_push(&run->proven, lo, hi);
}

/* Does f map x to itself (on a lattice that is not finite: within the tolerance, i.e. x and
 * f(x) span a point)?  One evaluation, into run->tmp. */
static AftStatus fixes(Run *run, const Word *x, bool *fixed)
{
    const Lattice *L = run->L;
    run->st->eval_calls++;
    if (!run->f->eval(run->f->ctx, x, run->tmp)) return aft_callback_failed(run->o, run->st);
    bnb_why(run, WHY_EVAL, run->at, x, x, x, run->tmp);
    if (L->finite) {
        *fixed = L->ops->eq(L, run->tmp, x);
        return AFT_OK;
    }
    L->ops->meet(L, run->fmeet, run->tmp, x);
    L->ops->join(L, run->fjoin, run->tmp, x);
    *fixed = L->ops->is_point(L, run->fmeet, run->fjoin);
    return AFT_OK;
}

/* The fate of a box within the tolerance that f's judge hook decides (its verdict into j):
 * no fixed point, pruned; a proved one, a fixed point; not proved, a fixed point when f fixes
 * an end within the tolerance (`fixed`), else a bound. */
static NodeStatus judged(Run *run, const Word *lo, const Word *hi, bool fixed, Judged *j)
{
    VerdictKind kind = VERDICT_NEAR;
    run->f->judge(run->f->ctx, lo, hi, &kind, j->point);
    j->v = (Verdict){ .kind = kind, .lo = lo, .hi = hi, .point = kind == VERDICT_FIXED ? j->point : NULL };
    if (kind == VERDICT_NONE) return NODE_PRUNED;
    return kind != VERDICT_NEAR || fixed ? NODE_FIXPOINT : NODE_FINAL;
}

/* Fate of a refined, surviving bound.  A point (an element; on reals a box within the
 * tolerance) is a fixed point only when f fixes it, checked by evaluating f: on a finite
 * lattice a point f moves is pruned.  On reals the judge hook, when f has one, decides (see
 * judged; j, when not NULL, gets its verdict, j->v.lo NULL when there is none); without it a
 * box is a fixed point within tolerance when f fixes one of its ends within tolerance, else
 * it is pruned when it is one number and stays in Final as a bound otherwise (it may hold a
 * fixed point f moves its ends away from). */
AftStatus bnb_classify(Run *run, const Word *lo, const Word *hi, NodeStatus *out, Judged *j)
{
    const Lattice *L = run->L;
    *out = NODE_KEPT;
    if (j) j->v.lo = NULL;
    if (!L->ops->is_point(L, lo, hi)) return AFT_OK;
    bool fixed = false;
    AftStatus r = fixes(run, lo, &fixed);
    if (r == AFT_OK && !fixed && !L->finite) r = fixes(run, hi, &fixed);
    if (r != AFT_OK) return r;
    if (!L->finite && run->f->judge) {
        Judged scratch = { .point = run->tmp };
        *out = judged(run, lo, hi, fixed, j ? j : &scratch);
        return AFT_OK;
    }
    bool one_element = L->finite || L->ops->eq(L, lo, hi);
    *out = fixed ? NODE_FIXPOINT : one_element ? NODE_PRUNED : NODE_FINAL;
    return AFT_OK;
}

/* Depth-first: the round a node of depth d belongs to starts (events and stats). */
bool bnb_learns(const Run *run)
{
    const AftSearch *h = run->f->search;
    return h && h->learning && h->learnt && h->cuts && !run->o->no_learn;
}

void bnb_enter_round(Run *run, size_t depth, size_t pending)
{
    if (depth + 1 <= run->st->rounds) return;
    run->st->rounds = depth + 1;
    AftEvent ev = {.kind = EV_BNB_ROUND, .round = run->st->rounds, .count = pending + 1,
                   .id = -1, .parent = -1, .other = -1};
    if (run->o->on_event) run->o->on_event(run->o->event_ctx, &ev);
}

void bnb_snapshot_save(Run *run, const BoundList *pool, const Node *nodes)
{
    const AftCheckpoint *c = run->o->checkpoint;
    if (!c || !c->save) return;
    AftSnapshot snap = { .pool = *pool, .nodes = (AftNode *)nodes, .proven = run->proven,
                         .parked = run->parked, .parked_ids = run->parked_ids.items,
                         .root = run->root, .next_id = run->next_id, .stats = *run->st };
    if (run->final) snap.final = *run->final;
    else boundlist_init(&snap.final, run->L);
    c->save(c->ctx, &snap);
}

void bnb_snapshot_load(Run *run, const AftSnapshot *snap)
{
    const BoundList *lists[3] = { &snap->final, &snap->proven, &snap->parked };
    BoundList *into[3] = { run->final, &run->proven, &run->parked };
    for (int k = 0; k < 3; k++)
        for (size_t i = 0; into[k] && i < lists[k]->count; i++)
            boundlist_push(into[k], boundlist_lo(lists[k], i), boundlist_hi(lists[k], i));
    for (size_t i = 0; i < snap->parked.count; i++) VEC_PUSH(run->parked_ids, snap->parked_ids[i]);
    run->next_id = snap->next_id;
    AftPolicy policy = run->st->policy;
    *run->st = snap->stats;
    run->st->policy = policy;
    run->st->stopped_by = NULL;
    run->st->enough = false;
    lattice_copy(run->L, run->r[0], snap->root);
    lattice_copy(run->L, run->r[1], snap->root + run->L->nwords);
}
