/* compile.h: lowering of type-checked expressions (see sema.h) to IR chunks. */
#ifndef FIX_COMPILE_H
#define FIX_COMPILE_H

#include "common.h"
#include "code/ir.h"
#include "check/sema.h"

/* The chunk of a function: its parameters are the first frame slots, body the checked body,
 * nlocals the frame words sema allocated. */
Chunk *compile_function(Context *m, const FnSym *fn, const Expr *body, size_t nlocals);

/* A chunk without parameters computing e, converted to type want (e.g. a number stored into
 * an expected range lattice). */
Chunk *compile_closed(Context *m, const char *name, const Expr *e, const Type *want, size_t nlocals);

#endif
