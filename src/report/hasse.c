/* hasse.c: enumerating a small finite lattice and its covering pairs. */
#include <math.h>

#include "report/hasse.h"
#include "util/mem.h"

const Word *hasse_elem(const Hasse *h, size_t i) { return h->elems + i * h->L->nwords; }

static bool hasse_refuse(const Lattice *L, size_t max, const char *who, Buf *err)
{
    if (!L->finite || !L->ops->next || !isfinite(L->log2_card)) {
        buf_printf(err, "%sa Hasse diagram needs a finite lattice", who);
        return true;
    }
    if (L->log2_card > log2((double)max) + 1e-9) {
        buf_printf(err, "%sthe lattice has ", who);
        lattice_print_log2_size(L->log2_card, err);
        buf_printf(err, " elements; a Hasse diagram is drawn for at most %zu", max);
        return true;
    }
    return false;
}

/* Enumerates L from bot to top into h; false (message in err) above max. */
static bool hasse_enumerate(Hasse *h, size_t max, const char *who, Buf *err)
{
    const Lattice *L = h->L;
    size_t w = L->nwords;
    Word *bot = lattice_elem_new(L), *top = lattice_elem_new(L), *cur = lattice_elem_new(L);
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    lattice_copy(L, cur, bot);
    h->elems = mem_alloc((max + 1) * (w ? w : 1) * sizeof(Word));
    bool ok = true;
    do {
        if (h->n == max) {
            buf_printf(err, "%sthe lattice has more than %zu elements", who, max);
            ok = false;
            break;
        }
        memcpy(h->elems + h->n++ * w, cur, w * sizeof(Word));
    } while (L->ops->next(L, bot, top, cur));
    mem_free(bot);
    mem_free(top);
    mem_free(cur);
    return ok;
}

static void hasse_order(Hasse *h)
{
    size_t n = h->n;
    h->leq = mem_alloc((n ? n * n : 1) * sizeof *h->leq);
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            h->leq[i * n + j] = h->L->ops->leq(h->L, hasse_elem(h, i), hasse_elem(h, j));
}

bool hasse_build(Hasse *h, const Lattice *L, size_t max, const char *who, Buf *err)
{
    memset(h, 0, sizeof *h);
    h->L = L;
    if (hasse_refuse(L, max, who, err)) return false;
    if (!hasse_enumerate(h, max, who, err)) {
        hasse_free(h);
        return false;
    }
    hasse_order(h);
    return true;
}

void hasse_free(Hasse *h)
{
    mem_free(h->elems);
    mem_free(h->leq);
    h->elems = NULL;
    h->leq = NULL;
}

static bool hasse_less(const Hasse *h, size_t i, size_t j)
{
    return i != j && h->leq[i * h->n + j] && !h->leq[j * h->n + i];
}

bool hasse_covers(const Hasse *h, size_t i, size_t j)
{
    if (!hasse_less(h, i, j)) return false;
    for (size_t k = 0; k < h->n; k++)
        if (hasse_less(h, i, k) && hasse_less(h, k, j)) return false;
    return true;
}
