/* minsat.c: the small satisfiability problem of minimal.c's check (minsat.h), by a
 * Davis-Putnam-Logemann-Loveland search: variables tried false first (a smaller model is
 * what is looked for), unit propagation of each constraint in both directions (a body that
 * holds with one head variable left makes it true; a body that one more true variable would
 * complete, with every head variable false, makes that variable false), chronological
 * backtracking.  The whole assignment with every variable true is M itself: not an answer. */
#include "asp/minsat.h"

#define NONE UINT32_MAX
enum { OPEN, ON, OFF };

void minsat_init(MinProblem *q) { memset(q, 0, sizeof *q); }

void minsat_free(MinProblem *q)
{
    for (size_t i = 0; i < MINSAT_WORK; i++) mem_free(q->work[i]);
    VEC_FREE(q->cons);
    VEC_FREE(q->bvar);
    VEC_FREE(q->bw);
    VEC_FREE(q->hvar);
}

void minsat_reset(MinProblem *q) { q->cons.count = q->bvar.count = q->bw.count = q->hvar.count = 0; }

void minsat_begin(MinProblem *q)
{
    q->pb = (uint32_t)q->bvar.count;
    q->ph = (uint32_t)q->hvar.count;
}

void minsat_body(MinProblem *q, uint32_t var, uint32_t weight)
{
    VEC_PUSH(q->bvar, var);
    VEC_PUSH(q->bw, weight);
}

void minsat_head(MinProblem *q, uint32_t var) { VEC_PUSH(q->hvar, var); }

void minsat_end(MinProblem *q, uint64_t base, uint64_t bound)
{
    MinCons c = { q->pb, (uint32_t)q->bvar.count, q->ph, (uint32_t)q->hvar.count, base, bound };
    VEC_PUSH(q->cons, c);
}

void minsat_drop(MinProblem *q)
{
    q->bvar.count = q->bw.count = q->pb;
    q->hvar.count = q->ph;
}

typedef struct Dpll {
    const MinProblem *q;
    MinProblem *keep;             /* whose work arrays the search's are */
    size_t nwork;
    size_t n;
    uint8_t *val;                 /* per variable: OPEN, ON, OFF */
    uint32_t *boff, *bocc, *hoff, *hocc;   /* per variable: constraints with it in body, head */
    uint64_t *tsum;               /* per constraint: base + weights of the true body variables */
    uint32_t *hopen, *htrue;      /* per constraint: head variables open, true */
    uint32_t *trail, *dpos;       /* assigned variables; where each decision is on it */
    uint8_t *flipped;             /* per decision: tried false, now true */
    size_t ntrail, qhead, ndec, nfalse;
} Dpll;

/* The next of the search's arrays, of n elements of the given size (zeroed when zero),
 * from the problem's work arrays, grown when too small. */
static void *take(Dpll *d, size_t n, size_t size, bool zero)
{
    MinProblem *q = d->keep;
    size_t i = d->nwork++, bytes = (n + 1) * size;
    if (q->wcap[i] < bytes) {
        mem_free(q->work[i]);
        q->wcap[i] = bytes > 2 * q->wcap[i] ? bytes : 2 * q->wcap[i];
        q->work[i] = mem_alloc(q->wcap[i]);
    }
    if (zero) memset(q->work[i], 0, bytes);
    return q->work[i];
}

/* Occurrences of each variable in the constraints' bodies (from, to: bstart/bend) as CSR. */
static uint32_t *occurrences(Dpll *d, const uint32_t *vars, bool body, uint32_t **occ)
{
    const MinProblem *q = d->q;
    uint32_t *off = take(d, d->n + 1, sizeof *off, true);
    for (size_t c = 0; c < q->cons.count; c++) {
        const MinCons *k = &q->cons.items[c];
        for (uint32_t i = body ? k->bstart : k->hstart; i < (body ? k->bend : k->hend); i++)
            off[vars[i] + 2]++;
    }
    for (size_t v = 0; v < d->n; v++) off[v + 2] += off[v + 1];
    *occ = take(d, off[d->n + 1], sizeof **occ, false);
    for (size_t c = 0; c < q->cons.count; c++) {
        const MinCons *k = &q->cons.items[c];
        for (uint32_t i = body ? k->bstart : k->hstart; i < (body ? k->bend : k->hend); i++)
            (*occ)[off[vars[i] + 1]++] = (uint32_t)c;
    }
    return off;
}

static void dpll_init(Dpll *d, MinProblem *q, size_t n)
{
    size_t nc = q->cons.count;
    memset(d, 0, sizeof *d);
    d->q = q;
    d->keep = q;
    d->n = n;
    d->val = take(d, n, 1, true);
    d->flipped = take(d, n, 1, true);
    d->trail = take(d, n, sizeof *d->trail, false);
    d->dpos = take(d, n, sizeof *d->dpos, false);
    d->tsum = take(d, nc, sizeof *d->tsum, false);
    d->hopen = take(d, nc, sizeof *d->hopen, false);
    d->htrue = take(d, nc, sizeof *d->htrue, true);
    for (size_t c = 0; c < nc; c++) {
        d->tsum[c] = q->cons.items[c].base;
        d->hopen[c] = q->cons.items[c].hend - q->cons.items[c].hstart;
    }
    d->boff = occurrences(d, q->bvar.items, true, &d->bocc);
    d->hoff = occurrences(d, q->hvar.items, false, &d->hocc);
}

/* The weight of variable v in constraint c's body (the sum when it repeats). */
static uint64_t weight_in(const MinProblem *q, uint32_t c, uint32_t v)
{
    const MinCons *k = &q->cons.items[c];
    uint64_t w = 0;
    for (uint32_t i = k->bstart; i < k->bend; i++) if (q->bvar.items[i] == v) w += q->bw.items[i];
    return w;
}

/* v set (value ON or OFF) or, with undo, unset; the counters follow. */
static void touch(Dpll *d, uint32_t v, uint8_t value, bool undo)
{
    const MinProblem *q = d->q;
    if (value == ON)
        for (uint32_t i = d->boff[v]; i < d->boff[v + 1]; i++) {
            uint32_t c = d->bocc[i];
            if (i > d->boff[v] && d->bocc[i - 1] == c) continue;   /* a repeat: weight_in */
            uint64_t w = weight_in(q, c, v);                        /* counted them all */
            if (undo) d->tsum[c] -= w; else d->tsum[c] += w;
        }
    for (uint32_t i = d->hoff[v]; i < d->hoff[v + 1]; i++) {
        uint32_t c = d->hocc[i];
        if (undo) d->hopen[c]++; else d->hopen[c]--;
        if (value == ON) { if (undo) d->htrue[c]--; else d->htrue[c]++; }
    }
    if (value == OFF) { if (undo) d->nfalse--; else d->nfalse++; }
}

static void assign(Dpll *d, uint32_t v, uint8_t value)
{
    d->val[v] = value;
    d->trail[d->ntrail++] = v;
    touch(d, v, value, false);
}

static void undo_to(Dpll *d, size_t pos)
{
    while (d->ntrail > pos) {
        uint32_t v = d->trail[--d->ntrail];
        touch(d, v, d->val[v], true);
        d->val[v] = OPEN;
    }
    d->qhead = d->ntrail;
}

/* Constraint c's unit propagation; false on a conflict. */
static bool check(Dpll *d, uint32_t c)
{
    const MinProblem *q = d->q;
    const MinCons *k = &q->cons.items[c];
    if (d->htrue[c]) return true;
    if (d->tsum[c] >= k->bound) {
        if (d->hopen[c] == 0) return false;
        if (d->hopen[c] == 1)
            for (uint32_t i = k->hstart; i < k->hend; i++)
                if (d->val[q->hvar.items[i]] == OPEN) { assign(d, q->hvar.items[i], ON); break; }
        return true;
    }
    if (d->hopen[c] == 0)
        for (uint32_t i = k->bstart; i < k->bend; i++) {
            uint32_t v = q->bvar.items[i];
            if (d->val[v] == OPEN && d->tsum[c] + weight_in(q, c, v) >= k->bound) assign(d, v, OFF);
        }
    return true;
}

static bool propagate(Dpll *d)
{
    while (d->qhead < d->ntrail) {
        uint32_t v = d->trail[d->qhead++];
        for (uint32_t i = d->boff[v]; i < d->boff[v + 1]; i++)
            if (!check(d, d->bocc[i])) return false;
        for (uint32_t i = d->hoff[v]; i < d->hoff[v + 1]; i++)
            if (!check(d, d->hocc[i])) return false;
    }
    return true;
}

/* After a conflict: the last decision not yet flipped is flipped to true; false when none
 * is left (the search is over). */
static bool backtrack(Dpll *d)
{
    while (d->ndec && d->flipped[d->ndec - 1]) undo_to(d, d->dpos[--d->ndec]);
    if (!d->ndec) return false;
    size_t at = d->dpos[d->ndec - 1];
    uint32_t v = d->trail[at];
    undo_to(d, at);
    d->flipped[d->ndec - 1] = 1;
    assign(d, v, ON);
    return true;
}

static uint32_t next_open(const Dpll *d, uint32_t from)
{
    for (uint32_t v = from; v < d->n; v++) if (d->val[v] == OPEN) return v;
    return NONE;
}

bool minsat_smaller(MinProblem *q, size_t n, uint8_t *kept)
{
    Dpll d;
    dpll_init(&d, q, n);
    bool ok = true, found = false;
    for (uint32_t c = 0; c < q->cons.count && ok; c++) ok = check(&d, c);
    ok = ok && propagate(&d);
    for (;;) {
        if (ok) {
            uint32_t v = next_open(&d, 0);
            if (v == NONE && d.nfalse) {
                for (uint32_t i = 0; i < n; i++) kept[i] = d.val[i] == ON;
                found = true;
                break;
            }
            if (v != NONE) {
                d.dpos[d.ndec] = (uint32_t)d.ntrail;
                d.flipped[d.ndec++] = 0;
                assign(&d, v, OFF);
                ok = propagate(&d);
                continue;
            }
        }
        if (!backtrack(&d)) break;
        ok = propagate(&d);
    }
    return found;
}
