/* prop.c: the native IR of S_P (AftFunction.refine) and its split choice (AftFunction.split):
 * three-valued propagation over the compiled normal program, incremental along a trail.
 *
 * An interval [lo, hi] is read as a partial assignment: atoms of lo true, atoms outside hi
 * false, the rest unknown.  Both modes apply
 *   - forward:    a body that is true makes its head true;
 *   - unfounded:  an atom with no rule whose body can still hold, or more generally outside
 *                 the least model of the rules whose body is not false and whose head is not
 *                 false (positive atoms derived, negative literals taken as possible), is
 *                 false (Van Gelder's unfounded sets);
 * which is the well-founded operator: from the initial interval the result is the
 * well-founded model, i.e. the engine's generic IR with S_P's alternating fixpoint, without
 * its one S_P pair per step.  Mode strong adds the Clark completion and the integrity
 * constraints (every stable model is a supported model):
 *   - a false head makes every body false: a body with one literal left unknown and all the
 *     others true gets that literal false (with `f :- B, not f` and f false this propagates
 *     constraints backwards);
 *   - a true head with exactly one body that can still hold makes that body true.
 * Every rule keeps every stable model inside the result, and a conflict (an atom both true
 * and false) means the interval holds none.  The closure of an assignment is unique, so it
 * may be computed from any assignment it contains: the state keeps the closures of a stack
 * of levels (each level: the atoms a request added, then their consequences on the trail);
 * a request backtracks to the deepest level whose added atoms it contains and adds the rest.
 * With the engine's depth-first order a child costs only its own consequences.
 * Unfounded sets are searched among the atoms on positive cycles only (an unfounded atom
 * outside them loses its last rule and is found by counting), by ufs.c, and only after a
 * rule with such a head that was its head's source lost weight.  With learning, the
 * integrity constraints that are conjunctions and the completions of the atoms learncons.c
 * owns are nogoods instead: a state reset so
 * (p->rc.cons, p->rc.own) leaves their rules out of its occurrence lists (p->oc), counts them as
 * false bodies, has the constraint atom out at level 0 and never sets an owned atom by
 * counting its rules. */
#include "asp/internal.h"

#include <stdlib.h>

#include "asp/propstate.h"
#include "asp/setup.h"
#include "util/marks.h"

/* ---- set up ---- */

/* Do rule r's counters stay at most `most`?  need lies in [bound - total, bound], slack in
 * [-1 - total, total - bound] (a normal body: its bound is its total). */
static bool fits(const AspSolver *s, uint32_t r, int64_t most)
{
    int64_t total = asp_rule_weight(s, r);
    return total + (s->bound ? s->bound[r] : total) + 1 <= most;
}

/* The narrowest counters every rule's fit. */
static int counter_bits(const AspSolver *s)
{
    int bits = 16;
    for (uint32_t r = 0; bits == 16 && r < s->nrules; r++) if (!fits(s, r, INT16_MAX)) bits = 32;
    for (uint32_t r = 0; s->bound && bits == 32 && r < s->nrules; r++) if (!fits(s, r, INT32_MAX)) bits = 64;
    return bits;
}

/* Per rule: its counters (in 16 or 32 bits when every rule's fit), and when some literal
 * weighs more than 1 the largest weight of its literals. */
static void rule_states(const AspSolver *s, AspProp *p)
{
    int bits = counter_bits(s);
    if (bits == 16) p->rule.small = mem_calloc(s->nrules + 1, sizeof *p->rule.small);
    else if (bits == 32) p->rule.narrow = mem_calloc(s->nrules + 1, sizeof *p->rule.narrow);
    else p->rule.wide = mem_calloc(s->nrules + 1, sizeof *p->rule.wide);
    p->rhead = s->head;
    p->rule.weighted = s->bound != NULL;
    if (!s->pw) return;                           /* every weight 1 */
    p->maxw = mem_calloc(s->nrules + 1, sizeof *p->maxw);
    for (uint32_t r = 0; r < s->nrules; r++) {
        for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++)
            if (s->pw[k] > p->maxw[r]) p->maxw[r] = s->pw[k];
        for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++)
            if (s->nw[k] > p->maxw[r]) p->maxw[r] = s->nw[k];
    }
}

AspProp *asp_prop_new(const AspSolver *s)
{
    size_t n = s->natoms + 2;
    AspProp *p = mem_calloc(1, sizeof *p);
    asp_trail_new(&p->tr, n);
    p->cyclic = s->setup->cyclic;
    p->tlo = mem_alloc((s->nwords + 1) * sizeof *p->tlo);
    p->thi = mem_alloc((s->nwords + 1) * sizeof *p->thi);
    rule_states(s, p);
    p->nsup = mem_alloc(n * sizeof *p->nsup);
    p->dword = mem_alloc((s->nwords + 1) * sizeof *p->dword);
    p->rpos = mem_calloc(n, sizeof *p->rpos);     /* all 0 until the search ranks the atoms */
    p->wmark = mem_calloc(MARKS_BYTES(s->nwords), 1);
    p->wlist = mem_alloc((s->nwords + 1) * sizeof *p->wlist);
    p->mode = -1;
    p->oc = asp_cons_new(s, p);
    asp_learn_new(s, p);
    asp_ufs_new(s, p);
    return p;
}

void asp_prop_free(AspProp *p)
{
    if (!p) return;
    asp_trail_free(&p->tr);
    mem_free(p->tlo);
    mem_free(p->thi); mem_free(p->rule.wide); mem_free(p->rule.narrow); mem_free(p->rule.small); mem_free(p->maxw); mem_free(p->nsup);
    asp_ufs_free(p);
    mem_free(p->dword); mem_free(p->rpos);
    mem_free(p->wmark); mem_free(p->wlist);
    mem_free(p->proj.atoms); mem_free(p->proj.pos);
    asp_learn_free(p);
    asp_cons_free(p);
    mem_free(p);
}

/* ---- propagation ---- */

static uint32_t wt(const uint32_t *w, uint32_t k) { return w ? w[k] : 1; }
static uint32_t max_weight(const AspProp *p, uint32_t r) { return p->maxw ? p->maxw[r] : 1; }

/* Rule r's body must hold: every open literal without which the others cannot reach the
 * bound becomes true (a normal body: all of them). */
static void force_body(const AspSolver *s, AspProp *p, uint32_t r)
{
    int64_t slack = asp_rs_slack(p, r);
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++)
        if (wt(s->pw, k) > slack && p->tr.val[s->pos[k]] == V_UNK)
            asp_prop_assign(p, s->pos[k], V_TRUE, R_SUPPORT, r);
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++)
        if (wt(s->nw, k) > slack && p->tr.val[s->neg[k]] == V_UNK)
            asp_prop_assign(p, s->neg[k], V_FALSE, R_SUPPORT, r);
}

/* True atom h with one rule left that can support it: that rule's body holds. */
static void force_support(const AspSolver *s, AspProp *p, uint32_t h)
{
    for (uint32_t k = s->hstart[h]; k < s->hstart[h + 1]; k++)
        if (asp_rs_slack(p, s->hrules[k]) >= 0) { force_body(s, p, s->hrules[k]); return; }
}

/* Rule r with a false head: every open literal whose weight would complete the body
 * becomes false (a normal body: the last literal not yet true). */
static void force_false(const AspSolver *s, AspProp *p, uint32_t r)
{
    int64_t need = asp_rs_need(p, r);
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++)
        if (wt(s->pw, k) >= need && p->tr.val[s->pos[k]] == V_UNK)
            asp_prop_assign(p, s->pos[k], V_FALSE, R_BFALSE, r);
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++)
        if (wt(s->nw, k) >= need && p->tr.val[s->neg[k]] == V_UNK)
            asp_prop_assign(p, s->neg[k], V_TRUE, R_BFALSE, r);
}

/* True atom h may now wait on a weight body: weight_choice looks from its level on. */
static void waiting(AspProp *p, uint32_t h)
{
    if (p->tr.lstart[p->tr.alev[h]] < p->wfirst) p->wfirst = p->tr.lstart[p->tr.alev[h]];
}

/* A literal of weight w of rule r turned true. */
static inline void lit_true(const AspSolver *s, AspProp *p, uint32_t r, uint32_t w)
{
    int64_t need = asp_rs_need_add(p, r, -(int64_t)w);
    uint32_t h = s->head[r];
    if (asp_rs_slack(p, r) < 0) return;
    if (need <= 0) {
        if (need + w > 0) asp_prop_assign(p, h, V_TRUE, R_FWD, r);
    } else if (need <= max_weight(p, r) && p->mode && p->tr.val[h] == V_FALSE) force_false(s, p, r);
}

/* A literal of weight w of rule r turned false. */
static inline void lit_false(const AspSolver *s, AspProp *p, uint32_t r, uint32_t w)
{
    int64_t slack = asp_rs_slack_add(p, r, -(int64_t)w);
    uint32_t h = s->head[r];
    if (slack + w < 0) return;                     /* false already */
    if (slack >= 0) {                              /* a weight body lost some slack */
        if (p->cyclic[h]) asp_ufs_weakened(p, r, h, w);   /* its head may have lost its source */
        if (slack < max_weight(p, r) && p->mode && p->tr.val[h] == V_TRUE && p->nsup[h] == 1)
            force_body(s, p, r);
        return;
    }
    uint32_t left = --p->nsup[h];
    if (p->cyclic[h]) asp_ufs_weakened(p, r, h, w);
    if (left == 1 && p->tr.val[h] == V_TRUE) {
        p->open--;
        waiting(p, h);
    }
    if (left == 0) asp_prop_assign(p, h, V_FALSE, R_NOSUP, h);
    else if (left == 1 && p->mode && p->tr.val[h] == V_TRUE) force_support(s, p, h);
}

/* A literal of each rule rules[k], k in [from, to), of weight w[k] (NULL: 1), turned true;
 * lits_false: turned false. */
static void lits_true(const AspSolver *s, AspProp *p, const uint32_t *rules, const uint32_t *w,
                      uint32_t from, uint32_t to)
{
    for (uint32_t k = from; k < to; k++) lit_true(s, p, rules[k], wt(w, k));
}

static void lits_false(const AspSolver *s, AspProp *p, const uint32_t *rules, const uint32_t *w,
                       uint32_t from, uint32_t to)
{
    for (uint32_t k = from; k < to; k++) lit_false(s, p, rules[k], wt(w, k));
}

/* Atom a's value (t: true) counted in the rules it occurs in, in the order of the lists
 * (positive occurrences first when true, negative ones first when false); a list with no
 * entry costs no call. */
static inline void count(const AspSolver *s, AspProp *p, const AspOcc *o, uint32_t a, bool t)
{
    uint32_t pf = asp_occ_at(o->ostart, a), pt = asp_occ_at(o->ostart, a + 1);
    uint32_t nf = asp_occ_at(o->nostart, a), nt = asp_occ_at(o->nostart, a + 1);
    if (t) {
        if (pf < pt) lits_true(s, p, o->occ, o->ow, pf, pt);
        if (nf < nt) lits_false(s, p, o->nocc, o->now, nf, nt);
    } else {
        if (pf < pt) lits_false(s, p, o->occ, o->ow, pf, pt);
        if (nf < nt) lits_true(s, p, o->nocc, o->now, nf, nt);
    }
}

/* Completion on atom a's own rules once its value is known. */
static void head_known(const AspSolver *s, AspProp *p, uint32_t a)
{
    if (asp_cons_owned(p, a)) return;
    if (p->tr.val[a] == V_TRUE) {
        if (p->nsup[a] == 0) asp_prop_assign(p, a, V_FALSE, R_NOSUP, a);
        else if (p->nsup[a] == 1) force_support(s, p, a);
        return;
    }
    for (uint32_t k = s->hstart[a]; k < s->hstart[a + 1]; k++) {
        uint32_t r = s->hrules[k];
        if (asp_rs_slack(p, r) < 0) continue;
        int64_t need = asp_rs_need(p, r);
        if (need <= 0) asp_prop_assign(p, a, V_TRUE, R_FWD, r);
        else if (need <= max_weight(p, r)) force_false(s, p, r);
    }
}

/* Unit propagation until the queue is empty or a conflict: each atom of the queue visits
 * the nogoods watching its literal first (their binary ones first of all: clasp's order),
 * then the rules' counters (measured, bench/RESULTS.md bin33h: on the optimisation bench
 * 0.7-1.3x the conflicts of the counters first, fewer on most). */
static void propagate(const AspSolver *s, AspProp *p)
{
    const AspOcc *o = p->oc;
    while (p->tr.qhead < p->tr.qtail && !p->conflict) {
        uint32_t a = p->tr.trail[p->tr.qhead++];
        bool t = p->tr.val[a] == V_TRUE;
        if (p->mode == 1 && (p->store.ng.count || p->rc.stored)) asp_learn_visit(s, p, 2 * a + !t);   /* nogoods first */
        count(s, p, o, a, t);
        if (p->mode) head_known(s, p, a);
        if (p->cost) asp_cost_visit(p, a);
    }
}

/* Once every atom has a value (the constraint atom aside), the checks of the whole
 * assignment: a program that is not head-cycle-free, the candidate's minimality
 * (minimal.c); #edge statements, acyclicity (acyclic.c).  Before, the minimality of each
 * component whose own atoms all have a value, and the acyclicity of the edges whose
 * conditions have come to hold, which may forbid edges (the closure then propagates their
 * literals before the other checks).  False on a conflict. */
static bool minimal(const AspSolver *s, AspProp *p)
{
    if ((!s->mini && !s->edges) || p->mode != 1) return true;
    asp_prop_sync(p);                                    /* both read the interval */
    size_t had = p->tr.qtail;
    if (s->edges && !asp_edges_partial(s, p, p->mfirst)) return false;
    if (!s->mini) p->mfirst = p->tr.qtail;               /* else minimal.c moves it on */
    if (p->tr.qtail > had) return true;                  /* literals forbidden: more to do */
    size_t open = s->fatom >= 0 && p->tr.val[s->fatom] == V_UNK;
    if (p->tr.qtail + open < s->natoms) return !s->mini || asp_minimal_propagate(s, p, false);
    return (!s->mini || asp_minimal_propagate(s, p, true)) && (!s->edges || asp_edges_propagate(s, p));
}

/* Propagation and unfounded sets to the closure; false on a conflict. */
static bool closure(const AspSolver *s, AspProp *p)
{
    for (;;) {
        propagate(s, p);
        if (p->conflict) return false;
        if (p->dirty) {
            asp_ufs_check(s, p);
            if (p->conflict) return false;
            if (p->tr.qhead < p->tr.qtail) continue;
        }
        if (!minimal(s, p)) return false;
        if (p->tr.qhead == p->tr.qtail) return true;
    }
}

/* ---- levels ---- */

/* True atom h has two rules left again. */
static void reopen(AspProp *p, uint32_t h)
{
    p->open++;
    if (p->tr.lstart[p->tr.alev[h]] < p->ofirst) p->ofirst = p->tr.lstart[p->tr.alev[h]];
}

/* lits_true undone: each rule rules[k], k in [from, to), lacks its literal's weight w[k]
 * (NULL: 1) again; a true head may wait on a weight body again. */
static void unlits_true(AspProp *p, const uint32_t *rules, const uint32_t *w, uint32_t from,
                        uint32_t to)
{
    for (uint32_t k = from; k < to; k++) {
        uint32_t h = p->rhead[rules[k]];
        int64_t need = asp_rs_need_add(p, rules[k], wt(w, k));
        if (p->rule.weighted && need > 0 && need <= wt(w, k) && p->tr.val[h] == V_TRUE) waiting(p, h);
    }
}

/* lits_false undone: each rule regains its literal's weight of slack; a body no longer false
 * supports its head again. */
static void unlits_false(AspProp *p, const uint32_t *rules, const uint32_t *w, uint32_t from,
                         uint32_t to)
{
    for (uint32_t k = from; k < to; k++) {
        int64_t after = asp_rs_slack_add(p, rules[k], wt(w, k)), before = after - wt(w, k);
        if (before >= 0 || after < 0) continue;
        uint32_t h = p->rhead[rules[k]];
        if (++p->nsup[h] == 2 && p->tr.val[h] == V_TRUE) reopen(p, h);
    }
}

/* Atom a's value (t: true) taken out of the counters of the rules it occurs in; a list
 * with no entry costs no call (with the rules as nogoods most atoms have none).  The two
 * kinds of undo commute: they move different counters. */
static inline void uncount(AspProp *p, const AspOcc *o, uint32_t a, bool t)
{
    uint32_t pf = asp_occ_at(o->ostart, a), pt = asp_occ_at(o->ostart, a + 1);
    uint32_t nf = asp_occ_at(o->nostart, a), nt = asp_occ_at(o->nostart, a + 1);
    if (pf < pt) {
        if (t) unlits_true(p, o->occ, o->ow, pf, pt);
        else unlits_false(p, o->occ, o->ow, pf, pt);
    }
    if (nf < nt) {
        if (t) unlits_false(p, o->nocc, o->now, nf, nt);
        else unlits_true(p, o->nocc, o->now, nf, nt);
    }
}

/* Undoes the trail down to index `to`: counters of propagated atoms, then values.  The
 * trail's arrays are read once (a byte store may alias any of p's fields, so the compiler
 * would read them again for each atom); an atom still in the activity heap (most are: it
 * keeps assigned atoms until they come to its top) is not passed to it. */
static void undo(AspProp *p, size_t to)
{
    const AspOcc *o = p->oc;
    if (p->cost) asp_cost_undo(p, to);
    const uint32_t *trail = p->tr.trail, *hpos = p->learning ? p->act.hpos : NULL;
    const uint32_t *phpos = p->act.phpos;
    uint8_t *val = p->tr.val, *lholds = p->tr.lholds, *isdec = p->tr.isdec;
    const uint8_t *cyclic = p->cyclic;
    size_t qhead = p->tr.qhead, tsync = p->tsync;
    for (size_t i = p->tr.qtail; i-- > to;) {
        uint32_t a = trail[i];
        bool t = val[a] == V_TRUE;
        if (i < qhead) uncount(p, o, a, t);
        if (t) p->open -= p->nsup[a] >= 2;
        if (i < tsync) {                             /* in the interval (asp_prop_sync) */
            if (t) asp_clr_bit(p, p->tlo, a);
            else asp_set_bit(p, p->thi, a);
        }
        val[a] = V_UNK;
        lholds[2 * a] = lholds[2 * a + 1] = 0;
        isdec[a] = 0;
        if (cyclic[a]) asp_ufs_undone(p, a);
        if (p->rpos[a] < p->cursor) p->cursor = p->rpos[a];
        if (p->proj.pos && p->proj.pos[a] < p->proj.cursor) p->proj.cursor = p->proj.pos[a];
        if (hpos && hpos[a] == NONE) asp_heap_insert(p, a);
        if (hpos && phpos && p->proj.pos[a] != NONE && phpos[a] == NONE)
            asp_heap_project_insert(p, a);
    }
    p->tr.qtail = to;
    if (p->tsync > to) p->tsync = to;
    if (p->tr.qhead > to) p->tr.qhead = to;
    if (p->ofirst > to) p->ofirst = to;
    if (p->wfirst > to) p->wfirst = to;
    if (p->mfirst > to) p->mfirst = to;
    p->conflict = false;
    p->dirty = asp_ufs_pending(p);
}

static void backtrack(AspProp *p, size_t level)
{
    if (level + 1 >= p->tr.nlevels) return;
    asp_act_save(p, level);
    undo(p, p->tr.lstart[level + 1]);
    p->tr.ufs.count = p->tr.ufsbase[level + 1];
    p->tr.nlevels = level + 1;
}

/* Level 0: the closure of the empty assignment in mode `mode`. */
static void reset(const AspSolver *s, AspProp *p, int mode)
{
    p->mode = mode;
    p->seen_all = false;
    if (mode == 1) asp_prop_search_ready(s, p);
    p->oc = asp_cons_reset(s, p, mode == 1);
    if (p->act.heap) asp_heap_reset(p, s->natoms);
    p->tr.qhead = p->tr.qtail = p->open = p->cursor = p->ofirst = p->wfirst = p->mfirst = 0;
    p->tsync = 0;
    p->proj.cursor = 0;
    p->tr.nlevels = 1;
    memset(p->tr.isdec, 0, s->natoms);
    p->conflict = p->root_conflict = false;
    p->dirty = p->uf.ncrules > 0;
    asp_ufs_reset(s, p);
    memset(p->tr.val, V_UNK, s->natoms);
    memset(p->tr.lholds, 0, 2 * s->natoms);
    memset(p->tlo, 0, s->nwords * sizeof *p->tlo);
    s->L->ops->top(s->L, p->thi);
    for (uint32_t a = 0; a < s->natoms; a++) p->nsup[a] = s->hstart[a + 1] - s->hstart[a];
    for (uint32_t r = 0; r < s->nrules; r++) {
        int64_t n = s->pstart[r + 1] - s->pstart[r] + s->nstart[r + 1] - s->nstart[r];
        int64_t need = s->bound ? s->bound[r] : n;
        asp_rs_set(p, r, need, s->bound ? asp_rule_weight(s, r) - s->bound[r] : 0);
        if (asp_cons_left_out(p, r, s->head[r])) {     /* a nogood instead: never a support */
            asp_rs_set(p, r, need, -1);
            p->nsup[s->head[r]]--;
            continue;
        }
        if (need <= 0) asp_prop_assign(p, s->head[r], V_TRUE, R_NONE, 0);
    }
    for (uint32_t a = 0; a < s->natoms; a++)
        if (!p->nsup[a] && !asp_cons_owned(p, a)) asp_prop_assign(p, a, V_FALSE, R_NONE, 0);
    /* f's rules hold `not f`: none supports it, f is in no stable model (the search requests
     * it false at its root; with the rules as nogoods, level 0 has it, and so whatever the
     * constraints imply by themselves is a fact the nogoods need not repeat) */
    if (p->rc.cons && s->fatom >= 0) asp_prop_assign(p, (uint32_t)s->fatom, V_FALSE, R_NONE, 0);
    p->tr.lstart[0] = 0;
    p->tr.ufsbase[0] = 0;
    p->tr.ufs.count = 0;
    p->tr.nlevels = 1;
    if (p->cost) asp_cost_reset(p);
    if (p->rc.cons) asp_cons_facts(p);
    p->root_conflict = !closure(s, p);
    asp_prop_sync(p);
    if (p->rc.cons && !p->root_conflict) asp_cons_simplify(p);
    if (p->carry && mode == 1 && p->learning && !p->root_conflict) {
        bool facts = asp_carry_give(s, p, p->carry);
        p->carry = NULL;
        if (facts) {
            p->root_conflict = !closure(s, p);
            asp_prop_sync(p);                        /* the carried facts in the interval */
        }
    }
}

/* The first level whose added atoms the request [lo, hi] does not all contain (nlevels
 * when it contains them all): the lowest level of an added atom the request leaves open or
 * has the other way. */
/* Words are compared a block at a time first (memcmp): a request differs from the state
 * in few places, often in a small part of a large program. */
enum { BLOCK = 32 };

/* The end of the block starting at word b, or b itself when the request [lo, hi] and the
 * state agree there (nothing to look at). */
static size_t block_end(const AspSolver *s, const AspProp *p, const Word *lo, const Word *hi,
                        size_t b)
{
    size_t e = b + BLOCK < s->nwords ? b + BLOCK : s->nwords, bytes = (e - b) * sizeof *lo;
    if (memcmp(lo + b, p->tlo + b, bytes) == 0 && memcmp(hi + b, p->thi + b, bytes) == 0) return b;
    return e;
}

/* block_end for programs of more than one block; one block is simply scanned. */
static size_t end_of(const AspSolver *s, const AspProp *p, const Word *lo, const Word *hi,
                     size_t b)
{
    return s->nwords <= BLOCK ? s->nwords : block_end(s, p, lo, hi, b);
}

/* Lowers k to the level of the lowest added atom in word w that the request [lo, hi] leaves
 * open or has the other way. */
static size_t outside_in_word(const AspProp *p, const Word *lo, const Word *hi, size_t w,
                              size_t k)
{
    for (Word m = (p->tlo[w] & ~lo[w]) | (hi[w] & ~p->thi[w]); m; m &= m - 1) {
        size_t a = w * 64 + (size_t)__builtin_ctzll(m);
        if (p->tr.isdec[a] && p->tr.alev[a] < k) k = p->tr.alev[a];
    }
    return k;
}

static size_t first_outside(const AspSolver *s, const AspProp *p, const Word *lo, const Word *hi)
{
    size_t k = p->tr.nlevels;
    for (size_t b = 0; b < s->nwords; b += BLOCK)
        for (size_t w = b, e = end_of(s, p, lo, hi, b); w < e; w++)
            k = outside_in_word(p, lo, hi, w, k);
    return k;
}

/* Word w of the request [lo, hi] against the state: -1 a conflict, 1 it decides more. */
static int request_word(const AspProp *p, const Word *lo, const Word *hi, size_t w)
{
    if ((lo[w] & ~p->thi[w]) || (p->tlo[w] & ~hi[w])) return -1;
    return (lo[w] & ~p->tlo[w]) || (p->thi[w] & ~hi[w]);
}

void asp_prop_sync(AspProp *p)
{
    const uint32_t *trail = p->tr.trail;
    const uint8_t *val = p->tr.val;
    Word *tlo = p->tlo, *thi = p->thi;
    uint8_t *wmark = p->wmark;
    size_t *wlist = p->wlist, nw = p->nwlist;
    for (size_t i = p->tsync, n = p->tr.qtail; i < n; i++) {
        uint32_t a = trail[i];
        size_t w = a >> 6;
        Word bit = (Word)1 << (a & 63), in = (Word)0 - (Word)(val[a] == V_TRUE);   /* no branch */
        tlo[w] |= bit & in;
        thi[w] &= ~(bit & ~in);
        wlist[nw] = w;                                /* asp_touch_word's, with nw held here */
        nw += !wmark[w];
        wmark[w] = 1;
    }
    p->nwlist = nw;
    p->tsync = p->tr.qtail;
}

/* push_words before the interval follows. */
static bool push_values(const AspSolver *s, AspProp *p, const Word *lo, const Word *hi,
                        size_t nd)
{
    size_t k = p->tr.nlevels, start = p->tr.qtail;
    p->tr.lstart[k] = (uint32_t)start;
    p->tr.ufsbase[k] = (uint32_t)p->tr.ufs.count;
    for (size_t i = 0; i < nd; i++) {
        size_t w = p->dword[i];
        for (Word t = lo[w] & ~p->tlo[w]; t; t &= t - 1)
            asp_prop_assign(p, (uint32_t)(w * 64 + (size_t)__builtin_ctzll(t)), V_TRUE, R_NONE, 0);
        for (Word f = p->thi[w] & ~hi[w]; f; f &= f - 1)
            asp_prop_assign(p, (uint32_t)(w * 64 + (size_t)__builtin_ctzll(f)), V_FALSE, R_NONE, 0);
    }
    for (size_t i = start; i < p->tr.qtail; i++) {
        p->tr.alev[p->tr.trail[i]] = (uint32_t)k;
        p->tr.isdec[p->tr.trail[i]] = 1;
    }
    bool grow = p->tr.qtail == start && !p->conflict && k >= 2;
    if (grow) k--;                /* nothing requested: new nogoods extend the top level */
    p->tr.nlevels = k + 1;
    if (p->store.pending.count && p->mode == 1) asp_learn_pending(p);
    if (p->cost && p->mode == 1) asp_cost_recheck(p);
    if (p->tr.qtail == start && !p->conflict) {      /* nothing new: the state is the closure */
        if (!grow) p->tr.nlevels = k;
        return true;
    }
    if (closure(s, p)) return true;
    if (p->learning) asp_learn_conflict(s, p, k);
    backtrack(p, k - 1);
    return false;
}

/* Adds what [lo, hi] decides in the nd words p->dword (ascending) as a new level; false
 * on a conflict (the state is then as before). */
static bool push_words(const AspSolver *s, AspProp *p, const Word *lo, const Word *hi,
                       size_t nd)
{
    bool ok = push_values(s, p, lo, hi, nd);
    asp_prop_sync(p);
    return ok;
}

/* Adds what [lo, hi] decides beyond the current state as a new level; false on a conflict
 * (the state is then as before). */
static bool push_level(const AspSolver *s, AspProp *p, const Word *lo, const Word *hi)
{
    size_t nd = 0;                                 /* words where [lo, hi] decides more */
    for (size_t b = 0; b < s->nwords; b += BLOCK) {
        for (size_t w = b, e = end_of(s, p, lo, hi, b); w < e; w++) {
            int r = request_word(p, lo, hi, w);
            if (r < 0) return false;
            if (r) p->dword[nd++] = (uint32_t)w;
        }
    }
    return push_words(s, p, lo, hi, nd);
}

static AftStatus refine(AspSolver *s, int mode, const Word *lo, const Word *hi, Word *nlo,
                        Word *nhi)
{
    AspProp *p = s->prop;
    s->refines++;
    if (p->mode != mode) reset(s, p, mode);
    if (p->root_conflict) return AFT_INVALID;
    backtrack(p, first_outside(s, p, lo, hi) - 1);
    bool ok = push_level(s, p, lo, hi);
    ASP_CHECK_STATE(s, p);                        /* the propagation done (or undone) */
    if (!ok) return AFT_INVALID;
    if (nlo) memcpy(nlo, p->tlo, s->nwords * sizeof *nlo);     /* NULL: only the state */
    if (nhi) memcpy(nhi, p->thi, s->nwords * sizeof *nhi);
    return AFT_OK;
}

static bool state_is(const AspSolver *s, const AspProp *p, const Word *lo, const Word *hi);

/* The point x is a model when the state brought to it is not a conflict.  When the state is
 * x already (the point the engine checks is most often the one the propagator just closed)
 * and nothing waits to be propagated (nogoods learnt, costs), that is so: refine would find
 * nothing to undo and nothing to add.  Two memcmp instead of refine's scans of every word. */
bool asp_prop_is_model(AspSolver *s, const Word *x)
{
    AspProp *p = s->prop;
    if (p->mode != 1) return false;
    if (!p->conflict && !p->cost && !p->store.pending.count && state_is(s, p, x, x)) {
        s->refines++;
        return true;
    }
    return refine(s, 1, x, x, NULL, NULL) == AFT_OK;
}

AftStatus asp_prop_refine_wf(void *ctx, const Word *lo, const Word *hi, Word *nlo, Word *nhi)
{
    return refine(ctx, 0, lo, hi, nlo, nhi);
}

AftStatus asp_prop_refine(void *ctx, const Word *lo, const Word *hi, Word *nlo, Word *nhi)
{
    return refine(ctx, 1, lo, hi, nlo, nhi);
}

/* ---- in-place hooks (AftFunction.refine_at, split_at) ----
 * The engine says which words of the request changed since its previous request; the state
 * marks every word it changes (asp_touch_word).  Together they bound the words where the request
 * and the state differ, so a call costs what changed, not the size of the program.  The
 * words are visited in ascending order, so the trail is the one refine() would build. */

static int word_cmp(const void *x, const void *y)
{
    size_t a = *(const size_t *)x, b = *(const size_t *)y;
    return (a > b) - (a < b);
}

static void note_request(AspProp *p, const size_t *changed, size_t n)
{
    if (!changed) p->seen_all = false;
    else for (size_t i = 0; i < n; i++) asp_touch_word(p, changed[i]);
}

/* The marked words, sorted; all words when no request was seen since a reset.  A few
 * words are sorted by insertion; more, listed from the marks (they are the list's set) when
 * that costs less than sorting them (util/marks.h: on a nonogram of 25 x 25, 293 words, qsort
 * of 17 to 36 marked words took 3 % of the search's instructions). */
static void sorted_marks(const AspSolver *s, AspProp *p)
{
    if (!p->seen_all)
        for (size_t w = 0; w < s->nwords; w++) asp_touch_word(p, w);
    p->seen_all = true;
    size_t n = p->nwlist, *l = p->wlist;
    if (n == p->nwsorted) return;                /* no word marked since the last sort */
    p->nwsorted = n;
    if (n <= 16) {
        for (size_t i = 1; i < n; i++) {
            size_t x = l[i], j = i;
            for (; j > 0 && l[j - 1] > x; j--) l[j] = l[j - 1];
            l[j] = x;
        }
    } else if (marks_list_cheaper(n, s->nwords)) {
        size_t k = marks_list(p->wmark, s->nwords, n, l);
        ASP_ASSERT(k == n);
        (void)k;
    } else qsort(l, n, sizeof *l, word_cmp);
}

/* Keeps marked only the words where the state and the request [lo, hi] differ. */
static void exact_marks(AspProp *p, const Word *lo, const Word *hi)
{
    size_t k = 0;
    for (size_t i = 0; i < p->nwlist; i++) {
        size_t w = p->wlist[i];
        bool differs = (p->tlo[w] != lo[w]) | (p->thi[w] != hi[w]);
        p->wlist[k] = w;                                /* no branch: k <= i */
        k += differs;
        p->wmark[w] = differs;
    }
    p->nwsorted = p->nwsorted == p->nwlist ? k : SIZE_MAX;     /* in order still, if it was */
    p->nwlist = k;
}

/* refine() in strong mode, looking at the marked words only. */
static AftStatus refine_marked(AspSolver *s, const Word *lo, const Word *hi)
{
    AspProp *p = s->prop;
    s->refines++;
    if (p->mode != 1) reset(s, p, 1);
    sorted_marks(s, p);
    if (p->root_conflict) return AFT_INVALID;
    size_t k = p->tr.nlevels;
    for (size_t i = 0; i < p->nwlist; i++) k = outside_in_word(p, lo, hi, p->wlist[i], k);
    backtrack(p, k - 1);
    sorted_marks(s, p);                           /* with the words the backtrack undid */
    size_t nd = 0;
    for (size_t i = 0; i < p->nwlist; i++) {
        int r = request_word(p, lo, hi, p->wlist[i]);
        if (r < 0) return AFT_INVALID;
        if (r) p->dword[nd++] = (uint32_t)p->wlist[i];
    }
    return push_words(s, p, lo, hi, nd) ? AFT_OK : AFT_INVALID;
}

AftStatus asp_prop_refine_at(void *ctx, const Word *lo, const Word *hi, const size_t *changed,
                             size_t nchanged, AftChanges *out)
{
    AspSolver *s = ctx;
    AspProp *p = s->prop;
    note_request(p, changed, nchanged);
    AftStatus r = refine_marked(s, lo, hi);
    ASP_CHECK_STATE(s, p);
    sorted_marks(s, p);
    exact_marks(p, lo, hi);
    *out = (AftChanges){.lo = p->tlo, .hi = p->thi, .words = p->wlist, .count = p->nwlist};
    return r;
}

/* Is the state exactly the request [lo, hi] in strong mode (state_is on the marked words)? */
static bool marked_state_is(const AspSolver *s, AspProp *p, const Word *lo, const Word *hi)
{
    if (p->mode != 1 || p->root_conflict) return false;
    sorted_marks(s, p);
    exact_marks(p, lo, hi);
    return p->nwlist == 0;
}


/* asp_prop_split's choice of atom, as an in-place hook. */
bool asp_prop_split_at(void *ctx, const Word *lo, const Word *hi, const size_t *changed,
                       size_t nchanged, const SplitCtx *how, size_t *atom)
{
    AspSolver *s = ctx;
    AspProp *p = s->prop;
    note_request(p, changed, nchanged);
    if (how && how->strategy != SPLIT_FIRST) return false;
    if (!marked_state_is(s, p, lo, hi)) refine_marked(s, lo, hi);
    size_t best = asp_prop_choose(s, p, marked_state_is(s, p, lo, hi), lo, hi);
    *atom = best;
    return best != SIZE_MAX;
}

/* Is the propagator's state exactly [lo, hi] in strong mode? */
static bool state_is(const AspSolver *s, const AspProp *p, const Word *lo, const Word *hi)
{
    size_t bytes = s->nwords * sizeof *lo;
    return p->mode == 1 && !p->root_conflict && memcmp(p->tlo, lo, bytes) == 0
           && memcmp(p->thi, hi, bytes) == 0;
}

/* Splits on a first-fail atom (support_choice) when the state can be brought to the closure
 * of [lo, hi] and that is [lo, hi] itself, else on the static choice; only for SPLIT_FIRST,
 * the ASP default. */
bool asp_prop_split(void *ctx, const Word *lo, const Word *hi, const SplitCtx *how, Word *lo1,
                    Word *hi1, Word *lo2, Word *hi2)
{
    AspSolver *s = ctx;
    AspProp *p = s->prop;
    if (how && how->strategy != SPLIT_FIRST) return false;
    size_t best = SIZE_MAX;
    if (!state_is(s, p, lo, hi))              /* a conflict leaves the state as it was */
        refine(s, 1, lo, hi, NULL, NULL);
    bool at_state = state_is(s, p, lo, hi);
    best = asp_prop_choose(s, p, at_state, lo, hi);
    if (best == SIZE_MAX) return false;
    asp_prop_halves(s, lo, hi, best, lo1, hi1, lo2, hi2);
    return true;
}

void asp_prop_halves(const AspSolver *s, const Word *lo, const Word *hi, size_t atom,
                     Word *flo, Word *fhi, Word *tlo, Word *thi)
{
    size_t bytes = s->nwords * sizeof *lo;
    memcpy(flo, lo, bytes);
    memcpy(fhi, hi, bytes);
    memcpy(tlo, lo, bytes);
    memcpy(thi, hi, bytes);
    fhi[atom >> 6] &= ~((Word)1 << (atom & 63));
    tlo[atom >> 6] |= (Word)1 << (atom & 63);
}
