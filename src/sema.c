/* sema.c: names and static types: symbol tables, lattice declarations, the expression checker
 * (bidirectional: an expected lattice flows down where one is known), and declarations. */
#include "sema.h"

#include <math.h>
#include <stdarg.h>

#include "aft/aft.h"

/* ====================================================================== types and lattices */

static const Type TYPE_INT = { TY_INT, NULL };
static const Type TYPE_REAL = { TY_REAL, NULL };
static const Type TYPE_ERROR = { TY_ERROR, NULL };

const Type *sema_type_int(void) { return &TYPE_INT; }
const Type *sema_type_real(void) { return &TYPE_REAL; }

bool sema_lat_is(const Lattice *L, const char *kind) { return strcmp(lattice_kind_word(lattice_kind(L)), kind) == 0; }

size_t sema_type_words(const Type *t)
{
    return t->kind == TY_LAT ? t->lat->nwords : 1;
}

static bool names_equal(char *const *a, char *const *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(a[i], b[i]) != 0) return false;
    return true;
}

static bool structure_same(const Lattice *a, const Lattice *b)
{
    if (sema_lat_is(a, "powerset") || sema_lat_is(a, "chain"))
        return a->u.set.n == b->u.set.n && names_equal(a->u.set.names, b->u.set.names, a->u.set.n);
    if (sema_lat_is(a, "range")) return a->u.range.lo == b->u.range.lo && a->u.range.hi == b->u.range.hi;
    if (sema_lat_is(a, "real"))
        return a->u.real.lo == b->u.real.lo && a->u.real.hi == b->u.real.hi && a->u.real.tol == b->u.real.tol;
    if (sema_lat_is(a, "product")) {
        if (a->u.product.n != b->u.product.n) return false;
        for (size_t i = 0; i < a->u.product.n; i++)
            if (!sema_lat_same(a->u.product.parts[i], b->u.product.parts[i])) return false;
        return true;
    }
    if (sema_lat_is(a, "map"))
        return a->u.map.n == b->u.map.n && names_equal(a->u.map.keys, b->u.map.keys, a->u.map.n)
            && sema_lat_same(a->u.map.value, b->u.map.value);
    if (sema_lat_is(a, "finite")) {
        size_t n = a->u.fin.n;
        return n == b->u.fin.n && names_equal(a->u.fin.names, b->u.fin.names, n)
            && memcmp(a->u.fin.leq, b->u.fin.leq, n * n) == 0;
    }
    if (sema_lat_is(a, "dual")) return sema_lat_same(a->u.dual.base, b->u.dual.base);
    return false;
}

/* Declared lattices are distinct by name; a structural one (no name) equals any lattice of
 * the same structure, so `U * U` in a parameter type accepts a P2 = U * U. */
bool sema_lat_same(const Lattice *a, const Lattice *b)
{
    if (a == b) return true;
    if (a->name && b->name) return false;
    if (lattice_kind(a) != lattice_kind(b)) return false;
    return structure_same(a, b);
}

/* Numeric lattices: their elements take part in arithmetic as ints (range) or reals (real). */
typedef enum { NUM_NONE, NUM_INT, NUM_REAL } NumKind;

static NumKind num_kind(const Type *t)
{
    switch (t->kind) {
    case TY_INT: return NUM_INT;
    case TY_REAL: return NUM_REAL;
    case TY_LAT:
        if (sema_lat_is(t->lat, "range")) return NUM_INT;
        if (sema_lat_is(t->lat, "real")) return NUM_REAL;
        return NUM_NONE;
    default: return NUM_NONE;
    }
}

/* ====================================================================== the lattice registry */

LatInfo *sema_lat_info(Model *m, const Lattice *L) { return hashmap_get_ptr(&m->latinfo, L); }

static void note_element(Model *m, const char *name, LatInfo *li, size_t index, ElemKind kind)
{
    ElemRef *r = arena_alloc(&m->arena, sizeof *r);
    r->li = li;
    r->index = (uint32_t)index;
    r->kind = kind;
    r->next = hashmap_get_ptr(&m->elems, name);
    hashmap_put_ptr(&m->elems, name, r);
}

static void note_elements(Model *m, LatInfo *li)
{
    const Lattice *L = li->L;
    if (li->noted) return;
    li->noted = true;
    VEC_PUSH(m->journal, li);
    if (sema_lat_is(L, "powerset") || sema_lat_is(L, "chain")) {
        ElemKind k = sema_lat_is(L, "powerset") ? ELEM_ATOM : ELEM_VALUE;
        for (size_t i = 0; i < L->u.set.n; i++) note_element(m, L->u.set.names[i], li, i, k);
    } else if (sema_lat_is(L, "finite")) {
        for (size_t i = 0; i < L->u.fin.n; i++) note_element(m, L->u.fin.names[i], li, i, ELEM_VALUE);
    } else if (sema_lat_is(L, "map")) {
        for (size_t i = 0; i < L->u.map.n; i++) note_element(m, L->u.map.keys[i], li, i, ELEM_KEY);
    }
}

/* How deep L nests lattices: 1 + the depth of its deepest part, value or base (all known). */
static unsigned lat_depth(Model *m, const Lattice *L)
{
    unsigned d = 0;
    if (sema_lat_is(L, "product")) {
        for (size_t i = 0; i < L->u.product.n; i++) {
            unsigned p = sema_lat_info(m, L->u.product.parts[i])->depth;
            if (p > d) d = p;
        }
    } else if (sema_lat_is(L, "map")) {
        d = sema_lat_info(m, L->u.map.value)->depth;
    } else if (sema_lat_is(L, "dual")) {
        d = sema_lat_info(m, L->u.dual.base)->depth;
    }
    return d + 1;
}

/* Lattice operations recurse once per level of nesting, so a lattice nests at most
 * AST_MAX_DEPTH levels, counting through declared names.  Frees L when it is too deep. */
static bool lat_depth_ok(Model *m, Lattice *L, Loc loc)
{
    if (lat_depth(m, L) <= AST_MAX_DEPTH) return true;
    diag_error(m->diag, loc, "lattice nested too deeply (more than %d levels of products, maps and duals)",
               (int)AST_MAX_DEPTH);
    lattice_free(L);
    return false;
}

/* The names of li's elements, atoms or keys, as note_elements listed them. */
static char *const *element_names(const Lattice *L, size_t *n)
{
    *n = 0;
    if (sema_lat_is(L, "powerset") || sema_lat_is(L, "chain")) { *n = L->u.set.n; return L->u.set.names; }
    if (sema_lat_is(L, "finite")) { *n = L->u.fin.n; return L->u.fin.names; }
    if (sema_lat_is(L, "map")) { *n = L->u.map.n; return L->u.map.keys; }
    return NULL;
}

/* Takes li's names out of Model.elems again. */
static void unnote_elements(Model *m, LatInfo *li)
{
    size_t n;
    char *const *names = element_names(li->L, &n);
    for (size_t i = 0; i < n; i++) {
        ElemRef *head = hashmap_get_ptr(&m->elems, names[i]), **link = &head;
        while (*link && (*link)->li != li) link = &(*link)->next;
        if (*link) *link = (*link)->next;
        hashmap_put_ptr(&m->elems, names[i], head);
    }
    li->noted = false;
}

/* A declaration or query that fails registers no names: the names noted while it was checked
 * are forgotten (the lattices stay, unnamed, for lat_intern).  One that succeeds keeps every
 * name noted so far, its own and those of the declarations it used. */
static size_t names_mark(Model *m) { return m->journal.count; }

static void names_settle(Model *m, size_t mark, bool ok)
{
    if (ok) {
        m->journal.count = 0;
        return;
    }
    while (m->journal.count > mark) unnote_elements(m, m->journal.items[--m->journal.count]);
}

/* Takes ownership of L. */
static LatInfo *lat_register(Model *m, Lattice *L)
{
    LatInfo *li = arena_alloc(&m->arena, sizeof *li);
    li->L = L;
    li->depth = lat_depth(m, L);
    li->index = (uint32_t)m->tables.lats.count;
    li->as_lat.kind = TY_LAT;
    li->as_lat.lat = L;
    li->as_atom.kind = TY_ATOM;
    li->as_atom.lat = L;
    VEC_PUSH(m->tables.lats, L);
    VEC_PUSH(m->lats, li);
    hashmap_put_ptr(&m->latinfo, L, li);
    note_elements(m, li);
    return li;
}

/* A structural lattice: an equal one made before is reused (and fresh freed). */
static LatInfo *lat_intern(Model *m, Lattice *fresh)
{
    for (size_t i = 0; i < m->lats.count; i++) {
        Lattice *L = m->lats.items[i]->L;
        if (!L->name && lattice_kind(L) == lattice_kind(fresh) && structure_same(L, fresh)) {
            lattice_free(fresh);
            note_elements(m, m->lats.items[i]);       /* when a failed declaration forgot them */
            return m->lats.items[i];
        }
    }
    return lat_register(m, fresh);
}

static const Type *lat_type(Model *m, const Lattice *L) { return &sema_lat_info(m, L)->as_lat; }
static const Type *atom_type(Model *m, const Lattice *L) { return &sema_lat_info(m, L)->as_atom; }

/* ====================================================================== symbols */

static Sym *sym_new(Model *m, SymKind kind, const char *name, Loc loc, void *ptr)
{
    Sym *s = arena_alloc(&m->arena, sizeof *s);
    s->kind = kind;
    s->name = arena_strdup(&m->arena, name);
    s->loc = loc;
    s->ptr = ptr;
    return s;
}

Sym *sema_lookup(Model *m, const char *name) { return hashmap_get_ptr(&m->syms, name); }

/* False (reported) when the name is declared already. */
static bool name_free(Model *m, Ident id)
{
    Sym *old = sema_lookup(m, id.name);
    if (!old) return true;
    diag_error(m->diag, id.loc, "duplicate declaration of '%s'", id.name);
    if (old->loc.src) diag_note(m->diag, old->loc, "'%s' was first declared here", id.name);
    else diag_note(m->diag, old->loc, "'%s' is predeclared", id.name);
    return false;
}

static bool declare(Model *m, SymKind kind, Ident id, void *ptr)
{
    if (!name_free(m, id)) return false;
    Sym *s = sym_new(m, kind, id.name, id.loc, ptr);
    hashmap_put_ptr(&m->syms, s->name, s);
    return true;
}

static void undeclare(Model *m, const char *name)
{
    if (sema_lookup(m, name)) hashmap_put_ptr(&m->syms, name, NULL);
}

static const char *sym_kind_name(SymKind k)
{
    switch (k) {
    case SYM_LATTICE: return "a lattice";
    case SYM_FN: return "a function";
    case SYM_GALOIS: return "a Galois insertion";
    case SYM_PROGRAM: return "a program";
    }
    return "?";
}

void sema_init(Model *m)
{
    hashmap_init_str(&m->syms);
    hashmap_init_str(&m->elems);
    hashmap_init_ptr(&m->latinfo);
    const char *bools[2] = { "false", "true" };
    Lattice *B = lattice_chain_new(bools, 2);
    B->name = "Bool";
    m->bool_lat = lat_register(m, B);
    Loc none = { NULL, 0, 0 };
    hashmap_put_ptr(&m->syms, "Bool", sym_new(m, SYM_LATTICE, "Bool", none, m->bool_lat));
}

void sema_free(Model *m)
{
    for (size_t i = 0; i < m->fns.count; i++) ir_chunk_free(m->fns.items[i]->sym.chunk);
    for (size_t i = 0; i < m->lats.count; i++) lattice_free(m->lats.items[i]->L);
    VEC_FREE(m->fns);
    VEC_FREE(m->lats);
    VEC_FREE(m->journal);
    VEC_FREE(m->tables.lats);
    VEC_FREE(m->tables.fns);
    hashmap_free(&m->syms);
    hashmap_free(&m->elems);
    hashmap_free(&m->latinfo);
}

/* ====================================================================== lattice expressions */

/* Per-file state: lattice declarations not yet processed, so that a lattice may use one
 * declared further down (`lattice Env = map {x} -> Sign; lattice Sign = ...;`). */
typedef struct FileCtx {
    Model *m;
    const Source *src;
    HashMap pending;           /* name -> Decl* (D_LATTICE) */
    unsigned depth;            /* lattice expressions and pending declarations being resolved */
} FileCtx;

static char in_progress_mark, failed_mark;

static LatInfo *declare_lattice(FileCtx *fc, Decl *d);
static LatInfo *resolve_lattice(FileCtx *fc, const LatExpr *t);

static bool unique_names(Model *m, const Ident *names, size_t n, const char *what)
{
    HashMap seen;
    hashmap_init_str(&seen);
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        if (hashmap_get_ptr(&seen, names[i].name)) {
            diag_error(m->diag, names[i].loc, "%s '%s' listed twice", what, names[i].name);
            ok = false;
        }
        hashmap_put_ptr(&seen, names[i].name, (void *)&names[i]);
    }
    hashmap_free(&seen);
    return ok;
}

static const char **name_array(const Ident *names, size_t n)
{
    const char **a = mem_alloc((n ? n : 1) * sizeof *a);
    for (size_t i = 0; i < n; i++) a[i] = names[i].name;
    return a;
}

static Lattice *build_finite(Model *m, const LatExpr *t)
{
    if (t->nnames > LATTICE_FINITE_MAX) {
        diag_error(m->diag, t->loc, "a finite lattice has at most %d elements, this one has %zu",
                   (int)LATTICE_FINITE_MAX, t->nnames);
        return NULL;
    }
    HashMap index;
    hashmap_init_str(&index);
    for (size_t i = 0; i < t->nnames; i++) hashmap_put_ptr(&index, t->names[i].name, (void *)(uintptr_t)(i + 1));
    size_t (*covers)[2] = mem_alloc((t->ncovers ? t->ncovers : 1) * sizeof *covers);
    for (size_t i = 0; i < t->ncovers; i++) {
        covers[i][0] = (uintptr_t)hashmap_get_ptr(&index, t->covers[i].below.name) - 1;
        covers[i][1] = (uintptr_t)hashmap_get_ptr(&index, t->covers[i].above.name) - 1;
    }
    hashmap_free(&index);
    const char **names = name_array(t->names, t->nnames);
    Buf err;
    buf_init(&err);
    Lattice *L = lattice_finite_new(names, t->nnames, (const size_t (*)[2])covers, t->ncovers, &err);
    if (!L) diag_error(m->diag, t->loc, "not a lattice: %s", err.len ? buf_cstr(&err) : "invalid covers");
    buf_free(&err);
    mem_free(names);
    mem_free(covers);
    return L;
}

static Lattice *build_named_set(Model *m, const LatExpr *t)
{
    if (!unique_names(m, t->names, t->nnames, t->kind == LAT_POWERSET ? "atom" : "element")) return NULL;
    const char **names = name_array(t->names, t->nnames);
    Lattice *L = NULL;
    if (t->kind == LAT_POWERSET) {
        L = lattice_powerset_new(names, t->nnames);
    } else {
        L = lattice_chain_new(names, t->nnames);
        if (!L) diag_error(m->diag, t->loc, "a chain needs at least one element");
    }
    mem_free(names);
    return L;
}

static Lattice *build_product(FileCtx *fc, const LatExpr *t)
{
    if (t->nparts > LATTICE_PRODUCT_MAX) {
        diag_error(fc->m->diag, t->loc, "a product has at most %d parts, this one has %zu",
                   (int)LATTICE_PRODUCT_MAX, t->nparts);
        return NULL;
    }
    Lattice **parts = mem_alloc(t->nparts * sizeof *parts);
    bool ok = true;
    for (size_t i = 0; i < t->nparts; i++) {
        LatInfo *p = resolve_lattice(fc, t->parts[i]);
        if (p) parts[i] = p->L;
        else ok = false;
    }
    Lattice *L = ok ? lattice_product_new(parts, t->nparts) : NULL;
    mem_free(parts);
    return L;
}

static Lattice *build_map(FileCtx *fc, const LatExpr *t)
{
    Model *m = fc->m;
    LatInfo *value = resolve_lattice(fc, t->value);
    if (!unique_names(m, t->names, t->nnames, "key") || !value) return NULL;
    if (t->nnames > LATTICE_PRODUCT_MAX) {
        diag_error(m->diag, t->loc, "a map has at most %d keys, this one has %zu", (int)LATTICE_PRODUCT_MAX, t->nnames);
        return NULL;
    }
    const char **names = name_array(t->names, t->nnames);
    Lattice *L = lattice_map_new(names, t->nnames, value->L);
    mem_free(names);
    return L;
}

static Lattice *build_real(Model *m, const LatExpr *t)
{
    double tol = t->tol_loc.src ? t->tol : 1e-9;
    if (!isfinite(t->rlo) || !isfinite(t->rhi)) {
        diag_error(m->diag, t->loc, "the bounds of a real lattice must be finite numbers");
        return NULL;
    }
    if (t->rlo > t->rhi) {
        Buf b; buf_init(&b);
        buf_put_double(&b, t->rlo); buf_puts(&b, " > "); buf_put_double(&b, t->rhi);
        diag_error(m->diag, t->loc, "empty real interval: %s", buf_cstr(&b));
        buf_free(&b);
        return NULL;
    }
    if (!(tol > 0) || !isfinite(tol)) {
        diag_error(m->diag, t->tol_loc, "the tolerance of a real lattice must be a positive number");
        return NULL;
    }
    return lattice_real_new(t->rlo, t->rhi, tol);
}

/* A new (unregistered) lattice for a structural lattice expression; NULL after an error. */
static Lattice *build_structure(FileCtx *fc, const LatExpr *t)
{
    Model *m = fc->m;
    switch (t->kind) {
    case LAT_NAME: return NULL;      /* handled by the callers */
    case LAT_POWERSET:
    case LAT_CHAIN: return build_named_set(m, t);
    case LAT_RANGE:
        if (t->ilo > t->ihi) {
            diag_error(m->diag, t->loc, "empty range: %lld > %lld", (long long)t->ilo, (long long)t->ihi);
            return NULL;
        }
        return lattice_range_new(t->ilo, t->ihi);
    case LAT_REAL: return build_real(m, t);
    case LAT_PRODUCT: return build_product(fc, t);
    case LAT_MAP: return build_map(fc, t);
    case LAT_FINITE: return build_finite(m, t);
    case LAT_DUAL: {
        LatInfo *base = resolve_lattice(fc, t->base);
        return base ? lattice_dual_new(base->L) : NULL;
    }
    }
    return NULL;
}

static Lattice *build_lattice(FileCtx *fc, const LatExpr *t)
{
    Lattice *L = build_structure(fc, t);
    return L && lat_depth_ok(fc->m, L, t->loc) ? L : NULL;
}

/* Resolving recurses through lattice expressions and the declarations further down that
 * they use: at most AST_MAX_DEPTH levels of both together. */
static bool resolve_enter(FileCtx *fc, Loc loc)
{
    if (fc->depth >= AST_MAX_DEPTH) {
        diag_error(fc->m->diag, loc, "lattice nested too deeply (more than %d levels, counting the "
                   "declarations further down that it uses)", (int)AST_MAX_DEPTH);
        return false;
    }
    fc->depth++;
    return true;
}

static LatInfo *resolve_lattice_name(FileCtx *fc, Ident name)
{
    Model *m = fc->m;
    Sym *s = sema_lookup(m, name.name);
    if (!s && fc->pending.cap) {
        Decl *d = hashmap_get_ptr(&fc->pending, name.name);
        if (d) {
            if (!resolve_enter(fc, name.loc)) return NULL;
            declare_lattice(fc, d);
            fc->depth--;
            s = sema_lookup(m, name.name);
            if (!s) return NULL;         /* its declaration failed (reported) */
        }
    }
    if (!s) {
        diag_error(m->diag, name.loc, "unknown lattice '%s'", name.name);
        return NULL;
    }
    if (s->kind != SYM_LATTICE) {
        diag_error(m->diag, name.loc, "'%s' is %s, not a lattice", name.name, sym_kind_name(s->kind));
        return NULL;
    }
    return s->ptr;
}

static LatInfo *resolve_lattice(FileCtx *fc, const LatExpr *t)
{
    if (t->kind == LAT_NAME) return resolve_lattice_name(fc, t->name);
    if (!resolve_enter(fc, t->loc)) return NULL;
    Lattice *L = build_lattice(fc, t);
    fc->depth--;
    return L ? lat_intern(fc->m, L) : NULL;
}

static LatInfo *declare_lattice(FileCtx *fc, Decl *d)
{
    Model *m = fc->m;
    if (d->sym == &in_progress_mark) {
        diag_error(m->diag, d->name.loc, "lattice '%s' is defined in terms of itself", d->name.name);
        d->sym = &failed_mark;
        return NULL;
    }
    if (d->sym == &failed_mark) return NULL;
    if (d->sym) return d->sym;
    if (!name_free(m, d->name)) {
        d->sym = &failed_mark;
        return NULL;
    }
    d->sym = &in_progress_mark;
    size_t mark = names_mark(m);
    LatInfo *li = NULL;
    if (d->lattice->kind == LAT_NAME) {
        li = resolve_lattice_name(fc, d->lattice->name);
    } else {
        Lattice *L = build_lattice(fc, d->lattice);
        if (L) {
            L->name = arena_strdup(&m->arena, d->name.name);
            li = lat_register(m, L);
        }
    }
    if (d->sym == &failed_mark) li = NULL;
    if (li && !declare(m, SYM_LATTICE, d->name, li)) li = NULL;
    d->sym = li ? (void *)li : (void *)&failed_mark;
    names_settle(m, mark, li != NULL);
    return li;
}

/* ====================================================================== the expression checker */

typedef struct Local { const char *name; const Type *type; size_t slot; } Local;

typedef struct Checker {
    Model *m;
    FileCtx *fc;               /* for lattice expressions in lambdas; may have no pending */
    VEC(Local) locals;
    size_t top, max;           /* frame words in use / ever used */
} Checker;

static const Resolution local_resolution = { RES_LOCAL, NULL, 0 };

static size_t alloc_slots(Checker *c, size_t n)
{
    size_t s = c->top;
    c->top += n;
    if (c->top > c->max) c->max = c->top;
    return s;
}

static void bind(Checker *c, const char *name, const Type *type, size_t slot)
{
    Local l = { name, type, slot };
    VEC_PUSH(c->locals, l);
}

static const Local *find_local(const Checker *c, const char *name)
{
    for (size_t i = c->locals.count; i-- > 0;)
        if (strcmp(c->locals.items[i].name, name) == 0) return &c->locals.items[i];
    return NULL;
}

static char *describe(Checker *c, const Type *t)
{
    Buf b;
    buf_init(&b);
    type_describe(t, &b);
    char *s = arena_strdup(&c->m->arena, buf_cstr(&b));
    buf_free(&b);
    return s;
}

static char *describe_lat(Checker *c, const Lattice *L)
{
    Type t = { TY_LAT, L };
    return describe(c, &t);
}

static const Type *fail(Checker *c, Loc loc, const char *fmt, ...) FIX_PRINTF(3, 4);
static const Type *fail(Checker *c, Loc loc, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_error(c->m->diag, loc, "%s", msg);
    return &TYPE_ERROR;
}

static const Type *check(Checker *c, Expr *e, const Lattice *want);

/* Can a value of type t be stored into lattice L (with a conversion and a run-time check)? */
static bool coerce_ok(const Type *t, const Lattice *L)
{
    switch (t->kind) {
    case TY_ERROR: return true;
    case TY_LAT:
        if (sema_lat_same(t->lat, L)) return true;
        /* fall through: numbers of another numeric lattice */
        __attribute__((fallthrough));
    case TY_INT:
    case TY_REAL: {
        NumKind k = num_kind(t);
        if (k == NUM_NONE) return false;
        if (sema_lat_is(L, "real")) return true;
        return sema_lat_is(L, "range") && k == NUM_INT;
    }
    case TY_ATOM: return false;
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
    bool outside = false;
    if (sema_lat_is(L, "range")) outside = v < (double)L->u.range.lo || v > (double)L->u.range.hi;
    else if (sema_lat_is(L, "real")) outside = v < L->u.real.lo - 1e-12 || v > L->u.real.hi + 1e-12;
    if (!outside) return;
    Buf b;
    buf_init(&b);
    buf_puts(&b, "value ");
    buf_put_double(&b, v);
    buf_puts(&b, " is outside ");
    lattice_describe_bounds(L, &b);
    diag_error(c->m->diag, e->loc, "%s", buf_cstr(&b));
    buf_free(&b);
}

/* e, already checked (of type t) with L expected: its type must be L or convertible to it. */
static const Type *against(Checker *c, Expr *e, const Type *t, const Lattice *L)
{
    if (!coerce_ok(t, L)) {
        fail(c, e->loc, "expected %s, found %s", describe_lat(c, L), describe(c, t));
        return &TYPE_ERROR;
    }
    check_literal_bounds(c, e, L);
    return t;
}

/* Checks e against lattice L: its type must be L or convertible to it. */
static const Type *check_against(Checker *c, Expr *e, const Lattice *L)
{
    return against(c, e, check(c, e, L), L);
}

static size_t refs_of_kind(Model *m, const char *name, ElemKind kind, const ElemRef **first, const ElemRef **second);
static const Local *find_local(const Checker *c, const char *name);

/* Does a set literal name its powerset: an atom variable or an atom of one lattice only? */
static bool set_names_its_lattice(const Checker *c, const Expr *e)
{
    for (size_t i = 0; i < e->nargs; i++) {
        const Expr *x = e->args[i];
        if (x->kind != E_NAME) continue;
        const Local *l = find_local(c, x->name.name);
        if (l) {
            if (l->type->kind == TY_ATOM && sema_lat_is(l->type->lat, "powerset")) return true;
            continue;
        }
        const ElemRef *a, *b;
        if (refs_of_kind(c->m, x->name.name, ELEM_ATOM, &a, &b) == 1) return true;
    }
    return false;
}

/* Would e rather be typed from its context (the other operand)? */
static bool needs_context(const Checker *c, const Expr *e)
{
    switch (e->kind) {
    case E_BOT: case E_TOP: case E_MAP: case E_INT: case E_REAL: return true;
    case E_SET: return !set_names_its_lattice(c, e);
    case E_NAME: return !find_local(c, e->name.name);
    case E_TUPLE:
        for (size_t i = 0; i < e->nargs; i++)
            if (needs_context(c, e->args[i])) return true;
        return false;
    case E_UNARY: return e->op == OP_NEG && needs_context(c, e->a);
    case E_IF: return needs_context(c, e->b) && needs_context(c, e->c);
    case E_LET: return needs_context(c, e->b);
    default: return false;
    }
}

/* ---- names ---- */

static Resolution *resolution(Checker *c, ResKind kind, LatInfo *li, size_t index)
{
    Resolution *r = arena_alloc(&c->m->arena, sizeof *r);
    r->kind = kind;
    r->li = li;
    r->index = (uint32_t)index;
    return r;
}

static bool ref_is_value_of(const ElemRef *r, const Lattice *L)
{
    return r->kind == ELEM_VALUE && sema_lat_same(r->li->L, L);
}

/* The lattices that have an element (kind) of this name, deduplicated; the count and the first. */
static size_t refs_of_kind(Model *m, const char *name, ElemKind kind, const ElemRef **first, const ElemRef **second)
{
    size_t n = 0;
    *first = *second = NULL;
    for (const ElemRef *r = hashmap_get_ptr(&m->elems, name); r; r = r->next) {
        if (r->kind != kind) continue;
        if (*first && sema_lat_same((*first)->li->L, r->li->L)) continue;
        if (n == 0) *first = r;
        else if (n == 1) *second = r;
        n++;
    }
    return n;
}

static const Type *ambiguous(Checker *c, Loc loc, const char *name, const ElemRef *a, const ElemRef *b)
{
    if (a->li->index > b->li->index) { const ElemRef *t = a; a = b; b = t; }   /* declaration order */
    return fail(c, loc, "'%s' belongs to several lattices (%s and %s): the context does not say which",
                name, describe_lat(c, a->li->L), describe_lat(c, b->li->L));
}

/* A name with no local binding: an element of the expected lattice, else of the only lattice
 * that has one of this name, else an atom or key. */
static const Type *check_global_name(Checker *c, Expr *e, const Lattice *want)
{
    Model *m = c->m;
    const char *name = e->name.name;
    if (want) {
        const Lattice *base = want;
        while (sema_lat_is(base, "dual")) base = base->u.dual.base;
        for (const ElemRef *r = hashmap_get_ptr(&m->elems, name); r; r = r->next) {
            if (ref_is_value_of(r, base)) {
                e->resolved = resolution(c, RES_ELEM, sema_lat_info(m, want), r->index);
                return lat_type(m, want);
            }
        }
    }
    const ElemRef *a, *b;
    size_t n = refs_of_kind(m, name, ELEM_VALUE, &a, &b);
    if (n > 1) return ambiguous(c, e->loc, name, a, b);
    if (n == 1) {
        e->resolved = resolution(c, RES_ELEM, a->li, a->index);
        return &a->li->as_lat;
    }
    n = refs_of_kind(m, name, ELEM_ATOM, &a, &b);
    if (n == 0) n = refs_of_kind(m, name, ELEM_KEY, &a, &b);
    if (n > 1) return ambiguous(c, e->loc, name, a, b);
    if (n == 1) {
        if (want && sema_lat_same(a->li->L, want) && sema_lat_is(want, "powerset"))
            return fail(c, e->loc, "'%s' is an atom of %s; write {%s} for the set", name, describe_lat(c, want), name);
        e->resolved = resolution(c, RES_ATOM, a->li, a->index);
        return &a->li->as_atom;
    }
    Sym *s = sema_lookup(m, name);
    if (s) {
        if (s->kind == SYM_LATTICE)
            return fail(c, e->loc, "'%s' is a lattice, not a value (bot and top are its least and greatest elements)", name);
        return fail(c, e->loc, "'%s' is %s, not a value", name, sym_kind_name(s->kind));
    }
    return fail(c, e->loc, "unknown name '%s'", name);
}

static const Type *check_name(Checker *c, Expr *e, const Lattice *want)
{
    const Local *l = find_local(c, e->name.name);
    if (l) {
        e->resolved = &local_resolution;
        e->slot = (long)l->slot;
        return l->type;
    }
    return check_global_name(c, e, want);
}

/* The index of an atom of the powerset P or a key of the map P, or -1 (by the name table). */
static long atom_index(Model *m, const Lattice *P, const char *name)
{
    for (const ElemRef *r = hashmap_get_ptr(&m->elems, name); r; r = r->next)
        if ((r->kind == ELEM_ATOM || r->kind == ELEM_KEY) && sema_lat_same(r->li->L, P)) return (long)r->index;
    return -1;
}

/* e must be an atom of the powerset P (or a key of the map P). */
static const Type *check_atom(Checker *c, Expr *e, const Lattice *P)
{
    Model *m = c->m;
    bool is_map = sema_lat_is(P, "map");
    const Local *l = e->kind == E_NAME ? find_local(c, e->name.name) : NULL;
    /* an atom or key name wins over a local of the same name that is not an atom (m[x], {x}) */
    long index = e->kind == E_NAME ? atom_index(m, P, e->name.name) : -1;
    if (l && l->type->kind != TY_ATOM && index >= 0) l = NULL;
    if (e->kind == E_NAME && !l) {
        if (index >= 0) {
            e->resolved = resolution(c, RES_ATOM, sema_lat_info(m, P), (size_t)index);
            return e->type = atom_type(m, P);
        }
        e->type = &TYPE_ERROR;
        return fail(c, e->loc, "'%s' is not %s of %s", e->name.name, is_map ? "a key" : "an atom", describe_lat(c, P));
    }
    const Type *t = check(c, e, NULL);
    if (t->kind == TY_ERROR) return t;
    if (t->kind != TY_ATOM || !sema_lat_same(t->lat, P))
        return fail(c, e->loc, "expected %s of %s, found %s", is_map ? "a key" : "an atom", describe_lat(c, P), describe(c, t));
    return t;
}

/* ---- operators ---- */

static bool is_powerset_type(const Type *t) { return t->kind == TY_LAT && sema_lat_is(t->lat, "powerset"); }

/* The second of a pair both expected in lattice want; ta is the first one's type. */
static const Type *pair_against(Checker *c, const Type *ta, Expr *b, const Lattice *want)
{
    const Type *tb = check_against(c, b, want);
    return ta->kind == TY_ERROR || tb->kind == TY_ERROR ? &TYPE_ERROR : lat_type(c->m, want);
}

/* The second operand of a pair with nothing expected, typed after the first one (of type t1). */
static const Type *pair_second(Checker *c, const Type *t1, Expr *second)
{
    switch (t1->kind) {
    case TY_ERROR:
        return &TYPE_ERROR;
    case TY_LAT: {
        if (num_kind(t1) == NUM_NONE)
            return check_against(c, second, t1->lat)->kind == TY_ERROR ? &TYPE_ERROR : t1;
        const Type *t2 = check(c, second, t1->lat);
        if (t2->kind == TY_ERROR) return t2;
        if (coerce_ok(t2, t1->lat)) return t1;
        if (t2->kind == TY_LAT && coerce_ok(t1, t2->lat)) return t2;
        if (num_kind(t2) != NUM_NONE) return num_kind(t1) == NUM_REAL || num_kind(t2) == NUM_REAL ? &TYPE_REAL : &TYPE_INT;
        return fail(c, second->loc, "expected %s, found %s", describe(c, t1), describe(c, t2));
    }
    case TY_INT:
    case TY_REAL: {
        const Type *t2 = check(c, second, NULL);
        if (t2->kind == TY_ERROR) return t2;
        if (t2->kind == TY_LAT && coerce_ok(t1, t2->lat)) return t2;
        if (num_kind(t2) == NUM_NONE)
            return fail(c, second->loc, "expected a number, found %s", describe(c, t2));
        return num_kind(t1) == NUM_REAL || num_kind(t2) == NUM_REAL ? &TYPE_REAL : &TYPE_INT;
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
    bool swap = needs_context(c, a) && !needs_context(c, b);
    Expr *first = swap ? b : a, *second = swap ? a : b;
    return pair_second(c, check(c, first, NULL), second);
}

/* e, already checked (of type t), must be a number. */
static const Type *number(Checker *c, Expr *e, const Type *t, const char *op)
{
    if (t->kind == TY_ERROR) return t;
    if (num_kind(t) == NUM_NONE) return fail(c, e->loc, "'%s' needs numbers, found %s", op, describe(c, t));
    return t;
}

static const Type *check_number(Checker *c, Expr *e, const char *op)
{
    return number(c, e, check(c, e, NULL), op);
}

static bool is_set_op(OpKind op) { return op == OP_UNION || op == OP_INTER || op == OP_MINUS; }

/* The lattice both operands of a lattice operator are checked against, or NULL. */
static const Lattice *lattice_op_want(Checker *c, const Expr *e, const Lattice *want)
{
    if (want && (num_kind(lat_type(c->m, want)) != NUM_NONE || (is_set_op(e->op) && !sema_lat_is(want, "powerset"))))
        return NULL;          /* numbers: type the operands themselves; sets: report below */
    return want;
}

/* What the left operand of the binary operator e is checked against (it is checked first). */
static const Lattice *left_want(Checker *c, const Expr *e, const Lattice *want)
{
    switch (e->op) {
    case OP_AND: case OP_OR: return c->m->bool_lat->L;
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
    return num_kind(ta) == NUM_REAL || num_kind(tb) == NUM_REAL ? &TYPE_REAL : &TYPE_INT;
}

static const Type *compared(Checker *c, Expr *e, const Type *t)
{
    if (t->kind == TY_ERROR) return t;
    if (t->kind == TY_ATOM && e->op != OP_EQ && e->op != OP_NE)
        return fail(c, e->loc, "atoms can only be compared with == and !=");
    return &c->m->bool_lat->as_lat;
}

static const Type *finish_logic(Checker *c, Expr *e, const Type *ta)
{
    const Lattice *B = c->m->bool_lat->L;
    return pair_against(c, against(c, e->a, ta, B), e->b, B);
}

static const Type *lattice_op_result(Checker *c, Expr *e, const Type *t)
{
    if (t->kind == TY_ERROR) return t;
    if (t->kind == TY_ATOM)
        return fail(c, e->loc, "'%s' needs lattice elements, found %s", ast_op_text(e->op), describe(c, t));
    if (is_set_op(e->op) && !is_powerset_type(t))
        return fail(c, e->loc, "'%s' needs sets, found %s", ast_op_text(e->op), describe(c, t));
    return t;
}

static const Type *finish_lattice_op(Checker *c, Expr *e, const Lattice *want, const Type *ta)
{
    const Lattice *L = lattice_op_want(c, e, want);
    const Type *t = L ? pair_against(c, against(c, e->a, ta, L), e->b, L) : pair_second(c, ta, e->b);
    return lattice_op_result(c, e, t);
}

/* Finishes the binary operator e (not `in`) whose left operand was checked first, against
 * left_want (its type is ta). */
static const Type *finish_binary(Checker *c, Expr *e, const Lattice *want, const Type *ta)
{
    switch (e->op) {
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: return finish_arith(c, e, ta);
    case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE: return compared(c, e, pair_second(c, ta, e->b));
    case OP_AND: case OP_OR: return finish_logic(c, e, ta);
    case OP_JOIN: case OP_MEET: case OP_UNION: case OP_INTER: case OP_MINUS: return finish_lattice_op(c, e, want, ta);
    default: return fail(c, e->loc, "unexpected operator '%s'", ast_op_text(e->op));
    }
}

static const Type *check_in(Checker *c, Expr *e)
{
    if (needs_context(c, e->b) && e->a->kind == E_NAME && find_local(c, e->a->name.name)) {
        const Type *ta = check(c, e->a, NULL);         /* `a in top`: the set from the atom */
        if (ta->kind == TY_ERROR) return ta;
        if (ta->kind != TY_ATOM || !sema_lat_is(ta->lat, "powerset"))
            return fail(c, e->a->loc, "'in' needs an atom on its left, found %s", describe(c, ta));
        if (check_against(c, e->b, ta->lat)->kind == TY_ERROR) return &TYPE_ERROR;
        return &c->m->bool_lat->as_lat;
    }
    const Type *ts = check(c, e->b, NULL);
    if (ts->kind == TY_ERROR) return ts;
    if (!is_powerset_type(ts)) return fail(c, e->b->loc, "'in' needs a set on its right, found %s", describe(c, ts));
    if (check_atom(c, e->a, ts->lat)->kind == TY_ERROR) return &TYPE_ERROR;
    return &c->m->bool_lat->as_lat;
}

/* A comparison or lattice operator may check its right operand first (when only the left one
 * needs context: `bot join x`); the others take the left one first. */
static const Type *check_binary(Checker *c, Expr *e, const Lattice *want)
{
    bool compare = e->op >= OP_LT && e->op <= OP_NE;                 /* OpKind order */
    bool lattice_op = e->op >= OP_JOIN && e->op <= OP_MINUS;
    if (e->op == OP_IN) return check_in(c, e);
    if ((compare || lattice_op) && !left_want(c, e, want) && needs_context(c, e->a) && !needs_context(c, e->b)) {
        const Type *t = check_pair(c, e->a, e->b, NULL);
        return compare ? compared(c, e, t) : lattice_op_result(c, e, t);
    }
    return finish_binary(c, e, want, check(c, e->a, left_want(c, e, want)));
}

static const Type *check_unary(Checker *c, Expr *e)
{
    if (e->op == OP_NOT) {
        const Type *t = check_against(c, e->a, c->m->bool_lat->L);
        return t->kind == TY_ERROR ? t : &c->m->bool_lat->as_lat;
    }
    const Type *t = check_number(c, e->a, "-");
    if (t->kind == TY_ERROR) return t;
    return num_kind(t) == NUM_REAL ? &TYPE_REAL : &TYPE_INT;
}

/* ---- control ---- */

static const Type *check_if(Checker *c, Expr *e, const Lattice *want)
{
    check_against(c, e->a, c->m->bool_lat->L);
    if (want) {
        const Type *tb = check_against(c, e->b, want), *tc = check_against(c, e->c, want);
        return tb->kind == TY_ERROR || tc->kind == TY_ERROR ? &TYPE_ERROR : lat_type(c->m, want);
    }
    const Type *t = check_pair(c, e->b, e->c, NULL);
    NumKind k = num_kind(t);
    bool both_in_lattice = e->b->type && e->c->type && e->b->type->kind == TY_LAT && e->c->type->kind == TY_LAT
                        && sema_lat_same(e->b->type->lat, e->c->type->lat);
    if (t->kind == TY_LAT && k != NUM_NONE && !both_in_lattice) {
        /* `if c then n else 100`: a number, checked only where it is stored */
        bool real = num_kind(e->b->type) == NUM_REAL || num_kind(e->c->type) == NUM_REAL;
        return real ? &TYPE_REAL : &TYPE_INT;
    }
    return t;
}

static const Type *check_let(Checker *c, Expr *e, const Lattice *want)
{
    const Type *ta = check(c, e->a, NULL);
    size_t nlocals = c->locals.count, top = c->top;
    size_t slot = alloc_slots(c, sema_type_words(ta));
    e->slot = (long)slot;
    bind(c, e->name.name, ta, slot);
    const Type *tb = check(c, e->b, want);
    c->locals.count = nlocals;
    c->top = top;
    return tb;
}

/* ---- calls ---- */

static const Type *check_builtin(Checker *c, Expr *e, size_t arity)
{
    if (e->nargs != arity)
        return fail(c, e->loc, "'%s' takes %zu argument%s, found %zu", e->name.name, arity, arity == 1 ? "" : "s", e->nargs);
    bool ok = true, real = false;
    for (size_t i = 0; i < e->nargs; i++) {
        const Type *t = check_number(c, e->args[i], e->name.name);
        if (t->kind == TY_ERROR) ok = false;
        else if (num_kind(t) == NUM_REAL) real = true;
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

static const Type *check_call(Checker *c, Expr *e)
{
    Sym *s = sema_lookup(c->m, e->name.name);
    size_t arity;
    e->resolved = NULL;
    if (!s || s->kind != SYM_FN) {
        if (is_builtin(e->name.name, &arity)) return check_builtin(c, e, arity);
        for (size_t i = 0; i < e->nargs; i++) check(c, e->args[i], NULL);
        if (s) return fail(c, e->name.loc, "'%s' is %s, not a function", e->name.name, sym_kind_name(s->kind));
        return fail(c, e->name.loc, "unknown function '%s'", e->name.name);
    }
    FnEntry *fe = s->ptr;
    const FnSym *f = &fe->sym;
    e->resolved = fe;
    if (e->nargs != f->nparams) {
        for (size_t i = 0; i < e->nargs; i++) check(c, e->args[i], NULL);
        return fail(c, e->loc, "'%s' takes %zu argument%s, found %zu", f->name, f->nparams,
                    f->nparams == 1 ? "" : "s", e->nargs);
    }
    bool ok = true;
    for (size_t i = 0; i < e->nargs; i++)
        if (check_against(c, e->args[i], f->params[i])->kind == TY_ERROR) ok = false;
    return ok ? lat_type(c->m, f->ret) : &TYPE_ERROR;
}

/* ---- structures ---- */

static const Type *check_tuple(Checker *c, Expr *e, const Lattice *want)
{
    Model *m = c->m;
    if (want) {
        if (!sema_lat_is(want, "product") || want->u.product.n != e->nargs)
            return fail(c, e->loc, "expected %s, found a tuple of %zu components", describe_lat(c, want), e->nargs);
        bool ok = true;
        for (size_t i = 0; i < e->nargs; i++)
            if (check_against(c, e->args[i], want->u.product.parts[i])->kind == TY_ERROR) ok = false;
        return ok ? lat_type(m, want) : &TYPE_ERROR;
    }
    Lattice **parts = mem_alloc(e->nargs * sizeof *parts);
    bool ok = true;
    for (size_t i = 0; i < e->nargs; i++) {
        const Type *t = check(c, e->args[i], NULL);
        if (t->kind == TY_LAT) { parts[i] = (Lattice *)t->lat; continue; }
        ok = false;
        if (t->kind != TY_ERROR)
            fail(c, e->args[i]->loc, "cannot tell the lattice of this tuple component (%s); "
                 "give the tuple an expected type", describe(c, t));
    }
    const Type *result = &TYPE_ERROR;
    if (ok) {
        Lattice *P = lattice_product_new(parts, e->nargs);
        if (!P) fail(c, e->loc, "a tuple has at most %d components", (int)LATTICE_PRODUCT_MAX);
        else if (lat_depth_ok(m, P, e->loc)) result = &lat_intern(m, P)->as_lat;
    }
    mem_free(parts);
    return result;
}

static const Type *check_proj(Checker *c, Expr *e)
{
    const Type *t = check(c, e->a, NULL);
    if (t->kind == TY_ERROR) return t;
    if (t->kind != TY_LAT || !sema_lat_is(t->lat, "product"))
        return fail(c, e->loc, "'.%lld' needs a tuple, found %s", (long long)e->ival, describe(c, t));
    size_t n = t->lat->u.product.n;
    if (e->ival < 1 || (uint64_t)e->ival > n)
        return fail(c, e->loc, "'.%lld' is out of range: %s has %zu components", (long long)e->ival, describe(c, t), n);
    return lat_type(c->m, t->lat->u.product.parts[e->ival - 1]);
}

/* The powerset a set literal belongs to, from its first element with a known lattice. */
static const Lattice *infer_set_lattice(Checker *c, Expr *e)
{
    for (size_t i = 0; i < e->nargs; i++) {
        Expr *x = e->args[i];
        if (x->kind != E_NAME) continue;
        const Local *l = find_local(c, x->name.name);
        if (l) {
            if (l->type->kind == TY_ATOM && sema_lat_is(l->type->lat, "powerset")) return l->type->lat;
            continue;
        }
        const ElemRef *a, *b;
        size_t n = refs_of_kind(c->m, x->name.name, ELEM_ATOM, &a, &b);
        if (n > 1) { ambiguous(c, x->loc, x->name.name, a, b); return NULL; }
        if (n == 1) return a->li->L;
    }
    if (e->nargs == 0) fail(c, e->loc, "cannot tell which powerset '{}' belongs to here; the context gives no type");
    else fail(c, e->loc, "cannot tell which powerset this set belongs to");
    return NULL;
}

static const Type *check_set(Checker *c, Expr *e, const Lattice *want)
{
    const Lattice *P = want;
    if (P && !sema_lat_is(P, "powerset")) {
        if (sema_lat_is(P, "map") && e->nargs == 0) return fail(c, e->loc, "expected %s, found an empty set", describe_lat(c, P));
        return fail(c, e->loc, "expected %s, found a set", describe_lat(c, P));
    }
    if (!P) P = infer_set_lattice(c, e);
    if (!P) return &TYPE_ERROR;
    bool ok = true;
    for (size_t i = 0; i < e->nargs; i++)
        if (check_atom(c, e->args[i], P)->kind == TY_ERROR) ok = false;
    return ok ? lat_type(c->m, P) : &TYPE_ERROR;
}

static bool map_has_keys(const Lattice *M, const Expr *e)
{
    if (M->u.map.n != e->nargs) return false;
    for (size_t i = 0; i < e->nargs; i++)
        if (lattice_name_index(M, e->keys[i].name) < 0) return false;
    return true;
}

static const Lattice *infer_map_lattice(Checker *c, Expr *e)
{
    const Lattice *found = NULL;
    for (const ElemRef *r = hashmap_get_ptr(&c->m->elems, e->keys[0].name); r; r = r->next) {
        if (r->kind != ELEM_KEY || !map_has_keys(r->li->L, e)) continue;
        if (found && !sema_lat_same(found, r->li->L)) {
            fail(c, e->loc, "this map could be %s or %s: the context does not say which",
                 describe_lat(c, found), describe_lat(c, r->li->L));
            return NULL;
        }
        found = r->li->L;
    }
    if (!found) fail(c, e->loc, "no map lattice has exactly the keys of this map");
    return found;
}

static const Type *check_map(Checker *c, Expr *e, const Lattice *want)
{
    const Lattice *M = want;
    if (M && !sema_lat_is(M, "map")) return fail(c, e->loc, "expected %s, found a map", describe_lat(c, M));
    if (!M) M = infer_map_lattice(c, e);
    if (!M) return &TYPE_ERROR;
    bool ok = true;
    bool *seen = mem_calloc(M->u.map.n + 1, sizeof *seen);
    for (size_t i = 0; i < e->nargs; i++) {
        long k = lattice_name_index(M, e->keys[i].name);
        if (k < 0) {
            fail(c, e->keys[i].loc, "'%s' is not a key of %s", e->keys[i].name, describe_lat(c, M));
            ok = false;
        } else if (seen[k]) {
            fail(c, e->keys[i].loc, "key '%s' given twice", e->keys[i].name);
            ok = false;
        } else {
            seen[k] = true;
        }
        if (check_against(c, e->args[i], M->u.map.value)->kind == TY_ERROR) ok = false;
    }
    for (size_t k = 0; ok && k < M->u.map.n; k++) {
        if (!seen[k]) {
            fail(c, e->loc, "key '%s' of %s is missing", M->u.map.keys[k], describe_lat(c, M));
            ok = false;
        }
    }
    mem_free(seen);
    return ok ? lat_type(c->m, M) : &TYPE_ERROR;
}

static const Type *check_index(Checker *c, Expr *e)
{
    const Type *t = check(c, e->a, NULL);
    if (t->kind == TY_ERROR) return t;
    if (t->kind != TY_LAT || !sema_lat_is(t->lat, "map"))
        return fail(c, e->a->loc, "'[ ]' needs a map, found %s", describe(c, t));
    if (check_atom(c, e->b, t->lat)->kind == TY_ERROR) return &TYPE_ERROR;
    return lat_type(c->m, t->lat->u.map.value);
}

static const Type *check_count(Checker *c, Expr *e)
{
    const Type *t = check(c, e->a, NULL);
    if (t->kind == TY_ERROR) return t;
    if (!is_powerset_type(t)) return fail(c, e->a->loc, "'count' needs a set, found %s", describe(c, t));
    return &TYPE_INT;
}

/* ---- binders ---- */

/* The set a comprehension or quantifier ranges over: a set expression or a powerset name. */
static const Lattice *check_set_source(Checker *c, Expr *a, const Lattice *want)
{
    if (a->kind == E_NAME && !find_local(c, a->name.name)) {
        Sym *s = sema_lookup(c->m, a->name.name);
        if (s && s->kind == SYM_LATTICE) {
            LatInfo *li = s->ptr;
            if (!sema_lat_is(li->L, "powerset")) {
                fail(c, a->loc, "'%s' is not a powerset: only the atoms of a set can be iterated", a->name.name);
                return NULL;
            }
            a->resolved = resolution(c, RES_LATTICE, li, 0);
            a->type = &li->as_lat;
            return li->L;
        }
    }
    const Type *t = check(c, a, want && sema_lat_is(want, "powerset") ? want : NULL);
    if (t->kind == TY_ERROR) return NULL;
    if (!is_powerset_type(t)) {
        fail(c, a->loc, "expected a set or a powerset lattice, found %s", describe(c, t));
        return NULL;
    }
    return t->lat;
}

/* { x in S | cond } and forall/exists x in S : cond.  Slots: x, then a copy of S. */
static const Type *check_over_atoms(Checker *c, Expr *e, const Lattice *want)
{
    const Lattice *P = check_set_source(c, e->a, e->kind == E_COMPREHENSION ? want : NULL);
    size_t nlocals = c->locals.count, top = c->top;
    size_t slot = alloc_slots(c, 1 + (P ? P->nwords : 0));
    e->slot = (long)slot;
    bind(c, e->name.name, P ? atom_type(c->m, P) : &TYPE_ERROR, slot);
    const Type *tb = check_against(c, e->b, c->m->bool_lat->L);
    c->locals.count = nlocals;
    c->top = top;
    if (!P || tb->kind == TY_ERROR) return &TYPE_ERROR;
    return e->kind == E_COMPREHENSION ? lat_type(c->m, P) : &c->m->bool_lat->as_lat;
}

/* sup/inf { a | y in [b .. c] }.  Slots: y, lo, hi (W words each). */
static const Type *check_supinf(Checker *c, Expr *e, const Lattice *want)
{
    bool swap = needs_context(c, e->b) && !needs_context(c, e->c);
    Expr *first = swap ? e->c : e->b, *second = swap ? e->b : e->c;
    const Type *t1 = check(c, first, NULL);
    if (t1->kind == TY_ERROR) return t1;
    if (t1->kind != TY_LAT)
        return fail(c, first->loc, "the bounds of '%s' must be lattice elements, found %s",
                    e->op == OP_JOIN ? "sup" : "inf", describe(c, t1));
    const Lattice *L = t1->lat;
    if (check_against(c, second, L)->kind == TY_ERROR) return &TYPE_ERROR;
    if (!L->finite)
        return fail(c, e->loc, "'%s' enumerates an interval of %s, which is not a finite lattice",
                    e->op == OP_JOIN ? "sup" : "inf", describe_lat(c, L));
    e->resolved = sema_lat_info(c->m, L);
    size_t nlocals = c->locals.count, top = c->top;
    size_t slot = alloc_slots(c, 3 * L->nwords);
    e->slot = (long)slot;
    bind(c, e->name.name, lat_type(c->m, L), slot);
    const Type *ta = check(c, e->a, want);
    c->locals.count = nlocals;
    c->top = top;
    if (ta->kind == TY_ATOM)
        return fail(c, e->a->loc, "'%s' needs lattice elements or numbers, found %s",
                    e->op == OP_JOIN ? "sup" : "inf", describe(c, ta));
    return ta;
}

static FnEntry *unary_endo(Checker *c, Ident name, const char *what)
{
    Sym *s = sema_lookup(c->m, name.name);
    if (!s) { fail(c, name.loc, "unknown function '%s'", name.name); return NULL; }
    if (s->kind != SYM_FN) { fail(c, name.loc, "'%s' is %s, not a function", name.name, sym_kind_name(s->kind)); return NULL; }
    FnEntry *fe = s->ptr;
    const FnSym *f = &fe->sym;
    if (f->nparams != 1 || !sema_lat_same(f->params[0], f->ret)) {
        fail(c, name.loc, "%s needs a function from a lattice to itself; '%s' is not of the form L -> L", what, name.name);
        return NULL;
    }
    return fe;
}

/* lfp(g) / gfp(g) / lfp(x: L => body).  Slots: x (W words), then an iteration counter. */
static const Type *check_fix(Checker *c, Expr *e)
{
    const char *what = e->op == OP_LFP ? "lfp" : "gfp";
    if (!e->vartype) {
        FnEntry *fe = unary_endo(c, e->name, what);
        if (!fe) return &TYPE_ERROR;
        e->resolved = fe;
        e->slot = (long)alloc_slots(c, fe->sym.ret->nwords + 1);
        c->top = (size_t)e->slot;         /* x and the counter are free again after the loop */
        return lat_type(c->m, fe->sym.ret);
    }
    LatInfo *li = resolve_lattice(c->fc, e->vartype);
    if (!li) return &TYPE_ERROR;
    e->resolved = NULL;
    size_t nlocals = c->locals.count, top = c->top;
    size_t slot = alloc_slots(c, li->L->nwords + 1);
    e->slot = (long)slot;
    bind(c, e->name.name, &li->as_lat, slot);
    const Type *ta = check_against(c, e->a, li->L);
    c->locals.count = nlocals;
    c->top = top;
    return ta->kind == TY_ERROR ? ta : &li->as_lat;
}

static const Type *check_inner(Checker *c, Expr *e, const Lattice *want)
{
    switch (e->kind) {
    case E_INT: return &TYPE_INT;
    case E_REAL: return &TYPE_REAL;
    case E_BOOL: return &c->m->bool_lat->as_lat;
    case E_NAME: return check_name(c, e, want);
    case E_BOT:
    case E_TOP:
        if (!want)
            return fail(c, e->loc, "cannot tell which lattice '%s' belongs to here; the context gives no type",
                        e->kind == E_BOT ? "bot" : "top");
        return lat_type(c->m, want);
    case E_UNARY: return check_unary(c, e);
    case E_BINARY: return check_binary(c, e, want);
    case E_IF: return check_if(c, e, want);
    case E_LET: return check_let(c, e, want);
    case E_CALL: return check_call(c, e);
    case E_TUPLE: return check_tuple(c, e, want);
    case E_PROJ: return check_proj(c, e);
    case E_SET: return check_set(c, e, want);
    case E_MAP: return check_map(c, e, want);
    case E_INDEX: return check_index(c, e);
    case E_COMPREHENSION:
    case E_QUANT: return check_over_atoms(c, e, want);
    case E_SUPINF: return check_supinf(c, e, want);
    case E_COUNT: return check_count(c, e);
    case E_FIX: return check_fix(c, e);
    }
    return fail(c, e->loc, "unexpected expression");
}

/* A chain of binary operators is walked down its left spine in a loop, then finished from
 * the innermost operator up, so its length costs no stack (see ast_left_chained). */
static const Type *check(Checker *c, Expr *e, const Lattice *want)
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
    while (spine.count) {
        Link l = spine.items[--spine.count];
        t = l.e->type = finish_binary(c, l.e, l.want, t);
    }
    VEC_FREE(spine);
    return t;
}

static void checker_init(Checker *c, Model *m, FileCtx *fc)
{
    memset(c, 0, sizeof *c);
    c->m = m;
    c->fc = fc;
}

const Type *sema_check_closed(Model *m, Expr *e, const Lattice *expected, size_t *nlocals)
{
    FileCtx fc = { m, e->loc.src, { 0 }, 0 };
    Checker c;
    checker_init(&c, m, &fc);
    int before = m->diag->errors;
    size_t mark = names_mark(m);
    const Type *t = expected ? check_against(&c, e, expected) : check(&c, e, NULL);
    VEC_FREE(c.locals);
    *nlocals = c.max;
    bool ok = m->diag->errors == before && t->kind != TY_ERROR;
    names_settle(m, mark, ok);
    if (!ok) return NULL;
    return expected ? lat_type(m, expected) : t;
}

/* ====================================================================== declarations */

static FnEntry *fn_new(Model *m, const char *name, Loc loc, size_t nparams, Annotation ann)
{
    FnEntry *fe = arena_alloc(&m->arena, sizeof *fe);
    FnSym *f = &fe->sym;
    f->name = arena_strdup(&m->arena, name);
    f->loc = loc;
    f->nparams = nparams;
    f->param_names = arena_alloc(&m->arena, (nparams ? nparams : 1) * sizeof *f->param_names);
    f->params = arena_alloc(&m->arena, (nparams ? nparams : 1) * sizeof *f->params);
    f->ann = ann;
    fe->index = (uint32_t)m->tables.fns.count;
    VEC_PUSH(m->tables.fns, f);
    VEC_PUSH(m->fns, fe);
    return fe;
}

/* Type-checks body as the body of f (params bound to the first slots); the model compiles it. */
static bool define_body(FileCtx *fc, FnEntry *fe, Expr *body)
{
    Model *m = fc->m;
    FnSym *f = &fe->sym;
    Checker c;
    checker_init(&c, m, fc);
    int before = m->diag->errors;
    for (size_t i = 0; i < f->nparams; i++) {
        size_t slot = alloc_slots(&c, f->params[i]->nwords);
        bind(&c, f->param_names[i], lat_type(m, f->params[i]), slot);
    }
    size_t mark = names_mark(m);
    check_against(&c, body, f->ret);
    VEC_FREE(c.locals);
    names_settle(m, mark, m->diag->errors == before);
    if (m->diag->errors != before) {
        fe->broken = true;
        return false;
    }
    fe->body = body;
    fe->nlocals = c.max;
    return true;
}

static bool unique_params(Model *m, const Ident *names, size_t n)
{
    bool ok = true;
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < i; j++)
            if (strcmp(names[i].name, names[j].name) == 0) {
                diag_error(m->diag, names[i].loc, "parameter '%s' declared twice", names[i].name);
                ok = false;
            }
    return ok;
}

static void declare_fn(FileCtx *fc, Decl *d)
{
    Model *m = fc->m;
    if (!name_free(m, d->name)) return;
    size_t mark = names_mark(m);
    bool ok = true;
    if (d->ann == (ANN_MONOTONE | ANN_ANTITONE)) {
        diag_error(m->diag, d->name.loc, "'%s' cannot be both monotone and antitone", d->name.name);
        ok = false;
    }
    Ident *names = mem_alloc((d->nparams ? d->nparams : 1) * sizeof *names);
    for (size_t i = 0; i < d->nparams; i++) names[i] = d->params[i].name;
    if (!unique_params(m, names, d->nparams)) ok = false;
    mem_free(names);
    LatInfo **params = mem_alloc((d->nparams ? d->nparams : 1) * sizeof *params);
    for (size_t i = 0; i < d->nparams; i++)
        if (!(params[i] = resolve_lattice(fc, d->params[i].type))) ok = false;
    LatInfo *ret = resolve_lattice(fc, d->ret);
    if (ok && ret) {
        FnEntry *fe = fn_new(m, d->name.name, d->name.loc, d->nparams, d->ann);
        for (size_t i = 0; i < d->nparams; i++) {
            fe->sym.params[i] = params[i]->L;
            fe->sym.param_names[i] = d->params[i].name.name;
        }
        fe->sym.ret = ret->L;
        if (declare(m, SYM_FN, d->name, fe)) d->sym = fe;
        else fe->broken = true;
    }
    mem_free(params);
    names_settle(m, mark, d->sym != NULL);
}

static void define_fn(FileCtx *fc, Decl *d)
{
    if (d->sym) define_body(fc, d->sym, d->body);
}

/* A hidden function for one equation of an envelope or galois block. */
static FnEntry *equation_fn(FileCtx *fc, const char *owner, const Equation *eq,
                            const Lattice *const *params, const Lattice *ret)
{
    Model *m = fc->m;
    if (!unique_params(m, eq->params, eq->nparams)) return NULL;
    Buf name;
    buf_init(&name);
    buf_printf(&name, "%s.%s", owner, eq->name.name);
    FnEntry *fe = fn_new(m, buf_cstr(&name), eq->name.loc, eq->nparams, ANN_NONE);
    buf_free(&name);
    fe->hidden = true;
    for (size_t i = 0; i < eq->nparams; i++) {
        fe->sym.params[i] = params[i];
        fe->sym.param_names[i] = eq->params[i].name;
    }
    fe->sym.ret = ret;
    return define_body(fc, fe, eq->body) ? fe : NULL;
}

/* Finds each wanted equation once, with its number of parameters; reports the rest. */
static bool match_equations(Model *m, const Decl *d, const char *what, const char *const *names,
                            const char *const *param_text, size_t n, const Equation **out)
{
    bool ok = true;
    for (size_t k = 0; k < n; k++) out[k] = NULL;
    for (size_t i = 0; i < d->neqs; i++) {
        const Equation *eq = &d->eqs[i];
        size_t k = 0;
        while (k < n && strcmp(names[k], eq->name.name) != 0) k++;
        if (k == n) {
            Buf b; buf_init(&b);
            for (size_t j = 0; j < n; j++) buf_printf(&b, "%s%s", j ? (j + 1 == n ? " or " : ", ") : "", names[j]);
            diag_error(m->diag, eq->name.loc, "unknown equation '%s' in %s (expected %s)", eq->name.name, what, buf_cstr(&b));
            buf_free(&b);
            ok = false;
        } else if (out[k]) {
            diag_error(m->diag, eq->name.loc, "equation '%s' given twice", eq->name.name);
            diag_note(m->diag, out[k]->name.loc, "first given here");
            ok = false;
        } else {
            size_t want = 1;
            for (const char *p = param_text[k]; *p; p++) want += *p == ',';
            if (eq->nparams != want) {
                diag_error(m->diag, eq->name.loc, "'%s' takes %zu parameter%s (%s), found %zu", eq->name.name,
                           want, want == 1 ? "" : "s", param_text[k], eq->nparams);
                ok = false;
            }
            out[k] = eq;
        }
    }
    for (size_t k = 0; k < n; k++) {
        if (!out[k]) {
            diag_error(m->diag, d->loc, "%s lacks the equation '%s(%s) = ...'", what, names[k], param_text[k]);
            ok = false;
        }
    }
    return ok;
}

static void define_envelope(FileCtx *fc, Decl *d)
{
    Model *m = fc->m;
    Sym *s = sema_lookup(m, d->name.name);
    if (!s || s->kind != SYM_FN) {
        if (s) diag_error(m->diag, d->name.loc, "'%s' is %s, not a function", d->name.name, sym_kind_name(s->kind));
        else diag_error(m->diag, d->name.loc, "unknown function '%s'", d->name.name);
        return;
    }
    FnSym *f = &((FnEntry *)s->ptr)->sym;
    if (f->nparams != 1) {
        diag_error(m->diag, d->name.loc, "an envelope needs a function of one parameter; '%s' has %zu", f->name, f->nparams);
        return;
    }
    if (f->upper || f->envelope_loc.src) {
        diag_error(m->diag, d->name.loc, "duplicate envelope for '%s'", f->name);
        diag_note(m->diag, f->envelope_loc, "the first envelope of '%s' is here", f->name);
        return;
    }
    f->envelope_loc = d->loc;
    static const char *const names[2] = { "upper", "lower" };
    static const char *const params[2] = { "lo, hi, x", "lo, hi, x" };
    const Equation *eqs[2];
    if (!match_equations(m, d, "an envelope", names, params, 2, eqs)) return;
    const Lattice *p3[3] = { f->params[0], f->params[0], f->params[0] };
    FnEntry *up = equation_fn(fc, f->name, eqs[0], p3, f->ret);
    FnEntry *lo = equation_fn(fc, f->name, eqs[1], p3, f->ret);
    if (up && lo) {
        f->upper = &up->sym;
        f->lower = &lo->sym;
    }
}

static void declare_galois(FileCtx *fc, Decl *d)
{
    Model *m = fc->m;
    if (!name_free(m, d->name)) return;
    size_t mark = names_mark(m);
    LatInfo *C = resolve_lattice(fc, d->from), *A = resolve_lattice(fc, d->to);
    names_settle(m, mark, C && A);
    if (!C || !A) return;
    GaloisSym *g = arena_alloc(&m->arena, sizeof *g);
    g->name = arena_strdup(&m->arena, d->name.name);
    g->loc = d->name.loc;
    g->concrete = C->L;
    g->abstract = A->L;
    if (declare(m, SYM_GALOIS, d->name, g)) d->sym = g;
}

static void define_galois(FileCtx *fc, Decl *d)
{
    GaloisSym *g = d->sym;
    if (!g) return;
    static const char *const names[4] = { "alpha_up", "gamma_up", "alpha_lo", "gamma_lo" };
    static const char *const params[4] = { "x", "a", "x", "a" };
    const Equation *eqs[4];
    bool ok = match_equations(fc->m, d, "a galois block", names, params, 4, eqs);
    FnEntry *fns[4] = { NULL, NULL, NULL, NULL };
    for (int k = 0; ok && k < 4; k++) {
        bool alpha = k % 2 == 0;
        const Lattice *from = alpha ? g->concrete : g->abstract, *to = alpha ? g->abstract : g->concrete;
        fns[k] = equation_fn(fc, g->name, eqs[k], &from, to);
    }
    if (ok && fns[0] && fns[1] && fns[2] && fns[3]) {
        g->alpha_up = &fns[0]->sym;
        g->gamma_up = &fns[1]->sym;
        g->alpha_lo = &fns[2]->sym;
        g->gamma_lo = &fns[3]->sym;
    }
}

static const char *resolve_relative(Model *m, const Source *src, const char *path)
{
    if (path[0] == '/' || !src) return arena_strdup(&m->arena, path);
    const char *slash = strrchr(src->path, '/');
    if (!slash) return arena_strdup(&m->arena, path);
    Buf b;
    buf_init(&b);
    buf_putn(&b, src->path, (size_t)(slash - src->path) + 1);
    buf_puts(&b, path);
    const char *r = arena_strdup(&m->arena, buf_cstr(&b));
    buf_free(&b);
    return r;
}

static void declare_program(FileCtx *fc, Decl *d)
{
    Model *m = fc->m;
    ProgramSym *p = arena_alloc(&m->arena, sizeof *p);
    p->name = arena_strdup(&m->arena, d->name.name);
    p->loc = d->name.loc;
    p->decl = d;
    if (d->program_file) p->resolved_file = resolve_relative(m, fc->src, d->program_file);
    if (declare(m, SYM_PROGRAM, d->name, p)) d->sym = p;
}

/* ---- queries ---- */

static void *query_target(Model *m, const Query *q, SymKind kind)
{
    Sym *s = sema_lookup(m, q->target.name);
    const char *what = kind == SYM_FN ? "function" : kind == SYM_PROGRAM ? "program" : "galois insertion";
    if (!s) {
        diag_error(m->diag, q->target.loc, "unknown %s '%s'", what, q->target.name);
        return NULL;
    }
    if (s->kind != kind) {
        diag_error(m->diag, q->target.loc, "'%s' is %s; '%s' needs a %s", q->target.name,
                   sym_kind_name(s->kind), ast_query_name(q->kind), what);
        return NULL;
    }
    return s->ptr;
}

static void check_query_fn(FileCtx *fc, Decl *d)
{
    Model *m = fc->m;
    Query *q = &d->query;
    FnEntry *fe = query_target(m, q, SYM_FN);
    if (!fe) return;
    const FnSym *f = &fe->sym;
    if (f->nparams != 1 || !sema_lat_same(f->params[0], f->ret)) {
        Buf b; buf_init(&b);
        for (size_t i = 0; i < f->nparams; i++) {
            if (i) buf_puts(&b, ", ");
            lattice_describe(f->params[i], &b);
        }
        buf_puts(&b, ") -> ");
        lattice_describe(f->ret, &b);
        diag_error(m->diag, q->target.loc, "'%s' needs a function from a lattice to itself (L -> L); "
                   "'%s' is (%s", ast_query_name(q->kind), f->name, buf_cstr(&b));
        buf_free(&b);
        return;
    }
    const Lattice *L = f->ret;
    size_t n;
    if (q->from_lo) sema_check_closed(m, q->from_lo, L, &n);
    if (q->from_hi) sema_check_closed(m, q->from_hi, L, &n);
    if (q->via.name) {
        Sym *s = sema_lookup(m, q->via.name);
        if (!s || s->kind != SYM_GALOIS) {
            if (s) diag_error(m->diag, q->via.loc, "'%s' is %s, not a galois insertion", q->via.name, sym_kind_name(s->kind));
            else diag_error(m->diag, q->via.loc, "unknown galois insertion '%s'", q->via.name);
        } else {
            const GaloisSym *g = s->ptr;
            if (g->alpha_up && !sema_lat_same(g->concrete, L)) {
                Buf a, b; buf_init(&a); buf_init(&b);
                lattice_describe(g->concrete, &a);
                lattice_describe(L, &b);
                diag_error(m->diag, q->via.loc, "galois insertion '%s' abstracts %s, but '%s' is on %s",
                           g->name, buf_cstr(&a), f->name, buf_cstr(&b));
                buf_free(&a); buf_free(&b);
            }
        }
    }
    SplitStrategy split;
    if (q->split.name) {
        if (!aft_split_from_name(q->split.name, &split))
            diag_error(m->diag, q->split.loc, "unknown split strategy '%s' (expected widest, first, last or random)",
                       q->split.name);
    }
}

static void check_query(FileCtx *fc, Decl *d)
{
    Model *m = fc->m;
    Query *q = &d->query;
    size_t n;
    switch (q->kind) {
    case Q_SHOW: sema_check_closed(m, q->expr, NULL, &n); break;
    case Q_STABLE: query_target(m, q, SYM_PROGRAM); break;
    case Q_CHECK_GALOIS: query_target(m, q, SYM_GALOIS); break;
    default: check_query_fn(fc, d); break;
    }
}

/* ====================================================================== a file */

bool sema_add_file(Model *m, AstFile *file, PtrList *queries)
{
    int before = m->diag->errors;
    FileCtx fc = { m, file->src, { 0 }, 0 };
    hashmap_init_str(&fc.pending);
    for (size_t i = 0; i < file->ndecls; i++) {
        Decl *d = file->decls[i];
        if (d->kind == D_LATTICE && !hashmap_get_ptr(&fc.pending, d->name.name))
            hashmap_put_ptr(&fc.pending, d->name.name, d);
    }
    for (size_t i = 0; i < file->ndecls; i++)
        if (file->decls[i]->kind == D_LATTICE) declare_lattice(&fc, file->decls[i]);
    for (size_t i = 0; i < file->ndecls; i++) {
        Decl *d = file->decls[i];
        if (d->kind == D_FN) declare_fn(&fc, d);
        else if (d->kind == D_GALOIS) declare_galois(&fc, d);
        else if (d->kind == D_PROGRAM) declare_program(&fc, d);
    }
    for (size_t i = 0; i < file->ndecls; i++) {
        Decl *d = file->decls[i];
        if (d->kind == D_FN) define_fn(&fc, d);
        else if (d->kind == D_ENVELOPE) define_envelope(&fc, d);
        else if (d->kind == D_GALOIS) define_galois(&fc, d);
    }
    for (size_t i = 0; i < file->ndecls; i++) {
        Decl *d = file->decls[i];
        if (d->kind != D_QUERY) continue;
        int q_before = m->diag->errors;
        check_query(&fc, d);
        if (queries && m->diag->errors == q_before) ptrlist_push(&m->arena, queries, d);
    }
    /* functions whose bodies failed are forgotten, so that a REPL session may declare them anew */
    for (size_t i = 0; i < file->ndecls; i++) {
        Decl *d = file->decls[i];
        if (d->kind == D_FN && d->sym && ((FnEntry *)d->sym)->broken) undeclare(m, d->name.name);
        if (d->kind == D_GALOIS && d->sym && !((GaloisSym *)d->sym)->alpha_up) undeclare(m, d->name.name);
    }
    hashmap_free(&fc.pending);
    return m->diag->errors == before;
}
