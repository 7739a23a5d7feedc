/* compile.h: lowering of type-checked expressions (see sema.h) to IR chunks. */
#ifndef FIX_COMPILE_H
#define FIX_COMPILE_H

#include "common.h"
#include "code/ir.h"
#include "check/sema.h"

/* The chunk of a function: its parameters are the first frame slots, body the checked body,
 * nlocals the frame words the checker allocated.  sema: the checker's state (its tables and
 * lattice indices); fuse: run the peephole pass (code/fuse.h) on the chunk. */
Chunk *compile_function(Sema *sema, bool fuse, const FnSym *fn, const Expr *body, size_t nlocals);

/* A chunk without parameters computing e, converted to type want (e.g. a number stored into
 * an expected range lattice). */
Chunk *compile_closed(Sema *sema, bool fuse, const char *name, const Expr *e, const Type *want,
                      size_t nlocals);

#endif
