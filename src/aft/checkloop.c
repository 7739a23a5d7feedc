/* checkloop.c: the exhaustive loops of the checks over a chunk of the cases (checkloop.h):
 * covering pairs, pairs lo <= hi, and the two cases they test (f in order on a pair, the
 * declared envelopes against brute force on an interval), with their counterexamples. */
#include "aft/checkloop.h"

#include "util/mem.h"

void check_probe_init(Probe *p, const AftFunction *f, const CheckOptions *o, CheckReport *r)
{
    const Lattice *L = f->L;
    *p = (Probe){ .f = f, .L = L, .o = o, .r = r };
    lattice_elems_new(L, 7, (Word **const[]){ &p->x, &p->y, &p->fx, &p->fy, &p->declared, &p->brute,
                                               &p->top });
    L->ops->top(L, p->top);
    *r = (CheckReport){ .tight = true };
}

void check_probe_free(Probe *p)
{
    mem_free(p->x);         /* the block of all seven */
}

static void set_counterexample(Probe *p, Buf *b)
{
    p->r->counterexample = mem_strdup(buf_cstr(b));
    buf_free(b);
}

/* ---- monotone, antitone ---- */

/* x <= y with f(x) in p->fx and f(y) in p->fy: true when they are in order, else the
 * counterexample is recorded. */
static bool tone_verdict(Probe *p, const Word *x, const Word *y)
{
    const Lattice *L = p->L;
    const AftFunction *f = p->f;
    bool good = p->antitone ? L->ops->leq(L, p->fy, p->fx) : L->ops->leq(L, p->fx, p->fy);
    if (good) return true;
    char *sx = lattice_to_string(L, x), *sy = lattice_to_string(L, y);
    char *sfx = lattice_to_string(L, p->fx), *sfy = lattice_to_string(L, p->fy);
    Buf b; buf_init(&b);
    buf_printf(&b, "counterexample: x = %s <= y = %s but %s(x) = %s is not %s %s(y) = %s", sx, sy,
               f->name, sfx, p->antitone ? "above" : "below", f->name, sfy);
    set_counterexample(p, &b);
    mem_free(sx); mem_free(sy); mem_free(sfx); mem_free(sfy);
    return false;
}

bool check_tone_pair(Probe *p, const Word *x, const Word *y)
{
    const AftFunction *f = p->f;
    if (!f->eval(f->ctx, x, p->fx) || !f->eval(f->ctx, y, p->fy)) {
        p->call_failed = true;
        return false;
    }
    return tone_verdict(p, x, y);
}

RangeEnd check_cover_range(Probe *p, const Word *from, const Word *to, double budget,
                           double *evals, size_t *examined)
{
    const Lattice *L = p->L;
    const AftFunction *f = p->f;
    lattice_copy(L, p->x, from);
    bool go_on = true;
    do {
        if (!f->eval(f->ctx, p->x, p->fx)) { p->call_failed = true; break; }
        uint64_t pos = 0;
        while (go_on && lattice_next_cover(L, p->x, &pos, p->y)) {
            if (++*evals > budget) return RANGE_BUDGET;
            if (limits_poll(p->o->limits)) return RANGE_LIMIT;
            ++*examined;
            if (!f->eval(f->ctx, p->y, p->fy)) { p->call_failed = true; go_on = false; break; }
            go_on = tone_verdict(p, p->x, p->y);
        }
    } while (go_on && L->ops->next(L, from, to, p->x));
    return RANGE_DONE;
}

RangeEnd check_pair_range(Probe *p, const Word *from, const Word *to, PairFn fn, size_t *examined)
{
    const Lattice *L = p->L;
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    RangeEnd end = RANGE_DONE;
    bool go_on = true;
    lattice_copy(L, lo, from);
    do {
        lattice_copy(L, hi, lo);
        do {
            if (limits_poll(p->o->limits)) { end = RANGE_LIMIT; break; }
            ++*examined;
            go_on = fn(p, lo, hi);
        } while (go_on && L->ops->next(L, lo, p->top, hi));
    } while (end == RANGE_DONE && go_on && L->ops->next(L, from, to, lo));
    mem_free(lo); mem_free(hi);
    return end;
}

/* ---- declared envelopes on an interval ---- */

bool check_declared_at(Probe *p, bool upper, const Word *lo, const Word *hi, const Word *x)
{
    const AftFunction *f = p->f;
    bool ok = upper ? f->upper(f->ctx, lo, hi, x, p->declared) : f->lower(f->ctx, lo, hi, x, p->declared);
    if (!ok) p->call_failed = true;
    return ok;
}

/* The join (upper) or meet (lower) of f over [from, to] into p->brute. */
static bool brute_envelope(Probe *p, bool upper, const Word *from, const Word *to)
{
    const Lattice *L = p->L;
    lattice_copy(L, p->y, from);
    bool first = true;
    do {
        if (!p->f->eval(p->f->ctx, p->y, p->fy)) {
            p->call_failed = true;
            return false;
        }
        if (first) lattice_copy(L, p->brute, p->fy);
        else if (upper) L->ops->join(L, p->brute, p->brute, p->fy);
        else L->ops->meet(L, p->brute, p->brute, p->fy);
        first = false;
    } while (L->ops->next(L, from, to, p->y));
    return true;
}

static void interval_counterexample(Probe *p, bool upper, const Word *lo, const Word *hi)
{
    const Lattice *L = p->L;
    char *slo = lattice_to_string(L, lo), *shi = lattice_to_string(L, hi), *sx = lattice_to_string(L, p->x);
    char *sd = lattice_to_string(L, p->declared), *sb = lattice_to_string(L, p->brute);
    Buf b; buf_init(&b);
    buf_printf(&b, "counterexample: %s(%s, %s, %s) = %s but the %s of %s over [%s .. %s] is %s",
               upper ? "upper" : "lower", slo, shi, sx, sd, upper ? "join" : "meet", p->f->name,
               upper ? slo : sx, upper ? sx : shi, sb);
    set_counterexample(p, &b);
    mem_free(slo); mem_free(shi); mem_free(sx); mem_free(sd); mem_free(sb);
}

bool check_envelope_interval(Probe *p, const Word *lo, const Word *hi)
{
    const Lattice *L = p->L;
    lattice_copy(L, p->x, lo);
    do {
        for (int upper = 1; upper >= 0; upper--) {
            if (!check_declared_at(p, upper, lo, hi, p->x)) return false;
            if (!(upper ? brute_envelope(p, true, lo, p->x) : brute_envelope(p, false, p->x, hi))) return false;
            bool sound = upper ? L->ops->leq(L, p->brute, p->declared) : L->ops->leq(L, p->declared, p->brute);
            if (!sound) { interval_counterexample(p, upper, lo, hi); return false; }
            if (!L->ops->eq(L, p->brute, p->declared)) p->r->tight = false;
        }
    } while (L->ops->next(L, lo, hi, p->x));
    return true;
}
