/* learn.c: conflict-driven learning for the native IR of S_P (prop.c), behind the engine's
 * learning hooks (AftFunction.learning, learnt, cuts).
 *
 * Every value the propagator sets records why (propstate.h's R_...); the reason is read back
 * from the rule or nogood it names, taking the literals that held before the atom was set
 * (their trail place is earlier).  A conflict is explained by the first unique implication
 * point of that implication graph: starting from the literals of the violated rule, the
 * literals of the conflict's level are replaced by their reasons, the latest on the trail
 * first, until one literal of that level is left; then every other literal that the rest
 * implies through the reasons on the trail is dropped (MiniSat's recursive minimisation,
 * asp_learn_minimize).  The result, a set of literals no stable
 * model satisfies (each reason holds in every stable model that holds its literals), is kept
 * as a nogood and propagated with two watched literals: a nogood whose literals all hold but
 * one makes that one false.  Literals of level 0 hold in every stable model and are left out.
 * The atoms met in an analysis gain activity, which orders the split choice (learnheap.c),
 * and the signs of a nogood's literals choose which half of a split comes first;
 * learnreduce.c deletes nogoods and says when to restart.
 * A literal is 2 * atom + 1 when the atom is false, 2 * atom when it is true. */
#include "asp/propstate.h"

static uint8_t lit_val(uint32_t l) { return (l & 1) ? V_FALSE : V_TRUE; }
static uint8_t other_val(uint8_t v) { return v == V_TRUE ? V_FALSE : V_TRUE; }
static bool holds(const AspProp *p, uint32_t l) { return p->tr.lholds[l]; }

void asp_learn_new(const AspSolver *s, AspProp *p)
{
    p->store.last = p->store.blocks_from = NONE;
    p->store.reduce_at = REDUCE_FIRST;
    p->store.glue = 2;
}

void asp_learn_search_new(const AspSolver *s, AspProp *p)
{
    size_t n = s->natoms + 2;
    ASP_ASSERT(n < ASP_WATCH_PROG / 2);         /* a literal below the watch's marks */
    p->an.seen = mem_calloc(n, sizeof *p->an.seen);
    p->an.failed = mem_calloc(n, sizeof *p->an.failed);
    asp_act_new(s, p, n);
    asp_watch_init(&p->store.watches, 2 * n);
    p->store.lvlseen = mem_calloc(n, sizeof *p->store.lvlseen);
}

void asp_learn_free(AspProp *p)
{
    mem_free(p->an.seen);
    asp_act_free(p);
    asp_walk_free(p);
    mem_free(p->store.lvlseen);
    VEC_FREE(p->store.learnts);
    asp_watch_free(&p->store.watches);
    VEC_FREE(p->store.ng); VEC_FREE(p->store.pending); VEC_FREE(p->store.block);
    VEC_FREE(p->an.tmp); VEC_FREE(p->an.out);
    VEC_FREE(p->an.stack);
    mem_free(p->an.failed);
}

/* ---- reasons ---- */

/* Room in out for n more literals (written then without a check each). */
static inline uint32_t *room(U32s *out, size_t n)
{
    if (out->count + n > out->cap) {
        out->cap = 2 * (out->count + n);
        out->items = mem_realloc(out->items, out->cap * sizeof *out->items);
    }
    return out->items + out->count;
}

/* Atom a's literal of value v, when it holds and was set before trail place `before`. */
static void add_if(const AspProp *p, U32s *out, uint32_t a, uint8_t v, uint32_t before)
{
    if (p->tr.val[a] == v && p->tr.tpos[a] < before) VEC_PUSH(*out, asp_lit_of(a, v));
}

/* Rule r's body literals that hold (want V_TRUE) or are false (want V_FALSE). */
static void body_lits(const AspSolver *s, const AspProp *p, uint32_t r, uint8_t want,
                      uint32_t before, U32s *out)
{
    uint32_t p0 = s->pstart[r], p1 = s->pstart[r + 1], n0 = s->nstart[r], n1 = s->nstart[r + 1];
    uint32_t *at = room(out, (size_t)(p1 - p0) + (n1 - n0)), *to = at;
    const uint8_t *val = p->tr.val;
    const uint32_t *tpos = p->tr.tpos;
    for (uint32_t k = p0; k < p1; k++) {
        uint32_t a = s->pos[k];
        if (val[a] == want && tpos[a] < before) *to++ = asp_lit_of(a, want);
    }
    uint8_t other = other_val(want);
    for (uint32_t k = n0; k < n1; k++) {
        uint32_t a = s->neg[k];
        if (val[a] == other && tpos[a] < before) *to++ = asp_lit_of(a, other);
    }
    out->count += (size_t)(to - at);
}

/* Why rule r's body is false: the literal of it that turned false first (before trail
 * place `before`), or none; an aggregate's body, which one literal need not make false, by
 * all its false literals.  One literal makes a conjunction false, and the earliest has the
 * lowest level (clasp's body variable stands for just such a literal): puzzle's at/4, an
 * atom of up to five rules of three literals each, took its reasons' every false literal,
 * 20% of the instructions on the conflicts' analysis and longer nogoods. */
void asp_learn_body_false(const AspSolver *s, const AspProp *p, uint32_t r, uint32_t before,
                          U32s *out)
{
    if (asp_rule_aggregate(s, r)) {
        body_lits(s, p, r, V_FALSE, before, out);
        return;
    }
    const uint8_t *val = p->tr.val;
    const uint32_t *tpos = p->tr.tpos;
    uint32_t first = before, lit = NONE;
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++) {
        uint32_t a = s->pos[k];
        if (val[a] == V_FALSE && tpos[a] < first && (!s->pw || s->pw[k])) {
            first = tpos[a];
            lit = asp_lit_of(a, V_FALSE);
        }
    }
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++) {
        uint32_t a = s->neg[k];
        if (val[a] == V_TRUE && tpos[a] < first && (!s->nw || s->nw[k])) {
            first = tpos[a];
            lit = asp_lit_of(a, V_TRUE);
        }
    }
    if (lit != NONE) VEC_PUSH(*out, lit);
}

/* Why every rule with head h has a false body (those that have). */
static void unsupported(const AspSolver *s, const AspProp *p, uint32_t h, uint32_t before,
                        U32s *out)
{
    for (uint32_t k = s->hstart[h]; k < s->hstart[h + 1]; k++)
        asp_learn_body_false(s, p, s->hrules[k], before, out);
}

/* The literals of a stored list (length first) other than atom a's. */
static void stored(const U32s *list, uint32_t at, uint32_t a, U32s *out)
{
    uint32_t n = list->items[at], *to = room(out, n);
    const uint32_t *l = list->items + at + 1;
    for (uint32_t i = 0; i < n; i++)
        if (l[i] >> 1 != a) *to++ = l[i];
    out->count = (size_t)(to - out->items);
}

/* The reason (why, arg) for atom a's value, as literals set before trail place `before`:
 * together they make the propagator set it in every interval that holds them. */
static void explain(const AspSolver *s, const AspProp *p, uint32_t a, uint8_t why, uint32_t arg,
                    uint32_t before, U32s *out)
{
    switch (why) {
    case R_FWD: body_lits(s, p, arg, V_TRUE, before, out); break;
    case R_NOSUP: unsupported(s, p, arg, before, out); break;
    case R_SUPPORT:
        add_if(p, out, s->head[arg], V_TRUE, before);
        unsupported(s, p, s->head[arg], before, out);
        break;
    case R_BFALSE:
        add_if(p, out, s->head[arg], V_FALSE, before);
        body_lits(s, p, arg, V_TRUE, before, out);
        break;
    case R_NOGOOD: stored(&p->store.ng, arg, a, out); break;
    case R_BIN: VEC_PUSH(*out, arg); break;
    case R_UFS: case R_CHECK: stored(&p->tr.ufs, arg, a, out); break;
    case R_COST: asp_cost_explain(p, arg, before, out); break;
    default: break;
    }
}

void asp_learn_reason(const AspSolver *s, const AspProp *p, uint32_t a, U32s *out)
{
    explain(s, p, a, p->tr.rkind[a], p->tr.rarg[a], p->tr.tpos[a], out);
}

/* ---- nogoods ---- */

/* Nogood off watches literal lit; `spare` is a literal of it whose falsity spares a look. */
static inline void watch(AspProp *p, uint32_t lit, uint32_t off, uint32_t spare)
{
    asp_watch_add(&p->store.watches, lit, off, spare);
}

/* Keeps the literals of p->out (its last one the unique implication point) as a nogood,
 * watched on that point and on the literal of the highest level among the others. */
static void store(AspProp *p)
{
    U32s *o = &p->an.out;
    size_t n = o->count, best = 0;
    ASP_ASSERT(n >= 1);                           /* at least the UIP */
    VEC_PUSH(p->store.ng, 0);                     /* its search start (look): none yet */
    uint32_t off = (uint32_t)p->store.ng.count;
    for (size_t i = 1; i + 1 < n; i++)
        if (p->tr.alev[o->items[i] >> 1] > p->tr.alev[o->items[best] >> 1]) best = i;
    VEC_PUSH(p->store.ng, (uint32_t)n);
    VEC_PUSH(p->store.ng, o->items[n - 1]);
    if (n > 1) VEC_PUSH(p->store.ng, o->items[best]);
    for (size_t i = 0; i + 1 < n; i++)
        if (i != best) VEC_PUSH(p->store.ng, o->items[i]);
    asp_watch_nogood(p, off);
    for (size_t i = 0; i < n; i++)
        asp_act_sign(&p->act, o->items[i]);
    p->store.nnogoods++;
    p->store.nkept++;
    uint32_t lbd = asp_learn_levels(p, o->items, n, UINT32_MAX);
    VEC_PUSH(p->store.learnts, ((AspLearnt){off, lbd}));
    asp_restart_note(&p->rs);
    VEC_PUSH(p->store.pending, off);
    p->store.last = off;
    p->store.fresh = true;
    asp_act_decay(&p->act, p->rpos, p->store.watches.nlists / 2);
}

/* The first request (level 1, the search's root bound) adds at most this many atoms for
 * its consequences to be replaced by them in a nogood. */
enum { ROOT_ATOMS = 4 };

/* The atoms level 1's request added (they come first on its part of the trail): how many,
 * or 0 when more than ROOT_ATOMS or none, or when the rules are nogoods (learncons.c): the
 * root bound's atom, the constraint atom out, is then at level 0 and level 1 is the first
 * split (its atoms in place of its consequences put that decision into every nogood that
 * meets one: measured, bench/NOTES.md, pigeon-10 needed 3.3x the conflicts). */
static size_t root_atoms(const AspProp *p)
{
    if (p->tr.nlevels < 2 || p->rc.cons) return 0;
    size_t from = p->tr.lstart[1], n = 0;
    while (from + n < p->tr.qtail && n <= ROOT_ATOMS && p->tr.rkind[p->tr.trail[from + n]] == R_NONE
           && p->tr.alev[p->tr.trail[from + n]] == 1)
        n++;
    return n <= ROOT_ATOMS ? n : 0;
}

/* mark's literal l of a level below the conflict's: into the nogood, or the first request's
 * atoms in its place. */
static void mark_below(AspProp *p, uint32_t l)
{
    uint32_t a = l >> 1;
    size_t roots = p->tr.alev[a] == 1 && p->tr.rkind[a] != R_NONE ? root_atoms(p) : 0;
    for (size_t i = 0; i < roots; i++) {
        uint32_t b = p->tr.trail[p->tr.lstart[1] + i];
        if (p->an.seen[b] == p->an.stamp) continue;
        p->an.seen[b] = p->an.stamp;
        VEC_PUSH(p->an.out, asp_lit_of(b, p->tr.val[b]));
    }
    if (!roots) VEC_PUSH(p->an.out, l);
}

/* Literal l (atom a) joins the analysis once: a literal of the conflict's level `cur` is
 * counted (1), another one goes into the nogood; level 0 is left out.  A consequence of the
 * first request (level 1, below cur) is replaced by that request's few atoms, which imply it
 * with the facts of level 0: the root bound's consequences (with a constraint atom out,
 * every atom a constraint forces) then cost the nogood one literal instead of one each. */
static inline size_t mark(AspProp *p, uint32_t l, size_t cur)
{
    uint32_t a = l >> 1, lev = p->tr.alev[a];
    if (p->an.seen[a] == p->an.stamp || lev == 0) return 0;
    p->an.seen[a] = p->an.stamp;
    asp_act_bump(p, a);
    if (lev == cur) return 1;
    mark_below(p, l);
    return 0;
}

/* The literals of p->an.tmp join the analysis; the number of them of level cur. */
static size_t mark_all(AspProp *p, size_t cur)
{
    size_t n = 0;
    for (size_t i = 0; i < p->an.tmp.count; i++) n += mark(p, p->an.tmp.items[i], cur);
    return n;
}

/* The literals of atom b's reason, the optimisation's bound (R_COST), join the analysis
 * where cost.c holds them, in the order asp_cost_explain would copy them (a copy of every
 * held literal up to the reason's depth was 2 % of jobshop-8's instructions); the number
 * of them of level cur. */
static size_t mark_cost(AspProp *p, uint32_t b, size_t cur)
{
    AspCostView cv = asp_cost_view(p);
    uint32_t lit = p->tr.rarg[b], depth, n = asp_cost_reason(p, lit, p->tr.tpos[b], &depth);
    size_t count = 0;
    for (uint32_t i = 0; i < n; i++)
        if (cv.lit[i] >> 1 != lit >> 1 && cv.level[i] <= depth) count += mark(p, cv.lit[i], cur);
    return count;
}

/* A bit per level (modulo 32): a literal whose level has no bit in the nogood's mask
 * cannot be implied by the nogood's literals (MiniSat's abstract levels). */
static uint32_t level_bit(const AspProp *p, uint32_t a) { return 1u << (p->tr.alev[a] & 31); }

/* Atom c met by the minimisation: true when it may be implied (explained further), false
 * when it cannot be: no reason, a level outside the nogood's mask, or found not implied
 * before in this analysis. */
static bool may_imply(const AspProp *p, uint32_t c, uint32_t levels)
{
    return p->tr.rkind[c] != R_NONE && (level_bit(p, c) & levels)
           && p->an.failed[c] != p->an.stamp;
}

/* The lists a frame of the minimisation's walk reads its reason from: the analysis's
 * scratch, a stored nogood or unfounded set's reason in place (no copy), a binary
 * nogood's one other literal kept in the frame itself, or the optimisation's bound's
 * reason in place among cost.c's held literals (the walk stops early in most: copying them
 * all was a tenth of jobshop-8's instructions; read in place, 4.8 % fewer in all,
 * bench/RESULTS.md, part33t's section). */
enum { FROM_TMP, FROM_NOGOODS, FROM_UFS, FROM_BIN, FROM_COST, FRAME_WORDS = 6 };

/* Frame f's reason's literals (indices f[3] .. f[4]); not for FROM_COST. */
static inline const uint32_t *frame_list(const AspProp *p, const uint32_t *f)
{
    return f[1] == FROM_NOGOODS ? p->store.ng.items
           : f[1] == FROM_UFS ? p->tr.ufs.items
           : f[1] == FROM_BIN ? f + 5 : p->an.tmp.items;
}

/* Does atom c, met in a frame's reason, still need a look: not in the analysis (seen: the
 * frames' own atoms are, while they are read, so a stored reason's own literal is passed
 * too) and not of level 0? */
static inline bool open_atom(const AspProp *p, uint32_t c)
{
    return p->an.seen[c] != p->an.stamp && p->tr.alev[c] != 0;
}

/* The bound's reason of depth d is the first held literals of levels up to d (asp_cost_reason),
 * and what the walk finds in the analysis stays there until the analysis ends (no reason
 * on the trail holds a later atom, so the frames that a failed walk unmarks, later than
 * the reason they read, are never among them): once a frame has read the first `end`
 * held literals of depth d to the end, every later frame of depth d or less starts past
 * them (walked[d], which the shallower depths keep at least as far).  On jobshop-8 the
 * walk read 30 million held literals, most of them again and again. */
static void walked_to(const AspCostView *cv, uint32_t d, uint32_t end)
{
    for (uint32_t j = d + 1; j-- > 0 && cv->walked[j] < end;) cv->walked[j] = end;
}

/* The next atom of frame f's reason that needs a look (f[3] moves past it), NONE when none
 * is left; of the bound's reason only the held literals of levels up to its depth (f[5]).
 * One loop for each kind of list, with no test of the kind a literal: the walk reads some
 * 90 million literals on jobshop-8. */
static inline uint32_t frame_open(const AspProp *p, const AspCostView *cv, uint32_t *f)
{
    uint32_t k = f[3], end = f[4];
    if (f[1] == FROM_COST) {
        for (; k < end; k++)
            if (cv->level[k] <= f[5] && open_atom(p, cv->lit[k] >> 1)) {
                f[3] = k + 1;
                return cv->lit[k] >> 1;
            }
        walked_to(cv, f[5], end);
    } else {
        const uint32_t *l = frame_list(p, f);
        for (; k < end; k++)
            if (open_atom(p, l[k] >> 1)) {
                f[3] = k + 1;
                return l[k] >> 1;
            }
    }
    f[3] = end;
    return NONE;
}

/* Frame f's reason, for atom q set by (why, arg), explained at the end of p->an.tmp or
 * read among the bound's held literals (the rarer kinds, out of the walk's line). */
static __attribute__((noinline)) void frame_explained(const AspSolver *s, AspProp *p,
                                                      const AspCostView *cv, uint32_t *f,
                                                      uint32_t q, uint32_t why, uint32_t arg)
{
    if (why == R_COST) {
        f[1] = FROM_COST;
        f[4] = asp_cost_reason(p, arg, p->tr.tpos[q], &f[5]);
        f[3] = cv->walked[f[5]] < f[4] ? cv->walked[f[5]] : f[4];
        p->an.bound_reads += f[4] - f[3];
        return;
    }
    explain(s, p, q, (uint8_t)why, arg, p->tr.tpos[q], &p->an.tmp);
    f[1] = FROM_TMP;
    f[3] = f[2];
    f[4] = (uint32_t)p->an.tmp.count;
}

/* Pushes atom q's reason as a frame of the minimisation's walk: q, the list its literals
 * are in, the scratch's length to come back to, the next literal to look at, their end,
 * and for the bound's reason its deepest level (for a binary nogood's, its other literal).
 * A stored reason is read where it is (it holds q's own literal, which the walk skips);
 * the others but a binary one are explained at the end of p->an.tmp.  Inline but for the
 * rarer kinds: jobshop-8's walk reads 14 million reasons, 90 % of them stored nogoods' and
 * binary ones. */
static inline __attribute__((always_inline)) void push_frame(const AspSolver *s, AspProp *p,
                                                             const AspCostView *cv, uint32_t q)
{
    uint32_t why = p->tr.rkind[q], arg = p->tr.rarg[q];
    uint32_t *f = room(&p->an.stack, FRAME_WORDS);
    p->an.stack.count += FRAME_WORDS;
    p->an.seen[q] = p->an.stamp;
    f[0] = q;
    f[2] = (uint32_t)p->an.tmp.count;
    if (why == R_NOGOOD) {
        f[1] = FROM_NOGOODS;
        f[3] = arg + 1;
        f[4] = arg + 1 + p->store.ng.items[arg];
    } else if (why == R_BIN) {
        f[1] = FROM_BIN;
        f[3] = 0;
        f[4] = 1;
        f[5] = arg;
    } else if (why == R_UFS || why == R_CHECK) {
        f[1] = FROM_UFS;
        f[3] = arg + 1;
        f[4] = arg + 1 + p->tr.ufs.items[arg];
    } else {
        frame_explained(s, p, cv, f, q, why, arg);
    }
}

/* Is literal b (atom b) implied by the literals in the analysis (seen), through reasons
 * whose literals are all seen, of level 0, or so implied themselves (MiniSat's recursive
 * minimisation)?  A walk in depth, one frame per atom whose reason is being read: the
 * frame's atom is marked seen while its reason is read (no reason on the trail holds a
 * later atom, so none meets it again) and stays so when the reason is read to its end (it
 * is implied); when one cannot be, the atoms of the frames above it cannot either: they
 * are marked failed (and not seen), so that no later walk of the same analysis reads their
 * reasons again (both marks only say what a later walk would find again: the nogood is
 * the same as without them). */
static bool redundant(const AspSolver *s, AspProp *p, uint32_t b, uint32_t levels,
                      const AspCostView *cv)
{
    if (p->tr.rkind[b] == R_NONE) return false;
    p->an.tmp.count = p->an.stack.count = 0;
    push_frame(s, p, cv, b);
    while (p->an.stack.count) {
        uint32_t *f = p->an.stack.items + p->an.stack.count - FRAME_WORDS;
        uint32_t c = frame_open(p, cv, f);
        if (c == NONE) {                      /* f[0]'s reason is implied: it stays seen */
            p->an.tmp.count = f[2];
            p->an.stack.count -= FRAME_WORDS;
            continue;
        }
        if (!may_imply(p, c, levels)) {       /* b stays seen: it is in the nogood */
            p->an.failed[b] = p->an.stamp;
            for (size_t k = FRAME_WORDS; k < p->an.stack.count; k += FRAME_WORDS) {
                p->an.failed[p->an.stack.items[k]] = p->an.stamp;
                p->an.seen[p->an.stack.items[k]] = p->an.stamp - 1;
            }
            return false;
        }
        if (p->tr.rkind[c] == R_BIN && !open_atom(p, p->tr.rarg[c] >> 1))
            p->an.seen[c] = p->an.stamp;      /* implied by its one other literal: no frame */
        else
            push_frame(s, p, cv, c);
    }
    return true;
}

/* Drops from p->an.out (its last literal, the UIP, stays) every literal the rest implies:
 * the nogood without it still holds in no stable model. */
void asp_learn_minimize(const AspSolver *s, AspProp *p)
{
    size_t j = 0, n = p->an.out.count;
    uint32_t levels = 0;
    AspCostView cv = asp_cost_view(p);
    if (cv.walked) memset(cv.walked, 0, (cv.nlevels + 1) * sizeof *cv.walked);
    for (size_t i = 0; i < n; i++) levels |= level_bit(p, p->an.out.items[i] >> 1);
    for (size_t i = 0; i + 1 < n; i++) {
        uint32_t l = p->an.out.items[i];
        if (!redundant(s, p, l >> 1, levels, &cv)) p->an.out.items[j++] = l;
    }
    p->an.out.items[j++] = p->an.out.items[n - 1];
    p->an.out.count = j;
}

/* First UIP: the conflict at level k (the state still holds it) as a nogood. */
void asp_learn_conflict(const AspSolver *s, AspProp *p, size_t k)
{
    uint32_t a = p->tr.cf_atom;
    if (!p->conflict || p->root_conflict || p->tr.val[a] == V_UNK) return;
    p->an.tmp.count = p->an.out.count = 0;
    VEC_PUSH(p->an.tmp, asp_lit_of(a, p->tr.val[a]));
    explain(s, p, a, p->tr.cf_kind, p->tr.cf_arg, UINT32_MAX, &p->an.tmp);
    size_t cur = 0;
    for (size_t i = 0; i < p->an.tmp.count; i++)
        if (p->tr.alev[p->an.tmp.items[i] >> 1] > cur) cur = p->tr.alev[p->an.tmp.items[i] >> 1];
    /* A nogood already known is violated: nothing new.  The optimisation's bound, once
     * tightened, a minimality check's nogood and a solution nogood just added (block.c) may
     * break on a lower level: that is new. */
    bool fresh = p->tr.cf_kind == R_COST || p->tr.cf_kind == R_CHECK
                 || (p->tr.cf_kind == R_NOGOOD && p->store.block_violated);
    p->store.block_violated = false;
    if (cur < k && (!fresh || cur == 0)) return;
    p->an.stamp++;
    size_t count = mark_all(p, cur), i = p->tr.qtail;
    for (;;) {
        while (p->an.seen[p->tr.trail[--i]] != p->an.stamp) {}
        uint32_t b = p->tr.trail[i], l = asp_lit_of(b, p->tr.val[b]);
        if (--count == 0 || p->tr.rkind[b] == R_NONE) {      /* the UIP, or a request's atom */
            VEC_PUSH(p->an.out, l);
            if (count == 0) break;
            continue;
        }
        if (p->tr.rkind[b] == R_COST) {
            count += mark_cost(p, b, cur);
            continue;
        }
        p->an.tmp.count = 0;
        explain(s, p, b, p->tr.rkind[b], p->tr.rarg[b], p->tr.tpos[b], &p->an.tmp);
        if (p->tr.rkind[b] == R_NOGOOD) asp_learn_relbd(p, p->tr.rarg[b]);
        count += mark_all(p, cur);
    }
    asp_learn_minimize(s, p);
    store(p);
    asp_learn_reduce(p);
}

/* Nogood off has all its literals but l[0] holding (l[0] unknown: it becomes false) or all
 * of them (a conflict). */
static void unit(AspProp *p, uint32_t off, uint32_t lit)
{
    asp_prop_assign(p, lit >> 1, other_val(lit_val(lit)), R_NOGOOD, off);
}

/* A nogood of two literals, {lit, other}, with lit holding: other becomes false, its reason
 * lit itself (R_BIN). */
static inline void bin_unit(AspProp *p, uint32_t lit, uint32_t other)
{
    asp_prop_assign(p, other >> 1, other_val(lit_val(other)), R_BIN, lit);
}

/* The first of the literals l[k ..) of a nogood of n that does not hold, n when all do:
 * four at a time, their holding as four bits and the first clear one found by counting
 * (one branch a group: the scan is most of a look on long nogoods, and a branch per literal
 * that leaves at a place no predictor knows costs more than the reads), the last ones
 * one at a time. */
static inline uint32_t first_open(const uint8_t *lholds, const uint32_t *l, uint32_t k, uint32_t n)
{
    for (; k + 4 <= n; k += 4) {
        unsigned held = (unsigned)lholds[l[k]] | (unsigned)lholds[l[k + 1]] << 1
                        | (unsigned)lholds[l[k + 2]] << 2 | (unsigned)lholds[l[k + 3]] << 3;
        if (held != 15) return k + (uint32_t)__builtin_ctz(~held);
    }
    while (k < n && lholds[l[k]]) k++;
    return k;
}

/* The literal of l[2 ..) of a learnt nogood of n (its search start in the word before its
 * length) that does not hold, n when all do: in a nogood of CIRCULAR_FROM literals or more
 * the search starts where the last one found its literal and wraps round (Gent's circular
 * search, as clasp's long clauses do: the literals before that place held then and mostly
 * hold still; from 2 each time, a nogood of a hundred literals that mostly hold, as a
 * clique's bound learns, is read whole at every look: clique 130, 33 -> 19 microseconds a
 * conflict).  Shorter ones search from 2: the watches so found made the order encoding of
 * job shop take 5-25% fewer conflicts (jobord-11, five seeds of six) than the circular
 * search's. */
enum { CIRCULAR_FROM = 32 };

static inline uint32_t learnt_open(const uint8_t *lholds, uint32_t *l, uint32_t n)
{
    if (n < CIRCULAR_FROM) return first_open(lholds, l, 2, n);
    uint32_t from = l[-2] >= 2 && l[-2] < n ? l[-2] : 2;
    uint32_t k = first_open(lholds, l, from, n);
    if (k == n && from > 2) {
        k = first_open(lholds, l, 2, from);
        if (k == from) k = n;
    }
    if (k < n) l[-2] = k;
    return k;
}

/* Nogood off, watching `lit`, which now holds: true when it keeps that watch (its other one
 * is false), false when it moved the watch to another literal that does not hold or, with
 * none left, made its other watch false (or met a conflict).  *spare becomes its other
 * watch.  The store's words and the literals' holding are the visit's (read once there: a
 * propagation neither moves them nor grows the store, and an assignment's byte stores would
 * make the compiler read them again at each look). */
static bool look(AspProp *p, uint32_t *ng, const uint8_t *lholds, uint32_t off, uint32_t lit,
                 uint32_t *spare)
{
    uint32_t n = ng[off], *l = ng + off + 1;
    ASP_ASSERT(ng == p->store.ng.items && lholds == p->tr.lholds);
    ASP_ASSERT(n >= 1 && (l[0] == lit || (n > 1 && l[1] == lit)));   /* watched on l[0], l[1] */
    if (n == 1) {
        unit(p, off, lit);
        return true;
    }
    l[0] ^= l[1] ^ lit;                                /* the other watch first, lit second */
    l[1] = lit;                                        /* (no branch on which side lit was) */
    *spare = l[0];
    if (lholds[l[0] ^ 1]) return true;                 /* the other watch is false */
    uint32_t k = off >= p->rc.perm_end ? learnt_open(lholds, l, n) : first_open(lholds, l, 2, n);
    if (k < n) {                                       /* watch l[k] instead */
        l[1] = l[k];
        l[k] = lit;
        watch(p, l[1], off, l[0]);
        return false;
    }
    unit(p, off, l[0]);
    return true;
}

/* Literal `lit` now holds: the nogoods of two literals watching it (the first words of its
 * list, watch.h) each make their other literal false, its reason lit itself (R_BIN), with
 * no look at their memory (clasp's short implications); then each longer nogood watching it
 * looks for another literal that does not hold to watch; with none, its other watch
 * becomes false (or it is violated).  After a conflict the rest of the list stays as it
 * is. */
void asp_learn_visit(const AspSolver *s, AspProp *p, uint32_t lit)
{
    (void)s;
    AspWatches *w = &p->store.watches;
    uint32_t *items = asp_watch_items(w, lit);      /* again when a look that moves a watch */
    const uint32_t *pool = w->pool;                 /* moves the pool (it grows) */
    size_t i = 0, count = asp_watch_count(w, lit);
    const uint8_t *lholds = p->tr.lholds;
    uint32_t *ng = p->store.ng.items;
    for (; i < count && (items[i] & ASP_WATCH_BIN); i++) {
        uint32_t other = asp_watch_other(items[i]);
        if (lholds[other ^ 1]) continue;
        bin_unit(p, lit, other);
        if (p->conflict) return;
    }
    size_t j = i;
    while (i < count) {
        if (j == i) {            /* nothing moved yet: the spared watches are passed in place */
            while (i < count && lholds[items[i + 1] ^ 1]) i += 2;
            j = i;
            if (i == count) break;
        }
        uint32_t off = items[i], spare = items[i + 1];
        i += 2;
        if (lholds[spare ^ 1]) {               /* spared: kept, moved up (j < i here) */
            items[j] = off;
            items[j + 1] = spare;
            j += 2;
            continue;
        }
        bool keep = look(p, ng, lholds, off, lit, &spare);
        if (w->pool != pool) {
            pool = w->pool;
            items = asp_watch_items(w, lit);
        }
        items[j] = off;
        items[j + 1] = spare;
        j += keep ? 2 : 0;
        if (p->conflict) break;
    }
    if (i < count && j < i) memmove(items + j, items + i, (count - i) * sizeof *items);
    asp_watch_truncate(w, lit, j + (count - i));
}

/* The nogoods learnt (or solution nogoods added, block.c) since the last request: each
 * that is unit (or violated) under the state is propagated once; the watches take over from
 * there. */
void asp_learn_pending(AspProp *p)
{
    p->store.block_violated = false;
    for (size_t i = 0; i < p->store.pending.count && !p->conflict; i++) {
        uint32_t off = p->store.pending.items[i], n = p->store.ng.items[off], *l = p->store.ng.items + off + 1;
        uint32_t open = NONE, missing = 0;
        for (uint32_t k = 0; k < n; k++)
            if (!holds(p, l[k])) {
                missing++;
                open = l[k];
            }
        p->store.block_violated = missing == 0 && off >= p->store.blocks_from;
        if (missing == 0) unit(p, off, l[0]);
        else if (missing == 1 && p->tr.val[open >> 1] == V_UNK) unit(p, off, open);
    }
    p->store.pending.count = 0;
    p->store.blocks_from = NONE;
}

/* ---- the engine's hooks ---- */


bool asp_prop_learnt(void *ctx)
{
    AspProp *p = ((AspSolver *)ctx)->prop;
    bool fresh = p->store.fresh;
    p->store.fresh = false;
    return fresh;
}

/* Do all literals of the last nogood but at most one hold in [lo, hi]? */
bool asp_prop_cuts(void *ctx, const Word *lo, const Word *hi)
{
    AspProp *p = ((AspSolver *)ctx)->prop;
    if (p->store.last == NONE) return false;
    uint32_t n = p->store.ng.items[p->store.last], missing = 0;
    for (uint32_t k = 1; k <= n && missing < 2; k++) {
        uint32_t l = p->store.ng.items[p->store.last + k], a = l >> 1;
        Word bit = (Word)1 << (a & 63);
        bool in = (l & 1) ? !(hi[a >> 6] & bit) : (lo[a >> 6] & bit) != 0;
        missing += !in;
    }
    return missing < 2;
}

/* The sign of a split: with learning and no bound, a capped element out, else the phase a
 * long jump saved (learnheap.c's progress saving); then the walk's phase (learnwalk.c) when it
 * gave the atom one; else,
 * without a bound, a choice's atom that is no aggregate's element is tried out first (its
 * partner in first) unless the nogoods learnt (the recent ones weighing more, as activity
 * does) hold it false more than true (then in): a nogood says its literals do not hold
 * together, so the other value is the one they do not refute (clasp's sign score from
 * learnt constraints, with VSIDS's decay, then clasp's sign for atoms: false).  Measured
 * (bench/RESULTS.md, "Issue 33: the sign of a choice's atom"): maze generation (tests/asp/compete/mazegen.lp, a wall chosen
 * per cell, empty cells reached) 30 cells a side seeds 1-3 4 123, 3 468, 10 017 conflicts ->
 * 2, 1, 1 (clasp 2, 80, 1), where in first built walls row by row that reachability then
 * refuted; a panel of 93 other first models and optima unchanged but queens with blocked
 * squares (1.6x, a few hundred conflicts: their q(X,Y) counted through gringo's atom of an
 * element's condition, now marked as elements too, learnheap.c); random 3-SAT about as before (it had followed
 * the sign in every other stretch of 1000, 2000, 4000 .. nogoods, in first between).  An element
 * of an aggregate (a colour of 1 { colour(X, C) : col(C) } 1) is always tried in first: that
 * half decides its group, the other one hardly anything (measured, bench/NOTES.md:
 * colouring needed 1.2-1.5x the conflicts when such atoms followed the sign); without a
 * bound, only where one of its aggregates needs at most a third of its weight (GROUP_DECIDES):
 * a choice's atom whose every aggregate needs more (a row's N = #count { .. } with N near
 * half the row) decides no more in than out, and is tried out first (clasp's sign for atoms).
 * Measured (bench/RESULTS.md, "bottle filling's sign"): bottle filling 40 and 60 cells a
 * side, seeds 1-8, 1 426 -> 262 conflicts (geometric mean; clasp 295), a panel of 61 other
 * first models unchanged.  Under an
 * optimisation's bound (cost.c) an atom whose #minimize literals weigh more in than out
 * (or the other way round) takes its cheaper half first, unless it is an aggregate's element
 * (the first models are cheap, so the bound is tight early; timetabling 13.5 -> 0.38 s,
 * bench/opt.sh; on TSP's aggregate elements it made the optimum 4x slower), or the nogoods
 * learnt have given it a sign: that one is followed, as clasp follows its
 * sign score before the atom's default sign (bench/RESULTS.md, "the learnt sign of the
 * #minimize atoms": the fewest hubs of 90 nodes seed 2 444 950 conflicts -> 15 378, clasp
 * 17 964, where always cheap first each model's neighbourhood was lost: the bound forces
 * hubs out, and a split put back out the hubs conflicts had asked in); any other atom's
 * half comes first: with the learnt sign, vertex
 * cover's optimum took fewer conflicts but each cost more (vcover-60 0.36 -> 0.53 s), and
 * no walk runs.  In a program that is
 * not head-cycle-free every atom but an aggregate's element is tried out first, before all
 * of that: each candidate is checked for minimality (minimal.c), and the small candidates
 * are the likely minimal ones, as clasp's sign (false for atoms) finds them.  A minimal
 * diagnosis by saturation (tests/asp/compete/mindiag.lp, 40 gates): 444 228 choices and 7.8 s
 * with the atom's half first, 39 choices and 0.01 s so (clingo: 42); conformant planning,
 * whose steps are aggregates' elements, stays as it was (tried out first too it took 40x).
 * With learning, an atom in the positive body of a rule whose head is on a positive cycle
 * (it may found a loop: an arc of a path that reaches) is tried out first, unless it is an
 * aggregate's element under an optimisation's bound: clasp's sign for atoms, where the
 * unfounded sets prune.  Measured (bench/RESULTS.md, "Unfounded sets by source pointers"):
 * a Hamiltonian path of 400 nodes with reachability (tests/asp/compete/hampath.lp) 148 215
 * conflicts -> 377 (clingo 309), the labyrinth of 12, seeds 2 and 4, 125 382 -> 59 880 and
 * 386 352 -> 94 516; on TSP's cycle/2, aggregates' elements under the bound, it took 2-3x
 * the conflicts, hence the exception.  Without a bound, an atom whose only aggregates must not
 * hold (the elements of `:- #count { .. } > B`: gringo's h :- B + 1 { .. } with `:- h`) is
 * tried out first (in, it only uses up the cap), before the loops' and the walk's signs.
 * Measured (bench/RESULTS.md, "the sign of a capped aggregate's elements"): company control
 * under a budget of stakes (tests/asp/compete/holding.lp, 150 companies, up to 8 stakes of
 * up to 35 %, seed 5) over 784 000 conflicts -> 708 (clasp 3 173).  gringo's upper bound of a
 * choice `{ .. } k` (h :- k + 1 { .. }, b :- not h, :- B, not b) caps its elements too.
 * Without a bound, an atom only rules derive (no choice's atom or partner) is tried out
 * first too once a conflict has touched it, before the walk's sign and before the aggregate
 * elements' rule (a derived element is no choice that decides a group): it
 * holds once one of its bodies does, which propagation finds, while in it asks the search to
 * find it a body (clasp tries atoms false).  Measured (bench/RESULTS.md, "Issue 33: the sign
 * of derived atoms"): blocks world (tests/asp/compete/blocks.lp: on/3, moved/2, the moves
 * capped) 24 blocks seed 4 66 161 conflicts -> 4 312 (clasp 2 937), 30 seed 1 195 923 ->
 * 2 506 (3 827); over 50 first models of the compete kinds 0.67x.  Derived aggregates'
 * elements too ("Issue 33: the sign of derived aggregates' elements"): the nonograms'
 * filled cells, counted in their columns, 14 instances 0.89x (30 seed 3: 52 082 -> 36 236).
 * An atom no conflict has touched keeps its half first: the static rank derives the program
 * bottom-up, where out first refutes each level of tests/asp/run.sh's chain (n conflicts and
 * n^2 / 2 choices, as clasp's).  Under a #minimize the wseq optima took 7-13x, hence not
 * there. */
/* Is atom a choice's partner (a' of `a :- B, not a'`, an atom of the translation that rules
 * do not derive alone)?  In, it keeps its atom out. */
static bool is_partner(const AspSolver *s, size_t atom)
{
    return s->builder_of[atom] >= s->prog->names.count && (long)atom != s->fatom;
}

bool asp_prop_prefer_in(void *ctx, size_t atom)
{
    const AspSolver *s = ctx;
    AspProp *p = s->prop;
    if (s->mini && !(p->act.grouped && p->act.grouped[atom])) return false;
    if (p->learning && !p->cost && !s->mini && p->act.capped && p->act.capped[atom]) return false;
    if (p->learning && !p->cost && p->act.saved[atom]) return p->act.saved[atom] == V_TRUE;
    if (p->learning && p->act.feeds && p->act.feeds[atom] && !(p->cost && p->act.grouped[atom]))
        return false;
    if (p->learning && !p->cost && p->act.derived[atom] && p->act.activity[atom] > 0.0) return false;
    if (p->learning && !p->cost && !p->act.derived[atom] && p->act.grouped[atom]
        && !(p->act.grouped[atom] & GROUP_DECIDES)) return false;
    if (p->learning && !p->cost && p->walk.phase && p->walk.phase[atom]) return p->walk.phase[atom] == V_TRUE;
    int cs = asp_cost_sign(p, atom);
    if (p->learning && cs >= 0 && !p->act.grouped[atom])
        return p->act.sign[atom] != 0.0 ? p->act.sign[atom] > 0.0 : cs;
    if (p->learning && !p->cost && !p->act.grouped[atom] && !p->act.derived[atom])
        return is_partner(s, atom) ? p->act.sign[atom] >= 0.0 : p->act.sign[atom] > 0.0;
    return true;      /* an aggregate's element that decides its group, or an atom no
                         conflict has touched, or one whose #minimize literals weigh alike */
}

bool asp_prop_restart(void *ctx)
{
    AspProp *p = ((AspSolver *)ctx)->prop;
    if (!p->learning || !asp_restart_due(&p->rs)) return false;
    asp_walk_restart(p);
    return true;
}
