/* hasse.h: a small finite lattice enumerated with its order, for drawing its Hasse diagram
 * (Graphviz in dot.c, the HTML page in html.c). */
#ifndef FIX_HASSE_H
#define FIX_HASSE_H

#include "common.h"
#include "lattice/lattice.h"
#include "util/buf.h"

typedef struct Hasse {
    const Lattice *L;
    size_t n;
    Word *elems;              /* n elements, L->nwords words each, bottom first */
    bool *leq;                /* n * n: leq[i * n + j] = elem i <= elem j */
} Hasse;

/* Enumerates L (at most max elements) with its order into h.  False, with a message starting
 * with `who` in err and nothing to free, when L is infinite or larger. */
bool hasse_build(Hasse *h, const Lattice *L, size_t max, const char *who, Buf *err);
void hasse_free(Hasse *h);

const Word *hasse_elem(const Hasse *h, size_t i);
/* j covers i: i < j with nothing strictly between. */
bool hasse_covers(const Hasse *h, size_t i, size_t j);

#endif
