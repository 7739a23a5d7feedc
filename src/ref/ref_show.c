/* ref_show.c: values the reference evaluator made, printed as `show` prints them (so that a
 * reference run of a file can be compared line by line with the VM's). */
#include "ref/ref_internal.h"

const Word *ref_collection(Word w, size_t *n, size_t *iw)
{
    const RefColl *c = ref_coll_at(w);
    *n = c->n;
    *iw = c->iw;
    return c->items;
}

void ref_print_value(const Type *t, const Word *v, Buf *b)
{
    switch (t->kind) {
    case TY_INT: buf_printf(b, "%lld", (long long)word_to_int(v[0])); break;
    case TY_REAL: buf_put_double(b, word_to_double(v[0])); break;
    case TY_ATOM: {
        const char *name = lattice_atom_name(t->lat, (size_t)v[0]);
        buf_puts(b, name ? name : "?");
        break;
    }
    case TY_LAT: t->lat->ops->print(t->lat, v, b); break;
    case TY_COLL: {
        const RefColl *c = ref_coll_at(v[0]);
        Type elem = { TY_LAT, t->lat, NULL, NULL };
        const Type *item = t->value ? t->value : &elem;
        buf_puts(b, "[");
        for (size_t i = 0; i < c->n; i++) {
            if (i) buf_puts(b, ", ");
            ref_print_value(item, c->items + i * c->iw, b);
        }
        buf_puts(b, "]");
        break;
    }
    case TY_BNB: {
        const Type *final = t->value;
        Type points = { TY_COLL, lattice_part(final->lat, 0), NULL, NULL };
        buf_puts(b, "{fixpoints = ");
        ref_print_value(&points, v, b);
        buf_puts(b, ", final = ");
        ref_print_value(final, v + 1, b);
        buf_puts(b, v[2] ? ", complete = true}" : ", complete = false}");
        break;
    }
    case TY_ITV: {
        const Lattice *L = lattice_part(t->lat, 0);
        buf_puts(b, "[");
        L->ops->print(L, v, b);
        buf_puts(b, " .. ");
        L->ops->print(L, v + L->nwords, b);
        buf_puts(b, "]");
        break;
    }
    case TY_FN: case TY_ERROR: buf_puts(b, "<error>"); break;
    }
}
