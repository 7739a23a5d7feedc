/* sema_table.h: functions defined by a table, `fn f(x: L): M = table { k -> v,
 * ... };` (sema_table.c).  Checker files only. */
#ifndef FIX_SEMA_TABLE_H
#define FIX_SEMA_TABLE_H

#include "check/sema_internal.h"

Expr *sema_table_chain(Checker *c, const FnSym *f, Expr *table);
bool sema_table_complete(Checker *c, const FnSym *f, const Expr *table);

#endif
