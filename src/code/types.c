/* types.c: static types as text for messages. */
#include "code/types.h"

void type_describe(const Type *t, Buf *out)
{
    switch (t->kind) {
    case TY_LAT: lattice_describe(t->lat, out); break;
    case TY_INT: buf_puts(out, "int"); break;
    case TY_REAL: buf_puts(out, "real"); break;
    case TY_ATOM:
        buf_puts(out, lattice_kind(t->lat) == LATTICE_MAP ? "key of " : "atom of ");
        lattice_describe(t->lat, out);
        break;
    case TY_FN: {
        bool paren = t->fn->nparams != 1 || t->fn->params[0]->kind == TY_FN;
        buf_puts(out, paren ? "(" : "");
        for (size_t i = 0; i < t->fn->nparams; i++) {
            if (i) buf_puts(out, ", ");
            type_describe(t->fn->params[i], out);
        }
        buf_puts(out, paren ? ") -> " : " -> ");
        type_describe(t->fn->ret, out);
        break;
    }
    case TY_COLL:
        buf_puts(out, "collection of ");
        if (t->value) type_describe(t->value, out);
        else lattice_describe(t->lat, out);
        break;
    case TY_BNB:
        buf_puts(out, "bnb result of ");
        lattice_describe(lattice_part(((const Type *)t->value)->lat, 0), out);
        break;
    case TY_ITV:
        buf_puts(out, "interval of ");
        lattice_describe(lattice_part(t->lat, 0), out);
        break;
    case TY_ERROR: buf_puts(out, "<error>"); break;
    }
}

void type_fn_describe(const FnSym *f, Buf *out)
{
    buf_printf(out, "fn %s(", f->name);
    for (size_t i = 0; i < f->nparams; i++) {
        if (i) buf_puts(out, ", ");
        buf_printf(out, "%s: ", f->param_names[i]);
        lattice_describe(f->params[i], out);
    }
    buf_puts(out, "): ");
    lattice_describe(f->ret, out);
    if (f->ann == ANN_MONOTONE) buf_puts(out, " monotone");
    if (f->ann == ANN_ANTITONE) buf_puts(out, " antitone");
}
