/* vm.c: the evaluator.  A stack of words, frames of word slots, one instruction loop; runtime
 * errors are reported and thrown (longjmp, vm_error.c) back to vm_run, the one protected entry. */
#include "code/vm.h"

#include <math.h>
#include <setjmp.h>
#include <stdio.h>

#include "code/vm_internal.h"
#include "util/bitset.h"

Vm *vm_new(Diag *diag)
{
    Vm *vm = mem_calloc_lines(1, sizeof *vm);   /* a worker's VM: no line shared with another's */
    vm->diag = diag;
    vm->max_depth = VM_MAX_CALL_DEPTH;
    vm->memo_on = true;
    /* never NULL: a memoised call of no argument words saves them at `items + count` */
    vm->memo_args.items = mem_alloc((vm->memo_args.cap = 8) * sizeof *vm->memo_args.items);
    return vm;
}

bool vm_call(Vm *vm, const FnSym *fn, const Word *const *args, Word *out, Loc where)
{
    if (!fn->chunk) return false;
    size_t words = fn->chunk->param_words, at = 0;
    if (vm->call_args.cap < words + 1) {
        vm->call_args.cap = words + 1;
        vm->call_args.items = mem_realloc(vm->call_args.items, vm->call_args.cap * sizeof(Word));
    }
    for (size_t i = 0; i < fn->nparams; i++) {
        size_t n = fn->params[i]->nwords;
        if (n) memcpy(vm->call_args.items + at, args[i], n * sizeof(Word));
        at += n;
    }
    return vm_run(vm, fn->chunk, vm->call_args.items, out, where);
}

void vm_set_limits(Vm *vm, uint64_t max_steps, Limits *limits)
{
    vm->max_steps = max_steps;
    vm->limits = limits;
}

void vm_set_evaluator(Vm *vm, size_t max_depth, bool memo)
{
    vm->max_depth = max_depth ? max_depth : VM_MAX_CALL_DEPTH;
    vm->memo_on = memo;
}

VmStats vm_stats(const Vm *vm)
{
    return (VmStats){ vm->calls, vm->memo.hits, vm->memo.misses, vm->warm.hits, vm->warm.cold,
                      vm->warm.refused };
}

void vm_stats_add(VmStats *into, VmStats from)
{
    into->calls += from.calls;
    into->memo_hits += from.memo_hits;
    into->memo_misses += from.memo_misses;
    into->warm += from.warm;
    into->cold += from.cold;
    into->refused += from.refused;
}

void vm_free(Vm *vm)
{
    if (!vm) return;
    mem_free(vm->stack);
    VEC_FREE(vm->frames);
    VEC_FREE(vm->memo_args);
    VEC_FREE(vm->call_args);
    vm_memo_free(&vm->memo);
    vm_warm_free(&vm->warm);
    vm_colls_free_all(vm);
    mem_free(vm);
}

void vm_ensure(Vm *vm, size_t n)
{
    if (vm->sp + n <= vm->cap) return;
    size_t need = vm->sp + n;
    if (need > VM_STACK_MAX_WORDS) vm_error(vm, "out of stack space (%zu words)", need);
    size_t cap = vm->cap ? vm->cap : 1024;
    while (cap < need) cap *= 2;
    vm->stack = mem_realloc(vm->stack, cap * sizeof(Word));
    vm->cap = cap;
}

/* ---- the loop ---- */

enum {
#define VM_SHAPE_N(name, n) N_##name = n,
    FIX_SHAPES(VM_SHAPE_N)
#undef VM_SHAPE_N
};
enum {
#define VM_LEN(name, shape) LEN_##name = 1 + 4 * N_##shape,
    FIX_OPCODES(VM_LEN)
#undef VM_LEN
};

/* "f -> g -> g (x9998)": the chain of calls below base, run-length encoded, its middle cut. */
static void call_chain(Vm *vm, size_t base_frames, const char *callee, Buf *out)
{
    size_t n = vm->frames.count - base_frames, shown = 0, total = 0;
    for (size_t i = 0; i <= n; i++) {
        const char *name = i < n ? vm->frames.items[base_frames + i].chunk->name : callee;
        size_t run = 1;
        while (i < n) {
            const char *next = i + 1 < n ? vm->frames.items[base_frames + i + 1].chunk->name : callee;
            if (strcmp(next, name) != 0) break;
            run++;
            i++;
        }
        total++;
        if (total > 6 && i < n - 6) continue;
        if (shown++) buf_puts(out, " -> ");
        if (total == 7 && i < n) buf_puts(out, "... -> ");
        buf_printf(out, "%s", name);
        if (run > 1) buf_printf(out, " (x%zu)", run);
    }
}

static FIX_NORETURN void depth_error(Vm *vm, size_t base_frames, const char *callee)
{
    Buf chain;
    buf_init(&chain);
    call_chain(vm, base_frames, callee, &chain);
    char msg[768];
    snprintf(msg, sizeof msg, "%s", buf_cstr(&chain));
    buf_free(&chain);
    vm_error(vm, "call depth limit of %zu reached in '%s' (unbounded recursion?); call chain: %s",
             vm->max_depth, callee, msg);
}

/* The checks of a call of fn (its chunk, the depth limit), made when one fails. */
static FIX_NORETURN void call_error(Vm *vm, const FnSym *fn, size_t base_frames)
{
    if (!fn->chunk) vm_error(vm, "'%s' cannot be called: its declaration has errors", fn->name);
    depth_error(vm, base_frames, fn->name);
}

/* Room for a frame of ch at word fp and its stack; moves the stack (returns it). */
static Word *reserve_frame(Vm *vm, size_t fp, const Chunk *ch)
{
    size_t sp = vm->sp;
    vm->sp = fp;
    vm_ensure(vm, ch->nlocals + ch->stack_words + 1);
    vm->sp = sp;
    return vm->stack;
}

/* A step counted (a call or a loop iteration) at a check point: the step limit, exactly, and
 * the query's limits every few dozen steps.  Returns the next step to check at. */
static uint64_t steps_check(Vm *vm, uint64_t steps)
{
    vm->steps = steps;
    if (vm->max_steps && steps > vm->max_steps)
        vm_error(vm, "step limit of %llu steps reached", (unsigned long long)vm->max_steps);
    if (limits_poll(vm->limits)) vm_stop(vm);
    uint64_t next = steps + 64;
    if (vm->max_steps && next > vm->max_steps + 1) next = vm->max_steps + 1;
    return next;
}

static void trace_instruction(const Chunk *ch, size_t at, size_t sp)
{
    Buf b; buf_init(&b);
    ir_disassemble_instruction(ch, at, &b);
    fprintf(stderr, "[sp %zu] %s", sp, buf_cstr(&b));
    buf_free(&b);
}

/* Saves the arguments of a memoised call until it returns; returns where they are. */
static size_t save_args(Vm *vm, const Word *args, size_t n)
{
    size_t at = vm->memo_args.count;
    for (size_t i = 0; i < n; i++) VEC_PUSH(vm->memo_args, args[i]);
    return at;
}

/* n words from src down to dst <= src (a result or the arguments of a tail call; a few words,
 * cheaper copied in a loop than through memmove). */
static inline void copy_down(Word *dst, const Word *src, size_t n)
{
    for (size_t i = 0; i < n; i++) dst[i] = src[i];
}

#if defined(__GNUC__) && !defined(FIX_NO_COMPUTED_GOTO)
#define VM_COMPUTED_GOTO 1
#else
#define VM_COMPUTED_GOTO 0
#endif

/* Runs entry, whose frame starts at word fp, until it returns to base_frames.  The state lives
 * in locals: sp and fp point into the stack, pc at the instruction; SYNC() writes it back
 * before anything that may report an error or read the VM's state. */
static void run(Vm *vm, const Chunk *entry, size_t fp_at, size_t base_frames)
{
    const Chunk *ch = entry;
    const uint8_t *code = ch->code.items, *pc = code;
    const Word *k = ch->consts.items;
    Word *stack = vm->stack, *fp = stack + fp_at, *sp = stack + vm->sp;
    /* every chunk of a context shares its tables */
    const FnSym *const *fns = ch->tables ? ch->tables->fns.items : NULL;
    const Lattice *const *lats = ch->tables ? ch->tables->lats.items : NULL;
    uint64_t steps = vm->steps, check_at = steps + 1;
#define SYNC() (vm->chunk = ch, vm->instr = (size_t)(pc - code), vm->sp = (size_t)(sp - stack), vm->steps = steps)
#define RELOAD() (sp = stack + vm->sp)
#define ARG(i) ir_read_u32(pc + 1 + 4 * (i))
#define TICK() do { if (++steps >= check_at) { SYNC(); check_at = steps_check(vm, steps); } } while (0)
#define INT(w) word_to_int(w)
#define LAT(l) (lats[(l)])
#define TRACE() do { if (FIX_TRACE_EXECUTION) trace_instruction(ch, (size_t)(pc - code), (size_t)(sp - stack)); } while (0)
#define ENTER(callee) (ch = (callee), code = ch->code.items, pc = code, k = ch->consts.items)
#if VM_COMPUTED_GOTO
    static const void *const labels[IR_OPCODE_COUNT] = {
#define VM_LABEL(name, shape) &&op_##name,
        FIX_OPCODES(VM_LABEL)
#undef VM_LABEL
    };
#define CASE(name) op_##name:
#define DISPATCH() do { TRACE(); goto *labels[*pc]; } while (0)
#define NEXT(name) do { pc += LEN_##name; DISPATCH(); } while (0)
    DISPATCH();
#else
#define CASE(name) case IR_##name:
#define DISPATCH() continue
#define NEXT(name) do { pc += LEN_##name; continue; } while (0)
    for (;;) {
    TRACE();
    switch ((Opcode)*pc) {
#endif
    CASE(CONST_INT) CASE(CONST_REAL) *sp++ = k[ARG(0)]; NEXT(CONST_INT);
    CASE(CONST_ELEM) *sp++ = k[ARG(1)]; NEXT(CONST_ELEM);
    CASE(BOT) CASE(TOP) {
        const Lattice *L = LAT(ARG(0));
        if (*pc == IR_BOT) L->ops->bot(L, sp);
        else L->ops->top(L, sp);
        sp += L->nwords;
        NEXT(BOT);
    }
    CASE(LOAD) {
        size_t n = ARG(1);
        memcpy(sp, fp + ARG(0), n * sizeof(Word));
        sp += n;
        NEXT(LOAD);
    }
    CASE(STORE) {
        size_t n = ARG(1);
        sp -= n;
        memmove(fp + ARG(0), sp, n * sizeof(Word));
        NEXT(STORE);
    }
    CASE(LOAD1) *sp++ = fp[ARG(0)]; NEXT(LOAD1);
    CASE(STORE1) fp[ARG(0)] = *--sp; NEXT(STORE1);
    CASE(POP) sp -= ARG(0); NEXT(POP);
/* A test followed by JUMP_IF_FALSE branches at once (the pair in one dispatch); else it
 * pushes its Bool.  The test's operands are popped already. */
#define TEST_RESULT(name, cond) do { \
        bool c_ = (cond); \
        if (pc[LEN_##name] != IR_JUMP_IF_FALSE) { *sp++ = c_; NEXT(name); } \
        pc += LEN_##name; \
        if (c_) NEXT(JUMP_IF_FALSE); \
        const uint8_t *to_ = code + ARG(0); \
        if (to_ <= pc) TICK(); \
        pc = to_; \
        DISPATCH(); \
    } while (0)
#define INT_OP(name, expr) CASE(name) { int64_t b = INT(sp[-1]), a = INT(sp[-2]); sp[-2] = (Word)(expr); sp--; NEXT(name); }
#define INT_OPK(name, expr) CASE(name) { int64_t b = INT(k[ARG(0)]), a = INT(*--sp); TEST_RESULT(name, expr); }
#define REAL_OP(name, expr) CASE(name) { double b = word_to_double(sp[-1]), a = word_to_double(sp[-2]); sp[-2] = (expr); sp--; NEXT(name); }
#define REAL_TEST(name, expr) CASE(name) { double b = word_to_double(sp[-1]), a = word_to_double(sp[-2]); sp -= 2; TEST_RESULT(name, expr); }
#define REAL_OPK(name, expr) CASE(name) { double b = word_to_double(k[ARG(0)]), a = word_to_double(sp[-1]); sp[-1] = word_from_double(expr); NEXT(name); }
/* LOAD1 s and a _K form (FIX_LOADED): a is slot s, b constant #k. */
#define SLOT_REAL_OPK(name, expr) CASE(name) { double a = word_to_double(fp[ARG(0)]), b = word_to_double(k[ARG(1)]); *sp++ = word_from_double(expr); NEXT(name); }
#define SLOT_INT_TESTK(name, expr) CASE(name) { int64_t a = INT(fp[ARG(0)]), b = INT(k[ARG(1)]); TEST_RESULT(name, expr); }
#define SLOT_OVERFLOW_OP(name, builtin, text) CASE(name) { \
        int64_t a = INT(fp[ARG(0)]), b = INT(k[ARG(1)]), r; \
        if (builtin(a, b, &r)) { SYNC(); vm_error(vm, "integer overflow in '%s'", text); } \
        *sp++ = word_from_int(r); \
        NEXT(name); }
#define REAL_TESTK(name, expr) CASE(name) { double b = word_to_double(k[ARG(0)]), a = word_to_double(*--sp); TEST_RESULT(name, expr); }
#define OVERFLOW_OP(name, builtin, text, b_expr, pops) CASE(name) { \
        int64_t b = (b_expr), a = INT(sp[-1 - (pops)]), r; \
        if (builtin(a, b, &r)) { SYNC(); vm_error(vm, "integer overflow in '%s'", text); } \
        sp -= (pops); \
        sp[-1] = word_from_int(r); \
        NEXT(name); }
    OVERFLOW_OP(ADD_I, __builtin_add_overflow, "+", INT(sp[-1]), 1)
    OVERFLOW_OP(SUB_I, __builtin_sub_overflow, "-", INT(sp[-1]), 1)
    OVERFLOW_OP(MUL_I, __builtin_mul_overflow, "*", INT(sp[-1]), 1)
    OVERFLOW_OP(ADD_IK, __builtin_add_overflow, "+", INT(k[ARG(0)]), 0)
    OVERFLOW_OP(SUB_IK, __builtin_sub_overflow, "-", INT(k[ARG(0)]), 0)
    OVERFLOW_OP(MUL_IK, __builtin_mul_overflow, "*", INT(k[ARG(0)]), 0)
    CASE(MOD_IK) {
        int64_t b = INT(k[ARG(0)]), a = INT(sp[-1]), r = b == -1 ? 0 : a % b;
        if (r != 0 && (r < 0) != (b < 0)) r += b;
        sp[-1] = word_from_int(r);
        NEXT(MOD_IK);
    }
    INT_OP(MIN_I, a < b ? a : b) INT_OP(MAX_I, a > b ? a : b)
    INT_OP(LT_I, a < b) INT_OP(LE_I, a <= b) INT_OP(GT_I, a > b) INT_OP(GE_I, a >= b)
    INT_OP(EQ_I, a == b) INT_OP(NE_I, a != b)
    INT_OPK(LT_IK, a < b) INT_OPK(LE_IK, a <= b) INT_OPK(GT_IK, a > b) INT_OPK(GE_IK, a >= b)
    INT_OPK(EQ_IK, a == b) INT_OPK(NE_IK, a != b)
    REAL_OP(ADD_R, word_from_double(a + b)) REAL_OP(SUB_R, word_from_double(a - b))
    REAL_OP(MUL_R, word_from_double(a * b))
    REAL_OP(MIN_R, word_from_double(fmin(a, b))) REAL_OP(MAX_R, word_from_double(fmax(a, b)))
    REAL_TEST(LT_R, a < b) REAL_TEST(LE_R, a <= b) REAL_TEST(GT_R, a > b) REAL_TEST(GE_R, a >= b)
    REAL_TEST(EQ_R, a == b) REAL_TEST(NE_R, a != b)
    REAL_OPK(ADD_RK, a + b) REAL_OPK(SUB_RK, a - b) REAL_OPK(MUL_RK, a * b) REAL_OPK(DIV_RK, a / b)
    REAL_OPK(RSUB_RK, b - a)
    CASE(RDIV_RK) {
        double b = word_to_double(k[ARG(0)]), a = word_to_double(sp[-1]);
        if (a == 0) { SYNC(); vm_error(vm, "division by zero"); }
        sp[-1] = word_from_double(b / a);
        NEXT(RDIV_RK);
    }
    REAL_TESTK(LT_RK, a < b) REAL_TESTK(LE_RK, a <= b) REAL_TESTK(GT_RK, a > b) REAL_TESTK(GE_RK, a >= b)
    REAL_TESTK(EQ_RK, a == b) REAL_TESTK(NE_RK, a != b)
    SLOT_REAL_OPK(ADD_SRK, a + b) SLOT_REAL_OPK(SUB_SRK, a - b) SLOT_REAL_OPK(MUL_SRK, a * b)
    SLOT_REAL_OPK(DIV_SRK, a / b) SLOT_REAL_OPK(RSUB_SRK, b - a)
    CASE(RDIV_SRK) {
        double a = word_to_double(fp[ARG(0)]), b = word_to_double(k[ARG(1)]);
        if (a == 0) { SYNC(); vm_error(vm, "division by zero"); }
        *sp++ = word_from_double(b / a);
        NEXT(RDIV_SRK);
    }
    SLOT_OVERFLOW_OP(ADD_SIK, __builtin_add_overflow, "+") SLOT_OVERFLOW_OP(SUB_SIK, __builtin_sub_overflow, "-")
    SLOT_INT_TESTK(LT_SIK, a < b) SLOT_INT_TESTK(LE_SIK, a <= b) SLOT_INT_TESTK(GT_SIK, a > b)
    SLOT_INT_TESTK(GE_SIK, a >= b) SLOT_INT_TESTK(EQ_SIK, a == b) SLOT_INT_TESTK(NE_SIK, a != b)
    CASE(I2R) sp[-1] = word_from_double((double)INT(sp[-1])); NEXT(I2R);
    CASE(NOT) sp[-1] = !sp[-1]; NEXT(NOT);
    CASE(NEG_R) sp[-1] = word_from_double(-word_to_double(sp[-1])); NEXT(NEG_R);
    CASE(ABS_R) sp[-1] = word_from_double(fabs(word_to_double(sp[-1]))); NEXT(ABS_R);
    CASE(CHECK_INT) {
        int64_t v = INT(sp[-1]);
        const Word *b = k + ARG(1);
        if (v < INT(b[0]) || v > INT(b[1])) { SYNC(); vm_outside(vm, LAT(ARG(0)), sp[-1], false); }
        NEXT(CHECK_INT);
    }
    CASE(CHECK_REALK) {
        double d = word_to_double(sp[-1]), lo = word_to_double(k[ARG(1)]), hi = word_to_double(k[ARG(1) + 1]);
        if (d >= lo && d <= hi) NEXT(CHECK_REALK);         /* inside (so not NaN): the common case */
        if (isnan(d) || d < lo - 1e-12 || d > hi + 1e-12) { SYNC(); vm_outside(vm, LAT(ARG(0)), sp[-1], true); }
        sp[-1] = word_from_double(d < lo ? lo : hi);
        NEXT(CHECK_REALK);
    }
    CASE(JOIN_BITS) {
        size_t W = LAT(ARG(0))->nwords;
        if (W == 1) { sp[-2] |= sp[-1]; sp--; NEXT(JOIN_BITS); }
        sp -= W;
        for (size_t w = 0; w < W; w++) (sp - W)[w] |= sp[w];   /* into the left operand, below */
        NEXT(JOIN_BITS);
    }
    CASE(MEET_BITS) {
        size_t W = LAT(ARG(0))->nwords;
        if (W == 1) { sp[-2] &= sp[-1]; sp--; NEXT(MEET_BITS); }
        sp -= W;
        for (size_t w = 0; w < W; w++) (sp - W)[w] &= sp[w];   /* into the left operand, below */
        NEXT(MEET_BITS);
    }
    CASE(LE_BITS) {
        size_t W = LAT(ARG(0))->nwords;
        Word any = 0;
        sp -= 2 * W;
        for (size_t w = 0; w < W; w++) any |= sp[w] & ~sp[W + w];
        *sp++ = any == 0;
        NEXT(LE_BITS);
    }
    CASE(EQ_WORDS) CASE(NE_WORDS) {
        size_t W = LAT(ARG(0))->nwords;
        sp -= 2 * W;
        bool eq = memcmp(sp, sp + W, W * sizeof(Word)) == 0;
        *sp++ = *pc == IR_EQ_WORDS ? eq : !eq;
        NEXT(EQ_WORDS);
    }
    CASE(SET_IN) {
        const Lattice *P = LAT(ARG(0));
        size_t W = P->nwords;
        uint64_t a = sp[-1 - (ptrdiff_t)W];
        bool in = a < lattice_name_count(P) && bitset_has(sp - W, a);
        sp -= W + 1;
        *sp++ = in;
        NEXT(SET_IN);
    }
    CASE(SET_HAS) {
        sp -= LAT(ARG(0))->nwords;
        TEST_RESULT(SET_HAS, bitset_has(sp, ARG(1)));
    }
    CASE(SET_ADD) {
        uint64_t a = *--sp;
        bitset_add(sp - LAT(ARG(0))->nwords, a);
        NEXT(SET_ADD);
    }
    CASE(MAP_GET) {
        const Lattice *M = LAT(ARG(0));
        size_t vw = lattice_inner(M)->nwords, W = M->nwords;
        Word *base = sp - W;
        memmove(base, base + ARG(1) * vw, vw * sizeof(Word));
        sp = base + vw;
        NEXT(MAP_GET);
    }
    CASE(DIV_I) CASE(MOD_I) CASE(NEG_I) CASE(ABS_I) CASE(DIV_R)
    CASE(LAT_LE) CASE(LAT_LT) CASE(LAT_GE) CASE(LAT_GT) CASE(LAT_EQ) CASE(LAT_NE)
    CASE(JOIN) CASE(MEET) CASE(SET_MINUS) CASE(SET_COUNT)
    CASE(CHECK_RANGE) CASE(CHECK_REAL) CASE(PROJ) CASE(MAP_INDEX) CASE(CHECK_LE)
    CASE(ENUM_NEXT) CASE(SET_NEXT) CASE(KLEENE) CASE(LFP_START) CASE(LFP_KEEP)
    CASE(COLL_NEW) CASE(COLL_ADD) CASE(COLL_NEXT) CASE(COLL_COUNT) CASE(COLL_HAS) CASE(COLL_EQ)
    CASE(COLL_CACHED) CASE(COLL_KEEP) CASE(APPROX) CASE(REFINE) CASE(BNB) CASE(STABLE) {
        Opcode op = (Opcode)*pc;
        if (op == IR_ENUM_NEXT || op == IR_SET_NEXT || op == IR_KLEENE || op == IR_COLL_NEXT) TICK();
        SYNC();
        const uint8_t *next = vm_instruction(vm, ch, (size_t)(fp - stack), pc);
        RELOAD();
        pc = next;
        DISPATCH();
    }
#undef INT_OP
#undef INT_OPK
#undef TEST_RESULT
#undef REAL_OP
#undef REAL_TEST
#undef REAL_OPK
#undef REAL_TESTK
#undef SLOT_REAL_OPK
#undef SLOT_INT_TESTK
#undef SLOT_OVERFLOW_OP
#undef OVERFLOW_OP
    CASE(JUMP) {
        const uint8_t *to = code + ARG(0);
        if (to <= pc) TICK();
        pc = to;
        DISPATCH();
    }
    CASE(JUMP_IF_FALSE) {
        if (*--sp) NEXT(JUMP_IF_FALSE);
        const uint8_t *to = code + ARG(0);
        if (to <= pc) TICK();
        pc = to;
        DISPATCH();
    }
    CASE(JUMP_IF_FALSE_KEEP) if (!sp[-1]) { pc = code + ARG(0); DISPATCH(); } NEXT(JUMP_IF_FALSE_KEEP);
    CASE(JUMP_IF_TRUE_KEEP) if (sp[-1]) { pc = code + ARG(0); DISPATCH(); } NEXT(JUMP_IF_TRUE_KEEP);
    CASE(CALL) {
    call:;
        const FnSym *fn = fns[ARG(0)];
        const Chunk *callee = fn->chunk;
        if (!callee || vm->frames.count - base_frames >= vm->max_depth) {
            SYNC();
            call_error(vm, fn, base_frames);
        }
        TICK();
        Frame f = { ch, pc + LEN_CALL, (size_t)(fp - stack), NULL, 0 };
        if (callee->memo && vm->memo_on) {
            Word *args = sp - callee->param_words;
            const Word *r = vm_memo_find(&vm->memo, callee, args);
            if (r) {
                copy_down(args, r, callee->ret_words);
                sp = args + callee->ret_words;
                NEXT(CALL);
            }
            f.memo_chunk = callee;
            f.memo_at = save_args(vm, args, callee->param_words);
        }
        vm->calls++;
        VEC_PUSH(vm->frames, f);
        size_t at = (size_t)(sp - stack) - callee->param_words, extra = callee->nlocals - callee->param_words;
        if (at + callee->nlocals + callee->stack_words + 1 > vm->cap) {
            SYNC();
            stack = reserve_frame(vm, at, callee);
        }
        fp = stack + at;
        sp = fp + callee->param_words;
        if (extra) memset(sp, 0, extra * sizeof(Word));
        sp += extra;
        ENTER(callee);
        DISPATCH();
    }
    CASE(TAIL_CALL) {
        const FnSym *fn = fns[ARG(0)];
        const Chunk *callee = fn->chunk;
        if (callee && callee->memo && vm->memo_on) goto call;   /* kept in the memo table: a plain
                                                                   call, returning to the RET after */
        if (!callee) {
            SYNC();
            call_error(vm, fn, base_frames);
        }
        TICK();
        vm->calls++;
        size_t pw = callee->param_words, extra = callee->nlocals - pw, at = (size_t)(fp - stack);
        copy_down(fp, sp - pw, pw);
        sp = fp + pw;
        if (callee == ch) {                 /* a loop: its frame's room is reserved already */
            pc = code;
        } else {
            if (at + callee->nlocals + callee->stack_words + 1 > vm->cap) {
                SYNC();
                stack = reserve_frame(vm, at, callee);
            }
            fp = stack + at;
            sp = fp + pw;
            ENTER(callee);
        }
        if (extra) memset(sp, 0, extra * sizeof(Word));
        sp += extra;
        DISPATCH();
    }
    CASE(RET) {
        size_t n = ARG(0);
        copy_down(fp, sp - n, n);
        sp = fp + n;
        if (vm->frames.count == base_frames) {
            vm->sp = (size_t)(sp - stack);
            vm->steps = steps;
            return;
        }
        Frame f = vm->frames.items[--vm->frames.count];
        if (f.memo_chunk) {
            vm_memo_store(&vm->memo, f.memo_chunk, vm->memo_args.items + f.memo_at, fp);
            vm->memo_args.count = f.memo_at;
        }
        ch = f.chunk;
        code = ch->code.items;
        k = ch->consts.items;
        pc = f.ip;
        fp = stack + f.fp;
        DISPATCH();
    }
#if !VM_COMPUTED_GOTO
    default:
        SYNC();
        vm_error(vm, "bad instruction %d", (int)*pc);
    }
    }
#endif
#undef CASE
#undef DISPATCH
#undef NEXT
#undef SYNC
#undef RELOAD
#undef ARG
#undef TICK
#undef INT
#undef LAT
#undef TRACE
#undef ENTER
}

/* ---- the protected entries ---- */

/* What an entry saves of the VM's state, to restore it when it leaves (entries nest). */
typedef struct VmSaved {
    jmp_buf *handler;
    Loc where;
    const Chunk *chunk;
    size_t instr, sp, frames, memo_args;
} VmSaved;

static void vm_enter(Vm *vm, jmp_buf *jb, Loc where, VmSaved *saved)
{
    *saved = (VmSaved){ vm->handler, vm->where, vm->chunk, vm->instr, vm->sp, vm->frames.count,
                        vm->memo_args.count };
    vm->handler = jb;
    vm->where = where;
    if (vm->depth++ == 0) vm_colls_free(vm);   /* no value of an earlier run is still in use */
}

static void vm_leave(Vm *vm, const VmSaved *saved)
{
    vm->sp = saved->sp;
    vm->frames.count = saved->frames;
    vm->memo_args.count = saved->memo_args;
    vm->handler = saved->handler;
    vm->where = saved->where;
    vm->chunk = saved->chunk;
    vm->instr = saved->instr;
    vm->depth--;
}

/* A run nested too deep through the host (VM_MAX_NESTED_RUNS), reported at the expression of
 * the run around it that called the host (vm->chunk and vm->instr are still that run's). */
static FIX_NORETURN void nested_error(Vm *vm)
{
    vm_error(vm, "runs of the engine nested more than %d deep: approx, refine or bnb of a "
                 "function whose evaluation runs them again (unbounded recursion?)", VM_MAX_NESTED_RUNS);
}

/* One run of chunk on params, its frame at word base; the result is left at base. */
static void call_at(Vm *vm, const Chunk *chunk, const Word *params, size_t base, size_t base_frames)
{
    vm->chunk = NULL;
    vm->calls++;
    vm->sp = base;
    vm_ensure(vm, chunk->nlocals + chunk->stack_words + 1);
    if (chunk->param_words) memcpy(AT(base), params, chunk->param_words * sizeof(Word));
    memset(AT(base + chunk->param_words), 0, (chunk->nlocals - chunk->param_words) * sizeof(Word));
    vm->sp = base + chunk->nlocals;
    run(vm, chunk, base, base_frames);
}

bool vm_run(Vm *vm, const Chunk *chunk, const Word *params, Word *out, Loc where)
{
    jmp_buf jb;
    VmSaved saved;
    vm_enter(vm, &jb, where, &saved);
    if (vm->depth == 1) vm->steps = 0;
    int caught = setjmp(jb);
    if (caught == 0) {
        if (vm->depth > VM_MAX_NESTED_RUNS) nested_error(vm);
        call_at(vm, chunk, params, saved.sp, saved.frames);
        if (chunk->ret_words) memcpy(out, AT(saved.sp), chunk->ret_words * sizeof(Word));
    }
    vm_leave(vm, &saved);
    return caught == 0;
}

bool vm_run_each(Vm *vm, const Chunk *chunk, const Lattice *L, const Word *lo, const Word *hi, Word *x,
                 VmEach each, void *ctx, Loc where)
{
    jmp_buf jb;
    VmSaved saved;
    vm_enter(vm, &jb, where, &saved);
    int caught = setjmp(jb);
    if (caught == 0) {
        if (vm->depth > VM_MAX_NESTED_RUNS) nested_error(vm);
        do {
            if (vm->depth == 1) vm->steps = 0;
            if (limits_poll(vm->limits)) vm_stop(vm);
            call_at(vm, chunk, x, saved.sp, saved.frames);
        } while (each(ctx, x, AT(saved.sp)) && L->ops->next(L, lo, hi, x));
    }
    vm_leave(vm, &saved);
    return caught == 0;
}
