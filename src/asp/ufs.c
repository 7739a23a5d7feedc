/* ufs.c: unfounded sets for the native IR of S_P (prop.c), found incrementally by source
 * pointers (sources.h).
 *
 * An atom on a positive cycle is founded when a rule of it can derive it from atoms that are
 * founded before it: its body is not false and its cyclic positive atoms have sources (a
 * weight body: the weight of its literals that are not false, cyclic atoms counted only
 * when they have a source, reaches its bound).  The state keeps one such rule per atom, its
 * source, and per rule the cyclic positive atoms without a source.  When a rule loses
 * weight (prop.c calls asp_ufs_weakened) and is its head's source, the check that follows
 *   1. takes the source away when the rule no longer founds it (a weight body that needs
 *      fewer than all its literals: always, since the atoms it counts may rest on its head
 *      by now), and from every atom whose source has such an atom in its positive body,
 *      transitively;
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

/* The rules with a cyclic head, and which of them have a weight body that needs fewer than
 * all its literals; nothing when no atom is on a positive cycle. */
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
        if (asp_rule_aggregate(s, r)) {
            if (!u->weighted) u->weighted = mem_calloc(s->nrules + 1, 1);
            u->weighted[r] = 1;
        }
    }
}

void asp_ufs_free(AspProp *p)
{
    AspUnfounded *u = &p->uf;
    mem_free(u->crules); mem_free(u->nosrc); mem_free(u->src); mem_free(u->flag);
    mem_free(u->weighted);
    VEC_FREE(u->todo); VEC_FREE(u->lost); VEC_FREE(u->stack);
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
    for (uint32_t i = 0; i < u->ncrules; i++) u->nosrc[u->crules[i]] = asp_ufs_unsourced(s, p, u->crules[i]);
}

uint32_t asp_ufs_unsourced(const AspSolver *s, const AspProp *p, uint32_t r)
{
    uint32_t n = 0;
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++)
        n += p->cyclic[s->pos[k]] && p->uf.src[s->pos[k]] == NONE;
    return n;
}

/* ---- sources ---- */

static bool weighted(const AspProp *p, uint32_t r) { return p->uf.weighted && p->uf.weighted[r]; }

/* Does weight rule r found its head: the weight of its literals that are not false, cyclic
 * positive atoms counted only with a source, reaches its bound? */
static bool weight_founds(const AspSolver *s, const AspProp *p, uint32_t r)
{
    int64_t need = s->bound[r];
    const uint8_t *val = p->tr.val;
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++) {
        uint32_t a = s->pos[k];
        if (val[a] != V_FALSE && (!p->cyclic[a] || p->uf.src[a] != NONE)) need -= asp_pos_weight(s, k);
    }
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++)
        if (val[s->neg[k]] != V_TRUE) need -= asp_neg_weight(s, k);
    return need <= 0;
}

/* Does rule r found its head, given the sources? */
static bool founds(const AspSolver *s, const AspProp *p, uint32_t r)
{
    if (asp_rs_slack(p, r) < 0) return false;
    if (weighted(p, r)) return weight_founds(s, p, r);
    return p->uf.nosrc[r] == 0;
}

/* Atom a (whose source was just cleared) and every atom resting on it lose their sources. */
static void unsource(const AspSolver *s, AspProp *p, uint32_t a)
{
    AspUnfounded *u = &p->uf;
    u->stack.count = 0;
    VEC_PUSH(u->stack, a);
    while (u->stack.count) {
        uint32_t b = u->stack.items[--u->stack.count];
        queue(u, b);
        for (uint32_t k = s->ostart[b]; k < s->ostart[b + 1]; k++) {
            uint32_t r = s->occ[k], h = s->head[r];
            if (!p->cyclic[h]) continue;
            u->nosrc[r]++;
            if (u->src[h] != r) continue;
            u->src[h] = NONE;
            VEC_PUSH(u->stack, h);
        }
    }
}

/* Atom a gets source r, and every atom without a source that a rule of it then founds. */
static void source(const AspSolver *s, AspProp *p, uint32_t a, uint32_t r)
{
    AspUnfounded *u = &p->uf;
    u->src[a] = r;
    u->stack.count = 0;
    VEC_PUSH(u->stack, a);
    while (u->stack.count) {
        uint32_t b = u->stack.items[--u->stack.count];
        for (uint32_t k = s->ostart[b]; k < s->ostart[b + 1]; k++) {
            uint32_t r2 = s->occ[k], h = s->head[r2];
            if (!p->cyclic[h]) continue;
            u->nosrc[r2]--;
            if (u->src[h] != NONE || p->tr.val[h] == V_FALSE || !founds(s, p, r2)) continue;
            u->src[h] = r2;
            VEC_PUSH(u->stack, h);
        }
    }
}

/* A rule of atom a that founds it, NONE when none does. */
static uint32_t find_source(const AspSolver *s, const AspProp *p, uint32_t a)
{
    for (uint32_t k = s->hstart[a]; k < s->hstart[a + 1]; k++)
        if (founds(s, p, s->hrules[k])) return s->hrules[k];
    return NONE;
}

/* Steps 1 and 2: the sources lost taken away, then new ones found. */
static void update_sources(const AspSolver *s, AspProp *p)
{
    AspUnfounded *u = &p->uf;
    for (size_t i = 0; i < u->lost.count; i++) {
        uint32_t a = u->lost.items[i], r = u->src[a];
        if (r == NONE || (!weighted(p, r) && founds(s, p, r))) continue;
        u->src[a] = NONE;
        unsource(s, p, a);
    }
    u->lost.count = 0;
    for (size_t i = 0; i < u->todo.count; i++) {
        uint32_t a = u->todo.items[i];
        if (u->src[a] != NONE || p->tr.val[a] == V_FALSE) continue;
        uint32_t r = find_source(s, p, a);
        if (r != NONE) source(s, p, a, r);
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
            if (!weighted(p, r) && internal(s, p, r)) continue;
            size_t had = lits->count;
            asp_learn_body_false(s, p, r, UINT32_MAX, lits);
            ASP_ASSERT(weighted(p, r) || lits->count > had);
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
