/* assume.c: the assumptions of a search (assume.h).  The split hooks give the first
 * assumption still free, in order, with its wanted half first, before the propagator's own
 * choice; so every decision on the search's path is an assumption's (its wanted value, or
 * the other one after the wanted half held no model).  When an assumption j holds the other
 * value, it follows from the decisions, so the assumptions before j that hold their wanted
 * value, with j, are a core (the prefix).  A smaller one is read from the reasons when the
 * propagator's trail holds j's value: the request atoms its reasons lead back to, when each
 * is an assumption holding its wanted value (level 0 follows from the program alone). */
#include "asp/assume.h"
#include "asp/propstate.h"

static bool in(const Word *x, size_t i) { return (x[i >> 6] >> (i & 63)) & 1; }

AspAssume *asp_assume_new(AspSolver *s, const uint32_t *lits, size_t n)
{
    AspAssume *a = mem_calloc(1, sizeof *a);
    a->lits = lits;
    a->n = n;
    a->last = SIZE_MAX;
    a->index = mem_calloc(s->natoms + 2, sizeof *a->index);
    for (size_t i = n; i-- > 0;) a->index[lits[i] >> 1] = (uint32_t)i + 1;
    s->prop->assume = a;
    return a;
}

void asp_assume_free(AspSolver *s, AspAssume *a)
{
    if (!a) return;
    s->prop->assume = NULL;
    VEC_FREE(a->core);
    MEM_FREE_ALL(a->index, a);
}

/* Assumption i in [lo, hi]: 0 free, 1 its wanted value, -1 the other. */
static int state_of(const AspAssume *a, size_t i, const Word *lo, const Word *hi)
{
    size_t atom = a->lits[i] >> 1;
    bool want = !(a->lits[i] & 1);
    if (in(lo, atom)) return want ? 1 : -1;
    if (!in(hi, atom)) return want ? -1 : 1;
    return 0;
}

size_t asp_assume_violated(const AspAssume *a, const Word *x)
{
    for (size_t i = 0; i < a->n; i++)
        if (state_of(a, i, x, x) < 0) return i;
    return SIZE_MAX;
}

void asp_assume_stop(AspAssume *a)
{
    a->stop = true;
    a->work.limit = 1;
    if (!a->work.spent) a->work.spent = 1;
}

/* The core from the reasons of j's value on the trail; false when it leads to a request atom
 * that is not an assumption holding its wanted value. */
static bool cone_core(const AspSolver *s, AspAssume *a, size_t j)
{
    const AspProp *p = s->prop;
    uint32_t v = a->lits[j] >> 1;
    if (p->tr.val[v] != ((a->lits[j] & 1) ? V_TRUE : V_FALSE)) return false;
    uint8_t *seen = mem_calloc(s->natoms + 2, 1);
    U32s stack = {0}, why = {0};
    VEC_PUSH(stack, v);
    seen[v] = 1;
    bool ok = true;
    a->core.count = 0;
    while (ok && stack.count) {
        uint32_t b = stack.items[--stack.count];
        if (p->tr.alev[b] == 0) continue;
        if (p->tr.rkind[b] == R_NONE) {
            uint32_t k = a->index[b];
            ok = b != v && k && p->tr.lholds[a->lits[k - 1]];
            if (ok) VEC_PUSH(a->core, k - 1);
            continue;
        }
        why.count = 0;
        asp_learn_reason(s, p, b, &why);
        for (size_t i = 0; i < why.count; i++) {
            uint32_t c = why.items[i] >> 1;
            if (!seen[c]) {
                seen[c] = 1;
                VEC_PUSH(stack, c);
            }
        }
    }
    if (ok) VEC_PUSH(a->core, (uint32_t)j);
    VEC_FREE(stack);
    VEC_FREE(why);
    mem_free(seen);
    return ok;
}

void asp_assume_core(AspSolver *s, AspAssume *a, size_t j, const Word *lo)
{
    a->cone = cone_core(s, a, j);
    if (!a->cone) {
        a->core.count = 0;
        for (size_t i = 0; i < j; i++) {
            size_t atom = a->lits[i] >> 1;
            if (in(lo, atom) == !(a->lits[i] & 1)) VEC_PUSH(a->core, (uint32_t)i);
        }
        VEC_PUSH(a->core, (uint32_t)j);
    }
    asp_assume_stop(a);
}

/* The first free assumption in [lo, hi] (SIZE_MAX: none); a violated one before it takes
 * the core and stops the search (*core). */
static size_t next_free(AspSolver *s, AspAssume *a, const Word *lo, const Word *hi, bool *core)
{
    *core = false;
    for (size_t i = 0; i < a->n; i++) {
        int st = state_of(a, i, lo, hi);
        if (st == 0) return i;
        if (st < 0) {
            asp_assume_core(s, a, i, lo);
            *core = true;
            return SIZE_MAX;
        }
    }
    return SIZE_MAX;
}

static bool split_at(void *ctx, const Word *lo, const Word *hi, const size_t *changed,
                     size_t nchanged, const SplitCtx *how, size_t *atom)
{
    AspSolver *s = ctx;
    AspAssume *a = s->prop->assume;
    bool r = asp_prop_split_at(ctx, lo, hi, changed, nchanged, how, atom);
    if (!a || a->stop) return r;
    bool core;
    size_t i = next_free(s, a, lo, hi, &core);
    if (i == SIZE_MAX) return r;
    *atom = a->last = a->lits[i] >> 1;
    a->last_in = !(a->lits[i] & 1);
    return true;
}

static bool prefer_in(void *ctx, size_t atom)
{
    AspSolver *s = ctx;
    AspAssume *a = s->prop->assume;
    if (a && atom == a->last) return a->last_in;
    return asp_prop_prefer_in(ctx, atom);
}

static bool split(void *ctx, const Word *lo, const Word *hi, const SplitCtx *how, Word *lo1,
                  Word *hi1, Word *lo2, Word *hi2)
{
    AspSolver *s = ctx;
    AspAssume *a = s->prop->assume;
    bool core;
    size_t i = a && !a->stop ? next_free(s, a, lo, hi, &core) : SIZE_MAX;
    if (i == SIZE_MAX) return asp_prop_split(ctx, lo, hi, how, lo1, hi1, lo2, hi2);
    size_t atom = a->lits[i] >> 1;
    if (a->lits[i] & 1) asp_prop_halves(s, lo, hi, atom, lo1, hi1, lo2, hi2);
    else asp_prop_halves(s, lo, hi, atom, lo2, hi2, lo1, hi1);  /* the true half first */
    return true;
}

void asp_assume_function(const AftFunction *f, AftSearch *search, AftFunction *out)
{
    *search = *f->search;
    search->split_at = split_at;
    search->prefer_in = prefer_in;
    *out = *f;
    out->split = split;
    out->search = search;
}
