/* ufs.c: unfounded sets for the native IR of S_P (prop.c), found incrementally by source
 * pointers (sources.h).
 *
 * An atom on a positive cycle is founded when a rule of it can derive it from atoms that are
 * founded before it: its body is not false and its cyclic positive atoms have sources (an
 * aggregate body: the weight of its literals that are not false, cyclic atoms counted only
 * when they have a source, reaches its bound).  The state keeps one such rule per atom, its
 * source, and per rule the cyclic positive atoms without a source (an aggregate: their
 * weight too, so that its body's slack less that weight settles most questions without a
 * look at its literals).  When a rule loses weight (prop.c calls asp_ufs_weakened) and is
 * its head's source, the check that follows
 *   1. takes the source away when the rule no longer founds it (an aggregate body: when it
 *      has lost more weight than it had to spare over its bound when it became the source;
 *      the atoms it counted then keep their sources as long as it keeps its own, while the
 *      others may rest on its head by now), and from every atom whose source has such an
 *      atom in its positive body, transitively;
 *   2. gives each atom left without a source (and not false) a rule that founds it, if it
 *      has one, and then to the atoms that rule makes founded, transitively;
 *   3. makes the atoms still without a source, and not false, false: they are the greatest
 *      unfounded set of the assignment (every atom outside it has a source).
 * Undoing the trail keeps the sources: a body only gains weight, so a source stays one; an
 * atom without a source that was false and is undone is queued again (asp_ufs_undone).
 *
 * With learning, the values set by 3. share one reason, U's part of its loop formula (clasp's
 * loop nogood): for each rule of an atom of U that has no positive atom in U (an external
 * one), one false literal of its body, the one of the lowest level; for a weight body that
 * needs fewer than all its literals, every false one.  Given those, no rule can derive an
 * atom of U before another atom of U is derived, so no stable model holds one.  (Splitting
 * U into its strongly connected components, each with the external rules of its own, made
 * more conflicts on the hampath and labyrinth encodings of tests/asp/compete, as did the
 * false literals of every rule of U, the reason before the sources.) */
#include "asp/propstate.h"

/* ---- set up ---- */

/* The rules with a cyclic head, and the weights when one of them has an aggregate body;
 * nothing when no atom is on a positive cycle. */
void asp_ufs_new(const AspSolver *s, AspProp *p)
{
    AspUnfounded *u = &p->uf;
    uint32_t n = 0;
    for (uint32_t r = 0; r < s->nrules; r++) n += p->cyclic[s->head[r]];
    if (!n) return;
    u->crules = mem_alloc(n * sizeof *u->crules);
    u->nosrc = mem_alloc((s->nrules + 1) * sizeof *u->nosrc);
    u->src = mem_alloc((s->natoms + 1) * sizeof *u->src);
    u->flag = mem_calloc(s->natoms + 1, 1);
    for (uint32_t r = 0; r < s->nrules; r++) {
        if (!p->cyclic[s->head[r]]) continue;
        u->crules[u->ncrules++] = r;
        if (asp_rule_aggregate(s, r) && !u->unw) {
            u->unw = mem_calloc(s->nrules + 1, sizeof *u->unw);
            u->excess = mem_calloc(s->nrules + 1, sizeof *u->excess);
            u->founded = mem_calloc(s->nrules + 1, sizeof *u->founded);
            u->pass = mem_calloc(s->nrules + 1, sizeof *u->pass);
        }
    }
}

void asp_ufs_free(AspProp *p)
{
    AspUnfounded *u = &p->uf;
    mem_free(u->crules); mem_free(u->nosrc); mem_free(u->src); mem_free(u->flag);
    mem_free(u->unw); mem_free(u->excess); mem_free(u->founded); mem_free(u->pass);
    VEC_FREE(u->todo); VEC_FREE(u->lost); VEC_FREE(u->stack); VEC_FREE(u->later);
}

static void queue(AspUnfounded *u, uint32_t a)
{
    if (u->flag[a] & UFS_TODO) return;
    u->flag[a] |= UFS_TODO;
    VEC_PUSH(u->todo, a);
}

/* At a reset: no atom has a source, every cyclic one is queued. */
void asp_ufs_reset(const AspSolver *s, AspProp *p)
{
    AspUnfounded *u = &p->uf;
    if (!u->ncrules) return;
    u->todo.count = u->lost.count = 0;
    for (uint32_t a = 0; a < s->natoms; a++) {
        u->src[a] = NONE;
        u->flag[a] = 0;
        if (p->cyclic[a]) queue(u, a);
    }
    for (uint32_t i = 0; i < u->ncrules; i++) {
        uint32_t r = u->crules[i];
        int64_t weight;
        u->nosrc[r] = asp_ufs_unsourced(s, p, r, &weight);
        if (u->unw) u->unw[r] = weight;
    }
}

uint32_t asp_ufs_unsourced(const AspSolver *s, const AspProp *p, uint32_t r, int64_t *weight)
{
    uint32_t n = 0;
    *weight = 0;
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++)
        if (p->cyclic[s->pos[k]] && p->uf.src[s->pos[k]] == NONE) {
            n++;
            *weight += asp_pos_weight(s, k);
        }
    return n;
}

/* ---- sources ---- */

/* Aggregate rule r's founded weight (its literals that are not false, cyclic positive atoms
 * counted only with a source whose counts follow: not UFS_NEW) minus its bound.  Read from
 * its literals once a check (the values stay while the sources change), then kept by
 * count_source. */
static int64_t weight_spare(const AspSolver *s, AspProp *p, uint32_t r)
{
    AspUnfounded *u = &p->uf;
    if (u->pass[r] != u->npass) {
        int64_t sum = 0;
        const uint8_t *val = p->tr.val;
        for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++) {
            uint32_t a = s->pos[k];
            bool sourced = u->src[a] != NONE && !(u->flag[a] & UFS_NEW);
            if (val[a] != V_FALSE && (!p->cyclic[a] || sourced)) sum += asp_pos_weight(s, k);
        }
        for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++)
            if (val[s->neg[k]] != V_TRUE) sum += asp_neg_weight(s, k);
        u->founded[r] = sum;
        u->pass[r] = u->npass;
    }
    return u->founded[r] - (int64_t)s->bound[r];
}

/* Cyclic atom b, positive at place k of occ, gained (d = 1) or lost (-1) its source: the
 * counts of rule occ[k]. */
static inline void count_source(const AspSolver *s, AspProp *p, uint32_t b, uint32_t k, int d)
{
    AspUnfounded *u = &p->uf;
    uint32_t r = s->occ[k];
    u->nosrc[r] -= (uint32_t)d;
    if (!u->unw) return;
    int64_t w = d * (int64_t)asp_occ_weight(s, k);
    u->unw[r] -= w;
    if (u->pass[r] == u->npass && p->tr.val[b] != V_FALSE) u->founded[r] += w;
}

/* A new check: the founded weights read before are stale. */
static void next_pass(const AspSolver *s, AspUnfounded *u)
{
    if (!u->unw || ++u->npass) return;
    memset(u->pass, 0, (s->nrules + 1) * sizeof *u->pass);
    u->npass = 1;
}

/* What rule r founds of its head beyond its bound, given the sources: < 0 when it does not
 * found it (a normal body: 0 when it does).  An aggregate's slack less the weight of its
 * cyclic atoms without a source is a lower bound, enough when it is not negative and the
 * check has not read its literals yet. */
static int64_t spare(const AspSolver *s, AspProp *p, uint32_t r)
{
    const AspUnfounded *u = &p->uf;
    int64_t slack = asp_rs_slack(p, r);
    if (slack < 0) return slack;
    if (!asp_rule_aggregate(s, r)) return u->nosrc[r] ? -1 : 0;
    if (u->pass[r] == u->npass || slack < u->unw[r]) return weight_spare(s, p, r);
    return slack - u->unw[r];
}

/* Atom a's source is now rule r, which founds it with `spare` to spare; the counts of the
 * rules it is in follow at its turn in the cascade (UFS_NEW until then). */
static void set_source(AspUnfounded *u, uint32_t a, uint32_t r, int64_t spare)
{
    u->src[a] = r;
    u->flag[a] |= UFS_NEW;
    if (u->excess) u->excess[r] = spare;
}

/* Does rule r, atom a's source since the last check and weakened since, found it still?  An
 * aggregate body: while it has lost no more weight than it had to spare. */
static bool still_founds(const AspSolver *s, AspProp *p, uint32_t r)
{
    if (asp_rule_aggregate(s, r)) return p->uf.excess[r] >= 0;
    return spare(s, p, r) >= 0;
}

/* Atom b, positive at place k of occ, lost its source: does its rule r, the source of its
 * head, found it still?  An aggregate body: while it has weight to spare once b's is taken
 * away (taken from what it counted when it became the source, b counted or not, unless b is
 * false: then taken when b became false, or never counted). */
static bool spares(const AspSolver *s, AspProp *p, uint32_t r, uint32_t b, uint32_t k)
{
    if (!asp_rule_aggregate(s, r)) return false;
    if (p->tr.val[b] != V_FALSE) p->uf.excess[r] -= asp_occ_weight(s, k);
    return p->uf.excess[r] >= 0;
}

/* Atom a (whose source was just cleared) and every atom resting on it lose their sources:
 * those whose source needs them (a normal body), or has no weight to spare without them (an
 * aggregate). */
static void unsource(const AspSolver *s, AspProp *p, uint32_t a)
{
    AspUnfounded *u = &p->uf;
    u->stack.count = 0;
    VEC_PUSH(u->stack, a);
    while (u->stack.count) {
        uint32_t b = u->stack.items[--u->stack.count];
        u->dropped++;
        queue(u, b);
        for (uint32_t k = s->ostart[b]; k < s->ostart[b + 1]; k++) {
            uint32_t r = s->occ[k], h = s->head[r];
            if (!p->cyclic[h]) continue;
            count_source(s, p, b, k, -1);
            if (u->src[h] != r || spares(s, p, r, b, k)) continue;
            u->src[h] = NONE;
            VEC_PUSH(u->stack, h);
        }
    }
}

/* Atom a gets source r (with `extra` to spare), and every atom without a source that a rule
 * of it then founds.  An aggregate takes its head once the cascade without it has ended:
 * with the most weight to spare, it keeps the source longer (unsource). */
static void source(const AspSolver *s, AspProp *p, uint32_t a, uint32_t r, int64_t extra)
{
    AspUnfounded *u = &p->uf;
    set_source(u, a, r, extra);
    u->stack.count = u->later.count = 0;
    VEC_PUSH(u->stack, a);
    for (size_t next = 0; u->stack.count || next < u->later.count;) {
        if (!u->stack.count) {
            uint32_t h = u->later.items[next++], r2 = u->later.items[next++];
            u->flag[h] &= (uint8_t)~UFS_LATER;
            if (u->src[h] != NONE) continue;
            int64_t e = spare(s, p, r2);         /* only more sources since: founds still */
            ASP_ASSERT(e >= 0);
            set_source(u, h, r2, e);
            VEC_PUSH(u->stack, h);
        }
        uint32_t b = u->stack.items[--u->stack.count];
        u->flag[b] &= (uint8_t)~UFS_NEW;
        for (uint32_t k = s->ostart[b]; k < s->ostart[b + 1]; k++) {
            uint32_t r2 = s->occ[k], h = s->head[r2];
            if (!p->cyclic[h]) continue;
            count_source(s, p, b, k, 1);
            if (u->src[h] != NONE || p->tr.val[h] == V_FALSE || (u->flag[h] & UFS_LATER)) continue;
            int64_t e = spare(s, p, r2);
            if (e < 0) continue;
            if (asp_rule_aggregate(s, r2)) {
                u->flag[h] |= UFS_LATER;
                VEC_PUSH(u->later, h);
                VEC_PUSH(u->later, r2);
                continue;
            }
            set_source(u, h, r2, e);
            VEC_PUSH(u->stack, h);
        }
    }
    u->later.count = 0;
}

/* Atom a gets a rule of it that founds it as its source, if it has one. */
static void find_source(const AspSolver *s, AspProp *p, uint32_t a)
{
    for (uint32_t k = s->hstart[a]; k < s->hstart[a + 1]; k++) {
        int64_t e = spare(s, p, s->hrules[k]);
        if (e >= 0) {
            source(s, p, a, s->hrules[k], e);
            return;
        }
    }
}

/* Steps 1 and 2: the sources lost taken away, then new ones found. */
static void update_sources(const AspSolver *s, AspProp *p)
{
    AspUnfounded *u = &p->uf;
    next_pass(s, u);
    for (size_t i = 0; i < u->lost.count; i++) {
        uint32_t a = u->lost.items[i], r = u->src[a];
        if (r == NONE || still_founds(s, p, r)) continue;
        u->src[a] = NONE;
        unsource(s, p, a);
    }
    u->lost.count = 0;
    for (size_t i = 0; i < u->todo.count; i++) {
        uint32_t a = u->todo.items[i];
        if (u->src[a] == NONE && p->tr.val[a] != V_FALSE) find_source(s, p, a);
    }
}

/* The queued atoms without a source and not false, into u->stack (flagged UFS_IN); the
 * others leave the queue. */
static void collect(AspProp *p)
{
    AspUnfounded *u = &p->uf;
    u->stack.count = 0;
    for (size_t i = 0; i < u->todo.count; i++) {
        uint32_t a = u->todo.items[i];
        u->flag[a] &= (uint8_t)~UFS_TODO;
        if (u->src[a] == NONE && p->tr.val[a] != V_FALSE) {
            u->flag[a] |= UFS_IN;
            VEC_PUSH(u->stack, a);
        }
    }
    u->todo.count = 0;
}

/* ---- the reason ---- */

static void add_lit(AspProp *p, uint32_t lit)
{
    uint32_t a = lit >> 1;
    if (p->an.seen[a] == p->an.stamp) return;
    p->an.seen[a] = p->an.stamp;
    asp_ufs_lit(&p->tr, lit);
}

/* Has rule r a positive atom in the unfounded set (flagged UFS_IN)? */
static bool internal(const AspSolver *s, const AspProp *p, uint32_t r)
{
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++)
        if (p->uf.flag[s->pos[k]] & UFS_IN) return true;
    return false;
}

/* The reason of the unfounded set U (u->stack, flagged UFS_IN), stored: why each rule of an
 * atom of U with no positive atom in U has a false body (learn.c's asp_learn_body_false: its
 * earliest false literal; a weight body that needs fewer than all its literals, every false
 * one, whether or not it has an atom in U).  Its offset in p->tr.ufs. */
static uint32_t reason(const AspSolver *s, AspProp *p)
{
    AspUnfounded *u = &p->uf;
    U32s *lits = &p->an.tmp;
    lits->count = 0;
    for (size_t i = 0; i < u->stack.count; i++) {
        uint32_t a = u->stack.items[i];
        for (uint32_t k = s->hstart[a]; k < s->hstart[a + 1]; k++) {
            uint32_t r = s->hrules[k];
            bool aggregate = asp_rule_aggregate(s, r);
            if (!aggregate && internal(s, p, r)) continue;
            size_t had = lits->count;
            asp_learn_body_false(s, p, r, UINT32_MAX, lits);
            ASP_ASSERT(aggregate || lits->count > had);
        }
    }
    uint32_t at = asp_ufs_begin(&p->tr);
    p->an.stamp++;
    for (size_t i = 0; i < lits->count; i++) add_lit(p, lits->items[i]);
    asp_ufs_end(&p->tr, at, true);
    return at;
}

/* ---- the check ---- */

/* Every atom of the greatest unfounded set among the cyclic ones becomes false; those that
 * cannot (a conflict) stay queued. */
void asp_ufs_check(const AspSolver *s, AspProp *p)
{
    AspUnfounded *u = &p->uf;
    update_sources(s, p);
    collect(p);
    if (u->stack.count) {
        uint32_t why = p->learning ? reason(s, p) : 0;
        if (p->learning) asp_act_bump_loop(p, why);
        for (size_t i = 0; i < u->stack.count && !p->conflict; i++)
            asp_prop_assign(p, u->stack.items[i], V_FALSE, R_UFS, why);
    }
    for (size_t i = 0; i < u->stack.count; i++) {
        uint32_t a = u->stack.items[i];
        u->flag[a] &= (uint8_t)~UFS_IN;
        if (p->tr.val[a] != V_FALSE) queue(u, a);
    }
    u->stack.count = 0;
    p->dirty = false;
}
