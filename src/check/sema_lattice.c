/* sema_lattice.c: lattice expressions and lattice declarations: builds each kind from its
 * syntax, resolves names (also of lattices declared further down), bounds the nesting. */
#include "check/sema_lattice.h"
#include "check/sema_internal.h"

#include <math.h>

static char in_progress_mark, failed_mark;

static bool unique_names(Sema *sema, const Ident *names, size_t n, const char *what)
{
    HashMap seen;
    hashmap_init_str(&seen);
    bool ok = true;
    for (size_t i = 0; i < n; i++) {
        if (hashmap_get_ptr(&seen, names[i].name)) {
            diag_error(sema->diag, names[i].loc, "%s '%s' listed twice", what, names[i].name);
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

static Lattice *build_finite(Sema *sema, const LatExpr *t)
{
    if (t->nnames > LATTICE_FINITE_MAX) {
        diag_error(sema->diag, t->loc, "a finite lattice has at most %d elements, this one has %zu",
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
    if (!L) diag_error(sema->diag, t->loc, "not a lattice: %s", err.len ? buf_cstr(&err) : "invalid covers");
    buf_free(&err);
    mem_free(names);
    mem_free(covers);
    return L;
}

static Lattice *build_named_set(Sema *sema, const LatExpr *t)
{
    if (!unique_names(sema, t->names, t->nnames, t->kind == LAT_POWERSET ? "atom" : "element")) return NULL;
    const char **names = name_array(t->names, t->nnames);
    Lattice *L = NULL;
    if (t->kind == LAT_POWERSET) {
        L = lattice_powerset_new(names, t->nnames);
    } else {
        L = lattice_chain_new(names, t->nnames);
        if (!L) diag_error(sema->diag, t->loc, "a chain needs at least one element");
    }
    mem_free(names);
    return L;
}

static Lattice *build_product(FileCtx *fc, const LatExpr *t)
{
    if (t->nparts > LATTICE_PRODUCT_MAX) {
        diag_error(fc->sema->diag, t->loc, "a product has at most %d parts, this one has %zu",
                   (int)LATTICE_PRODUCT_MAX, t->nparts);
        return NULL;
    }
    Lattice **parts = mem_alloc(t->nparts * sizeof *parts);
    bool ok = true;
    for (size_t i = 0; i < t->nparts; i++) {
        LatInfo *p = sema_resolve_lattice(fc, t->parts[i]);
        if (p) parts[i] = p->L;
        else ok = false;
    }
    Lattice *L = ok ? lattice_product_new(parts, t->nparts) : NULL;
    mem_free(parts);
    return L;
}

static Lattice *build_map(FileCtx *fc, const LatExpr *t)
{
    Sema *sema = fc->sema;
    LatInfo *value = sema_resolve_lattice(fc, t->value);
    if (!unique_names(sema, t->names, t->nnames, "key") || !value) return NULL;
    for (size_t i = 0; i < t->nnames; i++)
        if (strcmp(t->names[i].name, "_") == 0) {
            diag_error(sema->diag, t->names[i].loc, "'_' cannot be a key of a map: in a map literal `_ -> v` "
                       "gives the keys not listed");
            return NULL;
        }
    if (t->nnames > LATTICE_PRODUCT_MAX) {
        diag_error(sema->diag, t->loc, "a map has at most %d keys, this one has %zu", (int)LATTICE_PRODUCT_MAX, t->nnames);
        return NULL;
    }
    const char **names = name_array(t->names, t->nnames);
    Lattice *L = lattice_map_new(names, t->nnames, value->L);
    mem_free(names);
    return L;
}

static Lattice *build_real(Sema *sema, const LatExpr *t)
{
    double tol = t->tol_loc.src ? t->tol : 1e-9;
    if (!isfinite(t->rlo) || !isfinite(t->rhi) || !isfinite(tol))
        return NULL;            /* a number too large to read: the lexer reported it */
    if (t->rlo > t->rhi) {
        Buf b; buf_init(&b);
        buf_put_double(&b, t->rlo); buf_puts(&b, " > "); buf_put_double(&b, t->rhi);
        diag_error(sema->diag, t->loc, "empty real interval: %s", buf_cstr(&b));
        buf_free(&b);
        return NULL;
    }
    if (!(tol > 0)) {
        diag_error(sema->diag, t->tol_loc, "the tolerance of a real lattice must be a positive number");
        return NULL;
    }
    return lattice_real_new(t->rlo, t->rhi, tol);
}

/* A new (unregistered) lattice for a structural lattice expression; NULL after an error. */
static Lattice *build_structure(FileCtx *fc, const LatExpr *t)
{
    Sema *sema = fc->sema;
    switch (t->kind) {
    case LAT_NAME: return NULL;      /* handled by the callers */
    case LAT_POWERSET:
    case LAT_CHAIN: return build_named_set(sema, t);
    case LAT_RANGE:
        if (t->ilo > t->ihi) {
            diag_error(sema->diag, t->loc, "empty range: %lld > %lld", (long long)t->ilo, (long long)t->ihi);
            return NULL;
        }
        return lattice_range_new(t->ilo, t->ihi);
    case LAT_REAL: return build_real(sema, t);
    case LAT_PRODUCT: return build_product(fc, t);
    case LAT_MAP: return build_map(fc, t);
    case LAT_FINITE: return build_finite(sema, t);
    case LAT_DUAL: {
        LatInfo *base = sema_resolve_lattice(fc, t->base);
        return base ? lattice_dual_new(base->L) : NULL;
    }
    case LAT_FN:
        diag_error(sema->diag, t->loc, "a function type is not a lattice: it can only be the type of a parameter");
        return NULL;
    case LAT_COLL: case LAT_ITV: case LAT_BNB: case LAT_KEY:
        diag_error(sema->diag, t->loc, "a %s type is not a lattice: it can only be the type of a parameter or a result",
                   t->kind == LAT_COLL ? "collection" : t->kind == LAT_ITV ? "interval" : t->kind == LAT_KEY ? "key"
                   : "bnb result");
        return NULL;
    case LAT_APPLY: return NULL;      /* handled by the callers */
    }
    return NULL;
}

static Lattice *build_lattice(FileCtx *fc, const LatExpr *t)
{
    Lattice *L = build_structure(fc, t);
    return L && sema_lat_depth_ok(fc->sema, L, t->loc) ? L : NULL;
}

/* Resolving recurses through lattice expressions and the declarations further down that
 * they use: at most AST_MAX_DEPTH levels of both together. */
static bool resolve_enter(FileCtx *fc, Loc loc)
{
    if (fc->depth >= AST_MAX_DEPTH) {
        diag_error(fc->sema->diag, loc, "lattice nested too deeply (more than %d levels, counting the "
                   "declarations further down that it uses)", (int)AST_MAX_DEPTH);
        return false;
    }
    fc->depth++;
    return true;
}

/* The symbol of a lattice name, declaring it first when it is further down the file.  Inlined:
 * declarations further down recurse through it, and the hostile tests hold that recursion to
 * a small stack. */
static inline __attribute__((always_inline)) Sym *lattice_sym(FileCtx *fc, Ident name)
{
    Sema *sema = fc->sema;
    Sym *s = sema_lookup(sema, name.name);
    if (!s && fc->pending.cap) {
        Decl *d = hashmap_get_ptr(&fc->pending, name.name);
        if (d) {
            if (!resolve_enter(fc, name.loc)) return NULL;
            sema_declare_lattice(fc, d);
            fc->depth--;
            s = sema_lookup(sema, name.name);
            if (!s) return NULL;         /* its declaration failed (reported) */
        }
    }
    if (!s && !sema_refused_use(sema, name.loc, name.name)) diag_error(sema->diag, name.loc, "unknown lattice '%s'", name.name);
    return s;
}

static LatInfo *resolve_lattice_name(FileCtx *fc, Ident name)
{
    Sema *sema = fc->sema;
    for (size_t i = 0; i < fc->ntvars; i++)
        if (strcmp(fc->tvar_names[i], name.name) == 0) return fc->tvar_lats[i];
    Sym *s = lattice_sym(fc, name);
    if (s && s->kind == SYM_GENERIC_LATTICE) {
        const Decl *d = s->ptr;
        diag_error(sema->diag, name.loc, "'%s' is a generic lattice: give its type argument%s, %s[...]", name.name,
                   d->ntparams == 1 ? "" : "s", name.name);
        return NULL;
    }
    if (!s) return NULL;
    if (s->kind != SYM_LATTICE) {
        diag_error(sema->diag, name.loc, "'%s' is %s, not a lattice", name.name, sema_sym_kind_name(s->kind));
        return NULL;
    }
    return s->ptr;
}

/* Store[Sign]: the generic lattice's body with its parameters bound (built once per
 * arguments, and named after them).  Not inlined: its frame would weigh on every level of
 * the recursion through sema_resolve_lattice. */
static __attribute__((noinline)) LatInfo *resolve_apply(FileCtx *fc, const LatExpr *t)
{
    Sema *sema = fc->sema;
    Sym *s = lattice_sym(fc, t->name);
    if (!s) return NULL;
    if (s->kind != SYM_GENERIC_LATTICE) {
        diag_error(sema->diag, t->name.loc, "'%s' is %s, not a generic lattice: it takes no type arguments", t->name.name,
                   sema_sym_kind_name(s->kind));
        return NULL;
    }
    const Decl *d = s->ptr;
    if (t->nparts != d->ntparams) {
        diag_error(sema->diag, t->loc, "'%s' takes %zu type argument%s, found %zu", t->name.name, d->ntparams,
                   d->ntparams == 1 ? "" : "s", t->nparts);
        return NULL;
    }
    LatInfo **args = arena_alloc(&sema->arena, t->nparts * sizeof *args);
    const char **names = arena_alloc(&sema->arena, t->nparts * sizeof *names);
    Buf key, name;
    buf_init(&key);
    buf_init(&name);
    buf_printf(&key, "lattice %p:", (const void *)d);
    buf_printf(&name, "%s[", d->name.name);
    bool ok = true;
    for (size_t i = 0; i < t->nparts; i++) {
        names[i] = d->tparams[i].name;
        if (!(args[i] = sema_resolve_lattice(fc, t->parts[i]))) { ok = false; continue; }
        buf_printf(&key, "%u,", args[i]->index);
        if (i) buf_puts(&name, ", ");
        lattice_describe(args[i]->L, &name);
    }
    buf_puts(&name, "]");
    LatInfo *li = ok ? hashmap_get_ptr(&sema->instances, buf_cstr(&key)) : NULL;
    if (ok && !li && resolve_enter(fc, t->loc)) {
        FileCtx inner = { .sema = sema, .src = fc->src, .depth = fc->depth, .ntvars = t->nparts, .tvar_names = names, .tvar_lats = args };
        if (d->lattice->kind == LAT_NAME) {
            li = sema_resolve_lattice(&inner, d->lattice);
        } else {
            Lattice *L = build_lattice(&inner, d->lattice);
            if (L) {
                L->name = arena_strdup(&sema->arena, buf_cstr(&name));
                li = sema_lat_register(sema, L);
            }
        }
        fc->depth--;
        if (li) hashmap_put_ptr(&sema->instances, arena_strdup(&sema->arena, buf_cstr(&key)), li);
        else diag_note(sema->diag, t->loc, "in %s", buf_cstr(&name));
    }
    buf_free(&key);
    buf_free(&name);
    return li;
}

LatInfo *sema_resolve_lattice(FileCtx *fc, const LatExpr *t)
{
    if (t->kind == LAT_NAME) return resolve_lattice_name(fc, t->name);
    if (t->kind == LAT_APPLY) return resolve_apply(fc, t);
    if (!resolve_enter(fc, t->loc)) return NULL;
    Lattice *L = build_lattice(fc, t);
    fc->depth--;
    return L ? sema_lat_intern(fc->sema, L) : NULL;
}

LatInfo *sema_declare_lattice(FileCtx *fc, Decl *d)
{
    Sema *sema = fc->sema;
    if (d->sym == &in_progress_mark) {
        diag_error(sema->diag, d->name.loc, "lattice '%s' is defined in terms of itself", d->name.name);
        d->sym = &failed_mark;
        return NULL;
    }
    if (d->sym == &failed_mark) return NULL;
    if (d->sym) return d->sym;
    if (!sema_name_free(sema, d->name)) {
        d->sym = &failed_mark;
        return NULL;
    }
    if (d->ntparams) {        /* generic: instantiated where it is used (resolve_apply) */
        bool declared = sema_declare(sema, SYM_GENERIC_LATTICE, d->name, d);
        d->sym = &failed_mark;
        (void)declared;
        return NULL;
    }
    d->sym = &in_progress_mark;
    size_t mark = sema_names_mark(sema);
    LatInfo *li = NULL;
    if (d->lattice->kind == LAT_NAME) {
        li = resolve_lattice_name(fc, d->lattice->name);
    } else if (d->lattice->kind == LAT_APPLY) {   /* `lattice L5 = S0[C];`: that instance */
        li = sema_resolve_lattice(fc, d->lattice);
    } else {
        Lattice *L = build_lattice(fc, d->lattice);
        if (L) {
            L->name = arena_strdup(&sema->arena, d->name.name);
            li = sema_lat_register(sema, L);
        }
    }
    if (d->sym == &failed_mark) li = NULL;
    if (li && !sema_declare(sema, SYM_LATTICE, d->name, li)) li = NULL;
    d->sym = li ? (void *)li : (void *)&failed_mark;
    sema_names_settle(sema, mark, li != NULL);
    return li;
}
