/* sema_map.c: map literals `{x -> 1, y -> 2}` (every key once), literals with a default for
 * the keys they do not list `{x -> 1, _ -> bot}`, and updates `s[x -> 1]` (a copy of the map
 * s with key x set to 1).  A literal with a default or an update is checked, then rewritten
 * as a let of a hidden slot holding the default (or s) around a full literal whose unlisted
 * keys read that slot, so the compiler and every later pass see only lets and literals. */
#include "check/sema_internal.h"

static bool is_default_key(const Ident *k)
{
    return strcmp(k->name, "_") == 0;
}

/* The entry `_ -> d` of a map literal, -1 when there is none. */
static long default_entry(const Expr *e)
{
    for (size_t i = 0; i < e->nargs; i++)
        if (is_default_key(&e->keys[i])) return (long)i;
    return -1;
}

/* Does M have the keys e lists (exactly them, or, with a default, at least them)? */
static bool map_has_keys(const Lattice *M, const Expr *e, bool partial)
{
    size_t listed = 0;
    for (size_t i = 0; i < e->nargs; i++) {
        if (is_default_key(&e->keys[i])) continue;
        if (lattice_name_index(M, e->keys[i].name) < 0) return false;
        listed++;
    }
    return partial || lattice_nparts(M) == listed;
}

static const Lattice *infer_map_lattice(Checker *c, Expr *e, bool partial)
{
    const Ident *first = NULL;
    for (size_t i = 0; i < e->nargs && !first; i++)
        if (!is_default_key(&e->keys[i])) first = &e->keys[i];
    if (!first) {
        check_fail(c, e->loc, "cannot tell which map lattice this map belongs to (it lists no key): "
                   "give it, ({_ -> v} : M)");
        return NULL;
    }
    const Lattice *found = NULL;
    for (const ElemRef *r = hashmap_get_ptr(&c->sema->elems, first->name); r; r = r->next) {
        if (r->kind != ELEM_KEY || !map_has_keys(r->li->L, e, partial)) continue;
        if (found && !lattice_equal(found, r->li->L)) {
            check_fail(c, e->loc, "this map could be %s or %s: the context does not say which",
                 check_describe_lat(c, found), check_describe_lat(c, r->li->L));
            return NULL;
        }
        found = r->li->L;
    }
    if (!found) check_fail(c, e->loc, partial ? "no map lattice has all the keys of this map"
                                              : "no map lattice has exactly the keys of this map");
    return found;
}

/* The map an update s[k -> v] copies: s, checked (against the expected lattice, if any). */
static const Lattice *check_update_base(Checker *c, Expr *base, const Lattice *want)
{
    const Type *t = want ? check_against(c, base, want) : check_expr(c, base, NULL);
    if (t->kind == TY_ERROR) return NULL;
    if (t->kind != TY_LAT || lattice_kind(t->lat) != LATTICE_MAP) {
        check_fail(c, base->loc, "an update s[k -> v] needs a map s, found %s", check_describe(c, t));
        return NULL;
    }
    return t->lat;
}

/* A checked expression reading the element of lattice L held in the frame at slot. */
static Expr *slot_read(Checker *c, const Lattice *L, size_t slot, Loc loc)
{
    return check_local_ref(c, "_", sema_lat_type(c->sema, L), slot, loc);
}

/* The value at key k of the map M held at slot (a checked s[k]). */
static Expr *slot_lookup(Checker *c, const Lattice *M, size_t slot, size_t k, Loc loc)
{
    Expr *key = arena_alloc(&c->sema->arena, sizeof *key);
    key->kind = E_NAME;
    key->loc = loc;
    key->name.name = lattice_atom_name(M, k);
    key->resolved = check_resolution(c, RES_ATOM, sema_lat_info(c->sema, M), k);
    key->type = sema_atom_type(c->sema, M);
    Expr *x = arena_alloc(&c->sema->arena, sizeof *x);
    x->kind = E_INDEX;
    x->loc = loc;
    x->a = slot_read(c, M, slot, loc);
    x->b = key;
    x->type = sema_lat_type(c->sema, lattice_inner(M));
    return x;
}

/* e, checked, becomes `let (slot) = source in {every key of M -> its value}`: the listed value
 * (given[k], an index into e's entries) or what the slot gives (s[k] for an update, the
 * default itself).  An update of a local needs no let: its keys are read where it is. */
static void rewrite_filled(Checker *c, Expr *e, const Lattice *M, bool update, size_t slot, const long *given)
{
    Sema *sema = c->sema;
    size_t n = lattice_nparts(M);
    const Lattice *held = update ? M : lattice_inner(M);
    const Resolution *r = update && e->a->kind == E_NAME ? e->a->resolved : NULL;
    bool in_place = r && r->kind == RES_LOCAL;       /* s[k -> v] of a local s reads s itself */
    if (in_place) slot = (size_t)e->a->slot;
    Expr *full = arena_alloc(&sema->arena, sizeof *full);
    full->kind = E_MAP;
    full->loc = e->loc;
    full->nargs = n;
    full->keys = arena_alloc(&sema->arena, n * sizeof *full->keys);
    full->args = arena_alloc(&sema->arena, n * sizeof *full->args);
    full->type = sema_lat_type(sema, M);
    for (size_t k = 0; k < n; k++) {
        full->keys[k].name = lattice_atom_name(M, k);
        full->keys[k].loc = e->loc;
        full->args[k] = given[k] >= 0 ? e->args[given[k]]
                      : update ? slot_lookup(c, M, slot, k, e->loc) : slot_read(c, held, slot, e->loc);
    }
    if (in_place) {
        *e = *full;
        return;
    }
    Expr *source = arena_alloc(&sema->arena, sizeof *source);      /* converted to its lattice */
    source->kind = E_ASCRIBE;
    source->loc = update ? e->a->loc : e->args[default_entry(e)]->loc;
    source->a = update ? e->a : e->args[default_entry(e)];
    source->type = sema_lat_type(sema, held);
    e->kind = E_LET;
    e->name.name = "_";
    e->a = source;
    e->b = full;
    e->slot = (long)slot;
    e->nargs = 0;
}

/* An entry whose key is not one of M's names: a local holding a key (an item of keys(M)) is
 * a value, and an entry names its key, so the message says how to write it. */
static void key_not_named(Checker *c, const Ident *key, const Lattice *M)
{
    const Local *l = check_find_local(c, key->name);
    if (l && l->type->kind == TY_ATOM && lattice_kind(l->type->lat) == LATTICE_MAP) {
        check_fail(c, key->loc, "'%s' is a key value (%s), not the name of a key of %s: an update m[x -> v] "
                   "names its key; with a key value k write every entry, {x -> if k == x then v else m[x], ...}",
                   key->name, check_describe(c, l->type), check_describe_lat(c, M));
        return;
    }
    check_fail(c, key->loc, "'%s' is not a key of %s", key->name, check_describe_lat(c, M));
}

/* The listed entries of e against M: given[k] gets the entry of key k (-1: not listed). */
static bool check_entries(Checker *c, Expr *e, const Lattice *M, bool filled, long *given)
{
    bool ok = true;
    for (size_t i = 0; i < e->nargs; i++) {
        if (is_default_key(&e->keys[i])) {
            if (e->a) {
                check_fail(c, e->keys[i].loc, "'_ ->' gives a default in a map literal, not in an update "
                           "s[k -> v]: write {_ -> v} for a map of v everywhere");
                ok = false;
            }
            continue;
        }
        long k = lattice_name_index(M, e->keys[i].name);
        if (k < 0) {
            key_not_named(c, &e->keys[i], M);
            ok = false;
        } else if (given[k] >= 0) {
            check_fail(c, e->keys[i].loc, "key '%s' given twice", e->keys[i].name);
            ok = false;
        } else {
            given[k] = (long)i;
        }
        if (check_against(c, e->args[i], lattice_inner(M))->kind == TY_ERROR) ok = false;
    }
    for (size_t k = 0; ok && !filled && k < lattice_nparts(M); k++) {
        if (given[k] < 0) {
            check_fail(c, e->loc, "key '%s' of %s is missing (a default `_ -> v` gives the keys not listed)",
                       lattice_atom_name(M, k), check_describe_lat(c, M));
            ok = false;
        }
    }
    return ok;
}

/* The entry `_ -> d` given twice is an error at the second. */
static bool one_default(Checker *c, const Expr *e)
{
    long first = default_entry(e);
    for (size_t i = first < 0 ? e->nargs : (size_t)first + 1; i < e->nargs; i++)
        if (is_default_key(&e->keys[i])) {
            check_fail(c, e->keys[i].loc, "the default '_ ->' is given twice");
            return false;
        }
    return true;
}

const Type *check_map(Checker *c, Expr *e, const Lattice *want)
{
    const Lattice *M = want;
    if (M && lattice_kind(M) != LATTICE_MAP) {
        if (!e->a) return check_fail(c, e->loc, "expected %s, found a map", check_describe_lat(c, M));
        const Lattice *base = check_update_base(c, e->a, NULL);          /* what s is, to say */
        return base ? check_fail(c, e->loc, "expected %s, found %s", check_describe_lat(c, M), check_describe_lat(c, base))
                    : &TYPE_ERROR;
    }
    if (!one_default(c, e)) return &TYPE_ERROR;
    long fill = e->a ? -1 : default_entry(e);
    if (e->a) M = check_update_base(c, e->a, want);
    else if (!M) M = infer_map_lattice(c, e, fill >= 0);
    if (!M) return &TYPE_ERROR;
    if (fill >= 0 && check_against(c, e->args[fill], lattice_inner(M))->kind == TY_ERROR) return &TYPE_ERROR;
    bool filled = e->a || fill >= 0;
    size_t top = c->top;
    size_t slot = filled ? check_alloc_slots(c, (e->a ? M : lattice_inner(M))->nwords) : 0;
    long *given = mem_alloc((lattice_nparts(M) + 1) * sizeof *given);
    for (size_t k = 0; k <= lattice_nparts(M); k++) given[k] = -1;
    bool ok = check_entries(c, e, M, filled, given);
    if (ok && filled) rewrite_filled(c, e, M, e->a != NULL, slot, given);
    c->top = top;
    mem_free(given);
    return ok ? sema_lat_type(c->sema, M) : &TYPE_ERROR;
}
