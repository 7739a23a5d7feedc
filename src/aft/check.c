/* check.c: checks of monotonicity, antitonicity and declared envelopes (see check.h): which
 * cases to try (covering pairs, all pairs, random ones), on one thread or on the threads of
 * --jobs N (checkpar.c); the loops themselves are checkloop.c's. */
#include "aft/check.h"

#include <math.h>

#include "aft/checkloop.h"
#include "aft/checkpar.h"
#include "util/mem.h"

/* The verdict once the cases ran: stopped (a limit, or a callback cut short by one), an error
 * reported by a callback, a counterexample, or none. */
static CheckStatus verdict(const Probe *p, bool stopped)
{
    if (p->r->counterexample) return CHECK_FAILED;
    if (stopped || (p->call_failed && p->o->limits && p->o->limits->hit)) return CHECK_STOPPED;
    return p->call_failed ? CHECK_ERROR : CHECK_PASSED;
}

/* ---- pairs x <= y ---- */

/* fn on every pair lo <= hi while |L|^exponent is at most 2^enum_log2, else on random pairs
 * (x, x join y).  Stops when fn returns false; returns false when a limit stopped it. */
static bool for_pairs(Probe *p, unsigned exponent, PairFn fn)
{
    const Lattice *L = p->L;
    p->r->sampled = !(L->finite && L->log2_card * exponent <= p->o->enum_log2);
    if (!p->r->sampled) {
        if (check_par_applies(p)) return check_par_pairs(p, fn);
        Word *bot = lattice_elem_new(L);
        L->ops->bot(L, bot);
        RangeEnd end = check_pair_range(p, bot, p->top, fn, &p->r->examined);
        mem_free(bot);
        return end != RANGE_LIMIT;
    }
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    bool ok = true, go_on = true;
    Rng rng = { 20261202 };
    for (size_t i = 0; i < p->o->samples && go_on; i++) {
        L->ops->random(L, &rng, lo);
        L->ops->random(L, &rng, hi);
        L->ops->join(L, hi, lo, hi);
        if (limits_poll(p->o->limits)) { ok = false; break; }
        p->r->examined++;
        go_on = fn(p, lo, hi);
    }
    mem_free(lo); mem_free(hi);
    return ok;
}

/* ---- monotone, antitone ---- */

/* Every covering pair x < y (y an upper cover of x): on a finite lattice every x <= y is a
 * chain of covers, so f is monotone (antitone) iff it is so on covers.  f(x) is evaluated once
 * per x.  *done is false (and the report unchanged) when the pairs would take more than
 * 2^enum_log2 evaluations; false is returned when a limit stopped it. */
static bool cover_pairs(Probe *p, bool *done)
{
    const Lattice *L = p->L;
    double budget = exp2((double)p->o->enum_log2);
    *done = false;
    RangeEnd end;
    size_t examined = 0;
    if (check_par_applies(p)) {
        end = check_par_covers(p, budget, &examined);
    } else {
        Word *bot = lattice_elem_new(L);
        L->ops->bot(L, bot);
        double evals = 0;
        end = check_cover_range(p, bot, p->top, budget, &evals, &examined);
        mem_free(bot);
    }
    if (end != RANGE_DONE) return end != RANGE_LIMIT;
    *done = true;
    p->r->examined = examined;
    p->r->sampled = false;
    p->r->covers = true;
    return true;
}

/* log2 of about how many covering pairs L has: |L| times half the covers of bottom (a
 * powerset of n atoms has n 2^(n-1)), at least |L|. */
static double log2_cover_pairs(const Lattice *L)
{
    Word *bot = lattice_elem_new(L), *y = lattice_elem_new(L);
    L->ops->bot(L, bot);
    uint64_t pos = 0;
    double width = 0;
    while (lattice_next_cover(L, bot, &pos, y)) width++;
    mem_free(bot);
    mem_free(y);
    return L->log2_card + log2(width > 2 ? width / 2 : 1);
}

CheckStatus aft_check_tone(const AftFunction *f, bool antitone, const CheckOptions *o,
                           CheckReport *r)
{
    Probe p;
    check_probe_init(&p, f, o, r);
    p.antitone = antitone;
    bool done = false, stopped = false;
    if (f->L->finite && lattice_has_covers(f->L) && log2_cover_pairs(f->L) <= o->enum_log2)
        stopped = !cover_pairs(&p, &done);
    if (!done && !stopped && !p.r->counterexample && !p.call_failed)
        stopped = !for_pairs(&p, 2, check_tone_pair);
    CheckStatus s = verdict(&p, stopped);
    check_probe_free(&p);
    return s;
}

/* ---- declared envelopes ---- */

static void sample_counterexample(Probe *p, bool upper, const Word *lo, const Word *hi)
{
    const Lattice *L = p->L;
    char *slo = lattice_to_string(L, lo), *shi = lattice_to_string(L, hi);
    char *sx = lattice_to_string(L, p->x), *sy = lattice_to_string(L, p->y);
    char *sd = lattice_to_string(L, p->declared), *sf = lattice_to_string(L, p->fy);
    Buf b; buf_init(&b);
    buf_printf(&b, "counterexample: %s(%s, %s, %s) = %s but %s(%s) = %s is not %s it",
               upper ? "upper" : "lower", slo, shi, sx, sd, p->f->name, sy, sf,
               upper ? "below" : "above");
    p->r->counterexample = mem_strdup(buf_cstr(&b));
    buf_free(&b);
    mem_free(slo); mem_free(shi); mem_free(sx); mem_free(sy); mem_free(sd); mem_free(sf);
}

/* One random case lo <= x <= hi: both envelopes at x against f at a y on the right side. */
static bool envelope_sample(Probe *p, Rng *rng, Word *lo, Word *hi)
{
    const Lattice *L = p->L;
    L->ops->random(L, rng, lo);
    L->ops->random(L, rng, hi);
    L->ops->random(L, rng, p->x);
    L->ops->random(L, rng, p->y);
    L->ops->meet(L, lo, lo, hi);          /* lo <= x <= hi: lo = lo meet hi meet x, hi = hi join x */
    L->ops->meet(L, lo, lo, p->x);
    L->ops->join(L, hi, hi, p->x);
    p->r->examined++;
    for (int upper = 1; upper >= 0; upper--) {
        /* y in [lo, x] for upper, in [x, hi] for lower */
        if (upper) { L->ops->join(L, p->y, p->y, lo); L->ops->meet(L, p->y, p->y, p->x); }
        else { L->ops->join(L, p->y, p->y, p->x); L->ops->meet(L, p->y, p->y, hi); }
        if (!check_declared_at(p, upper, lo, hi, p->x)) return false;
        if (!p->f->eval(p->f->ctx, p->y, p->fy)) { p->call_failed = true; return false; }
        bool sound = upper ? L->ops->leq(L, p->fy, p->declared) : L->ops->leq(L, p->declared, p->fy);
        if (!sound) { sample_counterexample(p, upper, lo, hi); return false; }
    }
    return true;
}

/* Infinite or large lattices: random cases; returns false when a limit stopped it. */
static bool envelope_sampled(Probe *p)
{
    Rng rng = { 7 };
    Word *lo = lattice_elem_new(p->L), *hi = lattice_elem_new(p->L);
    bool ok = true;
    p->r->sampled = true;
    p->r->tight = false;
    for (size_t i = 0; i < p->o->samples; i++) {
        if (limits_poll(p->o->limits)) { ok = false; break; }
        if (!envelope_sample(p, &rng, lo, hi)) break;
    }
    mem_free(lo);
    mem_free(hi);
    return ok;
}

CheckStatus aft_check_envelope(const AftFunction *f, const CheckOptions *o, CheckReport *r)
{
    Probe p;
    check_probe_init(&p, f, o, r);
    const Lattice *L = f->L;
    bool stopped = L->finite && L->log2_card * 3 <= o->enum_log2 ? !for_pairs(&p, 3, check_envelope_interval)
                                                                : !envelope_sampled(&p);
    CheckStatus s = verdict(&p, stopped);
    check_probe_free(&p);
    return s;
}
