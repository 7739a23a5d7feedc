/* mus.c: a minimal unsatisfiable set of a program with no stable model: groups of rules
 * removed in halves, then in quarters and so on while what is left still has no model, then
 * one at a time until no single group can go.  Removing rules can make models appear or
 * vanish (the semantics is not monotone), so the last passes repeat until a whole pass
 * removes nothing: then every group of the answer was checked to be needed. */
#include "asp/explain.h"

#include <string.h>

#include "asp/internal.h"

typedef struct Mus {
    const AspProgram *p;
    const uint32_t *group;
    const AftOptions *o;
    uint8_t *in;                  /* per group: in the set tried */
    size_t checks;
    Buf *why;
} Mus;

/* A copy of one rule of p into out, through the public constructors. */
static void copy_rule(const AspProgram *p, size_t r, AspProgram *out)
{
    AspRuleView v;
    asp_rule_view(p, r, &v);
    if (!v.weights) {
        asp_add_rule(out, v.kind, v.head, v.nhead, v.pos, v.npos, v.neg, v.nneg, NULL);
        return;
    }
    size_t n = v.npos + v.nneg;
    AspWLit *body = mem_alloc((n + 1) * sizeof *body);
    for (size_t k = 0; k < n; k++)
        body[k] = (AspWLit){ k < v.npos ? v.pos[k] : v.neg[k - v.npos], k >= v.npos, v.weights[k] };
    asp_add_weight_rule(out, v.kind, v.head, v.nhead, v.bound, body, n, NULL);
    mem_free(body);
}

/* The program of the rules kept and those of the groups in the set, on the same atoms. */
static AspProgram *subprogram(const Mus *m)
{
    const AspProgram *p = m->p;
    AspProgram *out = asp_program_new();
    for (AspAtom a = 0; a < asp_atom_count(p); a++) {
        AspAtom b = asp_atom_hidden(out);
        if (p->names.items[a]) asp_atom_show(out, b, p->names.items[a], p->namelen.items[a]);
        asp_set_print_key(out, b, asp_print_key(p, a));
    }
    for (size_t r = 0; r < asp_rule_count(p); r++)
        if (m->group[r] == ASP_MUS_KEEP || m->in[m->group[r]]) copy_rule(p, r, out);
    return out;
}

/* Has the set tried a stable model?  AFT_OK yes, AFT_INVALID no, else why not known. */
static AftStatus has_model(Mus *m)
{
    m->checks++;
    AspProgram *sub = subprogram(m);
    AspSolver *s = asp_solver_new(sub);
    AftStatus r;
    if (!asp_solver_native(s, NULL, m->why)) r = AFT_ERROR;
    else {
        AspSolveOptions so = { .max_models = 1, .aft = m->o };
        AspStats st = {0};
        r = asp_solve(s, &so, NULL, NULL, &st);
        if (r == AFT_OK) r = st.models ? AFT_OK : AFT_INVALID;
    }
    asp_solver_free(s);
    asp_program_free(sub);
    return r;
}

/* Tries without the groups set[from .. from+len): removed when still no model. */
static AftStatus try_without(Mus *m, uint32_t *set, size_t *n, size_t from, size_t len, bool *gone)
{
    for (size_t i = from; i < from + len; i++) m->in[set[i]] = 0;
    AftStatus r = has_model(m);
    *gone = r == AFT_INVALID;
    if (*gone) {
        memmove(set + from, set + from + len, (*n - from - len) * sizeof *set);
        *n -= len;
        return AFT_OK;
    }
    for (size_t i = from; i < from + len; i++) m->in[set[i]] = 1;
    return r;
}

/* One pass over set in chunks of len; *removed: some chunk went. */
static AftStatus pass(Mus *m, uint32_t *set, size_t *n, size_t len, bool *removed)
{
    *removed = false;
    for (size_t i = 0; i < *n;) {
        size_t l = len < *n - i ? len : *n - i;
        bool gone;
        AftStatus r = try_without(m, set, n, i, l, &gone);
        if (r != AFT_OK) return r;
        if (gone) *removed = true;
        else i += l;
    }
    return AFT_OK;
}

AftStatus asp_mus(const AspProgram *p, const uint32_t *group, size_t ngroups, const AftOptions *o,
                  uint32_t **out, size_t *n, size_t *checks, Buf *why)
{
    Mus m = { p, group, o, mem_alloc(ngroups + 1), 0, why };
    memset(m.in, 1, ngroups + 1);
    uint32_t *set = mem_alloc((ngroups + 1) * sizeof *set);
    size_t count = ngroups;
    for (size_t g = 0; g < ngroups; g++) set[g] = (uint32_t)g;
    AftStatus r = has_model(&m);
    if (r == AFT_OK) r = AFT_INVALID;
    else if (r == AFT_INVALID) r = AFT_OK;
    for (size_t len = (count + 1) / 2; r == AFT_OK && len > 1; len = (len + 1) / 2) {
        bool removed;
        r = pass(&m, set, &count, len, &removed);
    }
    for (bool removed = true; r == AFT_OK && removed;) r = pass(&m, set, &count, 1, &removed);
    mem_free(m.in);
    if (checks) *checks = m.checks;
    if (r != AFT_OK) { mem_free(set); set = NULL; count = 0; }
    *out = set;
    *n = count;
    return r;
}
