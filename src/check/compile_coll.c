/* compile_coll.c: collections to IR (the checker's side is sema_coll.c): the enumeration of
 * a finite lattice behind fixpoints(f) and elements(L), the loops over a collection's items
 * (forall, exists, comprehensions, fold) and the operators on collections. */
#include "check/compile_internal.h"

/* Does e use no local of the frame below slot base (none bound outside it)? */
static bool closed_above(const Expr *e, long base)
{
    if (!e) return true;
    if (e->kind == E_NAME && e->resolved && ((const Resolution *)e->resolved)->kind == RES_LOCAL && e->slot < base)
        return false;
    if (!closed_above(e->a, base) || !closed_above(e->b, base) || !closed_above(e->c, base)) return false;
    for (size_t i = 0; i < e->nargs; i++)
        if (!closed_above(e->args[i], base)) return false;
    return true;
}

/* fixpoints(f) / elements(L): a new collection on the stack while x runs over L from bot to
 * top (ENUM_NEXT), x appended when f(x) == x (e->a the call f(x); none: always).  Slots: x,
 * lo, hi.  When f uses no local (functions are pure), the collection is the same wherever it
 * is met: built once a run, then kept (COLL_CACHED, COLL_KEEP). */
void compile_enumeration(Compiler *c, const Expr *e)
{
    const LatInfo *li = e->resolved;
    const Lattice *L = li->L;
    uint32_t W = (uint32_t)L->nwords, x = (uint32_t)e->slot, lo = x + W, hi = x + 2 * W;
    bool closed = closed_above(e->a, e->slot);
    uint32_t site = (uint32_t)ir_offset(c->ch);
    size_t cached = closed ? ir_emit(c->ch, e->loc, IR_COLL_CACHED, li->index, site, 0, 0) : 0;
    compile_emit_lat(c, e->loc, IR_COLL_NEW, L);
    compile_emit_point(c, e->loc, L, true);
    compile_emit_store(c, e->loc, hi, W);
    compile_emit_point(c, e->loc, L, false);
    compile_emit_store(c, e->loc, lo, W);
    compile_emit_point(c, e->loc, L, false);
    compile_emit_store(c, e->loc, x, W);
    size_t loop = ir_offset(c->ch), skip = 0;
    if (e->a) {
        compile_to_lat(c, e->a, L);
        compile_emit_load(c, e->loc, x, W);
        compile_emit_lat(c, e->loc, IR_LAT_EQ, L);
        skip = compile_emit_jump(c, e->loc, IR_JUMP_IF_FALSE);
    }
    compile_emit_load(c, e->loc, x, W);
    compile_emit2(c, e->loc, IR_COLL_ADD, li->index, 0);
    if (e->a) compile_patch_here(c, skip, 0);
    size_t done = ir_emit(c->ch, e->loc, IR_ENUM_NEXT, li->index, lo, x, 0);
    compile_emit1(c, e->loc, IR_JUMP, (uint32_t)loop);
    compile_patch_here(c, done, 3);
    if (!closed) return;
    compile_emit2(c, e->loc, IR_COLL_KEEP, li->index, site);
    compile_patch_here(c, cached, 3);
}

/* atoms(L): a new collection of L's singletons, {a1}, {a2}, ..., built once a run (it
 * depends on nothing) and kept. */
void compile_atoms(Compiler *c, const Expr *e)
{
    const LatInfo *li = e->resolved;
    const Lattice *P = sema_undual(li->L);
    size_t natoms;
    lattice_names(P, &natoms);
    uint32_t site = (uint32_t)ir_offset(c->ch);
    size_t cached = ir_emit(c->ch, e->loc, IR_COLL_CACHED, li->index, site, 0, 0);
    compile_emit_lat(c, e->loc, IR_COLL_NEW, li->L);
    for (size_t i = 0; i < natoms; i++) {
        compile_emit_point(c, e->loc, P, false);
        compile_emit_int(c, e->loc, (int64_t)i);
        compile_emit_lat(c, e->loc, IR_SET_ADD, P);
        compile_emit2(c, e->loc, IR_COLL_ADD, li->index, 0);
    }
    compile_emit2(c, e->loc, IR_COLL_KEEP, li->index, site);
    compile_patch_here(c, cached, 3);
}

/* keys(M): a new collection of the keys of the map lattice M, 0, 1, ..., as atoms (one word
 * each), built once a run and kept. */
void compile_keys(Compiler *c, const Expr *e)
{
    const LatInfo *li = e->resolved;
    size_t nkeys = lattice_name_count(li->L);
    uint32_t site = (uint32_t)ir_offset(c->ch);
    size_t cached = ir_emit(c->ch, e->loc, IR_COLL_CACHED, IR_ATOM_ITEMS, site, 0, 0);
    compile_emit1(c, e->loc, IR_COLL_NEW, IR_ATOM_ITEMS);
    for (size_t i = 0; i < nkeys; i++) {
        compile_emit_int(c, e->loc, (int64_t)i);
        compile_emit2(c, e->loc, IR_COLL_ADD, IR_ATOM_ITEMS, 0);
    }
    compile_emit2(c, e->loc, IR_COLL_KEEP, IR_ATOM_ITEMS, site);
    compile_patch_here(c, cached, 3);
}

/* The lattice operand of the COLL_ instructions on a collection of type t. */
static uint32_t coll_operand(Compiler *c, const Type *t)
{
    return type_atom_items(t) ? IR_ATOM_ITEMS : compile_lat_index(c, t->lat);
}

/* The collection coll into slot at, its index (slot at + 1) set to 0. */
static void store_iteration(Compiler *c, const Expr *coll, uint32_t at)
{
    compile_expr(c, coll);
    compile_emit_store(c, coll->loc, at, 1);
    compile_emit_int(c, coll->loc, 0);
    compile_emit_store(c, coll->loc, at + 1, 1);
}

/* The collection e->a into the slots after the W words of the item variable at e->slot, its
 * index set to 0; returns its lattice. */
const Lattice *compile_coll_start(Compiler *c, const Expr *e)
{
    store_iteration(c, e->a, (uint32_t)e->slot + (uint32_t)type_item_words(e->a->type));
    return e->a->type->lat;
}

/* The item variable := the next item; none left: jump to the operand 3 patched later. */
size_t compile_coll_next(Compiler *c, const Expr *e)
{
    uint32_t x = (uint32_t)e->slot;
    const Type *t = e->a->type;
    return ir_emit(c->ch, e->loc, IR_COLL_NEXT, coll_operand(c, t), x + (uint32_t)type_item_words(t), x, 0);
}

/* {x in c | cond} (the items that pass) and {img | x in c} (the images, each once): the new
 * collection stays on the stack while the loop runs. */
void compile_coll_comprehension(Compiler *c, const Expr *e)
{
    compile_coll_start(c, e);
    uint32_t R = coll_operand(c, e->type);
    compile_emit1(c, e->loc, IR_COLL_NEW, R);
    size_t loop = ir_offset(c->ch);
    size_t next = compile_coll_next(c, e);
    if (e->b) {
        compile_expr(c, e->b);
        compile_emit1(c, e->b->loc, IR_JUMP_IF_FALSE, (uint32_t)loop);
    }
    if (e->c && type_atom_items(e->type)) compile_expr(c, e->c);
    else if (e->c) compile_to_lat(c, e->c, e->type->lat);
    else compile_emit_load(c, e->loc, (uint32_t)e->slot, (uint32_t)type_item_words(e->a->type));
    compile_emit2(c, e->loc, IR_COLL_ADD, R, e->c ? 1 : 0);
    compile_emit1(c, e->loc, IR_JUMP, (uint32_t)loop);
    compile_patch_here(c, next, 3);
}

/* fold: $acc := z, then $acc := step for each item $x; the result is $acc.  Slots: $acc (in M),
 * the collection, its index, $x.  The collection and z were checked before those slots were
 * taken, so a loop inside either may use them: both are computed onto the stack first, and
 * stored only once neither runs any more. */
void compile_fold(Compiler *c, const Expr *e)
{
    const LatInfo *mi = e->resolved;
    const Lattice *M = mi->L;
    uint32_t acc = (uint32_t)e->slot, Wm = (uint32_t)M->nwords, at = acc + Wm, x = at + 2;
    compile_expr(c, e->a);
    compile_to_lat(c, e->b, M);
    compile_emit_store(c, e->b->loc, acc, Wm);
    compile_emit_store(c, e->a->loc, at, 1);
    compile_emit_int(c, e->a->loc, 0);
    compile_emit_store(c, e->a->loc, at + 1, 1);
    size_t loop = ir_offset(c->ch);
    size_t done = ir_emit(c->ch, e->loc, IR_COLL_NEXT, coll_operand(c, e->a->type), at, x, 0);
    compile_to_lat(c, e->c, M);
    compile_emit_store(c, e->c->loc, acc, Wm);
    compile_emit1(c, e->loc, IR_JUMP, (uint32_t)loop);
    compile_patch_here(c, done, 3);
    compile_emit_load(c, e->loc, acc, Wm);
}

/* x in c, after x (converted to c's lattice by its ascription) was compiled. */
void compile_coll_has(Compiler *c, const Expr *e)
{
    compile_expr(c, e->b);
    compile_emit1(c, e->loc, IR_COLL_HAS, coll_operand(c, e->b->type));
}

/* c1 == c2, c1 != c2, after c1 was compiled. */
void compile_coll_equal(Compiler *c, const Expr *e)
{
    compile_expr(c, e->b);
    compile_emit1(c, e->loc, IR_COLL_EQ, coll_operand(c, e->a->type));
    if (e->op == OP_NE) compile_emit(c, e->loc, IR_NOT);
}
