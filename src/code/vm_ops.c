/* vm_ops.c: the instructions the VM's loop (vm.c) leaves to functions: the rarer ones and
 * those that call the lattices anyway; they work on vm->sp, synchronised by the loop. */
#include "code/vm_internal.h"

#include <math.h>
#include <stdio.h>

#include "util/bitset.h"

/* ---- helpers of the instructions ---- */

/* The room for a chunk's stack is reserved when it is entered (Chunk.stack_words). */
static void push(Vm *vm, Word w) { vm->stack[vm->sp++] = w; }

static Word pop(Vm *vm) { return vm->stack[--vm->sp]; }

/* Integer / and mod (the loop runs the other integer operators itself). */
static void int_divide(Vm *vm, Opcode op)
{
    int64_t b = word_to_int(pop(vm)), a = word_to_int(ST(vm->sp - 1)), r;
    if (op == IR_DIV_I) {
        if (b == 0) vm_error(vm, "division by zero");
        if (a == INT64_MIN && b == -1) vm_error(vm, "integer overflow in '/'");
        r = a / b;
    } else {
        if (b == 0) vm_error(vm, "division by zero in 'mod'");
        r = b == -1 ? 0 : a % b;
        if (r != 0 && (r < 0) != (b < 0)) r += b;
    }
    ST(vm->sp - 1) = word_from_int(r);
}

/* Real / (the loop runs the other real operators itself). */
static void real_divide(Vm *vm)
{
    double b = word_to_double(pop(vm)), a = word_to_double(ST(vm->sp - 1));
    if (b == 0) vm_error(vm, "division by zero");
    ST(vm->sp - 1) = word_from_double(a / b);
}

/* Integer - and abs, which can overflow (the loop runs the other unary operators). */
static void int_unary(Vm *vm, Opcode op)
{
    Word *x = AT(vm->sp - 1);
    int64_t i = word_to_int(*x);
    if (i == INT64_MIN) vm_error(vm, "integer overflow in '%s'", op == IR_NEG_I ? "-" : "abs");
    *x = word_from_int(op == IR_NEG_I || i < 0 ? -i : i);
}

static void lattice_compare(Vm *vm, Opcode op, const Lattice *L)
{
    size_t W = L->nwords;
    const Word *x = AT(vm->sp - 2 * W), *y = AT(vm->sp - W);
    bool r = false;
    switch (op) {
    case IR_LAT_LE: r = L->ops->leq(L, x, y); break;
    case IR_LAT_LT: r = L->ops->leq(L, x, y) && !L->ops->eq(L, x, y); break;
    case IR_LAT_GE: r = L->ops->leq(L, y, x); break;
    case IR_LAT_GT: r = L->ops->leq(L, y, x) && !L->ops->eq(L, x, y); break;
    case IR_LAT_EQ: r = L->ops->eq(L, x, y); break;
    case IR_LAT_NE: r = !L->ops->eq(L, x, y); break;
    default: break;
    }
    vm->sp -= 2 * W;
    push(vm, r);
}

static void lattice_binary(Vm *vm, Opcode op, const Lattice *L)
{
    size_t W = L->nwords;
    Word *x = AT(vm->sp - 2 * W);
    const Word *y = AT(vm->sp - W);
    if (op == IR_JOIN) L->ops->join(L, x, x, y);
    else if (op == IR_MEET) L->ops->meet(L, x, x, y);
    else for (size_t w = 0; w < W; w++) x[w] &= ~y[w];
    vm->sp -= W;
}

static void set_op(Vm *vm, Opcode op, const Lattice *P)
{
    size_t W = P->nwords;
    if (op == IR_SET_ADD) {
        uint64_t a = pop(vm);
        bitset_add(AT(vm->sp - W), a);
    } else if (op == IR_SET_IN) {
        uint64_t a = ST(vm->sp - W - 1);
        bool in = a < lattice_name_count(P) && bitset_has(AT(vm->sp - W), a);
        vm->sp -= W + 1;
        push(vm, in);
    } else {
        size_t n = bitset_count(AT(vm->sp - W), W);
        vm->sp -= W;
        push(vm, n);
    }
}

FIX_NORETURN void vm_outside(Vm *vm, const Lattice *L, Word v, bool real)
{
    Buf b;
    buf_init(&b);
    lattice_describe_outside(L, v, real, &b);
    char msg[512];
    snprintf(msg, sizeof msg, "%s", buf_cstr(&b));
    buf_free(&b);
    vm_error(vm, "%s", msg);
}

static void check_bounds(Vm *vm, Opcode op, const Lattice *L)
{
    Word *x = AT(vm->sp - 1);
    if (op == IR_CHECK_RANGE) {
        int64_t v = word_to_int(*x), ilo, ihi;
        lattice_int_bounds(L, &ilo, &ihi);
        if (v < ilo || v > ihi) vm_outside(vm, L, *x, false);
        return;
    }
    double d = word_to_double(*x), lo, hi;
    lattice_real_bounds(L, &lo, &hi);
    if (isnan(d) || d < lo - 1e-12 || d > hi + 1e-12) vm_outside(vm, L, *x, true);
    *x = word_from_double(d < lo ? lo : d > hi ? hi : d);
}

/* Keeps words [off, off + n) of the top element of W words. */
static void keep_part(Vm *vm, size_t W, size_t off, size_t n)
{
    size_t base = vm->sp - W;
    memmove(AT(base), AT(base + off), n * sizeof(Word));
    vm->sp = base + n;
}

static void map_index(Vm *vm, const Lattice *M)
{
    uint64_t a = pop(vm);
    if (a >= lattice_nparts(M)) vm_error(vm, "%llu is not a key of the map", (unsigned long long)a);
    size_t vw = lattice_inner(M)->nwords;
    keep_part(vm, M->nwords, a * vw, vw);
}

static void check_interval(Vm *vm, const Lattice *L, size_t lo)
{
    if (L->ops->leq(L, AT(lo), AT(lo + L->nwords))) return;
    char *a = lattice_to_string(L, AT(lo)), *b = lattice_to_string(L, AT(lo + L->nwords));
    char msg[512];
    snprintf(msg, sizeof msg, "empty interval: %s is not below %s", a, b);
    mem_free(a);
    mem_free(b);
    vm_error(vm, "%s", msg);
}

/* Next atom after the one at slot v in the set at slot s; false when there is none. */
static bool set_next(Vm *vm, const Lattice *P, size_t s, size_t v)
{
    int64_t cur = word_to_int(ST(v));
    size_t n = lattice_name_count(P), i = cur < 0 ? 0 : (size_t)cur + 1;
    if (i >= n) return false;
    size_t next = bitset_next(AT(s), bitset_words(n), i);
    if (next >= n) return false;
    ST(v) = word_from_int((int64_t)next);
    return true;
}

/* An lfp started from a kept one (counter -1): unless x <= y = f(x), start again from bot. */
static bool warm_refused(Vm *vm, const Lattice *L, size_t x, size_t count)
{
    size_t W = L->nwords;
    ST(count) = 0;
    if (L->ops->leq(L, AT(x), AT(vm->sp - W))) return false;
    vm->warm.refused++;
    vm->warm.hits--;
    L->ops->bot(L, AT(x));
    vm->sp -= W;
    return true;
}

/* One Kleene step: x := y; true when the iteration is stable: f(x) = x, also on reals (a
 * step by less than the tolerance is no fixed point: x + 1e-10 would stop at once, though
 * it has none; an expression's value is its floating-point value, with no label to say so). */
static bool kleene_step(Vm *vm, const Lattice *L, size_t x, size_t count)
{
    size_t W = L->nwords;
    if (word_to_int(ST(count)) < 0 && warm_refused(vm, L, x, count)) return false;
    Word *y = AT(vm->sp - W), *xs = AT(x);
    bool stable = L->ops->eq(L, xs, y);
    lattice_copy(L, xs, y);
    vm->sp -= W;
    if (stable) return true;
    ST(count) = ST(count) + 1;
    if (ST(count) >= VM_KLEENE_LIMIT)
        vm_error(vm, "no fixed point after %d iterations (is the function monotone?)", (int)VM_KLEENE_LIMIT);
    return false;
}

/* ---- the instructions ---- */

static const Lattice *lat_of(const Chunk *ch, uint32_t l) { return ch->tables->lats.items[l]; }

/* The instructions the loop leaves to a function (rarer, or heavy anyway): run on vm->sp,
 * the frame at word fp; returns where the next instruction is. */
const uint8_t *vm_instruction(Vm *vm, const Chunk *ch, size_t fp, const uint8_t *pc)
{
    Opcode op = (Opcode)*pc;
    const uint8_t *next = pc + ir_length(op);
#define ARG(k) ir_read_u32(pc + 1 + 4 * (k))
    switch (op) {
    case IR_DIV_I: case IR_MOD_I: int_divide(vm, op); break;
    case IR_DIV_R: real_divide(vm); break;
    case IR_NEG_I: case IR_ABS_I: int_unary(vm, op); break;
    case IR_LAT_LE: case IR_LAT_LT: case IR_LAT_GE: case IR_LAT_GT: case IR_LAT_EQ: case IR_LAT_NE:
        lattice_compare(vm, op, lat_of(ch, ARG(0)));
        break;
    case IR_JOIN: case IR_MEET: case IR_SET_MINUS: lattice_binary(vm, op, lat_of(ch, ARG(0))); break;
    case IR_SET_COUNT: set_op(vm, op, lat_of(ch, ARG(0))); break;
    case IR_CHECK_RANGE: case IR_CHECK_REAL: check_bounds(vm, op, lat_of(ch, ARG(0))); break;
    case IR_PROJ: {
        const Lattice *P = lat_of(ch, ARG(0));
        uint32_t i = ARG(1);
        keep_part(vm, P->nwords, lattice_part_offset(P, i), lattice_part(P, i)->nwords);
        break;
    }
    case IR_MAP_INDEX: map_index(vm, lat_of(ch, ARG(0))); break;
    case IR_CHECK_LE: check_interval(vm, lat_of(ch, ARG(0)), fp + ARG(1)); break;
    case IR_ENUM_NEXT: {
        const Lattice *L = lat_of(ch, ARG(0));
        size_t lo = fp + ARG(1);
        if (!L->ops->next(L, AT(lo), AT(lo + L->nwords), AT(fp + ARG(2)))) next = ch->code.items + ARG(3);
        break;
    }
    case IR_SET_NEXT:
        if (!set_next(vm, lat_of(ch, ARG(0)), fp + ARG(1), fp + ARG(2))) next = ch->code.items + ARG(3);
        break;
    case IR_LFP_START: {
        const Lattice *L = lat_of(ch, ARG(0));
        size_t x = fp + ARG(1);
        bool warm = vm->memo_on && vm_warm_start(&vm->warm, ch, ARG(2), L, AT(fp), AT(x));
        if (warm) vm->warm.hits++;
        else L->ops->bot(L, AT(x));
        ST(x + L->nwords) = word_from_int(warm ? -1 : 0);
        break;
    }
    case IR_LFP_KEEP:
        if (vm->memo_on) vm_warm_keep(&vm->warm, ch, ARG(2), lat_of(ch, ARG(0)), AT(fp), AT(fp + ARG(1)));
        break;
    case IR_KLEENE:
        if (kleene_step(vm, lat_of(ch, ARG(0)), fp + ARG(1), fp + ARG(2))) next = ch->code.items + ARG(3);
        break;
    case IR_COLL_NEW: case IR_COLL_ADD: case IR_COLL_NEXT: case IR_COLL_COUNT: case IR_COLL_HAS: case IR_COLL_EQ:
    case IR_COLL_CACHED: case IR_COLL_KEEP: case IR_APPROX: case IR_REFINE: case IR_BNB:
    case IR_STABLE:
        return vm_coll_instruction(vm, ch, fp, pc);
    default:
        vm_error(vm, "bad instruction %d", (int)op);
    }
#undef ARG
    return next;
}
