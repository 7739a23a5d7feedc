/* learncons.c: integrity constraints and tight completions propagated as nogoods (with
 * learning, in strong mode).
 *
 * The solver compiles `:- B` into `f :- B, not f` with f, the constraint atom, false in every
 * stable model (the search requests it so); with f false, the completion's backward
 * propagation keeps B from holding, through a counter per rule.  When B is a conjunction of
 * two or more literals, B is as well a nogood: it holds in no stable model.
 *
 * An atom a on no positive cycle is owned by the nogoods when its Clark completion can be
 * written over atoms: every rule of a holds by any one of its literals (a body of one
 * literal besides facts: a clause's `sat(C) :- x`, `sat(C) :- not y`, a choice's `a :- not
 * a'`; or a weight body each of whose literals reaches the bound: `1 { .. }`'s lower half),
 * giving a <-> l1 v .. v lk: the nogoods {a, not l1, .., not lk} (a holds with no support)
 * and {li, not a} (a body holds, its head not); or a has one rule, a conjunction, giving
 * a <-> l1 ^ .. ^ lk: {l1, .., lk, not a} and {a, not li}.  a being tight, its completion
 * is all its rules say in a stable model.  An owned atom's rules leave the counters.
 *
 * With learning, these nogoods go to the nogood store once, before any learnt nogood, are
 * never deleted and are watched like the learnt ones; a completion's nogood of two literals
 * (most of them: 3.4 million on the colouring of 1 500 nodes) only as its two words in the
 * watch lists, with no store entry (two watched literals, clasp's way: a
 * nogood costs a look when one of its two watches holds, instead of a counter per literal
 * each time any of its atoms gets a value and again when it is undone).  A state reset in
 * that way leaves their rules out: they are not in its occurrence lists (p->rc.live), support
 * nothing (their body counts as false) and their heads lose them as rules; an owned atom
 * is never set false for want of rules nor has its support forced by the counters.  A
 * conflict met on such a nogood is explained by it, as by a learnt one.  The well-founded
 * operator and a search without learning keep the counters (p->rc.all); once learning stops,
 * the owned atoms' rules are counted again (p->rc.cons_live). */
#include "asp/propstate.h"

#include <stdlib.h>

#include "asp/setup.h"
#include "util/keysort.h"

static void free_occ(AspOcc *o)
{
    mem_free((void *)o->ostart); mem_free((void *)o->occ); mem_free((void *)o->ow);
    mem_free((void *)o->nostart); mem_free((void *)o->nocc); mem_free((void *)o->now);
}

/* Per atom: is it a fact (a rule with an empty body)?  (The caller frees.) */
static uint8_t *facts_of(const AspSolver *s)
{
    uint8_t *fact = mem_calloc(s->natoms + 1, 1);
    for (uint32_t r = 0; r < s->nrules; r++)
        if (s->pstart[r] == s->pstart[r + 1] && s->nstart[r] == s->nstart[r + 1]) fact[s->head[r]] = 1;
    return fact;
}

/* Is rule r a constraint whose body is a conjunction of at least two literals besides
 * `not f` and the facts?  (With fewer, it is a unit constraint at level 0: the counter
 * propagates it once per reset.  Measured, bench/NOTES.md: pigeonhole's `:- p, not a`, p a
 * fact, as nogoods took 10-24% more conflicts on pigeon-9/10/11.) */
static bool as_nogood(const AspSolver *s, const uint8_t *fact, uint32_t r)
{
    if (s->fatom < 0 || s->head[r] != (uint32_t)s->fatom || asp_rule_aggregate(s, r))
        return false;
    uint64_t n = 0;
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++) n += !fact[s->pos[k]];
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++) n += s->neg[k] != (uint32_t)s->fatom;
    return n >= 2;
}

/* How rule r's body reads for its head's completion: BODY_ANY when any one of its literals
 * besides the facts makes it hold (one literal, or a weight body each of whose literals
 * reaches the bound), BODY_ALL when all of them together do (two or more, a conjunction);
 * BODY_NONE otherwise (no literal left, a literal on the head, `not` a fact, a weight body
 * that counts).  The same values mark the atoms (AspConsPlan's owned): BODY_ANY, owned, its
 * rules each BODY_ANY; BODY_ALL, owned, its one rule BODY_ALL; BODY_NONE, not owned. */
enum { BODY_NONE, BODY_ANY, BODY_ALL };

static int body_kind(const AspSolver *s, const uint8_t *fact, uint32_t r)
{
    bool counts = asp_rule_aggregate(s, r);
    uint32_t n = 0;
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++) {
        if (counts && asp_pos_weight(s, k) < s->bound[r]) return BODY_NONE;
        if (s->pos[k] == s->head[r] || (counts && fact[s->pos[k]])) return BODY_NONE;
        n += !fact[s->pos[k]];
    }
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++) {
        if (counts && asp_neg_weight(s, k) < s->bound[r]) return BODY_NONE;
        if (s->neg[k] == s->head[r] || fact[s->neg[k]]) return BODY_NONE;
        n++;
    }
    if (n == 0) return BODY_NONE;
    return counts || n == 1 ? BODY_ANY : BODY_ALL;
}

/* The literals (2 * atom, + 1 for `not atom`) of rule r's body besides the facts, appended
 * to out (r's body_kind is not BODY_NONE: no `not` of a fact). */
static void body_literals(const AspSolver *s, const uint8_t *fact, uint32_t r, U32s *out)
{
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++)
        if (!fact[s->pos[k]]) VEC_PUSH(*out, 2 * s->pos[k]);
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++)
        VEC_PUSH(*out, 2 * s->neg[k] + 1);
}

/* Which atoms' rules go to the nogood store as their completion, into owned (per atom, its
 * mark, body_kind's values): an atom not on a positive cycle, not the constraint atom, with
 * rules that each hold by any one of their literals (BODY_ANY), or with one rule, a
 * conjunction (BODY_ALL).  The rules are read once, in their order (read by head, through
 * hrules, each atom's twice, they cost the colouring of 1 500 nodes a sixth of its time in
 * cache misses: bench/RESULTS.md). */
static void mark_owned(const AspSolver *s, const uint8_t *cyclic, const uint8_t *fact,
                       uint8_t *owned)
{
    for (uint32_t a = 0; a < s->natoms; a++) {
        bool may = !cyclic[a] && (long)a != s->fatom && s->hstart[a + 1] > s->hstart[a];
        owned[a] = may ? BODY_ANY : BODY_NONE;
    }
    for (uint32_t r = 0; r < s->nrules; r++) {
        uint32_t a = s->head[r];
        if (!owned[a]) continue;
        int kind = body_kind(s, fact, r);
        if (kind == BODY_ALL && s->hstart[a + 1] - s->hstart[a] > 1) kind = BODY_NONE;
        owned[a] = (uint8_t)kind;
    }
}

/* Is rule r left out of the filtered lists (own: an owned atom's rule too)? */
static bool left_out(const AspSolver *s, const AspConsPlan *c, bool own, uint32_t r)
{
    return c->asng[r] || (own && c->owned[s->head[r]]);
}

/* The entries [ostart[a], ostart[a+1]) of occ (weights w, may be NULL) whose rule is not
 * left out (own: nor an owned atom's), for every atom: into *start, *list, *lw (the lists
 * of just the entries kept). */
static void filter(const AspSolver *s, const AspConsPlan *c, bool own, const uint32_t *ostart,
                   const uint32_t *occ, const uint32_t *w, uint32_t **start, uint32_t **list,
                   uint32_t **lw)
{
    size_t n = 0;
    for (size_t i = 0; i < ostart[s->natoms]; i++) n += !left_out(s, c, own, occ[i]);
    uint32_t *l = mem_alloc((n + 1) * sizeof *l), *nw = w ? mem_alloc((n + 1) * sizeof *nw) : NULL;
    *list = l;
    *lw = nw;
    *start = NULL;                 /* no entry kept: no starts (asp_occ_at reads 0) */
    if (!n) return;
    uint32_t *st = mem_alloc((s->natoms + 1) * sizeof *st), k = 0;
    for (size_t a = 0; a < s->natoms; a++) {
        st[a] = k;
        for (uint32_t i = ostart[a]; i < ostart[a + 1]; i++) {
            if (left_out(s, c, own, occ[i])) continue;
            if (nw) nw[k] = w[i];
            l[k++] = occ[i];
        }
    }
    st[s->natoms] = k;
    *start = st;
}

static AspOcc filtered(const AspSolver *s, const AspConsPlan *c, bool own)
{
    uint32_t *st, *l, *w, *nst, *nl, *nw;
    filter(s, c, own, s->ostart, s->occ, s->ow, &st, &l, &w);
    filter(s, c, own, s->nostart, s->nocc, s->now, &nst, &nl, &nw);
    return (AspOcc){st, l, w, nst, nl, nw};
}

/* The flags and the occurrence lists without the rules kept as nogoods: the constraints
 * and the owned atoms' rules (live; cons_live, without the constraints only, is made when
 * first needed). */
static void make_lists(const AspSolver *s, const uint8_t *cyclic, AspConsPlan *c)
{
    c->asng = mem_calloc(s->nrules + 1, 1);
    c->owned = mem_calloc(s->natoms + 1, 1);
    c->isfact = facts_of(s);
    mark_owned(s, cyclic, c->isfact, c->owned);
    for (uint32_t a = 0; a < s->natoms; a++) c->nowned += c->owned[a] != BODY_NONE;
    for (uint32_t r = 0; r < s->nrules; r++) {
        c->asng[r] = as_nogood(s, c->isfact, r);
        c->nasng += c->asng[r];
    }
    if (!c->nasng && !c->nowned) return;
    c->any = true;
    c->live = filtered(s, c, true);
}

/* Rule r's body (without `not f`) as a nogood at the end of g->ng (watched once all are). */
static void store_constraint(const AspSolver *s, AspNogoods *g, uint32_t r)
{
    uint32_t off = asp_store_begin(g);
    for (uint32_t k = s->pstart[r]; k < s->pstart[r + 1]; k++) asp_store_lit(g, 2 * s->pos[k]);
    for (uint32_t k = s->nstart[r]; k < s->nstart[r + 1]; k++)
        if (s->neg[k] != (uint32_t)s->fatom) asp_store_lit(g, 2 * s->neg[k] + 1);
    asp_store_end(g, off);
}

/* The completions' nogoods as they are made: a literal is in the one being made when its
 * mark is the stamp; the binary ones wait in `pairs` (smaller literal high) to be stored
 * once each: a choice's atom and its partner give the same two. */
typedef struct Maker {
    uint32_t *mark, stamp;
    AspPairs pairs;
    U32s all;                     /* the literals of all an atom's bodies */
} Maker;

/* Starts a nogood at the end of g->ng; its offset. */
static uint32_t begin_nogood(AspNogoods *g, Maker *m)
{
    m->stamp++;
    return asp_store_begin(g);
}

static void add_literal(AspNogoods *g, Maker *m, uint32_t l)
{
    if (m->mark[l] == m->stamp) return;
    m->mark[l] = m->stamp;
    asp_store_lit(g, l);
}

/* Ends the nogood at offset off: dropped when it holds a literal and its opposite (it never
 * holds), put aside when binary, else kept. */
static void end_nogood(AspNogoods *g, Maker *m, uint32_t off)
{
    uint32_t n = (uint32_t)(g->ng.count - off - 1), *l = g->ng.items + off + 1;
    for (uint32_t i = 0; i < n; i++)
        if (m->mark[l[i] ^ 1] == m->stamp) { asp_store_drop(g, off); return; }
    if (n == 2) {
        uint32_t lo = l[0] < l[1] ? l[0] : l[1], hi = l[0] ^ l[1] ^ lo;
        VEC_PUSH(m->pairs, (uint64_t)lo << 32 | hi);
        asp_store_drop(g, off);
        return;
    }
    asp_store_end(g, off);
}

/* The binary nogoods {x, li ^ flip} for each li of lits (x is a or not a). */
static void make_pairs(AspNogoods *g, Maker *m, uint32_t x, const U32s *lits, uint32_t flip)
{
    for (size_t i = 0; i < lits->count; i++) {
        uint32_t off = begin_nogood(g, m);
        add_literal(g, m, x);
        add_literal(g, m, lits->items[i] ^ flip);
        end_nogood(g, m, off);
    }
}

/* Owned atom a's completion as nogoods (the binary ones stored later, each once).  Bodies that
 * hold by any of their literals l1, .., lk (all of a's rules' literals, read once into
 * m->all): {a, not l1, .., not lk}, then {li, not a} for each li.  One conjunction l1, ..,
 * lk: {l1, .., lk, not a}, then {a, not li} for each li. */
static void make_completion(const AspSolver *s, const AspConsPlan *c, AspNogoods *g, uint32_t a,
                            Maker *m)
{
    bool all = c->owned[a] == BODY_ALL;
    m->all.count = 0;
    for (uint32_t k = s->hstart[a]; k < s->hstart[a + 1]; k++)
        body_literals(s, c->isfact, s->hrules[k], &m->all);
    uint32_t off = begin_nogood(g, m);
    if (!all) add_literal(g, m, 2 * a);
    for (size_t i = 0; i < m->all.count; i++) add_literal(g, m, m->all.items[i] ^ !all);
    if (all) add_literal(g, m, 2 * a + 1);
    end_nogood(g, m, off);
    make_pairs(g, m, all ? 2 * a : 2 * a + 1, &m->all, all);
}

/* The owned atoms' completions: the longer nogoods into g, the binary ones into *pairs
 * (smaller literal high), sorted, each once, the vector cut to their number (they are
 * watched, not stored: 12 bytes a nogood less). */
static void store_completions(const AspSolver *s, const AspConsPlan *c, AspNogoods *g, AspPairs *pairs)
{
    Maker m = { .mark = mem_calloc(2 * s->natoms + 2, sizeof *m.mark) };
    for (uint32_t a = 0; a < s->natoms; a++)
        if (c->owned[a]) make_completion(s, c, g, a, &m);
    VEC_FREE(m.all);
    mem_free(m.mark);
    keysort(m.pairs.items, m.pairs.count);      /* in place: qsort would copy them */
    size_t n = 0;
    for (size_t i = 0; i < m.pairs.count; i++)
        if (!n || m.pairs.items[i] != m.pairs.items[n - 1]) m.pairs.items[n++] = m.pairs.items[i];
    if (n) m.pairs.items = mem_realloc(m.pairs.items, n * sizeof *m.pairs.items);
    else VEC_FREE(m.pairs);
    pairs->items = m.pairs.items;
    pairs->count = pairs->cap = n;
}

const AspOcc *asp_cons_new(const AspSolver *s, AspProp *p)
{
    p->rc.all = (AspOcc){s->ostart, s->occ, s->ow, s->nostart, s->nocc, s->now};
    return &p->rc.all;
}

const AspOcc *asp_cons_reset(const AspSolver *s, AspProp *p, bool strong)
{
    p->rc.cons = strong && (p->learning || p->rc.stored) && asp_cons_ready(s, p);
    p->rc.own = p->rc.cons && p->learning;
    return p->rc.own ? &p->rc.plan->live : p->rc.cons ? asp_cons_counted(s, p) : &p->rc.all;
}

void asp_cons_forget(AspProp *p)
{
    p->rc.perm_end = 0;
    p->rc.stored = false;
}

/* The lists of a state whose owned atoms are counted, made once. */
static const AspOcc *counted_lists(const AspSolver *s, AspConsPlan *c)
{
    if (!c->cons_live.occ) {
        c->cons_live = filtered(s, c, false);
        s->setup->made++;
    }
    return &c->cons_live;
}

const AspOcc *asp_cons_counted(const AspSolver *s, AspProp *p)
{
    const AspConsPlan *c = p->rc.plan;
    if (!c->nowned) return &c->live;
    if (!c->nasng) return &p->rc.all;
    return counted_lists(s, &s->setup->cons);
}

const AspConsPlan *asp_cons_plan(const AspSolver *s)
{
    AspSetup *u = s->setup;
    if (!u->cons.asng) {
        make_lists(s, u->cyclic, &u->cons);
        u->made++;
    }
    return &u->cons;
}

bool asp_cons_any(const AspSolver *s, AspProp *p)
{
    if (!p->rc.plan) p->rc.plan = asp_cons_plan(s);
    return p->rc.plan->any;
}

/* The constraints' and the completions' nogoods at the end of g, as a store first holds
 * them, the completions' binary ones into *pairs. */
static void store_rules(const AspSolver *s, const AspConsPlan *c, AspNogoods *g, AspPairs *pairs)
{
    for (uint32_t r = 0; r < s->nrules; r++)
        if (c->asng[r]) store_constraint(s, g, r);
    store_completions(s, c, g, pairs);
}

void asp_cons_plan_complete(const AspSolver *s)
{
    AspSetup *u = s->setup;
    const AspConsPlan *c = asp_cons_plan(s);
    if (c->any && c->nowned && c->nasng) counted_lists(s, &u->cons);
    if (u->stored_made || !c->any) return;
    AspNogoods g = {0};
    store_rules(s, c, &g, &u->pairs);
    u->stored = g.ng;
    u->stored_made = true;
    u->made++;
}

void asp_cons_plan_free(AspConsPlan *c)
{
    mem_free(c->asng);
    mem_free(c->owned);
    mem_free(c->isfact);
    if (!c->any) return;
    if (c->cons_live.occ) free_occ(&c->cons_live);
    free_occ(&c->live);
}

/* The store's room cut to the stored rules and an eighth more (doubling as they were
 * stored left up to half of it unused), before the watches are laid out. */
static void fit_store(AspNogoods *g)
{
    size_t cap = g->ng.count + g->ng.count / 8 + 64;
    if (g->ng.cap <= cap) return;
    g->ng.items = mem_realloc(g->ng.items, cap * sizeof *g->ng.items);
    g->ng.cap = cap;
}

/* The setup's nogoods as first stored, copied into the empty store g. */
static void copy_stored(AspNogoods *g, const U32s *from)
{
    size_t cap = from->count + from->count / 8 + 64;
    if (g->ng.cap < cap) {
        g->ng.items = mem_realloc(g->ng.items, cap * sizeof *g->ng.items);
        g->ng.cap = cap;
    }
    memcpy(g->ng.items, from->items, from->count * sizeof *from->items);
    g->ng.count = from->count;
}

bool asp_cons_ready(const AspSolver *s, AspProp *p)
{
    if (!asp_cons_any(s, p) || !p->store.watches.list) return false;
    if (p->rc.stored) return true;
    if (p->store.ng.count) return false;        /* learnt ones came first: counters, as they were */
    p->rc.simplified = false;
    const AspSetup *u = s->setup;
    AspPairs pairs = {0};
    if (u->stored_made) copy_stored(&p->store, &u->stored);
    else store_rules(s, p->rc.plan, &p->store, &pairs);
    p->rc.perm_end = (uint32_t)p->store.ng.count;
    p->rc.stored = true;
    fit_store(&p->store);
    asp_learn_watch_all(p, u->stored_made ? &u->pairs : NULL, &pairs);   /* each watched in
                                                    the order stored, the binary ones first */
    return true;
}

/* Nogood off of the stored ones, under level 0: -1 when a literal of it is false (it can
 * never hold: dropped), else how many of its literals are open (those that hold are facts:
 * left out). */
static int level0_open(const AspProp *p, uint32_t off)
{
    uint32_t n = p->store.ng.items[off];
    int open = 0;
    for (uint32_t i = 1; i <= n; i++) {
        uint32_t l = p->store.ng.items[off + i];
        if (p->tr.lholds[l ^ 1]) return -1;
        open += !p->tr.lholds[l];
    }
    return open;
}

void asp_cons_simplify(AspProp *p)
{
    if (p->rc.simplified || p->cost || p->store.ng.count != p->rc.perm_end || p->tr.nlevels != 1) return;
    uint32_t to = 0;
    for (uint32_t off = 0, next; off < p->rc.perm_end; off = next) {
        next = off + p->store.ng.items[off] + 1;
        int open = level0_open(p, off);
        if (open < 0) continue;
        ASP_ASSERT(open > 0);                    /* none holds entirely: no root conflict */
        uint32_t at = to++;
        for (uint32_t i = off + 1; i < next; i++)
            if (!p->tr.lholds[p->store.ng.items[i]])
                asp_store_set(&p->store, to++, p->store.ng.items[i]);
        asp_store_set(&p->store, at, (uint32_t)open);
    }
    asp_store_drop(&p->store, to);
    p->rc.perm_end = to;
    asp_learn_rewatch(p, true);                  /* no learnt nogood yet; the unstored binary
                                                    ones keep their words (those level 0 made
                                                    false never fire) */
    p->rc.facts.count = 0;
    for (size_t i = 0; i < p->tr.qtail; i++) {
        uint32_t a = p->tr.trail[i];
        asp_trail_reason(&p->tr, a, R_NONE, p->tr.rarg[a]);   /* its offset may have moved */
        VEC_PUSH(p->rc.facts, 2 * a + (p->tr.val[a] == V_FALSE));
    }
    p->rc.simplified = true;
}

void asp_cons_facts(AspProp *p)
{
    for (size_t i = 0; p->rc.simplified && i < p->rc.facts.count; i++) {
        uint32_t l = p->rc.facts.items[i];
        asp_prop_assign(p, l >> 1, (l & 1) ? V_FALSE : V_TRUE, R_NONE, 0);
    }
}

void asp_cons_free(AspProp *p)
{
    VEC_FREE(p->rc.facts);
}
