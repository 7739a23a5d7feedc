/* abscoll.h: collections and the engine's results in the interval evaluator (absvm.c).  On the
 * VM a collection is one word, the address of a list of items; here that word is a handle
 * naming a list of items (each an interval, kept as absstate.h keeps words) and a length.
 * A list only grows: appending to a handle as long as its list extends the list in place,
 * appending to a shorter one (the other path of a branch appended already) copies the
 * prefix first, so every handle a pending path holds keeps its items.  Two paths that meet
 * holding different handles leave a word that is no point; every instruction on a
 * collection gives up on such a word, as it does on an item it cannot place for sure (an
 * image that may or may not equal an earlier one).  So a collection built the same way on
 * every path (keys(M), atoms(L), elements(L), fixpoints of a closed f) is iterated item by
 * item, and anything else makes the evaluation give up, never guess.  The engine's results
 * (approx, refine, bnb, stable) are not computed: approx and refine give the widest interval
 * (any [lo, hi] of L), bnb and stable collections no instruction can read. */
#ifndef FIX_ABSCOLL_H
#define FIX_ABSCOLL_H

#include "code/absstate.h"
#include "code/ir.h"
#include "common.h"

typedef struct AbsColls AbsColls;

AbsColls *abscoll_new(void);
void abscoll_free(AbsColls *c);
/* Forgets the lists of one evaluation; those kept for a closed site (COLL_KEEP) stay. */
void abscoll_reset(AbsColls *c);

/* Is op one abscoll_step runs (COLL_NEW .. COLL_KEEP, APPROX, REFINE, BNB, STABLE)? */
bool abscoll_handles(Opcode op);

typedef enum { ABSCOLL_NEXT, ABSCOLL_JUMP, ABSCOLL_GIVE_UP } AbsCollEnd;

/* Runs op of chunk ch (its operands at args) on st: go on, jump to its operand 3 (COLL_NEXT
 * at the end, COLL_CACHED with a kept list), or give up (*why says why). */
AbsCollEnd abscoll_step(AbsColls *c, const Chunk *ch, Opcode op, const uint8_t *args, AbsState *st,
                        const char **why);

#endif
