/* held.h: stable models held back in memory, for `fix asp`'s choice of solver (auto.c, and the
 * race of portfolio.c): the native search's models are printed only once it is the one to
 * answer.  Each model is kept as its shown atoms' names (and, with #minimize, its costs and
 * whether it is optimal), so that it outlives the program the search ran on. */
#ifndef FIX_PROC_HELD_H
#define FIX_PROC_HELD_H

#include "asp/asp.h"
#include "asp/opt.h"
#include "util/buf.h"

typedef struct AspHeld {
    Buf rec;                      /* per model: n, n names (length, bytes), costs, optimal */
} AspHeld;

void asp_held_init(AspHeld *h);
void asp_held_free(AspHeld *h);

/* Holds one model: its shown atoms (names taken from p), its costs (ncosts 0: none). */
void asp_held_put(AspHeld *h, const AspProgram *p, const AspAtom *atoms, size_t n,
                  const int64_t *costs, size_t ncosts, bool optimal);

/* The bytes held. */
size_t asp_held_bytes(const AspHeld *h);

/* Gives every held model, in the order they came, to ofn when it is not NULL (with costs),
 * else to fn; then forgets them.  The atoms are those of a scratch program with the same
 * names. */
void asp_held_replay(AspHeld *h, AspModelFn fn, void *ctx, AspOptModelFn ofn, void *octx);

/* Forgets the held models unprinted. */
void asp_held_drop(AspHeld *h);

#endif
