/* minsatsearch.c: the search of minimal.c's satisfiability solver (minsat.h), conflict-driven as
 * MiniSat is: two watched literals per clause (a long one's sought circularly), weight rules
 * by counters (per rule the weight of its true body literals and its true and false head
 * literals, kept as literals are
 * propagated and undone, so a long body is never summed again), first-UIP learning with
 * backjumping, the choices from a queue where a conflict's variables move to the end
 * (minsatqueue.c) with saved phases (false first: a smaller model is what the check looks
 * for), Luby restarts above the assumptions.  Assumption i of a question takes
 * decision level i + 1 (as in MiniSat); one found false answers no.  Learnt clauses follow
 * from the constraints alone (assumed literals stay in them), so they serve every later
 * question; the longer half is dropped, between questions or at a restart, when there are
 * too many. */
#include "asp/minsatdb.h"

#define NONE UINT32_MAX

/* ---- the assignment ---- */

#define value minsat_value

static void backtrack(MinSat *q, uint32_t level)
{
    if (q->lim.count <= level) return;
    size_t to = q->lim.items[level];
    for (size_t i = q->trail.count; i-- > to;) {
        MinLit l = q->trail.items[i];
        if (i < q->qhead) minsat_rules_count(q, l, false);
        q->lval[l] = q->lval[l ^ 1] = 0;
        q->var[l >> 1].phase = l & 1;
        minsat_queue_unassigned(q, l >> 1);
    }
    q->trail.count = to;
    q->qhead = to;
    q->lim.count = q->dec.count = level;
}

static void new_level(MinSat *q) { VEC_PUSH(q->lim, (uint32_t)q->trail.count); }

/* ---- propagation ---- */

/* A clause of CIRCULAR_FROM literals or more looks for a literal to watch from where its
 * last look found one, wrapping round (Gent's circular search; the place is the word
 * before its literals): from the third literal each time, a learnt clause of thousands of
 * literals (the assumptions stay in them), most of them false, was read from its start at
 * every look (stage extensions of 500 arguments, the first model: 24.0 G instructions, 78 %
 * of them in that loop; 3.1 G so, the same search). */
enum { CIRCULAR_FROM = 32 };

/* The first literal of lits[from .. to) that is not false, or to. */
static uint32_t not_false(const MinSat *q, const MinLit *lits, uint32_t from, uint32_t to)
{
    while (from < to && value(q, lits[from]) == -1) from++;
    return from;
}

/* A literal of clause c (n literals at lits) after the two watched ones that is not false,
 * n when none. */
static uint32_t watch_candidate(MinSat *q, uint32_t c, const MinLit *lits, uint32_t n)
{
    if (n < CIRCULAR_FROM) return not_false(q, lits, 2, n);
    uint32_t *at = &q->arena.items[c + 1];
    uint32_t from = *at >= 2 && *at < n ? *at : 2;
    uint32_t k = not_false(q, lits, from, n);
    if (k == n && from > 2 && (k = not_false(q, lits, 2, from)) == from) k = n;
    if (k < n) *at = k;
    return k;
}

/* The clauses watching l, which just became false: another literal to watch, or the other
 * watched one is implied.  False on a conflict (q->confl set). */
static bool propagate_clauses(MinSat *q, MinLit l)
{
    U32s *ws = &q->watch[l];
    size_t keep = 0, i = 0;
    bool ok = true;
    for (; i < ws->count; i++) {
        uint32_t c = ws->items[i];
        MinLit *lits = q->arena.items + c + 2;
        uint32_t n = q->arena.items[c];
        if (lits[0] == l) { lits[0] = lits[1]; lits[1] = l; }
        if (value(q, lits[0]) == 1) { ws->items[keep++] = c; continue; }
        uint32_t k = watch_candidate(q, c, lits, n);
        if (k < n) {
            lits[1] = lits[k];
            lits[k] = l;
            VEC_PUSH(q->watch[lits[1]], c);
            continue;
        }
        ws->items[keep++] = c;
        if (value(q, lits[0]) == -1) {
            q->confl_kind = MS_CLAUSE;
            q->confl = c;
            ok = false;
            for (i++; i < ws->count; i++) ws->items[keep++] = ws->items[i];
            break;
        }
        minsat_assign(q, lits[0], MS_CLAUSE, c);
    }
    ws->count = keep;
    return ok;
}

/* Everything the trail implies; false on a conflict. */
static bool propagate(MinSat *q)
{
    while (q->qhead < q->trail.count) {
        MinLit l = q->trail.items[q->qhead++];
        q->stats.propagations++;
        minsat_rules_count(q, l, true);
        if (!propagate_clauses(q, l ^ 1) || !minsat_rules_propagate(q, l)) return false;
    }
    return true;
}

/* ---- conflict analysis ---- */

/* The false literals that made var v's value (its reason), or those of the conflict
 * (v NONE), into q->why. */
static void reason(MinSat *q, uint32_t v)
{
    uint8_t kind = v == NONE ? q->confl_kind : q->var[v].kind;
    uint32_t ref = v == NONE ? q->confl : q->var[v].ref;
    q->why.count = 0;
    if (kind == MS_CLAUSE) {
        uint32_t n = q->arena.items[ref];
        for (uint32_t i = 0; i < n; i++) {
            MinLit l = q->arena.items[ref + 2 + i];
            if (l >> 1 != v) VEC_PUSH(q->why, l);
        }
    } else minsat_rules_reason(q, ref, v);
}

/* First UIP of the conflict at the current level: the learnt clause in q->learnt (its
 * asserting literal first, one of the next level second); returns the level to go back to. */
static uint32_t analyze(MinSat *q)
{
    uint32_t level = (uint32_t)q->lim.count, path = 0, back = 0;
    size_t idx = q->trail.count;
    MinLit p = NONE;
    q->learnt.count = q->bumped.count = 0;
    VEC_PUSH(q->learnt, 0);
    reason(q, NONE);
    for (;;) {
        for (size_t i = 0; i < q->why.count; i++) {
            uint32_t v = q->why.items[i] >> 1;
            if (q->seen[v] || q->var[v].level == 0) continue;
            q->seen[v] = 1;
            VEC_PUSH(q->bumped, v);
            if (q->var[v].level == level) path++;
            else VEC_PUSH(q->learnt, q->why.items[i]);
        }
        while (!q->seen[q->trail.items[--idx] >> 1]) {}
        p = q->trail.items[idx];
        q->seen[p >> 1] = 0;
        if (--path == 0) break;
        reason(q, p >> 1);
    }
    q->learnt.items[0] = p ^ 1;
    for (size_t i = 1; i < q->learnt.count; i++) {
        uint32_t v = q->learnt.items[i] >> 1;
        q->seen[v] = 0;
        if (q->var[v].level > back) {
            back = q->var[v].level;
            MinLit t = q->learnt.items[1];
            q->learnt.items[1] = q->learnt.items[i];
            q->learnt.items[i] = t;
        }
    }
    minsat_queue_bump(q, q->bumped.items, q->bumped.count);
    return back;
}

/* ---- the search ---- */

static uint32_t luby(uint32_t i)
{
    uint32_t size = 1, seq = 0;
    while (size < i + 1) { seq++; size = 2 * size + 1; }
    while (size - 1 != i) { size = (size - 1) >> 1; seq--; i %= size; }
    return 1u << seq;
}

/* The learnt clause asserted after going back to level back. */
static void learn(MinSat *q, uint32_t back)
{
    backtrack(q, back);
    if (q->learnt.count == 1) minsat_assign(q, q->learnt.items[0], MS_ASSUMED, 0);
    else minsat_assign(q, q->learnt.items[0], MS_CLAUSE, minsat_learnt_add(q, q->learnt.items, q->learnt.count));
}

/* A new level for the next assumption (its own level, even when it is already true, so
 * that level i + 1 stands for assumption i) or choice; false when there is none. */
static bool next_level(MinSat *q, const MinLit *assume, size_t n, bool *refuted)
{
    size_t level = q->lim.count;
    MinLit l;
    if (level < n) {
        l = assume[level];
        if (value(q, l) == -1) { *refuted = true; return false; }
    } else {
        uint32_t v = minsat_queue_next(q);
        if (v == NONE) return false;
        q->stats.decisions++;
        l = minlit(v, q->var[v].phase);
    }
    new_level(q);
    VEC_PUSH(q->dec, l);
    if (!value(q, l)) minsat_assign(q, l, level < n ? MS_ASSUMED : MS_DECIDED, 0);
    return true;
}

/* The levels of the last question that stand for the same first assumptions are kept,
 * with what they imply (every level is propagated to its fixpoint, learnt clauses
 * included): consecutive questions mostly differ in their last assumptions. */
static void keep_prefix(MinSat *q, const MinLit *assume, size_t n)
{
    uint32_t keep = 0;
    while (keep < q->lim.count && keep < n && q->dec.items[keep] == assume[keep]) keep++;
    backtrack(q, keep);
}

/* Too many learnt clauses: the longer half dropped, on level 0 once it is propagated (no
 * reason is read again).  False when the constraints contradict. */
static bool reduce(MinSat *q)
{
    if (q->learnts.count <= q->max_learnts) return true;
    backtrack(q, 0);
    if (q->broken || !propagate(q)) return !(q->broken = true);
    minsat_learnt_reduce(q);
    return true;
}

bool minsat_solve(MinSat *q, const MinLit *assume, size_t n)
{
    q->stats.solves++;
    q->stats.assumed += n;
    if (!q->ready) {
        minsat_rules_ready(q);
        minsat_queue_build(q);
    }
    if (!reduce(q)) return false;
    keep_prefix(q, assume, n);
    uint32_t restarts = 0, budget = 64 * luby(0);
    for (;;) {
        bool refuted = false;
        if (q->broken) return false;
        if (propagate(q)) {
            if (next_level(q, assume, n, &refuted)) continue;
            return !refuted;
        }
        q->stats.conflicts++;
        if (q->lim.count == 0) return !(q->broken = true);
        learn(q, analyze(q));
        if (--budget == 0) {              /* a restart, above the assumptions */
            budget = 64 * luby(++restarts);
            if (q->lim.count > n) backtrack(q, (uint32_t)n);
            if (!reduce(q)) return false;
        }
    }
}

bool minsat_true(const MinSat *q, uint32_t var) { return q->lval[minlit(var, false)] == 1; }

const MinSatStats *minsat_stats(const MinSat *q) { return &q->stats; }

void minsat_add_stats(MinSat *q, const MinSatStats *past)
{
    q->stats.solves += past->solves;
    q->stats.conflicts += past->conflicts;
    q->stats.decisions += past->decisions;
    q->stats.propagations += past->propagations;
    q->stats.assumed += past->assumed;
}
