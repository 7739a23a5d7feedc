/* lattice.c: what works for every lattice kind: the accessors that ask a kind through its
 * vtable, the one lattice equality, descriptions, and helpers on elements and intervals. */
#include "lattice/lattice.h"
#include "util/mem.h"

#include <assert.h>
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
    Word *block = mem_calloc_lines(n * w, sizeof(Word));   /* scratch a worker may write */
    for (size_t i = 0; i < n; i++) *slots[i] = block + i * w;
}

void lattice_copy(const Lattice *L, Word *dst, const Word *src)
{
    if (dst != src && L->nwords) memmove(dst, src, L->nwords * sizeof(Word));
}

/* A 64-bit finaliser (the bits of w spread over the whole word). */
uint64_t lattice_hash_word(uint64_t w)
{
    w ^= w >> 33;
    w *= 0xff51afd7ed558ccdu;
    w ^= w >> 33;
    w *= 0xc4ceb9fe1a85ec53u;
    w ^= w >> 33;
    return w;
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

Lattice *lattice_alloc(size_t size, const LatticeOps *ops)
{
    Lattice *L = mem_calloc(1, size);
    L->ops = ops;
    return L;
}

const char *lattice_kind_word(LatticeKind kind)
{
    static const char *const words[] = {
#define LATTICE_KIND_WORD(id, word) word,
        LATTICE_KINDS(LATTICE_KIND_WORD)
#undef LATTICE_KIND_WORD
    };
    return kind < LATTICE_KIND_COUNT ? words[kind] : "?";
}

bool lattice_equal(const Lattice *a, const Lattice *b)
{
    if (a == b) return true;
    if (a->name && b->name) return false;
    if (lattice_kind(a) != lattice_kind(b) || a->nwords != b->nwords) return false;
    return a->ops->same(a, b);
}

/* ---- what a kind answers ---- */

const char *const *lattice_names(const Lattice *L, size_t *n)
{
    *n = 0;
    return L->ops->names ? L->ops->names(L, n) : NULL;
}

size_t lattice_name_count(const Lattice *L)
{
    size_t n;
    lattice_names(L, &n);
    return n;
}

size_t lattice_nparts(const Lattice *L) { return L->ops->nparts ? L->ops->nparts(L) : 0; }

const Lattice *lattice_part(const Lattice *L, size_t i)
{
    size_t offset;
    assert(L->ops->part);
    return L->ops->part(L, i, &offset);
}

size_t lattice_part_offset(const Lattice *L, size_t i)
{
    size_t offset;
    assert(L->ops->part);
    L->ops->part(L, i, &offset);
    return offset;
}

const Lattice *lattice_inner(const Lattice *L) { return L->ops->inner ? L->ops->inner(L) : NULL; }

bool lattice_int_bounds(const Lattice *L, int64_t *lo, int64_t *hi)
{
    if (!L->ops->int_bounds) return false;
    L->ops->int_bounds(L, lo, hi);
    return true;
}

bool lattice_real_bounds(const Lattice *L, double *lo, double *hi)
{
    if (!L->ops->real_bounds) return false;
    L->ops->real_bounds(L, lo, hi);
    return true;
}

double lattice_tolerance(const Lattice *L) { return L->ops->tolerance ? L->ops->tolerance(L) : 0; }

/* ---- describe ---- */

enum { DESCRIBE_MAX_NAMES = 8 };

void lattice_describe_names(const char *const *names, size_t n, Buf *out)
{
    buf_putc(out, '{');
    for (size_t i = 0; i < n && i < DESCRIBE_MAX_NAMES; i++) {
        if (i) buf_puts(out, ", ");
        buf_puts(out, names[i]);
    }
    if (n > DESCRIBE_MAX_NAMES) buf_printf(out, ", ... (%zu in all)", n);
    buf_putc(out, '}');
}

void lattice_describe_operand(const Lattice *L, Buf *out)
{
    bool paren = !L->name && L->ops->infix;
    if (paren) buf_putc(out, '(');
    lattice_describe(L, out);
    if (paren) buf_putc(out, ')');
}

void lattice_describe_by_names(const Lattice *L, Buf *out)
{
    size_t n;
    const char *const *names = lattice_names(L, &n);
    buf_printf(out, "%s ", lattice_kind_word(lattice_kind(L)));
    lattice_describe_names(names, n, out);
}

void lattice_describe(const Lattice *L, Buf *out)
{
    if (L->name) buf_puts(out, L->name);
    else L->ops->describe(L, out);
}

void lattice_describe_structure(const Lattice *L, Buf *out) { L->ops->describe(L, out); }

/* The pointers and the strings in one block (one allocation however many names). */
char **lattice_names_copy(const char *const *names, size_t n)
{
    size_t bytes = (n + 1) * sizeof(char *);
    for (size_t i = 0; i < n; i++) bytes += strlen(names[i]) + 1;
    char **copy = mem_alloc(bytes), *at = (char *)(copy + n + 1);
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(names[i]) + 1;
        copy[i] = memcpy(at, names[i], len);
        at += len;
    }
    copy[n] = NULL;
    return copy;
}

void lattice_names_free(char **names, size_t n)
{
    (void)n;
    mem_free(names);
}

bool lattice_same_names(const Lattice *a, const Lattice *b)
{
    size_t na, nb;
    const char *const *x = lattice_names(a, &na), *const *y = lattice_names(b, &nb);
    if (na != nb) return false;
    for (size_t i = 0; i < na; i++)
        if (strcmp(x[i], y[i]) != 0) return false;
    return true;
}

long lattice_name_index(const Lattice *L, const char *name)
{
    size_t n;
    const char *const *names = lattice_names(L, &n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) return (long)i;
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

double lattice_log2_add(double a, double b)
{
    if (a < b) { double t = a; a = b; b = t; }
    if (b == -INFINITY || a == INFINITY) return a;
    return a + log2(1.0 + exp2(b - a));
}

const char *lattice_atom_name(const Lattice *L, size_t i)
{
    size_t n;
    const char *const *names = L ? lattice_names(L, &n) : NULL;
    return names && i < n ? names[i] : NULL;
}

void lattice_describe_bounds(const Lattice *L, Buf *out)
{
    if (L->name) buf_printf(out, "%s = ", L->name);
    if (L->ops->describe_bounds) L->ops->describe_bounds(L, out);
    else lattice_describe(L, out);
}

void lattice_describe_outside(const Lattice *L, Word v, bool real, Buf *out)
{
    buf_puts(out, "value ");
    if (real) buf_put_double(out, word_to_double(v));
    else buf_printf(out, "%lld", (long long)word_to_int(v));
    buf_puts(out, " is outside ");
    lattice_describe_bounds(L, out);
}

bool lattice_has_covers(const Lattice *L)
{
    if (!L->ops->next_cover) return false;
    for (size_t i = 0; i < lattice_nparts(L); i++) {
        const Lattice *P = lattice_part(L, i);
        if (!P->ops->next_cover || lattice_nparts(P) > 0) return false;
    }
    return true;
}

bool lattice_next_cover(const Lattice *L, const Word *x, uint64_t *pos, Word *out)
{
    return L->ops->next_cover(L, x, pos, out);
}

bool lattice_is_bitset(const Lattice *L)
{
    return lattice_kind(L) == LATTICE_POWERSET;
}
