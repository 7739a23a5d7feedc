/* pqrs_fixture.h: the paper's program p :- not q.  q :- not p.  r :- p.  s :- q. as a C
 * function on the powerset {p, q, r, s} (one word, atom i = bit i); shared by unit tests. */
#ifndef FIX_TEST_PQRS_FIXTURE_H
#define FIX_TEST_PQRS_FIXTURE_H

#include "lattice/lattice.h"

enum { P, Q, R, S };

static inline Word bit(int a) { return (Word)1 << a; }

/* S(M): the least model of the reduct of the program by M (antitone). */
static inline bool pqrs_eval(void *ctx, const Word *x, Word *out)
{
    (void)ctx;
    Word m = 0;
    if (!(x[0] & bit(Q))) m |= bit(P);
    if (!(x[0] & bit(P))) m |= bit(Q);
    if (m & bit(P)) m |= bit(R);
    if (m & bit(Q)) m |= bit(S);
    out[0] = m;
    return true;
}

#endif
