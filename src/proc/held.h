/* held.h: stable models held back in memory, for `fix asp`'s choice of solver (auto.c, and the
 * race of portfolio.c): the native search's models are printed only once it is the one to
 * answer.  Each model is kept as its shown atoms' names (and, with #minimize, its costs and
 * whether it is optimal), so that it outlives the program the search ran on. */
#ifndef FIX_PROC_HELD_H
#define FIX_PROC_HELD_H

#include "asp/asp.h"
#include "asp/opt.h"
#include "util/buf.h"

typedef struct ProcHeld {
    Buf rec;                      /* per model: n, n names (length, bytes), costs, optimal */
} ProcHeld;

void proc_held_init(ProcHeld *h);
void proc_held_free(ProcHeld *h);

/* Holds one model: its shown atoms (names taken from p), its costs (ncosts 0: none). */
void proc_held_put(ProcHeld *h, const AspProgram *p, const AspAtom *atoms, size_t n,
                   const int64_t *costs, size_t ncosts, bool optimal);

/* The bytes held. */
size_t proc_held_bytes(const ProcHeld *h);

/* The bytes proc_held_put would add for such a model. */
size_t proc_held_size(const AspProgram *p, const AspAtom *atoms, size_t n, size_t ncosts);

/* Gives every held model, in the order they came, to ofn when it is not NULL (with costs),
 * else to fn; then forgets them.  The atoms are those of a scratch program with the same
 * names. */
void proc_held_replay(ProcHeld *h, AspModelFn fn, void *ctx, AspOptModelFn ofn, void *octx);

/* Forgets the held models unprinted. */
void proc_held_drop(ProcHeld *h);

#endif
