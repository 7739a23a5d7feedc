/* searchstate.c: the part of the native search's state that only the search needs (the
 * split choice's static rank, read from the solver's setup.h, each atom's place in it,
 * learn.c's watches and activity heap), made when it is first needed: the well-founded
 * operator never needs it; and the engine's hook that switches learning on and off for a
 * run. */
#include "asp/internal.h"

#include "asp/propstate.h"
#include "asp/setup.h"

/* The split choice's state (the static rank and each atom's place there) and learning's
 * (watches, activity heap), made when the search first needs them: the well-founded
 * operator never does.  (The heap is filled by whoever starts to use it: reset,
 * asp_prop_learning.) */
void asp_prop_search_ready(const AspSolver *s, AspProp *p)
{
    if (p->rank) return;
    p->rank = asp_setup_rank(s);
    for (uint32_t i = 0; i < s->natoms; i++) p->rpos[p->rank[i]] = i;
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
