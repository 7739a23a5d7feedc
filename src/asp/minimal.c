/* minimal.c: the minimality check of a program that is not head-cycle-free.  The solver
 * searches a normal program whose stable models include every stable model of the program P
 * (solver.c: disjunctive rules shifted between positive components, chosen within one); a
 * candidate M of it is a model of P whose atoms are all founded outside the components where
 * a disjunctive rule has two head atoms (docs/aft.md).  M is a stable model of P when it is a
 * minimal model of the reduct P^M, and it is enough to look inside each such component C
 * (Leone, Rullo and Scarcello: an unfounded set of M can be taken inside one component): is
 * there a model of P^M that keeps M outside C and drops some atoms of M inside it?  That is
 * a small satisfiability problem over the atoms of M in C (minsat.c), one per component. */
#include "asp/internal.h"
#include "asp/minsat.h"

#define NONE UINT32_MAX

struct AspMinimal {
    const AspProgram *p;
    uint32_t *comp;               /* per program atom: its component's index when a
                                     disjunctive rule has two head atoms in it, else NONE */
    uint32_t *coff, *catoms;      /* the atoms of those components, grouped by index */
    size_t ncomp;
    uint32_t *hoff, *hrule;       /* per program atom: the rules with it in the head */
    uint8_t *in;                  /* per program atom: in the candidate being checked */
    uint32_t *var;                /* per program atom: its variable in the check, or NONE */
    uint32_t *seen;               /* per rule: the check that met it last */
    uint32_t now;
    MinProblem q;                 /* the problem of one component */
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
    m->in = mem_calloc(np + 1, 1);
    m->var = mem_alloc((np + 1) * sizeof *m->var);
    for (size_t a = 0; a < np; a++) m->var[a] = NONE;
    m->seen = mem_calloc(p->rules.count + 1, sizeof *m->seen);
    minsat_init(&m->q);
    return m;
}

void asp_minimal_free(AspMinimal *m)
{
    if (!m) return;
    mem_free(m->comp); mem_free(m->coff); mem_free(m->catoms);
    mem_free(m->hoff); mem_free(m->hrule);
    mem_free(m->in); mem_free(m->var); mem_free(m->seen);
    minsat_free(&m->q);
    mem_free(m);
}

static uint32_t weight_of(const AspProgram *p, const AspRule *r, uint32_t i)
{
    return r->wts == ASP_NO_WEIGHTS ? 1 : p->weights.items[r->wts + i];
}

/* Rule r's body in the reduct by M, over the variables: false when it does not hold in M
 * (then it holds in no subset); else its variables (positive atoms of M in C) go to the
 * problem and *base is what the rest gives (positive atoms of M outside C, `not c` for c
 * outside M). */
static bool reduct_body(AspMinimal *m, const AspRule *r, uint64_t *base)
{
    const AspProgram *p = m->p;
    uint64_t sum = 0, bound = r->wts == ASP_NO_WEIGHTS ? (uint64_t)r->npos + r->nneg : r->bound;
    *base = 0;
    for (uint32_t i = 0; i < r->npos; i++) {
        AspAtom a = p->lits.items[r->pos + i];
        if (!m->in[a]) continue;
        sum += weight_of(p, r, i);
        if (m->var[a] == NONE) *base += weight_of(p, r, i);
    }
    for (uint32_t i = 0; i < r->nneg; i++)
        if (!m->in[p->lits.items[r->neg + i]]) {
            sum += weight_of(p, r, r->npos + i);
            *base += weight_of(p, r, r->npos + i);
        }
    if (sum < bound) return false;
    for (uint32_t i = 0; i < r->npos; i++) {
        AspAtom a = p->lits.items[r->pos + i];
        if (m->var[a] != NONE) minsat_body(&m->q, m->var[a], weight_of(p, r, i));
    }
    return true;
}

/* The constraints rule r puts on the variables: body => one of its head atoms in M's part of
 * C (none when M has a head atom outside C, which every subset keeps); a normal or choice
 * rule, one for each head atom in it. */
static void add_rule(AspMinimal *m, const AspRule *r)
{
    const AspAtom *h = m->p->lits.items + r->head;
    uint64_t base, bound = r->wts == ASP_NO_WEIGHTS ? (uint64_t)r->npos + r->nneg : r->bound;
    bool disj = r->kind == ASP_DISJUNCTION;
    if (r->kind == ASP_CONSTRAINT) return;     /* M satisfies it, so every subset does */
    if (disj)
        for (uint32_t k = 0; k < r->nhead; k++)
            if (m->in[h[k]] && m->var[h[k]] == NONE) return;
    for (uint32_t k = 0; k < r->nhead; k++) {
        if (m->var[h[k]] == NONE) continue;
        minsat_begin(&m->q);
        if (!reduct_body(m, r, &base)) { minsat_drop(&m->q); return; }
        if (!disj) minsat_head(&m->q, m->var[h[k]]);
        else
            for (uint32_t j = 0; j < r->nhead; j++)
                if (m->var[h[j]] != NONE) minsat_head(&m->q, m->var[h[j]]);
        minsat_end(&m->q, base, bound);
        if (disj) return;
    }
}

/* Component k: is M's part of it minimal (no model of P^M drops some of its atoms)? */
static bool component_minimal(AspMinimal *m, size_t k)
{
    size_t n = 0;
    minsat_reset(&m->q);
    for (uint32_t i = m->coff[k]; i < m->coff[k + 1]; i++) {
        uint32_t a = m->catoms[i];
        if (m->in[a]) m->var[a] = (uint32_t)n++;
    }
    bool minimal = true;
    if (n >= 2) {           /* one atom is founded by the rule that chose it */
        m->now++;
        for (uint32_t i = m->coff[k]; i < m->coff[k + 1]; i++) {
            uint32_t a = m->catoms[i];
            if (!m->in[a]) continue;
            for (uint32_t j = m->hoff[a]; j < m->hoff[a + 1]; j++) {
                uint32_t r = m->hrule[j];
                if (m->seen[r] == m->now) continue;
                m->seen[r] = m->now;
                add_rule(m, &m->p->rules.items[r]);
            }
        }
        minimal = !minsat_smaller(&m->q, n);
    }
    for (uint32_t i = m->coff[k]; i < m->coff[k + 1]; i++) m->var[m->catoms[i]] = NONE;
    return minimal;
}

bool asp_minimal_holds(const AspSolver *s, const Word *x)
{
    AspMinimal *m = s->mini;
    if (!m) return true;
    size_t np = m->p->names.count;
    for (size_t a = 0; a < np; a++) {
        uint32_t i = s->lat_of[a];
        m->in[a] = (x[i >> 6] >> (i & 63)) & 1;
    }
    for (size_t k = 0; k < m->ncomp; k++)
        if (!component_minimal(m, k)) return false;
    return true;
}
