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

LatInfo *sema_lat_info(Context *m, const Lattice *L) { return hashmap_get_ptr(&m->latinfo, L); }

static void note_element(Context *m, const char *name, LatInfo *li, size_t index, ElemKind kind)
{
    ElemRef *r = arena_alloc(&m->arena, sizeof *r);
    r->li = li;
    r->index = (uint32_t)index;
    r->kind = kind;
    r->next = hashmap_get_ptr(&m->elems, name);
    hashmap_put_ptr(&m->elems, name, r);
}

static void note_elements(Context *m, LatInfo *li)
{
    const Lattice *L = li->L;
    if (li->noted) return;
    li->noted = true;
    VEC_PUSH(m->journal, li);
    ElemKind k = lattice_kind(L) == LATTICE_POWERSET ? ELEM_ATOM
               : lattice_kind(L) == LATTICE_MAP ? ELEM_KEY : ELEM_VALUE;
    size_t n;
    const char *const *names = lattice_names(L, &n);
    for (size_t i = 0; i < n; i++) note_element(m, names[i], li, i, k);
}

/* How deep L nests lattices: 1 + the depth of its deepest part, value or base (all known). */
static unsigned lat_depth(Context *m, const Lattice *L)
{
    unsigned d = 0;
    const Lattice *inner = lattice_inner(L);
    if (inner) d = sema_lat_info(m, inner)->depth;
    for (size_t i = 0; !inner && i < lattice_nparts(L); i++) {
        unsigned p = sema_lat_info(m, lattice_part(L, i))->depth;
        if (p > d) d = p;
    }
    return d + 1;
}

/* Lattice operations recurse once per level of nesting, so a lattice nests at most
 * AST_MAX_DEPTH levels, counting through declared names.  Frees L when it is too deep. */
bool sema_lat_depth_ok(Context *m, Lattice *L, Loc loc)
{
    if (lat_depth(m, L) <= AST_MAX_DEPTH) return true;
    diag_error(m->diag, loc, "lattice nested too deeply (more than %d levels of products, maps and duals)",
               (int)AST_MAX_DEPTH);
    lattice_free(L);
    return false;
}

/* Takes li's names out of Context.elems again. */
static void unnote_elements(Context *m, LatInfo *li)
{
    size_t n;
    const char *const *names = lattice_names(li->L, &n);
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
size_t sema_names_mark(Context *m) { return m->journal.count; }

void sema_names_settle(Context *m, size_t mark, bool ok)
{
    if (ok) {
        m->journal.count = 0;
        return;
    }
    while (m->journal.count > mark) unnote_elements(m, m->journal.items[--m->journal.count]);
}

/* Takes ownership of L. */
LatInfo *sema_lat_register(Context *m, Lattice *L)
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
LatInfo *sema_lat_intern(Context *m, Lattice *fresh)
{
    for (size_t i = 0; i < m->lats.count; i++) {
        Lattice *L = m->lats.items[i]->L;
        if (!L->name && lattice_equal(L, fresh)) {
            lattice_free(fresh);
            note_elements(m, m->lats.items[i]);       /* when a failed declaration forgot them */
            return m->lats.items[i];
        }
    }
    return sema_lat_register(m, fresh);
}

const Type *sema_lat_type(Context *m, const Lattice *L) { return &sema_lat_info(m, L)->as_lat; }
const Type *sema_atom_type(Context *m, const Lattice *L) { return &sema_lat_info(m, L)->as_atom; }

/* ====================================================================== symbols */

static Sym *sym_new(Context *m, SymKind kind, const char *name, Loc loc, void *ptr)
{
    Sym *s = arena_alloc(&m->arena, sizeof *s);
    s->kind = kind;
    s->name = arena_strdup(&m->arena, name);
    s->loc = loc;
    s->ptr = ptr;
    return s;
}

Sym *sema_lookup(Context *m, const char *name) { return hashmap_get_ptr(&m->syms, name); }

bool sema_name_dropped(const Context *m, const char *name)
{
    for (size_t i = 0; i < m->dropped.count; i++)
        if (strcmp(m->dropped.items[i], name) == 0) return true;
    return false;
}

/* False (reported) when the name is declared already. */
bool sema_name_free(Context *m, Ident id)
{
    Sym *old = sema_lookup(m, id.name);
    if (!old) return true;
    diag_error(m->diag, id.loc, "duplicate declaration of '%s'", id.name);
    if (old->loc.src) diag_note(m->diag, old->loc, "'%s' was first declared here", id.name);
    else diag_note(m->diag, old->loc, "'%s' is predeclared", id.name);
    return false;
}

bool sema_declare(Context *m, SymKind kind, Ident id, void *ptr)
{
    if (!sema_name_free(m, id)) return false;
    Sym *s = sym_new(m, kind, id.name, id.loc, ptr);
    hashmap_put_ptr(&m->syms, s->name, s);
    return true;
}

void sema_undeclare(Context *m, const char *name)
{
    if (sema_lookup(m, name)) hashmap_put_ptr(&m->syms, name, NULL);
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

void sema_init(Context *m)
{
    hashmap_init_str(&m->syms);
    hashmap_init_str(&m->elems);
    hashmap_init_str(&m->instances);
    hashmap_init_ptr(&m->latinfo);
    const char *bools[2] = { "false", "true" };
    Lattice *B = lattice_chain_new(bools, 2);
    B->name = "Bool";
    m->bool_lat = sema_lat_register(m, B);
    Loc none = { NULL, 0, 0 };
    hashmap_put_ptr(&m->syms, "Bool", sym_new(m, SYM_LATTICE, "Bool", none, m->bool_lat));
}

void sema_free(Context *m)
{
    for (size_t i = 0; i < m->fns.count; i++) ir_chunk_free(m->fns.items[i]->sym.chunk);
    for (size_t i = 0; i < m->lats.count; i++) lattice_free(m->lats.items[i]->L);
    VEC_FREE(m->fns);
    VEC_FREE(m->lats);
    VEC_FREE(m->journal);
    VEC_FREE(m->tables.lats);
    VEC_FREE(m->tables.fns);
    VEC_FREE(m->tables.progs);
    VEC_FREE(m->tables.bnbs);
    hashmap_free(&m->syms);
    hashmap_free(&m->elems);
    hashmap_free(&m->instances);
    hashmap_free(&m->latinfo);
}
