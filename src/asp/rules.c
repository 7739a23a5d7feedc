/* rules.c: the rules of a `program P { ... }` block of a .fix file as a ground program. */
#include "asp/internal.h"

/* One rule of the block into p, its atoms looked up into at (room for all of them); false
 * after reporting why at the rule. */
static bool add_block_rule(AspProgram *p, const Rule *rule, AspAtom *at, Diag *diag, Buf *err)
{
    AspAtom *head = at, *pos = head + rule->nhead, *neg = pos + rule->npos;
    for (size_t k = 0; k < rule->nhead; k++) head[k] = asp_atom(p, rule->head[k].name);
    for (size_t k = 0; k < rule->npos; k++) pos[k] = asp_atom(p, rule->pos[k].name);
    for (size_t k = 0; k < rule->nneg; k++) neg[k] = asp_atom(p, rule->neg[k].name);
    AspRuleKind kind = rule->kind == RULE_NORMAL ? ASP_NORMAL
                     : rule->kind == RULE_CHOICE ? ASP_CHOICE : ASP_CONSTRAINT;
    bool added = asp_add_rule(p, kind, head, rule->nhead, pos, rule->npos, neg, rule->nneg, err);
    if (!added) {
        diag_error(diag, rule->loc, "%s", buf_cstr(err));
        buf_clear(err);
    }
    return added;
}

AspProgram *asp_program_of_block(const Decl *d, Diag *diag, Buf *err)
{
    size_t most = 1;                   /* one scratch array for the atoms of every rule */
    for (size_t i = 0; i < d->nrules; i++) {
        const Rule *r = &d->rules[i];
        if (r->nhead + r->npos + r->nneg > most) most = r->nhead + r->npos + r->nneg;
    }
    AspAtom *at = mem_alloc(most * sizeof *at);
    AspProgram *p = asp_program_new();
    for (size_t i = 0; p && i < d->nrules; i++) {
        if (!add_block_rule(p, &d->rules[i], at, diag, err)) {
            asp_program_free(p);
            p = NULL;
        }
    }
    mem_free(at);
    return p;
}
