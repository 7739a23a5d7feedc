/* absdiff.c: forward-mode automatic differentiation over intervals (see absdiff.h).  Its
 * stack mirrors the VM's word for word; every word is a value interval over the box and,
 * for a real, one at the box's midpoint and one slope interval per real coordinate of the
 * argument.  The rules are those of slopes, true
 * for any two points x, y of the box (not only at a point), so that Krawczyk's uniqueness
 * argument may use them:
 *   u + v, u - v, -u      the slopes add, subtract, negate;
 *   u * v                 Du V + U Dv          (u(y)v(y) - u(x)v(x) = du v(y) + u(x) dv);
 *   u / v, 0 not in V     (Du - Q Dv) / V      (Q the quotient's enclosure);
 *   min, max, abs, clamp  the branch's slopes where the box decides it, else their hull
 *                         (min(a, b) - min(c, d) lies between a - c and b - d). */
#include "code/absdiff.h"

#include <math.h>

#include "util/mem.h"

/* Calls followed at most this deep. */
enum { DIFF_MAX_DEPTH = 32 };

/* One word: a real with its value over the box (v), at the midpoint (c) and its slopes, or
 * an int (a constant; no slopes). */
typedef struct DVal {
    AbsPair v, c;
    AbsPair d[ABSDIFF_MAX_VARS];
    bool real;
} DVal;

typedef struct Stack { DVal *w; size_t sp, cap; } Stack;

/* A run: n real coordinates, the box less its midpoint (X_j - m_j), calls deep. */
typedef struct Run { size_t n; AbsPair dx[ABSDIFF_MAX_VARS]; int depth; const char *why; } Run;

static bool give_up(Run *r, const char *why)
{
    if (!r->why) r->why = why;
    return false;
}

static AbsPair real_point(double d) { return (AbsPair){ word_from_double(d), word_from_double(d) }; }
static double lo_of(AbsPair p) { return word_to_double(p.lo); }
static double hi_of(AbsPair p) { return word_to_double(p.hi); }

static void push(Stack *s, DVal v)
{
    if (s->sp == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 16;
        s->w = mem_realloc(s->w, s->cap * sizeof *s->w);
    }
    s->w[s->sp++] = v;
}

static DVal constant(Run *r, Word w, bool real)
{
    DVal c = { .v = { w, w }, .c = { w, w }, .real = real };
    for (size_t j = 0; j < r->n; j++) c.d[j] = real_point(0.0);
    return c;
}

/* a op b on intervals of reals, rounded outwards; false (given up) on NaN. */
static bool arith(Run *r, Opcode op, AbsPair a, AbsPair b, AbsPair *out)
{
    return absop_real(op, a, b, out) || give_up(r, "a NaN");
}

static AbsPair hull(AbsPair a, AbsPair b)
{
    return (AbsPair){ word_from_double(fmin(lo_of(a), lo_of(b))), word_from_double(fmax(hi_of(a), hi_of(b))) };
}

static AbsPair negated(AbsPair a) { return (AbsPair){ word_from_double(-hi_of(a)), word_from_double(-lo_of(a)) }; }

/* a's value over the box narrowed to its mean-value form c + sum_j d_j (X_j - m_j). */
static void centre(const Run *r, DVal *a)
{
    AbsPair sum = a->c, t;
    for (size_t j = 0; j < r->n; j++)
        if (!absop_real(IR_MUL_R, a->d[j], r->dx[j], &t) || !absop_real(IR_ADD_R, sum, t, &sum)) return;
    double lo = fmax(lo_of(a->v), lo_of(sum)), hi = fmin(hi_of(a->v), hi_of(sum));
    if (lo <= hi) a->v = (AbsPair){ word_from_double(lo), word_from_double(hi) };
}

/* a * b and a / b (the divisor's interval without 0) with their slopes into *out. */
static bool mul_div(Run *r, Opcode op, const DVal *a, const DVal *b, DVal *out)
{
    if (op == IR_DIV_R && !(lo_of(b->v) > 0 || hi_of(b->v) < 0))
        return give_up(r, "a divisor interval holding 0");
    if (!arith(r, op, a->v, b->v, &out->v) || !arith(r, op, a->c, b->c, &out->c)) return false;
    for (size_t j = 0; j < r->n; j++) {
        AbsPair s, t;
        if (op == IR_MUL_R) {               /* Du V + U Dv */
            if (!arith(r, IR_MUL_R, a->d[j], b->v, &s) || !arith(r, IR_MUL_R, a->v, b->d[j], &t) ||
                !arith(r, IR_ADD_R, s, t, &out->d[j]))
                return false;
        } else {                            /* (Du - Q Dv) / V */
            if (!arith(r, IR_MUL_R, out->v, b->d[j], &s) || !arith(r, IR_SUB_R, a->d[j], s, &t) ||
                !arith(r, IR_DIV_R, t, b->v, &out->d[j]))
                return false;
        }
    }
    return true;
}

/* min (least true) or max of a and b: the branch the box decides, else the hull of both. */
static DVal min_max(Run *r, bool least, const DVal *a, const DVal *b)
{
    bool a_below = hi_of(a->v) <= lo_of(b->v), b_below = hi_of(b->v) <= lo_of(a->v);
    if (a_below || b_below) return (a_below == least) ? *a : *b;
    DVal m = *a;
    absop_real(least ? IR_MIN_R : IR_MAX_R, a->v, b->v, &m.v);
    absop_real(least ? IR_MIN_R : IR_MAX_R, a->c, b->c, &m.c);
    for (size_t j = 0; j < r->n; j++) m.d[j] = hull(a->d[j], b->d[j]);
    return m;
}

static bool binary(Run *r, Stack *s, Opcode op)
{
    DVal b = s->w[--s->sp], a = s->w[--s->sp], out = { .real = true };
    if (!a.real || !b.real) return give_up(r, "integer arithmetic");
    switch (op) {
    case IR_ADD_R: case IR_SUB_R:
        if (!arith(r, op, a.v, b.v, &out.v) || !arith(r, op, a.c, b.c, &out.c)) return false;
        for (size_t j = 0; j < r->n; j++)
            if (!arith(r, op, a.d[j], b.d[j], &out.d[j])) return false;
        break;
    case IR_MUL_R: case IR_DIV_R:
        if (!mul_div(r, op, &a, &b, &out)) return false;
        break;
    case IR_MIN_R: case IR_MAX_R:
        out = min_max(r, op == IR_MIN_R, &a, &b);
        break;
    default:
        return give_up(r, "an instruction it cannot differentiate");
    }
    centre(r, &out);
    push(s, out);
    return true;
}

static bool unary(Run *r, Stack *s, Opcode op)
{
    DVal *a = &s->w[s->sp - 1];
    if (op == IR_I2R) {
        if (a->real) return true;
        AbsPair v = a->v;
        if (!absop_unary(IR_I2R, &v)) return give_up(r, "an integer it cannot convert");
        *a = constant(r, v.lo, true);
        a->v = a->c = v;
        return true;
    }
    if (!a->real) return give_up(r, "integer arithmetic");
    bool neg = op == IR_NEG_R || hi_of(a->v) <= 0, keep = op == IR_ABS_R && lo_of(a->v) >= 0;
    if (keep) return true;
    absop_unary(op, &a->v);
    absop_unary(op, &a->c);
    for (size_t j = 0; j < r->n; j++)           /* abs across 0: the hull of both signs */
        a->d[j] = neg ? negated(a->d[j]) : hull(a->d[j], negated(a->d[j]));
    centre(r, a);
    return true;
}

/* CHECK_REAL: f fails outside [lo - 1e-12, hi + 1e-12] and clamps into [lo, hi] (as the VM
 * does): give up unless it surely passes; the clamp is max then min with the bounds. */
static bool check_real(Run *r, Stack *s, const Lattice *L)
{
    double lo, hi;
    if (lattice_kind(L) != LATTICE_REAL) return give_up(r, "a range check of a non-real");
    lattice_real_bounds(L, &lo, &hi);
    DVal *a = &s->w[s->sp - 1];
    if (!a->real) return give_up(r, "integer arithmetic");
    if (lo_of(a->v) < lo - 1e-12 || hi_of(a->v) > hi + 1e-12) return give_up(r, "a real that may be out of its lattice");
    DVal bound = constant(r, word_from_double(lo), true);
    *a = min_max(r, false, a, &bound);
    bound = constant(r, word_from_double(hi), true);
    *a = min_max(r, true, a, &bound);
    return true;
}

/* JOIN / MEET on a lattice of reals: max / min word by word. */
static bool join_meet(Run *r, Stack *s, Opcode op, const Lattice *L)
{
    size_t W = L->nwords;
    if (absdiff_vars(L) != W) return give_up(r, "a join or meet of a non-real");
    DVal *a = &s->w[s->sp - 2 * W], *b = &s->w[s->sp - W];
    for (size_t k = 0; k < W; k++) {
        if (!a[k].real || !b[k].real) return give_up(r, "integer arithmetic");
        a[k] = min_max(r, op == IR_MEET, &a[k], &b[k]);
    }
    s->sp -= W;
    return true;
}

static bool exec(Run *r, const Chunk *ch, Stack *s);

static bool call(Run *r, const Chunk *ch, Stack *s, uint32_t k)
{
    if (k >= ch->tables->fns.count) return give_up(r, "a call it cannot follow");
    const Chunk *c = ch->tables->fns.items[k]->chunk;
    if (!c) return give_up(r, "a call of a function with errors");
    if (r->depth >= DIFF_MAX_DEPTH) return give_up(r, "calls nested too deeply");
    Stack callee = { 0 };
    size_t pw = c->param_words;
    for (size_t w = 0; w < pw; w++) push(&callee, s->w[s->sp - pw + w]);
    for (size_t w = pw; w < c->nlocals; w++) push(&callee, constant(r, 0, false));
    r->depth++;
    bool ok = exec(r, c, &callee);
    r->depth--;
    if (ok) {
        s->sp -= pw;
        for (size_t w = 0; w < c->ret_words; w++) push(s, callee.w[w]);
    }
    mem_free(callee.w);
    return ok;
}

/* LOAD, STORE (n words at slot a) and POP (a words). */
static bool frame_op(Stack *s, Opcode op, size_t a, size_t n)
{
    if (op == IR_POP) {
        s->sp -= a;
    } else if (op == IR_STORE) {
        s->sp -= n;
        memmove(s->w + a, s->w + s->sp, n * sizeof *s->w);
    } else {
        for (size_t w = 0; w < n; w++) push(s, s->w[a + w]);
    }
    return true;
}

static const Lattice *lat_at(const Chunk *ch, const uint8_t *args)
{
    uint32_t l = ir_read_u32(args);
    return l < ch->tables->lats.count ? ch->tables->lats.items[l] : NULL;
}

/* The lattice instructions it knows: PROJ, the range check, join and meet of reals. */
static bool lattice_op(Run *r, const Chunk *ch, Stack *s, Opcode op, const uint8_t *args)
{
    const Lattice *L = lat_at(ch, args);
    if (!L) return give_up(r, "an instruction it cannot differentiate");
    switch (op) {
    case IR_CHECK_REAL: return check_real(r, s, L);
    case IR_JOIN: case IR_MEET: return join_meet(r, s, op, L);
    case IR_PROJ: {
        size_t i = ir_read_u32(args + 4), W = L->nwords, off = lattice_part_offset(L, i);
        size_t n = lattice_part(L, i)->nwords, base = s->sp - W;
        memmove(s->w + base, s->w + base + off, n * sizeof *s->w);
        s->sp = base + n;
        return true;
    }
    default:
        return give_up(r, "an instruction it cannot differentiate");
    }
}

static bool step(Run *r, const Chunk *ch, Stack *s, Opcode op, const uint8_t *args);

/* A specialised instruction run as the general one it stands for (opcodes.h). */
static bool specialised(Run *r, const Chunk *ch, Stack *s, Opcode op, Opcode general, const uint8_t *args)
{
    switch (ir_opcode_shapes[op]) {
    case SHAPE_CONST: {                     /* the _RK forms: push the constant first */
        if (!ir_real_constant(op)) return give_up(r, "integer arithmetic");
        DVal k = constant(r, ch->consts.items[ir_read_u32(args)], true);
        if (ir_constant_left(op)) {         /* k - r, k / r: the constant below */
            DVal top = s->w[--s->sp];
            push(s, k);
            push(s, top);
        } else {
            push(s, k);
        }
        return step(r, ch, s, general, args);
    }
    case SHAPE_VAR:                         /* LOAD1, STORE1: one word */
        return frame_op(s, general, ir_read_u32(args), 1);
    default:                                /* the same operands */
        return step(r, ch, s, general, args);
    }
}

static bool step(Run *r, const Chunk *ch, Stack *s, Opcode op, const uint8_t *args)
{
    Opcode form = ir_loaded_op(op);         /* LOAD1 s, then the _K form */
    if (form != op) return frame_op(s, IR_LOAD, ir_read_u32(args), 1) && step(r, ch, s, form, args + 4);
    Opcode general = ir_general_op(op);
    if (general != op) return specialised(r, ch, s, op, general, args);
    switch (op) {
    case IR_CONST_INT: case IR_CONST_REAL:
        push(s, constant(r, ch->consts.items[ir_read_u32(args)], op == IR_CONST_REAL));
        return true;
    case IR_CONST_ELEM: {
        const Lattice *L = lat_at(ch, args);
        if (!L || lattice_kind(L) != LATTICE_REAL) return give_up(r, "a constant that is not a real");
        push(s, constant(r, ch->consts.items[ir_read_u32(args + 4)], true));
        return true;
    }
    case IR_LOAD: case IR_STORE: case IR_POP: return frame_op(s, op, ir_read_u32(args), ir_read_u32(args + 4));
    case IR_CALL: return call(r, ch, s, ir_read_u32(args));
    case IR_ADD_R: case IR_SUB_R: case IR_MUL_R: case IR_DIV_R: case IR_MIN_R: case IR_MAX_R:
        return binary(r, s, op);
    case IR_NEG_R: case IR_ABS_R: case IR_I2R: return unary(r, s, op);
    case IR_NEG_I: case IR_ABS_I: {         /* of an int constant (-1): no slopes */
        DVal *a = &s->w[s->sp - 1];
        if (a->real || !absop_unary(op, &a->v)) return give_up(r, "integer arithmetic");
        a->c = a->v;
        return true;
    }
    case IR_CHECK_REAL: case IR_JOIN: case IR_MEET: case IR_PROJ: return lattice_op(r, ch, s, op, args);
    default: return give_up(r, "an instruction it cannot differentiate");
    }
}

/* Runs ch until RET (straight-line code: any jump gives up); the result becomes the
 * frame's first words. */
static bool exec(Run *r, const Chunk *ch, Stack *s)
{
    for (size_t ip = 0; ip < ch->code.count;) {
        Opcode op = (Opcode)ch->code.items[ip];
        if (op >= IR_OPCODE_COUNT) return give_up(r, "an unknown instruction");
        const uint8_t *args = &ch->code.items[ip + 1];
        if (op == IR_RET) {
            size_t n = ir_read_u32(args);
            memmove(s->w, s->w + s->sp - n, n * sizeof *s->w);
            s->sp = n;
            return true;
        }
        if (!step(r, ch, s, op, args)) return false;
        ip += ir_length(op);
    }
    return give_up(r, "code that does not return");
}

/* Does every leaf of L below it count as a real coordinate?  Adds them to *n. */
static bool count_reals(const Lattice *L, size_t *n)
{
    if (lattice_kind(L) == LATTICE_REAL) return ++*n <= ABSDIFF_MAX_VARS;
    if (lattice_kind(L) != LATTICE_PRODUCT) return false;
    for (size_t i = 0; i < lattice_nparts(L); i++)
        if (!count_reals(lattice_part(L, i), n)) return false;
    return true;
}

size_t absdiff_vars(const Lattice *L)
{
    size_t n = 0;
    return count_reals(L, &n) && n == L->nwords ? n : 0;
}

bool absdiff_eval(const FnSym *fn, const Word *lo, const Word *hi, AbsDiff *out)
{
    Run r = { .n = fn->nparams == 1 ? absdiff_vars(fn->params[0]) : 0 };
    out->why = NULL;
    out->n = r.n;
    const Chunk *c = fn->chunk;
    if (!c || r.n == 0 || absdiff_vars(fn->ret) != r.n) {
        out->why = "not a function of reals to the same reals";
        return false;
    }
    Stack s = { 0 };
    for (size_t j = 0; j < r.n; j++) {
        double a = word_to_double(lo[j]), b = word_to_double(hi[j]), m = a + (b - a) / 2;
        if (!(a <= b)) {
            out->why = "an empty argument box";
            mem_free(s.w);
            return false;
        }
        if (!(a <= m && m <= b)) m = a;       /* b - a overflowed */
        out->mid[j] = word_from_double(m);
        absop_real(IR_SUB_R, (AbsPair){ lo[j], hi[j] }, real_point(m), &r.dx[j]);
        DVal x = constant(&r, out->mid[j], true);
        x.v = (AbsPair){ lo[j], hi[j] };
        x.d[j] = real_point(1.0);
        push(&s, x);
    }
    for (size_t w = r.n; w < c->nlocals; w++) push(&s, constant(&r, 0, false));
    bool ok = exec(&r, c, &s);
    for (size_t i = 0; ok && i < r.n; i++) {
        if (!s.w[i].real) ok = give_up(&r, "a result that is not a real");
        out->val[i] = s.w[i].v;
        out->at_mid[i] = s.w[i].c;
        memcpy(out->jac[i], s.w[i].d, r.n * sizeof(AbsPair));
    }
    mem_free(s.w);
    out->why = ok ? NULL : r.why;
    return ok;
}
