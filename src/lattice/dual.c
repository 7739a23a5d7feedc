/* dual.c: the dual (order-reversed) lattice of a base lattice, on the same words.  An interval
 * [lo, hi] of the dual is the interval [hi, lo] of the base. */
#include "lattice/lattice.h"
#include "util/mem.h"

/* A dual's own data: the lattice it reverses. */
typedef struct {
    Lattice lattice;
    Lattice *base;
} Dual;

static const Lattice *base(const Lattice *L) { return ((const Dual *)L)->base; }

static bool dual_leq(const Lattice *L, const Word *a, const Word *b) { return base(L)->ops->leq(base(L), b, a); }
static bool dual_eq(const Lattice *L, const Word *a, const Word *b) { return base(L)->ops->eq(base(L), a, b); }
static uint64_t dual_hash(const Lattice *L, const Word *a) { return base(L)->ops->hash(base(L), a); }

static void dual_join(const Lattice *L, Word *out, const Word *a, const Word *b)
{
    base(L)->ops->meet(base(L), out, a, b);
}

static void dual_meet(const Lattice *L, Word *out, const Word *a, const Word *b)
{
    base(L)->ops->join(base(L), out, a, b);
}

static void dual_bot(const Lattice *L, Word *out) { base(L)->ops->top(base(L), out); }
static void dual_top(const Lattice *L, Word *out) { base(L)->ops->bot(base(L), out); }

static double dual_log2_size(const Lattice *L, const Word *lo, const Word *hi)
{
    return base(L)->ops->log2_size(base(L), hi, lo);
}

static double dual_height(const Lattice *L, const Word *lo, const Word *hi)
{
    return base(L)->ops->height(base(L), hi, lo);
}

static bool dual_is_point(const Lattice *L, const Word *lo, const Word *hi)
{
    return base(L)->ops->is_point(base(L), hi, lo);
}

static bool dual_union_is_interval(const Lattice *L, const Word *lo1, const Word *hi1,
                                   const Word *lo2, const Word *hi2)
{
    return base(L)->ops->union_is_interval(base(L), hi1, lo1, hi2, lo2);
}

static bool dual_decompose(const Lattice *L, const Word *lo, const Word *hi, const SplitCtx *how,
                           Word *lo1, Word *hi1, Word *lo2, Word *hi2)
{
    return base(L)->ops->decompose(base(L), hi, lo, how, hi1, lo1, hi2, lo2);
}

/* The base enumerates [hi, lo] from hi; the dual must start at its lo (the base's hi), so it
 * goes lo first, then the base's order with lo skipped. */
static bool dual_next(const Lattice *L, const Word *lo, const Word *hi, Word *cur)
{
    const Lattice *B = base(L);
    if (!B->finite || B->ops->eq(B, lo, hi)) return false;
    if (B->ops->eq(B, cur, lo)) {
        lattice_copy(B, cur, hi);
        return true;
    }
    if (!B->ops->next(B, hi, lo, cur)) return false;
    return !B->ops->eq(B, cur, lo) || B->ops->next(B, hi, lo, cur);
}

static void dual_print(const Lattice *L, const Word *a, Buf *out) { base(L)->ops->print(base(L), a, out); }
static void dual_json(const Lattice *L, const Word *a, Buf *out) { base(L)->ops->json(base(L), a, out); }
static void dual_random(const Lattice *L, Rng *rng, Word *out) { base(L)->ops->random(base(L), rng, out); }
static void dual_destroy(Lattice *L) { FIX_UNUSED(L); }

static void dual_describe(const Lattice *L, Buf *out)
{
    buf_puts(out, "dual ");
    lattice_describe_operand(base(L), out);
}

static bool dual_same(const Lattice *L, const Lattice *b) { return lattice_equal(base(L), base(b)); }

static const LatticeOps dual_ops = {
    .kind = LATTICE_DUAL, LATTICE_OPS_CORE(dual), .print = dual_print, .json = dual_json,
    .describe = dual_describe, .same = dual_same, .inner = base,
};

/* The base is not owned. */
Lattice *lattice_dual_new(Lattice *base_lattice)
{
    Dual *D = (Dual *)lattice_alloc(sizeof *D, &dual_ops);
    D->lattice.nwords = base_lattice->nwords;
    D->lattice.finite = base_lattice->finite;
    D->lattice.log2_card = base_lattice->log2_card;
    D->base = base_lattice;
    return &D->lattice;
}
