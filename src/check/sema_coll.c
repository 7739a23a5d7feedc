/* sema_coll.c: collections, run-time values of type `collection of L` (one word: a list of
 * elements of L the VM keeps).  Producers: fixpoints(f) and elements(L), each an enumeration
 * of a finite lattice, and the comprehensions {x in c | cond} and {e | x in c}.  Consumers:
 * count, forall, exists, in, ==, != and fold.  The compiler's side is compile_coll.c. */
#include "check/sema_internal.h"
#include "check/sema_decl.h"
#include "check/sema_lattice.h"
#include "check/sema_types.h"

/* Enumerations past 2^22 elements are refused, as the `fixpoints` query refuses them. */
enum { MAX_LOG2_ENUMERATED = 22 };

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

/* A lattice whose elements can be enumerated here; else an error at loc. */
static bool enumerable(Checker *c, const Lattice *L, const char *what, Loc loc)
{
    if (!L->finite) {
        check_fail(c, loc, "%s enumerates %s, which is not a finite lattice", what, check_describe_lat(c, L));
        return false;
    }
    Word *bot = lattice_elem_new(L), *top = lattice_elem_new(L);
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    double log2n = L->ops->log2_size(L, bot, top);
    mem_free(bot);
    mem_free(top);
    if (log2n > MAX_LOG2_ENUMERATED) {
        check_fail(c, loc, "%s enumerates %s, about 2^%.0f elements: at most 2^%d", what, check_describe_lat(c, L),
                   log2n, (int)MAX_LOG2_ENUMERATED);
        return false;
    }
    return true;
}

static Expr *node(Checker *c, ExprKind kind, Loc loc)
{
    Expr *e = arena_alloc(&c->sema->arena, sizeof *e);
    e->kind = kind;
    e->loc = loc;
    return e;
}


/* fixpoints(f): the elements x of L with f(x) == x, in L's enumeration order (that of the
 * `fixpoints` query).  e->a becomes the checked call f(x); slots: x, lo, hi (W words each). */
const Type *check_fixpoints(Checker *c, Expr *e)
{
    const Type *g = e->a->kind == E_LAMBDA ? check_lambda_endo(c, e->a) : check_expr(c, e->a, NULL);
    const Lattice *L = sema_endo_lattice(c, g, "fixpoints", e->a->loc);
    if (!L || !enumerable(c, L, "fixpoints(...)", e->loc)) return &TYPE_ERROR;
    e->resolved = sema_lat_info(c->sema, L);
    size_t top = c->top;
    e->slot = (long)check_alloc_slots(c, 3 * L->nwords);
    Expr *x = check_local_ref(c, "$x", sema_lat_type(c->sema, L), (size_t)e->slot, e->loc);
    Expr *step = sema_apply1(c, g, x, e->a->loc);
    c->top = top;
    if (!step) return &TYPE_ERROR;
    e->a = step;
    return sema_coll_type(c->sema, L);
}

/* elements(L): every element of a finite lattice, as fixpoints(...) builds them, without the
 * test. */
const Type *check_elements(Checker *c, Expr *e)
{
    if (e->nargs != 1 || e->args[0]->kind != E_NAME)
        return check_fail(c, e->loc, "'elements' takes the name of a finite lattice: elements(L)");
    Sym *s = check_find_local(c, e->args[0]->name.name) ? NULL : sema_lookup(c->sema, e->args[0]->name.name);
    if (!s || s->kind != SYM_LATTICE)
        return check_fail(c, e->args[0]->loc, "'elements' takes the name of a finite lattice, found '%s'",
                          e->args[0]->name.name);
    const Lattice *L = ((LatInfo *)s->ptr)->L;
    if (!enumerable(c, L, "elements(...)", e->loc)) return &TYPE_ERROR;
    Loc loc = e->loc;
    memset(e, 0, sizeof *e);
    e->kind = E_FIXPOINTS;
    e->loc = loc;
    e->resolved = sema_lat_info(c->sema, L);
    e->slot = (long)check_alloc_slots(c, 3 * L->nwords);
    c->top = (size_t)e->slot;
    return sema_coll_type(c->sema, L);
}

/* keys(m) / keys(M): the keys of the map lattice M, or of m's lattice (m is not evaluated), in
 * their order: a collection of one-word atoms, listed as constants. */
const Type *check_keys(Checker *c, Expr *e)
{
    if (e->nargs != 1) return check_fail(c, e->loc, "'keys' takes a map or the name of a map lattice: keys(m), keys(M)");
    const Expr *a = e->args[0];
    LatInfo *li = sema_lattice_named(c, a);
    Sym *s = a->kind == E_INDEX && a->a->kind == E_NAME && !check_find_local(c, a->a->name.name)
           ? sema_lookup(c->sema, a->a->name.name) : NULL;
    if (s && s->kind == SYM_GENERIC_LATTICE) {                  /* keys(Store[Sign]) */
        LatExpr *t = sema_expr_as_lattice(&c->sema->arena, a);
        if (!t) return check_fail(c, a->loc, "'keys' needs a map or a map lattice");
        if (!(li = sema_resolve_lattice(c->fc, t))) return &TYPE_ERROR;
    }
    const Lattice *M = li ? li->L : NULL;
    if (!M) {
        const Type *t = check_expr(c, e->args[0], NULL);
        if (t->kind == TY_ERROR) return t;
        if (t->kind != TY_LAT)
            return check_fail(c, e->args[0]->loc, "'keys' needs a map or a map lattice, found %s", check_describe(c, t));
        M = t->lat;
    }
    if (lattice_kind(M) != LATTICE_MAP)
        return check_fail(c, e->args[0]->loc, "'keys' needs a map or a map lattice, found %s", check_describe_lat(c, M));
    Loc loc = e->loc;
    memset(e, 0, sizeof *e);
    e->kind = E_KEYS;
    e->loc = loc;
    e->resolved = sema_lat_info(c->sema, M);
    return e->type = sema_collection_of(c->sema, sema_atom_type(c->sema, M));
}

/* ---- consumers ---- */

/* Does a call of the global name give a collection: elements(L), or a function declared to
 * return one? */
static bool returns_collection(const Checker *c, const char *name)
{
    Sym *s = sema_lookup(c->sema, name);
    if (!s) return strcmp(name, "elements") == 0 || strcmp(name, "keys") == 0;
    if (s->kind != SYM_FN) return false;
    const FnEntry *fe = s->ptr;
    if (fe->decl) return fe->decl->ret && fe->decl->ret->kind == LAT_COLL;
    return fe->rtype && fe->rtype->kind == TY_COLL;
}

/* Whether e gives a collection, told before it is checked: fixpoints(...), elements(...), a
 * call of a function returning one, stable(P), a comprehension over one or giving one, a local
 * name bound to one, or r.fixpoints, r.final. */
bool sema_is_collection(const Checker *c, const Expr *e)
{
    switch (e->kind) {
    case E_FIXPOINTS: case E_STABLE: case E_KEYS: return true;
    case E_CALL: return !check_find_local(c, e->name.name) && returns_collection(c, e->name.name);
    case E_COMPREHENSION: return e->c != NULL || sema_is_collection(c, e->a);
    case E_NAME: {
        const Local *l = check_find_local(c, e->name.name);
        return l && l->type->kind == TY_COLL;
    }
    case E_IF: return sema_is_collection(c, e->b);
    case E_PROJ: return e->name.name && (strcmp(e->name.name, "fixpoints") == 0 || strcmp(e->name.name, "final") == 0);
    default: return false;
    }
}

/* The collection e gives (checked: its type), or NULL after an error. */
static const Type *collection_source(Checker *c, Expr *e, const char *what)
{
    const Type *t = check_expr(c, e, NULL);
    if (t->kind == TY_ERROR) return NULL;
    if (t->kind != TY_COLL) {
        check_fail(c, e->loc, "%s needs a collection, found %s", what, check_describe(c, t));
        return NULL;
    }
    return t;
}

/* The type of an item of collection t: an element, or an interval. */
static const Type *item_type(Checker *c, const Type *t)
{
    return t->value ? t->value : sema_lat_type(c->sema, t->lat);
}

/* The set a comprehension or quantifier ranges over: a set expression or a powerset name. */
static const Lattice *check_set_source(Checker *c, Expr *a, const Lattice *want)
{
    LatInfo *li = sema_lattice_named(c, a);
    if (li) {
        li = sema_powerset_named(c, a, li, "only the atoms of a set can be iterated");
        return li ? li->L : NULL;
    }
    const Type *t = check_expr(c, a, want && lattice_kind(sema_undual(want)) == LATTICE_POWERSET ? want : NULL);
    if (t->kind == TY_ERROR) return NULL;
    if (!sema_is_powerset_type(t)) {
        check_fail(c, a->loc, "expected a set or a powerset lattice, found %s", check_describe(c, t));
        return NULL;
    }
    return t->lat;
}

/* { x in S | cond } and forall/exists x in S : cond.  Slots: x, then a copy of S. */
static const Type *check_over_atoms(Checker *c, Expr *e, const Lattice *want)
{
    const Lattice *P = check_set_source(c, e->a, e->kind == E_COMPREHENSION ? want : NULL);
    size_t nlocals = c->locals.count, top = c->top;
    size_t slot = check_alloc_slots(c, 1 + (P ? P->nwords : 0));
    e->slot = (long)slot;
    check_bind(c, e->name.name, P ? sema_atom_type(c->sema, sema_undual(P)) : &TYPE_ERROR, slot);
    const Type *tb = check_against(c, e->b, c->sema->bool_lat->L);
    c->locals.count = nlocals;
    c->top = top;
    if (!P || tb->kind == TY_ERROR) return &TYPE_ERROR;
    return e->kind == E_COMPREHENSION ? sema_lat_type(c->sema, P) : &c->sema->bool_lat->as_lat;
}

/* forall/exists x in c : b, {x in c | b}, {img | x in c}.  Slots: x (W words), the collection,
 * the index of the next item. */
const Type *check_quantifier(Checker *c, Expr *e, const Lattice *want)
{
    if (!sema_is_collection(c, e->a)) {
        if (e->c) return check_fail(c, e->loc, "{e | x in c} needs a collection c (fixpoints(...), elements(L), ...)");
        return check_over_atoms(c, e, want);
    }
    const Type *t = collection_source(c, e->a, e->kind == E_QUANT ? "forall/exists" : "a comprehension");
    size_t nlocals = c->locals.count, top = c->top;
    size_t W = t ? type_item_words(t) : 0, slot = check_alloc_slots(c, W + 2);
    e->slot = (long)slot;
    check_bind(c, e->name.name, t ? item_type(c, t) : &TYPE_ERROR, slot);
    const Type *tb = e->b ? check_against(c, e->b, c->sema->bool_lat->L) : NULL;
    const Type *ti = e->c ? check_expr(c, e->c, NULL) : NULL;
    c->locals.count = nlocals;
    c->top = top;
    if (!t || (tb && tb->kind == TY_ERROR) || (ti && ti->kind == TY_ERROR)) return &TYPE_ERROR;
    if (ti && ti->kind != TY_LAT && ti->kind != TY_ITV && ti->kind != TY_ATOM)
        return check_fail(c, e->c->loc, "a collection holds lattice elements, intervals or keys, found %s (give it "
                          "a lattice: (e : L))", check_describe(c, ti));
    if (e->kind == E_QUANT) return &c->sema->bool_lat->as_lat;
    return ti ? sema_collection_of(c->sema, ti) : t;
}

/* x in c: x checked against c's lattice. */
const Type *check_in_collection(Checker *c, Expr *e)
{
    if (!sema_is_collection(c, e->b)) return NULL;
    const Type *t = collection_source(c, e->b, "'in'");
    if (!t) return &TYPE_ERROR;
    if (type_atom_items(t))                           /* keys: x must be one of that map */
        return check_atom(c, e->a, t->lat)->kind == TY_ERROR ? &TYPE_ERROR : &c->sema->bool_lat->as_lat;
    if (t->value) {                                   /* intervals: x must be one */
        const Type *tx = check_expr(c, e->a, NULL);
        if (tx->kind == TY_ERROR) return tx;
        if (tx->kind != TY_ITV || !lattice_equal(tx->lat, t->lat))
            return check_fail(c, e->a->loc, "expected %s, found %s", check_describe(c, t->value), check_describe(c, tx));
        return &c->sema->bool_lat->as_lat;
    }
    Expr *x = node(c, E_ASCRIBE, e->a->loc);
    x->a = e->a;
    x->type = sema_lat_type(c->sema, t->lat);
    e->a = x;
    if (check_expr(c, x, NULL)->kind == TY_ERROR) return &TYPE_ERROR;
    return &c->sema->bool_lat->as_lat;
}

/* count c: the number of items, an int. */
const Type *check_count_collection(Checker *c, Expr *e)
{
    if (!sema_is_collection(c, e->a)) return NULL;
    return collection_source(c, e->a, "'count'") ? &TYPE_INT : &TYPE_ERROR;
}

/* fold(c, z, g) becomes `let $f = g in <fold>`, its E_FOLD checked by check_fold_loop. */
const Type *check_fold(Checker *c, Expr *e, const Lattice *want)
{
    if (e->nargs != 3) return check_fail(c, e->loc, "'fold' takes 3 arguments (a collection, a start, a function), found %zu", e->nargs);
    Expr *loop = node(c, E_FOLD, e->loc), *step = node(c, E_CALL, e->args[2]->loc);
    step->name.name = "$f";
    step->name.loc = e->args[2]->loc;
    step->nargs = 2;
    step->args = arena_alloc(&c->sema->arena, 2 * sizeof *step->args);
    step->args[0] = node(c, E_NAME, e->loc);
    step->args[0]->name.name = "$acc";
    step->args[1] = node(c, E_NAME, e->loc);
    step->args[1]->name.name = "$x";
    loop->a = e->args[0];
    loop->b = e->args[1];
    loop->c = step;
    Expr *g = e->args[2];
    if (g->kind == E_LAMBDA && g->nlparams == 2 && g->lparams[0].type->kind != LAT_FN) {
        loop->vartype = g->lparams[0].type;          /* the result is of its first parameter */
        if (g->a->kind != E_ASCRIBE) {               /* so is the lambda's: (acc: M, x: L => (e : M)) */
            Expr *body = node(c, E_ASCRIBE, g->a->loc);
            body->a = g->a;
            body->vartype = g->lparams[0].type;
            g->a = body;
        }
    }
    Expr *let = node(c, E_LET, e->loc);
    let->name.name = "$f";
    let->name.loc = e->loc;
    let->a = e->args[2];
    let->b = loop;
    *e = *let;
    return check_expr(c, e, want);
}

/* The loop of fold: the start z in M (want, the lambda's first parameter, g's result, or z's
 * own lattice), then $acc := $f($acc, $x) for each item $x.  Slots: $acc, the collection, its
 * index, $x. */
const Type *check_fold_loop(Checker *c, Expr *e, const Lattice *want)
{
    const Type *t = collection_source(c, e->a, "fold");
    if (!t) return &TYPE_ERROR;
    if (!want && e->vartype) {
        LatInfo *li = sema_resolve_lattice(c->fc, e->vartype);
        if (!li) return &TYPE_ERROR;
        want = li->L;
    }
    const Local *g = check_find_local(c, "$f");
    if (!want && g && g->type->kind == TY_FN && g->type->fn->ret->kind == TY_LAT) want = g->type->fn->ret->lat;
    const Type *tz = want ? check_against(c, e->b, want) : check_expr(c, e->b, NULL);
    if (tz->kind == TY_ERROR) return tz;
    if (!want && tz->kind != TY_LAT)
        return check_fail(c, e->b->loc, "cannot tell the lattice of fold's result from its start, %s: give it, "
                          "(z : M)", check_describe(c, tz));
    const Lattice *M = want ? want : tz->lat;
    size_t nlocals = c->locals.count, top = c->top;
    size_t slot = check_alloc_slots(c, M->nwords + 2 + type_item_words(t));
    e->slot = (long)slot;
    e->resolved = sema_lat_info(c->sema, M);
    check_bind(c, "$acc", sema_lat_type(c->sema, M), slot);
    check_bind(c, "$x", item_type(c, t), slot + M->nwords + 2);
    const Type *ts = check_against(c, e->c, M);
    c->locals.count = nlocals;
    c->top = top;
    return ts->kind == TY_ERROR ? ts : sema_lat_type(c->sema, M);
}

/* ---- intervals: approx(f) ---- */

/* The second operand of == or != after a collection or an interval t1: the same type. */
const Type *sema_pair_result(Checker *c, const Type *t1, Expr *second)
{
    const Type *t2 = check_expr(c, second, NULL);
    if (t2->kind == TY_ERROR) return t2;
    if (t2->kind == t1->kind && lattice_equal(t1->lat, t2->lat) && (t1->kind != TY_COLL || sema_same_items(t1, t2)))
        return t1;
    return check_fail(c, second->loc, "expected %s, found %s", check_describe(c, t1), check_describe(c, t2));
}

/* The function of approx(f) / refine(f, ...) (what names the form in errors): one the engine
 * can call alone; its interval type, or the error type. */
static const Type *engine_interval(Checker *c, Expr *e, const char *what)
{
    const Type *g = e->a->kind == E_LAMBDA ? check_lambda_endo(c, e->a) : check_expr(c, e->a, NULL);
    const Lattice *L = sema_endo_lattice(c, g, what, e->a->loc);
    if (!L) return &TYPE_ERROR;
    FnEntry *fe = sema_fn_target(g);
    if (!fe && sema_fn_broken(g)) return &TYPE_ERROR;      /* its declaration's errors said it */
    if (!fe)
        return check_fail(c, e->a->loc, "%s(...) needs a function the engine can call alone: a declared "
                          "function, an instance or a lambda that uses no local name", what);
    e->resolved = fe;
    return sema_interval_type(c->sema, L);
}

/* approx(f): IR([bot, top]) of f, run by the engine when the program runs; f must be a
 * function the engine can call alone (e->resolved: its FnEntry). */
const Type *check_approx(Checker *c, Expr *e)
{
    return engine_interval(c, e, "approx");
}

/* refine(f, lo, hi): F of f iterated from [lo, hi] (elements of f's lattice) to its limit, by
 * the engine when the program runs: an interval, as approx(f) is from [bot, top]. */
const Type *check_refine(Checker *c, Expr *e)
{
    const Type *t = engine_interval(c, e, "refine");
    if (t->kind == TY_ERROR) return t;
    const Lattice *L = ((const FnEntry *)e->resolved)->sym.ret;
    bool ok = check_against(c, e->b, L)->kind != TY_ERROR;
    ok = check_against(c, e->c, L)->kind != TY_ERROR && ok;
    return ok ? t : &TYPE_ERROR;
}

/* The options of bnb(f ...) (e->query, from [lo .. hi] in e->b and e->c), those of the `bnb`
 * query but `trace` and `models`, into a new entry of the context's bnbs (its index e->ival);
 * false after an error. */
static bool bnb_options(Checker *c, Expr *e, const FnEntry *fe)
{
    Sema *sema = c->sema;
    const Query *q = e->query;
    QueryOptions *o = arena_alloc(&sema->arena, sizeof *o);
    *o = query_options_unset();
    int before = sema->diag->errors;
    if (q) {
        if (q->trace) check_fail(c, e->loc, "option 'trace' does not apply to bnb(...) in an expression (the `bnb` query takes it)");
        if (q->models >= 0) check_fail(c, e->loc, "option 'models' does not apply to bnb (only to stable)");
        if (q->budget == 0) check_fail(c, e->loc, "'budget 0' would keep no bound: give at least 1, or no budget");
        o->steps = q->steps;
        o->budget = q->budget;
        o->rounds = q->rounds;
        o->timeout = q->timeout;
        o->jobs = q->jobs;
        o->from = e->b != NULL;
        if (q->split.name) o->has_split = sema_split(sema, q->split, &o->split);
        if (q->policy.name) o->has_policy = sema_policy(sema, q->policy, &o->policy);
        if (q->envelope.name) o->envelope = sema_envelope(sema, q->envelope, &fe->sym);
        if (q->via.name) o->via = sema_via(sema, q->via, &fe->sym);
    }
    if (e->b) {
        check_against(c, e->b, fe->sym.ret);
        check_against(c, e->c, fe->sym.ret);
    }
    if (sema->diag->errors != before) return false;
    e->ival = (int64_t)sema->tables.bnbs.count;
    VEC_PUSH(sema->tables.bnbs, o);
    return true;
}

/* bnb(f): Algorithm 1 on [bot, top] of f (a finite lattice), run by the engine when the
 * program runs.  Its type keeps the type of .final as its value and lays its three words
 * out as a product of three one-word lattices (so .fixpoints, .final, .complete project). */
const Type *check_bnb(Checker *c, Expr *e)
{
    const Type *g = e->a->kind == E_LAMBDA ? check_lambda_endo(c, e->a) : check_expr(c, e->a, NULL);
    const Lattice *L = sema_endo_lattice(c, g, "bnb", e->a->loc);
    if (!L) return &TYPE_ERROR;
    if (!L->finite)
        return check_fail(c, e->loc, "bnb(...) as a value needs a finite lattice, found %s (the `bnb` query "
                          "takes any)", check_describe_lat(c, L));
    FnEntry *fe = sema_fn_target(g);
    if (!fe && sema_fn_broken(g)) return &TYPE_ERROR;      /* its declaration's errors said it */
    if (!fe)
        return check_fail(c, e->a->loc, "bnb(...) needs a function the engine can call alone: a declared "
                          "function, an instance or a lambda that uses no local name");
    e->resolved = fe;
    return bnb_options(c, e, fe) ? sema_bnb_type(c->sema, L) : &TYPE_ERROR;
}

/* i.lo, i.hi of an interval; r.fixpoints, r.final, r.complete of a bnb result r (of type t):
 * components 1, 2 (and 3) of their layout. */
const Type *check_field(Checker *c, Expr *e, const Type *t)
{
    static const char *const itv[] = { "lo", "hi" }, *const bnb[] = { "fixpoints", "final", "complete" };
    const char *name = e->name.name;
    if (t->kind != TY_ITV && t->kind != TY_BNB)
        return check_fail(c, e->loc, "'.%s' needs an interval (approx(f)) or a bnb result (bnb(f)), found %s",
                          name, check_describe(c, t));
    bool is_itv = t->kind == TY_ITV;
    const char *const *fields = is_itv ? itv : bnb;
    size_t n = is_itv ? 2 : 3;
    for (size_t i = 0; name && i < n; i++) {
        if (strcmp(name, fields[i]) != 0) continue;
        e->ival = (int64_t)i + 1;
        const Type *final = t->value;
        if (is_itv) return sema_lat_type(c->sema, lattice_part(t->lat, 0));
        return i == 0 ? sema_coll_type(c->sema, lattice_part(final->lat, 0)) : i == 1 ? final : &c->sema->bool_lat->as_lat;
    }
    const char *has = is_itv ? "an interval has '.lo' and '.hi'" : "a bnb result has '.fixpoints', '.final' and '.complete'";
    if (!name) return check_fail(c, e->loc, "%s, not '.%lld'", has, (long long)e->ival);
    return check_fail(c, e->loc, "%s, not '.%s'", has, name);
}

/* ---- stable(P): the stable models of a program block ---- */

typedef VEC(const char *) NameList;

/* Adds name to names unless it is there. */
static void add_atom_name(NameList *names, const char *name)
{
    for (size_t i = 0; i < names->count; i++)
        if (!strcmp(names->items[i], name)) return;
    VEC_PUSH(*names, name);
}

/* The powerset over the atoms of a program block, in the order the solver numbers them (the
 * order each atom is first met: heads, positive then negative bodies, rule by rule). */
static const Lattice *program_atoms(Sema *sema, const Decl *d)
{
    NameList names = { 0 };
    for (size_t i = 0; i < d->nrules; i++) {
        const Rule *r = &d->rules[i];
        for (size_t k = 0; k < r->nhead; k++) add_atom_name(&names, r->head[k].name);
        for (size_t k = 0; k < r->npos; k++) add_atom_name(&names, r->pos[k].name);
        for (size_t k = 0; k < r->nneg; k++) add_atom_name(&names, r->neg[k].name);
    }
    const Lattice *L = sema_lat_intern(sema, lattice_powerset_new(names.items, names.count))->L;
    VEC_FREE(names);
    return L;
}

/* stable(P): every stable model of the program block P, a collection of the powerset over
 * its atoms, solved when the program runs (e->resolved: P, e->slot: its index among the
 * context's programs).  A program grounded from a file has no atoms before it runs. */
const Type *check_stable(Checker *c, Expr *e)
{
    Sym *s = sema_lookup(c->sema, e->name.name);
    if (!s && sema_refused_use(c->sema, e->name.loc, e->name.name)) return &TYPE_ERROR;
    if (!s) return check_fail(c, e->name.loc, "unknown program '%s'", e->name.name);
    if (s->kind != SYM_PROGRAM)
        return check_fail(c, e->name.loc, "'%s' is %s; stable(...) needs a program", e->name.name,
                          sema_sym_kind_name(s->kind));
    const ProgramSym *p = s->ptr;
    if (p->resolved_file)
        return check_fail(c, e->name.loc, "stable(%s) as a value needs a program block: '%s' is grounded from "
                          "\"%s\" when it runs, so its atoms are not known here (the `stable` query takes it)",
                          p->name, p->name, p->decl->program_file);
    IrTables *t = &c->sema->tables;
    size_t i = 0;
    while (i < t->progs.count && t->progs.items[i] != p) i++;
    if (i == t->progs.count) VEC_PUSH(t->progs, p);
    e->resolved = p;
    e->slot = (long)i;
    return sema_coll_type(c->sema, program_atoms(c->sema, p->decl));
}
