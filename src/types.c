/* types.c: static types as text for messages. */
#include "types.h"

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
    case TY_ERROR: buf_puts(out, "<error>"); break;
    }
}
