/* product.c: the product P = A * B * ... of lattices, componentwise, and total maps
 * {k1, ..., kn} -> V, which are products of n copies of V with named components.  An element
 * is the concatenation of its components' words. */
#include "lattice/lattice.h"
#include "util/json.h"
#include "util/mem.h"

#include <math.h>

/* A product's own data, and a map's: the parts and where each starts in an element; a map
 * also has its keys and the value lattice every part is a copy of. */
typedef struct {
    Lattice lattice;
    size_t n;
    Lattice **parts;
    size_t *offset;
    char **keys;               /* maps only */
    Lattice *value;            /* maps only */
} Product;

static const Product *prod(const Lattice *L) { return (const Product *)L; }
static size_t count(const Lattice *L) { return prod(L)->n; }
static const Lattice *part(const Lattice *L, size_t i) { return prod(L)->parts[i]; }
static size_t off(const Lattice *L, size_t i) { return prod(L)->offset[i]; }

static bool prod_leq(const Lattice *L, const Word *a, const Word *b)
{
    for (size_t i = 0; i < count(L); i++)
        if (!part(L, i)->ops->leq(part(L, i), a + off(L, i), b + off(L, i))) return false;
    return true;
}

static bool prod_eq(const Lattice *L, const Word *a, const Word *b)
{
    for (size_t i = 0; i < count(L); i++)
        if (!part(L, i)->ops->eq(part(L, i), a + off(L, i), b + off(L, i))) return false;
    return true;
}

/* The parts' hashes folded together (each part hashes what its eq compares). */
static uint64_t prod_hash(const Lattice *L, const Word *a)
{
    uint64_t h = count(L);
    for (size_t i = 0; i < count(L); i++) h = lattice_hash_more(h, part(L, i)->ops->hash(part(L, i), a + off(L, i)));
    return h;
}

static void prod_join(const Lattice *L, Word *out, const Word *a, const Word *b)
{
    for (size_t i = 0; i < count(L); i++)
        part(L, i)->ops->join(part(L, i), out + off(L, i), a + off(L, i), b + off(L, i));
}

static void prod_meet(const Lattice *L, Word *out, const Word *a, const Word *b)
{
    for (size_t i = 0; i < count(L); i++)
        part(L, i)->ops->meet(part(L, i), out + off(L, i), a + off(L, i), b + off(L, i));
}

static void prod_bot(const Lattice *L, Word *out)
{
    for (size_t i = 0; i < count(L); i++) part(L, i)->ops->bot(part(L, i), out + off(L, i));
}

static void prod_top(const Lattice *L, Word *out)
{
    for (size_t i = 0; i < count(L); i++) part(L, i)->ops->top(part(L, i), out + off(L, i));
}

static double prod_log2_size(const Lattice *L, const Word *lo, const Word *hi)
{
    double s = 0;
    for (size_t i = 0; i < count(L); i++)
        s += part(L, i)->ops->log2_size(part(L, i), lo + off(L, i), hi + off(L, i));
    return s;
}

static double prod_height(const Lattice *L, const Word *lo, const Word *hi)
{
    double s = 0;
    for (size_t i = 0; i < count(L); i++)
        s += part(L, i)->ops->height(part(L, i), lo + off(L, i), hi + off(L, i));
    return s;
}

static bool part_is_point(const Lattice *L, size_t i, const Word *lo, const Word *hi)
{
    return part(L, i)->ops->is_point(part(L, i), lo + off(L, i), hi + off(L, i));
}

static bool prod_is_point(const Lattice *L, const Word *lo, const Word *hi)
{
    for (size_t i = 0; i < count(L); i++)
        if (!part_is_point(L, i, lo, hi)) return false;
    return true;
}

/* Two boxes make a box when one holds the other, or when they differ in one component only
 * and make an interval there. */
static bool prod_union_is_interval(const Lattice *L, const Word *lo1, const Word *hi1,
                                   const Word *lo2, const Word *hi2)
{
    if (lattice_interval_subset(L, lo1, hi1, lo2, hi2)) return true;
    if (lattice_interval_subset(L, lo2, hi2, lo1, hi1)) return true;
    size_t ndiff = 0, which = 0;
    for (size_t i = 0; i < count(L); i++) {
        const Lattice *P = part(L, i);
        size_t o = off(L, i);
        if (P->ops->eq(P, lo1 + o, lo2 + o) && P->ops->eq(P, hi1 + o, hi2 + o)) continue;
        ndiff++;
        which = i;
    }
    if (ndiff != 1) return false;
    const Lattice *P = part(L, which);
    size_t o = off(L, which);
    return P->ops->union_is_interval(P, lo1 + o, hi1 + o, lo2 + o, hi2 + o);
}

/* The component to split first; count(L) when none can be split. */
static size_t choose_component(const Lattice *L, const Word *lo, const Word *hi, const SplitCtx *how)
{
    SplitStrategy s = how ? how->strategy : SPLIT_WIDEST;
    size_t best = count(L), nsplittable = 0;
    double best_height = -INFINITY;
    for (size_t i = 0; i < count(L); i++) {
        if (part_is_point(L, i, lo, hi)) continue;
        nsplittable++;
        if ((s == SPLIT_FIRST || s == SPLIT_RANDOM) && best < count(L)) continue;
        if (s == SPLIT_WIDEST) {
            double h = part(L, i)->ops->height(part(L, i), lo + off(L, i), hi + off(L, i));
            if (!(h > best_height)) continue;
            best_height = h;
        }
        best = i;      /* SPLIT_LAST keeps the last one seen */
    }
    if (s == SPLIT_RANDOM && how->rng && nsplittable > 0) {
        size_t k = (size_t)rng_below(how->rng, nsplittable);
        for (size_t i = 0; i < count(L); i++)
            if (!part_is_point(L, i, lo, hi) && k-- == 0) return i;
    }
    return best;
}

/* Copies [lo, hi] into both halves, then splits component i of them. */
static bool split_component(const Lattice *L, size_t i, const Word *lo, const Word *hi,
                            const SplitCtx *how, Word *lo1, Word *hi1, Word *lo2, Word *hi2)
{
    size_t o = off(L, i);
    lattice_copy(L, lo1, lo);
    lattice_copy(L, hi1, hi);
    lattice_copy(L, lo2, lo);
    lattice_copy(L, hi2, hi);
    return part(L, i)->ops->decompose(part(L, i), lo + o, hi + o, how, lo1 + o, hi1 + o, lo2 + o, hi2 + o);
}

/* Splits one component with its own decompose; the others stay.  When the chosen component
 * refuses, any other splittable component is tried. */
static bool prod_decompose(const Lattice *L, const Word *lo, const Word *hi, const SplitCtx *how,
                           Word *lo1, Word *hi1, Word *lo2, Word *hi2)
{
    size_t c = choose_component(L, lo, hi, how);
    if (c == count(L)) return false;
    if (split_component(L, c, lo, hi, how, lo1, hi1, lo2, hi2)) return true;
    for (size_t i = 0; i < count(L); i++)
        if (i != c && !part_is_point(L, i, lo, hi) && split_component(L, i, lo, hi, how, lo1, hi1, lo2, hi2))
            return true;
    return false;
}

/* Odometer over the components: the first one turns fastest. */
static bool prod_next(const Lattice *L, const Word *lo, const Word *hi, Word *cur)
{
    for (size_t i = 0; i < count(L); i++) {
        const Lattice *P = part(L, i);
        size_t o = off(L, i);
        if (P->ops->next(P, lo + o, hi + o, cur + o)) return true;
        lattice_copy(P, cur + o, lo + o);
    }
    return false;
}

/* The components as text: (x, y) for a product, {k -> x, ...} for a map (with its keys). */
static void put_parts(const Lattice *L, const Word *a, char *const *keys, Buf *out)
{
    buf_putc(out, keys ? '{' : '(');
    for (size_t i = 0; i < count(L); i++) {
        if (i) buf_puts(out, ", ");
        if (keys) buf_printf(out, "%s -> ", keys[i]);
        part(L, i)->ops->print(part(L, i), a + off(L, i), out);
    }
    buf_putc(out, keys ? '}' : ')');
}

static void prod_print(const Lattice *L, const Word *a, Buf *out) { put_parts(L, a, NULL, out); }

static void prod_json(const Lattice *L, const Word *a, Buf *out)
{
    JsonWriter w;
    json_init(&w, out);
    json_begin_array(&w);
    for (size_t i = 0; i < count(L); i++)
        part(L, i)->ops->json(part(L, i), a + off(L, i), json_value(&w));
    json_end_array(&w);
}

static void prod_random(const Lattice *L, Rng *rng, Word *out)
{
    for (size_t i = 0; i < count(L); i++) part(L, i)->ops->random(part(L, i), rng, out + off(L, i));
}

static void prod_destroy(Lattice *L)
{
    Product *P = (Product *)L;
    lattice_names_free(P->keys, P->n);
    mem_free(P->parts);
    mem_free(P->offset);
}

static void prod_describe(const Lattice *L, Buf *out)
{
    if (count(L) == 0) buf_puts(out, "()");
    for (size_t i = 0; i < count(L); i++) {
        if (i) buf_puts(out, " * ");
        lattice_describe_operand(part(L, i), out);
    }
}

static bool prod_same(const Lattice *L, const Lattice *b)
{
    if (count(L) != count(b)) return false;
    for (size_t i = 0; i < count(L); i++)
        if (!lattice_equal(part(L, i), part(b, i))) return false;
    return true;
}

static size_t prod_nparts(const Lattice *L) { return count(L); }

static const Lattice *prod_part(const Lattice *L, size_t i, size_t *offset)
{
    *offset = off(L, i);
    return part(L, i);
}

/* A cover raises one component to one of its covers: *pos is the component in the high 32
 * bits and that component's own cursor in the low 32 (parts are kinds without parts; see
 * lattice_has_covers). */
static bool prod_next_cover(const Lattice *L, const Word *x, uint64_t *pos, Word *out)
{
    for (size_t i = (size_t)(*pos >> 32); i < count(L); i++) {
        const Lattice *P = part(L, i);
        uint64_t inner = i == (size_t)(*pos >> 32) ? *pos & 0xffffffffu : 0;
        lattice_copy(L, out, x);
        if (P->ops->next_cover && P->ops->next_cover(P, x + off(L, i), &inner, out + off(L, i))) {
            *pos = ((uint64_t)i << 32) | inner;
            return true;
        }
    }
    *pos = (uint64_t)count(L) << 32;
    return false;
}

/* The entries a map shares with a product beyond LATTICE_OPS_CORE: its parts and their covers. */
#define PRODUCT_PARTS_OPS .nparts = prod_nparts, .part = prod_part, .next_cover = prod_next_cover

static const LatticeOps product_ops = {
    .kind = LATTICE_PRODUCT, LATTICE_OPS_CORE(prod), .print = prod_print, .json = prod_json,
    .describe = prod_describe, .infix = true, .same = prod_same, PRODUCT_PARTS_OPS,
};

static void map_print(const Lattice *L, const Word *a, Buf *out) { put_parts(L, a, prod(L)->keys, out); }

static void map_json(const Lattice *L, const Word *a, Buf *out)
{
    JsonWriter w;
    json_init(&w, out);
    json_begin_object(&w);
    for (size_t i = 0; i < count(L); i++) {
        json_key(&w, prod(L)->keys[i]);
        part(L, i)->ops->json(part(L, i), a + off(L, i), json_value(&w));
    }
    json_end_object(&w);
}

static const char *const *map_names(const Lattice *L, size_t *n)
{
    *n = count(L);
    return (const char *const *)prod(L)->keys;
}

static const Lattice *map_value(const Lattice *L) { return prod(L)->value; }

static void map_describe(const Lattice *L, Buf *out)
{
    size_t n;
    const char *const *keys = map_names(L, &n);
    buf_puts(out, "map ");
    lattice_describe_names(keys, n, out);
    buf_puts(out, " -> ");
    lattice_describe_operand(map_value(L), out);
}

static bool map_same(const Lattice *L, const Lattice *b)
{
    return lattice_same_names(L, b) && lattice_equal(map_value(L), map_value(b));
}

static const LatticeOps map_ops = {
    .kind = LATTICE_MAP, LATTICE_OPS_CORE(prod), .print = map_print, .json = map_json,
    .describe = map_describe, .same = map_same, .names = map_names, .inner = map_value, PRODUCT_PARTS_OPS,
};

static Product *product_alloc(const LatticeOps *ops, Lattice *const *parts, size_t n)
{
    Product *P = (Product *)lattice_alloc(sizeof *P, ops);
    Lattice *L = &P->lattice;
    L->finite = true;
    P->n = n;
    P->parts = mem_calloc(n, sizeof(Lattice *));
    P->offset = mem_calloc(n, sizeof(size_t));
    for (size_t i = 0; i < n; i++) {
        P->parts[i] = parts[i];
        P->offset[i] = L->nwords;
        L->nwords += parts[i]->nwords;
        L->finite = L->finite && parts[i]->finite;
        L->log2_card += parts[i]->log2_card;
    }
    return P;
}

/* NULL when there are more than LATTICE_PRODUCT_MAX parts.  The parts are not owned. */
Lattice *lattice_product_new(Lattice *const *parts, size_t n)
{
    if (n > LATTICE_PRODUCT_MAX) return NULL;
    return &product_alloc(&product_ops, parts, n)->lattice;
}

/* NULL when there are more than LATTICE_PRODUCT_MAX keys.  The value lattice is not owned. */
Lattice *lattice_map_new(const char *const *keys, size_t n, Lattice *value)
{
    if (n > LATTICE_PRODUCT_MAX) return NULL;
    Lattice **parts = mem_calloc(n, sizeof *parts);
    for (size_t i = 0; i < n; i++) parts[i] = value;
    Product *M = product_alloc(&map_ops, parts, n);
    mem_free(parts);
    M->value = value;
    M->keys = lattice_names_copy(keys, n);
    return &M->lattice;
}
