/* vm.c: the evaluator.  A stack of words, frames of word slots, one instruction loop; runtime
 * errors are reported and thrown (longjmp) back to vm_run, the one protected entry. */
#include "code/vm.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>

#include "aft/aft.h"
#include "util/bitset.h"

enum { VM_STACK_MAX_WORDS = 1 << 27 };

typedef struct Frame { const Chunk *chunk; size_t ip; size_t fp; } Frame;

struct Vm {
    Diag *diag;                 /* where runtime errors are reported */
    uint64_t max_steps;         /* per vm_run from outside, 0 = none */
    Limits *limits;             /* the query's timeout, memory and Ctrl-C; may be NULL */
    Word *stack;
    size_t cap, sp;
    VEC(Frame) frames;
    jmp_buf *handler;           /* where a runtime error goes */
    Word *scratch;              /* temporaries of KLEENE */
    size_t scratch_cap;
    uint64_t steps;             /* loop iterations and calls in this context_call */
    int depth;                  /* nested vm_run calls */
    const Chunk *chunk;         /* the instruction running, for error locations */
    size_t instr;
    Loc where;
};

Vm *vm_new(Diag *diag)
{
    Vm *vm = mem_calloc(1, sizeof *vm);
    vm->diag = diag;
    return vm;
}

void vm_set_limits(Vm *vm, uint64_t max_steps, Limits *limits)
{
    vm->max_steps = max_steps;
    vm->limits = limits;
}

void vm_free(Vm *vm)
{
    if (!vm) return;
    mem_free(vm->stack);
    mem_free(vm->scratch);
    VEC_FREE(vm->frames);
    mem_free(vm);
}

/* ---- the error path ---- */

static FIX_NORETURN void vm_error(Vm *vm, const char *fmt, ...) FIX_PRINTF(2, 3);
static FIX_NORETURN void vm_error(Vm *vm, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    Loc loc = vm->chunk ? ir_loc_at(vm->chunk, vm->instr) : vm->where;
    diag_error(vm->diag, loc, "%s", msg);
    bool inside = loc.src == vm->where.src && loc.start >= vm->where.start && loc.start < vm->where.end;
    if (vm->where.src && !inside)
        diag_note(vm->diag, vm->where, "while evaluating this");
    longjmp(*vm->handler, 1);
}

/* A limit of the query (timeout, memory, Ctrl-C) stops the VM without a message of its own:
 * the caller reports what stopped it (limits->hit), or keeps the sound result it has. */
static FIX_NORETURN void vm_stop(Vm *vm)
{
    longjmp(*vm->handler, 1);
}

static void tick(Vm *vm)
{
    vm->steps++;
    if (vm->max_steps && vm->steps > vm->max_steps)
        vm_error(vm, "step limit of %llu steps reached", (unsigned long long)vm->max_steps);
    if (limits_poll(vm->limits)) vm_stop(vm);
}

static void ensure(Vm *vm, size_t n)
{
    if (vm->sp + n <= vm->cap) return;
    size_t need = vm->sp + n;
    if (need > VM_STACK_MAX_WORDS) vm_error(vm, "out of stack space (%zu words)", need);
    size_t cap = vm->cap ? vm->cap : 1024;
    while (cap < need) cap *= 2;
    vm->stack = mem_realloc(vm->stack, cap * sizeof(Word));
    vm->cap = cap;
}

static Word *scratch(Vm *vm, size_t n)
{
    if (n > vm->scratch_cap) {
        vm->scratch = mem_realloc(vm->scratch, n * sizeof(Word));
        vm->scratch_cap = n;
    }
    return vm->scratch;
}

/* ---- helpers of the instructions ---- */

#define ST(i) (vm->stack[(i)])
#define AT(i) (vm->stack + (i))

static void push(Vm *vm, Word w)
{
    ensure(vm, 1);
    vm->stack[vm->sp++] = w;
}

static Word pop(Vm *vm) { return vm->stack[--vm->sp]; }

static void check_overflow(Vm *vm, bool overflow, const char *op)
{
    if (overflow) vm_error(vm, "integer overflow in '%s'", op);
}

static void int_binary(Vm *vm, Opcode op)
{
    int64_t b = word_to_int(pop(vm)), a = word_to_int(ST(vm->sp - 1)), r = 0;
    switch (op) {
    case IR_ADD_I: check_overflow(vm, __builtin_add_overflow(a, b, &r), "+"); break;
    case IR_SUB_I: check_overflow(vm, __builtin_sub_overflow(a, b, &r), "-"); break;
    case IR_MUL_I: check_overflow(vm, __builtin_mul_overflow(a, b, &r), "*"); break;
    case IR_DIV_I:
        if (b == 0) vm_error(vm, "division by zero");
        if (a == INT64_MIN && b == -1) vm_error(vm, "integer overflow in '/'");
        r = a / b;
        break;
    case IR_MOD_I:
        if (b == 0) vm_error(vm, "division by zero in 'mod'");
        r = b == -1 ? 0 : a % b;
        if (r != 0 && (r < 0) != (b < 0)) r += b;
        break;
    case IR_MIN_I: r = a < b ? a : b; break;
    case IR_MAX_I: r = a > b ? a : b; break;
    case IR_LT_I: r = a < b; break;
    case IR_LE_I: r = a <= b; break;
    case IR_GT_I: r = a > b; break;
    case IR_GE_I: r = a >= b; break;
    case IR_EQ_I: r = a == b; break;
    case IR_NE_I: r = a != b; break;
    default: break;
    }
    ST(vm->sp - 1) = word_from_int(r);
}

static void real_binary(Vm *vm, Opcode op)
{
    double b = word_to_double(pop(vm)), a = word_to_double(ST(vm->sp - 1));
    Word r = 0;
    switch (op) {
    case IR_ADD_R: r = word_from_double(a + b); break;
    case IR_SUB_R: r = word_from_double(a - b); break;
    case IR_MUL_R: r = word_from_double(a * b); break;
    case IR_DIV_R:
        if (b == 0) vm_error(vm, "division by zero");
        r = word_from_double(a / b);
        break;
    case IR_MIN_R: r = word_from_double(fmin(a, b)); break;
    case IR_MAX_R: r = word_from_double(fmax(a, b)); break;
    case IR_LT_R: r = a < b; break;
    case IR_LE_R: r = a <= b; break;
    case IR_GT_R: r = a > b; break;
    case IR_GE_R: r = a >= b; break;
    case IR_EQ_R: r = a == b; break;
    case IR_NE_R: r = a != b; break;
    default: break;
    }
    ST(vm->sp - 1) = r;
}

static void unary_number(Vm *vm, Opcode op)
{
    Word *x = AT(vm->sp - 1);
    int64_t i = word_to_int(*x);
    double d = word_to_double(*x);
    switch (op) {
    case IR_NEG_I:
        if (i == INT64_MIN) vm_error(vm, "integer overflow in '-'");
        *x = word_from_int(-i);
        break;
    case IR_ABS_I:
        if (i == INT64_MIN) vm_error(vm, "integer overflow in 'abs'");
        *x = word_from_int(i < 0 ? -i : i);
        break;
    case IR_NEG_R: *x = word_from_double(-d); break;
    case IR_ABS_R: *x = word_from_double(fabs(d)); break;
    case IR_I2R: *x = word_from_double((double)i); break;
    case IR_NOT: *x = !*x; break;
    default: break;
    }
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

static FIX_NORETURN void outside(Vm *vm, const Lattice *L, Word v, bool real)
{
    Buf b;
    buf_init(&b);
    if (real) buf_put_double(&b, word_to_double(v));
    else buf_printf(&b, "%lld", (long long)word_to_int(v));
    buf_puts(&b, " is outside ");
    lattice_describe_bounds(L, &b);
    char msg[512];
    snprintf(msg, sizeof msg, "%s", buf_cstr(&b));
    buf_free(&b);
    vm_error(vm, "value %s", msg);
}

static void check_bounds(Vm *vm, Opcode op, const Lattice *L)
{
    Word *x = AT(vm->sp - 1);
    if (op == IR_CHECK_RANGE) {
        int64_t v = word_to_int(*x), ilo, ihi;
        lattice_int_bounds(L, &ilo, &ihi);
        if (v < ilo || v > ihi) outside(vm, L, *x, false);
        return;
    }
    double d = word_to_double(*x), lo, hi;
    lattice_real_bounds(L, &lo, &hi);
    if (isnan(d) || d < lo - 1e-12 || d > hi + 1e-12) outside(vm, L, *x, true);
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

/* One Kleene step: x := y; true when the iteration is stable. */
static bool kleene_step(Vm *vm, const Lattice *L, size_t x, size_t count)
{
    size_t W = L->nwords;
    Word *y = AT(vm->sp - W), *xs = AT(x);
    bool stable = aft_kleene_settled(L, xs, y, true, 0, L->finite ? NULL : scratch(vm, 2 * W));
    lattice_copy(L, xs, y);
    vm->sp -= W;
    if (stable) return true;
    ST(count) = ST(count) + 1;
    if (ST(count) >= VM_KLEENE_LIMIT)
        vm_error(vm, "no fixed point after %d iterations (is the function monotone?)", (int)VM_KLEENE_LIMIT);
    return false;
}

/* ---- the loop ---- */

static const Lattice *lat_of(const Chunk *ch, uint32_t l) { return ch->tables->lats.items[l]; }

/* Enters fn: its arguments are on top of the stack; returns its chunk. */
static const Chunk *enter(Vm *vm, const FnSym *fn, size_t base_frames)
{
    if (!fn->chunk) vm_error(vm, "'%s' cannot be called: its declaration has errors", fn->name);
    if (vm->frames.count - base_frames >= VM_MAX_CALL_DEPTH)
        vm_error(vm, "call depth limit of %d reached in '%s' (unbounded recursion?)", (int)VM_MAX_CALL_DEPTH, fn->name);
    tick(vm);
    const Chunk *ch = fn->chunk;
    size_t extra = ch->nlocals - ch->param_words;
    ensure(vm, extra);
    memset(AT(vm->sp), 0, extra * sizeof(Word));
    vm->sp += extra;
    return ch;
}

static void run(Vm *vm, const Chunk *entry, size_t fp, size_t base_frames)
{
    const Chunk *ch = entry;
    size_t ip = 0;
    for (;;) {
        size_t at = ip;
        const uint8_t *code = ch->code.items;
        Opcode op = (Opcode)code[at];
        ip = at + 1 + 4u * ir_shape_operands[ir_opcode_shapes[op]];
        vm->chunk = ch;
        vm->instr = at;
#define ARG(k) ir_read_u32(code + at + 1 + 4 * (k))
        if (FIX_TRACE_EXECUTION) {
            Buf b; buf_init(&b);
            ir_disassemble_instruction(ch, at, &b);
            fprintf(stderr, "[sp %zu] %s", vm->sp, buf_cstr(&b));
            buf_free(&b);
        }
        switch (op) {
        case IR_CONST_INT:
        case IR_CONST_REAL: push(vm, ch->consts.items[ARG(0)]); break;
        case IR_BOT:
        case IR_TOP: {
            const Lattice *L = lat_of(ch, ARG(0));
            ensure(vm, L->nwords);
            if (op == IR_BOT) L->ops->bot(L, AT(vm->sp));
            else L->ops->top(L, AT(vm->sp));
            vm->sp += L->nwords;
            break;
        }
        case IR_LOAD: {
            size_t n = ARG(1);
            ensure(vm, n);
            memmove(AT(vm->sp), AT(fp + ARG(0)), n * sizeof(Word));
            vm->sp += n;
            break;
        }
        case IR_STORE: {
            size_t n = ARG(1);
            vm->sp -= n;
            memmove(AT(fp + ARG(0)), AT(vm->sp), n * sizeof(Word));
            break;
        }
        case IR_POP: vm->sp -= ARG(0); break;
        case IR_ADD_I: case IR_SUB_I: case IR_MUL_I: case IR_DIV_I: case IR_MOD_I: case IR_MIN_I: case IR_MAX_I:
        case IR_LT_I: case IR_LE_I: case IR_GT_I: case IR_GE_I: case IR_EQ_I: case IR_NE_I:
            int_binary(vm, op);
            break;
        case IR_ADD_R: case IR_SUB_R: case IR_MUL_R: case IR_DIV_R: case IR_MIN_R: case IR_MAX_R:
        case IR_LT_R: case IR_LE_R: case IR_GT_R: case IR_GE_R: case IR_EQ_R: case IR_NE_R:
            real_binary(vm, op);
            break;
        case IR_NEG_I: case IR_ABS_I: case IR_NEG_R: case IR_ABS_R: case IR_I2R: case IR_NOT:
            unary_number(vm, op);
            break;
        case IR_LAT_LE: case IR_LAT_LT: case IR_LAT_GE: case IR_LAT_GT: case IR_LAT_EQ: case IR_LAT_NE:
            lattice_compare(vm, op, lat_of(ch, ARG(0)));
            break;
        case IR_JOIN: case IR_MEET: case IR_SET_MINUS: lattice_binary(vm, op, lat_of(ch, ARG(0))); break;
        case IR_SET_ADD: case IR_SET_IN: case IR_SET_COUNT: set_op(vm, op, lat_of(ch, ARG(0))); break;
        case IR_CHECK_RANGE: case IR_CHECK_REAL: check_bounds(vm, op, lat_of(ch, ARG(0))); break;
        case IR_PROJ: {
            const Lattice *P = lat_of(ch, ARG(0));
            uint32_t i = ARG(1);
            keep_part(vm, P->nwords, lattice_part_offset(P, i), lattice_part(P, i)->nwords);
            break;
        }
        case IR_MAP_GET: {
            const Lattice *M = lat_of(ch, ARG(0));
            size_t vw = lattice_inner(M)->nwords;
            keep_part(vm, M->nwords, ARG(1) * vw, vw);
            break;
        }
        case IR_MAP_INDEX: map_index(vm, lat_of(ch, ARG(0))); break;
        case IR_CHECK_LE: check_interval(vm, lat_of(ch, ARG(0)), fp + ARG(1)); break;
        case IR_ENUM_NEXT: {
            const Lattice *L = lat_of(ch, ARG(0));
            tick(vm);
            size_t lo = fp + ARG(1);
            if (!L->ops->next(L, AT(lo), AT(lo + L->nwords), AT(fp + ARG(2)))) ip = ARG(3);
            break;
        }
        case IR_SET_NEXT:
            tick(vm);
            if (!set_next(vm, lat_of(ch, ARG(0)), fp + ARG(1), fp + ARG(2))) ip = ARG(3);
            break;
        case IR_KLEENE:
            tick(vm);
            if (kleene_step(vm, lat_of(ch, ARG(0)), fp + ARG(1), fp + ARG(2))) ip = ARG(3);
            break;
        case IR_JUMP:
            if (ARG(0) <= at) tick(vm);
            ip = ARG(0);
            break;
        case IR_JUMP_IF_FALSE:
            if (!pop(vm)) {
                if (ARG(0) <= at) tick(vm);
                ip = ARG(0);
            }
            break;
        case IR_JUMP_IF_FALSE_KEEP: if (!ST(vm->sp - 1)) ip = ARG(0); break;
        case IR_JUMP_IF_TRUE_KEEP: if (ST(vm->sp - 1)) ip = ARG(0); break;
        case IR_CALL: {
            const FnSym *fn = ch->tables->fns.items[ARG(0)];
            Frame f = { ch, ip, fp };
            const Chunk *callee = enter(vm, fn, base_frames);
            VEC_PUSH(vm->frames, f);
            fp = vm->sp - callee->nlocals;
            ch = callee;
            ip = 0;
            break;
        }
        case IR_RET: {
            size_t n = ARG(0);
            memmove(AT(fp), AT(vm->sp - n), n * sizeof(Word));
            vm->sp = fp + n;
            if (vm->frames.count == base_frames) return;
            Frame f = vm->frames.items[--vm->frames.count];
            ch = f.chunk;
            ip = f.ip;
            fp = f.fp;
            break;
        }
        default:
            vm_error(vm, "bad instruction %d", (int)op);
        }
#undef ARG
    }
}

bool vm_run(Vm *vm, const Chunk *chunk, const Word *params, Word *out, Loc where)
{
    size_t base = vm->sp, base_frames = vm->frames.count;
    jmp_buf jb;
    jmp_buf *prev_handler = vm->handler;
    Loc prev_where = vm->where;
    const Chunk *prev_chunk = vm->chunk;
    size_t prev_instr = vm->instr;
    vm->handler = &jb;
    vm->where = where;
    if (vm->depth++ == 0) vm->steps = 0;
    bool ok = true;
    if (setjmp(jb) == 0) {
        vm->chunk = NULL;
        ensure(vm, chunk->nlocals + 1);
        if (chunk->param_words) memcpy(AT(base), params, chunk->param_words * sizeof(Word));
        memset(AT(base + chunk->param_words), 0, (chunk->nlocals - chunk->param_words) * sizeof(Word));
        vm->sp = base + chunk->nlocals;
        run(vm, chunk, base, base_frames);
        if (chunk->ret_words) memcpy(out, AT(base), chunk->ret_words * sizeof(Word));
    } else {
        ok = false;
    }
    vm->sp = base;
    vm->frames.count = base_frames;
    vm->handler = prev_handler;
    vm->where = prev_where;
    vm->chunk = prev_chunk;
    vm->instr = prev_instr;
    vm->depth--;
    return ok;
}
