/* kleene.c: Kleene iteration, the one loop behind lfp/gfp queries and the phi_l / phi_u
 * iterations inside F, and the one rule that says when an iteration has settled. */
#include "aft/aft.h"

bool aft_kleene_settled(const Lattice *L, const Word *x, const Word *next, bool up, double grid,
                        Word *tmp)
{
    if (L->ops->eq(L, x, next)) return true;
    if (L->finite) return false;
    if (grid > 0) {
        const Word *from = up ? x : next, *to = up ? next : x;
        return L->ops->leq(L, from, to) && L->ops->height(L, from, to) < grid;
    }
    size_t W = L->nwords;
    L->ops->meet(L, tmp, x, next);
    L->ops->join(L, tmp + W, x, next);
    return L->ops->is_point(L, tmp, tmp + W);
}

AftStatus aft_kleene(const AftKleene *k, const AftOptions *o, Word *x, Word *next, size_t *steps,
                     bool *settled)
{
    const Lattice *L = k->L;
    bool needs_tmp = !L->finite && k->grid <= 0;
    Word *tmp = needs_tmp ? mem_calloc(2 * (L->nwords ? L->nwords : 1), sizeof(Word)) : NULL;
    AftStatus r = AFT_OK;
    *steps = 0;
    *settled = false;
    while (*steps < k->limit && !(o && aft_stopping(o))) {
        if ((r = k->step(k->ctx, x, next)) != AFT_OK) break;
        ++*steps;
        *settled = aft_kleene_settled(L, x, next, k->up, k->grid, tmp);
        lattice_copy(L, x, next);
        if (*settled) break;
    }
    mem_free(tmp);
    return r;
}
