/* ast.c: small helpers on the syntax tree, and the nesting depth check made after parsing. */
#include "front/ast.h"

void ast_ptrlist_push(Arena *a, PtrList *l, void *p)
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
    case OP_MOD: return "mod";
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

/* ---- nesting depth: a walk with an explicit stack ---- */

typedef struct DepthItem {
    const Expr *e;             /* an expression, or NULL for a lattice expression */
    const LatExpr *t;
    unsigned level;
} DepthItem;

typedef struct DepthWalk { VEC(DepthItem) todo; } DepthWalk;

static void push_expr(DepthWalk *w, const Expr *e, unsigned level)
{
    DepthItem it = { e, NULL, level };
    if (e) VEC_PUSH(w->todo, it);
}

static void push_lat(DepthWalk *w, const LatExpr *t, unsigned level)
{
    DepthItem it = { NULL, t, level };
    if (t) VEC_PUSH(w->todo, it);
}

/* Each operand is one level below its parent, but a left operand chained to its parent
 * (ast_left_chained) is handled on the parent's level. */
static void push_expr_children(DepthWalk *w, const Expr *e, unsigned level)
{
    push_expr(w, e->a, ast_left_chained(e) ? level : level + 1);
    push_expr(w, e->b, level + 1);
    push_expr(w, e->c, level + 1);
    for (size_t i = 0; i < e->nargs; i++) push_expr(w, e->args[i], level + 1);
    push_lat(w, e->vartype, level + 1);
    for (size_t i = 0; i < e->nlparams; i++) push_lat(w, e->lparams[i].type, level + 1);
    for (size_t i = 0; i < e->ntargs; i++) push_expr(w, e->targs[i], level + 1);
}

static void push_lat_children(DepthWalk *w, const LatExpr *t, unsigned level)
{
    for (size_t i = 0; i < t->nparts; i++) push_lat(w, t->parts[i], level + 1);
    push_lat(w, t->value, level + 1);
    push_lat(w, t->base, level + 1);
}

static void push_decl(DepthWalk *w, const Decl *d)
{
    push_lat(w, d->lattice, 1);
    for (size_t i = 0; i < d->nparams; i++) push_lat(w, d->params[i].type, 1);
    push_lat(w, d->ret, 1);
    push_expr(w, d->body, 1);
    for (size_t i = 0; i < d->neqs; i++) push_expr(w, d->eqs[i].body, 1);
    push_lat(w, d->from, 1);
    push_lat(w, d->to, 1);
    if (d->kind == D_QUERY) {
        push_expr(w, d->query.expr, 1);
        push_expr(w, d->query.from_lo, 1);
        push_expr(w, d->query.from_hi, 1);
    }
}

bool ast_depth_ok(Diag *diag, const Decl *d)
{
    DepthWalk w = { { 0 } };
    push_decl(&w, d);
    bool ok = true;
    while (ok && w.todo.count) {
        DepthItem it = w.todo.items[--w.todo.count];
        if (it.level > AST_MAX_DEPTH) {
            diag_error(diag, it.e ? it.e->loc : it.t->loc, "%s nested too deeply (more than %d levels)",
                       it.e ? "expression" : "lattice expression", (int)AST_MAX_DEPTH);
            ok = false;
        } else if (it.e) {
            push_expr_children(&w, it.e, it.level);
        } else {
            push_lat_children(&w, it.t, it.level);
        }
    }
    VEC_FREE(w.todo);
    return ok;
}

/* ---- copies and walks ---- */

static Expr **clone_list(Arena *a, Expr *const *items, size_t n)
{
    if (!items) return NULL;
    Expr **out = arena_alloc(a, (n ? n : 1) * sizeof *out);
    for (size_t i = 0; i < n; i++) out[i] = ast_clone_expr(a, items[i]);
    return out;
}

Expr *ast_clone_expr(Arena *a, const Expr *e)
{
    if (!e) return NULL;
    Expr *c = arena_alloc(a, sizeof *c);
    *c = *e;
    c->type = NULL;
    c->slot = 0;
    c->resolved = NULL;
    c->a = ast_clone_expr(a, e->a);
    c->b = ast_clone_expr(a, e->b);
    c->c = ast_clone_expr(a, e->c);
    c->args = clone_list(a, e->args, e->nargs);
    c->targs = clone_list(a, e->targs, e->ntargs);
    return c;
}

void ast_each_name(const Expr *e, void (*fn)(void *ctx, const Ident *name), void *ctx)
{
    VEC(const Expr *) todo = { 0 };
    if (e) VEC_PUSH(todo, e);
    while (todo.count) {
        const Expr *x = todo.items[--todo.count];
        if (x->kind == E_NAME || x->kind == E_CALL) fn(ctx, &x->name);
        const Expr *kids[3] = { x->a, x->b, x->c };
        for (size_t i = 0; i < 3; i++)
            if (kids[i]) VEC_PUSH(todo, kids[i]);
        for (size_t i = 0; i < x->nargs; i++)
            if (x->args[i]) VEC_PUSH(todo, x->args[i]);
    }
    VEC_FREE(todo);
}
