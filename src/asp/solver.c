/* solver.c: compiles a program into a normal program over a powerset lattice and evaluates
 * S_P (least model of the reduct) by counter-based propagation in linear time. */
#include "asp/internal.h"

#include <stdio.h>
#include <stdlib.h>

#include "asp/setup.h"

/* The compiled rules as they are made, in builder numbering, in the arrays the solver keeps
 * (make_index renumbers them in place: no copy of the translation lives beside the solver's,
 * issue 33): rule r's head, where its positive and negative literals start in pos and neg,
 * and, when the program has weight bodies, its bound (a normal body: its literal count).
 * The literals' weights are kept only once one of them is not 1 (lit_weights): a program
 * whose weight bodies are all counts (gringo's #count and cardinality bounds) keeps none. */
#define NORMAL_BODY UINT32_MAX
typedef VEC(uint32_t) Words;

typedef struct Builder {
    const AspProgram *p;
    size_t natoms;                 /* program atoms, then translation atoms */
    size_t atom_cap;               /* room in seen and where */
    long fatom;                    /* constraint atom (builder numbering) or -1 */
    uint32_t *prime;               /* program atom -> its choice partner + 1 (0: none) */
    const uint32_t *group;         /* NULL, or per program atom its positive component: a
                                      disjunctive rule is shifted between components only */
    const uint32_t *rep;           /* NULL, or per program atom its class's atom (equiv.c):
                                      every literal and head is written as that atom */
    const AspFold *fold;           /* NULL, or per program atom its folded definition
                                      (fold.c) */
    const AspAtom *lits;           /* the literals and weights the offsets of the rule being */
    const uint32_t *wts;           /* translated index (asp_rules_each's: the program's own,
                                      or one packed rule's decoded alone) */
    Words head, pstart, nstart;    /* per rule */
    Words bound;                   /* per rule, only when `weights` */
    Words pos, neg;                /* the body literals, rule after rule */
    Words pw, nw;                  /* their weights, only when lit_weights */
    bool weights;                  /* the program has weight bodies */
    bool lit_weights;              /* some literal weighs more than 1 */
    uint32_t *seen;                /* per atom: stamp for deduplication */
    uint32_t *where;               /* per atom: its place in the weight body being built */
    uint32_t stamp;
    bool weighted;                 /* some rule has a weight body */
} Builder;

/* A body: positive and negative atoms (program or translation atoms). */
typedef struct Body { const AspAtom *pos, *neg; uint32_t npos, nneg; } Body;

/* From now on every literal's weight is kept: those so far weigh 1. */
static void keep_weights(Builder *b)
{
    b->lit_weights = true;
    for (size_t k = 0; k < b->pos.count; k++) VEC_PUSH(b->pw, 1);
    for (size_t k = 0; k < b->neg.count; k++) VEC_PUSH(b->nw, 1);
}

/* Literal a (mark 0: positive, 1: negative) of weight w appended to the rule being made. */
static void append(Builder *b, uint32_t a, uint32_t w, uint32_t mark)
{
    if (w != 1 && !b->lit_weights) keep_weights(b);
    Words *lits = mark ? &b->neg : &b->pos, *weights = mark ? &b->nw : &b->pw;
    VEC_PUSH(*lits, a);
    if (b->lit_weights) VEC_PUSH(*weights, w);
}

/* The rule being made (its literals from pos[ps] and neg[ns] on) dropped. */
static void cut(Builder *b, size_t ps, size_t ns)
{
    b->pos.count = ps;
    b->neg.count = ns;
    if (b->lit_weights) b->pw.count = ps, b->nw.count = ns;
}

/* The rule being made ended: head :- its literals from pos[ps] and neg[ns] on. */
static void end_rule(Builder *b, uint32_t head, size_t ps, size_t ns, uint32_t bound)
{
    VEC_PUSH(b->head, head);
    VEC_PUSH(b->pstart, (uint32_t)ps);
    VEC_PUSH(b->nstart, (uint32_t)ns);
    if (b->weights)
        VEC_PUSH(b->bound, bound == NORMAL_BODY ? (uint32_t)(b->pos.count - ps + b->neg.count - ns) : bound);
}

/* Atom a as the compiled rules name it: a program atom by its class's atom. */
static uint32_t rep_of(const Builder *b, uint32_t a)
{
    return b->rep && a < b->p->names.count ? b->rep[a] : a;
}

static void push_lit(Builder *b, uint32_t a, uint32_t mark)
{
    a = rep_of(b, a);
    if (b->seen[a] == b->stamp + mark) return;
    b->seen[a] = b->stamp + mark;
    append(b, a, 1, mark);
}

/* Adds head :- body, not x for x in extra, simplified; stamps are 2 per rule: stamp for
 * positive, stamp + 1 for negative literals. */
static void add_normal(Builder *b, uint32_t head, const Body *body, const uint32_t *extra,
                       size_t nextra)
{
    b->stamp += 2;
    head = rep_of(b, head);
    size_t ps = b->pos.count, ns = b->neg.count;
    for (uint32_t i = 0; i < body->npos; i++) push_lit(b, body->pos[i], 0);
    bool dead = b->seen[head] == b->stamp;                 /* h :- h, ... never fires */
    for (size_t i = 0; i < body->nneg + nextra; i++) {
        uint32_t a = i < body->nneg ? body->neg[i] : extra[i - body->nneg];
        if (b->seen[rep_of(b, a)] == b->stamp) dead = true;    /* a and not a */
        push_lit(b, a, 1);
    }
    if (dead) cut(b, ps, ns);
    else end_rule(b, head, ps, ns, NORMAL_BODY);
}

/* The weight of the literal at place i of pos (mark 0) or neg (mark 1). */
static uint32_t weight_at(const Builder *b, uint32_t mark, size_t i)
{
    return b->lit_weights ? (mark ? b->nw : b->pw).items[i] : 1;
}

/* One literal of a weight body: a repeated literal adds its weight to the first. */
static void push_weighted(Builder *b, uint32_t a, uint32_t w, uint32_t mark, uint32_t bound)
{
    a = rep_of(b, a);
    if (b->seen[a] == b->stamp + mark) {
        uint64_t sum = (uint64_t)weight_at(b, mark, b->where[a]) + w;
        if (sum > bound) sum = bound;
        if (sum != 1 && !b->lit_weights) keep_weights(b);
        if (b->lit_weights) (mark ? b->nw : b->pw).items[b->where[a]] = (uint32_t)sum;
        return;
    }
    b->seen[a] = b->stamp + mark;
    b->where[a] = (uint32_t)(mark ? b->neg.count : b->pos.count);
    append(b, a, w, mark);
}

/* head :- bound <= { r's weighted literals }: repeated literals merged, the head dropped from
 * its own positive body (it can never count towards deriving itself), a body that cannot
 * reach its bound dropped.  (Separate stamps for the two signs: `a` and `not a` may meet.) */
static void add_weight_rule(Builder *b, uint32_t head, const AspRule *r)
{
    const uint32_t *w = b->wts + r->wts + 1, *pos = b->lits + asp_rule_pos(r);
    size_t ps = b->pos.count, ns = b->neg.count;
    uint32_t bound = b->wts[r->wts];
    uint64_t total = 0;
    b->stamp += 2;
    head = rep_of(b, head);
    for (uint32_t i = 0; i < r->npos; i++)
        if (rep_of(b, pos[i]) != head) push_weighted(b, pos[i], w[i], 0, bound);
    for (uint32_t i = 0; i < r->nneg; i++) push_weighted(b, pos[r->npos + i], w[r->npos + i], 1, bound);
    for (size_t k = ps; k < b->pos.count; k++) total += weight_at(b, 0, k);
    for (size_t k = ns; k < b->neg.count; k++) total += weight_at(b, 1, k);
    if (total < bound) { cut(b, ps, ns); return; }
    end_rule(b, head, ps, ns, bound);
    b->weighted = true;
}

static uint32_t new_atom(Builder *b)
{
    uint32_t a = (uint32_t)b->natoms++;
    if (b->natoms + 1 > b->atom_cap) {
        b->atom_cap = 2 * (b->natoms + 1);
        b->seen = mem_realloc(b->seen, b->atom_cap * sizeof *b->seen);
        b->where = mem_realloc(b->where, b->atom_cap * sizeof *b->where);
    }
    b->seen[a] = 0;
    return a;
}

/* The body of r as a Body; a weight body becomes a new atom `aux :- body` (*aux holds it). */
static Body body_of(Builder *b, const AspRule *r, uint32_t *aux)
{
    const AspAtom *lits = b->lits;
    if (r->wts == ASP_NO_WEIGHTS)
        return (Body){ lits + asp_rule_pos(r), lits + asp_rule_neg(r), r->npos, r->nneg };
    *aux = new_atom(b);
    add_weight_rule(b, *aux, r);
    return (Body){ aux, NULL, 1, 0 };
}

/* Head atom i's choice partner (made on first use). */
static uint32_t prime_of(Builder *b, uint32_t a)
{
    if (!b->prime[a]) b->prime[a] = new_atom(b) + 1;
    return b->prime[a] - 1;
}

/* A disjunctive rule h1 | .. | hk :- B by shifting: hi :- B, not hj (j != i).  Same stable
 * models when the program is head-cycle-free (asp_solver_new checks that).  Otherwise
 * (b->group) hi is shifted only against the head atoms of other components; the atoms of
 * its own component G (when G holds two or more) are chosen, {hi} :- B, not (H \ G), and
 * f :- B, not h1, .., not hk keeps the rule true: every stable model of P is a stable model
 * of this (docs/aft.md), and minimal.c keeps those that are minimal models of P's reduct. */
static void add_shifted(Builder *b, const AspRule *r, const Body *body)
{
    const AspAtom *head = b->lits + r->head;
    uint32_t *others = mem_alloc((r->nhead + 2) * sizeof *others);
    bool chosen = false;
    for (uint32_t i = 0; i < r->nhead; i++) {
        size_t k = 0;
        bool repeat = false, group = false;
        for (uint32_t j = 0; j < r->nhead; j++) {
            if (head[j] == head[i]) repeat |= j < i;
            else if (b->group && b->group[head[j]] == b->group[head[i]]) group = true;
            else others[k++] = head[j];
        }
        if (repeat) continue;
        if (group) {
            uint32_t pa = prime_of(b, head[i]);
            others[k] = pa;
            add_normal(b, head[i], body, others, k + 1);
            add_normal(b, pa, body, &head[i], 1);
        } else add_normal(b, head[i], body, others, k);
        chosen |= group;
    }
    if (chosen) {
        if (b->fatom < 0) b->fatom = new_atom(b);
        for (uint32_t i = 0; i < r->nhead; i++) others[i] = head[i];
        others[r->nhead] = (uint32_t)b->fatom;
        add_normal(b, (uint32_t)b->fatom, body, others, r->nhead + 1);
    }
    mem_free(others);
}

/* Is builder atom a merged into another one's class (it gets that one's lattice atom)? */
static bool merged_away(const Builder *b, size_t a)
{
    return b->rep && a < b->p->names.count && b->rep[a] != a;
}

/* Rule r `a :- l` of a folded atom a (fold.c): `a :- onto. a :- keep.` made at its rule
 * `a :- keep`, its other rules dropped.  False when a is not folded. */
static bool translate_folded(Builder *b, const AspRule *r)
{
    if (!b->fold || r->kind != ASP_NORMAL || r->nhead != 1) return false;
    AspAtom a = b->lits[r->head];
    const AspFold *f = &b->fold[a];
    if (!f->onto) return false;
    uint32_t x = rep_of(b, b->lits[asp_rule_pos(r)]), keep = f->keep >> 1, onto = f->onto - 1;
    if (2 * x + (r->nneg != 0) != f->keep) return true;
    Body body = { &keep, &keep, !(f->keep & 1), f->keep & 1 };
    add_normal(b, a, &body, NULL, 0);
    body = (Body){ &onto, NULL, 1, 0 };
    add_normal(b, a, &body, NULL, 0);
    return true;
}

static void translate_rule(Builder *b, const AspRule *r)
{
    const AspAtom *lits = b->lits;
    uint32_t aux;
    if (translate_folded(b, r)) return;
    /* An atom merged away (equiv.c) has one rule: `a :- b` with b in its class (h :- h), or
     * the same body as a rule another atom of its class keeps.  Kept, the class's atom had a
     * support per twin, each looked through at every split (10^5 twins: quadratic). */
    if (r->kind == ASP_NORMAL && merged_away(b, lits[r->head])) return;
    if (r->kind == ASP_NORMAL && r->wts != ASP_NO_WEIGHTS) {
        add_weight_rule(b, lits[r->head], r);
        return;
    }
    Body body = body_of(b, r, &aux);
    if (r->kind == ASP_NORMAL) { add_normal(b, lits[r->head], &body, NULL, 0); return; }
    if (r->kind == ASP_DISJUNCTION) { add_shifted(b, r, &body); return; }
    if (r->kind == ASP_CONSTRAINT) {
        if (b->fatom < 0) b->fatom = new_atom(b);
        uint32_t f = (uint32_t)b->fatom;
        add_normal(b, f, &body, &f, 1);
        return;
    }
    for (uint32_t h = 0; h < r->nhead; h++) {
        uint32_t a = lits[r->head + h];
        uint32_t pa = prime_of(b, a);
        add_normal(b, a, &body, &pa, 1);
        add_normal(b, pa, &body, &a, 1);
    }
}

/* Per program atom: whether it is chosen (shares a positive component with another head
 * atom of some disjunctive rule); NULL when none is. */
static uint8_t *chosen_atoms(const Builder *b)
{
    const AspProgram *p = b->p;
    uint8_t *chosen = NULL;
    for (size_t i = 0; i < p->rules.count; i++) {
        const AspRule *r = &p->rules.items[i];
        if (r->kind != ASP_DISJUNCTION) continue;
        const AspAtom *h = p->lits.items + r->head;
        for (uint32_t x = 0; x < r->nhead; x++)
            for (uint32_t y = 0; y < r->nhead; y++)
                if (h[x] != h[y] && b->group[h[x]] == b->group[h[y]]) {
                    if (!chosen) chosen = mem_calloc(p->names.count + 1, 1);
                    chosen[h[x]] = 1;
                }
    }
    return chosen;
}

/* Rule r's support of its head atom h, sup :- B, not (H \ {h}): a rule with h in its own
 * positive body never supports it (h alone would be unfounded). */
static void add_support(Builder *b, const AspRule *r, uint32_t h, uint32_t sup)
{
    const AspAtom *lits = b->lits, *head = lits + r->head;
    uint32_t aux, *others = mem_alloc((r->nhead + 1) * sizeof *others);
    size_t k = 0;
    bool self = false;
    if (r->wts == ASP_NO_WEIGHTS)
        for (uint32_t i = 0; i < r->npos; i++) self |= lits[asp_rule_pos(r) + i] == h;
    if (r->kind == ASP_DISJUNCTION)
        for (uint32_t j = 0; j < r->nhead; j++) if (head[j] != h) others[k++] = head[j];
    if (!self) {
        Body body = body_of(b, r, &aux);
        add_normal(b, sup, &body, others, k);
    }
    mem_free(others);
}

/* The support of the chosen atoms (when group): an atom h of a stable model has a rule whose
 * body holds and whose other head atoms are false (else {h} is unfounded in the sense of
 * Leone, Rullo and Scarcello), which the choice of h does not ask.  So sup_h :- B, not
 * (H \ {h}) for each rule with h in its head, and :- h, not sup_h (docs/aft.md). */
static void add_supports(Builder *b)
{
    const AspProgram *p = b->p;
    uint8_t *chosen = b->group ? chosen_atoms(b) : NULL;
    if (!chosen) return;
    size_t np = p->names.count;
    uint32_t *sup = mem_alloc((np + 1) * sizeof *sup);
    for (size_t a = 0; a < np; a++) sup[a] = chosen[a] ? new_atom(b) : UINT32_MAX;
    for (size_t i = 0; i < p->rules.count; i++) {
        const AspRule *r = &p->rules.items[i];
        if (r->kind == ASP_CONSTRAINT) continue;
        for (uint32_t k = 0; k < r->nhead; k++) {
            AspAtom h = p->lits.items[r->head + k];
            bool repeat = false;
            for (uint32_t j = 0; j < k; j++) repeat |= p->lits.items[r->head + j] == h;
            if (chosen[h] && !repeat) add_support(b, r, h, sup[h]);
        }
    }
    if (b->fatom < 0) b->fatom = new_atom(b);
    uint32_t f = (uint32_t)b->fatom;
    for (size_t a = 0; a < np; a++)
        if (chosen[a]) {
            AspAtom h = (AspAtom)a;
            Body body = { &h, &sup[a], 1, 1 };
            add_normal(b, f, &body, &f, 1);
        }
    mem_free(sup);
    mem_free(chosen);
}

/* Rule r translated, its offsets into lits and weights (an AspRuleFn). */
static void translate_each(void *ctx, const AspRule *r, const AspAtom *lits, const uint32_t *weights)
{
    Builder *b = ctx;
    b->lits = lits;
    b->wts = weights;
    translate_rule(b, r);
}

/* A packed program (asp_solver_new_packed: never one with disjunctive rules, so no
 * supports) is read one decoded rule at a time. */
static void translate(Builder *b)
{
    asp_rules_each(b->p, translate_each, b);
    b->lits = b->p->lits.items;
    b->wts = b->p->weights.items;
    add_supports(b);
}

/* Lattice order: atoms that occur negatively first (most occurrences first), so that the
 * powerset's "lowest free atom" split decides the atoms S_P depends on; an atom merged away
 * takes its class atom's place. */
static uint32_t *atom_order(const Builder *b)
{
    size_t n = b->natoms;
    uint32_t *negc = mem_calloc(n + 1, sizeof *negc);
    for (size_t k = 0; k < b->neg.count; k++) negc[b->neg.items[k]]++;
    uint32_t maxc = 0;
    for (size_t a = 0; a < n; a++) if (negc[a] > maxc) maxc = negc[a];
    /* counting sort by decreasing count, stable */
    uint32_t *bucket = mem_calloc((size_t)maxc + 2, sizeof *bucket);
    for (size_t a = 0; a < n; a++) if (!merged_away(b, a)) bucket[maxc - negc[a] + 1]++;
    for (size_t c = 1; c <= (size_t)maxc + 1; c++) bucket[c] += bucket[c - 1];
    uint32_t *pos_of = mem_alloc((n + 1) * sizeof *pos_of);
    for (size_t a = 0; a < n; a++) if (!merged_away(b, a)) pos_of[a] = bucket[maxc - negc[a]]++;
    for (size_t a = 0; a < n; a++) if (merged_away(b, a)) pos_of[a] = pos_of[b->rep[a]];
    mem_free(bucket);
    mem_free(negc);
    return pos_of;     /* builder atom -> lattice atom */
}

/* The label of builder atom a (np program atoms first) when it has no name: "_N" for hidden
 * program atom N, "_auxN" for atom N of the translation; into out (NULL: only its length,
 * without the NUL). */
static size_t label(size_t a, size_t np, char *out)
{
    char digits[24];
    size_t v = a < np ? a : a - np, k = 0;
    do digits[k++] = (char)('0' + v % 10); while ((v /= 10) > 0);
    const char *prefix = a < np ? "_" : "_aux";
    size_t lp = strlen(prefix);
    if (out) {
        memcpy(out, prefix, lp);
        for (size_t i = 0; i < k; i++) out[lp + i] = digits[k - 1 - i];
        out[lp + k] = '\0';
    }
    return lp + k;
}

/* The lattice's namer (LatticeNamer): lattice atom i's name is its program atom's, else
 * label()'s, made from the program and builder_of only when the lattice is asked for it. */
static size_t atom_name(const void *ctx, size_t i, char *out)
{
    const AspSolver *s = ctx;
    size_t a = s->builder_of[i], np = s->prog->names.count;
    const char *nm = a < np ? s->prog->names.items[a] : NULL;
    if (!nm) return label(a, np, out);
    size_t len = strlen(nm);
    if (out) memcpy(out, nm, len + 1);
    return len;
}

/* Vector v's items, cut to its count and one more word, taken from it (v left empty). */
static uint32_t *take(Words *v)
{
    uint32_t *items = mem_realloc(v->items, (v->count + 1) * sizeof *items);
    v->items = NULL;
    v->count = v->cap = 0;
    return items;
}

/* Builder atoms x[0 .. n) renumbered to lattice atoms. */
static void renumber(uint32_t *x, size_t n, const uint32_t *lat)
{
    for (size_t i = 0; i < n; i++) x[i] = lat[x[i]];
}

/* The compiled rules, the builder's arrays renumbered in place, and their occurrence lists;
 * the weights only when some rule has a weight body (a normal body is the bound `all its
 * literals`, each of weight 1), the literals' only when one weighs more than 1. */
static void make_index(AspSolver *s, Builder *b, const uint32_t *lat)
{
    size_t nr = b->head.count, n = s->natoms;
    s->nrules = nr;
    VEC_PUSH(b->pstart, (uint32_t)b->pos.count);
    VEC_PUSH(b->nstart, (uint32_t)b->neg.count);
    renumber(b->head.items, nr, lat);
    renumber(b->pos.items, b->pos.count, lat);
    renumber(b->neg.items, b->neg.count, lat);
    s->head = take(&b->head);
    s->pstart = take(&b->pstart);
    s->nstart = take(&b->nstart);
    s->pos = take(&b->pos);
    s->neg = take(&b->neg);
    if (b->weighted) s->bound = take(&b->bound);
    if (b->weighted && b->lit_weights) {
        s->pw = take(&b->pw);
        s->nw = take(&b->nw);
    }
    s->ostart = asp_csr_by(n, nr, s->pstart, s->pos, s->pw, &s->occ, &s->ow);
    s->nostart = asp_csr_by(n, nr, s->nstart, s->neg, s->nw, &s->nocc, &s->now);
    s->hstart = asp_csr_by(n, nr, NULL, s->head, NULL, &s->hrules, NULL);
    if (!s->bound) return;
    s->aggregate = mem_alloc(nr + 1);
    for (size_t r = 0; r < nr; r++) s->aggregate[r] = s->bound[r] < asp_rule_weight(s, (uint32_t)r);
}

/* Room for n more words in v. */
static void reserve(Words *v, size_t n)
{
    v->cap = v->count + n + 1;
    v->items = mem_realloc(v->items, v->cap * sizeof *v->items);
}

/* Rule r's share of the translation (translate_rule): rules, positive and negative literals
 * at most, added to n[0], n[1], n[2]. */
static void count_translation(const AspRule *r, size_t n[3])
{
    size_t k = r->kind == ASP_CHOICE ? 2 * (size_t)r->nhead
             : r->kind == ASP_DISJUNCTION ? r->nhead : 1;
    size_t extra = r->kind == ASP_CHOICE || r->kind == ASP_CONSTRAINT ? 1
                 : r->kind == ASP_DISJUNCTION ? r->nhead - 1 : 0;
    size_t pos = r->npos, neg = r->nneg;
    if (r->wts != ASP_NO_WEIGHTS && r->kind != ASP_NORMAL) {   /* aux :- the weight body */
        n[0]++, n[1] += pos, n[2] += neg;
        pos = 1, neg = 0;
    }
    n[0] += k, n[1] += k * pos, n[2] += k * (neg + extra);
}

/* What one pass over a program's rules tells its compilation: the translation's room at
 * most (count_translation: rules, positive and negative literals in room[0], room[1],
 * room[2], the supports of a program that is not head-cycle-free aside), whether a rule is
 * disjunctive, and when `notes` is not NULL equiv.c's notes of each rule (the equivalent
 * atoms, and the heads fold.c asks for). */
typedef struct Survey { size_t room[3]; bool disjunctive; AspEquivNotes *notes; } Survey;

static void survey_rule(void *ctx, const AspRule *r, const AspAtom *lits, const uint32_t *weights)
{
    Survey *v = ctx;
    count_translation(r, v->room);
    v->disjunctive |= r->kind == ASP_DISJUNCTION;
    if (v->notes) asp_equiv_note(v->notes, r, lits, weights);
}

/* p's rules surveyed (counted before they are packed), with equiv.c's notes when asked. */
static void survey(const AspProgram *p, bool notes, Survey *v)
{
    *v = (Survey){ .notes = notes ? asp_equiv_begin(p->names.count) : NULL };
    asp_rules_each(p, survey_rule, v);
}

/* Room for the translation counted in n: the arrays are filled without regrowth. */
static void reserve_translation(Builder *b, const size_t n[3])
{
    reserve(&b->head, n[0]);
    reserve(&b->pstart, n[0] + 1);
    reserve(&b->nstart, n[0] + 1);
    if (b->weights) reserve(&b->bound, n[0]);
    reserve(&b->pos, n[1]);
    reserve(&b->neg, n[2]);
}

/* S_P's search hooks (AftFunction.search), the solver as ctx: the in-place IR and split of
 * prop.c and the learning of learn.c. */
static const AftSearch sp_search = { .refine_at = asp_prop_refine_at, .split_at = asp_prop_split_at,
                                     .learning = asp_prop_learning, .learnt = asp_prop_learnt,
                                     .cuts = asp_prop_cuts, .restart = asp_prop_restart,
                                     .prefer_in = asp_prop_prefer_in };

/* The state every search changes made for s (its S_P caches, its propagator, #edge's
 * check); the hooks' ctx s. */
static void own_state(AspSolver *s)
{
    if (!s->setup) s->setup = asp_setup_new(s);
    s->sp = asp_sp_new(s);
    s->prop = asp_prop_new(s);
    s->edges = asp_edges_new(s->prog, s->natoms);
    s->fn.ctx = s;
    s->wf_fn.ctx = s;
}

/* p compiled, its disjunctive rules shifted (between components only, when group), its
 * equivalent atoms one lattice atom when rep (equiv.c; nmerged of them merged away), its
 * folded atoms as fold says (fold.c; NULL: none), into arrays of the room the survey found
 * (more is made as needed). */
static AspSolver *compile(const AspProgram *p, const uint32_t *group, const uint32_t *rep,
                          size_t nmerged, const AspFold *fold, const size_t room[3])
{
    size_t np = p->names.count;
    Builder b = { .p = p, .natoms = np, .atom_cap = np + 1, .fatom = -1, .group = group,
                  .rep = rep, .fold = fold };
    b.prime = mem_calloc(np + 1, sizeof *b.prime);
    b.seen = mem_calloc(np + 1, sizeof *b.seen);
    b.where = mem_calloc(np + 1, sizeof *b.where);
    b.weights = p->packed_weights + p->weights.count > 0;
    reserve_translation(&b, room);
    translate(&b);
    AspSolver *s = mem_calloc(1, sizeof *s);
    s->prog = p;
    s->natoms = b.natoms - nmerged;
    uint32_t *lat = atom_order(&b);
    s->builder_of = mem_alloc((s->natoms + 1) * sizeof *s->builder_of);
    for (size_t a = 0; a < b.natoms; a++)
        if (!merged_away(&b, a)) s->builder_of[lat[a]] = (uint32_t)a;
    s->merged = rep != NULL;
    s->L = lattice_powerset_named(s->natoms, (LatticeNamer){ atom_name, s });
    s->nwords = s->L->nwords;
    make_index(s, &b, lat);
    s->lat_of = mem_alloc((np + 1) * sizeof *s->lat_of);
    for (size_t a = 0; a < np; a++) s->lat_of[a] = lat[a];
    s->fatom = b.fatom >= 0 ? (long)lat[b.fatom] : -1;
    /* the builder's rest freed before the search's state is made (peak memory) */
    mem_free(lat);
    mem_free(b.prime);
    mem_free(b.seen);
    mem_free(b.where);
    VEC_FREE(b.bound);
    VEC_FREE(b.pw);
    VEC_FREE(b.nw);
    s->shown = asp_print_order(p, &s->nshown);
    s->fn = (AftFunction){ .L = s->L, .name = "S_P", .ctx = s, .eval = asp_sp_eval,
                           .envelope = ENV_ANTITONE, .refine = asp_prop_refine,
                           .split = asp_prop_split, .search = &sp_search };
    s->wf_fn = s->fn;
    s->wf_fn.refine = asp_prop_refine_wf;
    s->wf_fn.split = NULL;
    s->wf_fn.search = NULL;
    own_state(s);
    return s;
}

/* p compiled (its equivalent atoms merged when `merge`); a program that is not head-cycle-
 * free is compiled again with its disjunctive rules shifted between positive components only
 * (the components of the first compilation's program atoms: shifting keeps the positive
 * dependencies), and checked by minimal.c. */
static AspSolver *solver_new(const AspProgram *p, bool merge, AspProgram *pack)
{
    Survey v;
    survey(p, merge, &v);
    if (v.disjunctive && pack) {                      /* shifted: read unpacked (aspif.c) */
        asp_program_unpack_rules(pack);
        pack = NULL;
    }
    merge &= !v.disjunctive;                          /* shifting needs every head apart */
    size_t nmerged = 0, nfolded = 0;
    uint32_t *rep = merge ? asp_equiv_atoms(p, v.notes, &nmerged) : NULL;
    if (pack) asp_program_pack_rules(pack);
    AspFold *fold = merge ? asp_fold_atoms(p, rep, asp_equiv_heads(v.notes), &nfolded) : NULL;
    asp_equiv_end(v.notes);
    const size_t *room = v.room;
    AspSolver *s = compile(p, NULL, rep, nmerged, fold, room);
    mem_free(fold);
    mem_free(rep);
    size_t bad;
    if (asp_head_cycle_free(s, &bad)) {
        s->hcf = true;
        return s;
    }
    size_t np = p->names.count;
    uint32_t *comp = mem_alloc((s->natoms + 1) * sizeof *comp);
    uint8_t *cyclic = mem_calloc(s->natoms + 1, 1);
    asp_find_components(s, cyclic, comp);
    uint32_t *group = mem_alloc((np + 1) * sizeof *group);
    for (size_t a = 0; a < np; a++) group[a] = comp[s->lat_of[a]];
    mem_free(comp);
    mem_free(cyclic);
    asp_solver_free(s);
    s = compile(p, group, NULL, 0, NULL, room);
    s->mini = asp_minimal_new(p, group);
    mem_free(group);
    return s;
}

AspSolver *asp_solver_new(const AspProgram *p) { return solver_new(p, false, NULL); }
AspSolver *asp_solver_new_merged(const AspProgram *p) { return solver_new(p, true, NULL); }

AspSolver *asp_solver_new_packed(AspProgram *p)
{
    bool unpacked = p->opaque.count > 0;      /* #heuristic, #edge, theory statements */
    if (unpacked) asp_program_unpack_rules(p);        /* packed as read (aspif.c) */
    return solver_new(p, true, unpacked ? NULL : p);
}

AspSolver *asp_solver_share(const AspSolver *base)
{
    if (base->mini) return solver_new(base->prog, base->merged, NULL);
    /* field by field: base's search state (sp, prop, edges, its counts) is written by the
     * thread that searches with it while this one is made */
    AspSolver *s = mem_calloc(1, sizeof *s);
    s->prog = base->prog;
    s->L = base->L;
    s->fn = base->fn;
    s->wf_fn = base->wf_fn;
    s->natoms = base->natoms; s->nrules = base->nrules; s->nwords = base->nwords;
    s->head = base->head; s->pstart = base->pstart; s->pos = base->pos;
    s->nstart = base->nstart; s->neg = base->neg; s->ostart = base->ostart; s->occ = base->occ;
    s->lat_of = base->lat_of; s->builder_of = base->builder_of; s->fatom = base->fatom;
    s->shown = base->shown; s->nshown = base->nshown;
    s->nostart = base->nostart; s->nocc = base->nocc;
    s->hstart = base->hstart; s->hrules = base->hrules;
    s->bound = base->bound; s->pw = base->pw; s->nw = base->nw;
    s->ow = base->ow; s->now = base->now; s->aggregate = base->aggregate;
    s->residual = base->residual;
    s->merged = base->merged;
    s->hcf = base->hcf;
    s->base = base;
    s->setup = base->setup;
    own_state(s);
    return s;
}

static void free_state(AspSolver *s)
{
    asp_sp_free(s->sp);
    asp_prop_free(s->prop);
    asp_minimal_free(s->mini);
    asp_edges_free(s->edges);
}

void asp_solver_free(AspSolver *s)
{
    if (!s) return;
    if (s->base) {
        free_state(s);
        mem_free(s);
        return;
    }
    lattice_free(s->L);
    mem_free(s->head); mem_free(s->pstart); mem_free(s->pos); mem_free(s->nstart);
    mem_free(s->neg); mem_free(s->ostart); mem_free(s->occ);
    mem_free(s->lat_of); mem_free(s->builder_of); mem_free(s->shown);
    mem_free(s->nostart); mem_free(s->nocc); mem_free(s->hstart); mem_free(s->hrules);
    mem_free(s->bound); mem_free(s->pw); mem_free(s->nw); mem_free(s->ow); mem_free(s->now);
    mem_free(s->aggregate);
    free_state(s);
    asp_setup_free(s->setup);
    mem_free(s);
}

const Lattice *asp_solver_lattice(const AspSolver *s) { return s->L; }
const AftFunction *asp_solver_function(const AspSolver *s) { return &s->fn; }
size_t asp_solver_atom_index(const AspSolver *s, AspAtom a) { return s->lat_of[a]; }

static bool bit(const Word *x, size_t i) { return (x[i >> 6] >> (i & 63)) & 1; }

bool asp_solver_has(const AspSolver *s, const Word *x, AspAtom a)
{
    return bit(x, s->lat_of[a]);
}

void asp_solver_initial(const AspSolver *s, Word *lo, Word *hi)
{
    s->L->ops->bot(s->L, lo);
    s->L->ops->top(s->L, hi);
    if (s->fatom >= 0) hi[s->fatom >> 6] &= ~((Word)1 << (s->fatom & 63));
}

size_t asp_shown_atoms(const AspSolver *s, const Word *x, AspAtom *out)
{
    size_t k = 0;
    for (size_t i = 0; i < s->nshown; i++)
        if (bit(x, s->lat_of[s->shown[i]])) out[k++] = s->shown[i];
    return k;
}

/* "NAME:LINE:COL: error: WHAT REST", the place when known (just "WHAT REST" without a name;
 * a statement of an aspif file starts its line: COL 1); when it is a line of gringo's hidden
 * output for .lp files (gringo true), not one of NAME: "NAME: error: WHAT (line LINE of
 * gringo's aspif output) REST". */
static void refusal(Buf *why, bool gringo, const char *name, uint32_t line, uint32_t col,
                    const char *what, const char *rest)
{
    if (!name) buf_printf(why, "%s%s", what, rest);       /* the caller says where */
    else if (line && gringo)
        buf_printf(why, "%s: error: %s (line %u of gringo's aspif output)%s", name, what,
                   (unsigned)line, rest);
    else if (line) buf_printf(why, "%s:%u:%u: error: %s%s", name, (unsigned)line, (unsigned)col, what, rest);
    else buf_printf(why, "%s: error: %s%s", name, what, rest);
}

bool asp_solver_native(const AspSolver *s, const char *name, Buf *why)
{
    const AspProgram *p = s->prog;
    for (size_t i = 0; i < p->opaque.count; i++) {
        const AspStmt *o = &p->opaque.items[i];
        if (o->kind != STMT_THEORY) continue;         /* #heuristic unused, #edge: acyclic.c */
        refusal(why, p->gringo_lines, name, o->line, 1, "theory statement",
                ": fix cannot search its stable models (--wf, --bounds and --emit work; clingo "
                "solves it)");
        return false;
    }
    return true;
}
