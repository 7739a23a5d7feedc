/* sema_fn.c: functions as values, all resolved while checking (the VM has no closures).  A
 * function value is known statically (an FnVal: a function with its first parameters bound
 * to expressions): a declared function's name, a partial application `f(a, _)`, a lambda
 * (lifted to a hidden function of the locals it uses and its parameters).  A function that
 * takes functions is generic: each call instantiates a copy of it with the function arguments
 * known (cached by their shape); the element arguments bound inside them become extra
 * parameters of the instance, passed by the call. */
#include "check/sema_internal.h"
#include "check/sema_lattice.h"
#include "check/sema_types.h"

/* A function known to the checker: fn with its first nbound parameters bound. */
typedef struct FnVal {
    FnEntry *fn;
    size_t nbound;
    Expr **bound;              /* checked; function-typed ones carry their FnVal in their type */
} FnVal;

enum { MAX_INSTANTIATION_DEPTH = 24 };

/* ---- types ---- */

static bool type_equal(const Type *a, const Type *b)
{
    if (a->kind != b->kind) return false;
    if (a->kind != TY_FN) return sema_value_type_equal(a, b);
    if (a->fn->nparams != b->fn->nparams || !type_equal(a->fn->ret, b->fn->ret)) return false;
    for (size_t i = 0; i < a->fn->nparams; i++)
        if (!type_equal(a->fn->params[i], b->fn->params[i])) return false;
    return true;
}

static Type *fn_type_new(Sema *sema, size_t n, const Type *const *params, const Type *ret, const FnVal *value)
{
    FnType *ft = arena_alloc(&sema->arena, sizeof *ft);
    const Type **ps = arena_alloc(&sema->arena, (n ? n : 1) * sizeof *ps);
    for (size_t i = 0; i < n; i++) ps[i] = params[i];
    ft->nparams = n;
    ft->params = ps;
    ft->ret = ret;
    Type *t = arena_alloc(&sema->arena, sizeof *t);
    t->kind = TY_FN;
    t->fn = ft;
    t->value = value;
    return t;
}

const Type *sema_resolve_ptype(FileCtx *fc, const LatExpr *t)
{
    if (t->kind == LAT_COLL || t->kind == LAT_ITV || t->kind == LAT_BNB || t->kind == LAT_KEY)
        return sema_resolve_value_type(fc, t);
    if (t->kind != LAT_FN) {
        LatInfo *li = sema_resolve_lattice(fc, t);
        return li ? &li->as_lat : NULL;
    }
    const Type **ps = mem_alloc(t->nparts * sizeof *ps);
    bool ok = true;
    for (size_t i = 0; i < t->nparts; i++)
        if (!(ps[i] = sema_resolve_ptype(fc, t->parts[i]))) ok = false;
    const Type *ret = sema_resolve_ptype(fc, t->value);
    Type *ft = ok && ret ? fn_type_new(fc->sema, t->nparts, ps, ret, NULL) : NULL;
    mem_free(ps);
    return ft;
}

/* The type of fv: the parameters left after the bound ones. */
static const Type *fnval_type(Sema *sema, FnEntry *fn, size_t nbound, Expr **bound)
{
    FnVal *v = arena_alloc(&sema->arena, sizeof *v);
    v->fn = fn;
    v->nbound = nbound;
    v->bound = bound;
    const Type *ret = fn->rtype ? fn->rtype : sema_lat_type(sema, fn->sym.ret);
    return fn_type_new(sema, fn->sym.nparams - nbound, fn->ptypes + nbound, ret, v);
}

const Type *sema_fn_value(Checker *c, FnEntry *fe)
{
    return fnval_type(c->sema, fe, 0, NULL);
}

/* ---- arguments ---- */

static const Type *check_lambda_as(Checker *c, Expr *e, const FnType *want);

/* arg, given for a parameter of type want that is not a function (an element, a collection,
 * an interval, a bnb result or a key). */
static bool value_arg(Checker *c, Expr *arg, const Type *want)
{
    if (want->kind == TY_LAT) return check_against(c, arg, want->lat)->kind != TY_ERROR;
    if (want->kind == TY_ATOM) return check_atom(c, arg, want->lat)->kind != TY_ERROR;
    const Type *t = check_expr(c, arg, NULL);
    if (t->kind == TY_ERROR) return false;
    if (sema_value_type_equal(t, want)) return true;
    check_fail(c, arg->loc, "expected %s, found %s%s", check_describe(c, want), t->kind == TY_FN ? "a function " : "",
               check_describe(c, t));
    return false;
}

/* Checks arg against a parameter's type (an element of a lattice or a function). */
static bool check_arg(Checker *c, Expr *arg, const Type *want)
{
    if (want->kind == TY_LAT) return check_against(c, arg, want->lat)->kind != TY_ERROR;
    if (want->kind != TY_FN) return value_arg(c, arg, want);
    const Type *t = arg->kind == E_LAMBDA ? (arg->type = check_lambda_as(c, arg, want->fn)) : check_expr(c, arg, NULL);
    if (t->kind == TY_ERROR) return false;
    if (t->kind == TY_FN && type_equal(t, want)) return true;
    check_fail(c, arg->loc, "expected a function %s, found %s%s", check_describe(c, want),
               t->kind == TY_FN ? "a function " : "", check_describe(c, t));
    return false;
}

static bool is_placeholder(const Checker *c, const Expr *e)
{
    return e->kind == E_NAME && strcmp(e->name.name, "_") == 0 && !check_find_local(c, "_");
}

/* ---- instances ---- */

/* The shape of a function value (what an instance depends on): its function, how many
 * parameters are bound, and the shapes of the bound functions. */
static void shape(const FnVal *v, Buf *key, Buf *name)
{
    buf_printf(key, "%u/%zu(", v->fn->index, v->nbound);
    buf_puts(name, v->fn->sym.name);
    if (v->nbound) buf_puts(name, "(");
    for (size_t i = 0; i < v->nbound; i++) {
        const Type *t = v->bound[i]->type;
        if (i) buf_puts(name, ", ");
        if (t->kind == TY_FN) shape(t->value, key, name);
        else buf_puts(name, "..");
    }
    if (v->nbound) buf_puts(name, ", _)");
    buf_puts(key, ")");
}

/* The element expressions bound inside v, in order, with the lattices of their parameters. */
static void flatten(const FnVal *v, PtrList *args, PtrList *lats, Arena *a)
{
    for (size_t i = 0; i < v->nbound; i++) {
        const Type *t = v->bound[i]->type;
        if (t->kind == TY_FN) {
            flatten(t->value, args, lats, a);
        } else {
            ast_ptrlist_push(a, args, v->bound[i]);
            ast_ptrlist_push(a, lats, (void *)v->fn->sym.params[i]);
        }
    }
}

/* The first value bound inside v (through its bound functions too) that is not a lattice
 * element, or NULL: an instance takes v's bound elements as parameters, and a key, a
 * collection, an interval or a bnb result cannot be one. */
static const Expr *bound_value(const FnVal *v)
{
    for (size_t i = 0; i < v->nbound; i++) {
        const Type *t = v->bound[i]->type;
        const Expr *inner = t->kind == TY_FN ? bound_value(t->value) : v->fn->sym.params[i] ? NULL : v->bound[i];
        if (inner) return inner;
    }
    return NULL;
}

/* A local of lattice L in a new slot of ic, as a checked name expression. */
static Expr *param_local(Checker *ic, const char *name, const Lattice *L, Loc loc)
{
    Sema *sema = ic->sema;
    Expr *e = arena_alloc(&sema->arena, sizeof *e);
    e->kind = E_NAME;
    e->loc = loc;
    e->name.name = name;
    e->name.loc = loc;
    e->type = sema_lat_type(sema, L);
    e->slot = (long)check_alloc_slots(ic, L->nwords);
    e->resolved = check_resolution(ic, RES_LOCAL, NULL, 0);
    check_bind(ic, name, e->type, (size_t)e->slot);
    return e;
}

/* The function value v inside an instance: its bound elements are the instance's parameters
 * (new slots of ic, in the order of flatten). */
static const FnVal *rebind(Checker *ic, const FnVal *v, const char *name, Loc loc)
{
    Sema *sema = ic->sema;
    FnVal *r = arena_alloc(&sema->arena, sizeof *r);
    *r = *v;
    r->bound = arena_alloc(&sema->arena, (v->nbound ? v->nbound : 1) * sizeof *r->bound);
    for (size_t i = 0; i < v->nbound; i++) {
        const Type *t = v->bound[i]->type;
        if (t->kind == TY_FN) {
            Expr *e = arena_alloc(&sema->arena, sizeof *e);
            *e = *v->bound[i];
            e->type = fn_type_new(sema, t->fn->nparams, t->fn->params, t->fn->ret, rebind(ic, t->value, name, loc));
            r->bound[i] = e;
        } else {
            r->bound[i] = param_local(ic, name, v->fn->sym.params[i], loc);
            ic->locals.count--;       /* a hidden parameter: reachable only through the value */
        }
    }
    return r;
}

static void result_unknown(Checker *c, const Expr *body, const Type *t)
{
    check_fail(c, body->loc, "cannot tell the lattice of this lambda's result (%s): write (x: L => (e : M))",
               check_describe(c, t));
}

/* Checks a copy of T's body as the body of inst, T's function parameters bound to the values
 * of args (its element parameters and those bound inside the values: inst's parameters). */
bool sema_define_instance(Sema *sema, FnEntry *T, Expr *const *args, FnEntry *inst, const Lattice **ret)
{
    FileCtx fc = { .sema = sema, .src = T->src, .ntvars = T->ntvars, .tvar_names = T->tvar_names, .tvar_lats = T->tvar_lats };
    Checker ic;
    sema_checker_init(&ic, sema, &fc);
    int before = sema->diag->errors;
    for (size_t i = 0; i < T->sym.nparams; i++) {
        const char *name = T->sym.param_names[i];
        if (T->ptypes[i]->kind == TY_LAT) {
            param_local(&ic, name, T->ptypes[i]->lat, T->sym.loc);
            continue;
        }
        const FnVal *v = rebind(&ic, args[i]->type->value, name, T->sym.loc);
        const Type *t = T->ptypes[i];
        check_bind(&ic, name, fn_type_new(sema, t->fn->nparams, t->fn->params, t->fn->ret, v), 0);
    }
    Expr *body = ast_clone_expr(&sema->arena, T->tbody);
    size_t mark = sema_names_mark(sema);
    const Type *t = *ret ? check_against(&ic, body, *ret) : check_expr(&ic, body, NULL);
    if (!*ret && t->kind != TY_ERROR) {
        if (t->kind == TY_LAT) *ret = t->lat;
        else result_unknown(&ic, body, t);
    }
    VEC_FREE(ic.locals);
    bool ok = sema->diag->errors == before && t->kind != TY_ERROR && !ic.poisoned;
    sema_names_settle(sema, mark, ok);
    inst->broken = !ok;
    inst->body = ok ? body : NULL;
    inst->nlocals = ic.max;
    return ok;
}

/* The instance of the generic T for these arguments (made and checked on first use), and the
 * arguments of the call to it in *out. */
static FnEntry *instantiate(Checker *c, Loc where, FnEntry *T, Expr *const *args, PtrList *out)
{
    Sema *sema = c->sema;
    Buf key, name;
    buf_init(&key);
    buf_init(&name);
    buf_printf(&key, "%u:", T->index);
    buf_printf(&name, "%s[", T->sym.name);
    PtrList lats = { 0 }, pnames = { 0 };
    bool first = true;
    for (size_t i = 0; i < T->sym.nparams; i++) {
        const char *pname = T->sym.param_names[i];
        if (T->ptypes[i]->kind == TY_LAT) {
            ast_ptrlist_push(&sema->arena, out, args[i]);
            ast_ptrlist_push(&sema->arena, &lats, (void *)T->ptypes[i]->lat);
            ast_ptrlist_push(&sema->arena, &pnames, (void *)pname);
            continue;
        }
        const Expr *value = bound_value(args[i]->type->value);
        if (value) {
            check_fail(c, args[i]->loc, "the function given for '%s' uses %s from around it: a function that takes "
                       "functions can be given only ones that use lattice elements and functions (pass the value as an "
                       "argument instead)", pname, check_describe(c, value->type));
            buf_free(&key);
            buf_free(&name);
            return NULL;
        }
        buf_printf(&name, "%s%s = ", first ? "" : ", ", pname);
        first = false;
        shape(args[i]->type->value, &key, &name);
        size_t from = lats.count;
        flatten(args[i]->type->value, out, &lats, &sema->arena);
        for (size_t k = from; k < lats.count; k++) {
            Buf h;
            buf_init(&h);
            buf_printf(&h, "%s.%zu", pname, k - from + 1);
            ast_ptrlist_push(&sema->arena, &pnames, arena_strdup(&sema->arena, buf_cstr(&h)));
            buf_free(&h);
        }
    }
    buf_puts(&name, "]");
    FnEntry *inst = hashmap_get_ptr(&sema->instances, buf_cstr(&key));
    if (inst && inst->muted && sema->diag->out) inst = NULL;     /* its errors are shown this time */
    if (inst && inst->broken) check_fail(c, where, "%s cannot be used: its body has errors (shown where it was first "
                                         "instantiated)", inst->sym.name);
    if (!inst && sema->instantiating >= MAX_INSTANTIATION_DEPTH) {
        check_fail(c, where, "instantiating '%s' nests more than %d instances deep (does it call itself "
                   "with ever larger function arguments?)", T->sym.name, (int)MAX_INSTANTIATION_DEPTH);
    } else if (!inst) {
        inst = sema_fn_new(sema, buf_cstr(&name), T->sym.loc, lats.count, T->sym.ann);
        for (size_t i = 0; i < lats.count; i++) {
            inst->sym.params[i] = lats.items[i];
            inst->sym.param_names[i] = pnames.items[i];
        }
        inst->sym.ret = T->sym.ret;
        hashmap_put_ptr(&sema->instances, arena_strdup(&sema->arena, buf_cstr(&key)), inst);
        sema->instantiating++;
        const Lattice *ret = T->sym.ret;
        bool ok = sema_define_instance(sema, T, args, inst, &ret);
        sema->instantiating--;
        inst->muted = !ok && !sema->diag->out;
        if (!ok && sema->instantiating == 0) diag_note(sema->diag, where, "in %s, instantiated here", inst->sym.name);
    }
    buf_free(&key);
    buf_free(&name);
    return inst && !inst->broken ? inst : NULL;
}

static Expr *node(Checker *c, ExprKind kind, Loc loc)
{
    Expr *e = arena_alloc(&c->sema->arena, sizeof *e);
    e->kind = kind;
    e->loc = loc;
    return e;
}

/* The parameters of fn inlined at a call (it takes or returns a collection): each element or
 * collection argument bound by a let to slots of its own, so it is evaluated once; a function
 * parameter stands for its argument.  params gets the locals the body sees; the first let
 * of the chain (each linked by b, the last b NULL) is returned, or NULL when there is none. */
static Expr *inline_values(Checker *c, FnEntry *fn, Expr **args, Local *params)
{
    Expr *first = NULL, *prev = NULL;
    /* the arguments were checked already, each using frame slots from c->top up: the lets'
     * slots go above all of them, or evaluating a later argument would overwrite an earlier
     * one's value (f(fixpoints(g), elements(L)) lost its first argument) */
    c->top = c->max;
    for (size_t i = 0; i < fn->sym.nparams; i++) {
        const Type *t = fn->ptypes[i];
        params[i] = (Local){ fn->sym.param_names[i], t, 0, NULL };
        if (t->kind == TY_FN) {
            params[i].alias = args[i];
            params[i].type = args[i]->type;
            continue;
        }
        Expr *value = args[i];
        if (t->kind == TY_LAT) {
            value = node(c, E_ASCRIBE, args[i]->loc);
            value->a = args[i];
            value->type = t;
        }
        Expr *let = node(c, E_LET, args[i]->loc);
        let->name.name = params[i].name;
        let->name.loc = args[i]->loc;
        let->a = value;
        let->slot = (long)check_alloc_slots(c, sema_type_words(t));
        params[i].slot = (size_t)let->slot;
        if (prev) prev->b = let;
        else first = let;
        prev = let;
    }
    return first;
}

/* A call of fn, whose result is a function: fn's body, checked where the call is with its
 * parameters standing for the arguments, gives the function value. */
static const Type *inline_call(Checker *c, Expr *e, FnEntry *fn, Expr **args)
{
    Sema *sema = c->sema;
    if (sema->instantiating >= MAX_INSTANTIATION_DEPTH)
        return check_fail(c, e->loc, "calling '%s' nests more than %d functions checked at their calls (those "
                          "returning a function or taking or returning a collection, an interval, a bnb result or a key: they "
                          "cannot call themselves)",
                          fn->sym.name, (int)MAX_INSTANTIATION_DEPTH);
    size_t count = c->locals.count, base = c->scope_base, top = c->top;
    bool values = fn->rtype->kind != TY_FN;     /* takes or returns a collection: the call is the body */
    Local *params = values ? arena_alloc(&sema->arena, (fn->sym.nparams + 1) * sizeof *params) : NULL;
    Expr *lets = values ? inline_values(c, fn, args, params) : NULL;
    c->scope_base = count;
    for (size_t i = 0; i < fn->sym.nparams; i++) {
        if (values) {
            VEC_PUSH(c->locals, params[i]);
            continue;
        }
        Expr *alias = args[i];
        if (fn->ptypes[i]->kind == TY_LAT) {       /* the argument as an element of the parameter's lattice */
            alias = arena_alloc(&sema->arena, sizeof *alias);
            alias->kind = E_ASCRIBE;
            alias->loc = args[i]->loc;
            alias->a = args[i];
            alias->type = fn->ptypes[i];
        }
        Local l = { fn->sym.param_names[i], alias->type, 0, alias };
        VEC_PUSH(c->locals, l);
    }
    FileCtx fc = { .sema = sema, .src = fn->src, .ntvars = fn->ntvars, .tvar_names = fn->tvar_names, .tvar_lats = fn->tvar_lats };
    FileCtx *outer = c->fc;
    c->fc = &fc;
    Expr *body = ast_clone_expr(&sema->arena, fn->tbody);
    int before = sema->diag->errors;
    sema->instantiating++;
    bool ok = check_arg(c, body, fn->rtype);
    sema->instantiating--;
    c->fc = outer;
    c->locals.count = count;
    c->scope_base = base;
    if (!ok && sema->diag->errors != before && sema->instantiating == 0)
        diag_note(sema->diag, e->loc, "in '%s', called here", fn->sym.name);
    if (!ok) return &TYPE_ERROR;
    if (values && fn->rtype->kind == TY_LAT &&
        !(body->type->kind == TY_LAT && lattice_equal(body->type->lat, fn->rtype->lat))) {
        Expr *as = arena_alloc(&sema->arena, sizeof *as);    /* the call is of the declared lattice (a */
        as->kind = E_ASCRIBE;                            /* body `0` is an int, the call an L) */
        as->loc = body->loc;
        as->a = body;
        as->type = fn->rtype;
        body = as;
    }
    if (values) {
        c->top = top;
        for (Expr *l = lets; l; l = l->b) {
            l->type = body->type;
            if (!l->b) {
                l->b = body;
                break;
            }
        }
        Loc loc = e->loc;
        *e = lets ? *lets : *body;
        e->loc = loc;
    }
    return body->type;
}

/* Rewrites the call e into a call of fn (or of its instance) on args, all checked. */
static const Type *call_entry(Checker *c, Expr *e, FnEntry *fn, Expr **args, size_t nargs)
{
    if (fn->rtype) return inline_call(c, e, fn, args);
    if (!fn->generic) {
        e->resolved = fn;
        e->args = args;
        e->nargs = nargs;
        return sema_lat_type(c->sema, fn->sym.ret);
    }
    PtrList out = { 0 };
    FnEntry *inst = instantiate(c, e->loc, fn, args, &out);
    if (!inst) return &TYPE_ERROR;
    e->resolved = inst;
    e->args = (Expr **)out.items;
    e->nargs = out.count;
    return sema_lat_type(c->sema, inst->sym.ret);
}

/* e is v(args): a call, or a partial application when its last arguments are `_`. */
static const Type *call_value(Checker *c, Expr *e, const FnVal *v)
{
    size_t left = v->fn->sym.nparams - v->nbound, given = e->nargs;
    while (given > 0 && is_placeholder(c, e->args[given - 1])) given--;
    for (size_t i = 0; i < given; i++)
        if (is_placeholder(c, e->args[i]))
            return check_fail(c, e->args[i]->loc, "'_' leaves out a parameter of a partial application; "
                              "only the last parameters can be left out");
    if (e->nargs != left) {
        for (size_t i = 0; i < given; i++) check_expr(c, e->args[i], NULL);
        return check_fail(c, e->loc, "'%s' takes %zu argument%s, found %zu", e->name.name, left, left == 1 ? "" : "s", e->nargs);
    }
    Expr **all = arena_alloc(&c->sema->arena, (v->nbound + given + 1) * sizeof *all);
    for (size_t i = 0; i < v->nbound; i++) all[i] = v->bound[i];
    bool ok = true;
    size_t max = c->max;
    c->max = c->top;
    for (size_t i = 0; i < given; i++) {
        all[v->nbound + i] = e->args[i];
        if (!check_arg(c, e->args[i], v->fn->ptypes[v->nbound + i])) ok = false;
    }
    size_t used = c->max;
    c->max = max > used ? max : used;
    if (!ok) return &TYPE_ERROR;
    /* A bound argument (of a partial application, or of a call giving a function) is
     * evaluated at each call of the value, maybe inside a loop that takes the value
     * (fixpoints(g), lfp(g), fold(c, z, g)): the slots its own loops use stay taken while the
     * value can be called, so that such a loop's state lies above them. */
    if (given < e->nargs || (v->fn->rtype && v->fn->rtype->kind == TY_FN)) c->top = used;
    if (given < e->nargs) return fnval_type(c->sema, v->fn, v->nbound + given, all);
    return call_entry(c, e, v->fn, all, v->nbound + given);
}

const Type *sema_call_value(Checker *c, Expr *e, const Type *callee)
{
    return call_value(c, e, callee->value);
}

/* A call of the function value fv on one argument x, already checked: the step of lfp(g). */
Expr *sema_apply1(Checker *c, const Type *fv, Expr *x, Loc loc)
{
    const FnVal *v = fv->value;
    Expr *e = arena_alloc(&c->sema->arena, sizeof *e);
    e->kind = E_CALL;
    e->loc = loc;
    e->name.name = v->fn->sym.name;
    e->name.loc = loc;
    Expr **all = arena_alloc(&c->sema->arena, (v->nbound + 1) * sizeof *all);
    for (size_t i = 0; i < v->nbound; i++) all[i] = v->bound[i];
    all[v->nbound] = x;
    e->type = call_entry(c, e, v->fn, all, v->nbound + 1);
    return e->type->kind == TY_ERROR ? NULL : e;
}

/* ---- lambdas ---- */

typedef struct Captures { Checker *c; const Expr *lambda; PtrList names; } Captures;

static void note_capture(void *ctx, const Ident *id)
{
    Captures *k = ctx;
    if (!check_find_local(k->c, id->name)) return;
    for (size_t i = 0; i < k->lambda->nlparams; i++)
        if (strcmp(k->lambda->lparams[i].name.name, id->name) == 0) return;
    for (size_t i = 0; i < k->names.count; i++)
        if (strcmp(k->names.items[i], id->name) == 0) return;
    ast_ptrlist_push(&k->c->sema->arena, &k->names, (void *)id->name);
}

/* The lifted function of lambda e: the locals it uses, then its parameters. */
static FnEntry *lift(Checker *c, Expr *e, const Type **ptypes, size_t ncap, const char *const *names)
{
    Sema *sema = c->sema;
    size_t n = ncap + e->nlparams;
    unsigned line, col;
    diag_line_col(e->loc.src, e->loc.start, &line, &col);
    Buf name;
    buf_init(&name);
    buf_printf(&name, "lambda@%u:%u", line, col);
    FnEntry *fe = sema_fn_new(sema, buf_cstr(&name), e->loc, n, ANN_NONE);
    buf_free(&name);
    fe->ptypes = ptypes;
    fe->src = e->loc.src;
    fe->tbody = e->a;
    if (c->fc) {               /* inside a generic's instance: its type parameters stay in scope */
        fe->ntvars = c->fc->ntvars;
        fe->tvar_names = c->fc->tvar_names;
        fe->tvar_lats = c->fc->tvar_lats;
    }
    for (size_t i = 0; i < n; i++) {
        fe->sym.param_names[i] = i < ncap ? names[i] : e->lparams[i - ncap].name.name;
        fe->sym.params[i] = ptypes[i]->kind == TY_LAT ? ptypes[i]->lat : NULL;
        if (ptypes[i]->kind == TY_FN) fe->generic = true;
    }
    return fe;
}

/* Does a lambda take or return a value that is not a lattice element or a function (a
 * collection, an interval, a bnb result, a key), also one it uses from around it?  Then, as
 * a declared function that does, it is checked and compiled at each call (inline_call). */
static bool inline_lambda(const Type *const *ptypes, size_t n, const FnType *want)
{
    for (size_t i = 0; i < n; i++)
        if (sema_is_value_kind(ptypes[i]->kind)) return true;
    return want && sema_is_value_kind(want->ret->kind);
}

static const Type *fnval_type(Sema *sema, FnEntry *fn, size_t nbound, Expr **bound);

/* The type of such a lambda's body, a copy checked with its parameters bound to locals of
 * their types (it is checked again at each call): a lattice element or a value that is not
 * one; NULL after an error. */
static const Type *inline_lambda_result(Sema *sema, FnEntry *fe)
{
    FileCtx fc = { .sema = sema, .src = fe->src, .ntvars = fe->ntvars, .tvar_names = fe->tvar_names, .tvar_lats = fe->tvar_lats };
    Checker ic;
    sema_checker_init(&ic, sema, &fc);
    for (size_t i = 0; i < fe->sym.nparams; i++)
        check_bind(&ic, fe->sym.param_names[i], fe->ptypes[i], check_alloc_slots(&ic, sema_type_words(fe->ptypes[i])));
    Expr *body = ast_clone_expr(&sema->arena, fe->tbody);
    size_t mark = sema_names_mark(sema);
    int before = sema->diag->errors;
    const Type *t = check_expr(&ic, body, NULL);
    if (t->kind != TY_ERROR && t->kind != TY_LAT && !sema_is_value_kind(t->kind)) result_unknown(&ic, body, t);
    VEC_FREE(ic.locals);
    bool ok = sema->diag->errors == before && t->kind != TY_ERROR && !ic.poisoned;
    sema_names_settle(sema, mark, ok);
    return ok ? t : NULL;
}

/* The value of such a lambda: never compiled itself (so no engine runs it alone). */
static const Type *inline_lambda_value(Checker *c, Expr *e, FnEntry *fe, const FnType *want, Expr **bound, size_t ncap)
{
    const Type *ret = want ? want->ret : fe->sym.ret ? sema_lat_type(c->sema, fe->sym.ret) : inline_lambda_result(c->sema, fe);
    if (!ret) return &TYPE_ERROR;
    fe->generic = true;
    fe->rtype = ret;
    return fnval_type(c->sema, fe, ncap, bound);
}

/* The result lattice of a lambda: expected, or written as an ascription of its body. */
static const Lattice *lambda_result(Checker *c, const Expr *e, const FnType *want)
{
    if (want) return want->ret->kind == TY_LAT ? want->ret->lat : NULL;
    if (e->a->kind != E_ASCRIBE) return NULL;
    LatInfo *li = sema_resolve_lattice(c->fc, e->a->vartype);
    return li ? li->L : NULL;
}

static const Type *check_lambda_as(Checker *c, Expr *e, const FnType *want)
{
    Sema *sema = c->sema;
    Captures k = { c, e, { 0 } };
    ast_each_name(e->a, note_capture, &k);
    size_t ncap = k.names.count, n = ncap + e->nlparams;
    const Type **ptypes = arena_alloc(&sema->arena, (n ? n : 1) * sizeof *ptypes);
    Expr **bound = arena_alloc(&sema->arena, (ncap ? ncap : 1) * sizeof *bound);
    for (size_t i = 0; i < ncap; i++) {
        const Local *l = check_find_local(c, k.names.items[i]);
        if (l->type->kind != TY_LAT && l->type->kind != TY_FN && !sema_is_value_kind(l->type->kind))
            return check_fail(c, e->loc, "the lambda uses '%s' (%s): a lambda can use the lattice elements, "
                              "functions, collections, intervals, bnb results and keys around it, not numbers",
                              l->name, check_describe(c, l->type));
        if (l->alias) {
            bound[i] = l->alias;
            ptypes[i] = l->type;
            continue;
        }
        ptypes[i] = l->type;
        bound[i] = check_local_ref(c, l->name, l->type, l->slot, e->loc);
    }
    bool ok = true;
    for (size_t i = 0; i < e->nlparams; i++)
        if (!(ptypes[ncap + i] = sema_resolve_ptype(c->fc, e->lparams[i].type))) ok = false;
    if (!ok) return &TYPE_ERROR;
    if (want && want->nparams != e->nlparams)
        return check_fail(c, e->loc, "expected a function of %zu parameter%s, found a lambda of %zu",
                          want->nparams, want->nparams == 1 ? "" : "s", e->nlparams);
    for (size_t i = 0; want && i < e->nlparams; i++)
        if (!type_equal(want->params[i], ptypes[ncap + i]))
            return check_fail(c, e->lparams[i].type->loc, "expected %s for parameter '%s', found %s",
                              check_describe(c, want->params[i]), e->lparams[i].name.name, check_describe(c, ptypes[ncap + i]));
    FnEntry *fe = lift(c, e, ptypes, ncap, (const char *const *)k.names.items);
    fe->sym.ret = lambda_result(c, e, want);
    if (inline_lambda(ptypes, n, want)) return inline_lambda_value(c, e, fe, want, bound, ncap);
    if (!fe->generic && !sema_define_instance(sema, fe, NULL, fe, &fe->sym.ret)) return &TYPE_ERROR;
    if (!fe->sym.ret)
        return check_fail(c, e->loc, "cannot tell the lattice of this lambda's result here: write (x: L => (e : M))");
    return fnval_type(sema, fe, ncap, bound);
}

const Type *check_lambda(Checker *c, Expr *e)
{
    return check_lambda_as(c, e, NULL);
}

/* The lambda of lfp((x: L => e)): a function from L to L. */
const Type *check_lambda_endo(Checker *c, Expr *e)
{
    const Type *p = e->nlparams == 1 ? sema_resolve_ptype(c->fc, e->lparams[0].type) : NULL;
    if (!p || p->kind != TY_LAT) return e->type = check_lambda_as(c, e, NULL);
    const Type *const params[1] = { p };
    FnType want = { 1, params, p };
    return e->type = check_lambda_as(c, e, &want);
}

/* The function a value of type g runs as it is, with nothing bound; NULL for one that needs
 * its bound arguments or an instance. */
FnEntry *sema_fn_target(const Type *g)
{
    const FnVal *v = g->value;
    return v && v->nbound == 0 && !v->fn->generic && !v->fn->broken ? v->fn : NULL;
}

bool sema_fn_broken(const Type *g)
{
    const FnVal *v = g->value;
    return v && v->fn->broken;
}
