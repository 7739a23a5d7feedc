/* check.c: checks of monotonicity, antitonicity and declared envelopes (see check.h). */
#include "aft/check.h"

#include <math.h>

#include "util/mem.h"

/* One check in progress: the function, scratch elements, and what was found. */
typedef struct Probe {
    const AftFunction *f;
    const Lattice *L;
    Word *x, *y, *fx, *fy, *declared, *brute;   /* scratch, one block */
    const CheckOptions *o;
    CheckReport *r;
    bool antitone, call_failed;
} Probe;

static void probe_init(Probe *p, const AftFunction *f, const CheckOptions *o, CheckReport *r)
{
    const Lattice *L = f->L;
    *p = (Probe){ .f = f, .L = L, .o = o, .r = r };
    lattice_elems_new(L, 6, (Word **const[]){ &p->x, &p->y, &p->fx, &p->fy, &p->declared, &p->brute });
    *r = (CheckReport){ .tight = true };
}

static void probe_free(Probe *p)
{
    mem_free(p->x);         /* the block of all six */
}

/* The verdict once the cases ran: stopped (a limit, or a callback cut short by one), an error
 * reported by a callback, a counterexample, or none. */
static CheckStatus verdict(const Probe *p, bool stopped)
{
    if (p->r->counterexample) return CHECK_FAILED;
    if (stopped || (p->call_failed && p->o->limits && p->o->limits->hit)) return CHECK_STOPPED;
    return p->call_failed ? CHECK_ERROR : CHECK_PASSED;
}

static void set_counterexample(Probe *p, Buf *b)
{
    p->r->counterexample = mem_strdup(buf_cstr(b));
    buf_free(b);
}

/* ---- pairs x <= y ---- */

typedef bool (*PairFn)(Probe *p, const Word *lo, const Word *hi);

/* fn on every pair lo <= hi while |L|^exponent is at most 2^enum_log2, else on random pairs
 * (x, x join y).  Stops when fn returns false; returns false when a limit stopped it. */
static bool for_pairs(Probe *p, unsigned exponent, PairFn fn)
{
    const Lattice *L = p->L;
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    Word *bot = lattice_elem_new(L), *top = lattice_elem_new(L);
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    bool ok = true, go_on = true;
    p->r->sampled = !(L->finite && L->log2_card * exponent <= p->o->enum_log2);
    if (!p->r->sampled) {
        lattice_copy(L, lo, bot);
        do {
            lattice_copy(L, hi, lo);
            do {
                if (limits_poll(p->o->limits)) { ok = false; break; }
                p->r->examined++;
                go_on = fn(p, lo, hi);
            } while (go_on && L->ops->next(L, lo, top, hi));
        } while (ok && go_on && L->ops->next(L, bot, top, lo));
    } else {
        Rng rng = { 20261202 };
        for (size_t i = 0; i < p->o->samples && go_on; i++) {
            L->ops->random(L, &rng, lo);
            L->ops->random(L, &rng, hi);
            L->ops->join(L, hi, lo, hi);
            if (limits_poll(p->o->limits)) { ok = false; break; }
            p->r->examined++;
            go_on = fn(p, lo, hi);
        }
    }
    mem_free(lo); mem_free(hi); mem_free(bot); mem_free(top);
    return ok;
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

static bool tone_pair(Probe *p, const Word *x, const Word *y)
{
    const AftFunction *f = p->f;
    if (!f->eval(f->ctx, x, p->fx) || !f->eval(f->ctx, y, p->fy)) {
        p->call_failed = true;
        return false;
    }
    return tone_verdict(p, x, y);
}

/* Every covering pair x < y (y an upper cover of x): on a finite lattice every x <= y is a
 * chain of covers, so f is monotone (antitone) iff it is so on covers.  f(x) is evaluated once
 * per x.  *done is false (and the report unchanged) when the pairs would take more than
 * 2^enum_log2 evaluations; false is returned when a limit stopped it. */
static bool cover_pairs(Probe *p, bool *done)
{
    const Lattice *L = p->L;
    const AftFunction *f = p->f;
    Word *bot = lattice_elem_new(L), *top = lattice_elem_new(L);
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    lattice_copy(L, p->x, bot);
    double budget = exp2((double)p->o->enum_log2), evals = 0;
    size_t examined = 0;
    bool ok = true, go_on = true;
    *done = false;
    do {
        if (!f->eval(f->ctx, p->x, p->fx)) { p->call_failed = true; go_on = false; break; }
        uint64_t pos = 0;
        while (go_on && lattice_next_cover(L, p->x, &pos, p->y)) {
            if (++evals > budget) goto out;
            if (limits_poll(p->o->limits)) { ok = false; goto out; }
            examined++;
            if (!f->eval(f->ctx, p->y, p->fy)) { p->call_failed = true; go_on = false; break; }
            go_on = tone_verdict(p, p->x, p->y);
        }
    } while (go_on && L->ops->next(L, bot, top, p->x));
    *done = true;
    p->r->examined = examined;
    p->r->sampled = false;
    p->r->covers = true;
out:
    mem_free(bot); mem_free(top);
    return ok;
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
    probe_init(&p, f, o, r);
    p.antitone = antitone;
    bool done = false, stopped = false;
    if (f->L->finite && lattice_has_covers(f->L) && log2_cover_pairs(f->L) <= o->enum_log2)
        stopped = !cover_pairs(&p, &done);
    if (!done && !stopped && !p.r->counterexample && !p.call_failed) stopped = !for_pairs(&p, 2, tone_pair);
    CheckStatus s = verdict(&p, stopped);
    probe_free(&p);
    return s;
}

/* ---- declared envelopes ---- */

/* The declared upper (or lower) envelope at x for [lo, hi] into p->declared. */
static bool declared_at(Probe *p, bool upper, const Word *lo, const Word *hi, const Word *x)
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

/* For the interval [lo, hi]: both declared envelopes at every x inside, against brute force. */
static bool envelope_interval(Probe *p, const Word *lo, const Word *hi)
{
    const Lattice *L = p->L;
    lattice_copy(L, p->x, lo);
    do {
        for (int upper = 1; upper >= 0; upper--) {
            if (!declared_at(p, upper, lo, hi, p->x)) return false;
            if (!(upper ? brute_envelope(p, true, lo, p->x) : brute_envelope(p, false, p->x, hi))) return false;
            bool sound = upper ? L->ops->leq(L, p->brute, p->declared) : L->ops->leq(L, p->declared, p->brute);
            if (!sound) { interval_counterexample(p, upper, lo, hi); return false; }
            if (!L->ops->eq(L, p->brute, p->declared)) p->r->tight = false;
        }
    } while (L->ops->next(L, lo, hi, p->x));
    return true;
}

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
    set_counterexample(p, &b);
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
        if (!declared_at(p, upper, lo, hi, p->x)) return false;
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
    probe_init(&p, f, o, r);
    const Lattice *L = f->L;
    bool stopped = L->finite && L->log2_card * 3 <= o->enum_log2 ? !for_pairs(&p, 3, envelope_interval)
                                                                : !envelope_sampled(&p);
    CheckStatus s = verdict(&p, stopped);
    probe_free(&p);
    return s;
}
