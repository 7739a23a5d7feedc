/* peval.c: partial evaluation of a program under a bound [lo, hi] (paper Section 8): decided
 * literals leave the bodies (a weight body's bound drops by the weights of its true ones),
 * rules that can no longer fire or are satisfied go, and every other statement is kept with
 * its atoms (an atom such a statement names keeps its value: a fact when true). */
#include "asp/internal.h"

typedef enum { V_FALSE, V_TRUE, V_OPEN } Val;

typedef struct PEval {
    const AspProgram *p;
    AspProgram *out;
    Val *val;                     /* per program atom */
    AspAtom *map;                 /* program atom -> atom of out + 1 (0: not made yet) */
    bool *fact;                   /* per program atom: made a fact of out */
    VEC(AspAtom) head, pos, neg;
    VEC(AspWLit) wl;
    int64_t bound;                /* what the open literals of a weight body still need */
    const AspAtom *lits;          /* the rule's literals and weights (asp_rules_each: the */
    const uint32_t *wts;          /* program's, or a packed rule's decoded) */
} PEval;

static AspAtom out_atom(PEval *e, AspAtom a)
{
    if (!e->map[a]) {
        const char *nm = e->p->names.items[a];
        AspAtom b = asp_atom_hidden(e->out);
        if (nm) asp_atom_show(e->out, b, nm, e->p->namelen.items[a]);
        asp_set_print_key(e->out, b, asp_print_key(e->p, a));
        e->map[a] = b + 1;
    }
    return e->map[a] - 1;
}

/* The atom of out for an atom another statement names: a true one is made a fact. */
static AspAtom kept_atom(PEval *e, AspAtom a)
{
    AspAtom b = out_atom(e, a);
    if (e->val[a] == V_TRUE && !e->fact[a]) {
        e->fact[a] = true;
        asp_add_fact(e->out, b);
    }
    return b;
}

/* The literal of atom a (negative when neg) under the bound. */
static Val lit_val(const PEval *e, AspAtom a, bool neg)
{
    Val v = e->val[a];
    return v == V_OPEN ? V_OPEN : (v == V_TRUE) != neg ? V_TRUE : V_FALSE;
}

/* A weight body under the bound: open literals into e->wl, e->bound what they must reach;
 * false if it can no longer hold. */
static bool eval_weight_body(PEval *e, const AspRule *r)
{
    const AspAtom *lits = e->lits;
    const uint32_t *w = e->wts + r->wts + 1;
    int64_t open = 0;
    e->wl.count = 0;
    e->bound = e->wts[r->wts];
    for (uint32_t i = 0; i < r->npos + r->nneg; i++) {
        bool neg = i >= r->npos;
        AspAtom a = lits[asp_rule_pos(r) + i];
        Val v = lit_val(e, a, neg);
        if (v == V_TRUE) e->bound -= w[i];
        if (v != V_OPEN) continue;
        AspWLit l = { out_atom(e, a), neg, w[i] };
        VEC_PUSH(e->wl, l);
        open += w[i];
    }
    if (e->bound <= 0) e->wl.count = 0;
    return open >= e->bound;
}

/* The body of r under the bound, open literals into e->pos / e->neg (or e->wl for a weight
 * body); false if it is false. */
static bool eval_body(PEval *e, const AspRule *r)
{
    if (r->wts != ASP_NO_WEIGHTS) return eval_weight_body(e, r);
    const AspAtom *lits = e->lits;
    e->pos.count = e->neg.count = 0;
    for (uint32_t i = 0; i < r->npos; i++) {
        AspAtom a = lits[asp_rule_pos(r) + i];
        if (e->val[a] == V_FALSE) return false;
        if (e->val[a] == V_OPEN) VEC_PUSH(e->pos, out_atom(e, a));
    }
    for (uint32_t i = 0; i < r->nneg; i++) {
        AspAtom a = lits[asp_rule_neg(r) + i];
        if (e->val[a] == V_TRUE) return false;
        if (e->val[a] == V_OPEN) VEC_PUSH(e->neg, out_atom(e, a));
    }
    return true;
}

static void emit(PEval *e, const AspRule *r, AspRuleKind kind)
{
    if (kind == ASP_DISJUNCTION && e->head.count < 2)
        kind = e->head.count ? ASP_NORMAL : ASP_CONSTRAINT;
    if (r->wts != ASP_NO_WEIGHTS)
        asp_add_weight_rule(e->out, kind, e->head.items, e->head.count, e->bound, e->wl.items,
                            e->wl.count, NULL);
    else
        asp_add_rule(e->out, kind, e->head.items, e->head.count, e->pos.items, e->pos.count,
                     e->neg.items, e->neg.count, NULL);
}

/* A disjunctive rule: satisfied (dropped) when a head atom is true, false head atoms go. */
static void eval_disjunction(PEval *e, const AspRule *r)
{
    const AspAtom *lits = e->lits;
    for (uint32_t i = 0; i < r->nhead; i++)
        if (e->val[lits[r->head + i]] == V_TRUE) return;
    for (uint32_t i = 0; i < r->nhead; i++)
        if (e->val[lits[r->head + i]] == V_OPEN) VEC_PUSH(e->head, out_atom(e, lits[r->head + i]));
    emit(e, r, ASP_DISJUNCTION);
}

static void eval_rule(void *ctx, const AspRule *r, const AspAtom *lits, const uint32_t *wts)
{
    PEval *e = ctx;
    e->lits = lits;
    e->wts = wts;
    if (!eval_body(e, r)) return;
    e->head.count = 0;
    if (r->kind == ASP_CONSTRAINT) { emit(e, r, ASP_CONSTRAINT); return; }
    if (r->kind == ASP_DISJUNCTION) { eval_disjunction(e, r); return; }
    if (r->kind == ASP_NORMAL) {
        AspAtom h = lits[r->head];
        if (e->val[h] == V_TRUE) return;                   /* a fact already */
        if (e->val[h] == V_FALSE) { emit(e, r, ASP_CONSTRAINT); return; }
        VEC_PUSH(e->head, out_atom(e, h));
        emit(e, r, ASP_NORMAL);
        return;
    }
    for (uint32_t i = 0; i < r->nhead; i++)
        if (e->val[lits[r->head + i]] == V_OPEN) VEC_PUSH(e->head, out_atom(e, lits[r->head + i]));
    if (e->head.count) emit(e, r, ASP_CHOICE);
}

/* The opaque statements, their atoms mapped and their strings copied. */
static void keep_opaque(PEval *e)
{
    const AspProgram *p = e->p;
    for (size_t i = 0; i < p->opaque.count; i++) {
        const AspStmt *o = &p->opaque.items[i];
        AspTok *t = mem_alloc((o->count + 1) * sizeof *t);
        for (uint32_t k = 0; k < o->count; k++) {
            t[k] = p->toks.items[o->start + k];
            if (t[k].kind == TOK_ATOM || t[k].kind == TOK_LIT) t[k].atom = kept_atom(e, t[k].atom);
            if (t[k].kind == TOK_STR) {
                t[k].num = (int64_t)e->out->strs.len;
                buf_putn(&e->out->strs, p->strs.data + p->toks.items[o->start + k].num, t[k].len);
            }
        }
        asp_add_opaque(e->out, o->kind, t, o->count);
        mem_free(t);
    }
    for (size_t i = 0; i < p->theory_off.count; i++)
        asp_add_theory_off(e->out, kept_atom(e, p->theory_off.items[i]));
}

/* #minimize, #project and the opaque statements, their atoms mapped. */
static void keep_statements(PEval *e)
{
    const AspProgram *p = e->p;
    for (size_t i = 0; i < p->mins.count; i++) {
        const AspStmt *m = &p->mins.items[i];
        e->wl.count = 0;
        for (uint32_t k = 0; k < m->count; k++) {
            AspWLit l = p->wlits.items[m->start + k];
            l.atom = kept_atom(e, l.atom);
            VEC_PUSH(e->wl, l);
        }
        asp_add_minimize(e->out, m->priority, e->wl.items, e->wl.count);
    }
    if (p->has_project) {
        e->head.count = 0;
        for (size_t i = 0; i < p->projected.count; i++)
            VEC_PUSH(e->head, kept_atom(e, p->projected.items[i]));
        asp_add_project(e->out, e->head.items, e->head.count);
    }
    keep_opaque(e);
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
    e.fact = mem_calloc(n + 1, sizeof *e.fact);
    for (AspAtom a = 0; a < n; a++)
        e.val[a] = asp_solver_has(s, lo, a) ? V_TRUE : asp_solver_has(s, hi, a) ? V_OPEN : V_FALSE;
    /* shown atoms first, in print order, so the output lists them as the input did */
    for (size_t i = 0; i < s->nshown; i++)
        if (e.val[s->shown[i]] != V_FALSE) out_atom(&e, s->shown[i]);
    for (size_t i = 0; i < s->nshown; i++)
        if (e.val[s->shown[i]] == V_TRUE) kept_atom(&e, s->shown[i]);
    asp_rules_each(p, eval_rule, &e);
    keep_statements(&e);
    if (tlo && thi) bound_constraints(&e, s, tlo, thi);
    mem_free(e.val);
    mem_free(e.map);
    mem_free(e.fact);
    VEC_FREE(e.head);
    VEC_FREE(e.pos);
    VEC_FREE(e.neg);
    VEC_FREE(e.wl);
    return e.out;
}
