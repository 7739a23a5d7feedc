/* lattice.c: helpers on elements and intervals that work for every lattice kind. */
#include "lattice/lattice.h"
#include "util/mem.h"

#include <math.h>

/* The lattice owns its kind data (freed by ops->destroy) and itself; not its name, which the
 * caller sets and owns, and not its children. */
void lattice_free(Lattice *L)
{
    if (!L) return;
    L->ops->destroy(L);
    mem_free(L);
}

Word *lattice_elem_new(const Lattice *L)
{
    return mem_calloc(L->nwords ? L->nwords : 1, sizeof(Word));
}

void lattice_elems_new(const Lattice *L, size_t n, Word **const slots[])
{
    size_t w = L->nwords ? L->nwords : 1;
    Word *block = mem_calloc(n * w, sizeof(Word));
    for (size_t i = 0; i < n; i++) *slots[i] = block + i * w;
}

void lattice_copy(const Lattice *L, Word *dst, const Word *src)
{
    if (dst != src && L->nwords) memmove(dst, src, L->nwords * sizeof(Word));
}

bool lattice_interval_valid(const Lattice *L, const Word *lo, const Word *hi)
{
    return L->ops->leq(L, lo, hi);
}

bool lattice_in_interval(const Lattice *L, const Word *x, const Word *lo, const Word *hi)
{
    return L->ops->leq(L, lo, x) && L->ops->leq(L, x, hi);
}

bool lattice_interval_subset(const Lattice *L, const Word *lo1, const Word *hi1,
                             const Word *lo2, const Word *hi2)
{
    return L->ops->leq(L, lo2, lo1) && L->ops->leq(L, hi1, hi2);
}

void lattice_print_interval(const Lattice *L, const Word *lo, const Word *hi, Buf *out)
{
    buf_putc(out, '[');
    L->ops->print(L, lo, out);
    buf_puts(out, " .. ");
    L->ops->print(L, hi, out);
    buf_putc(out, ']');
}

char *lattice_to_string(const Lattice *L, const Word *a)
{
    Buf b;
    buf_init(&b);
    L->ops->print(L, a, &b);
    if (!b.data) return mem_strdup("");
    return b.data;
}

/* ---- describe ---- */

static bool kind_is(const Lattice *L, const char *kind) { return strcmp(L->ops->kind, kind) == 0; }

enum { DESCRIBE_MAX_NAMES = 8 };

static void describe_names(char *const *names, size_t n, Buf *out)
{
    buf_putc(out, '{');
    for (size_t i = 0; i < n && i < DESCRIBE_MAX_NAMES; i++) {
        if (i) buf_puts(out, ", ");
        buf_puts(out, names[i]);
    }
    if (n > DESCRIBE_MAX_NAMES) buf_printf(out, ", ... (%zu in all)", n);
    buf_putc(out, '}');
}

/* A structural product inside another type needs parentheses. */
static void describe_operand(const Lattice *L, Buf *out)
{
    bool paren = !L->name && kind_is(L, "product");
    if (paren) buf_putc(out, '(');
    lattice_describe(L, out);
    if (paren) buf_putc(out, ')');
}

static void describe_structure(const Lattice *L, Buf *out)
{
    if (kind_is(L, "powerset")) {
        buf_puts(out, "powerset ");
        describe_names(L->u.set.names, L->u.set.n, out);
    } else if (kind_is(L, "chain")) {
        buf_puts(out, "chain ");
        describe_names(L->u.set.names, L->u.set.n, out);
    } else if (kind_is(L, "range")) {
        buf_printf(out, "range %lld..%lld", (long long)L->u.range.lo, (long long)L->u.range.hi);
    } else if (kind_is(L, "real")) {
        buf_puts(out, "real [");
        buf_put_double(out, L->u.real.lo);
        buf_puts(out, ", ");
        buf_put_double(out, L->u.real.hi);
        buf_puts(out, "] tolerance ");
        buf_put_double(out, L->u.real.tol);
    } else if (kind_is(L, "product")) {
        if (L->u.product.n == 0) buf_puts(out, "()");
        for (size_t i = 0; i < L->u.product.n; i++) {
            if (i) buf_puts(out, " * ");
            describe_operand(L->u.product.parts[i], out);
        }
    } else if (kind_is(L, "map")) {
        buf_puts(out, "map ");
        describe_names(L->u.map.keys, L->u.map.n, out);
        buf_puts(out, " -> ");
        describe_operand(L->u.map.value, out);
    } else if (kind_is(L, "finite")) {
        buf_puts(out, "finite ");
        describe_names(L->u.fin.names, L->u.fin.n, out);
    } else if (kind_is(L, "dual")) {
        buf_puts(out, "dual ");
        describe_operand(L->u.dual.base, out);
    } else {
        buf_puts(out, L->ops->kind);
    }
}

void lattice_describe(const Lattice *L, Buf *out)
{
    if (L->name) buf_puts(out, L->name);
    else describe_structure(L, out);
}

static long find_name(char *const *names, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) return (long)i;
    return -1;
}

long lattice_name_index(const Lattice *L, const char *name)
{
    if (kind_is(L, "powerset") || kind_is(L, "chain")) return find_name(L->u.set.names, L->u.set.n, name);
    if (kind_is(L, "finite")) return find_name(L->u.fin.names, L->u.fin.n, name);
    if (kind_is(L, "map")) return find_name(L->u.map.keys, L->u.map.n, name);
    return -1;
}

/* ---- sizes as log2 ---- */

void lattice_print_log2_size(double log2_size, Buf *out)
{
    if (isnan(log2_size)) { buf_puts(out, "unknown"); return; }
    if (log2_size == -INFINITY) { buf_puts(out, "0"); return; }
    if (log2_size == INFINITY) { buf_puts(out, "infinite"); return; }
    if (log2_size < 53) {
        buf_printf(out, "%.0f", round(exp2(log2_size)));
        return;
    }
    if (log2_size == floor(log2_size)) buf_printf(out, "2^%.0f", log2_size);
    else buf_printf(out, "2^%.2f", log2_size);
}

double log2_add(double a, double b)
{
    if (a < b) { double t = a; a = b; b = t; }
    if (b == -INFINITY || a == INFINITY) return a;
    return a + log2(1.0 + exp2(b - a));
}

const char *lattice_atom_name(const Lattice *L, size_t i)
{
    if (!L) return NULL;
    if (strcmp(L->ops->kind, "powerset") == 0) return i < L->u.set.n ? L->u.set.names[i] : NULL;
    if (strcmp(L->ops->kind, "map") == 0) return i < L->u.map.n ? L->u.map.keys[i] : NULL;
    return NULL;
}

void lattice_describe_bounds(const Lattice *L, Buf *out)
{
    if (L->name) buf_printf(out, "%s = ", L->name);
    if (strcmp(L->ops->kind, "range") == 0) {
        buf_printf(out, "range %lld..%lld", (long long)L->u.range.lo, (long long)L->u.range.hi);
    } else if (strcmp(L->ops->kind, "real") == 0) {
        buf_puts(out, "real [");
        buf_put_double(out, L->u.real.lo);
        buf_puts(out, ", ");
        buf_put_double(out, L->u.real.hi);
        buf_puts(out, "]");
    } else {
        lattice_describe(L, out);
    }
}
