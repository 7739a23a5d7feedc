/* csr.c: an index grouped by key (compressed rows): for every atom, the rules that name it.
 * The solver builds its occurrence lists with it, the local search its own (learnwalk.c). */
#include "asp/internal.h"

uint32_t *asp_csr_by(size_t n, size_t nr, const uint32_t *start, const uint32_t *key,
                        const uint32_t *w, uint32_t **out, uint32_t **wout)
{
    uint32_t *off = mem_calloc(n + 2, sizeof *off);
    size_t total = start ? start[nr] : nr;
    if (!total) {                 /* every row empty: the offsets stay untouched zeros (pages
                                     the system has not given this process yet) */
        *out = mem_alloc(sizeof **out);
        if (wout) *wout = w ? mem_alloc(sizeof **wout) : NULL;
        return off;
    }
    for (size_t k = 0; k < total; k++) off[key[k] + 1]++;
    for (size_t a = 0; a < n; a++) off[a + 1] += off[a];
    uint32_t *fill = mem_alloc((n + 1) * sizeof *fill), *list = mem_alloc((total + 1) * sizeof *list);
    uint32_t *wl = w ? mem_alloc((total + 1) * sizeof *wl) : NULL;
    memcpy(fill, off, n * sizeof *fill);
    for (size_t r = 0; r < nr; r++) {
        size_t b = start ? start[r] : r, e = start ? start[r + 1] : r + 1;
        for (size_t k = b; k < e; k++) {
            if (wl) wl[fill[key[k]]] = w[k];
            list[fill[key[k]]++] = (uint32_t)r;
        }
    }
    mem_free(fill);
    *out = list;
    if (wout) *wout = wl;
    return off;
}
