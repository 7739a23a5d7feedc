/* block.c: solution nogoods, which keep an enumeration learning after each model it gives
 * out (project.c: each projection once, as clasp's projective enumeration records them).
 *
 * A model's solution nogood is its literals on the atoms the enumeration tells models apart
 * by: no model still to be given out holds them all.  It joins the learnt nogoods (at LBD 1,
 * so never deleted), watched on its two literals that do not hold or were set last (the
 * first a backtrack undoes), and is propagated at the next request as a nogood just learnt
 * is (learn.c's pending ones); violated there, below the request's level, it is a conflict
 * of its own, analysed at its level (learn.c), and the search backjumps from it as from any
 * conflict.  So the model's bound is spent (AftSearch.spent: no later refine holds it), and
 * the engine keeps learning, backjumping and restarting across it.  A solution nogood, and
 * every nogood learnt from it, holds for the enumeration only: asp_prop_unblock forgets every
 * nogood at its end (cost.c does so for the nogoods learnt under a bound). */
#include "asp/propstate.h"

#include <stdlib.h>

/* The solution nogood's literals in the order it is watched in: those that do not hold
 * first, then the others, the latest set first (sorted by a key above each literal). */
static void watch_order(const AspProp *p, U32s *b)
{
    uint64_t *key = mem_alloc((b->count + 1) * sizeof *key);
    for (size_t i = 0; i < b->count; i++) {
        uint32_t l = b->items[i];
        uint64_t k = p->tr.lholds[l] ? (uint64_t)UINT32_MAX - p->tr.tpos[l >> 1] : 0;
        key[i] = k << 32 | l;
    }
    qsort(key, b->count, sizeof *key, asp_key_cmp);
    for (size_t i = 0; i < b->count; i++) b->items[i] = (uint32_t)key[i];
    mem_free(key);
}

bool asp_prop_block(AspSolver *s, const uint32_t *lits, size_t n)
{
    AspProp *p = s->prop;
    if (!p->learning || p->mode != 1) return false;
    U32s *b = &p->store.block;
    b->count = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t a = lits[i] >> 1;
        if (!(p->tr.lholds[lits[i]] && p->tr.alev[a] == 0)) VEC_PUSH(*b, lits[i]);
    }
    p->store.nblocks++;
    if (!b->count) {              /* every model has this projection: no other is left */
        p->root_conflict = true;
        return true;
    }
    watch_order(p, b);
    uint32_t off = asp_store_learnt_begin(&p->store);
    for (size_t i = 0; i < b->count; i++) asp_store_lit(&p->store, b->items[i]);
    asp_store_end(&p->store, off);
    asp_watch_nogood(p, off);
    VEC_PUSH(p->store.learnts, ((AspLearnt){off, 1}));
    p->store.nkept++;
    if (p->store.blocks_from == NONE) p->store.blocks_from = off;
    VEC_PUSH(p->store.pending, off);
    return true;
}

bool asp_prop_block_spent(void *ctx, const Word *lo, const Word *hi)
{
    const AspProp *p = ((AspSolver *)ctx)->prop;
    if (!p->store.nblocks) return false;
    const U32s *b = &p->store.block;
    for (size_t i = 0; i < b->count; i++) {
        uint32_t l = b->items[i], a = l >> 1;
        Word bit = (Word)1 << (a & 63);
        bool in = (l & 1) ? !(hi[a >> 6] & bit) : (lo[a >> 6] & bit) != 0;
        if (!in) return false;
    }
    return true;
}

void asp_prop_unblock(AspSolver *s)
{
    AspProp *p = s->prop;
    if (!p->store.nblocks) return;
    asp_learn_forget(p);
    asp_cons_forget(p);
    p->mode = -1;                 /* the trail may hold their consequences: start again */
}
