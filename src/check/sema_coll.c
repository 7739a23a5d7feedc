/* sema_coll.c: collections known when the file is checked.  `fixpoints(f)` is computed by the
 * checker (the context runs f on every element); its type carries the elements, so `count`,
 * `forall`, `exists`, `in` and `fold` over it are rewritten into expressions on those
 * constants, and `show` prints it.  A collection is never a run-time value. */
#include "check/sema_internal.h"

enum { MAX_UNROLLED = 200 };   /* fold nests one call per element */

/* The lattice L of a function value L -> L, or NULL after an error. */
const Lattice *sema_endo_lattice(Checker *c, const Type *g, const char *what, Loc loc)
{
    if (g->kind == TY_ERROR) return NULL;
    const FnType *ft = g->fn;
    if (g->kind != TY_FN || ft->nparams != 1 || ft->params[0]->kind != TY_LAT || ft->ret->kind != TY_LAT
        || !lattice_equal(ft->params[0]->lat, ft->ret->lat)) {
        check_fail(c, loc, "%s needs a function from a lattice to itself (L -> L), found %s%s", what,
                   g->kind == TY_FN ? "a function " : "", check_describe(c, g));
        return NULL;
    }
    return ft->ret->lat;
}

const Type *check_fixpoints(Checker *c, Expr *e)
{
    Context *m = c->m;
    const Type *g = e->a->kind == E_LAMBDA ? check_lambda_endo(c, e->a) : check_expr(c, e->a, NULL);
    const Lattice *L = sema_endo_lattice(c, g, "fixpoints", e->a->loc);
    if (!L) return &TYPE_ERROR;
    if (!L->finite)
        return check_fail(c, e->loc, "fixpoints(...) enumerates %s, which is not a finite lattice",
                          check_describe_lat(c, L));
    FnEntry *fe = sema_fn_target(g);
    if (!fe)
        return check_fail(c, e->a->loc, "fixpoints(...) is computed when the file is checked: it needs a function "
                          "known then (a declared function, an instance, a lambda that uses no local name)");
    Buf key;
    buf_init(&key);
    buf_printf(&key, "fixpoints %u", fe->index);
    Type *t = hashmap_get_ptr(&m->instances, buf_cstr(&key));
    if (!t) {
        Word *items = NULL;
        size_t n = 0;
        bool ok = m->eval_fixpoints(m, &fe->sym, e->loc, &items, &n);
        if (ok) {
            Collection *k = arena_alloc(&m->arena, sizeof *k);
            Word *copy = arena_alloc(&m->arena, (n * L->nwords + 1) * sizeof *copy);
            if (n && L->nwords) memcpy(copy, items, n * L->nwords * sizeof *copy);
            k->n = n;
            k->items = copy;
            t = arena_alloc(&m->arena, sizeof *t);
            t->kind = TY_COLL;
            t->lat = L;
            t->value = k;
            hashmap_put_ptr(&m->instances, arena_strdup(&m->arena, buf_cstr(&key)), t);
        }
        mem_free(items);
    }
    buf_free(&key);
    if (!t) return check_fail(c, e->loc, "fixpoints(...) could not be computed (above: why)");
    return t;
}

/* ---- rewriting the uses of a collection ---- */

/* The collection e stands for without checking it again: fixpoints(...) or a let name; NULL
 * when e is something else. */
static const Type *collection_of(Checker *c, Expr *e)
{
    if (e->kind == E_FIXPOINTS) {
        const Type *t = check_expr(c, e, NULL);
        return t->kind == TY_COLL ? t : t->kind == TY_ERROR ? &TYPE_ERROR : NULL;
    }
    if (e->kind != E_NAME) return NULL;
    const Local *l = check_find_local(c, e->name.name);
    return l && l->type->kind == TY_COLL ? l->type : NULL;
}

static Expr *node(Checker *c, ExprKind kind, Loc loc)
{
    Expr *e = arena_alloc(&c->m->arena, sizeof *e);
    e->kind = kind;
    e->loc = loc;
    return e;
}

/* Item i of collection t, as a constant. */
static Expr *item(Checker *c, const Type *t, size_t i, Loc loc)
{
    const Collection *k = t->value;
    Expr *e = node(c, E_CONST, loc);
    e->cval = k->items + i * t->lat->nwords;
    e->type = sema_lat_type(c->m, t->lat);
    return e;
}

static Expr *let_in(Checker *c, const char *name, Expr *value, Expr *body, Loc loc)
{
    Expr *e = node(c, E_LET, loc);
    e->name.name = name;
    e->name.loc = loc;
    e->a = value;
    e->b = body;
    return e;
}

static Expr *binary_of(Checker *c, OpKind op, Expr *a, Expr *b, Loc loc)
{
    Expr *e = node(c, E_BINARY, loc);
    e->op = op;
    e->a = a;
    e->b = b;
    return e;
}

/* (e : L) for a lattice known here (no lattice expression). */
static Expr *typed_as(Checker *c, Expr *e, const Lattice *L)
{
    Expr *t = node(c, E_ASCRIBE, e->loc);
    t->a = e;
    t->type = sema_lat_type(c->m, L);
    return t;
}

/* e (its operands unchecked) becomes r and is checked as that. */
static const Type *become(Checker *c, Expr *e, Expr *r, const Lattice *want)
{
    *e = *r;
    return check_expr(c, e, want);
}

/* forall x in c : body, exists x in c : body: the body once per element, joined by and / or. */
static const Type *check_quant_collection(Checker *c, Expr *e, const Type *t)
{
    bool all = e->op == OP_FORALL;
    const Collection *k = t->value;
    Expr *r = node(c, E_BOOL, e->loc);
    r->ival = all;
    for (size_t i = 0; i < k->n; i++) {
        Expr *one = let_in(c, e->name.name, item(c, t, i, e->loc), ast_clone_expr(&c->m->arena, e->b), e->loc);
        r = i == 0 ? one : binary_of(c, all ? OP_AND : OP_OR, r, one, e->loc);
    }
    return become(c, e, r, c->m->bool_lat->L);
}

/* x in c: x compared with each element. */
static const Type *in_collection(Checker *c, Expr *e, const Type *t)
{
    const Collection *k = t->value;
    Expr *r = node(c, E_BOOL, e->loc);
    r->ival = 0;
    Expr *x = node(c, E_NAME, e->a->loc);
    x->name.name = "$x";
    for (size_t i = 0; i < k->n; i++) {
        Expr *eq = binary_of(c, OP_EQ, ast_clone_expr(&c->m->arena, x), item(c, t, i, e->loc), e->loc);
        r = i == 0 ? eq : binary_of(c, OP_OR, r, eq, e->loc);
    }
    return become(c, e, let_in(c, "$x", typed_as(c, e->a, t->lat), r, e->loc), c->m->bool_lat->L);
}

const Type *check_quantifier(Checker *c, Expr *e, const Lattice *want)
{
    const Type *t = collection_of(c, e->a);
    if (!t) return check_over_atoms(c, e, want);
    if (t->kind == TY_ERROR) return t;
    if (e->kind == E_COMPREHENSION)
        return check_fail(c, e->loc, "a comprehension builds a set of atoms; over a collection use forall, exists, "
                          "count or fold");
    return check_quant_collection(c, e, t);
}

const Type *check_in_collection(Checker *c, Expr *e)
{
    const Type *t = collection_of(c, e->b);
    if (!t) return NULL;
    return t->kind == TY_ERROR ? t : in_collection(c, e, t);
}

/* count c: the number of elements. */
const Type *check_count_collection(Checker *c, Expr *e)
{
    const Type *t = collection_of(c, e->a);
    if (!t || t->kind == TY_ERROR) return t;
    e->kind = E_INT;
    e->ival = (int64_t)((const Collection *)t->value)->n;
    return &TYPE_INT;
}

/* fold(c, z, g): g(...g(g(z, c1), c2)..., cn), each step a let. */
const Type *check_fold(Checker *c, Expr *e, const Lattice *want)
{
    if (e->nargs != 3) return check_fail(c, e->loc, "'fold' takes 3 arguments (a collection, a start, a function), found %zu", e->nargs);
    const Type *t = collection_of(c, e->args[0]);
    if (!t) return check_fail(c, e->args[0]->loc, "fold needs a collection: fixpoints(...) or a name let-bound to one");
    if (t->kind == TY_ERROR) return t;
    const Collection *k = t->value;
    if (k->n > MAX_UNROLLED)
        return check_fail(c, e->loc, "fold over %zu elements: at most %d", k->n, (int)MAX_UNROLLED);
    const Expr *g = e->args[2];
    if (!want && g->kind == E_LAMBDA && g->nlparams == 2 && g->lparams[0].type->kind != LAT_FN) {
        LatInfo *li = sema_resolve_lattice(c->fc, g->lparams[0].type);   /* the start is of its first parameter */
        if (!li) return &TYPE_ERROR;
        want = li->L;
    }
    Expr *acc = node(c, E_NAME, e->loc);
    acc->name.name = "$acc";
    Expr *r = ast_clone_expr(&c->m->arena, acc);
    for (size_t i = k->n; i-- > 0;) {
        Expr *call = node(c, E_CALL, e->loc);
        call->name.name = "$f";
        call->name.loc = e->args[2]->loc;
        call->nargs = 2;
        call->args = arena_alloc(&c->m->arena, 2 * sizeof *call->args);
        call->args[0] = ast_clone_expr(&c->m->arena, acc);
        call->args[1] = item(c, t, i, e->loc);
        r = let_in(c, "$acc", call, r, e->loc);
    }
    r = let_in(c, "$acc", want ? typed_as(c, e->args[1], want) : e->args[1], r, e->loc);
    return become(c, e, let_in(c, "$f", e->args[2], r, e->loc), want);
}
