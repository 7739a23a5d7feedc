/* sema.c: the checker's tables: types of lattices, the symbol table, the names of elements,
 * atoms and keys (with a journal that forgets them when a declaration fails).  The checker
 * itself is in sema_lattice.c, sema_expr.c, sema_struct.c and sema_decl.c. */
#include "check/sema_internal.h"

/* ====================================================================== types and lattices */

const Type *sema_type_int(void) { return &TYPE_INT; }
const Type *sema_type_real(void) { return &TYPE_REAL; }

size_t sema_type_words(const Type *t)
{
    return t->kind == TY_LAT || t->kind == TY_ITV || t->kind == TY_BNB ? t->lat->nwords : t->kind == TY_FN ? 0 : 1;
}

const Lattice *sema_undual(const Lattice *L)
{
    while (L && lattice_kind(L) == LATTICE_DUAL) L = lattice_inner(L);
    return L;
}

bool sema_numbers_reversed(const Lattice *L)
{
    bool reversed = false;
    for (; L && lattice_kind(L) == LATTICE_DUAL; L = lattice_inner(L)) reversed = !reversed;
    return reversed && L && (lattice_kind(L) == LATTICE_RANGE || lattice_kind(L) == LATTICE_REAL);
}

NumKind sema_num_kind(const Type *t)
{
    switch (t->kind) {
    case TY_INT: return NUM_INT;
    case TY_REAL: return NUM_REAL;
    case TY_LAT:
        if (lattice_kind(sema_undual(t->lat)) == LATTICE_RANGE) return NUM_INT;
        if (lattice_kind(sema_undual(t->lat)) == LATTICE_REAL) return NUM_REAL;
        return NUM_NONE;
    default: return NUM_NONE;
    }
}

/* ====================================================================== the lattice registry */

LatInfo *sema_lat_info(Sema *sema, const Lattice *L) { return hashmap_get_ptr(&sema->latinfo, L); }

static void note_element(Sema *sema, const char *name, LatInfo *li, size_t index, ElemKind kind)
{
    ElemRef *r = arena_alloc(&sema->arena, sizeof *r);
    r->li = li;
    r->index = (uint32_t)index;
    r->kind = kind;
    r->next = hashmap_get_ptr(&sema->elems, name);
    hashmap_put_ptr(&sema->elems, name, r);
}

static void note_elements(Sema *sema, LatInfo *li)
{
    const Lattice *L = li->L;
    if (li->noted) return;
    li->noted = true;
    VEC_PUSH(sema->journal, li);
    ElemKind k = lattice_kind(L) == LATTICE_POWERSET ? ELEM_ATOM
               : lattice_kind(L) == LATTICE_MAP ? ELEM_KEY : ELEM_VALUE;
    size_t n;
    const char *const *names = lattice_names(L, &n);
    for (size_t i = 0; i < n; i++) note_element(sema, names[i], li, i, k);
}

/* How deep L nests lattices: 1 + the depth of its deepest part, value or base (all known). */
static unsigned lat_depth(Sema *sema, const Lattice *L)
{
    unsigned d = 0;
    const Lattice *inner = lattice_inner(L);
    if (inner) d = sema_lat_info(sema, inner)->depth;
    for (size_t i = 0; !inner && i < lattice_nparts(L); i++) {
        unsigned p = sema_lat_info(sema, lattice_part(L, i))->depth;
        if (p > d) d = p;
    }
    return d + 1;
}

/* Lattice operations recurse once per level of nesting, so a lattice nests at most
 * AST_MAX_DEPTH levels, counting through declared names.  Frees L when it is too deep. */
bool sema_lat_depth_ok(Sema *sema, Lattice *L, Loc loc)
{
    if (lat_depth(sema, L) <= AST_MAX_DEPTH) return true;
    diag_error(sema->diag, loc, "lattice nested too deeply (more than %d levels of products, maps and duals)",
               (int)AST_MAX_DEPTH);
    lattice_free(L);
    return false;
}

/* Takes li's names out of Sema.elems again. */
static void unnote_elements(Sema *sema, LatInfo *li)
{
    size_t n;
    const char *const *names = lattice_names(li->L, &n);
    for (size_t i = 0; i < n; i++) {
        ElemRef *head = hashmap_get_ptr(&sema->elems, names[i]), **link = &head;
        while (*link && (*link)->li != li) link = &(*link)->next;
        if (*link) *link = (*link)->next;
        hashmap_put_ptr(&sema->elems, names[i], head);
    }
    li->noted = false;
}

/* A declaration or query that fails registers no names: the names noted while it was checked
 * are forgotten (the lattices stay, unnamed, for lat_intern).  One that succeeds keeps every
 * name noted so far, its own and those of the declarations it used. */
size_t sema_names_mark(Sema *sema) { return sema->journal.count; }

void sema_names_settle(Sema *sema, size_t mark, bool ok)
{
    if (ok) {
        sema->journal.count = 0;
        return;
    }
    while (sema->journal.count > mark) unnote_elements(sema, sema->journal.items[--sema->journal.count]);
}

/* Takes ownership of L. */
LatInfo *sema_lat_register(Sema *sema, Lattice *L)
{
    LatInfo *li = arena_alloc(&sema->arena, sizeof *li);
    li->L = L;
    li->depth = lat_depth(sema, L);
    li->index = (uint32_t)sema->tables.lats.count;
    li->as_lat.kind = TY_LAT;
    li->as_lat.lat = L;
    li->as_atom.kind = TY_ATOM;
    li->as_atom.lat = L;
    VEC_PUSH(sema->tables.lats, L);
    VEC_PUSH(sema->lats, li);
    hashmap_put_ptr(&sema->latinfo, L, li);
    note_elements(sema, li);
    return li;
}

/* A structural lattice: an equal one made before is reused (and fresh freed). */
LatInfo *sema_lat_intern(Sema *sema, Lattice *fresh)
{
    for (size_t i = 0; i < sema->lats.count; i++) {
        Lattice *L = sema->lats.items[i]->L;
        if (!L->name && lattice_equal(L, fresh)) {
            lattice_free(fresh);
            note_elements(sema, sema->lats.items[i]);       /* when a failed declaration forgot them */
            return sema->lats.items[i];
        }
    }
    return sema_lat_register(sema, fresh);
}

const Type *sema_lat_type(Sema *sema, const Lattice *L) { return &sema_lat_info(sema, L)->as_lat; }
const Type *sema_atom_type(Sema *sema, const Lattice *L) { return &sema_lat_info(sema, L)->as_atom; }

/* ====================================================================== symbols */

static Sym *sym_new(Sema *sema, SymKind kind, const char *name, Loc loc, void *ptr)
{
    Sym *s = arena_alloc(&sema->arena, sizeof *s);
    s->kind = kind;
    s->name = arena_strdup(&sema->arena, name);
    s->loc = loc;
    s->ptr = ptr;
    return s;
}

Sym *sema_lookup(Sema *sema, const char *name) { return hashmap_get_ptr(&sema->syms, name); }

bool sema_name_dropped(const Sema *sema, const char *name)
{
    for (size_t i = 0; i < sema->dropped.count; i++)
        if (strcmp(sema->dropped.items[i], name) == 0) return true;
    return false;
}

bool sema_refused_use(Sema *sema, Loc use, const char *name)
{
    if (sema_name_dropped(sema, name)) return true;
    for (size_t i = sema->refused.count; i-- > 0;) {
        const SemaRefused *r = &sema->refused.items[i];
        if (strcmp(r->name, name) != 0) continue;
        unsigned line = 0, col = 0;
        diag_line_col(r->loc.src, r->loc.start, &line, &col);
        diag_error(sema->diag, use, "uses '%s', whose declaration at %s:%u:%u has errors", name,
                   r->loc.src->path, line, col);
        return true;
    }
    return false;
}

/* False (reported) when the name is declared already. */
bool sema_name_free(Sema *sema, Ident id)
{
    Sym *old = sema_lookup(sema, id.name);
    if (!old) return true;
    diag_error(sema->diag, id.loc, "duplicate declaration of '%s'", id.name);
    if (old->loc.src) diag_note(sema->diag, old->loc, "'%s' was first declared here", id.name);
    else diag_note(sema->diag, old->loc, "'%s' is predeclared", id.name);
    return false;
}

bool sema_declare(Sema *sema, SymKind kind, Ident id, void *ptr)
{
    if (!sema_name_free(sema, id)) return false;
    Sym *s = sym_new(sema, kind, id.name, id.loc, ptr);
    hashmap_put_ptr(&sema->syms, s->name, s);
    return true;
}

void sema_undeclare(Sema *sema, const char *name)
{
    if (sema_lookup(sema, name)) hashmap_put_ptr(&sema->syms, name, NULL);
}

const char *sema_sym_kind_name(SymKind k)
{
    switch (k) {
    case SYM_LATTICE: return "a lattice";
    case SYM_FN: return "a function";
    case SYM_GALOIS: return "a Galois insertion";
    case SYM_PROGRAM: return "a program";
    case SYM_GENERIC_LATTICE: return "a generic lattice";
    }
    return "?";
}

/* The lattices that have an element (kind) of this name, deduplicated; the count and the first. */
size_t sema_refs_of_kind(Sema *sema, const char *name, ElemKind kind, const ElemRef **first, const ElemRef **second)
{
    size_t n = 0;
    *first = *second = NULL;
    for (const ElemRef *r = hashmap_get_ptr(&sema->elems, name); r; r = r->next) {
        if (r->kind != kind) continue;
        if (*first && lattice_equal((*first)->li->L, r->li->L)) continue;
        if (n == 0) *first = r;
        else if (n == 1) *second = r;
        n++;
    }
    return n;
}

/* A new function of the context, registered in the tables (its index the operand of CALL). */
FnEntry *sema_fn_new(Sema *sema, const char *name, Loc loc, size_t nparams, Annotation ann)
{
    FnEntry *fe = arena_alloc(&sema->arena, sizeof *fe);
    FnSym *f = &fe->sym;
    f->name = arena_strdup(&sema->arena, name);
    f->loc = loc;
    f->nparams = nparams;
    f->param_names = arena_alloc(&sema->arena, (nparams ? nparams : 1) * sizeof *f->param_names);
    f->params = arena_alloc(&sema->arena, (nparams ? nparams : 1) * sizeof *f->params);
    f->ann = ann;
    fe->index = (uint32_t)sema->tables.fns.count;
    VEC_PUSH(sema->tables.fns, f);
    VEC_PUSH(sema->fns, fe);
    return fe;
}

void sema_init(Sema *sema, Diag *diag, const struct SemaWalk *walk)
{
    memset(sema, 0, sizeof *sema);
    sema->diag = diag;
    sema->walk = walk;
    arena_init(&sema->arena);
    hashmap_init_str(&sema->syms);
    hashmap_init_str(&sema->elems);
    hashmap_init_str(&sema->instances);
    hashmap_init_ptr(&sema->latinfo);
    const char *bools[2] = { "false", "true" };
    Lattice *B = lattice_chain_new(bools, 2);
    B->name = "Bool";
    sema->bool_lat = sema_lat_register(sema, B);
    Loc none = { NULL, 0, 0 };
    hashmap_put_ptr(&sema->syms, "Bool", sym_new(sema, SYM_LATTICE, "Bool", none, sema->bool_lat));
}

void sema_free(Sema *sema)
{
    for (size_t i = 0; i < sema->fns.count; i++) ir_chunk_free(sema->fns.items[i]->sym.chunk);
    for (size_t i = 0; i < sema->lats.count; i++) lattice_free(sema->lats.items[i]->L);
    VEC_FREE(sema->fns);
    VEC_FREE(sema->lats);
    VEC_FREE(sema->journal);
    VEC_FREE(sema->tables.lats);
    VEC_FREE(sema->tables.fns);
    VEC_FREE(sema->tables.progs);
    VEC_FREE(sema->tables.bnbs);
    hashmap_free(&sema->syms);
    hashmap_free(&sema->elems);
    hashmap_free(&sema->instances);
    hashmap_free(&sema->latinfo);
    VEC_FREE(sema->dropped);
    VEC_FREE(sema->refused);
    arena_free(&sema->arena);
}
