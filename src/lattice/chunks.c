/* chunks.c: cutting the enumeration of a finite lattice into chunks, intervals whose
 * enumerations (LatticeOps.next), one after the other, are the enumeration of the whole: the
 * units of work that --jobs N hands to its threads (fixpoints, the checks of a declaration),
 * whose results, taken in chunk order, are those of one enumeration. */
#include "lattice/lattice.h"

#include <string.h>

#include "util/mem.h"

bool lattice_cuts_in_order(const Lattice *L)
{
    LatticeKind k = L->ops->kind;
    if (k == LATTICE_POWERSET || k == LATTICE_CHAIN || k == LATTICE_RANGE) return true;
    if (k != LATTICE_PRODUCT && k != LATTICE_MAP) return false;
    for (size_t i = 0; i < lattice_nparts(L); i++)
        if (!lattice_cuts_in_order(lattice_part(L, i))) return false;
    return true;
}

size_t lattice_enum_chunks(const Lattice *L, unsigned levels, double min_log2, Word **out)
{
    size_t w = L->nwords, n = 1;
    Word *c = mem_alloc(2 * (w ? w : 1) * sizeof *c);
    L->ops->bot(L, c);
    L->ops->top(L, c + w);
    SplitCtx how = { .strategy = SPLIT_LAST };
    for (unsigned level = 0; level < levels; level++) {
        if (L->ops->log2_size(L, c, c + w) < min_log2 + 1) break;
        Word *d = mem_alloc(4 * n * (w ? w : 1) * sizeof *d);
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            Word *x = c + 2 * i * w, *y = d + 2 * m * w;
            if (L->ops->decompose(L, x, x + w, &how, y, y + w, y + 2 * w, y + 3 * w)) m += 2;
            else memcpy(y, x, 2 * w * sizeof *y), m++;
        }
        mem_free(c);
        c = d;
        n = m;
    }
    *out = c;
    return n;
}
