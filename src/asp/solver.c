/* solver.c: compiles a program into a normal program over a powerset lattice and evaluates
 * S_P (least model of the reduct) by counter-based propagation in linear time. */
#include "asp/internal.h"

#include <stdio.h>
#include <stdlib.h>

/* A normal rule while compiling: head, body literals in one array (pos first). */
typedef struct NRule { uint32_t head, npos, nneg, start; } NRule;

typedef struct Builder {
    const AspProgram *p;
    size_t natoms;                 /* program atoms, then translation atoms */
    long fatom;                    /* constraint atom (builder numbering) or -1 */
    uint32_t *prime;               /* program atom -> its choice partner + 1 (0: none) */
    VEC(NRule) rules;
    VEC(uint32_t) body;
    uint32_t *seen;                /* per atom: stamp for deduplication */
    uint32_t stamp;
} Builder;

static void push_lit(Builder *b, uint32_t a, uint32_t mark)
{
    if (b->seen[a] == b->stamp + mark) return;
    b->seen[a] = b->stamp + mark;
    VEC_PUSH(b->body, a);
}

/* Adds head :- pos, not neg (, not extra when extra >= 0), simplified; stamps are 2 per rule:
 * stamp for positive, stamp + 1 for negative literals. */
static void add_normal(Builder *b, uint32_t head, const AspRule *r, long extra)
{
    const AspAtom *lits = b->p->lits.items;
    b->stamp += 2;
    uint32_t start = (uint32_t)b->body.count;
    for (uint32_t i = 0; i < r->npos; i++) push_lit(b, lits[r->pos + i], 0);
    uint32_t npos = (uint32_t)b->body.count - start;
    bool dead = b->seen[head] == b->stamp;                 /* h :- h, ... never fires */
    for (uint32_t i = 0; i < r->nneg; i++) {
        uint32_t a = lits[r->neg + i];
        if (b->seen[a] == b->stamp) dead = true;           /* a and not a */
        push_lit(b, a, 1);
    }
    if (extra >= 0) {
        if (b->seen[extra] == b->stamp) dead = true;
        push_lit(b, (uint32_t)extra, 1);
    }
    if (dead) { b->body.count = start; return; }
    NRule n = { head, npos, (uint32_t)b->body.count - start - npos, start };
    VEC_PUSH(b->rules, n);
}

static uint32_t new_atom(Builder *b)
{
    return (uint32_t)b->natoms++;
}

static void grow_seen(Builder *b)
{
    b->seen = mem_realloc(b->seen, (b->natoms + 1) * sizeof *b->seen);
    b->seen[b->natoms] = 0;
}

static void translate(Builder *b)
{
    const AspProgram *p = b->p;
    for (size_t i = 0; i < p->rules.count; i++) {
        const AspRule *r = &p->rules.items[i];
        if (r->kind == ASP_NORMAL) { add_normal(b, p->lits.items[r->head], r, -1); continue; }
        if (r->kind == ASP_CONSTRAINT) {
            if (b->fatom < 0) { b->fatom = new_atom(b); grow_seen(b); }
            add_normal(b, (uint32_t)b->fatom, r, b->fatom);
            continue;
        }
        for (uint32_t h = 0; h < r->nhead; h++) {
            uint32_t a = p->lits.items[r->head + h];
            if (!b->prime[a]) { b->prime[a] = new_atom(b) + 1; grow_seen(b); }
            add_normal(b, a, r, b->prime[a] - 1);
            add_normal(b, b->prime[a] - 1, r, a);
        }
    }
}

/* Lattice order: atoms that occur negatively first (most occurrences first), so that the
 * powerset's "lowest free atom" split decides the atoms S_P depends on. */
static uint32_t *atom_order(const Builder *b)
{
    size_t n = b->natoms;
    uint32_t *negc = mem_calloc(n + 1, sizeof *negc);
    for (size_t i = 0; i < b->rules.count; i++) {
        const NRule *r = &b->rules.items[i];
        for (uint32_t k = 0; k < r->nneg; k++) negc[b->body.items[r->start + r->npos + k]]++;
    }
    uint32_t maxc = 0;
    for (size_t a = 0; a < n; a++) if (negc[a] > maxc) maxc = negc[a];
    /* counting sort by decreasing count, stable */
    uint32_t *bucket = mem_calloc((size_t)maxc + 2, sizeof *bucket);
    for (size_t a = 0; a < n; a++) bucket[maxc - negc[a] + 1]++;
    for (size_t c = 1; c <= (size_t)maxc + 1; c++) bucket[c] += bucket[c - 1];
    uint32_t *pos_of = mem_alloc((n + 1) * sizeof *pos_of);
    for (size_t a = 0; a < n; a++) pos_of[a] = bucket[maxc - negc[a]]++;
    mem_free(bucket);
    mem_free(negc);
    return pos_of;     /* builder atom -> lattice atom */
}

static char *atom_label(const AspProgram *p, size_t a, size_t np)
{
    char tmp[32];
    if (a < np && p->names.items[a]) return p->names.items[a];
    snprintf(tmp, sizeof tmp, a < np ? "_%zu" : "_aux%zu", a < np ? a : a - np);
    return mem_strdup(tmp);
}

static void make_lattice(AspSolver *s, const uint32_t *lat, size_t np)
{
    const AspProgram *p = s->prog;
    char **names = mem_alloc((s->natoms + 1) * sizeof *names);
    for (size_t a = 0; a < s->natoms; a++) names[lat[a]] = atom_label(p, a, np);
    s->L = lattice_powerset_new((const char *const *)names, s->natoms);
    for (size_t a = 0; a < s->natoms; a++)
        if (!(a < np && p->names.items[a])) mem_free(names[lat[a]]);
    mem_free(names);
}

/* Rules grouped by atom: for rule r the atoms key[start[r] .. start[r+1]) (or key[r] alone
 * when start is NULL); returns the offsets, *out the rule lists. */
static uint32_t *csr_by(size_t n, size_t nr, const uint32_t *start, const uint32_t *key,
                        uint32_t **out)
{
    uint32_t *off = mem_calloc(n + 2, sizeof *off);
    size_t total = start ? start[nr] : nr;
    for (size_t k = 0; k < total; k++) off[key[k] + 1]++;
    for (size_t a = 0; a < n; a++) off[a + 1] += off[a];
    uint32_t *fill = mem_alloc((n + 1) * sizeof *fill), *list = mem_alloc((total + 1) * sizeof *list);
    memcpy(fill, off, n * sizeof *fill);
    for (size_t r = 0; r < nr; r++) {
        size_t b = start ? start[r] : r, e = start ? start[r + 1] : r + 1;
        for (size_t k = b; k < e; k++) list[fill[key[k]]++] = (uint32_t)r;
    }
    mem_free(fill);
    *out = list;
    return off;
}

/* CSR arrays of the compiled rules in lattice numbering. */
static void make_index(AspSolver *s, const Builder *b, const uint32_t *lat)
{
    size_t nr = b->rules.count, n = s->natoms, nb = b->body.count;
    s->nrules = nr;
    s->head = mem_alloc((nr + 1) * sizeof *s->head);
    s->pstart = mem_alloc((nr + 1) * sizeof *s->pstart);
    s->nstart = mem_alloc((nr + 1) * sizeof *s->nstart);
    s->pos = mem_alloc((nb + 1) * sizeof *s->pos);
    s->neg = mem_alloc((nb + 1) * sizeof *s->neg);
    size_t np = 0, nn = 0;
    for (size_t i = 0; i < nr; i++) {
        const NRule *r = &b->rules.items[i];
        s->head[i] = lat[r->head];
        s->pstart[i] = (uint32_t)np;
        s->nstart[i] = (uint32_t)nn;
        for (uint32_t k = 0; k < r->npos; k++) {
            uint32_t a = lat[b->body.items[r->start + k]];
            s->pos[np++] = a;
        }
        for (uint32_t k = 0; k < r->nneg; k++) s->neg[nn++] = lat[b->body.items[r->start + r->npos + k]];
    }
    s->pstart[nr] = (uint32_t)np;
    s->nstart[nr] = (uint32_t)nn;
    s->ostart = csr_by(n, nr, s->pstart, s->pos, &s->occ);
    s->nostart = csr_by(n, nr, s->nstart, s->neg, &s->nocc);
    s->hstart = csr_by(n, nr, NULL, s->head, &s->hrules);
}

AspSolver *asp_solver_new(const AspProgram *p)
{
    size_t np = p->names.count;
    Builder b = { .p = p, .natoms = np, .fatom = -1 };
    b.prime = mem_calloc(np + 1, sizeof *b.prime);
    b.seen = mem_calloc(np + 1, sizeof *b.seen);
    translate(&b);
    AspSolver *s = mem_calloc(1, sizeof *s);
    s->prog = p;
    s->natoms = b.natoms;
    uint32_t *lat = atom_order(&b);
    make_lattice(s, lat, np);
    s->nwords = s->L->nwords;
    make_index(s, &b, lat);
    s->lat_of = mem_alloc((np + 1) * sizeof *s->lat_of);
    s->prog_of = mem_alloc((s->natoms + 1) * sizeof *s->prog_of);
    for (size_t a = 0; a < s->natoms; a++) s->prog_of[lat[a]] = a < np ? (long)a : -1;
    for (size_t a = 0; a < np; a++) s->lat_of[a] = lat[a];
    s->fatom = b.fatom >= 0 ? (long)lat[b.fatom] : -1;
    s->shown = asp_print_order(p, &s->nshown);
    s->sp = asp_sp_new(s);
    s->prop = asp_prop_new(s);
    s->fn = (AftFunction){ .L = s->L, .name = "S_P", .ctx = s, .eval = asp_sp_eval,
                           .envelope = ENV_ANTITONE, .refine = asp_prop_refine,
                           .split = asp_prop_split, .refine_at = asp_prop_refine_at,
                           .split_at = asp_prop_split_at };
    s->wf_fn = s->fn;
    s->wf_fn.refine = asp_prop_refine_wf;
    s->wf_fn.split = NULL;
    s->wf_fn.refine_at = NULL;
    s->wf_fn.split_at = NULL;
    mem_free(lat);
    mem_free(b.prime);
    mem_free(b.seen);
    VEC_FREE(b.rules);
    VEC_FREE(b.body);
    return s;
}

void asp_solver_free(AspSolver *s)
{
    if (!s) return;
    lattice_free(s->L);
    mem_free(s->head); mem_free(s->pstart); mem_free(s->pos); mem_free(s->nstart);
    mem_free(s->neg); mem_free(s->ostart); mem_free(s->occ);
    mem_free(s->lat_of); mem_free(s->prog_of); mem_free(s->shown);
    mem_free(s->nostart); mem_free(s->nocc); mem_free(s->hstart); mem_free(s->hrules);
    asp_sp_free(s->sp);
    asp_prop_free(s->prop);
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
