/* rules.c: the rules of a `program P { ... }` block of a .fix file as a ground program. */
#include "asp/internal.h"

/* One rule of the block into p; false after reporting why at the rule. */
static bool add_block_rule(AspProgram *p, const Rule *rule, Diag *diag, Buf *err)
{
    AspAtom *head = mem_alloc((rule->nhead + 1) * sizeof *head);
    AspAtom *pos = mem_alloc((rule->npos + 1) * sizeof *pos);
    AspAtom *neg = mem_alloc((rule->nneg + 1) * sizeof *neg);
    for (size_t k = 0; k < rule->nhead; k++) head[k] = asp_atom(p, rule->head[k].name);
    for (size_t k = 0; k < rule->npos; k++) pos[k] = asp_atom(p, rule->pos[k].name);
    for (size_t k = 0; k < rule->nneg; k++) neg[k] = asp_atom(p, rule->neg[k].name);
    AspRuleKind kind = rule->kind == RULE_NORMAL ? ASP_NORMAL
                     : rule->kind == RULE_CHOICE ? ASP_CHOICE : ASP_CONSTRAINT;
    bool added = asp_add_rule(p, kind, head, rule->nhead, pos, rule->npos, neg, rule->nneg, err);
    mem_free(head); mem_free(pos); mem_free(neg);
    if (!added) {
        diag_error(diag, rule->loc, "%s", buf_cstr(err));
        buf_clear(err);
    }
    return added;
}

AspProgram *asp_program_of_block(const Decl *d, Diag *diag, Buf *err)
{
    AspProgram *p = asp_program_new();
    for (size_t i = 0; i < d->nrules; i++) {
        if (!add_block_rule(p, &d->rules[i], diag, err)) {
            asp_program_free(p);
            return NULL;
        }
    }
    return p;
}
