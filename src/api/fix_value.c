/* fix_value.c: lattice elements and typed VM values as the C API's value trees (fix.h):
 * Bool an integer 0/1, ranges integers, reals doubles, chains and finite lattices names,
 * powersets sets of atom names, products tuples, maps key -> value, duals as their base;
 * collections lists, intervals lo/hi pairs, bnb values maps of their three fields. */
#include "api/fix_value.h"

#include <string.h>

#include "util/bitset.h"
#include "util/mem.h"

fix_value *fix_value_new(fix_value_kind kind, size_t n)
{
    fix_value *v = mem_calloc(1, sizeof *v);
    v->kind = kind;
    v->n = n;
    if (n) v->items = mem_calloc(n, sizeof *v->items);
    if (kind == FIX_VALUE_MAP && n) v->keys = mem_calloc(n, sizeof *v->keys);
    return v;
}

fix_value *fix_value_new_name(const char *name)
{
    fix_value *v = fix_value_new(FIX_VALUE_NAME, 0);
    v->name = mem_strdup(name ? name : "?");
    return v;
}

void fix_value_free(fix_value *v)
{
    if (!v) return;
    for (size_t i = 0; i < v->n; i++) {
        fix_value_free(v->items[i]);
        if (v->keys) mem_free(v->keys[i]);
    }
    mem_free(v->items);
    mem_free(v->keys);
    mem_free(v->name);
    mem_free(v);
}

static fix_value *scalar_int(fix_value_kind kind, int64_t i)
{
    fix_value *v = fix_value_new(kind, 0);
    v->i = i;
    return v;
}

/* A powerset's element: the names of its atoms, in the lattice's order. */
static fix_value *set_of(const Lattice *L, const Word *x)
{
    size_t natoms = 0;
    const char *const *names = lattice_names(L, &natoms);
    size_t n = bitset_count(x, L->nwords);
    fix_value *v = fix_value_new(FIX_VALUE_SET, n);
    size_t k = 0;
    for (size_t a = 0; a < natoms && k < n; a++)
        if (bitset_has(x, a)) v->items[k++] = fix_value_new_name(names[a]);
    v->n = k;
    return v;
}

/* A product's or map's element: its parts in order (a map's with their keys). */
static fix_value *parts_of(const Lattice *L, const Word *x, bool map)
{
    size_t n = lattice_nparts(L), nnames = 0;
    const char *const *keys = map ? lattice_names(L, &nnames) : NULL;
    fix_value *v = fix_value_new(map ? FIX_VALUE_MAP : FIX_VALUE_TUPLE, n);
    for (size_t i = 0; i < n; i++) {
        v->items[i] = fix_value_of_element(lattice_part(L, i), x + lattice_part_offset(L, i));
        if (map) v->keys[i] = mem_strdup(i < nnames ? keys[i] : "?");
    }
    return v;
}

fix_value *fix_value_of_element(const Lattice *L, const Word *x)
{
    size_t nnames = 0;
    const char *const *names;
    switch (lattice_kind(L)) {
    case LATTICE_POWERSET: return set_of(L, x);
    case LATTICE_CHAIN:
        if (L->name && strcmp(L->name, "Bool") == 0) return scalar_int(FIX_VALUE_BOOL, x[0] != 0);
        /* fall through */
    case LATTICE_FINITE:
        names = lattice_names(L, &nnames);
        return fix_value_new_name(x[0] < nnames ? names[x[0]] : "?");
    case LATTICE_RANGE: return scalar_int(FIX_VALUE_INT, word_to_int(x[0]));
    case LATTICE_REAL: {
        fix_value *v = fix_value_new(FIX_VALUE_REAL, 0);
        v->r = word_to_double(x[0]);
        return v;
    }
    case LATTICE_PRODUCT: return parts_of(L, x, false);
    case LATTICE_MAP: return parts_of(L, x, true);
    case LATTICE_DUAL: return fix_value_of_element(lattice_inner(L), x);
    case LATTICE_KIND_COUNT: break;
    }
    return fix_value_new_name("?");
}

fix_value *fix_value_interval(const Lattice *L, const Word *lo, const Word *hi)
{
    fix_value *v = fix_value_new(FIX_VALUE_INTERVAL, 2);
    v->items[0] = fix_value_of_element(L, lo);
    v->items[1] = fix_value_of_element(L, hi);
    return v;
}

/* A collection: its items, each of the item type. */
static fix_value *list_of(const Type *t, const Word *v)
{
    const Collection *k = collection_at(v[0]);
    Type elem = { TY_LAT, t->lat, NULL, NULL };
    const Type *item = t->value ? t->value : &elem;
    fix_value *out = fix_value_new(FIX_VALUE_LIST, k ? k->n : 0);
    for (size_t i = 0; i < out->n; i++) out->items[i] = fix_value_of_typed(item, k->items + i * type_item_words(t));
    return out;
}

/* bnb(f): its fixed points, Final and whether it is complete. */
static fix_value *bnb_of(const Type *t, const Word *v)
{
    const Type *final = t->value;
    Type points = { TY_COLL, lattice_part(final->lat, 0), NULL, NULL };
    static const char *const fields[3] = { "fixpoints", "final", "complete" };
    fix_value *out = fix_value_new(FIX_VALUE_MAP, 3);
    out->items[0] = fix_value_of_typed(&points, v);
    out->items[1] = fix_value_of_typed(final, v + 1);
    out->items[2] = scalar_int(FIX_VALUE_BOOL, v[2] != 0);
    for (size_t i = 0; i < 3; i++) out->keys[i] = mem_strdup(fields[i]);
    return out;
}

fix_value *fix_value_of_typed(const Type *t, const Word *v)
{
    switch (t->kind) {
    case TY_INT: return scalar_int(FIX_VALUE_INT, word_to_int(v[0]));
    case TY_REAL: {
        fix_value *out = fix_value_new(FIX_VALUE_REAL, 0);
        out->r = word_to_double(v[0]);
        return out;
    }
    case TY_ATOM: return fix_value_new_name(lattice_atom_name(t->lat, (size_t)v[0]));
    case TY_LAT: return fix_value_of_element(t->lat, v);
    case TY_COLL: return list_of(t, v);
    case TY_BNB: return bnb_of(t, v);
    case TY_ITV: {
        const Lattice *L = lattice_part(t->lat, 0);
        return fix_value_interval(L, v, v + L->nwords);
    }
    case TY_FN: case TY_ERROR: break;
    }
    return fix_value_new_name("?");
}

/* ---- tagged JSON ---- */

static void write_items(JsonWriter *w, const fix_value *v)
{
    json_begin_array(w);
    for (size_t i = 0; i < v->n; i++) fix_value_write(w, v->items[i]);
    json_end_array(w);
}

/* A container tagged by its kind: {"set": [...]}, {"tuple": [...]}. */
static void write_tagged(JsonWriter *w, const char *tag, const fix_value *v)
{
    json_begin_object(w);
    json_key(w, tag);
    write_items(w, v);
    json_end_object(w);
}

static void write_map(JsonWriter *w, const fix_value *v)
{
    json_begin_object(w);
    json_key(w, "map");
    json_begin_array(w);
    for (size_t i = 0; i < v->n; i++) {
        json_begin_array(w);
        json_string(w, v->keys[i]);
        fix_value_write(w, v->items[i]);
        json_end_array(w);
    }
    json_end_array(w);
    json_end_object(w);
}

void fix_value_write(JsonWriter *w, const fix_value *v)
{
    if (!v) { json_null(w); return; }
    switch (v->kind) {
    case FIX_VALUE_BOOL: json_bool(w, v->i != 0); break;
    case FIX_VALUE_INT: json_int(w, (long long)v->i); break;
    case FIX_VALUE_REAL:
        json_begin_object(w);
        json_key(w, "real");
        json_double(w, v->r);
        json_end_object(w);
        break;
    case FIX_VALUE_NAME: json_string(w, v->name); break;
    case FIX_VALUE_SET: write_tagged(w, "set", v); break;
    case FIX_VALUE_TUPLE: write_tagged(w, "tuple", v); break;
    case FIX_VALUE_MAP: write_map(w, v); break;
    case FIX_VALUE_LIST: write_items(w, v); break;
    case FIX_VALUE_INTERVAL:
        json_begin_object(w);
        json_key(w, "lo");
        fix_value_write(w, v->items[0]);
        json_key(w, "hi");
        fix_value_write(w, v->items[1]);
        json_end_object(w);
        break;
    }
}

/* ---- the accessors of fix.h ---- */

fix_value_kind fix_value_get_kind(const fix_value *v) { return v->kind; }
int64_t fix_value_int(const fix_value *v) { return v->i; }
double fix_value_real(const fix_value *v) { return v->r; }
const char *fix_value_name(const fix_value *v) { return v->name; }
size_t fix_value_count(const fix_value *v) { return v->n; }

const fix_value *fix_value_item(const fix_value *v, size_t i)
{
    return i < v->n ? v->items[i] : NULL;
}

const char *fix_value_key(const fix_value *v, size_t i)
{
    return v->keys && i < v->n ? v->keys[i] : NULL;
}
