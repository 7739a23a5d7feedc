/* sema_struct.c: checking the structured expressions: tuples and projections, set literals,
 * indexing, counts, sup/inf over a set, lfp/gfp inside an expression (maps: sema_map.c). */
#include "check/sema_internal.h"
#include "check/sema_lattice.h"
#include "check/sema_types.h"
#include "util/bitset.h"

const Type *check_tuple(Checker *c, Expr *e, const Lattice *want)
{
    Sema *sema = c->sema;
    if (want) {
        if (lattice_kind(want) != LATTICE_PRODUCT || lattice_nparts(want) != e->nargs)
            return check_fail(c, e->loc, "expected %s, found a tuple of %zu components", check_describe_lat(c, want), e->nargs);
        bool ok = true;
        for (size_t i = 0; i < e->nargs; i++)
            if (check_against(c, e->args[i], lattice_part(want, i))->kind == TY_ERROR) ok = false;
        return ok ? sema_lat_type(sema, want) : &TYPE_ERROR;
    }
    Lattice **parts = mem_alloc(e->nargs * sizeof *parts);
    bool ok = true;
    for (size_t i = 0; i < e->nargs; i++) {
        const Type *t = check_expr(c, e->args[i], NULL);
        if (t->kind == TY_LAT) { parts[i] = (Lattice *)t->lat; continue; }
        ok = false;
        if (t->kind != TY_ERROR)
            check_fail(c, e->args[i]->loc, "cannot tell the lattice of this tuple component (%s); "
                 "give the tuple an expected type", check_describe(c, t));
    }
    const Type *result = &TYPE_ERROR;
    if (ok) {
        Lattice *P = lattice_product_new(parts, e->nargs);
        if (!P) check_fail(c, e->loc, "a tuple has at most %d components", (int)LATTICE_PRODUCT_MAX);
        else if (sema_lat_depth_ok(sema, P, e->loc)) result = &sema_lat_intern(sema, P)->as_lat;
    }
    mem_free(parts);
    return result;
}

const Type *check_proj(Checker *c, Expr *e)
{
    const Type *t = check_expr(c, e->a, NULL);
    if (t->kind == TY_ERROR) return t;
    if (e->name.name || t->kind == TY_ITV || t->kind == TY_BNB) return check_field(c, e, t);
    if (t->kind != TY_LAT || lattice_kind(t->lat) != LATTICE_PRODUCT)
        return check_fail(c, e->loc, "'.%lld' needs a tuple, found %s", (long long)e->ival, check_describe(c, t));
    size_t n = lattice_nparts(t->lat);
    if (e->ival < 1 || (uint64_t)e->ival > n)
        return check_fail(c, e->loc, "'.%lld' is out of range: %s has %zu components", (long long)e->ival, check_describe(c, t), n);
    return sema_lat_type(c->sema, lattice_part(t->lat, (size_t)e->ival - 1));
}

/* The powerset a set literal belongs to, from its first element with a known lattice. */
static const Lattice *infer_set_lattice(Checker *c, Expr *e)
{
    for (size_t i = 0; i < e->nargs; i++) {
        Expr *x = e->args[i];
        if (x->kind != E_NAME) continue;
        const Local *l = check_find_local(c, x->name.name);
        if (l) {
            if (l->type->kind == TY_ATOM && lattice_kind(l->type->lat) == LATTICE_POWERSET) return l->type->lat;
            continue;
        }
        const ElemRef *a, *b;
        size_t n = sema_refs_of_kind(c->sema, x->name.name, ELEM_ATOM, &a, &b);
        if (n > 1) { check_ambiguous(c, x->loc, x->name.name, a, b); return NULL; }
        if (n == 1) return a->li->L;
    }
    if (e->nargs == 0) check_fail(c, e->loc, "cannot tell which powerset '{}' belongs to here; the context gives no type");
    else check_fail(c, e->loc, "cannot tell which powerset this set belongs to");
    return NULL;
}

const Type *check_set(Checker *c, Expr *e, const Lattice *want)
{
    const Lattice *P = want;
    if (P && lattice_kind(sema_undual(P)) != LATTICE_POWERSET) {
        if (lattice_kind(P) == LATTICE_MAP && e->nargs == 0) return check_fail(c, e->loc, "expected %s, found an empty set", check_describe_lat(c, P));
        return check_fail(c, e->loc, "expected %s, found a set", check_describe_lat(c, P));
    }
    if (!P) P = infer_set_lattice(c, e);
    if (!P) return &TYPE_ERROR;
    bool ok = true;
    for (size_t i = 0; i < e->nargs; i++)
        if (check_atom(c, e->args[i], P)->kind == TY_ERROR) ok = false;
    return ok ? sema_lat_type(c->sema, P) : &TYPE_ERROR;
}

/* f[L]: the instance of a function with type parameters, as a value. */
static FnEntry *generic_named(Checker *c, const Expr *e)
{
    if (e->kind != E_NAME || check_find_local(c, e->name.name)) return NULL;
    Sym *s = sema_lookup(c->sema, e->name.name);
    return s && s->kind == SYM_FN && ((FnEntry *)s->ptr)->decl ? s->ptr : NULL;
}

const Type *check_index(Checker *c, Expr *e)
{
    FnEntry *T = generic_named(c, e->a);
    if (T) return sema_generic_value(c, e, T);
    if (e->ntargs > 1) return check_fail(c, e->loc, "a map look-up m[k] takes one key, found %zu", e->ntargs);
    const Type *t = check_expr(c, e->a, NULL);
    if (t->kind == TY_ERROR) return t;
    if (t->kind != TY_LAT || lattice_kind(t->lat) != LATTICE_MAP)
        return check_fail(c, e->a->loc, "'[ ]' needs a map, found %s", check_describe(c, t));
    if (check_atom(c, e->b, t->lat)->kind == TY_ERROR) return &TYPE_ERROR;
    return sema_lat_type(c->sema, lattice_inner(t->lat));
}

/* ---- binders ---- */

/* The lattice a bare name stands for where a set could be: a declared lattice or a type
 * parameter of the instance being checked (NULL: neither, or a local of that name). */
/* atoms(L): the singletons of the powerset L, in the order of its atoms, as a collection (the
 * compiler lists them as constants: L is not enumerated). */
const Type *check_atoms(Checker *c, Expr *e)
{
    LatInfo *li = sema_resolve_lattice(c->fc, e->vartype);
    if (!li) return &TYPE_ERROR;
    if (lattice_kind(sema_undual(li->L)) != LATTICE_POWERSET)
        return check_fail(c, e->vartype->loc, "atoms(...) lists the atoms of a powerset, found %s", check_describe_lat(c, li->L));
    e->resolved = li;
    return sema_coll_type(c->sema, li->L);
}

const Type *check_count(Checker *c, Expr *e)
{
    const Type *n = check_count_collection(c, e);
    if (n) return n;
    LatInfo *li = sema_lattice_named(c, e->a);
    if (li) {                  /* count L: the number of atoms of the powerset L */
        if (!sema_powerset_named(c, e->a, li, "'count L' counts the atoms of a powerset lattice")) return &TYPE_ERROR;
        size_t natoms;
        lattice_names(sema_undual(li->L), &natoms);
        e->kind = E_INT;
        e->ival = (int64_t)natoms;
        return &TYPE_INT;
    }
    const Type *t = check_expr(c, e->a, NULL);
    if (t->kind == TY_ERROR) return t;
    if (!sema_is_powerset_type(t)) return check_fail(c, e->a->loc, "'count' needs a set, found %s", check_describe(c, t));
    return &TYPE_INT;
}

/* sup/inf { a | y in [b .. c] }.  Slots: y, lo, hi (W words each). */
const Type *check_supinf(Checker *c, Expr *e, const Lattice *want)
{
    bool swap = check_needs_context(c, e->b) && !check_needs_context(c, e->c);
    Expr *first = swap ? e->c : e->b, *second = swap ? e->b : e->c;
    const Type *t1 = check_expr(c, first, NULL);
    if (t1->kind == TY_ERROR) return t1;
    if (t1->kind != TY_LAT)
        return check_fail(c, first->loc, "the bounds of '%s' must be lattice elements, found %s",
                    e->op == OP_JOIN ? "sup" : "inf", check_describe(c, t1));
    const Lattice *L = t1->lat;
    if (check_against(c, second, L)->kind == TY_ERROR) return &TYPE_ERROR;
    if (!L->finite)
        return check_fail(c, e->loc, "'%s' enumerates an interval of %s, which is not a finite lattice",
                    e->op == OP_JOIN ? "sup" : "inf", check_describe_lat(c, L));
    e->resolved = sema_lat_info(c->sema, L);
    size_t nlocals = c->locals.count, top = c->top;
    size_t slot = check_alloc_slots(c, 3 * L->nwords);
    e->slot = (long)slot;
    check_bind(c, e->name.name, sema_lat_type(c->sema, L), slot);
    const Type *ta = check_expr(c, e->a, want);
    c->locals.count = nlocals;
    c->top = top;
    if (ta->kind == TY_ATOM)
        return check_fail(c, e->a->loc, "'%s' needs lattice elements or numbers, found %s",
                    e->op == OP_JOIN ? "sup" : "inf", check_describe(c, ta));
    return ta;
}

/* lfp(g) / gfp(g) / lfp(x: L => body).  Slots: x (W words), then an iteration counter. */
const Type *check_fix(Checker *c, Expr *e)
{
    const char *what = e->op == OP_LFP ? "lfp" : "gfp";
    if (!e->vartype) {
        const Type *g = e->a->kind == E_LAMBDA ? check_lambda_endo(c, e->a) : check_expr(c, e->a, NULL);
        const Lattice *L = sema_endo_lattice(c, g, what, e->a->loc);
        if (!L) return &TYPE_ERROR;
        e->slot = (long)check_alloc_slots(c, L->nwords + 1);
        Expr *x = check_local_ref(c, "x", sema_lat_type(c->sema, L), (size_t)e->slot, e->loc);
        Expr *step = sema_apply1(c, g, x, e->a->loc);
        c->top = (size_t)e->slot;         /* x and the counter are free again after the loop */
        if (!step) return &TYPE_ERROR;
        e->a = step;
        return sema_lat_type(c->sema, L);
    }
    LatInfo *li = sema_resolve_lattice(c->fc, e->vartype);
    if (!li) return &TYPE_ERROR;
    e->resolved = NULL;
    size_t nlocals = c->locals.count, top = c->top;
    size_t slot = check_alloc_slots(c, li->L->nwords + 1);
    e->slot = (long)slot;
    check_bind(c, e->name.name, &li->as_lat, slot);
    const Type *ta = check_against(c, e->a, li->L);
    c->locals.count = nlocals;
    c->top = top;
    return ta->kind == TY_ERROR ? ta : &li->as_lat;
}


/* (e : L): e checked against L, of type L. */
const Type *check_ascription(Checker *c, Expr *e)
{
    if (!e->vartype) {         /* made by the checker, its lattice given (sema_coll.c) */
        const Type *want = e->type;
        const Type *t = check_against(c, e->a, want->lat);
        return t->kind == TY_ERROR ? t : want;
    }
    LatInfo *li = sema_resolve_lattice(c->fc, e->vartype);
    if (!li) return &TYPE_ERROR;
    const Type *t = check_against(c, e->a, li->L);
    return t->kind == TY_ERROR ? t : &li->as_lat;
}
