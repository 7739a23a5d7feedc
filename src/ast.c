/* ast.c: small helpers on the syntax tree. */
#include "ast.h"

void ptrlist_push(Arena *a, PtrList *l, void *p)
{
    if (l->count == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 4;
        void **items = arena_alloc(a, cap * sizeof *items);
        if (l->count) memcpy(items, l->items, l->count * sizeof *items);
        l->items = items;
        l->cap = cap;
    }
    l->items[l->count++] = p;
}

const char *ast_op_text(OpKind op)
{
    switch (op) {
    case OP_NEG: return "-";
    case OP_NOT: return "not";
    case OP_ADD: return "+";
    case OP_SUB: return "-";
    case OP_MUL: return "*";
    case OP_DIV: return "/";
    case OP_LT: return "<";
    case OP_LE: return "<=";
    case OP_GT: return ">";
    case OP_GE: return ">=";
    case OP_EQ: return "==";
    case OP_NE: return "!=";
    case OP_AND: return "and";
    case OP_OR: return "or";
    case OP_JOIN: return "join";
    case OP_MEET: return "meet";
    case OP_UNION: return "union";
    case OP_INTER: return "inter";
    case OP_MINUS: return "minus";
    case OP_IN: return "in";
    case OP_LFP: return "lfp";
    case OP_GFP: return "gfp";
    case OP_FORALL: return "forall";
    case OP_EXISTS: return "exists";
    }
    return "?";
}

const char *ast_query_name(QueryKind k)
{
    switch (k) {
    case Q_SHOW: return "show";
    case Q_FIXPOINTS: return "fixpoints";
    case Q_LFP: return "lfp";
    case Q_GFP: return "gfp";
    case Q_APPROX: return "approx";
    case Q_REFINE: return "refine";
    case Q_BNB: return "bnb";
    case Q_STABLE: return "stable";
    case Q_CHECK_MONOTONE: return "check monotone";
    case Q_CHECK_ANTITONE: return "check antitone";
    case Q_CHECK_ENVELOPE: return "check envelope";
    case Q_CHECK_GALOIS: return "check galois";
    }
    return "?";
}
