/* sema_lattice.h: lattice expressions and declarations (sema_lattice.c).  Checker files only. */
#ifndef FIX_SEMA_LATTICE_H
#define FIX_SEMA_LATTICE_H

#include "check/sema_internal.h"

LatInfo *sema_declare_lattice(FileCtx *fc, Decl *d);
LatInfo *sema_resolve_lattice(FileCtx *fc, const LatExpr *t);

#endif
