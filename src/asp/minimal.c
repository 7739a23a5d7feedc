/* minimal.c: the minimality check of a program that is not head-cycle-free.  The solver
 * searches a normal program whose stable models include every stable model of the program P
 * (solver.c: disjunctive rules shifted between positive components, chosen within one); a
 * candidate M of it is a model of P whose atoms are all founded outside the components where
 * a disjunctive rule has two head atoms (docs/aft.md).  M is a stable model of P when it is a
 * minimal model of the reduct P^M, and it is enough to look inside each such component C
 * (Leone, Rullo and Scarcello: an unfounded set of M can be taken inside one component): is
 * there a model of P^M that keeps M outside C and drops some atoms of M inside it?  That is
 * a small satisfiability problem over the atoms of M in C (minsat.h), one per component.
 * The search asks it of partial assignments too (asp_minimal_propagate), where a smaller
 * model found under the strongest constraints any completion can give refutes them all. */
#include "asp/minsat.h"
#include "asp/propstate.h"

#define NONE UINT32_MAX

/* The check of one component C, kept from one candidate to the next (minsat.h). */
typedef struct Tester {
    MinSat *sat;
    VEC(AspAtom) read;            /* the atoms whose values it reads, by slot */
    VEC(uint32_t) pvar;           /* per slot: the variable P of its atom (Q is the next) */
    VEC(MinLit) assume, body, head;   /* scratch */
    VEC(uint32_t) weight;
    uint32_t *order, *moved;      /* slots in the order of the last assumptions; scratch */
    uint8_t *state;               /* per slot: its atom's state_of in the last check */
    uint8_t *fact;                /* per slot: its state is a fact of sat, not assumed */
    uint32_t remakes;             /* sats made again (update_facts) */
} Tester;

static void free_tester(Tester *t);

struct AspMinimal {
    const AspProgram *p;
    uint32_t *comp;               /* per program atom: its component's index when a
                                     disjunctive rule has two head atoms in it, else NONE */
    uint32_t *coff, *catoms;      /* the atoms of those components, grouped by index */
    size_t ncomp;
    uint32_t *hoff, *hrule;       /* per program atom: the rules with it in the head */
    const uint32_t *lat_of;       /* the candidate being checked: program atom to lattice */
    const Word *x;                /* atom, and either the total candidate x (val NULL) or */
    const uint8_t *val;           /* the search's assignment val, maybe partial */
    const uint32_t *alev;         /* with val: the search's level of each value */
    uint32_t *var;                /* per program atom: its variable in the check, or NONE */
    uint32_t *seen;               /* per rule: the check that met it last */
    uint32_t now;
    uint8_t *kept;                /* per variable: in the smaller model found */
    uint32_t *lseen;              /* per atom: the nogood that has its literal */
    uint32_t lnow;
    size_t cur;                   /* the component being checked */
    uint32_t *roff, *rcomp;       /* per lattice atom: the components whose check reads it,
                                     as CSR (made by the first check of a partial assignment) */
    uint8_t *dirty;               /* per component: an atom its check reads got a value
                                     since its last check of a partial assignment */
    Tester **tester;              /* per component: its tester, made by its first check */
    uint32_t *slot;               /* per program atom: its slot in the tester being made */
    uint32_t *ioff, *iword;       /* per component: the words of the lattice that hold the
                                     atoms its check reads (its own, and those of the rules
                                     with a head atom in it), as CSR (made by the first
                                     check of a total candidate) */
    Word *imask, *isnap;          /* at those places: the bits of those atoms, and their
                                     values in the last total candidate that passed */
    uint8_t *passed;              /* per component: isnap holds such a candidate */
    uint32_t *skip, *gap;         /* per component: the checks of partial assignments to
                                     skip yet, and how many after the next that passes */
};

/* The components where some disjunctive rule has two distinct head atoms, numbered. */
static void mark_components(AspMinimal *m, const uint32_t *group, size_t np)
{
    const AspProgram *p = m->p;
    uint32_t maxg = 0;
    for (size_t a = 0; a < np; a++) if (group[a] > maxg) maxg = group[a];
    uint32_t *index = mem_alloc(((size_t)maxg + 2) * sizeof *index);
    for (size_t g = 0; g <= maxg; g++) index[g] = NONE;
    for (size_t i = 0; i < p->rules.count; i++) {
        const AspRule *r = &p->rules.items[i];
        if (r->kind != ASP_DISJUNCTION) continue;
        const AspAtom *h = p->lits.items + r->head;
        for (uint32_t x = 0; x < r->nhead; x++)
            for (uint32_t y = x + 1; y < r->nhead; y++)
                if (h[x] != h[y] && group[h[x]] == group[h[y]] && index[group[h[x]]] == NONE)
                    index[group[h[x]]] = (uint32_t)m->ncomp++;
    }
    m->comp = mem_alloc((np + 1) * sizeof *m->comp);
    m->coff = mem_calloc(m->ncomp + 2, sizeof *m->coff);
    for (size_t a = 0; a < np; a++) {
        m->comp[a] = index[group[a]];
        if (m->comp[a] != NONE) m->coff[m->comp[a] + 2]++;
    }
    for (size_t k = 0; k < m->ncomp; k++) m->coff[k + 2] += m->coff[k + 1];
    m->catoms = mem_alloc((m->coff[m->ncomp + 1] + 1) * sizeof *m->catoms);
    for (size_t a = 0; a < np; a++)
        if (m->comp[a] != NONE) m->catoms[m->coff[m->comp[a] + 1]++] = (uint32_t)a;
    mem_free(index);
}

/* Rules by head atom, as CSR. */
static void index_heads(AspMinimal *m, size_t np)
{
    const AspProgram *p = m->p;
    m->hoff = mem_calloc(np + 2, sizeof *m->hoff);
    for (size_t i = 0; i < p->rules.count; i++) {
        const AspRule *r = &p->rules.items[i];
        for (uint32_t k = 0; k < r->nhead; k++) m->hoff[p->lits.items[r->head + k] + 2]++;
    }
    for (size_t a = 0; a < np; a++) m->hoff[a + 2] += m->hoff[a + 1];
    m->hrule = mem_alloc((m->hoff[np + 1] + 1) * sizeof *m->hrule);
    for (size_t i = 0; i < p->rules.count; i++) {
        const AspRule *r = &p->rules.items[i];
        for (uint32_t k = 0; k < r->nhead; k++)
            m->hrule[m->hoff[p->lits.items[r->head + k] + 1]++] = (uint32_t)i;
    }
}

AspMinimal *asp_minimal_new(const AspProgram *p, const uint32_t *group)
{
    size_t np = p->names.count;
    AspMinimal *m = mem_calloc(1, sizeof *m);
    m->p = p;
    mark_components(m, group, np);
    index_heads(m, np);
    m->var = mem_alloc((np + 1) * sizeof *m->var);
    for (size_t a = 0; a < np; a++) m->var[a] = NONE;
    m->seen = mem_calloc(p->rules.count + 1, sizeof *m->seen);
    m->slot = mem_alloc((np + 1) * sizeof *m->slot);
    for (size_t a = 0; a < np; a++) m->slot[a] = NONE;
    m->tester = mem_calloc(m->ncomp + 1, sizeof *m->tester);
    m->kept = mem_alloc(np + 1);
    m->lseen = mem_calloc(np + 1, sizeof *m->lseen);
    m->dirty = mem_calloc(m->ncomp + 1, 1);
    m->skip = mem_calloc(m->ncomp + 1, sizeof *m->skip);
    m->gap = mem_calloc(m->ncomp + 1, sizeof *m->gap);
    return m;
}

void asp_minimal_free(AspMinimal *m)
{
    if (!m) return;
    mem_free(m->comp); mem_free(m->coff); mem_free(m->catoms);
    mem_free(m->hoff); mem_free(m->hrule);
    mem_free(m->var); mem_free(m->seen);
    mem_free(m->slot); mem_free(m->kept); mem_free(m->lseen);
    for (size_t k = 0; k < m->ncomp; k++) free_tester(m->tester[k]);
    mem_free(m->tester);
    mem_free(m->roff); mem_free(m->rcomp); mem_free(m->dirty);
    mem_free(m->ioff); mem_free(m->iword); mem_free(m->imask); mem_free(m->isnap);
    mem_free(m->passed); mem_free(m->skip); mem_free(m->gap);
    mem_free(m);
}

/* Program atom a in the candidate: true (holds), or open (a partial candidate leaves it
 * without a value; never inside the component being checked). */
static bool holds(const AspMinimal *m, AspAtom a)
{
    uint32_t i = m->lat_of[a];
    return m->val ? m->val[i] == V_TRUE : (m->x[i >> 6] >> (i & 63)) & 1;
}

static bool open_atom(const AspMinimal *m, AspAtom a)
{
    return m->val && m->val[m->lat_of[a]] == V_UNK;
}

/* Open atom a of the component being checked: in no smaller model (never a variable). */
static bool open_inside(const AspMinimal *m, AspAtom a)
{
    return m->comp[a] == m->cur && open_atom(m, a);
}

static uint32_t weight_of(const AspProgram *p, const AspRule *r, uint32_t i)
{
    return r->wts == ASP_NO_WEIGHTS ? 1 : asp_rule_weights(p, r)[i];
}

static uint64_t bound_of(const AspProgram *p, const AspRule *r)
{
    return r->wts == ASP_NO_WEIGHTS ? (uint64_t)r->npos + r->nneg : asp_rule_bound(p, r);
}

/* ---- the tester of a component: its constraints, made once ----
 * Variables, per atom a the check reads: P_a (a is not false in M: true, or open) and Q_a
 * (a is not true in M); per atom a of C also n_a (a is in the smaller model N) and d_a (a
 * is dropped: in M, not in N).  The candidate only gives the assumptions P and Q. */

static uint32_t p_var(const Tester *t, uint32_t slot) { return t->pvar.items[slot]; }

/* Atom a's slot among those the tester reads (made with its P and Q variables). */
static uint32_t slot_of(AspMinimal *m, Tester *t, AspAtom a)
{
    if (m->slot[a] != NONE) return m->slot[a];
    m->slot[a] = (uint32_t)t->read.count;
    VEC_PUSH(t->read, a);
    VEC_PUSH(t->pvar, minsat_input_var(t->sat));
    minsat_input_var(t->sat);
    return m->slot[a];
}

/* The literal of body atom a in the reduct by M, evaluated in N: n_a inside C, else P_a
 * (outside C, N keeps M); `not a` is Q_a. */
static MinLit body_lit(AspMinimal *m, Tester *t, AspAtom a, bool negative)
{
    uint32_t i = slot_of(m, t, a);
    if (negative) return minlit(p_var(t, i) + 1, false);
    return minlit(m->comp[a] == m->cur ? 4 * i : p_var(t, i), false);
}

/* Rule r's body in the reduct, evaluated in N, implies one of the head literals in
 * t->head: a clause for a conjunction, else a weight rule. */
static void add_constraint(AspMinimal *m, Tester *t, const AspRule *r)
{
    const AspAtom *lits = m->p->lits.items;
    uint32_t n = r->npos + r->nneg;
    t->body.count = t->weight.count = 0;
    for (uint32_t i = 0; i < n; i++) {
        AspAtom a = i < r->npos ? lits[asp_rule_pos(r) + i] : lits[asp_rule_neg(r) + i - r->npos];
        VEC_PUSH(t->body, body_lit(m, t, a, i >= r->npos) ^ (r->wts == ASP_NO_WEIGHTS));
        VEC_PUSH(t->weight, weight_of(m->p, r, i));
    }
    if (r->wts == ASP_NO_WEIGHTS) {
        for (size_t i = 0; i < t->head.count; i++) VEC_PUSH(t->body, t->head.items[i]);
        minsat_clause(t->sat, t->body.items, t->body.count);
    } else
        minsat_rule(t->sat, t->body.items, t->weight.items, n, bound_of(m->p, r), t->head.items, t->head.count);
}

/* A variable that holds when some head atom of r in C is not false in M. */
static uint32_t some_head_not_false(AspMinimal *m, Tester *t, const AspRule *r)
{
    const AspAtom *h = m->p->lits.items + r->head;
    uint32_t any = minsat_derived_var(t->sat);
    t->body.count = 0;
    VEC_PUSH(t->body, minlit(any, true));
    for (uint32_t k = 0; k < r->nhead; k++)
        if (m->comp[h[k]] == m->cur) {
            MinLit p = minlit(p_var(t, slot_of(m, t, h[k])), false);
            VEC_PUSH(t->body, p);
            minsat_clause(t->sat, (MinLit[]){ p ^ 1, minlit(any, false) }, 2);
        }
    minsat_clause(t->sat, t->body.items, t->body.count);
    return any;
}

/* The constraints rule r (with a head atom in C) puts on N.  A normal or choice rule, for
 * each head atom h in C: body => n_h, when h is not false in M (a choice rule is in the
 * reduct only when h is in M; an open h is in no N, so its body must fail there).  A
 * disjunctive rule, when some head atom in C is not false in M: body => n_h for a head
 * atom h in C, or Q_h false for one outside C (M has it, so N does). */
static void add_rule(AspMinimal *m, Tester *t, const AspRule *r)
{
    const AspAtom *h = m->p->lits.items + r->head;
    if (r->kind == ASP_CONSTRAINT) return;     /* M satisfies it, so every subset does */
    if (r->kind != ASP_DISJUNCTION) {
        for (uint32_t k = 0; k < r->nhead; k++) {
            if (m->comp[h[k]] != m->cur) continue;
            uint32_t i = slot_of(m, t, h[k]);
            t->head.count = 0;
            VEC_PUSH(t->head, minlit(4 * i, false));
            VEC_PUSH(t->head, minlit(p_var(t, i), true));
            add_constraint(m, t, r);
        }
        return;
    }
    uint32_t any = some_head_not_false(m, t, r);
    t->head.count = 0;
    VEC_PUSH(t->head, minlit(any, true));
    for (uint32_t k = 0; k < r->nhead; k++) {
        uint32_t i = slot_of(m, t, h[k]);
        VEC_PUSH(t->head, m->comp[h[k]] == m->cur ? minlit(4 * i, false) : minlit(p_var(t, i) + 1, true));
    }
    add_constraint(m, t, r);
}

/* Component k's constraints into a new t->sat.  The atoms of C take the first slots, their
 * variables n, d, P, Q in fours (so n_a is 4 * slot); N within M (n_a => not Q_a), d_a
 * exactly when a is in M and not in N, some d_a true; then a constraint for each rule with
 * a head atom in C.  The slots come in the same order each time. */
static void make_sat(AspMinimal *m, Tester *t, size_t k)
{
    t->sat = minsat_new();
    t->read.count = t->pvar.count = 0;
    m->cur = k;
    VEC(MinLit) some = { 0 };
    for (uint32_t i = m->coff[k]; i < m->coff[k + 1]; i++) {
        uint32_t s = (uint32_t)t->read.count, n = minsat_var(t->sat), d = minsat_derived_var(t->sat);
        m->slot[m->catoms[i]] = s;
        VEC_PUSH(t->read, m->catoms[i]);
        VEC_PUSH(t->pvar, minsat_input_var(t->sat));
        minsat_input_var(t->sat);
        MinLit q = minlit(p_var(t, s) + 1, false);
        minsat_clause(t->sat, (MinLit[]){ minlit(n, true), q ^ 1 }, 2);
        minsat_clause(t->sat, (MinLit[]){ minlit(d, true), minlit(n, true) }, 2);
        minsat_clause(t->sat, (MinLit[]){ minlit(d, true), q ^ 1 }, 2);
        minsat_clause(t->sat, (MinLit[]){ minlit(d, false), minlit(n, false), q }, 3);
        VEC_PUSH(some, minlit(d, false));
    }
    minsat_clause(t->sat, some.items, some.count);
    VEC_FREE(some);
    m->now++;
    for (uint32_t i = m->coff[k]; i < m->coff[k + 1]; i++)
        for (uint32_t j = m->hoff[m->catoms[i]]; j < m->hoff[m->catoms[i] + 1]; j++) {
            uint32_t r = m->hrule[j];
            if (m->seen[r] == m->now) continue;
            m->seen[r] = m->now;
            add_rule(m, t, &m->p->rules.items[r]);
        }
    for (size_t i = 0; i < t->read.count; i++) m->slot[t->read.items[i]] = NONE;
}

static Tester *make_tester(AspMinimal *m, size_t k)
{
    Tester *t = mem_calloc(1, sizeof *t);
    make_sat(m, t, k);
    size_t n = t->read.count;
    t->order = mem_alloc((n + 1) * sizeof *t->order);
    t->moved = mem_alloc((n + 1) * sizeof *t->moved);
    t->state = mem_calloc(n + 1, 1);
    t->fact = mem_calloc(n + 1, 1);
    for (size_t i = 0; i < n; i++) t->order[i] = (uint32_t)i;
    return t;
}

static void free_tester(Tester *t)
{
    if (!t) return;
    minsat_free(t->sat);
    MEM_FREE_ALL(t->read.items, t->pvar.items, t->assume.items, t->body.items, t->weight.items, t->head.items,
                 t->order, t->moved, t->state, t->fact, t);
}

static void clear_vars(AspMinimal *m, size_t k)
{
    for (uint32_t i = m->coff[k]; i < m->coff[k + 1]; i++) m->var[m->catoms[i]] = NONE;
}

/* Atom a in the candidate: 1 true, 2 false, 3 open. */
static uint8_t state_of(const AspMinimal *m, AspAtom a)
{
    return holds(m, a) ? 1 : open_atom(m, a) ? 3 : 2;
}

/* The literals P and Q of the atom in slot i in its state: assumed, or facts. */
static void assume_slot(Tester *t, uint32_t i)
{
    MinLit p = minlit(p_var(t, i), t->state[i] == 2), q = minlit(p_var(t, i) + 1, t->state[i] == 1);
    if (t->fact[i]) {
        minsat_clause(t->sat, &p, 1);
        minsat_clause(t->sat, &q, 1);
        return;
    }
    VEC_PUSH(t->assume, p);
    VEC_PUSH(t->assume, q);
}

/* The assumptions, the atoms whose values did not change since the last check first (in
 * the order they had), then the others: the tester keeps what the first assumptions
 * implied as long as they are the same, so the atoms that change often go to the end. */
static void assumptions(AspMinimal *m, Tester *t)
{
    uint32_t n = (uint32_t)t->read.count, moved = 0, at = 0;
    t->assume.count = 0;
    for (uint32_t j = 0; j < n; j++) {
        uint32_t i = t->order[j];
        uint8_t now = t->fact[i] ? t->state[i] : state_of(m, t->read.items[i]);
        if (t->fact[i]) t->order[at++] = i;
        else if (now == t->state[i]) {
            assume_slot(t, i);
            t->order[at++] = i;
        } else {
            t->state[i] = now;
            t->moved[moved++] = i;
        }
    }
    for (uint32_t j = 0; j < moved; j++) {
        t->order[at + j] = t->moved[j];
        assume_slot(t, t->moved[j]);
    }
}

/* Facts: learnt clauses keep the assumed states as literals; in saturation (stage) clauses
 * of 8 600 literals, most the component's own P and Q, were scanned for a watch each time
 * they were assumed again (63 % of stage 1000 s1's instructions).  So at the first check
 * of a partial candidate the slots valued on the search's first two levels become unit
 * clauses of a new sat, which learns without them.  Its clauses hold while every candidate
 * keeps those states: one that does not makes the sat again without the facts it changed
 * (after MAX_REMAKES, without any). */
#define MAX_REMAKES 4

static void remake(AspMinimal *m, Tester *t, size_t k)
{
    MinSatStats past = *minsat_stats(t->sat);
    minsat_free(t->sat);
    make_sat(m, t, k);
    minsat_add_stats(t->sat, &past);
    t->remakes++;
    for (uint32_t i = 0; i < t->read.count; i++)
        if (t->fact[i]) assume_slot(t, i);
}

/* Fact slots whose state changed lose their fact; true when one did. */
static bool facts_broken(AspMinimal *m, Tester *t)
{
    bool broken = false;
    for (uint32_t i = 0; i < t->read.count; i++) {
        bool moved = t->fact[i] && state_of(m, t->read.items[i]) != t->state[i];
        t->fact[i] &= !moved;
        broken |= moved;
    }
    return broken;
}

static void update_facts(AspMinimal *m, Tester *t, size_t k)
{
    if (t->remakes == 0 && m->val) {
        bool any = false;
        for (uint32_t i = 0; i < t->read.count; i++) {
            uint32_t l = m->lat_of[t->read.items[i]];
            t->state[i] = state_of(m, t->read.items[i]);
            any |= t->fact[i] = m->val[l] != V_UNK && m->alev[l] <= 1;
        }
        if (any) remake(m, t, k);
        else t->remakes = 1;
    } else if (t->remakes && facts_broken(m, t)) {
        if (t->remakes > MAX_REMAKES) memset(t->fact, 0, t->read.count);
        remake(m, t, k);
    }
}

/* Is there a smaller model N under the candidate (P and Q of each atom read assumed, or
 * facts)?  Then kept holds it. */
static bool tester_finds(AspMinimal *m, size_t k)
{
    if (!m->tester[k]) m->tester[k] = make_tester(m, k);
    Tester *t = m->tester[k];
    update_facts(m, t, k);
    assumptions(m, t);
    if (!minsat_solve(t->sat, t->assume.items, t->assume.count)) return false;
    for (uint32_t i = m->coff[k]; i < m->coff[k + 1]; i++) {
        AspAtom a = m->catoms[i];
        if (m->var[a] != NONE) m->kept[m->var[a]] = minsat_true(t->sat, 4 * (i - m->coff[k]));
    }
    return true;
}

/* Component k: is M's part of it minimal (no model of P^M drops some of its atoms)?  When
 * not, the variables stay set (clear_vars) and kept holds the smaller model. */
static bool component_minimal(AspMinimal *m, size_t k)
{
    size_t n = 0;
    m->cur = k;
    for (uint32_t i = m->coff[k]; i < m->coff[k + 1]; i++) {
        uint32_t a = m->catoms[i];
        if (holds(m, a)) m->var[a] = (uint32_t)n++;
    }
    if (n >= 2 && tester_finds(m, k)) return false;   /* one atom is founded by the rule that chose it */
    clear_vars(m, k);
    return true;
}

typedef VEC(uint32_t) Words;

/* Lattice atom i among the atoms read (word bits in scratch, its word listed once). */
static void read_atom(Word *scratch, Words *words, uint32_t i)
{
    if (!scratch[i >> 6]) VEC_PUSH(*words, i >> 6);
    scratch[i >> 6] |= (Word)1 << (i & 63);
}

/* Program atom a's lattice atom onto out, unless mark says it is there (stamp). */
static void add_input(const AspSolver *s, AspAtom a, Words *out, uint32_t *mark, uint32_t stamp)
{
    uint32_t i = s->lat_of[a];
    if (mark[i] == stamp) return;
    mark[i] = stamp;
    VEC_PUSH(*out, i);
}

/* The lattice atoms component k's check reads (its own, and those of the rules with a head
 * atom in it), each once, onto out; mark is per lattice atom, holding k + 1 for those. */
static void component_inputs(AspMinimal *m, const AspSolver *s, size_t k, Words *out, uint32_t *mark)
{
    const AspProgram *p = m->p;
    const AspAtom *lits = p->lits.items;
    uint32_t stamp = (uint32_t)k + 1;
    m->now++;
    for (uint32_t i = m->coff[k]; i < m->coff[k + 1]; i++) {
        uint32_t a = m->catoms[i];
        add_input(s, a, out, mark, stamp);
        for (uint32_t j = m->hoff[a]; j < m->hoff[a + 1]; j++) {
            const AspRule *r = &p->rules.items[m->hrule[j]];
            if (m->seen[m->hrule[j]] == m->now) continue;
            m->seen[m->hrule[j]] = m->now;
            for (uint32_t h = 0; h < r->nhead; h++) add_input(s, lits[r->head + h], out, mark, stamp);
            for (uint32_t b = 0; b < r->npos; b++) add_input(s, lits[asp_rule_pos(r) + b], out, mark, stamp);
            for (uint32_t b = 0; b < r->nneg; b++) add_input(s, lits[asp_rule_neg(r) + b], out, mark, stamp);
        }
    }
}

/* Per lattice atom, the components whose check reads it (roff, rcomp, as CSR). */
static void index_readers(AspMinimal *m, const AspSolver *s)
{
    uint32_t *mark = mem_calloc(s->natoms + 1, sizeof *mark);
    Words in = { 0 };
    VEC(uint32_t) comps = { 0 };
    m->roff = mem_calloc(s->natoms + 2, sizeof *m->roff);
    for (size_t k = 0; k < m->ncomp; k++) {
        size_t from = in.count;
        component_inputs(m, s, k, &in, mark);
        for (size_t i = from; i < in.count; i++) m->roff[in.items[i] + 2]++;
        for (size_t i = from; i < in.count; i++) VEC_PUSH(comps, (uint32_t)k);
    }
    for (size_t a = 0; a < s->natoms; a++) m->roff[a + 2] += m->roff[a + 1];
    m->rcomp = mem_alloc((in.count + 1) * sizeof *m->rcomp);
    for (size_t i = 0; i < in.count; i++) m->rcomp[m->roff[in.items[i] + 1]++] = comps.items[i];
    MEM_FREE_ALL(mark, in.items, comps.items);
}

/* The atoms each component's check reads, by lattice word (ioff, iword, imask). */
static void index_inputs(AspMinimal *m, const AspSolver *s)
{
    uint32_t *mark = mem_calloc(s->natoms + 1, sizeof *mark);
    Word *scratch = mem_calloc(s->nwords + 1, sizeof *scratch);
    Words words = { 0 }, in = { 0 };
    VEC(Word) bits = { 0 };
    m->ioff = mem_calloc(m->ncomp + 1, sizeof *m->ioff);
    for (size_t k = 0; k < m->ncomp; k++) {
        size_t from = words.count;
        in.count = 0;
        component_inputs(m, s, k, &in, mark);
        for (size_t i = 0; i < in.count; i++) read_atom(scratch, &words, in.items[i]);
        for (size_t w = from; w < words.count; w++) {
            VEC_PUSH(bits, scratch[words.items[w]]);
            scratch[words.items[w]] = 0;
        }
        m->ioff[k + 1] = (uint32_t)words.count;
    }
    m->iword = words.items;
    m->imask = bits.items;
    m->isnap = mem_calloc(words.count + 1, sizeof *m->isnap);
    m->passed = mem_calloc(m->ncomp + 1, 1);
    MEM_FREE_ALL(mark, scratch, in.items);
}

/* Does total candidate x give component k's check the values of the last one that passed
 * it?  Then it passes again: the check reads nothing else. */
static bool unchanged(const AspMinimal *m, size_t k)
{
    if (!m->passed[k]) return false;
    for (uint32_t i = m->ioff[k]; i < m->ioff[k + 1]; i++)
        if ((m->x[m->iword[i]] & m->imask[i]) != m->isnap[i]) return false;
    return true;
}

static void remember(AspMinimal *m, size_t k)
{
    for (uint32_t i = m->ioff[k]; i < m->ioff[k + 1]; i++) m->isnap[i] = m->x[m->iword[i]] & m->imask[i];
    m->passed[k] = 1;
}

/* Component k of a total candidate: minimal as last time when its inputs are unchanged. */
static bool total_minimal(AspMinimal *m, size_t k)
{
    if (unchanged(m, k)) return true;
    if (!component_minimal(m, k)) return false;
    remember(m, k);
    return true;
}

static void read_candidate(AspMinimal *m, const AspSolver *s, const Word *x, const uint8_t *val)
{
    m->lat_of = s->lat_of;
    m->x = x;
    m->val = val;
    m->alev = NULL;
    if (!val && !m->ioff) index_inputs(m, s);
}

bool asp_minimal_holds(const AspSolver *s, const Word *x)
{
    AspMinimal *m = s->mini;
    if (!m) return true;
    read_candidate(m, s, x, NULL);
    for (size_t k = 0; k < m->ncomp; k++)
        if (!total_minimal(m, k)) { clear_vars(m, k); return false; }
    return true;
}

bool asp_solver_check_counts(const AspSolver *s, uint64_t *checks, uint64_t *conflicts, uint64_t *choices,
                             uint64_t *assumed)
{
    const AspMinimal *m = s->mini;
    *checks = *conflicts = *choices = *assumed = 0;
    if (!m) return false;
    for (size_t k = 0; k < m->ncomp; k++)
        if (m->tester[k]) {
            const MinSatStats *st = minsat_stats(m->tester[k]->sat);
            *checks += st->solves;
            *conflicts += st->conflicts;
            *choices += st->decisions;
            *assumed += st->assumed;
        }
    return true;
}

/* a is in the unfounded set: dropped by the smaller model, or open in the component. */
static bool in_u(const AspMinimal *m, AspAtom a)
{
    return m->var[a] != NONE ? !m->kept[m->var[a]] : open_inside(m, a);
}

/* Literal of program atom a (learn.c's numbering: 2 * lattice atom, + 1 when false) into
 * the nogood being built, once. */
static void put_lit(AspMinimal *m, const AspSolver *s, AspTrail *t, AspAtom a, bool value)
{
    if (m->lseen[a] == m->lnow) return;
    m->lseen[a] = m->lnow;
    asp_ufs_lit(t, 2 * s->lat_of[a] + !value);
}

/* Body literal i of rule r (pos then neg) is false in M (an open atom is neither false nor
 * true), and it is not an atom of U. */
static bool false_outside_u(const AspMinimal *m, const AspRule *r, uint32_t i, AspAtom *a)
{
    const AspAtom *lits = m->p->lits.items;
    *a = i < r->npos ? lits[asp_rule_pos(r) + i] : lits[asp_rule_neg(r) + i - r->npos];
    return i < r->npos ? !holds(m, *a) && !open_atom(m, *a) : holds(m, *a);
}

/* Why rule r's body gives no support to U outside U, in M: the weight its literals can
 * still reach with U's atoms false stays below the bound once some literals false in M
 * are taken as they are (the fewest, those set earliest first for a conjunction: the
 * nogood's blocking literals).  False when the body holds without U. */
static bool body_blocked(AspMinimal *m, const AspSolver *s, AspProp *p, const AspRule *r)
{
    uint64_t best = 0, bound = r->wts == ASP_NO_WEIGHTS ? (uint64_t)r->npos + r->nneg : asp_rule_bound(m->p, r);
    uint32_t n = r->npos + r->nneg, pick = NONE, level = UINT32_MAX;
    AspAtom a;
    for (uint32_t i = 0; i < n; i++) {
        false_outside_u(m, r, i, &a);
        if (i >= r->npos || !in_u(m, a)) best += weight_of(m->p, r, i);
    }
    if (best < bound) return true;            /* U's own atoms block it */
    if (r->wts == ASP_NO_WEIGHTS) {           /* one false literal, the earliest */
        for (uint32_t i = 0; i < n; i++)
            if (false_outside_u(m, r, i, &a) && p->tr.alev[s->lat_of[a]] < level) {
                pick = i;
                level = p->tr.alev[s->lat_of[a]];
            }
        if (pick == NONE) return false;
        false_outside_u(m, r, pick, &a);
        put_lit(m, s, &p->tr, a, pick >= r->npos);
        return true;
    }
    uint64_t least = best;
    for (uint32_t i = 0; i < n; i++)
        if (false_outside_u(m, r, i, &a)) least -= weight_of(m->p, r, i);
    if (least >= bound) return false;
    for (uint32_t i = 0; i < n && best >= bound; i++)
        if (false_outside_u(m, r, i, &a)) {
            best -= weight_of(m->p, r, i);
            put_lit(m, s, &p->tr, a, i >= r->npos);
        }
    return true;
}

/* Why rule r gives no support to U (the atoms the smaller model drops) outside U, in M:
 * its body fails without U, or a head atom outside U holds.  False when it does support U
 * (then the nogood is the whole candidate). */
static bool blocked(AspMinimal *m, const AspSolver *s, AspProp *p, const AspRule *r)
{
    const AspAtom *h = m->p->lits.items + r->head;
    uint32_t pick = NONE, level = UINT32_MAX;
    if (r->kind == ASP_CONSTRAINT) return true;
    if (r->kind == ASP_DISJUNCTION)
        for (uint32_t k = 0; k < r->nhead; k++)
            if (holds(m, h[k]) && !in_u(m, h[k]) && p->tr.alev[s->lat_of[h[k]]] < level) {
                pick = k;
                level = p->tr.alev[s->lat_of[h[k]]];
            }
    if (pick != NONE && level == 0) return true;          /* true for good: no literal */
    if (body_blocked(m, s, p, r)) return true;
    if (pick == NONE) return false;
    put_lit(m, s, &p->tr, h[pick], true);
    return true;
}

/* The candidate's smaller model in component k drops the atoms U: no stable model holds an
 * atom u of U while every rule with a head atom in U is blocked as it is here (U would be
 * unfounded, Leone, Rullo and Scarcello).  That nogood, u and the blocking literals, is the
 * reason (R_CHECK) for u to be false: a conflict, which the search learns from (on the
 * level of its latest literal, maybe below the request's).  The blocking literals all have
 * a value, so the nogood holds whether M is total or not; a partial M with no such literals
 * for some rule learns nothing (false: no conflict, the total check comes later). */
static bool learn_unfounded(AspMinimal *m, const AspSolver *s, AspProp *p, size_t k, bool total)
{
    uint32_t at = asp_ufs_begin(&p->tr);
    AspAtom u0 = NONE;
    bool ok = true;
    m->now++;
    m->lnow++;
    for (uint32_t i = m->coff[k]; i < m->coff[k + 1] && ok; i++) {
        AspAtom a = m->catoms[i];
        if (!in_u(m, a)) continue;
        if (u0 == NONE && m->var[a] != NONE) u0 = a;
        for (uint32_t j = m->hoff[a]; j < m->hoff[a + 1] && ok; j++) {
            uint32_t r = m->hrule[j];
            if (m->seen[r] == m->now) continue;
            m->seen[r] = m->now;
            ok = blocked(m, s, p, &m->p->rules.items[r]);
        }
    }
    if (!ok && !total) {
        asp_ufs_end(&p->tr, at, false);
        return false;
    }
    if (!ok) {                        /* not expected: the whole candidate as the reason */
        p->tr.ufs.count = at + 1;
        m->lnow++;
        for (AspAtom a = 0; a < m->p->names.count; a++)
            if (a != u0) put_lit(m, s, &p->tr, a, holds(m, a));
    }
    asp_ufs_end(&p->tr, at, true);
    asp_minimal_conflict(p, at, s->lat_of[u0]);
    return true;
}

void asp_minimal_conflict(AspProp *p, uint32_t at, uint32_t atom)
{
    uint32_t top = p->tr.alev[atom];
    for (uint32_t i = 1; i <= p->tr.ufs.items[at]; i++)
        if (p->tr.alev[p->tr.ufs.items[at + i] >> 1] > top) top = p->tr.alev[p->tr.ufs.items[at + i] >> 1];
    p->root_conflict = top == 0;          /* nothing to undo: no stable model is left */
    asp_prop_assign(p, atom, p->tr.val[atom] == V_TRUE ? V_FALSE : V_TRUE, R_CHECK, at);
}

/* The components whose check reads an atom that got a value since the last look (p->mfirst,
 * which undo lowers), marked dirty: inside the component (more atoms of M to drop) or out
 * (an open atom there constrains the smaller model most, a value only less; so saturation,
 * a component all true on level 0, is checked before candidates are total, stage39a in
 * bench/RESULTS.md).  A check that passed stays passed when atoms lose their values. */
static void mark_dirty(AspMinimal *m, const AspSolver *s, AspProp *p)
{
    if (!m->roff) index_readers(m, s);
    for (size_t i = p->mfirst; i < p->tr.qtail; i++) {
        uint32_t a = p->tr.trail[i];
        for (uint32_t j = m->roff[a]; j < m->roff[a + 1]; j++) m->dirty[m->rcomp[j]] = 1;
    }
    p->mfirst = p->tr.qtail;
}

/* The most checks of partial assignments a component skips after one that passed. */
#define MAX_GAP 64

/* Component k's check of a partial assignment, unless skipped: after each check that
 * passes, the component skips its next gap ones, the gap doubling up to MAX_GAP; one that
 * fails halves it.  Partial checks only cut candidates earlier (the total check decides),
 * so skipping loses no answer (disj38c in bench/RESULTS.md).  True when it passes or is
 * skipped; a skipped component stays dirty. */
static bool partial_minimal(AspMinimal *m, size_t k)
{
    if (m->skip[k]) {
        m->skip[k]--;
        return true;
    }
    m->dirty[k] = 0;
    if (!component_minimal(m, k)) {
        m->gap[k] /= 2;
        return false;
    }
    m->gap[k] = m->gap[k] >= MAX_GAP / 2 ? MAX_GAP : 2 * m->gap[k] + 1;
    m->skip[k] = m->gap[k];
    return true;
}

/* A partial assignment M is checked in each component where an atom its check reads got a
 * value since its last check, at each fixpoint of the propagation (partial_minimal skips
 * some).  An atom left open is taken as constraining most: outside the component being
 * checked, true in rule bodies (`not c` holding too) and no head that satisfies a rule;
 * inside, in no smaller model.
 * A smaller model found so is one under every completion of M (any completion's reduct
 * has fewer, weaker constraints, and the model still keeps fewer of the completion's atoms
 * of the component), so none is stable: a conflict.  Its nogood is that of the unfounded
 * set the dropped atoms and the component's open ones make (learn_unfounded). */
bool asp_minimal_propagate(const AspSolver *s, AspProp *p, bool total)
{
    AspMinimal *m = s->mini;
    if (!total) mark_dirty(m, s, p);
    read_candidate(m, s, p->tlo, total ? NULL : p->tr.val);
    m->alev = p->tr.alev;
    for (size_t k = 0; k < m->ncomp; k++) {
        if (!total && !m->dirty[k]) continue;
        if (total) m->dirty[k] = 0;
        if (total ? total_minimal(m, k) : partial_minimal(m, k)) continue;
        bool conflict = !p->learning || learn_unfounded(m, s, p, k, total);
        if (!p->learning) p->conflict = true;
        clear_vars(m, k);
        if (conflict) return false;
    }
    return true;
}
