/* chain.c: a finite total order of named elements, stored as the element's index. */
#include "lattice/ordered.h"
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

static void chain_bot(const Lattice *L, Word *out) { out[0] = word_from_int(0); }
static void chain_top(const Lattice *L, Word *out) { out[0] = word_from_int((int64_t)chain(L)->n - 1); }

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
    return ordered_int_next_cover((int64_t)chain(L)->n - 1, x, pos, out);
}

static const LatticeOps chain_ops = {
    .kind = LATTICE_CHAIN, ORDERED_INT_OPS,
    .bot = chain_bot, .top = chain_top, .random = chain_random, .destroy = chain_destroy,
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
