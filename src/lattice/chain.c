/* chain.c: a finite total order of named elements, stored as the element's index. */
#include "lattice/lattice.h"
#include "util/json.h"
#include "util/mem.h"

#include <math.h>

/* A chain's own data: its elements from the least up. */
typedef struct {
    Lattice lattice;
    size_t n;
    char **names;
} Chain;

static const Chain *chain(const Lattice *L) { return (const Chain *)L; }

static int64_t at(const Word *a) { return word_to_int(a[0]); }

static bool chain_leq(const Lattice *L, const Word *a, const Word *b) { return at(a) <= at(b); }
static bool chain_eq(const Lattice *L, const Word *a, const Word *b) { return at(a) == at(b); }

static void chain_join(const Lattice *L, Word *out, const Word *a, const Word *b)
{
    out[0] = at(a) >= at(b) ? a[0] : b[0];
}

static void chain_meet(const Lattice *L, Word *out, const Word *a, const Word *b)
{
    out[0] = at(a) <= at(b) ? a[0] : b[0];
}

static void chain_bot(const Lattice *L, Word *out) { out[0] = word_from_int(0); }
static void chain_top(const Lattice *L, Word *out) { out[0] = word_from_int((int64_t)chain(L)->n - 1); }

static double chain_height(const Lattice *L, const Word *lo, const Word *hi)
{
    return (double)(at(hi) - at(lo));
}

static double chain_log2_size(const Lattice *L, const Word *lo, const Word *hi)
{
    return log2((double)(at(hi) - at(lo)) + 1.0);
}

static bool chain_is_point(const Lattice *L, const Word *lo, const Word *hi) { return at(lo) == at(hi); }

/* Two stretches of a total order make one when they overlap or touch. */
static bool chain_union_is_interval(const Lattice *L, const Word *lo1, const Word *hi1,
                                    const Word *lo2, const Word *hi2)
{
    int64_t lo = at(lo1) > at(lo2) ? at(lo1) : at(lo2);
    int64_t hi = at(hi1) < at(hi2) ? at(hi1) : at(hi2);
    return lo <= hi + 1;
}

/* [lo, hi] = [lo, m] u [m+1, hi] with m the middle. */
static bool chain_decompose(const Lattice *L, const Word *lo, const Word *hi, const SplitCtx *how,
                            Word *lo1, Word *hi1, Word *lo2, Word *hi2)
{
    int64_t a = at(lo), b = at(hi);
    if (a >= b) return false;
    int64_t m = a + (b - a) / 2;
    lo1[0] = word_from_int(a);
    hi1[0] = word_from_int(m);
    lo2[0] = word_from_int(m + 1);
    hi2[0] = word_from_int(b);
    return true;
}

static bool chain_next(const Lattice *L, const Word *lo, const Word *hi, Word *cur)
{
    if (at(cur) >= at(hi)) return false;
    cur[0] = word_from_int(at(cur) + 1);
    return true;
}

static void chain_print(const Lattice *L, const Word *a, Buf *out) { buf_puts(out, chain(L)->names[at(a)]); }
static void chain_json(const Lattice *L, const Word *a, Buf *out) { json_put_string(out, chain(L)->names[at(a)]); }

static void chain_random(const Lattice *L, Rng *rng, Word *out)
{
    out[0] = word_from_int((int64_t)rng_below(rng, chain(L)->n));
}

static void chain_destroy(Lattice *L) { lattice_names_free(((Chain *)L)->names, chain(L)->n); }

static const char *const *chain_names(const Lattice *L, size_t *n)
{
    *n = chain(L)->n;
    return (const char *const *)chain(L)->names;
}

/* The one cover of x is its successor. */
static bool chain_next_cover(const Lattice *L, const Word *x, uint64_t *pos, Word *out)
{
    if (*pos || (size_t)at(x) + 1 >= chain(L)->n) return false;
    out[0] = word_from_int(at(x) + 1);
    *pos = 1;
    return true;
}

static const LatticeOps chain_ops = {
    .kind = LATTICE_CHAIN,
    LATTICE_OPS_CORE(chain),
    .print = chain_print, .json = chain_json,
    .describe = lattice_describe_by_names, .same = lattice_same_names, .names = chain_names,
    .next_cover = chain_next_cover,
};

/* NULL when there are no elements (an empty chain has no bottom). */
Lattice *lattice_chain_new(const char *const *elems, size_t n)
{
    if (n == 0) return NULL;
    Chain *C = (Chain *)lattice_alloc(sizeof *C, &chain_ops);
    C->lattice.nwords = 1;
    C->lattice.finite = true;
    C->lattice.log2_card = log2((double)n);
    C->n = n;
    C->names = lattice_names_copy(elems, n);
    return &C->lattice;
}
