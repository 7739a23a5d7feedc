/* envelope.c: the restricted envelopes f^u_B and f^l_B (paper Section 5, SPEC section 1). */
#include <math.h>

#include "aft/aft.h"
#include "util/mem.h"

static const char *fn_name(const AftFunction *f)
{
    return f->name ? f->name : "f";
}

static double brute_limit(const AftOptions *o)
{
    return o->brute_limit > 0 ? o->brute_limit : (double)(1 << 16);
}

static AftStatus eval_f(const AftFunction *f, const AftOptions *o, const Word *x, Word *out,
                        AftStats *st)
{
    if (st) st->eval_calls++;
    return f->eval(f->ctx, x, out) ? AFT_OK : aft_callback_failed(o, st);
}

/* f(x) rounded down (up false) or up, where f's eval rounds; else f(x). */
static AftStatus eval_rounded(const AftFunction *f, const AftOptions *o, const Word *x, bool up,
                              Word *out, AftStats *st)
{
    if (!f->rounded) return eval_f(f, o, x, out, st);
    if (st) st->eval_calls++;
    return f->rounded(f->ctx, x, up, out) ? AFT_OK : aft_callback_failed(o, st);
}

/* Refuses a brute-force envelope over [a, b] when it cannot or should not be enumerated. */
static bool brute_allowed(const AftFunction *f, const AftOptions *o, const Word *a, const Word *b)
{
    const Lattice *L = f->L;
    const char *name = fn_name(f);
    bool refused = !L->finite || L->ops->log2_size(L, a, b) > log2(brute_limit(o));
    if (refused && o->err && f->envelope == ENV_DERIVED)
        buf_printf(o->err, "the envelope derived from the code of '%s' gave up on an interval; ", name);
    if (!L->finite) {
        if (o->err)
            buf_printf(o->err, "function '%s' works on an infinite lattice, where its envelopes "
                       "cannot be found by enumeration; declare '%s' monotone or antitone, or "
                       "give an `envelope %s { upper(lo, hi, x) = ...; lower(lo, hi, x) = ...; }` "
                       "block", name, name, name);
        return false;
    }
    double size = L->ops->log2_size(L, a, b);
    double limit = brute_limit(o);
    if (size <= log2(limit)) return true;
    if (o->err) {
        buf_printf(o->err, "function '%s': its brute-force envelope would enumerate an interval "
                   "of ", name);
        lattice_print_log2_size(size, o->err);
        buf_printf(o->err, " elements, more than the limit of %.0f; declare '%s' monotone or "
                   "antitone, or give an `envelope %s { upper(lo, hi, x) = ...; "
                   "lower(lo, hi, x) = ...; }` block", limit, name, name);
    }
    return false;
}

/* The running join or meet of a brute-force envelope fed by f->each. */
typedef struct BruteAcc { const Lattice *L; Word *acc; bool upper, first; } BruteAcc;

static bool brute_visit(void *ctx, const Word *x, const Word *fx)
{
    (void)x;
    BruteAcc *b = ctx;
    if (b->first) lattice_copy(b->L, b->acc, fx);
    else if (b->upper) b->L->ops->join(b->L, b->acc, b->acc, fx);
    else b->L->ops->meet(b->L, b->acc, b->acc, fx);
    b->first = false;
    return true;
}

/* brute() through f->each: one set-up for the whole interval. */
static AftStatus brute_each(const AftFunction *f, const AftOptions *o, const Word *a, const Word *b,
                            bool upper, Word *out, AftStats *st)
{
    BruteAcc acc = { f->L, lattice_elem_new(f->L), upper, true };
    size_t calls = 0;
    bool ok = f->each(f->ctx, a, b, brute_visit, &acc, &calls);
    if (st) st->eval_calls += calls;
    if (ok) lattice_copy(f->L, out, acc.acc);
    mem_free(acc.acc);
    return ok ? AFT_OK : aft_callback_failed(o, st);
}

/* out = join (upper) or meet (lower) of f(y) over y in [a, b], by enumeration. */
static AftStatus brute(const AftFunction *f, const AftOptions *o, const Word *a, const Word *b,
                       bool upper, Word *out, AftStats *st)
{
    const Lattice *L = f->L;
    if (!brute_allowed(f, o, a, b)) return AFT_ERROR;
    if (f->each) return brute_each(f, o, a, b, upper, out, st);
    Word *cur = lattice_elem_new(L), *fy = lattice_elem_new(L), *acc = lattice_elem_new(L);
    AftStatus s = AFT_OK;
    bool first = true;
    lattice_copy(L, cur, a);
    do {
        if ((s = eval_f(f, o, cur, fy, st)) != AFT_OK) break;
        if (first) lattice_copy(L, acc, fy);
        else if (upper) L->ops->join(L, acc, acc, fy);
        else L->ops->meet(L, acc, acc, fy);
        first = false;
    } while (L->ops->next(L, a, b, cur));
    if (s == AFT_OK) lattice_copy(L, out, acc);
    mem_free(cur);
    mem_free(fy);
    mem_free(acc);
    return s;
}

/* f^u_B(x) (upper) or f^l_B(x), from the function's envelope kind. */
static AftStatus envelope(const AftFunction *f, const AftOptions *o, const Word *lo, const Word *hi,
                          const Word *x, bool upper, Word *out, AftStats *st)
{
    switch (f->envelope) {
    case ENV_DECLARED:
        if (st) st->eval_calls++;
        return (upper ? f->upper : f->lower)(f->ctx, lo, hi, x, out) ? AFT_OK : aft_callback_failed(o, st);
    case ENV_MONOTONE:
        return eval_rounded(f, o, x, upper, out, st);
    case ENV_ANTITONE:
        return eval_rounded(f, o, upper ? lo : hi, upper, out, st);
    case ENV_DERIVED:
        if (st) st->eval_calls++;
        if ((upper ? f->upper : f->lower)(f->ctx, lo, hi, x, out)) return AFT_OK;
        if (aft_stopping(o)) return aft_callback_failed(o, st);
        return upper ? brute(f, o, lo, x, true, out, st) : brute(f, o, x, hi, false, out, st);
    case ENV_BRUTE:
        return upper ? brute(f, o, lo, x, true, out, st) : brute(f, o, x, hi, false, out, st);
    }
    return AFT_ERROR;
}

AftStatus aft_upper(const AftFunction *f, const AftOptions *o, const Word *lo, const Word *hi,
                    const Word *x, Word *out, AftStats *st)
{
    return envelope(f, o, lo, hi, x, true, out, st);
}

AftStatus aft_lower(const AftFunction *f, const AftOptions *o, const Word *lo, const Word *hi,
                    const Word *x, Word *out, AftStats *st)
{
    return envelope(f, o, lo, hi, x, false, out, st);
}
