/* learncons.c: integrity constraints propagated as nogoods (with learning, in strong mode).
 *
 * The solver compiles `:- B` into `f :- B, not f` with f, the constraint atom, false in every
 * stable model (the search requests it so); with f false, the completion's backward
 * propagation keeps B from holding, through a counter per rule.  When B is a conjunction of
 * two or more literals, B is as well a nogood: it holds in no stable model.  With learning,
 * such constraints go to the nogood store once, before any learnt nogood, are never deleted
 * and are watched like the learnt ones (two watched literals, clasp's way: a constraint costs
 * a look when one of its two watches holds, instead of a counter per literal each time any
 * of its atoms gets a value and again when it is undone).  A state reset in that way leaves
 * their rules out: they are not in its occurrence lists (p->live), support nothing (their
 * body counts as false) and f loses them as rules.  A conflict met on such a nogood is
 * explained by it, as by a learnt one.  The well-founded operator and a search without
 * learning keep the counters (p->all). */
#include "asp/propstate.h"

/* Is atom a a fact (a rule with an empty body)? */
static bool fact(const AspSolver *s, uint32_t a)
{
    for (uint32_t k = s->hstart[a]; k < s->hstart[a + 1]; k++) {
        uint32_t r = s->hrules[k];
        if (s->pstart[r] == s->pstart[r + 1] && s->nstart[r] == s->nstart[r + 1]) return true;
    }
    return false;
}

/* Is rule r a constraint whose body is a conjunction of at least two literals besides
 * `not f` and the facts?  (With fewer, it is a unit constraint at level 0: the counter
 * propagates it once per reset.  Measured, bench/NOTES.md: pigeonhole's `:- p, not a`, p a
 * fact, as nogoods took 10-24% more conflicts on pigeon-9/10/11.) */
static bool as_nogood(const AspSolver *s, uint32_t r)
{
    if (s->fatom < 0 || s->head[r] != (uint32_t)s->fatom || asp_rule_aggregate(s, r))
        return false;
    uint64_t n = 0;
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++) n += !fact(s, s->pos[k]);
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++) n += s->neg[k] != (uint32_t)s->fatom;
    return n >= 2;
}

/* The entries [ostart[a], ostart[a+1]) of occ (weights w, may be NULL) whose rule is not
 * kept as a nogood, for every atom: into *start, *list, *lw. */
static void filter(const AspSolver *s, const AspProp *p, const uint32_t *ostart,
                   const uint32_t *occ, const uint32_t *w, uint32_t **start, uint32_t **list,
                   uint32_t **lw)
{
    size_t n = ostart[s->natoms];
    uint32_t *st = mem_alloc((s->natoms + 1) * sizeof *st), *l = mem_alloc((n + 1) * sizeof *l);
    uint32_t *nw = w ? mem_alloc((n + 1) * sizeof *nw) : NULL, k = 0;
    for (size_t a = 0; a < s->natoms; a++) {
        st[a] = k;
        for (uint32_t i = ostart[a]; i < ostart[a + 1]; i++) {
            if (p->asng[occ[i]]) continue;
            if (nw) nw[k] = w[i];
            l[k++] = occ[i];
        }
    }
    st[s->natoms] = k;
    *start = st;
    *list = l;
    *lw = nw;
}

/* The flags and the occurrence lists without the constraints kept as nogoods. */
static void make_lists(const AspSolver *s, AspProp *p)
{
    p->asng = mem_calloc(s->nrules + 1, 1);
    for (uint32_t r = 0; r < s->nrules; r++) {
        p->asng[r] = as_nogood(s, r);
        p->nasng += p->asng[r];
    }
    if (!p->nasng) return;
    uint32_t *st, *l, *w, *nst, *nl, *nw;
    filter(s, p, s->ostart, s->occ, s->ow, &st, &l, &w);
    filter(s, p, s->nostart, s->nocc, s->now, &nst, &nl, &nw);
    p->live = (AspOcc){st, l, w, nst, nl, nw};
}

/* Rule r's body (without `not f`) as a nogood at the end of p->ng, watched. */
static void store_constraint(const AspSolver *s, AspProp *p, uint32_t r)
{
    uint32_t off = (uint32_t)p->ng.count;
    VEC_PUSH(p->ng, 0);
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++) VEC_PUSH(p->ng, 2 * s->pos[k]);
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++)
        if (s->neg[k] != (uint32_t)s->fatom) VEC_PUSH(p->ng, 2 * s->neg[k] + 1);
    p->ng.items[off] = (uint32_t)(p->ng.count - off - 1);
    asp_watch_nogood(p, off);
}

bool asp_cons_any(const AspSolver *s, AspProp *p)
{
    if (!p->asng) make_lists(s, p);
    return p->nasng > 0;
}

bool asp_cons_ready(const AspSolver *s, AspProp *p)
{
    if (!asp_cons_any(s, p) || !p->watch) return false;
    if (p->perm_end) return true;
    if (p->ng.count) return false;        /* learnt ones came first: counters, as they were */
    for (uint32_t r = 0; r < s->nrules; r++)
        if (p->asng[r]) store_constraint(s, p, r);
    p->perm_end = (uint32_t)p->ng.count;
    return true;
}

void asp_cons_free(AspProp *p)
{
    mem_free(p->asng);
    if (p->live.occ) {
        mem_free((void *)p->live.ostart); mem_free((void *)p->live.occ); mem_free((void *)p->live.ow);
        mem_free((void *)p->live.nostart); mem_free((void *)p->live.nocc); mem_free((void *)p->live.now);
    }
}
