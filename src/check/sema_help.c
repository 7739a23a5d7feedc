/* sema_help.c: what every file of the expression checker uses: locals and frame slots,
 * failures and descriptions of types, checking against an expected lattice (with the static
 * check of a literal's range), atoms and keys, resolutions, lattices named in expressions;
 * and the checking of a closed expression.  The checker's recursion goes through check_expr
 * (sema_internal.h). */
#include "check/sema_internal.h"

#include <stdarg.h>

size_t check_alloc_slots(Checker *c, size_t n)
{
    size_t s = c->top;
    c->top += n;
    if (c->top > c->max) c->max = c->top;
    return s;
}

void check_bind(Checker *c, const char *name, const Type *type, size_t slot)
{
    Local l = { name, type, slot, NULL };
    VEC_PUSH(c->locals, l);
}

const Local *check_find_local(const Checker *c, const char *name)
{
    for (size_t i = c->locals.count; i-- > c->scope_base;)
        if (strcmp(c->locals.items[i].name, name) == 0) return &c->locals.items[i];
    return NULL;
}

char *check_describe(Checker *c, const Type *t)
{
    Buf b;
    buf_init(&b);
    type_describe(t, &b);
    char *s = arena_strdup(&c->sema->arena, buf_cstr(&b));
    buf_free(&b);
    return s;
}

char *check_describe_lat(Checker *c, const Lattice *L)
{
    Type t = { TY_LAT, L, NULL, NULL };
    return check_describe(c, &t);
}

const Type *check_fail(Checker *c, Loc loc, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_error(c->sema->diag, loc, "%s", msg);
    return &TYPE_ERROR;
}

/* A function or a collection (of type t) where a run-time value is needed. */
const Type *check_function_misused(Checker *c, Loc loc, const Type *t)
{
    if (t->kind == TY_COLL)
        return check_fail(c, loc, "expected a lattice element, found a %s (a collection can be shown, "
                          "compared with == and !=, counted, and used by forall, exists, in, fold and "
                          "comprehensions)", check_describe(c, t));
    return check_fail(c, loc, "expected a value, found a function %s (a function is known before the "
                      "program runs: it can be called, passed and bound with let, not compared, combined, "
                      "chosen by 'if' or shown)", check_describe(c, t));
}

/* Can a value of type t be stored into lattice L (with a conversion and a run-time check)? */
bool check_coerce_ok(const Type *t, const Lattice *L)
{
    switch (t->kind) {
    case TY_ERROR: return true;
    case TY_LAT:
        if (lattice_equal(t->lat, L)) return true;
        /* fall through: numbers of another numeric lattice */
        __attribute__((fallthrough));
    case TY_INT:
    case TY_REAL: {
        NumKind k = sema_num_kind(t);
        if (k == NUM_NONE) return false;
        if (lattice_kind(sema_undual(L)) == LATTICE_REAL) return true;
        return lattice_kind(sema_undual(L)) == LATTICE_RANGE && k == NUM_INT;
    }
    case TY_ATOM: case TY_FN: case TY_COLL: case TY_ITV: case TY_BNB: return false;
    }
    return false;
}

/* A literal number, possibly negated: its value (for static range checks). */
static bool literal_value(const Expr *e, double *v)
{
    if (e->kind == E_INT) { *v = (double)e->ival; return true; }
    if (e->kind == E_REAL) { *v = e->rval; return true; }
    if (e->kind == E_UNARY && e->op == OP_NEG && literal_value(e->a, v)) { *v = -*v; return true; }
    return false;
}

static void check_literal_bounds(Checker *c, const Expr *e, const Lattice *L)
{
    double v;
    if (!literal_value(e, &v)) return;
    L = sema_undual(L);
    bool outside = false;
    int64_t ilo, ihi;
    double lo, hi;
    if (lattice_int_bounds(L, &ilo, &ihi)) outside = v < (double)ilo || v > (double)ihi;
    else if (lattice_real_bounds(L, &lo, &hi)) outside = v < lo - 1e-12 || v > hi + 1e-12;
    if (!outside) return;
    Buf b;
    buf_init(&b);
    lattice_describe_outside(L, word_from_double(v), true, &b);
    diag_error(c->sema->diag, e->loc, "%s", buf_cstr(&b));
    buf_free(&b);
}

/* e, already checked (of type t) with L expected: its type must be L or convertible to it. */
const Type *check_against_type(Checker *c, Expr *e, const Type *t, const Lattice *L)
{
    if (!check_coerce_ok(t, L)) {
        check_fail(c, e->loc, "expected %s, found %s%s", check_describe_lat(c, L), t->kind == TY_FN ? "a function " : "",
                   check_describe(c, t));
        return &TYPE_ERROR;
    }
    check_literal_bounds(c, e, L);
    return t;
}

/* Checks e against lattice L: its type must be L or convertible to it. */
const Type *check_against(Checker *c, Expr *e, const Lattice *L)
{
    return check_against_type(c, e, check_expr(c, e, L), L);
}

/* Does a set literal name its powerset: an atom variable or an atom of one lattice only? */
static bool set_names_its_lattice(const Checker *c, const Expr *e)
{
    for (size_t i = 0; i < e->nargs; i++) {
        const Expr *x = e->args[i];
        if (x->kind != E_NAME) continue;
        const Local *l = check_find_local(c, x->name.name);
        if (l) {
            if (l->type->kind == TY_ATOM && lattice_kind(l->type->lat) == LATTICE_POWERSET) return true;
            continue;
        }
        const ElemRef *a, *b;
        if (sema_refs_of_kind(c->sema, x->name.name, ELEM_ATOM, &a, &b) == 1) return true;
    }
    return false;
}

/* Would e rather be typed from its context (the other operand)? */
bool check_needs_context(const Checker *c, const Expr *e)
{
    switch (e->kind) {
    case E_BOT: case E_TOP: case E_INT: case E_REAL: return true;
    case E_MAP: return !e->a || check_needs_context(c, e->a);     /* an update: as its map */
    case E_SET: return !set_names_its_lattice(c, e);
    case E_NAME: return !check_find_local(c, e->name.name);
    case E_TUPLE:
        for (size_t i = 0; i < e->nargs; i++)
            if (check_needs_context(c, e->args[i])) return true;
        return false;
    case E_UNARY: return e->op == OP_NEG && check_needs_context(c, e->a);
    case E_IF: return check_needs_context(c, e->b) && check_needs_context(c, e->c);
    case E_LET: return check_needs_context(c, e->b);
    default: return false;
    }
}

/* ---- names ---- */

Resolution *check_resolution(Checker *c, ResKind kind, LatInfo *li, size_t index)
{
    Resolution *r = arena_alloc(&c->sema->arena, sizeof *r);
    r->kind = kind;
    r->li = li;
    r->index = (uint32_t)index;
    return r;
}

Expr *check_local_ref(Checker *c, const char *name, const Type *t, size_t slot, Loc loc)
{
    Expr *x = arena_alloc(&c->sema->arena, sizeof *x);
    x->kind = E_NAME;
    x->loc = loc;
    x->name.name = name;
    x->name.loc = loc;
    x->type = t;
    x->slot = (long)slot;
    x->resolved = check_resolution(c, RES_LOCAL, NULL, 0);
    return x;
}

const Type *check_ambiguous(Checker *c, Loc loc, const char *name, const ElemRef *a, const ElemRef *b)
{
    if (a->li->index > b->li->index) { const ElemRef *t = a; a = b; b = t; }   /* declaration order */
    return check_fail(c, loc, "'%s' belongs to several lattices (%s and %s): the context does not say which",
                name, check_describe_lat(c, a->li->L), check_describe_lat(c, b->li->L));
}

/* The index of an atom of the powerset P or a key of the map P, or -1 (by the name table). */
static long atom_index(Sema *sema, const Lattice *P, const char *name)
{
    for (const ElemRef *r = hashmap_get_ptr(&sema->elems, name); r; r = r->next)
        if ((r->kind == ELEM_ATOM || r->kind == ELEM_KEY) && lattice_equal(r->li->L, P)) return (long)r->index;
    return -1;
}

/* e must be an atom of the powerset P (or a key of the map P). */
const Type *check_atom(Checker *c, Expr *e, const Lattice *P)
{
    Sema *sema = c->sema;
    P = sema_undual(P);
    bool is_map = lattice_kind(P) == LATTICE_MAP;
    const Local *l = e->kind == E_NAME ? check_find_local(c, e->name.name) : NULL;
    /* an atom or key name wins over a local of the same name that is not an atom (m[x], {x}) */
    long index = e->kind == E_NAME ? atom_index(sema, P, e->name.name) : -1;
    if (l && l->type->kind != TY_ATOM && index >= 0) l = NULL;
    if (e->kind == E_NAME && !l) {
        if (index >= 0) {
            e->resolved = check_resolution(c, RES_ATOM, sema_lat_info(sema, P), (size_t)index);
            return e->type = sema_atom_type(sema, P);
        }
        e->type = &TYPE_ERROR;
        return check_fail(c, e->loc, "'%s' is not %s of %s", e->name.name, is_map ? "a key" : "an atom", check_describe_lat(c, P));
    }
    const Type *t = check_expr(c, e, NULL);
    if (t->kind == TY_ERROR) return t;
    if (t->kind != TY_ATOM || !lattice_equal(t->lat, P))
        return check_fail(c, e->loc, "expected %s of %s, found %s", is_map ? "a key" : "an atom", check_describe_lat(c, P), check_describe(c, t));
    return t;
}

LatInfo *sema_lattice_named(Checker *c, const Expr *a)
{
    if (a->kind != E_NAME || check_find_local(c, a->name.name)) return NULL;
    for (size_t i = 0; c->fc && i < c->fc->ntvars; i++)
        if (strcmp(c->fc->tvar_names[i], a->name.name) == 0) return c->fc->tvar_lats[i];
    Sym *s = sema_lookup(c->sema, a->name.name);
    return s && s->kind == SYM_LATTICE ? s->ptr : NULL;
}

/* The powerset lattice named by a (also through `dual`), or NULL after an error naming what. */
LatInfo *sema_powerset_named(Checker *c, Expr *a, LatInfo *li, const char *what)
{
    if (lattice_kind(sema_undual(li->L)) != LATTICE_POWERSET) {
        check_fail(c, a->loc, "'%s' is not a powerset: %s", a->name.name, what);
        return NULL;
    }
    a->resolved = check_resolution(c, RES_LATTICE, li, 0);
    a->type = &li->as_lat;
    return li;
}

/* A closed expression (no file around it), as a query's or the REPL's. */
const Type *sema_check_closed(Sema *sema, Expr *e, const Lattice *expected, size_t *nlocals)
{
    FileCtx fc = { .sema = sema, .src = e->loc.src };
    Checker c;
    sema_checker_init(&c, sema, &fc);
    int before = sema->diag->errors;
    size_t mark = sema_names_mark(sema);
    const Type *t = expected ? check_against(&c, e, expected) : check_expr(&c, e, NULL);
    VEC_FREE(c.locals);
    *nlocals = c.max;
    if (t->kind == TY_FN) t = check_function_misused(&c, e->loc, t);   /* a collection can be shown */
    bool ok = sema->diag->errors == before && t->kind != TY_ERROR && !c.poisoned;
    sema_names_settle(sema, mark, ok);
    if (!ok) return NULL;
    return expected ? sema_lat_type(sema, expected) : t;
}
