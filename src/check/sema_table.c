/* sema_table.c: functions defined by a table, `fn f(x: L): M = table { k -> v, ... };`, on a
 * finite lattice L.  The table stands for the chain `if x == k1 then v1 else if ... else vn`,
 * which is what gets checked and compiled; then every key must be a constant element of L
 * (names, numbers, booleans, bot/top, tuples, sets and maps of those) and every element of L
 * must be listed exactly once. */
#include "check/sema_table.h"
#include "check/sema_internal.h"

#include "util/bitset.h"

enum { TABLE_MAX_ELEMENTS = 4096 };

static Expr *node(Checker *c, ExprKind kind, Loc loc)
{
    Expr *e = arena_alloc(&c->sema->arena, sizeof *e);
    e->kind = kind;
    e->loc = loc;
    e->slot = -1;
    return e;
}

/* The chain the table stands for, or NULL (reported) when f cannot have a table. */
Expr *sema_table_chain(Checker *c, const FnSym *f, Expr *table)
{
    if (f->nparams != 1) {
        check_fail(c, table->loc, "a table defines a function of one parameter; '%s' has %zu", f->name, f->nparams);
        return NULL;
    }
    const Lattice *L = f->params[0];
    if (!L->finite || L->log2_card > 12.0) {
        check_fail(c, table->loc, "a table lists every element of its parameter's lattice, so it needs "
                   "a finite lattice of at most %d elements; %s is not one", TABLE_MAX_ELEMENTS,
                   check_describe_lat(c, L));
        return NULL;
    }
    size_t n = table->nargs / 2;
    Expr *chain = table->args[2 * n - 1];
    for (size_t i = n - 1; i-- > 0;) {
        Expr *x = node(c, E_NAME, table->args[2 * i]->loc);
        x->name.name = f->param_names[0];
        x->name.loc = x->loc;
        Expr *test = node(c, E_BINARY, table->args[2 * i]->loc);
        test->op = OP_EQ;
        test->a = x;
        test->b = table->args[2 * i];
        Expr *branch = node(c, E_IF, table->args[2 * i]->loc);
        branch->a = test;
        branch->b = table->args[2 * i + 1];
        branch->c = chain;
        chain = branch;
    }
    return chain;
}

static bool default_map_value(const Expr *k, const Lattice *L, Word *out);

/* The element a constant key denotes, written into out (L's words); false when k is no
 * constant.  k has been checked against L. */
static bool key_value(const Expr *k, const Lattice *L, Word *out)
{
    const Resolution *r = k->resolved;
    switch (k->kind) {
    case E_BOOL: case E_INT: out[0] = word_from_int(k->ival); return true;
    case E_UNARY:
        if (k->op != OP_NEG || k->a->kind != E_INT) return false;
        out[0] = word_from_int(-k->a->ival);
        return true;
    case E_BOT: L->ops->bot(L, out); return true;
    case E_TOP: L->ops->top(L, out); return true;
    case E_NAME:
        if (!r || r->kind != RES_ELEM) return false;
        out[0] = r->index;
        return true;
    case E_ASCRIBE: return key_value(k->a, L, out);
    case E_TUPLE:
        for (size_t i = 0; i < k->nargs; i++)
            if (!key_value(k->args[i], lattice_part(L, i), out + lattice_part_offset(L, i))) return false;
        return true;
    case E_MAP:
        for (size_t i = 0; i < k->nargs; i++) {
            size_t at = (size_t)lattice_name_index(L, k->keys[i].name);
            if (!key_value(k->args[i], lattice_inner(L), out + lattice_part_offset(L, at))) return false;
        }
        return true;
    case E_LET: return default_map_value(k, L, out);
    case E_SET:
        memset(out, 0, L->nwords * sizeof *out);
        for (size_t i = 0; i < k->nargs; i++) {
            r = k->args[i]->resolved;
            if (k->args[i]->kind != E_NAME || !r || r->kind != RES_ATOM) return false;
            bitset_add(out, r->index);
        }
        return true;
    default: return false;
    }
}

/* A map literal with a default, {x -> v, _ -> d} (sema_map.c made it `let slot = d in {x -> v,
 * y -> slot}`): its keys read from the slot are d. */
static bool default_map_value(const Expr *k, const Lattice *L, Word *out)
{
    const Expr *map = k->b;
    if (map->kind != E_MAP || k->a->kind != E_ASCRIBE || lattice_kind(L) != LATTICE_MAP) return false;
    const Lattice *V = lattice_inner(L);
    for (size_t i = 0; i < map->nargs; i++) {
        const Expr *v = map->args[i];
        const Resolution *r = v->resolved;
        bool from_slot = v->kind == E_NAME && r && r->kind == RES_LOCAL && v->slot == k->slot;
        size_t at = lattice_part_offset(L, (size_t)lattice_name_index(L, map->keys[i].name));
        if (!key_value(from_slot ? k->a->a : v, V, out + at)) return false;
    }
    return true;
}

/* Lists the elements of L no key names (at most a few) into out; their number. */
static size_t missing_elements(const Lattice *L, const Word *keys, size_t nkeys, Buf *out)
{
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L), *cur = lattice_elem_new(L);
    L->ops->bot(L, lo);
    L->ops->top(L, hi);
    lattice_copy(L, cur, lo);
    size_t missing = 0;
    do {
        bool found = false;
        for (size_t i = 0; i < nkeys && !found; i++) found = L->ops->eq(L, cur, keys + i * L->nwords);
        if (found) continue;
        if (++missing <= 4) {
            char *s = lattice_to_string(L, cur);
            buf_printf(out, "%s%s", missing > 1 ? ", " : "", s);
            mem_free(s);
        }
    } while (L->ops->next(L, lo, hi, cur));
    if (missing > 4) buf_printf(out, " and %zu more", missing - 4);
    mem_free(lo);
    mem_free(hi);
    mem_free(cur);
    return missing;
}

/* After the chain was checked: every key a constant, none twice, every element listed. */
bool sema_table_complete(Checker *c, const FnSym *f, const Expr *table)
{
    const Lattice *L = f->params[0];
    size_t n = table->nargs / 2, W = L->nwords;
    Word *keys = mem_calloc(n * W + 1, sizeof *keys);
    /* the chain ends in the last value without testing its key: check that key here */
    bool ok = check_against(c, table->args[2 * n - 2], L)->kind != TY_ERROR;
    for (size_t i = 0; ok && i < n; i++) {
        const Expr *k = table->args[2 * i];
        if (!key_value(k, L, keys + i * W)) {
            check_fail(c, k->loc, "a table key must be a constant element of %s", check_describe_lat(c, L));
            ok = false;
            continue;
        }
        for (size_t j = 0; j < i; j++) {
            if (!L->ops->eq(L, keys + i * W, keys + j * W)) continue;
            char *s = lattice_to_string(L, keys + i * W);
            check_fail(c, k->loc, "%s is listed twice in the table of '%s'", s, f->name);
            mem_free(s);
            ok = false;
            break;
        }
    }
    if (ok) {
        Buf b;
        buf_init(&b);
        if (missing_elements(L, keys, n, &b) > 0) {
            check_fail(c, table->loc, "the table of '%s' does not list %s (every element of %s needs a case)",
                       f->name, buf_cstr(&b), check_describe_lat(c, L));
            ok = false;
        }
        buf_free(&b);
    }
    mem_free(keys);
    return ok;
}
