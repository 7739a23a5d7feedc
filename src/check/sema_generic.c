/* sema_generic.c: functions with type parameters, `fn twice[L](g: L -> L, x: L): L`.  Each
 * use instantiates the declaration on lattices, given (`twice[Sign](...)`, `twice[Sign]` as a
 * value) or inferred from the types of the call's arguments; an instance is an ordinary
 * function, or a higher-order one that sema_fn.c instantiates further.  Instances are cached
 * by their lattices and named after them (`twice[Sign]`), and errors in one name it. */
#include "check/sema_internal.h"
#include "check/sema_lattice.h"
#include "check/sema_types.h"

/* A type argument written as an expression (`f[Sign]`, `f[Store[Sign]]`, `f[A * B]`): the
 * parser reads it where an index could stand, so it is turned into a lattice expression. */
LatExpr *sema_expr_as_lattice(Arena *a, const Expr *e)
{
    LatExpr *t = arena_alloc(a, sizeof *t);
    t->loc = e->loc;
    if (e->kind == E_NAME) {
        t->kind = LAT_NAME;
        t->name = e->name;
        return t;
    }
    if (e->kind == E_INDEX && e->a->kind == E_NAME) {
        t->kind = LAT_APPLY;
        t->name = e->a->name;
        t->nparts = e->ntargs;
        t->parts = arena_alloc(a, (e->ntargs ? e->ntargs : 1) * sizeof *t->parts);
        for (size_t i = 0; i < e->ntargs; i++)
            if (!(t->parts[i] = sema_expr_as_lattice(a, e->targs[i]))) return NULL;
        return t;
    }
    if (e->kind == E_BINARY && e->op == OP_MUL) {
        LatExpr *l = sema_expr_as_lattice(a, e->a), *r = sema_expr_as_lattice(a, e->b);
        if (!l || !r) return NULL;
        t->kind = LAT_PRODUCT;
        t->nparts = 2;
        t->parts = arena_alloc(a, 2 * sizeof *t->parts);
        t->parts[0] = l;
        t->parts[1] = r;
        return t;
    }
    return NULL;
}

static bool resolve_targs(Checker *c, const FnEntry *T, Expr *const *targs, size_t n, Loc loc, LatInfo **out)
{
    const Decl *d = T->decl;
    if (n != d->ntparams) {
        check_fail(c, loc, "'%s' takes %zu type argument%s, found %zu", T->sym.name, d->ntparams,
                   d->ntparams == 1 ? "" : "s", n);
        return false;
    }
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        LatExpr *t = sema_expr_as_lattice(&c->sema->arena, targs[i]);
        if (!t) {
            check_fail(c, targs[i]->loc, "expected a lattice as type argument of '%s'", T->sym.name);
            ok = false;
        } else if (!(out[i] = sema_resolve_lattice(c->fc, t))) {
            ok = false;
        }
    }
    return ok;
}

/* The instance of T (which has type parameters) on the lattices targs: made, checked when it
 * takes no functions, and cached on first use. */
static FnEntry *type_instance(Checker *c, Loc where, FnEntry *T, LatInfo **targs)
{
    Sema *sema = c->sema;
    const Decl *d = T->decl;
    Buf key, name;
    buf_init(&key);
    buf_init(&name);
    buf_printf(&key, "fn %u:", T->index);
    buf_printf(&name, "%s[", T->sym.name);
    for (size_t i = 0; i < d->ntparams; i++) {
        buf_printf(&key, "%u,", targs[i]->index);
        if (i) buf_puts(&name, ", ");
        lattice_describe(targs[i]->L, &name);
    }
    buf_puts(&name, "]");
    FnEntry *inst = hashmap_get_ptr(&sema->instances, buf_cstr(&key));
    if (inst && inst->muted && sema->diag->out) inst = NULL;     /* its errors are shown this time */
    if (inst && inst->broken) check_fail(c, where, "%s cannot be used: its body has errors (shown where it was first "
                                         "instantiated)", inst->sym.name);
    if (!inst) {
        const char **names = arena_alloc(&sema->arena, d->ntparams * sizeof *names);
        for (size_t i = 0; i < d->ntparams; i++) names[i] = d->tparams[i].name;
        FileCtx fc = { .sema = sema, .src = T->src, .ntvars = d->ntparams, .tvar_names = names, .tvar_lats = targs };
        const Type **ptypes = arena_alloc(&sema->arena, (d->nparams ? d->nparams : 1) * sizeof *ptypes);
        int before = sema->diag->errors;
        for (size_t i = 0; i < d->nparams; i++) ptypes[i] = sema_resolve_ptype(&fc, d->params[i].type);
        const Type *ret = sema_resolve_ptype(&fc, d->ret);
        inst = sema_fn_new(sema, buf_cstr(&name), T->sym.loc, d->nparams, T->sym.ann);
        inst->broken = sema->diag->errors != before || !ret;
        hashmap_put_ptr(&sema->instances, arena_strdup(&sema->arena, buf_cstr(&key)), inst);
        inst->ptypes = ptypes;
        inst->tbody = T->tbody;
        inst->src = T->src;
        inst->ntvars = d->ntparams;
        inst->tvar_names = names;
        inst->tvar_lats = targs;
        for (size_t i = 0; !inst->broken && i < d->nparams; i++) {
            inst->sym.param_names[i] = d->params[i].name.name;
            inst->sym.params[i] = ptypes[i]->kind == TY_LAT ? ptypes[i]->lat : NULL;
            if (ptypes[i]->kind == TY_FN) inst->generic = true;
        }
        inst->sym.ret = ret && ret->kind == TY_LAT ? ret->lat : NULL;
        inst->rtype = sema_inline_rtype(ptypes, inst->sym.nparams, ret);
        if (inst->rtype) inst->generic = true;
        if (!inst->broken && !inst->generic) {
            sema->instantiating++;
            inst->broken = !sema_define_instance(sema, inst, NULL, inst, &inst->sym.ret);
            sema->instantiating--;
        }
        inst->muted = inst->broken && !sema->diag->out;
        /* (no note when the body only used a name whose declaration failed: no error to annotate) */
        if (inst->broken && sema->instantiating == 0 && sema->diag->errors != before)
            diag_note(sema->diag, where, "in %s, instantiated here", inst->sym.name);
    }
    buf_free(&key);
    buf_free(&name);
    return inst->broken ? NULL : inst;
}

/* ---- inference: the lattices of the type parameters from the arguments' types ---- */

typedef struct Infer {
    Checker *c;
    const Decl *d;             /* whose type parameters are inferred */
    LatInfo **out;
    size_t *from;              /* the argument each parameter was inferred from (1-based) */
    size_t arg;
    Loc at;                    /* the argument's location */
    bool ok;
} Infer;

static long tvar_index(const Decl *d, const LatExpr *p)
{
    if (p->kind != LAT_NAME) return -1;
    for (size_t i = 0; i < d->ntparams; i++)
        if (strcmp(d->tparams[i].name, p->name.name) == 0) return (long)i;
    return -1;
}

static void unify_lattice(Infer *in, const LatExpr *p, const Lattice *L);
static void unify_apply(Infer *in, const LatExpr *p, const Lattice *L);

static void unify(Infer *in, const LatExpr *p, const Type *t)
{
    if (t->kind == TY_LAT) {
        unify_lattice(in, p, t->lat);
    } else if (p->kind == LAT_COLL && t->kind == TY_COLL) {
        if (t->value) unify(in, p->value, t->value);
        else unify_lattice(in, p->value, t->lat);
    } else if ((p->kind == LAT_ITV && t->kind == TY_ITV) || (p->kind == LAT_KEY && t->kind == TY_ATOM)) {
        unify_lattice(in, p->value, t->kind == TY_ITV ? lattice_part(t->lat, 0) : t->lat);
    } else if (p->kind == LAT_BNB && t->kind == TY_BNB) {
        unify_lattice(in, p->value, lattice_part(((const Type *)t->value)->lat, 0));
    } else if (p->kind == LAT_FN && t->kind == TY_FN && t->fn->nparams == p->nparts) {
        for (size_t i = 0; i < p->nparts; i++) unify(in, p->parts[i], t->fn->params[i]);
        unify(in, p->value, t->fn->ret);
    }
}

static void unify_lattice(Infer *in, const LatExpr *p, const Lattice *L)
{
    Sema *sema = in->c->sema;
    long k = tvar_index(in->d, p);
    if (k >= 0) {
        if (!in->out[k]) {
            in->out[k] = sema_lat_info(sema, L);
            in->from[k] = in->arg;
        } else if (!lattice_equal(in->out[k]->L, L) && in->ok) {
            check_fail(in->c, in->at, "'%s' needs %s = %s (from argument %zu) and %s = %s (from argument %zu)",
                       in->d->name.name, p->name.name, check_describe_lat(in->c, in->out[k]->L), in->from[k],
                       p->name.name, check_describe_lat(in->c, L), in->arg);
            in->ok = false;
        }
        return;
    }
    LatticeKind kind = lattice_kind(L);
    if (p->kind == LAT_PRODUCT && kind == LATTICE_PRODUCT && lattice_nparts(L) == p->nparts)
        for (size_t i = 0; i < p->nparts; i++) unify_lattice(in, p->parts[i], lattice_part(L, i));
    else if (p->kind == LAT_MAP && kind == LATTICE_MAP) unify_lattice(in, p->value, lattice_inner(L));
    else if (p->kind == LAT_DUAL && kind == LATTICE_DUAL) unify_lattice(in, p->base, lattice_inner(L));
    else if (p->kind == LAT_APPLY) unify_apply(in, p, L);
}

/* Store[V] against a lattice: Store's own parameters inferred from its body, then V from them. */
static void unify_apply(Infer *in, const LatExpr *p, const Lattice *L)
{
    Sym *s = sema_lookup(in->c->sema, p->name.name);
    if (!s || s->kind != SYM_GENERIC_LATTICE) return;
    const Decl *g = s->ptr;
    if (g->ntparams != p->nparts) return;
    LatInfo **inner = arena_alloc(&in->c->sema->arena, g->ntparams * sizeof *inner);
    size_t *from = arena_alloc(&in->c->sema->arena, g->ntparams * sizeof *from);
    memset(inner, 0, g->ntparams * sizeof *inner);
    Infer sub = { in->c, g, inner, from, in->arg, in->at, true };
    unify_lattice(&sub, g->lattice, L);
    for (size_t j = 0; j < g->ntparams; j++)
        if (inner[j]) unify_lattice(in, p->parts[j], inner[j]->L);
}

/* A lambda against a function type: its parameters' declared types. */
static void unify_lambda(Infer *in, const LatExpr *p, const Expr *lambda)
{
    if (p->kind != LAT_FN || p->nparts != lambda->nlparams) return;
    for (size_t i = 0; i < p->nparts; i++) {
        const LatExpr *t = lambda->lparams[i].type;
        if (t->kind == LAT_FN) continue;
        LatInfo *li = sema_resolve_lattice(in->c->fc, t);
        if (li) unify_lattice(in, p->parts[i], li->L);
    }
}

/* The type of a copy of arg checked on its own, quietly: NULL when it needs its context (a
 * literal like `bot`) or has errors (reported when the argument itself is checked). */
static const Type *type_alone(Checker *c, const Expr *arg)
{
    Diag *diag = c->sema->diag;
    FILE *out = diag->out;
    int before = diag->errors;
    size_t nlocals = c->locals.count;
    bool poisoned = c->poisoned;
    diag->out = NULL;
    const Type *t = check_expr(c, ast_clone_expr(&c->sema->arena, arg), NULL);
    diag->out = out;
    bool failed = diag->errors != before;
    diag->errors = before;
    c->locals.count = nlocals;
    c->poisoned = poisoned;
    return failed || t->kind == TY_ERROR ? NULL : t;
}

/* Infers T's type arguments from a copy of each argument checked on its own (the arguments
 * themselves are checked once the instance is known). */
static bool infer(Checker *c, const FnEntry *T, const Expr *e, LatInfo **out)
{
    const Decl *d = T->decl;
    size_t *from = arena_alloc(&c->sema->arena, d->ntparams * sizeof *from);
    Infer in = { c, d, out, from, 0, e->loc, true };
    for (size_t i = 0; i < e->nargs && i < d->nparams && in.ok; i++) {
        Expr *arg = e->args[i];
        if (arg->kind == E_NAME && strcmp(arg->name.name, "_") == 0) continue;
        in.arg = i + 1;
        in.at = arg->loc;
        if (arg->kind == E_LAMBDA) {          /* its parameters' types, not checking its body twice */
            unify_lambda(&in, d->params[i].type, arg);
            continue;
        }
        const Type *t = type_alone(c, arg);
        if (!t) continue;
        in.arg = i + 1;
        unify(&in, d->params[i].type, t);
    }
    for (size_t i = 0; i < d->ntparams && in.ok; i++)
        if (!out[i]) {
            check_fail(c, e->loc, "cannot tell which lattice %s is in this call of '%s': give it, %s[...](...)",
                       d->tparams[i].name, T->sym.name, T->sym.name);
            in.ok = false;
        }
    return in.ok;
}

/* ---- uses ---- */

const Type *sema_call_generic(Checker *c, Expr *e, FnEntry *T)
{
    LatInfo **targs = arena_alloc(&c->sema->arena, T->decl->ntparams * sizeof *targs);
    memset(targs, 0, T->decl->ntparams * sizeof *targs);
    bool ok = e->ntargs ? resolve_targs(c, T, e->targs, e->ntargs, e->loc, targs) : infer(c, T, e, targs);
    FnEntry *inst = ok ? type_instance(c, e->loc, T, targs) : NULL;
    if (!inst) return &TYPE_ERROR;
    return sema_call_value(c, e, sema_fn_value(c, inst));
}

const Type *sema_generic_value(Checker *c, Expr *e, FnEntry *T)
{
    LatInfo **targs = arena_alloc(&c->sema->arena, T->decl->ntparams * sizeof *targs);
    if (!resolve_targs(c, T, e->targs, e->ntargs, e->loc, targs)) return &TYPE_ERROR;
    FnEntry *inst = type_instance(c, e->loc, T, targs);
    return inst ? sema_fn_value(c, inst) : &TYPE_ERROR;
}
