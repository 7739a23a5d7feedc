/* sema_types.c: the types of the values that are not lattice elements, which functions checked
 * at their calls may take or return: collections (`collection of L`, of intervals or of
 * keys), intervals (`interval of L`), bnb results (`bnb result of L`) and keys (`key of M`).
 * Shared by the checker's files; it calls only sema.c and sema_lattice.c. */
#include "check/sema_types.h"
#include "check/sema_internal.h"
#include "check/sema_lattice.h"

const Type *sema_coll_type(Sema *sema, const Lattice *L)
{
    Type *t = arena_alloc(&sema->arena, sizeof *t);
    t->kind = TY_COLL;
    t->lat = L;
    return t;
}

/* Do two collection types hold the same kind of item (elements, intervals, atoms)? */
bool sema_same_items(const Type *a, const Type *b)
{
    const Type *va = a->value, *vb = b->value;
    return !va == !vb && (!va || va->kind == vb->kind);
}

/* The collection of items of type t (an element or an interval). */
const Type *sema_collection_of(Sema *sema, const Type *t)
{
    if (t->kind == TY_LAT) return sema_coll_type(sema, t->lat);
    Type *k = arena_alloc(&sema->arena, sizeof *k);
    k->kind = TY_COLL;
    k->lat = t->lat;
    k->value = t;
    return k;
}

/* The type `interval of L`: its words those of the product L * L, lo then hi. */
const Type *sema_interval_type(Sema *sema, const Lattice *L)
{
    Lattice *const parts[2] = { (Lattice *)L, (Lattice *)L };
    Type *t = arena_alloc(&sema->arena, sizeof *t);
    t->kind = TY_ITV;
    t->lat = sema_lat_intern(sema, lattice_product_new(parts, 2))->L;
    return t;
}

/* The type `bnb result of L`: it keeps the type of .final as its value and lays its three
 * words out as a product of three one-word lattices (so .fixpoints, .final, .complete
 * project). */
const Type *sema_bnb_type(Sema *sema, const Lattice *L)
{
    Lattice *const layout[3] = { sema->bool_lat->L, sema->bool_lat->L, sema->bool_lat->L };
    Type *t = arena_alloc(&sema->arena, sizeof *t);
    t->kind = TY_BNB;
    t->lat = sema_lat_intern(sema, lattice_product_new(layout, 3))->L;
    t->value = sema_collection_of(sema, sema_interval_type(sema, L));
    return t;
}

/* An element of a powerset (or of a dual of one): a set. */
bool sema_is_powerset_type(const Type *t)
{
    return t->kind == TY_LAT && lattice_kind(sema_undual(t->lat)) == LATTICE_POWERSET;
}

/* The values that are not lattice elements and that a function checked at its calls may take
 * or return: collections, intervals, bnb results and keys. */
bool sema_is_value_kind(TypeKind k) { return k == TY_COLL || k == TY_ITV || k == TY_BNB || k == TY_ATOM; }

/* The type fn's calls are inlined with (sema_fn.c), or NULL: a function returning a function
 * or taking or returning a collection, an interval, a bnb result or a key is checked at each
 * call with its arguments. */
const Type *sema_inline_rtype(const Type *const *ptypes, size_t n, const Type *ret)
{
    if (!ret) return NULL;
    if (ret->kind == TY_FN || sema_is_value_kind(ret->kind)) return ret;
    for (size_t i = 0; i < n; i++)
        if (ptypes[i] && sema_is_value_kind(ptypes[i]->kind)) return ret;
    return NULL;
}

/* The same type, for two types that are not functions. */
bool sema_value_type_equal(const Type *a, const Type *b)
{
    if (a->kind != b->kind) return false;
    if (a->kind == TY_INT || a->kind == TY_REAL || a->kind == TY_ERROR) return true;
    return lattice_equal(a->lat, b->lat) && (a->kind != TY_COLL || sema_same_items(a, b));
}

/* `collection of T`, `interval of L`, `bnb result of L`, `key of M` (a parameter's or a
 * result's type); NULL after an error. */
const Type *sema_resolve_value_type(FileCtx *fc, const LatExpr *t)
{
    Sema *sema = fc->sema;
    if (t->kind == LAT_COLL && (t->value->kind == LAT_ITV || t->value->kind == LAT_KEY)) {
        const Type *item = sema_resolve_value_type(fc, t->value);
        return item ? sema_collection_of(sema, item) : NULL;
    }
    LatInfo *li = sema_resolve_lattice(fc, t->value);
    if (!li) return NULL;
    if (t->kind == LAT_COLL) return sema_coll_type(sema, li->L);
    if (t->kind == LAT_ITV) return sema_interval_type(sema, li->L);
    if (t->kind == LAT_BNB && li->L->finite) return sema_bnb_type(sema, li->L);
    if (t->kind == LAT_KEY && lattice_kind(li->L) == LATTICE_MAP) return sema_atom_type(sema, li->L);
    Buf b;
    buf_init(&b);
    lattice_describe(li->L, &b);
    diag_error(sema->diag, t->value->loc, t->kind == LAT_BNB ? "a bnb result needs a finite lattice, found %s"
               : "'key of M' needs a map lattice M, found %s", buf_cstr(&b));
    buf_free(&b);
    return NULL;
}
