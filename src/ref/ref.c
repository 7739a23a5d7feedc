/* ref.c: the reference evaluator's core: values of names, literals and structures, the
 * operators, conversions into an expected type, and calls.  Loops and collections are in
 * ref_loop.c, the evaluator's state and failures in ref_state.c.  Every rule here is read off docs/language.md. */
#include "ref/ref_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "check/context.h"
#include "util/bitset.h"

/* ---- types ---- */

typedef enum { NUM_NONE, NUM_INT, NUM_REAL } NumKind;

static NumKind num_kind(const Type *t)
{
    if (t->kind == TY_INT) return NUM_INT;
    if (t->kind == TY_REAL) return NUM_REAL;
    if (t->kind != TY_LAT) return NUM_NONE;
    LatticeKind k = lattice_kind(sema_undual(t->lat));
    return k == LATTICE_RANGE ? NUM_INT : k == LATTICE_REAL ? NUM_REAL : NUM_NONE;
}

/* ---- conversions: a value of type `from` in out[0..] becomes one of type `want` ---- */

static void outside(RefEval *r, const Lattice *L, Word v, bool real)
{
    Buf b;
    buf_init(&b);
    lattice_describe_outside(L, v, real, &b);
    char msg[200];
    snprintf(msg, sizeof msg, "%s", buf_cstr(&b));
    buf_free(&b);
    ref_fail(r, "%s", msg);
}

/* A number stored into a range or real lattice L: checked against its bounds (a real within
 * 1e-12 of a bound is taken as the bound). */
static void store_number(RefEval *r, NumKind k, const Lattice *L, Word *out)
{
    L = sema_undual(L);
    if (lattice_kind(L) == LATTICE_RANGE && k == NUM_INT) {
        int64_t lo, hi, v = word_to_int(out[0]);
        lattice_int_bounds(L, &lo, &hi);
        if (v < lo || v > hi) outside(r, L, out[0], false);
    } else if (lattice_kind(L) == LATTICE_REAL) {
        double lo, hi, d = k == NUM_INT ? (double)word_to_int(out[0]) : word_to_double(out[0]);
        lattice_real_bounds(L, &lo, &hi);
        if (isnan(d) || d < lo - 1e-12 || d > hi + 1e-12) outside(r, L, word_from_double(d), true);
        out[0] = word_from_double(d < lo ? lo : d > hi ? hi : d);
    }
}

/* A value of type `from` in out becomes an element of L. */
static void convert_to_lat(RefEval *r, const Type *from, const Lattice *L, Word *out)
{
    if (from->kind == TY_LAT && (from->lat == L || lattice_equal(from->lat, L))) return;
    NumKind k = num_kind(from);
    if (k != NUM_NONE) store_number(r, k, L, out);
}

static void convert(RefEval *r, const Type *from, const Type *want, Word *out)
{
    if (want->kind == TY_REAL) {
        if (num_kind(from) == NUM_INT) out[0] = word_from_double((double)word_to_int(out[0]));
    } else if (want->kind == TY_LAT) {
        convert_to_lat(r, from, want->lat, out);
    }
}

static void ref_expr_to(RefEval *r, const Expr *e, const Type *want, Word *fr, Word *out)
{
    if (e->kind == E_INT && num_kind(want) == NUM_REAL) {
        out[0] = word_from_double((double)e->ival);
        convert(r, sema_type_real(), want, out);
        return;
    }
    ref_expr(r, e, fr, out);
    convert(r, e->type, want, out);
}

static void expr_to_lat(RefEval *r, const Expr *e, const Lattice *L, Word *fr, Word *out)
{
    if (e->kind == E_INT && lattice_kind(sema_undual(L)) == LATTICE_REAL) {
        out[0] = word_from_double((double)e->ival);
        store_number(r, NUM_REAL, L, out);
        return;
    }
    ref_expr(r, e, fr, out);
    convert_to_lat(r, e->type, L, out);
}

/* ---- names and structures ---- */

static void name(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    const Resolution *res = e->resolved;
    switch (res->kind) {
    case RES_LOCAL: memcpy(out, fr + e->slot, sema_type_words(e->type) * sizeof(Word)); break;
    case RES_ELEM: case RES_ATOM: out[0] = word_from_int(res->index); break;
    case RES_LATTICE: {        /* a powerset lattice where a set may stand: all its atoms */
        const Lattice *P = sema_undual(res->li->L);
        P->ops->top(P, out);
        break;
    }
    }
}

static void tuple(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    const Lattice *P = e->type->lat;
    for (size_t i = 0; i < e->nargs; i++)
        ref_expr_to_lat(r, e->args[i], lattice_part(P, i), fr, out + lattice_part_offset(P, i));
}

static void project(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    const Lattice *P = e->a->type->lat;
    Word *whole = ref_words(r, sema_type_words(e->a->type));
    ref_expr(r, e->a, fr, whole);
    size_t i = (size_t)e->ival - 1;
    memcpy(out, whole + lattice_part_offset(P, i), lattice_part(P, i)->nwords * sizeof(Word));
}

static void set_literal(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    const Lattice *P = sema_undual(e->type->lat);
    size_t natoms = lattice_name_count(P);
    P->ops->bot(P, out);
    for (size_t i = 0; i < e->nargs; i++) {
        Word a = 0;
        ref_expr(r, e->args[i], fr, &a);
        if (a >= natoms) ref_fail(r, "atom %llu is not an atom of the set", (unsigned long long)a);
        bitset_add(out, a);
    }
}

static void map_literal(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    const Lattice *M = e->type->lat, *V = lattice_inner(M);
    size_t nkeys;
    const char *const *keys = lattice_names(M, &nkeys);
    for (size_t k = 0; k < nkeys; k++) {
        bool given = false;
        for (size_t i = 0; i < e->nargs && !given; i++)
            if (strcmp(e->keys[i].name, keys[k]) == 0) {
                ref_expr_to_lat(r, e->args[i], V, fr, out + k * V->nwords);
                given = true;
            }
        if (!given) ref_stop(r, REF_UNSUPPORTED);
    }
}

static void map_index(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    const Lattice *M = e->a->type->lat, *V = lattice_inner(M);
    Word *m = ref_words(r, M->nwords), k = 0;
    ref_expr(r, e->a, fr, m);
    ref_expr(r, e->b, fr, &k);
    if (k >= lattice_nparts(M)) ref_fail(r, "%llu is not a key of the map", (unsigned long long)k);
    memcpy(out, m + k * V->nwords, V->nwords * sizeof(Word));
}

static void count(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    if (e->a->type->kind == TY_COLL) {
        Word c = 0;
        ref_expr(r, e->a, fr, &c);
        out[0] = word_from_int((int64_t)ref_coll_at(c)->n);
        return;
    }
    const Lattice *P = sema_undual(e->a->type->lat);
    Word *s = ref_words(r, P->nwords);
    ref_expr(r, e->a, fr, s);
    out[0] = word_from_int((int64_t)bitset_count(s, P->nwords));
}

/* ---- operators ---- */

static int64_t int_arith(RefEval *r, OpKind op, int64_t a, int64_t b)
{
    int64_t v = 0;
    switch (op) {
    case OP_ADD: if (__builtin_add_overflow(a, b, &v)) ref_fail(r, "integer overflow in '+'"); break;
    case OP_SUB: if (__builtin_sub_overflow(a, b, &v)) ref_fail(r, "integer overflow in '-'"); break;
    case OP_MUL: if (__builtin_mul_overflow(a, b, &v)) ref_fail(r, "integer overflow in '*'"); break;
    case OP_DIV:
        if (b == 0) ref_fail(r, "division by zero");
        if (a == INT64_MIN && b == -1) ref_fail(r, "integer overflow in '/'");
        v = a / b;
        break;
    default:               /* mod: a - b * floor(a / b), the sign of b */
        if (b == 0) ref_fail(r, "division by zero in 'mod'");
        v = b == -1 ? 0 : a % b;
        if (v != 0 && (v < 0) != (b < 0)) v += b;
        break;
    }
    return v;
}

static double real_arith(RefEval *r, OpKind op, double a, double b)
{
    switch (op) {
    case OP_ADD: return a + b;
    case OP_SUB: return a - b;
    case OP_MUL: return a * b;
    default:
        if (b == 0) ref_fail(r, "division by zero");
        return a / b;
    }
}

static void arith(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    bool real = e->type->kind == TY_REAL;
    const Type *t = real ? sema_type_real() : sema_type_int();
    Word a = 0, b = 0;
    ref_expr_to(r, e->a, t, fr, &a);
    ref_expr_to(r, e->b, t, fr, &b);
    if (real) out[0] = word_from_double(real_arith(r, e->op, word_to_double(a), word_to_double(b)));
    else out[0] = word_from_int(int_arith(r, e->op, word_to_int(a), word_to_int(b)));
}

static bool order_result(OpKind op, int c)   /* c: <0, 0, >0 */
{
    switch (op) {
    case OP_LT: return c < 0;
    case OP_LE: return c <= 0;
    case OP_GT: return c > 0;
    case OP_GE: return c >= 0;
    case OP_EQ: return c == 0;
    default: return c != 0;
    }
}

static bool lattice_order(const Lattice *L, OpKind op, const Word *x, const Word *y)
{
    bool le = L->ops->leq(L, x, y), ge = L->ops->leq(L, y, x), eq = L->ops->eq(L, x, y);
    switch (op) {
    case OP_LT: return le && !eq;
    case OP_LE: return le;
    case OP_GT: return ge && !eq;
    case OP_GE: return ge;
    case OP_EQ: return eq;
    default: return !eq;
    }
}

/* Is L a range or real turned round (under an odd number of duals)? */
static bool reversed_numbers(const Lattice *L)
{
    bool odd = false;
    for (; lattice_kind(L) == LATTICE_DUAL; L = lattice_inner(L)) odd = !odd;
    return odd;
}

static OpKind mirror(OpKind op)
{
    switch (op) {
    case OP_LT: return OP_GT;
    case OP_LE: return OP_GE;
    case OP_GT: return OP_LT;
    case OP_GE: return OP_LE;
    default: return op;
    }
}

/* Numbers compare as numbers, in the order of the lattice the comparison reads them in: the
 * left operand's numeric lattice, else the right one's (a plain number next to an element of
 * a dual range is read as one of its elements); lattice elements by the lattice order; atoms
 * and keys by identity; collections by their items. */
static bool compare(RefEval *r, const Expr *e, Word *fr)
{
    const Type *ta = e->a->type, *tb = e->b->type;
    if (ta->kind == TY_COLL) {
        Word a = 0, b = 0;
        ref_expr(r, e->a, fr, &a);
        ref_expr(r, e->b, fr, &b);
        return ref_coll_equal(ref_coll_at(a), ref_coll_at(b)) == (e->op == OP_EQ);
    }
    if (num_kind(ta) != NUM_NONE && num_kind(tb) != NUM_NONE) {
        const Lattice *L = ta->kind == TY_LAT ? ta->lat : tb->kind == TY_LAT ? tb->lat : NULL;
        OpKind op = L && reversed_numbers(L) ? mirror(e->op) : e->op;
        bool real = num_kind(ta) == NUM_REAL || num_kind(tb) == NUM_REAL;
        const Type *t = real ? sema_type_real() : sema_type_int();
        Word a = 0, b = 0;
        ref_expr_to(r, e->a, t, fr, &a);
        ref_expr_to(r, e->b, t, fr, &b);
        if (real) {
            double x = word_to_double(a), y = word_to_double(b);
            if (isnan(x) || isnan(y)) return op == OP_NE;
            return order_result(op, x < y ? -1 : x > y ? 1 : 0);
        }
        int64_t x = word_to_int(a), y = word_to_int(b);
        return order_result(op, x < y ? -1 : x > y ? 1 : 0);
    }
    if (ta->kind == TY_ATOM || tb->kind == TY_ATOM) {
        Word a = 0, b = 0;
        ref_expr(r, e->a, fr, &a);
        ref_expr(r, e->b, fr, &b);
        return order_result(e->op, a < b ? -1 : a > b ? 1 : 0);
    }
    const Lattice *L = ta->kind == TY_LAT ? ta->lat : tb->lat;
    Word *x = ref_words(r, L->nwords), *y = ref_words(r, L->nwords);
    ref_expr_to_lat(r, e->a, L, fr, x);
    ref_expr_to_lat(r, e->b, L, fr, y);
    return lattice_order(L, e->op, x, y);
}

/* join, meet (max and min of numbers), union, inter, minus (on the sets, dual or not). */
static void lattice_op(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    bool up = e->op == OP_JOIN || e->op == OP_UNION;
    if (e->type->kind != TY_LAT) {
        bool real = e->type->kind == TY_REAL;
        Word a = 0, b = 0;
        ref_expr_to(r, e->a, e->type, fr, &a);
        ref_expr_to(r, e->b, e->type, fr, &b);
        if (real) {
            double x = word_to_double(a), y = word_to_double(b);
            out[0] = word_from_double(up ? fmax(x, y) : fmin(x, y));
        } else {
            int64_t x = word_to_int(a), y = word_to_int(b);
            out[0] = word_from_int(up ? (x > y ? x : y) : (x < y ? x : y));
        }
        return;
    }
    const Lattice *L = e->type->lat;
    Word *y = ref_words(r, L->nwords);
    ref_expr_to_lat(r, e->a, L, fr, out);
    ref_expr_to_lat(r, e->b, L, fr, y);
    if (e->op == OP_JOIN) L->ops->join(L, out, out, y);
    else if (e->op == OP_MEET) L->ops->meet(L, out, out, y);
    else {
        const Lattice *P = sema_undual(L);
        if (e->op == OP_UNION) P->ops->join(P, out, out, y);
        else if (e->op == OP_INTER) P->ops->meet(P, out, out, y);
        else for (size_t w = 0; w < P->nwords; w++) out[w] &= ~y[w];
    }
}

static bool member(RefEval *r, const Expr *e, Word *fr)
{
    if (e->b->type->kind == TY_COLL) {
        Word *x = ref_words(r, sema_type_words(e->a->type)), c = 0;
        ref_expr(r, e->a, fr, x);
        ref_expr(r, e->b, fr, &c);
        return ref_coll_has(ref_coll_at(c), x);
    }
    const Lattice *P = sema_undual(e->b->type->lat);
    Word a = 0, *s = ref_words(r, P->nwords);
    ref_expr(r, e->a, fr, &a);
    ref_expr(r, e->b, fr, s);
    return a < lattice_name_count(P) && bitset_has(s, a);
}

static void binary(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    switch (e->op) {
    case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD: arith(r, e, fr, out); break;
    case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE: out[0] = compare(r, e, fr); break;
    case OP_AND: out[0] = ref_truth(r, e->a, fr) && ref_truth(r, e->b, fr); break;
    case OP_OR: out[0] = ref_truth(r, e->a, fr) || ref_truth(r, e->b, fr); break;
    case OP_JOIN: case OP_MEET: case OP_UNION: case OP_INTER: case OP_MINUS: lattice_op(r, e, fr, out); break;
    case OP_IN: out[0] = member(r, e, fr); break;
    default: ref_stop(r, REF_UNSUPPORTED);
    }
}

static void unary(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    if (e->op == OP_NOT) {
        out[0] = !ref_truth(r, e->a, fr);
        return;
    }
    ref_expr(r, e->a, fr, out);
    if (num_kind(e->type) == NUM_REAL) {
        out[0] = word_from_double(-word_to_double(out[0]));
        return;
    }
    int64_t i = word_to_int(out[0]);
    if (i == INT64_MIN) ref_fail(r, "integer overflow in '-'");
    out[0] = word_from_int(-i);
}

/* ---- calls ---- */

static void builtin(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    bool real = e->type->kind == TY_REAL;
    Word v[2] = { 0, 0 };
    for (size_t i = 0; i < e->nargs && i < 2; i++) ref_expr_to(r, e->args[i], e->type, fr, &v[i]);
    if (strcmp(e->name.name, "abs") == 0) {
        if (real) out[0] = word_from_double(fabs(word_to_double(v[0])));
        else if (word_to_int(v[0]) == INT64_MIN) ref_fail(r, "integer overflow in 'abs'");
        else out[0] = word_from_int(llabs(word_to_int(v[0])));
        return;
    }
    bool up = strcmp(e->name.name, "max") == 0;
    if (real) {
        double x = word_to_double(v[0]), y = word_to_double(v[1]);
        out[0] = word_from_double(up ? (x > y ? x : y) : (x < y ? x : y));
    } else {
        int64_t x = word_to_int(v[0]), y = word_to_int(v[1]);
        out[0] = word_from_int(up ? (x > y ? x : y) : (x < y ? x : y));
    }
}

/* The callee's body in a frame of its own, its parameters in the first slots. */
static void call_body(RefEval *r, const FnEntry *fe, Word *frame, Word *out)
{
    if (!fe->body) ref_stop(r, REF_UNSUPPORTED);
    ref_tick(r);
    if (++r->depth > REF_MAX_DEPTH) ref_stop(r, REF_LIMIT);
    ref_expr_to_lat(r, fe->body, fe->sym.ret, frame, out);
    r->depth--;
}

static void call(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    const FnEntry *fe = e->resolved;
    if (!fe) {
        builtin(r, e, fr, out);
        return;
    }
    size_t words = 0;
    for (size_t i = 0; i < fe->sym.nparams; i++) words += fe->sym.params[i]->nwords;
    Word *frame = ref_words(r, fe->nlocals > words ? fe->nlocals : words);
    size_t at = 0;
    for (size_t i = 0; i < e->nargs; i++) {
        ref_expr_to_lat(r, e->args[i], fe->sym.params[i], fr, frame + at);
        at += fe->sym.params[i]->nwords;
    }
    call_body(r, fe, frame, out);
}

/* ---- the walk ---- */

static void let(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    if (e->a->type->kind != TY_FN) {
        size_t n = sema_type_words(e->a->type);
        Word *v = ref_words(r, n);
        ref_expr(r, e->a, fr, v);
        memcpy(fr + e->slot, v, n * sizeof(Word));
    }
    ref_expr(r, e->b, fr, out);
}

static void walk(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    switch (e->kind) {
    case E_INT: out[0] = word_from_int(e->ival); break;
    case E_REAL: out[0] = word_from_double(e->rval); break;
    case E_BOOL: out[0] = e->ival ? 1 : 0; break;
    case E_NAME: name(r, e, fr, out); break;
    case E_BOT: e->type->lat->ops->bot(e->type->lat, out); break;
    case E_TOP: e->type->lat->ops->top(e->type->lat, out); break;
    case E_UNARY: unary(r, e, fr, out); break;
    case E_BINARY: binary(r, e, fr, out); break;
    case E_IF: ref_expr_to(r, ref_truth(r, e->a, fr) ? e->b : e->c, e->type, fr, out); break;
    case E_LET: let(r, e, fr, out); break;
    case E_CALL: call(r, e, fr, out); break;
    case E_TUPLE: tuple(r, e, fr, out); break;
    case E_PROJ: project(r, e, fr, out); break;
    case E_SET: set_literal(r, e, fr, out); break;
    case E_MAP: map_literal(r, e, fr, out); break;
    case E_INDEX: map_index(r, e, fr, out); break;
    case E_COMPREHENSION: ref_comprehension(r, e, fr, out); break;
    case E_SUPINF: ref_supinf(r, e, fr, out); break;
    case E_COUNT: count(r, e, fr, out); break;
    case E_FIX: ref_fixed(r, e, fr, out); break;
    case E_QUANT: ref_quantifier(r, e, fr, out); break;
    case E_ASCRIBE: ref_expr_to(r, e->a, e->type, fr, out); break;
    case E_FIXPOINTS: ref_enumeration(r, e, fr, out); break;
    case E_FOLD: ref_fold(r, e, fr, out); break;
    case E_KEYS: ref_keys(r, e, out); break;
    case E_APPROX: case E_REFINE: case E_BNB: case E_STABLE: ref_engine(r, e, fr, out); break;
    case E_CONST: memcpy(out, e->cval, e->type->lat->nwords * sizeof(Word)); break;
    case E_TABLE: case E_LAMBDA: ref_stop(r, REF_UNSUPPORTED);
    }
}

/* e's value into out (words the caller owns); the scratch words e's node took are released. */
static void expr_value(RefEval *r, const Expr *e, Word *fr, Word *out)
{
    if (e->type && e->type->kind == TY_FN) return;      /* known to the checker only */
    RefMark m = ref_mark(r);
    walk(r, e, fr, out);
    ref_release(r, m);
}

/* ---- entry points ---- */

/* How every file of the walk evaluates a part (ref_expr, ref_expr_to_lat of ref_internal.h):
 * through this table, so that the loops of ref_loop.c recurse into the walk without calling
 * back into this file. */
static const RefWalk walk_table = { expr_value, expr_to_lat };

RefEval *ref_new(struct Context *context, const VmHost *host, uint64_t max_steps)
{
    RefEval *r = mem_calloc(1, sizeof *r);
    r->walk = &walk_table;
    r->tables = context_tables(context);
    r->host = host;
    r->max_steps = max_steps ? max_steps : 10000000u;
    return r;
}

static void start(RefEval *r)
{
    ref_release_colls(r);
    ref_release(r, (RefMark){ 0, 0 });
    r->steps = 0;
    r->depth = 0;
    r->status = REF_OK;
    r->msg[0] = '\0';
    r->reported = false;
}

RefStatus ref_call(RefEval *r, const FnSym *fn, const Word *const *args, Word *out)
{
    start(r);
    const FnEntry *fe = sema_fn_entry(fn);
    if (setjmp(r->escape)) return r->status;
    size_t words = 0;
    for (size_t i = 0; i < fn->nparams; i++) words += fn->params[i]->nwords;
    Word *frame = ref_words(r, fe->nlocals > words ? fe->nlocals : words);
    size_t at = 0;
    for (size_t i = 0; i < fn->nparams; i++) {
        memcpy(frame + at, args[i], fn->params[i]->nwords * sizeof(Word));
        at += fn->params[i]->nwords;
    }
    call_body(r, fe, frame, out);
    return REF_OK;
}

RefStatus ref_eval(RefEval *r, const Expr *e, size_t nlocals, const Type *want, Word *out)
{
    start(r);
    if (setjmp(r->escape)) return r->status;
    Word *frame = ref_words(r, nlocals);
    ref_expr_to(r, e, want, frame, out);
    return REF_OK;
}
