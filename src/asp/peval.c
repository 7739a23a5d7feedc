/* peval.c: partial evaluation of a program under a bound [lo, hi] (paper Section 8). */
#include "asp/internal.h"

typedef enum { V_FALSE, V_TRUE, V_OPEN } Val;

typedef struct PEval {
    const AspProgram *p;
    AspProgram *out;
    Val *val;                     /* per program atom */
    AspAtom *map;                 /* program atom -> atom of out + 1 (0: not made yet) */
    VEC(AspAtom) head, pos, neg;
} PEval;

static AspAtom out_atom(PEval *e, AspAtom a)
{
    if (!e->map[a]) {
        const char *nm = e->p->names.items[a];
        AspAtom b = asp_atom_hidden(e->out);
        if (nm) asp_atom_show(e->out, b, nm, e->p->namelen.items[a]);
        asp_set_print_key(e->out, b, e->p->order.items[a]);
        e->map[a] = b + 1;
    }
    return e->map[a] - 1;
}

/* The body of r under the bound, open literals into e->pos / e->neg; false if it is false. */
static bool eval_body(PEval *e, const AspRule *r)
{
    const AspAtom *lits = e->p->lits.items;
    e->pos.count = e->neg.count = 0;
    for (uint32_t i = 0; i < r->npos; i++) {
        AspAtom a = lits[r->pos + i];
        if (e->val[a] == V_FALSE) return false;
        if (e->val[a] == V_OPEN) VEC_PUSH(e->pos, out_atom(e, a));
    }
    for (uint32_t i = 0; i < r->nneg; i++) {
        AspAtom a = lits[r->neg + i];
        if (e->val[a] == V_TRUE) return false;
        if (e->val[a] == V_OPEN) VEC_PUSH(e->neg, out_atom(e, a));
    }
    return true;
}

static void emit(PEval *e, AspRuleKind kind)
{
    asp_add_rule(e->out, kind, e->head.items, e->head.count, e->pos.items, e->pos.count,
                 e->neg.items, e->neg.count, NULL);
}

static void eval_rule(PEval *e, const AspRule *r)
{
    if (!eval_body(e, r)) return;
    const AspAtom *lits = e->p->lits.items;
    e->head.count = 0;
    if (r->kind == ASP_CONSTRAINT) { emit(e, ASP_CONSTRAINT); return; }
    if (r->kind == ASP_NORMAL) {
        AspAtom h = lits[r->head];
        if (e->val[h] == V_TRUE) return;                   /* a fact already */
        if (e->val[h] == V_FALSE) { emit(e, ASP_CONSTRAINT); return; }
        VEC_PUSH(e->head, out_atom(e, h));
        emit(e, ASP_NORMAL);
        return;
    }
    for (uint32_t i = 0; i < r->nhead; i++)
        if (e->val[lits[r->head + i]] == V_OPEN) VEC_PUSH(e->head, out_atom(e, lits[r->head + i]));
    if (e->head.count) emit(e, ASP_CHOICE);
}

/* Bounds as constraints: open atoms that [tlo, thi] decides. */
static void bound_constraints(PEval *e, const AspSolver *s, const Word *tlo, const Word *thi)
{
    for (AspAtom a = 0; a < e->p->names.count; a++) {
        if (e->val[a] != V_OPEN) continue;
        bool in = asp_solver_has(s, tlo, a), out = !asp_solver_has(s, thi, a);
        if (!in && !out) continue;
        AspAtom b = out_atom(e, a);
        asp_add_rule(e->out, ASP_CONSTRAINT, NULL, 0, out ? &b : NULL, out, in ? &b : NULL, in,
                     NULL);
    }
}

AspProgram *asp_partial_eval(const AspProgram *p, const AspSolver *s, const Word *lo,
                             const Word *hi, const Word *tlo, const Word *thi)
{
    size_t n = p->names.count;
    PEval e = { .p = p, .out = asp_program_new() };
    e.val = mem_alloc((n + 1) * sizeof *e.val);
    e.map = mem_calloc(n + 1, sizeof *e.map);
    for (AspAtom a = 0; a < n; a++)
        e.val[a] = asp_solver_has(s, lo, a) ? V_TRUE : asp_solver_has(s, hi, a) ? V_OPEN : V_FALSE;
    /* shown atoms first, in print order, so the output lists them as the input did */
    for (size_t i = 0; i < s->nshown; i++)
        if (e.val[s->shown[i]] != V_FALSE) out_atom(&e, s->shown[i]);
    for (size_t i = 0; i < s->nshown; i++)
        if (e.val[s->shown[i]] == V_TRUE) asp_add_fact(e.out, out_atom(&e, s->shown[i]));
    for (size_t i = 0; i < p->rules.count; i++) eval_rule(&e, &p->rules.items[i]);
    if (tlo && thi) bound_constraints(&e, s, tlo, thi);
    mem_free(e.val);
    mem_free(e.map);
    VEC_FREE(e.head);
    VEC_FREE(e.pos);
    VEC_FREE(e.neg);
    return e.out;
}
