/* searchstate.c: the part of the native search's state that only the search needs (the
 * split choice's static rank, learn.c's watches and activity heap), made when it
 * is first needed: the well-founded operator never needs it; and the engine's hook that
 * switches learning on and off for a run. */
#include "asp/internal.h"

#include <stdlib.h>

#include "asp/propstate.h"

/* Split priority (the static score): negative occurrences first, then positive; the lowest
 * atom on ties.  The atoms are ranked in that order once, so that the search finds its next
 * free atom from a cursor instead of by a scan of all of them; the scores themselves are not
 * kept (an atom's place in the rank orders it as its score did). */
static void static_rank(const AspSolver *s, AspProp *p)
{
    uint64_t *key = mem_alloc((s->natoms + 1) * sizeof *key);
    for (size_t a = 0; a < s->natoms; a++) {
        size_t neg = s->nostart[a + 1] - s->nostart[a], pos = s->ostart[a + 1] - s->ostart[a];
        size_t sc = neg ? (neg << 12) + pos + 1 : 0;
        uint64_t score = sc > UINT32_MAX ? UINT32_MAX : (uint32_t)sc;
        key[a] = (UINT32_MAX - score) << 32 | a;
    }
    qsort(key, s->natoms, sizeof *key, asp_key_cmp);
    for (size_t i = 0; i < s->natoms; i++) {
        p->rank[i] = (uint32_t)key[i];
        p->rpos[p->rank[i]] = (uint32_t)i;
    }
    mem_free(key);
}

/* The split choice's state (the static rank) and learning's (watches, activity
 * heap), made when the search first needs them: the well-founded operator never does.  (The
 * heap is filled by whoever starts to use it: reset, asp_prop_learning.) */
void asp_prop_search_ready(const AspSolver *s, AspProp *p)
{
    if (p->rank) return;
    size_t n = s->natoms + 2;
    p->rank = mem_alloc(n * sizeof *p->rank);
    static_rank(s, p);
    asp_learn_search_new(s, p);
}

bool asp_prop_learning(void *ctx, bool on)
{
    AspSolver *s = ctx;
    if (on) asp_prop_search_ready(s, s->prop);
    /* a state reset without learning keeps the counters of the rules learning gives to the
     * nogoods: reset it again; and without learning the split is first fail, which counts the
     * supports of owned atoms: their rules go back to the counters */
    AspProp *p = s->prop;
    if (p->mode == 1 && (on ? !p->rc.own && asp_cons_any(s, p) : p->rc.own)) p->mode = -1;
    p->learning = on;
    p->store.fresh = false;
    if (on) asp_heap_reset(p, s->natoms);
    return true;
}
