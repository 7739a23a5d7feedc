/* fuse.h: the peephole pass over a compiled chunk: short runs of instructions replaced by a
 * specialised one (opcodes.h) where no jump lands inside the run. */
#ifndef FIX_FUSE_H
#define FIX_FUSE_H

#include "code/ir.h"

/* Rewrites c's code in place (jump targets and locations moved along); its meaning, its
 * errors and their locations stay the same. */
void fuse_chunk(Chunk *c);

#endif
