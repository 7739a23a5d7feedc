/* abscoll.h: collections and the engine's results in the interval evaluator (absvm.c).  On the
 * VM a collection is one word, the address of a list of items; here that word is a handle
 * naming a list of items (each an interval, kept as absstate.h keeps words) and a length.
 * A list only grows: appending to a handle as long as its list extends the list in place,
 * appending to a shorter one (the other path of a branch appended already) copies the
 * prefix first, so every handle a pending path holds keeps its items.  An item may be marked
 * as maybe absent: the collection is then one of the subsequences of the list that keep its
 * sure items.  Two paths that meet holding different handles get one handle for both (their
 * common first items, then the other items of each, maybe absent), so a comprehension whose
 * condition is undecided gives a list whose count is an interval, and a loop over it runs
 * the body for a maybe item on one path and skips it on another.  Collections built alike
 * on every path (keys(M), atoms(L), elements(L), fixpoints of a closed f) are iterated item
 * by item.  The engine's results (approx, refine, bnb, stable) are not computed: approx and
 * refine give the widest interval (any [lo, hi] of L), bnb and stable a handle that is no
 * point, on which every instruction gives up. */
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

typedef enum { ABSCOLL_NEXT, ABSCOLL_MAYBE, ABSCOLL_JUMP, ABSCOLL_GIVE_UP } AbsCollEnd;

/* Runs op of chunk ch (its operands at args) on st: go on; go on with an item of COLL_NEXT
 * that may be absent (the caller runs the loop's body for it on one path and skips it on
 * another); jump to its operand 3 (COLL_NEXT at the end, COLL_CACHED with a kept list); or
 * give up (*why says why). */
AbsCollEnd abscoll_step(AbsColls *c, const Chunk *ch, Opcode op, const uint8_t *args, AbsState *st,
                        const char **why);

/* The join of two collection handles where paths meet (an AbsHandleJoin of absstate.h, ctx
 * the AbsColls): their common first items, then the others of each, as maybe absent. */
bool abscoll_join(void *colls, Word a, Word b, Word *out);

#endif
