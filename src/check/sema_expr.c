/* sema_expr.c: the expression checker (bidirectional: an expected lattice flows down where one
 * is known): names, arithmetic, logic, lattice operators, if, let, calls; the dispatch over
 * expression kinds.  Its helpers (locals, failures, conversions) are in sema_help.c. */
#include "check/sema_internal.h"
#include "check/sema_types.h"

#include <stdarg.h>

static const Resolution local_resolution = { RES_LOCAL, NULL, 0 };

/* ---- names ---- */

static bool ref_is_value_of(const ElemRef *r, const Lattice *L)
{
    return r->kind == ELEM_VALUE && lattice_equal(r->li->L, L);
}

/* A name with no local binding: an element of the expected lattice, else of the only lattice
 * that has one of this name, else an atom or key. */
static const Type *check_global_name(Checker *c, Expr *e, const Lattice *want)
{
    Sema *sema = c->sema;
    const char *name = e->name.name;
    if (want) {
        const Lattice *base = want;
        while (lattice_kind(base) == LATTICE_DUAL) base = lattice_inner(base);
        for (const ElemRef *r = hashmap_get_ptr(&sema->elems, name); r; r = r->next) {
            if (ref_is_value_of(r, base)) {
                e->resolved = check_resolution(c, RES_ELEM, sema_lat_info(sema, want), r->index);
                return sema_lat_type(sema, want);
            }
        }
    }
    const ElemRef *a, *b;
    size_t n = sema_refs_of_kind(sema, name, ELEM_VALUE, &a, &b);
    if (n > 1) return check_ambiguous(c, e->loc, name, a, b);
    if (n == 1) {
        e->resolved = check_resolution(c, RES_ELEM, a->li, a->index);
        return &a->li->as_lat;
    }
    n = sema_refs_of_kind(sema, name, ELEM_ATOM, &a, &b);
    if (n == 0) n = sema_refs_of_kind(sema, name, ELEM_KEY, &a, &b);
    if (n > 1) return check_ambiguous(c, e->loc, name, a, b);
    if (n == 1) {
        if (want && lattice_equal(a->li->L, want) && lattice_kind(want) == LATTICE_POWERSET)
            return check_fail(c, e->loc, "'%s' is an atom of %s; write {%s} for the set", name, check_describe_lat(c, want), name);
        e->resolved = check_resolution(c, RES_ATOM, a->li, a->index);
        return &a->li->as_atom;
    }
    Sym *s = sema_lookup(sema, name);
    if (s && s->kind == SYM_FN && ((FnEntry *)s->ptr)->decl)
        return check_fail(c, e->loc, "'%s' has type parameters: name one of its instances, %s[L]", name, name);
    if (s && s->kind == SYM_FN) return sema_fn_value(c, s->ptr);
    if (s) {
        if (s->kind == SYM_LATTICE)
            return check_fail(c, e->loc, "'%s' is a lattice, not a value (bot and top are its least and greatest elements)", name);
        return check_fail(c, e->loc, "'%s' is %s, not a value", name, sema_sym_kind_name(s->kind));
    }
    if (sema_refused_use(sema, e->loc, name)) return &TYPE_ERROR;  /* its declaration's error said it */
    return check_fail(c, e->loc, "unknown name '%s'", name);
}

static const Type *check_name(Checker *c, Expr *e, const Lattice *want)
{
    const Local *l = check_find_local(c, e->name.name);
    if (l && l->alias) {
        *e = *l->alias;            /* the argument it stands for, checked where the call is */
        return e->type;
    }
    if (l) {
        e->resolved = &local_resolution;
        e->slot = (long)l->slot;
        return l->type;
    }
    return check_global_name(c, e, want);
}

/* ---- operators ---- */

/* The second of a pair both expected in lattice want; ta is the first one's type. */
static const Type *pair_against(Checker *c, const Type *ta, Expr *b, const Lattice *want)
{
    const Type *tb = check_against(c, b, want);
    return ta->kind == TY_ERROR || tb->kind == TY_ERROR ? &TYPE_ERROR : sema_lat_type(c->sema, want);
}

/* The second operand of a pair with nothing expected, typed after the first one (of type t1). */
static const Type *pair_second(Checker *c, const Type *t1, Expr *second)
{
    switch (t1->kind) {
    case TY_ERROR:
        return &TYPE_ERROR;
    case TY_COLL: case TY_ITV: case TY_BNB: return sema_pair_result(c, t1, second);
    case TY_FN:
        check_expr(c, second, NULL);
        return check_function_misused(c, second->loc, t1);
    case TY_LAT: {
        if (sema_num_kind(t1) == NUM_NONE)
            return check_against(c, second, t1->lat)->kind == TY_ERROR ? &TYPE_ERROR : t1;
        const Type *t2 = check_expr(c, second, t1->lat);
        if (t2->kind == TY_ERROR) return t2;
        if (check_coerce_ok(t2, t1->lat)) return t1;
        if (t2->kind == TY_LAT && check_coerce_ok(t1, t2->lat)) return t2;
        if (sema_num_kind(t2) != NUM_NONE) return sema_num_kind(t1) == NUM_REAL || sema_num_kind(t2) == NUM_REAL ? &TYPE_REAL : &TYPE_INT;
        return check_fail(c, second->loc, "expected %s, found %s", check_describe(c, t1), check_describe(c, t2));
    }
    case TY_INT:
    case TY_REAL: {
        const Type *t2 = check_expr(c, second, NULL);
        if (t2->kind == TY_ERROR) return t2;
        if (t2->kind == TY_LAT && check_coerce_ok(t1, t2->lat)) return t2;
        if (sema_num_kind(t2) == NUM_NONE)
            return check_fail(c, second->loc, "expected a number, found %s", check_describe(c, t2));
        return sema_num_kind(t1) == NUM_REAL || sema_num_kind(t2) == NUM_REAL ? &TYPE_REAL : &TYPE_INT;
    }
    case TY_ATOM:
        return check_atom(c, second, t1->lat)->kind == TY_ERROR ? &TYPE_ERROR : t1;
    }
    return &TYPE_ERROR;
}

/* Types a and b as values of one type: the expected lattice when given, else the type of the
 * operand that does not need context.  The result may be numeric (two plain numbers). */
static const Type *check_pair(Checker *c, Expr *a, Expr *b, const Lattice *want)
{
    if (want) return pair_against(c, check_against(c, a, want), b, want);
    bool swap = check_needs_context(c, a) && !check_needs_context(c, b);
    Expr *first = swap ? b : a, *second = swap ? a : b;
    return pair_second(c, check_expr(c, first, NULL), second);
}

/* e, already checked (of type t), must be a number. */
static const Type *number(Checker *c, Expr *e, const Type *t, const char *op)
{
    if (t->kind == TY_ERROR) return t;
    if (sema_num_kind(t) == NUM_NONE) return check_fail(c, e->loc, "'%s' needs numbers, found %s", op, check_describe(c, t));
    return t;
}

static const Type *check_number(Checker *c, Expr *e, const char *op)
{
    return number(c, e, check_expr(c, e, NULL), op);
}

static bool is_set_op(OpKind op) { return op == OP_UNION || op == OP_INTER || op == OP_MINUS; }

/* The lattice both operands of a lattice operator are checked against, or NULL. */
static const Lattice *lattice_op_want(Checker *c, const Expr *e, const Lattice *want)
{
    if (want && (sema_num_kind(sema_lat_type(c->sema, want)) != NUM_NONE || (is_set_op(e->op) && lattice_kind(sema_undual(want)) != LATTICE_POWERSET)))
        return NULL;          /* numbers: type the operands themselves; sets: report below */
    return want;
}

/* What the left operand of the binary operator e is checked against (it is checked first). */
static const Lattice *left_want(Checker *c, const Expr *e, const Lattice *want)
{
    switch (e->op) {
    case OP_AND: case OP_OR: return c->sema->bool_lat->L;
    case OP_JOIN: case OP_MEET: case OP_UNION: case OP_INTER: case OP_MINUS: return lattice_op_want(c, e, want);
    default: return NULL;
    }
}

/* The rest of each binary operator once its left operand is checked (of type ta). */

static const Type *finish_arith(Checker *c, Expr *e, const Type *ta)
{
    const char *op = ast_op_text(e->op);
    ta = number(c, e->a, ta, op);
    const Type *tb = check_number(c, e->b, op);
    if (ta->kind == TY_ERROR || tb->kind == TY_ERROR) return &TYPE_ERROR;
    bool real = sema_num_kind(ta) == NUM_REAL || sema_num_kind(tb) == NUM_REAL;
    if (real && e->op == OP_MOD)
        return check_fail(c, e->loc, "'mod' needs integers, found %s", check_describe(c, sema_num_kind(ta) == NUM_REAL ? ta : tb));
    return real ? &TYPE_REAL : &TYPE_INT;
}

/* Is t a range or real under an odd number of duals, whose order is its numbers' reversed? */
static bool numbers_reversed(const Type *t)
{
    return t && t->kind == TY_LAT && sema_num_kind(t) != NUM_NONE && sema_numbers_reversed(t->lat);
}

static const Type *compared(Checker *c, Expr *e, const Type *t)
{
    if (t->kind == TY_ERROR) return t;
    if (t->kind == TY_ATOM && e->op != OP_EQ && e->op != OP_NE)
        return check_fail(c, e->loc, "atoms can only be compared with == and !=");
    if (t->kind == TY_BNB) return check_fail(c, e->loc, "a bnb result is compared field by field (.fixpoints, .final, .complete)");
    if ((t->kind == TY_COLL || t->kind == TY_ITV) && e->op != OP_EQ && e->op != OP_NE)
        return check_fail(c, e->loc, "%s can only be compared with == and !=", t->kind == TY_COLL ? "collections" : "intervals");
    /* on lattice elements the order is the lattice's: a dual range's is the numbers' reversed,
     * also against a plain number that is not its element (x <= 2.5) */
    e->reversed = numbers_reversed(t) || (t->kind != TY_LAT && sema_num_kind(t) != NUM_NONE &&
                  ((numbers_reversed(e->a->type) && e->b->type->kind != TY_LAT) ||
                   (numbers_reversed(e->b->type) && e->a->type->kind != TY_LAT)));
    return &c->sema->bool_lat->as_lat;
}

static const Type *finish_logic(Checker *c, Expr *e, const Type *ta)
{
    const Lattice *B = c->sema->bool_lat->L;
    return pair_against(c, check_against_type(c, e->a, ta, B), e->b, B);
}

static const Type *lattice_op_result(Checker *c, Expr *e, const Type *t)
{
    if (t->kind == TY_ERROR) return t;
    if (t->kind == TY_ATOM || t->kind == TY_COLL || t->kind == TY_ITV || t->kind == TY_BNB)
        return check_fail(c, e->loc, "'%s' needs lattice elements, found %s", ast_op_text(e->op), check_describe(c, t));
    if (is_set_op(e->op) && !sema_is_powerset_type(t))
        return check_fail(c, e->loc, "'%s' needs sets, found %s", ast_op_text(e->op), check_describe(c, t));
    return t;
}

static const Type *finish_lattice_op(Checker *c, Expr *e, const Lattice *want, const Type *ta)
{
    const Lattice *L = lattice_op_want(c, e, want);
    const Type *t = L ? pair_against(c, check_against_type(c, e->a, ta, L), e->b, L) : pair_second(c, ta, e->b);
    return lattice_op_result(c, e, t);
}

/* Finishes the binary operator e (not `in`) whose left operand was checked first, against
 * left_want (its type is ta). */
static const Type *finish_binary(Checker *c, Expr *e, const Lattice *want, const Type *ta)
{
    switch (e->op) {
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD: return finish_arith(c, e, ta);
    case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE: return compared(c, e, pair_second(c, ta, e->b));
    case OP_AND: case OP_OR: return finish_logic(c, e, ta);
    case OP_JOIN: case OP_MEET: case OP_UNION: case OP_INTER: case OP_MINUS: return finish_lattice_op(c, e, want, ta);
    default: return check_fail(c, e->loc, "unexpected operator '%s'", ast_op_text(e->op));
    }
}

static const Type *check_in(Checker *c, Expr *e)
{
    const Type *in_coll = check_in_collection(c, e);
    if (in_coll) return in_coll;
    if (check_needs_context(c, e->b) && e->a->kind == E_NAME && check_find_local(c, e->a->name.name)) {
        const Type *ta = check_expr(c, e->a, NULL);         /* `a in top`: the set from the atom */
        if (ta->kind == TY_ERROR) return ta;
        if (ta->kind != TY_ATOM || lattice_kind(ta->lat) != LATTICE_POWERSET)
            return check_fail(c, e->a->loc, "'in' needs an atom on its left, found %s", check_describe(c, ta));
        const Type *ts = check_expr(c, e->b, ta->lat);
        if (ts->kind == TY_ERROR) return ts;
        if (ts->kind != TY_LAT || !lattice_equal(sema_undual(ts->lat), ta->lat))
            return check_fail(c, e->b->loc, "expected %s, found %s", check_describe_lat(c, ta->lat), check_describe(c, ts));
        return &c->sema->bool_lat->as_lat;
    }
    const Type *ts = check_expr(c, e->b, NULL);
    if (ts->kind == TY_ERROR) return ts;
    if (!sema_is_powerset_type(ts)) return check_fail(c, e->b->loc, "'in' needs a set on its right, found %s", check_describe(c, ts));
    if (check_atom(c, e->a, ts->lat)->kind == TY_ERROR) return &TYPE_ERROR;
    return &c->sema->bool_lat->as_lat;
}

/* A comparison or lattice operator may check its right operand first (when only the left one
 * needs context: `bot join x`); the others take the left one first. */
static const Type *check_binary(Checker *c, Expr *e, const Lattice *want)
{
    bool compare = e->op >= OP_LT && e->op <= OP_NE;                 /* OpKind order */
    bool lattice_op = e->op >= OP_JOIN && e->op <= OP_MINUS;
    if (e->op == OP_IN) return check_in(c, e);
    if ((compare || lattice_op) && !left_want(c, e, want) && check_needs_context(c, e->a) && !check_needs_context(c, e->b)) {
        const Type *t = check_pair(c, e->a, e->b, NULL);
        return compare ? compared(c, e, t) : lattice_op_result(c, e, t);
    }
    return finish_binary(c, e, want, check_expr(c, e->a, left_want(c, e, want)));
}

static const Type *check_unary(Checker *c, Expr *e)
{
    if (e->op == OP_NOT) {
        const Type *t = check_against(c, e->a, c->sema->bool_lat->L);
        return t->kind == TY_ERROR ? t : &c->sema->bool_lat->as_lat;
    }
    const Type *t = check_number(c, e->a, "-");
    if (t->kind == TY_ERROR) return t;
    return sema_num_kind(t) == NUM_REAL ? &TYPE_REAL : &TYPE_INT;
}

/* ---- control ---- */

static const Type *check_if(Checker *c, Expr *e, const Lattice *want)
{
    check_against(c, e->a, c->sema->bool_lat->L);
    if (want) {
        const Type *tb = check_against(c, e->b, want), *tc = check_against(c, e->c, want);
        return tb->kind == TY_ERROR || tc->kind == TY_ERROR ? &TYPE_ERROR : sema_lat_type(c->sema, want);
    }
    const Type *t = check_pair(c, e->b, e->c, NULL);
    NumKind k = sema_num_kind(t);
    bool both_in_lattice = e->b->type && e->c->type && e->b->type->kind == TY_LAT && e->c->type->kind == TY_LAT
                        && lattice_equal(e->b->type->lat, e->c->type->lat);
    if (t->kind == TY_LAT && k != NUM_NONE && !both_in_lattice) {
        /* `if c then n else 100`: a number, checked only where it is stored */
        bool real = sema_num_kind(e->b->type) == NUM_REAL || sema_num_kind(e->c->type) == NUM_REAL;
        return real ? &TYPE_REAL : &TYPE_INT;
    }
    return t;
}

static const Type *check_let(Checker *c, Expr *e, const Lattice *want)
{
    const Type *ta = check_expr(c, e->a, NULL);
    size_t nlocals = c->locals.count, top = c->top;
    size_t slot = check_alloc_slots(c, sema_type_words(ta));
    e->slot = (long)slot;
    check_bind(c, e->name.name, ta, slot);
    const Type *tb = check_expr(c, e->b, want);
    c->locals.count = nlocals;
    c->top = top;
    return tb;
}

/* ---- calls ---- */

static const Type *check_builtin(Checker *c, Expr *e, size_t arity)
{
    if (e->nargs != arity)
        return check_fail(c, e->loc, "'%s' takes %zu argument%s, found %zu", e->name.name, arity, arity == 1 ? "" : "s", e->nargs);
    bool ok = true, real = false;
    for (size_t i = 0; i < e->nargs; i++) {
        const Type *t = check_number(c, e->args[i], e->name.name);
        if (t->kind == TY_ERROR) ok = false;
        else if (sema_num_kind(t) == NUM_REAL) real = true;
    }
    if (!ok) return &TYPE_ERROR;
    return real ? &TYPE_REAL : &TYPE_INT;
}

static bool is_builtin(const char *name, size_t *arity)
{
    if (strcmp(name, "min") == 0 || strcmp(name, "max") == 0) { *arity = 2; return true; }
    if (strcmp(name, "abs") == 0) { *arity = 1; return true; }
    return false;
}

static const Type *check_call(Checker *c, Expr *e, const Lattice *want)
{
    const Local *l = check_find_local(c, e->name.name);
    e->resolved = NULL;
    if (l) {
        if (l->type->kind == TY_FN) return sema_call_value(c, e, l->type);
        for (size_t i = 0; i < e->nargs; i++) check_expr(c, e->args[i], NULL);
        if (l->type->kind == TY_ERROR) return &TYPE_ERROR;       /* its binding's error is reported */
        return check_fail(c, e->name.loc, "'%s' is %s, not a function", e->name.name, check_describe(c, l->type));
    }
    Sym *s = sema_lookup(c->sema, e->name.name);
    size_t arity;
    if (!s || s->kind != SYM_FN) {
        if (is_builtin(e->name.name, &arity)) return check_builtin(c, e, arity);
        if (!s && strcmp(e->name.name, "fold") == 0) return check_fold(c, e, want);
        if (!s && strcmp(e->name.name, "elements") == 0) return check_elements(c, e);
        if (!s && strcmp(e->name.name, "keys") == 0) return check_keys(c, e);
        for (size_t i = 0; i < e->nargs; i++) check_expr(c, e->args[i], NULL);
        if (s) return check_fail(c, e->name.loc, "'%s' is %s, not a function", e->name.name, sema_sym_kind_name(s->kind));
        if (sema_refused_use(c->sema, e->name.loc, e->name.name)) return &TYPE_ERROR;
        return check_fail(c, e->name.loc, "unknown function '%s'", e->name.name);
    }
    FnEntry *fe = s->ptr;
    if (fe->decl) return sema_call_generic(c, e, fe);
    if (e->ntargs) return check_fail(c, e->name.loc, "'%s' has no type parameters", e->name.name);
    return sema_call_value(c, e, sema_fn_value(c, fe));
}

/* ---- structures ---- */

/* `true`/`false` are Bool's elements, and so elements of a dual of Bool (on the same words,
 * shown as `true` and `false`): where one is expected, the literal is read as it. */
static const Type *check_bool_literal(Checker *c, const Lattice *want)
{
    const Lattice *B = c->sema->bool_lat->L;
    if (want && want != B && lattice_equal(sema_undual(want), B)) return sema_lat_type(c->sema, want);
    return &c->sema->bool_lat->as_lat;
}

static const Type *check_inner(Checker *c, Expr *e, const Lattice *want)
{
    switch (e->kind) {
    case E_INT: return &TYPE_INT;
    case E_REAL: return &TYPE_REAL;
    case E_BOOL: return check_bool_literal(c, want);
    case E_NAME: return check_name(c, e, want);
    case E_BOT:
    case E_TOP:
        if (!want)
            return check_fail(c, e->loc, "cannot tell which lattice '%s' belongs to here; the context gives no type",
                        e->kind == E_BOT ? "bot" : "top");
        return sema_lat_type(c->sema, want);
    case E_UNARY: return check_unary(c, e);
    case E_BINARY: return check_binary(c, e, want);
    case E_IF: return check_if(c, e, want);
    case E_LET: return check_let(c, e, want);
    case E_CALL: return check_call(c, e, want);
    case E_TUPLE: return check_tuple(c, e, want);
    case E_PROJ: return check_proj(c, e);
    case E_SET: return check_set(c, e, want);
    case E_MAP: return check_map(c, e, want);
    case E_INDEX: return check_index(c, e);
    case E_COMPREHENSION:
    case E_QUANT: return check_quantifier(c, e, want);
    case E_FIXPOINTS: return e->vartype ? check_atoms(c, e) : check_fixpoints(c, e);   /* atoms(L) */
    case E_FOLD: return check_fold_loop(c, e, want);
    case E_APPROX: return check_approx(c, e);
    case E_REFINE: return check_refine(c, e);
    case E_BNB: return check_bnb(c, e);
    case E_STABLE: return check_stable(c, e);
    case E_KEYS: return e->type;
    case E_CONST: return e->type;
    case E_SUPINF: return check_supinf(c, e, want);
    case E_COUNT: return check_count(c, e);
    case E_FIX: return check_fix(c, e);
    case E_ASCRIBE: return check_ascription(c, e);
    case E_TABLE: return check_fail(c, e->loc, "a table is the whole body of a function of one parameter");
    case E_LAMBDA: return check_lambda(c, e);
    }
    return check_fail(c, e->loc, "unexpected expression");
}

/* A chain of binary operators is walked down its left spine in a loop, then finished from
 * the innermost operator up, so its length costs no stack (see ast_left_chained). */
static const Type *expr(Checker *c, Expr *e, const Lattice *want)
{
    typedef struct Link { Expr *e; const Lattice *want; } Link;
    VEC(Link) spine = { 0 };
    while (ast_left_chained(e)) {
        Link l = { e, want };
        VEC_PUSH(spine, l);
        want = left_want(c, e, want);
        e = e->a;
    }
    const Type *t = e->type = check_inner(c, e, want);
    if (t->kind == TY_ERROR) c->poisoned = true;
    while (spine.count) {
        Link l = spine.items[--spine.count];
        t = l.e->type = finish_binary(c, l.e, l.want, t);
        if (t->kind == TY_ERROR) c->poisoned = true;
    }
    VEC_FREE(spine);
    return t;
}

/* The expression checker's entry point, reached by every file of the checker through
 * check_expr (sema_internal.h): sema_init installs it, so that the files it dispatches to
 * check their parts without calling back into this one. */
const SemaWalk sema_expr_walk = { expr };
