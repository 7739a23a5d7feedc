/* sema_types.h: the types of values that are not lattice elements
 * (collections, intervals, bnb results, keys), defined in sema_types.c.  Checker files only. */
#ifndef FIX_SEMA_TYPES_H
#define FIX_SEMA_TYPES_H

#include "check/sema_internal.h"

const Type *sema_coll_type(Sema *sema, const Lattice *L);
const Type *sema_collection_of(Sema *sema, const Type *item);
const Type *sema_interval_type(Sema *sema, const Lattice *L);
const Type *sema_bnb_type(Sema *sema, const Lattice *L);
bool sema_same_items(const Type *a, const Type *b);
bool sema_is_value_kind(TypeKind k);
bool sema_is_powerset_type(const Type *t);
const Type *sema_inline_rtype(const Type *const *ptypes, size_t n, const Type *ret);
bool sema_value_type_equal(const Type *a, const Type *b);
const Type *sema_resolve_value_type(FileCtx *fc, const LatExpr *t);

#endif
