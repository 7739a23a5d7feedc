/* compile.c: AST -> IR.  Every expression pushes its value (sema_type_words of its type) on
 * the VM stack; conversions into an expected lattice (range and real checks) are emitted here. */
#include "check/compile_internal.h"
#include "check/tone.h"
#include "code/fuse.h"

#include <math.h>

typedef enum { NUM_NONE, NUM_INT, NUM_REAL } NumKind;

enum { LEN_CONST_INT = 5 };     /* bytes of a CONST_INT: the opcode and one operand */

static NumKind num_kind(const Type *t)
{
    if (t->kind == TY_INT) return NUM_INT;
    if (t->kind == TY_REAL) return NUM_REAL;
    if (t->kind == TY_LAT && lattice_kind(sema_undual(t->lat)) == LATTICE_RANGE) return NUM_INT;
    if (t->kind == TY_LAT && lattice_kind(sema_undual(t->lat)) == LATTICE_REAL) return NUM_REAL;
    return NUM_NONE;
}

/* An element the checker computed: a constant, word by word when it is wider than one. */
static void emit_const(Compiler *c, const Expr *e)
{
    const Lattice *L = e->type->lat;
    if (L->nwords == 1) {
        compile_emit_elem(c, e->loc, L, e->cval[0]);
        return;
    }
    for (size_t i = 0; i < L->nwords; i++) compile_emit1(c, e->loc, IR_CONST_INT, ir_const(c->ch, e->cval[i]));
}

static void emit_real(Compiler *c, Loc loc, double v) { compile_emit1(c, loc, IR_CONST_REAL, ir_const(c->ch, word_from_double(v))); }

/* ---- conversions ---- */

static bool literal_inside(const Expr *e, const Lattice *L)
{
    double v;
    if (e->kind == E_INT) v = (double)e->ival;
    else if (e->kind == E_REAL) v = e->rval;
    else return false;
    int64_t ilo, ihi;
    if (lattice_int_bounds(L, &ilo, &ihi)) return e->kind == E_INT && e->ival >= ilo && e->ival <= ihi;
    double lo, hi;
    lattice_real_bounds(L, &lo, &hi);
    return v >= lo && v <= hi;
}

/* A numeric lattice whose bounds lie inside L's: no check needed. */
static bool bounds_inside(const Type *from, const Lattice *L)
{
    if (from->kind != TY_LAT) return false;
    const Lattice *F = sema_undual(from->lat);
    int64_t ilo, ihi, jlo, jhi;
    if (lattice_int_bounds(F, &ilo, &ihi) && lattice_int_bounds(L, &jlo, &jhi)) return ilo >= jlo && ihi <= jhi;
    double lo, hi, rlo, rhi;
    if (lattice_real_bounds(F, &lo, &hi) && lattice_real_bounds(L, &rlo, &rhi)) return lo >= rlo && hi <= rhi;
    return false;
}

/* A range or real check of L (CHECK_INT or CHECK_REALK): its bounds as two constants in a
 * row. */
static void emit_check_bounds(Compiler *c, Loc loc, const Lattice *L, bool real)
{
    int64_t ilo = 0, ihi = 0;
    double rlo = 0, rhi = 0;
    if (real) lattice_real_bounds(L, &rlo, &rhi);
    else lattice_int_bounds(L, &ilo, &ihi);
    uint32_t k = (uint32_t)c->ch->consts.count;
    VEC_PUSH(c->ch->consts, real ? word_from_double(rlo) : word_from_int(ilo));
    VEC_PUSH(c->ch->consts, real ? word_from_double(rhi) : word_from_int(ihi));
    ir_emit(c->ch, loc, real ? IR_CHECK_REALK : IR_CHECK_INT, compile_lat_index(c, L), k, 0, 0);
}

/* Converts the value on top (of type from, computed by e) to type want. */
static void convert(Compiler *c, const Expr *e, const Type *from, const Type *want)
{
    NumKind k = num_kind(from);
    if (want->kind == TY_REAL) {
        if (k == NUM_INT) compile_emit(c, e->loc, IR_I2R);
        return;
    }
    if (want->kind != TY_LAT) return;
    if (from->kind == TY_LAT && lattice_equal(from->lat, want->lat)) return;
    const Lattice *L = sema_undual(want->lat);      /* a dual range holds the numbers of its base */
    if (lattice_kind(L) == LATTICE_RANGE && k == NUM_INT) {
        if (!literal_inside(e, L) && !bounds_inside(from, L)) emit_check_bounds(c, e->loc, L, false);
    } else if (lattice_kind(L) == LATTICE_REAL && k != NUM_NONE) {
        if (k == NUM_INT) compile_emit(c, e->loc, IR_I2R);
        if (!literal_inside(e, L) && !bounds_inside(from, L)) emit_check_bounds(c, e->loc, L, true);
    }
}

static void compile_to(Compiler *c, const Expr *e, const Type *want)
{
    if (e->kind == E_INT && num_kind(want) == NUM_REAL) {     /* an integer literal as a real */
        emit_real(c, e->loc, (double)e->ival);
        convert(c, e, sema_type_real(), want);
        return;
    }
    compile_expr(c, e);
    convert(c, e, e->type, want);
}

static void to_lat(Compiler *c, const Expr *e, const Lattice *L)
{
    compile_to(c, e, &sema_lat_info(c->sema, L)->as_lat);
}

/* ---- names and structures ---- */

/* The integer e always is (a literal; an atom, chain or finite element name), when it is one. */
static bool int_constant(const Expr *e, int64_t *v)
{
    if (e->kind == E_INT) {
        *v = e->ival;
        return true;
    }
    if (e->kind != E_NAME) return false;
    const Resolution *r = e->resolved;
    if (r->kind != RES_ELEM && r->kind != RES_ATOM) return false;
    *v = (int64_t)r->index;
    return true;
}


static void compile_name(Compiler *c, const Expr *e)
{
    const Resolution *r = e->resolved;
    switch (r->kind) {
    case RES_LOCAL: compile_emit_load(c, e->loc, (uint32_t)e->slot, (uint32_t)sema_type_words(e->type)); break;
    case RES_ELEM:                  /* an element of its lattice (the interval evaluator tags it so) */
        if (e->type->kind == TY_LAT && e->type->lat->nwords == 1) compile_emit_elem(c, e->loc, e->type->lat, (Word)r->index);
        else compile_emit_int(c, e->loc, r->index);
        break;
    case RES_ATOM: compile_emit_int(c, e->loc, r->index); break;
    case RES_LATTICE: compile_emit_point(c, e->loc, sema_undual(r->li->L), true); break;   /* every atom: a dual's bot */
    }
}

/* x.1.2 of a local: the frame slot of the component, or -1. */
static long local_component_slot(const Expr *e)
{
    if (e->kind == E_NAME) {
        const Resolution *r = e->resolved;
        return r->kind == RES_LOCAL ? e->slot : -1;
    }
    if (e->kind != E_PROJ) return -1;
    long base = local_component_slot(e->a);
    if (base < 0) return -1;
    const Lattice *P = e->a->type->lat;
    return base + (long)lattice_part_offset(P, (size_t)e->ival - 1);
}

static void compile_proj(Compiler *c, const Expr *e)
{
    long slot = local_component_slot(e);
    if (slot >= 0) {
        compile_emit_load(c, e->loc, (uint32_t)slot, (uint32_t)sema_type_words(e->type));
        return;
    }
    compile_expr(c, e->a);
    compile_emit2(c, e->loc, IR_PROJ, compile_lat_index(c, e->a->type->lat), (uint32_t)(e->ival - 1));
}

static void compile_tuple(Compiler *c, const Expr *e)
{
    const Lattice *P = e->type->lat;
    for (size_t i = 0; i < e->nargs; i++) compile_to_lat(c, e->args[i], lattice_part(P, i));
}

/* A set of atoms all named, of a powerset of one word: its bits, as a constant. */
static bool compile_constant_set(Compiler *c, const Expr *e, const Lattice *P)
{
    if (P->nwords != 1) return false;
    Word bits = 0;
    for (size_t i = 0; i < e->nargs; i++) {
        int64_t a;
        if (!int_constant(e->args[i], &a) || a < 0 || a >= 64) return false;
        bits |= (Word)1 << a;
    }
    compile_emit_elem(c, e->loc, P, bits);
    return true;
}

static void compile_set(Compiler *c, const Expr *e)
{
    const Lattice *P = sema_undual(e->type->lat);
    if (compile_constant_set(c, e, P)) return;
    compile_emit_point(c, e->loc, P, false);
    for (size_t i = 0; i < e->nargs; i++) {
        compile_expr(c, e->args[i]);
        compile_emit_lat(c, e->args[i]->loc, IR_SET_ADD, P);
    }
}

static void compile_map(Compiler *c, const Expr *e)
{
    const Lattice *M = e->type->lat;
    size_t nkeys;
    const char *const *keys = lattice_names(M, &nkeys);
    for (size_t k = 0; k < nkeys; k++)
        for (size_t i = 0; i < e->nargs; i++)
            if (strcmp(e->keys[i].name, keys[k]) == 0) compile_to_lat(c, e->args[i], lattice_inner(M));
}

static void compile_index(Compiler *c, const Expr *e)
{
    const Lattice *M = e->a->type->lat;
    compile_expr(c, e->a);
    const Resolution *r = e->b->kind == E_NAME ? e->b->resolved : NULL;
    if (r && r->kind == RES_ATOM) {
        compile_emit2(c, e->loc, IR_MAP_GET, compile_lat_index(c, M), r->index);
        return;
    }
    compile_expr(c, e->b);
    compile_emit_lat(c, e->loc, IR_MAP_INDEX, M);
}

/* ---- operators ---- */

/* Does every leaf of L pass `leaf`: L itself, or what its products and maps hold (and, with
 * through_dual, what its duals are built over)? */
static bool all_leaves(const Lattice *L, bool through_dual, bool (*leaf)(const Lattice *))
{
    LatticeKind kind = lattice_kind(L);
    if (kind == LATTICE_MAP || (kind == LATTICE_DUAL && through_dual))
        return all_leaves(lattice_inner(L), through_dual, leaf);
    if (kind != LATTICE_PRODUCT) return leaf(L);
    for (size_t i = 0; i < lattice_nparts(L); i++)
        if (!all_leaves(lattice_part(L, i), through_dual, leaf)) return false;
    return true;
}

static bool powerset_leaf(const Lattice *L) { return lattice_kind(L) == LATTICE_POWERSET; }
static bool exact_leaf(const Lattice *L) { return lattice_kind(L) != LATTICE_REAL; }

/* A lattice whose elements are bit sets word for word (powersets, and products and maps of
 * them): join is |, meet &, the order inclusion. */
static bool bits_lattice(const Lattice *L) { return all_leaves(L, false, powerset_leaf); }

/* A lattice whose equality is that of its words: every kind but reals and what holds them. */
static bool plain_lattice(const Lattice *L) { return all_leaves(L, true, exact_leaf); }

/* A one-word total order kept as an integer (ranges and chains): join is max, meet min. */
static bool int_order(const Lattice *L)
{
    return lattice_kind(L) == LATTICE_RANGE || lattice_kind(L) == LATTICE_CHAIN;
}

/* op_K with b's constant instead of pushing it and op, when b is a constant. */
static bool emit_with_constant(Compiler *c, const Expr *e, const Expr *b, Opcode op_k)
{
    int64_t v;
    if (!int_constant(b, &v)) return false;
    compile_emit1(c, e->loc, op_k, ir_const(c->ch, word_from_int(v)));
    return true;
}

static void compile_unary(Compiler *c, const Expr *e)
{
    compile_expr(c, e->a);
    if (e->op == OP_NOT) compile_emit(c, e->loc, IR_NOT);
    else compile_emit(c, e->loc, num_kind(e->type) == NUM_REAL ? IR_NEG_R : IR_NEG_I);
}

/* A binary operator compiles its left operand, converts it (to left_target, when not NULL),
 * then compiles the rest: binary_rest.  Chains are compiled in a loop (see compile_expr). */

static const Type *number_type(const Type *a, const Type *b)
{
    return num_kind(a) == NUM_REAL || num_kind(b) == NUM_REAL ? sema_type_real() : sema_type_int();
}

/* What both operands of a comparison are converted to: int or real (numbers), the lattice's
 * type (lattice elements), or NULL (atoms, compared as they are). */
static const Type *compare_target(Compiler *c, const Expr *e)
{
    const Type *ta = e->a->type, *tb = e->b->type;
    if (num_kind(ta) != NUM_NONE && num_kind(tb) != NUM_NONE) return number_type(ta, tb);
    if (ta->kind == TY_ATOM || tb->kind == TY_ATOM) return NULL;
    const Lattice *L = ta->kind == TY_LAT ? ta->lat : tb->lat;
    return &sema_lat_info(c->sema, L)->as_lat;
}

static const Type *left_target(Compiler *c, const Expr *e)
{
    switch (e->op) {
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD:
        return e->type->kind == TY_REAL ? sema_type_real() : sema_type_int();
    case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE:
        return compare_target(c, e);
    case OP_JOIN: case OP_MEET: case OP_UNION: case OP_INTER: case OP_MINUS:
        return e->type->kind == TY_LAT ? &sema_lat_info(c->sema, e->type->lat)->as_lat : e->type;
    default:
        return NULL;
    }
}

static void compile_right(Compiler *c, const Expr *e, const Type *want)
{
    if (want) compile_to(c, e->b, want);
    else compile_expr(c, e->b);
}

static void arith_rest(Compiler *c, const Expr *e)
{
    bool real = e->type->kind == TY_REAL;
    static const Opcode int_ks[] = { IR_ADD_IK, IR_SUB_IK, IR_MUL_IK };
    if (!real && e->b->kind == E_INT) {
        if (e->op == OP_MOD && e->b->ival != 0 && emit_with_constant(c, e, e->b, IR_MOD_IK)) return;
        if (e->op >= OP_ADD && e->op <= OP_MUL && emit_with_constant(c, e, e->b, int_ks[(size_t)(e->op - OP_ADD)])) return;
    }
    compile_right(c, e, left_target(c, e));
    static const Opcode ints[] = { IR_ADD_I, IR_SUB_I, IR_MUL_I, IR_DIV_I };
    static const Opcode reals[] = { IR_ADD_R, IR_SUB_R, IR_MUL_R, IR_DIV_R };
    if (e->op == OP_MOD) {          /* integers only (the checker refuses reals) */
        compile_emit(c, e->loc, IR_MOD_I);
        return;
    }
    size_t k = (size_t)(e->op - OP_ADD);
    compile_emit(c, e->loc, real ? reals[k] : ints[k]);
}

/* A comparison of lattice elements, in its specialised form where there is one. */
static void emit_lattice_compare(Compiler *c, const Expr *e, size_t k, const Lattice *L)
{
    bool eq = e->op == OP_EQ || e->op == OP_NE;
    if (eq && plain_lattice(L) && L->nwords == 1) compile_emit(c, e->loc, e->op == OP_EQ ? IR_EQ_I : IR_NE_I);
    else if (eq && plain_lattice(L)) compile_emit_lat(c, e->loc, e->op == OP_EQ ? IR_EQ_WORDS : IR_NE_WORDS, L);
    else if (e->op == OP_LE && bits_lattice(L)) compile_emit_lat(c, e->loc, IR_LE_BITS, L);
    else {
        static const Opcode lats[] = { IR_LAT_LT, IR_LAT_LE, IR_LAT_GT, IR_LAT_GE, IR_LAT_EQ, IR_LAT_NE };
        compile_emit_lat(c, e->loc, lats[k], L);
    }
}

/* The comparison e is: 0..5 for LT LE GT GE EQ NE (the order of the rows of opcodes.h).  On
 * the numbers of a dual range or real (e->reversed) x <= y is x >= y of the numbers. */
static size_t compare_index(const Expr *e)
{
    static const size_t mirror[] = { 2, 3, 0, 1, 4, 5 };
    size_t k = (size_t)(e->op - OP_LT);
    return e->reversed ? mirror[k] : k;
}

/* Equality with a constant on one word: the atom or element compared as its index. */
static bool compare_constant(Compiler *c, const Expr *e, const Type *want)
{
    static const Opcode int_ks[] = { IR_LT_IK, IR_LE_IK, IR_GT_IK, IR_GE_IK, IR_EQ_IK, IR_NE_IK };
    bool eq = e->op == OP_EQ || e->op == OP_NE;
    Opcode op_k = int_ks[compare_index(e)];
    if (!want) return emit_with_constant(c, e, e->b, op_k);
    if (want->kind == TY_INT && e->b->kind == E_INT) return emit_with_constant(c, e, e->b, op_k);
    if (eq && want->kind == TY_LAT && plain_lattice(want->lat) && want->lat->nwords == 1 && e->b->kind == E_NAME)
        return emit_with_constant(c, e, e->b, op_k);
    return false;
}

static void compare_rest(Compiler *c, const Expr *e)
{
    const Type *want = compare_target(c, e);
    size_t k = compare_index(e);
    if (e->a->type->kind == TY_COLL) {
        compile_coll_equal(c, e);
        return;
    }
    if (compare_constant(c, e, want)) return;
    compile_right(c, e, want);
    if (!want) {
        compile_emit(c, e->loc, e->op == OP_EQ ? IR_EQ_I : IR_NE_I);
    } else if (want->kind == TY_LAT) {
        emit_lattice_compare(c, e, k, want->lat);
    } else {
        static const Opcode ints[] = { IR_LT_I, IR_LE_I, IR_GT_I, IR_GE_I, IR_EQ_I, IR_NE_I };
        static const Opcode reals[] = { IR_LT_R, IR_LE_R, IR_GT_R, IR_GE_R, IR_EQ_R, IR_NE_R };
        compile_emit(c, e->loc, want->kind == TY_REAL ? reals[k] : ints[k]);
    }
}

static void logic_rest(Compiler *c, const Expr *e)
{
    size_t j = compile_emit_jump(c, e->loc, e->op == OP_AND ? IR_JUMP_IF_FALSE_KEEP : IR_JUMP_IF_TRUE_KEEP);
    compile_emit1(c, e->loc, IR_POP, 1);
    compile_expr(c, e->b);
    compile_patch_here(c, j, 0);
}

static void lattice_op_rest(Compiler *c, const Expr *e)
{
    bool up = e->op == OP_JOIN || e->op == OP_UNION;
    compile_right(c, e, left_target(c, e));
    if (e->type->kind != TY_LAT) {              /* two plain numbers: max / min */
        bool real = e->type->kind == TY_REAL;
        compile_emit(c, e->loc, up ? (real ? IR_MAX_R : IR_MAX_I) : (real ? IR_MIN_R : IR_MIN_I));
        return;
    }
    bool set_op = e->op == OP_UNION || e->op == OP_INTER || e->op == OP_MINUS;    /* on the sets, dual or not */
    const Lattice *L = set_op ? sema_undual(e->type->lat) : e->type->lat;
    if (e->op == OP_MINUS) compile_emit_lat(c, e->loc, IR_SET_MINUS, L);
    else if (bits_lattice(L)) compile_emit_lat(c, e->loc, up ? IR_JOIN_BITS : IR_MEET_BITS, L);
    else if (int_order(L)) compile_emit(c, e->loc, up ? IR_MAX_I : IR_MIN_I);
    else compile_emit_lat(c, e->loc, up ? IR_JOIN : IR_MEET, L);
}

/* a in s: with a named atom, SET_HAS replaces the CONST_INT a compiled to (the last
 * instruction, nothing jumps past it) and the SET_IN. */
static void in_rest(Compiler *c, const Expr *e)
{
    if (e->b->type->kind == TY_COLL) {
        compile_coll_has(c, e);
        return;
    }
    int64_t a;
    size_t last = ir_offset(c->ch) - LEN_CONST_INT;
    bool constant = int_constant(e->a, &a) && ir_offset(c->ch) >= LEN_CONST_INT &&
                    c->ch->code.items[last] == IR_CONST_INT;
    if (constant) ir_truncate(c->ch, last);
    compile_expr(c, e->b);
    const Lattice *P = sema_undual(e->b->type->lat);
    if (constant) ir_emit(c->ch, e->loc, IR_SET_HAS, compile_lat_index(c, P), (uint32_t)a, 0, 0);
    else compile_emit_lat(c, e->loc, IR_SET_IN, P);
}

/* After the left operand of e: its conversion, the right operand and the operator. */
static void binary_rest(Compiler *c, const Expr *e)
{
    const Type *to = left_target(c, e);
    if (to) convert(c, e->a, e->a->type, to);
    switch (e->op) {
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD: arith_rest(c, e); break;
    case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE: compare_rest(c, e); break;
    case OP_AND: case OP_OR: logic_rest(c, e); break;
    case OP_JOIN: case OP_MEET: case OP_UNION: case OP_INTER: case OP_MINUS: lattice_op_rest(c, e); break;
    case OP_IN: in_rest(c, e); break;
    default: break;
    }
}

/* ---- control ---- */

static void compile_if(Compiler *c, const Expr *e)
{
    compile_expr(c, e->a);
    size_t to_else = compile_emit_jump(c, e->loc, IR_JUMP_IF_FALSE);
    compile_to(c, e->b, e->type);
    size_t to_end = compile_emit_jump(c, e->loc, IR_JUMP);
    compile_patch_here(c, to_else, 0);
    compile_to(c, e->c, e->type);
    compile_patch_here(c, to_end, 0);
}

static void compile_let(Compiler *c, const Expr *e)
{
    compile_expr(c, e->a);
    compile_emit_store(c, e->a->loc, (uint32_t)e->slot, (uint32_t)sema_type_words(e->a->type));
    compile_expr(c, e->b);
}

static void compile_call(Compiler *c, const Expr *e)
{
    const FnEntry *fe = e->resolved;
    if (fe) {
        for (size_t i = 0; i < e->nargs; i++) compile_to_lat(c, e->args[i], fe->sym.params[i]);
        compile_emit1(c, e->loc, IR_CALL, fe->index);
        return;
    }
    bool real = e->type->kind == TY_REAL;
    for (size_t i = 0; i < e->nargs; i++) compile_to(c, e->args[i], e->type);
    if (strcmp(e->name.name, "abs") == 0) compile_emit(c, e->loc, real ? IR_ABS_R : IR_ABS_I);
    else if (strcmp(e->name.name, "min") == 0) compile_emit(c, e->loc, real ? IR_MIN_R : IR_MIN_I);
    else compile_emit(c, e->loc, real ? IR_MAX_R : IR_MAX_I);
}

/* The set an iteration ranges over, stored at slot+1; the atom variable at slot starts at -1. */
static const Lattice *compile_iteration_start(Compiler *c, const Expr *e)
{
    if (e->a->type->kind == TY_COLL) return compile_coll_start(c, e);
    const Expr *src = e->a;
    const Lattice *P = sema_undual(src->type->lat);
    compile_expr(c, src);
    compile_emit_store(c, src->loc, (uint32_t)e->slot + 1, (uint32_t)P->nwords);
    compile_emit_int(c, e->loc, -1);
    compile_emit_store(c, e->loc, (uint32_t)e->slot, 1);
    return P;
}

static size_t emit_set_next(Compiler *c, const Expr *e, const Lattice *P)
{
    if (e->a->type->kind == TY_COLL) return compile_coll_next(c, e);
    return ir_emit(c->ch, e->loc, IR_SET_NEXT, compile_lat_index(c, P), (uint32_t)e->slot + 1, (uint32_t)e->slot, 0);
}

/* { x in S | cond }: the result set stays on the stack while the loop runs. */
static void compile_comprehension(Compiler *c, const Expr *e)
{
    if (e->a->type->kind == TY_COLL) {
        compile_coll_comprehension(c, e);
        return;
    }
    const Lattice *P = compile_iteration_start(c, e);
    compile_emit_point(c, e->loc, P, false);
    size_t loop = ir_offset(c->ch);
    size_t next = emit_set_next(c, e, P);
    compile_expr(c, e->b);
    compile_emit1(c, e->b->loc, IR_JUMP_IF_FALSE, (uint32_t)loop);
    compile_emit_load(c, e->loc, (uint32_t)e->slot, 1);
    compile_emit_lat(c, e->loc, IR_SET_ADD, P);
    compile_emit1(c, e->loc, IR_JUMP, (uint32_t)loop);
    compile_patch_here(c, next, 3);
}

static void compile_quantifier(Compiler *c, const Expr *e)
{
    bool forall = e->op == OP_FORALL;
    const Lattice *P = compile_iteration_start(c, e);
    size_t loop = ir_offset(c->ch);
    size_t next = emit_set_next(c, e, P);
    compile_expr(c, e->b);
    size_t decided;
    if (forall) {
        decided = compile_emit_jump(c, e->b->loc, IR_JUMP_IF_FALSE);    /* a counterexample */
        compile_emit1(c, e->loc, IR_JUMP, (uint32_t)loop);
    } else {
        compile_emit1(c, e->b->loc, IR_JUMP_IF_FALSE, (uint32_t)loop);
        decided = compile_emit_jump(c, e->loc, IR_JUMP);                /* a witness */
    }
    compile_patch_here(c, next, 3);                                     /* all atoms seen */
    compile_emit_int(c, e->loc, forall ? 1 : 0);
    size_t to_end = compile_emit_jump(c, e->loc, IR_JUMP);
    compile_patch_here(c, decided, 0);
    compile_emit_int(c, e->loc, forall ? 0 : 1);
    compile_patch_here(c, to_end, 0);
}

/* sup/inf { a | y in [b .. c] }: slots y, lo, hi; the accumulator stays on the stack. */
static void compile_supinf(Compiler *c, const Expr *e)
{
    const LatInfo *li = e->resolved;
    const Lattice *L = li->L;
    uint32_t W = (uint32_t)L->nwords, y = (uint32_t)e->slot, lo = y + W, hi = y + 2 * W;
    compile_to_lat(c, e->b, L);
    compile_to_lat(c, e->c, L);
    compile_emit2(c, e->c->loc, IR_STORE, hi, W);
    compile_emit2(c, e->b->loc, IR_STORE, lo, W);
    compile_emit2(c, e->loc, IR_CHECK_LE, li->index, lo);
    compile_emit2(c, e->loc, IR_LOAD, lo, W);
    compile_emit2(c, e->loc, IR_STORE, y, W);
    compile_expr(c, e->a);
    size_t loop = ir_offset(c->ch);
    size_t next = ir_emit(c->ch, e->loc, IR_ENUM_NEXT, li->index, lo, y, 0);
    compile_expr(c, e->a);
    bool up = e->op == OP_JOIN;
    if (e->type->kind == TY_LAT) compile_emit_lat(c, e->loc, up ? IR_JOIN : IR_MEET, e->type->lat);
    else if (e->type->kind == TY_REAL) compile_emit(c, e->loc, up ? IR_MAX_R : IR_MIN_R);
    else compile_emit(c, e->loc, up ? IR_MAX_I : IR_MIN_I);
    compile_emit1(c, e->loc, IR_JUMP, (uint32_t)loop);
    compile_patch_here(c, next, 3);
}

/* lfp/gfp: Kleene iteration from bot/top, inline.  Slots: x, then the iteration counter. */
static void compile_fix(Compiler *c, const Expr *e)
{
    const Lattice *L = e->type->lat;
    uint32_t W = (uint32_t)L->nwords, x = (uint32_t)e->slot, site = (uint32_t)c->ch->warm.count;
    IrWarmSite warm;
    bool warm_start = c->fn && tone_warm_site(c->fn, c->ch->nlocals, e, &warm);
    if (warm_start) {                                         /* docs/evaluator.md */
        VEC_PUSH(c->ch->warm, warm);
        ir_emit(c->ch, e->loc, IR_LFP_START, compile_lat_index(c, L), x, site, 0);
    } else {
        compile_emit_point(c, e->loc, L, e->op != OP_LFP);
        compile_emit2(c, e->loc, IR_STORE, x, W);
        compile_emit_int(c, e->loc, 0);
        compile_emit2(c, e->loc, IR_STORE, x + W, 1);
    }
    size_t loop = ir_offset(c->ch);
    compile_to_lat(c, e->a, L);
    size_t done = ir_emit(c->ch, e->loc, IR_KLEENE, compile_lat_index(c, L), x, x + W, 0);
    compile_emit1(c, e->loc, IR_JUMP, (uint32_t)loop);
    compile_patch_here(c, done, 3);
    if (warm_start) ir_emit(c->ch, e->loc, IR_LFP_KEEP, compile_lat_index(c, L), x, site, 0);
    compile_emit2(c, e->loc, IR_LOAD, x, W);
}

static void compile_inner(Compiler *c, const Expr *e)
{
    if (e->type && e->type->kind == TY_FN) return;   /* known to the checker only */
    switch (e->kind) {
    case E_INT: compile_emit_int(c, e->loc, e->ival); break;
    case E_REAL: emit_real(c, e->loc, e->rval); break;
    case E_BOOL: compile_emit_int(c, e->loc, e->ival ? 1 : 0); break;
    case E_NAME: compile_name(c, e); break;
    case E_BOT: compile_emit_point(c, e->loc, e->type->lat, false); break;
    case E_TOP: compile_emit_point(c, e->loc, e->type->lat, true); break;
    case E_UNARY: compile_unary(c, e); break;
    case E_BINARY:
        compile_expr(c, e->a);
        binary_rest(c, e);
        break;
    case E_IF: compile_if(c, e); break;
    case E_LET: compile_let(c, e); break;
    case E_CALL: compile_call(c, e); break;
    case E_TUPLE: compile_tuple(c, e); break;
    case E_PROJ: compile_proj(c, e); break;
    case E_SET: compile_set(c, e); break;
    case E_MAP: compile_map(c, e); break;
    case E_INDEX: compile_index(c, e); break;
    case E_COMPREHENSION: compile_comprehension(c, e); break;
    case E_SUPINF: compile_supinf(c, e); break;
    case E_COUNT:
        compile_expr(c, e->a);
        if (e->a->type->kind == TY_COLL) compile_emit(c, e->loc, IR_COLL_COUNT);
        else compile_emit_lat(c, e->loc, IR_SET_COUNT, sema_undual(e->a->type->lat));
        break;
    case E_FIX: compile_fix(c, e); break;
    case E_ASCRIBE: compile_to(c, e->a, e->type); break;
    case E_TABLE: break;        /* replaced by its chain of ifs before checking */
    case E_LAMBDA: break;       /* no run-time value */
    case E_FIXPOINTS: if (e->vartype) compile_atoms(c, e); else compile_enumeration(c, e); break;
    case E_FOLD: compile_fold(c, e); break;
    case E_KEYS: compile_keys(c, e); break;
    case E_APPROX: compile_emit1(c, e->loc, IR_APPROX, ((const FnEntry *)e->resolved)->index); break;
    case E_REFINE: {                    /* the start [b, c], then the engine from there */
        const FnEntry *fe = e->resolved;
        compile_to_lat(c, e->b, fe->sym.ret);
        compile_to_lat(c, e->c, fe->sym.ret);
        compile_emit1(c, e->loc, IR_REFINE, fe->index);
        break;
    }
    case E_BNB: {                       /* its start [b, c] when it has one, then the engine */
        const FnEntry *fe = e->resolved;
        if (e->b) {
            compile_to_lat(c, e->b, fe->sym.ret);
            compile_to_lat(c, e->c, fe->sym.ret);
        }
        ir_emit(c->ch, e->loc, IR_BNB, compile_lat_index(c, ((const Type *)e->type->value)->lat), fe->index, (uint32_t)e->ival, 0);
        break;
    }
    case E_STABLE: compile_emit2(c, e->loc, IR_STABLE, compile_lat_index(c, e->type->lat), (uint32_t)e->slot); break;
    case E_CONST: emit_const(c, e); break;
    case E_QUANT: compile_quantifier(c, e); break;
    }
}

/* A chain of binary operators is walked down its left spine in a loop: the innermost operator
 * is compiled first, then the rest of each one up the spine (see ast_left_chained). */
static void expr(Compiler *c, const Expr *e)
{
    VEC(const Expr *) spine = { 0 };
    while (ast_left_chained(e)) {
        VEC_PUSH(spine, e);
        e = e->a;
    }
    compile_inner(c, e);
    while (spine.count) binary_rest(c, spine.items[--spine.count]);
    VEC_FREE(spine);
}

static bool same_lattice_type(const Type *t, const Lattice *L) { return t->kind == TY_LAT && lattice_equal(t->lat, L); }

/* e in tail position of a function returning L: a call whose result needs no conversion
 * becomes a TAIL_CALL (the callee's frame replaces the caller's), through if and let. */
static void compile_tail(Compiler *c, const Expr *e, const Lattice *L)
{
    if (e->kind == E_CALL && e->resolved && lattice_equal(((const FnEntry *)e->resolved)->sym.ret, L)) {
        const FnEntry *fe = e->resolved;
        for (size_t i = 0; i < e->nargs; i++) compile_to_lat(c, e->args[i], fe->sym.params[i]);
        compile_emit1(c, e->loc, IR_TAIL_CALL, fe->index);
    } else if (e->kind == E_IF && same_lattice_type(e->type, L)) {
        compile_expr(c, e->a);
        size_t to_else = compile_emit_jump(c, e->loc, IR_JUMP_IF_FALSE);
        compile_tail(c, e->b, L);
        size_t to_end = compile_emit_jump(c, e->loc, IR_JUMP);
        compile_patch_here(c, to_else, 0);
        compile_tail(c, e->c, L);
        compile_patch_here(c, to_end, 0);
    } else if (e->kind == E_LET && same_lattice_type(e->type, L)) {
        compile_expr(c, e->a);
        compile_emit_store(c, e->a->loc, (uint32_t)e->slot, (uint32_t)sema_type_words(e->a->type));
        compile_tail(c, e->b, L);
    } else {
        compile_to_lat(c, e, L);
    }
}

/* How the files of the compiler compile a part (compile_expr, compile_to_lat of
 * compile_internal.h): through this table, so that compile_coll.c recurses into the
 * expressions without calling back into this file. */
static const CompileWalk walk_table = { expr, to_lat };

Chunk *compile_function(Sema *sema, bool fuse, const FnSym *fn, const Expr *body, size_t nlocals)
{
    Compiler c = { &walk_table, sema, ir_chunk_new(fn->name, &sema->tables), fn };
    for (size_t i = 0; i < fn->nparams; i++) c.ch->param_words += fn->params[i]->nwords;
    c.ch->nlocals = nlocals;
    c.ch->ret_words = fn->ret->nwords;
    compile_tail(&c, body, fn->ret);
    compile_emit1(&c, body->loc, IR_RET, (uint32_t)fn->ret->nwords);
    if (fuse) fuse_chunk(c.ch);
    c.ch->memo = ir_worth_memo(c.ch);
    c.ch->lasting = true;
    return c.ch;
}

Chunk *compile_closed(Sema *sema, bool fuse, const char *name, const Expr *e, const Type *want,
                      size_t nlocals)
{
    Compiler c = { &walk_table, sema, ir_chunk_new(name, &sema->tables), NULL };
    c.ch->nlocals = nlocals;
    c.ch->ret_words = sema_type_words(want);
    compile_to(&c, e, want);
    compile_emit1(&c, e->loc, IR_RET, (uint32_t)c.ch->ret_words);
    if (fuse) fuse_chunk(c.ch);
    return c.ch;
}
