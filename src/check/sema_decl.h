/* sema_decl.h: the options of the engine's queries, checked by sema_decl.c and
 * shared with bnb(f ...) in an expression (sema_coll.c).  Checker files only. */
#ifndef FIX_SEMA_DECL_H
#define FIX_SEMA_DECL_H

#include "check/sema_internal.h"

GaloisSym *sema_via(Sema *sema, Ident via, const FnSym *f);
EnvelopeChoice sema_envelope(Sema *sema, Ident envelope, const FnSym *f);
bool sema_split(Sema *sema, Ident split, SplitStrategy *out);
bool sema_policy(Sema *sema, Ident policy, AftPolicy *out);

#endif
