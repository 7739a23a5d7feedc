/* absflow.h: where the two paths of a branch meet again.  For the interval evaluator
 * (absvm.c): the immediate post-dominator of every instruction of a chunk, so that an
 * undecided branch can run both ways and join them where they meet. */
#ifndef FIX_ABSFLOW_H
#define FIX_ABSFLOW_H

#include "common.h"
#include "code/ir.h"

typedef struct AbsFlow AbsFlow;

/* The control flow of chunk c (which must outlive it). */
AbsFlow *absflow_new(const Chunk *c);
void absflow_free(AbsFlow *f);
const Chunk *absflow_chunk(const AbsFlow *f);

/* The offset of the instruction where every path from the instruction at `offset` first meets
 * (its immediate post-dominator), or -1 when there is none (the paths only meet on leaving
 * the chunk, or the instruction cannot reach the end). */
long absflow_merge(const AbsFlow *f, size_t offset);

/* True when every path from the instruction at `from` to the end of the chunk passes the one
 * at `through`. */
bool absflow_passes(const AbsFlow *f, size_t from, size_t through);

#endif
