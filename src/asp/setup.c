/* setup.c: the per-solver setup of the search states (setup.h): made once, shared by the
 * states made after and by the solvers of a cube team. */
#include "asp/setup.h"

#include <stdlib.h>

#include "asp/propstate.h"
#include "util/keysort.h"

AspSetup *asp_setup_new(const AspSolver *s)
{
    AspSetup *u = mem_calloc(1, sizeof *u);
    u->cyclic = mem_calloc(s->natoms + 2, 1);
    asp_find_cycles(s, u->cyclic);
    u->made = 1;
    return u;
}

void asp_setup_free(AspSetup *u)
{
    if (!u) return;
    mem_free(u->cyclic);
    mem_free(u->rank);
    asp_cons_plan_free(&u->cons);
    VEC_FREE(u->stored);
    VEC_FREE(u->pairs);
    mem_free(u);
}

/* The static score's order: negative occurrences first, then positive; the lowest atom on
 * ties.  The scores themselves are not kept (an atom's place in the rank orders it as its
 * score did). */
static void static_rank(const AspSolver *s, uint32_t *rank)
{
    uint64_t *key = mem_alloc((s->natoms + 1) * sizeof *key);
    for (size_t a = 0; a < s->natoms; a++) {
        size_t neg = s->nostart[a + 1] - s->nostart[a], pos = s->ostart[a + 1] - s->ostart[a];
        size_t sc = neg ? (neg << 12) + pos + 1 : 0;
        uint64_t score = sc > UINT32_MAX ? UINT32_MAX : (uint32_t)sc;
        key[a] = (UINT32_MAX - score) << 32 | a;
    }
    keysort(key, s->natoms);
    for (size_t i = 0; i < s->natoms; i++) rank[i] = (uint32_t)key[i];
    mem_free(key);
}

const uint32_t *asp_setup_rank(const AspSolver *s)
{
    AspSetup *u = s->setup;
    if (!u->rank) {
        u->rank = mem_alloc((s->natoms + 2) * sizeof *u->rank);
        static_rank(s, u->rank);
        u->made++;
    }
    return u->rank;
}

void asp_setup_complete(const AspSolver *s)
{
    asp_setup_rank(s);
    asp_cons_plan_complete(s);
}
