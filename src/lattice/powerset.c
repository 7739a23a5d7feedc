/* powerset.c: the powerset of a set of atoms, as a bitset of 64-bit words ordered by inclusion. */
#include "lattice/lattice.h"
#include "util/bitset.h"
#include "util/json.h"
#include "util/mem.h"

#include <math.h>

/* A powerset's own data: its atoms' names, in index order, or until something asks for
 * them the namer that makes them. */
typedef struct {
    Lattice lattice;
    size_t n;
    char **names;                 /* NULL until made by namer */
    LatticeNamer namer;
} Powerset;

static const Powerset *ps(const Lattice *L) { return (const Powerset *)L; }

/* The pointers and the strings made by the namer, in one block (lattice_names_copy's). */
static char **names_made(const LatticeNamer *nm, size_t n)
{
    size_t bytes = (n + 1) * sizeof(char *);
    for (size_t i = 0; i < n; i++) bytes += nm->name(nm->ctx, i, NULL) + 1;
    char **names = mem_alloc(bytes), *at = (char *)(names + n + 1);
    for (size_t i = 0; i < n; i++) {
        names[i] = at;
        at += nm->name(nm->ctx, i, at) + 1;
    }
    names[n] = NULL;
    return names;
}

/* The names, made on first use: a cache of what the lattice is (asking does not change its
 * value), so the const of L is cast away here only.  Threads of --jobs N may ask at once:
 * the pointer is read and published atomically, and a thread that lost the race to publish
 * frees its own copy (both are the same names). */
static char *const *ps_atoms(const Lattice *L)
{
    Powerset *P = (Powerset *)L;
    char **names = __atomic_load_n(&P->names, __ATOMIC_ACQUIRE);
    if (names) return names;
    char **made = names_made(&P->namer, P->n), **expected = NULL;
    if (__atomic_compare_exchange_n(&P->names, &expected, made, false, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE))
        return made;
    mem_free(made);
    return expected;
}

/* The valid bits of word w (the last word may be partial). */
static Word word_mask(const Lattice *L, size_t w)
{
    size_t n = ps(L)->n;
    if (w + 1 < L->nwords || n % 64 == 0) return ~(Word)0;
    return ((Word)1 << (n % 64)) - 1;
}


/* Bits set in a[w] & ~b[w] for some w?  Eight words at a time without a branch per word
 * (elements of large powersets are long and mostly agree). */
static bool ps_leq(const Lattice *L, const Word *a, const Word *b)
{
    size_t n = L->nwords, w = 0;
    for (; w + 8 <= n; w += 8) {
        Word d = 0;
        for (size_t k = 0; k < 8; k++) d |= a[w + k] & ~b[w + k];
        if (d) return false;
    }
    for (; w < n; w++)
        if (a[w] & ~b[w]) return false;
    return true;
}

static bool ps_eq(const Lattice *L, const Word *a, const Word *b)
{
    if (L->nwords > 4) return memcmp(a, b, L->nwords * sizeof *a) == 0;
    for (size_t w = 0; w < L->nwords; w++)
        if (a[w] != b[w]) return false;
    return true;
}

/* Every word, as ps_eq compares every word. */
static uint64_t ps_hash(const Lattice *L, const Word *a)
{
    uint64_t h = L->nwords;
    for (size_t w = 0; w < L->nwords; w++) h = lattice_hash_more(h, a[w]);
    return h;
}

static void ps_join(const Lattice *L, Word *out, const Word *a, const Word *b)
{
    for (size_t w = 0; w < L->nwords; w++) out[w] = a[w] | b[w];
}

static void ps_meet(const Lattice *L, Word *out, const Word *a, const Word *b)
{
    for (size_t w = 0; w < L->nwords; w++) out[w] = a[w] & b[w];
}

static void ps_bot(const Lattice *L, Word *out)
{
    for (size_t w = 0; w < L->nwords; w++) out[w] = 0;
}

static void ps_top(const Lattice *L, Word *out)
{
    for (size_t w = 0; w < L->nwords; w++) out[w] = word_mask(L, w);
}

/* Number of free atoms of [lo, hi]: those in hi but not in lo. */
static size_t free_count(const Lattice *L, const Word *lo, const Word *hi)
{
    size_t c = 0;
    for (size_t w = 0; w < L->nwords; w++) {
        Word f = hi[w] & ~lo[w];
        if (f) c += bitset_word_count(f);
    }
    return c;
}

static double ps_log2_size(const Lattice *L, const Word *lo, const Word *hi)
{
    return (double)free_count(L, lo, hi);
}

static bool ps_is_point(const Lattice *L, const Word *lo, const Word *hi) { return ps_eq(L, lo, hi); }

static bool ps_union_is_interval(const Lattice *L, const Word *lo1, const Word *hi1,
                                 const Word *lo2, const Word *hi2)
{
    if (lattice_interval_subset(L, lo1, hi1, lo2, hi2)) return true;
    if (lattice_interval_subset(L, lo2, hi2, lo1, hi1)) return true;
    /* Otherwise: the same free atoms, and lo differ in exactly one atom (then hi differ in
     * the same one, as hi = lo u free). */
    size_t diff = 0;
    for (size_t w = 0; w < L->nwords; w++) {
        if ((hi1[w] & ~lo1[w]) != (hi2[w] & ~lo2[w])) return false;
        Word d = lo1[w] ^ lo2[w];
        if (d) diff += (d & (d - 1)) ? 2 : 1;
        if (diff > 1) return false;
    }
    return diff == 1;
}

/* The k-th free atom (0-based) of [lo, hi], in index order. */
static size_t kth_free_atom(const Lattice *L, const Word *lo, const Word *hi, size_t k)
{
    for (size_t w = 0; w < L->nwords; w++) {
        Word f = hi[w] & ~lo[w];
        size_t c = f ? bitset_word_count(f) : 0;
        if (k < c) {
            for (; k > 0; k--) f &= f - 1;
            return bitset_lowest(w, f);
        }
        k -= c;
    }
    return 0;   /* unreachable when k < free_count */
}

static size_t last_free_atom(const Lattice *L, const Word *lo, const Word *hi)
{
    for (size_t w = L->nwords; w-- > 0;) {
        Word f = hi[w] & ~lo[w];
        if (f) return w * 64 + 63 - (size_t)__builtin_clzll(f);
    }
    return 0;
}

static size_t choose_atom(const Lattice *L, const Word *lo, const Word *hi, const SplitCtx *how,
                          size_t nfree)
{
    if (how && how->strategy == SPLIT_LAST) return last_free_atom(L, lo, hi);
    if (how && how->strategy == SPLIT_RANDOM && how->rng)
        return kth_free_atom(L, lo, hi, (size_t)rng_below(how->rng, nfree));
    return kth_free_atom(L, lo, hi, 0);
}

/* [lo, hi] = [lo, hi \ {a}] u [lo u {a}, hi], disjoint. */
static bool ps_decompose(const Lattice *L, const Word *lo, const Word *hi, const SplitCtx *how,
                         Word *lo1, Word *hi1, Word *lo2, Word *hi2)
{
    size_t nfree = free_count(L, lo, hi);
    if (nfree == 0) return false;
    size_t a = choose_atom(L, lo, hi, how, nfree);
    lattice_copy(L, lo1, lo);
    lattice_copy(L, hi1, hi);
    lattice_copy(L, lo2, lo);
    lattice_copy(L, hi2, hi);
    bitset_remove(hi1, a);
    bitset_add(lo2, a);
    return true;
}

/* Counts through the subsets of the free atoms, the free bits of cur as a multiword counter. */
static bool ps_next(const Lattice *L, const Word *lo, const Word *hi, Word *cur)
{
    for (size_t w = 0; w < L->nwords; w++) {
        Word f = hi[w] & ~lo[w];
        Word s = cur[w] & f;
        if (s == f) {            /* this word wraps: carry into the next */
            cur[w] = lo[w];
            continue;
        }
        cur[w] = lo[w] | (((s | ~f) + 1) & f);
        return true;
    }
    return false;
}

/* The atoms of a: as text, {p, q}, or as a JSON array of strings. */
static void put_atoms(const Lattice *L, const Word *a, bool json, Buf *out)
{
    bool first = true;
    buf_putc(out, json ? '[' : '{');
    for (size_t i = 0; i < ps(L)->n; i++) {
        if (!bitset_has(a, i)) continue;
        if (!first) buf_puts(out, json ? "," : ", ");
        if (json) json_put_string(out, ps_atoms(L)[i]);
        else buf_puts(out, ps_atoms(L)[i]);
        first = false;
    }
    buf_putc(out, json ? ']' : '}');
}

static void ps_print(const Lattice *L, const Word *a, Buf *out) { put_atoms(L, a, false, out); }
static void ps_json(const Lattice *L, const Word *a, Buf *out) { put_atoms(L, a, true, out); }

static void ps_random(const Lattice *L, Rng *rng, Word *out)
{
    for (size_t w = 0; w < L->nwords; w++) out[w] = rng_next(rng) & word_mask(L, w);
}

static void ps_destroy(Lattice *L) { lattice_names_free(((Powerset *)L)->names, ps(L)->n); }

static const char *const *ps_names(const Lattice *L, size_t *n)
{
    *n = ps(L)->n;
    return (const char *const *)ps_atoms(L);
}

/* Covers add one atom: *pos is the next atom to try. */
static bool ps_next_cover(const Lattice *L, const Word *x, uint64_t *pos, Word *out)
{
    for (size_t a = (size_t)*pos; a < ps(L)->n; a++) {
        if (bitset_has(x, a)) continue;
        lattice_copy(L, out, x);
        bitset_add(out, a);
        *pos = a + 1;
        return true;
    }
    *pos = ps(L)->n;
    return false;
}

static double ps_height(const Lattice *L, const Word *lo, const Word *hi) { return ps_log2_size(L, lo, hi); }

static const LatticeOps powerset_ops = {
    .kind = LATTICE_POWERSET, LATTICE_OPS_CORE(ps), .print = ps_print, .json = ps_json,
    .describe = lattice_describe_by_names, .same = lattice_same_names, .names = ps_names,
    .next_cover = ps_next_cover,
};

Lattice *lattice_powerset_adopt(char **names, size_t n)
{
    Powerset *P = (Powerset *)lattice_alloc(sizeof *P, &powerset_ops);
    P->lattice.nwords = bitset_words(n);
    P->lattice.finite = true;
    P->lattice.log2_card = (double)n;
    P->n = n;
    P->names = names;
    return &P->lattice;
}

Lattice *lattice_powerset_named(size_t n, LatticeNamer namer)
{
    Powerset *P = (Powerset *)lattice_powerset_adopt(NULL, n);
    P->namer = namer;
    return &P->lattice;
}

Lattice *lattice_powerset_new(const char *const *atoms, size_t n)
{
    return lattice_powerset_adopt(lattice_names_copy(atoms, n), n);
}
