/* absvm.c: the interval evaluator (see absvm.h): its control.  Its stack mirrors the VM's
 * word for word, with two words (lo, hi) and a tag in every place (absstate.h; a dual's
 * words in its base's order); the tag says how two states are joined where branches meet
 * (ints and reals by min/max, lattice words by their leaf lattice's meet/join, collection
 * handles by abscoll.c).  One exec() runs one chunk from an instruction until it returns, or
 * until it reaches a given merge point (a branch's side path); the instructions on values
 * are absinstr.c's, those on collections abscoll.c's. */
#include "code/absvm.h"

#include <math.h>

#include "code/abscoll.h"
#include "code/absflow.h"
#include "code/absinstr.h"
#include "code/absops.h"
#include "code/absstate.h"
#include "util/bitset.h"
#include "util/mem.h"


typedef struct Pending { size_t at; AbsState st; } Pending;

struct AbsVm {
    Limits *limits;
    uint64_t steps, max_steps;
    int depth;
    const char *why;
    bool dead;                  /* the path running surely fails (a runtime error) */
    bool total;                 /* a run that may fail gives up (absvm_set_total) */
    VEC(AbsFlow *) flows;
    AbsColls *colls;            /* the collections of a run, and those of closed sites */
    AbsScratch tmp;
    VEC(AbsState) spare;        /* dropped states whose blocks the next ones reuse */
};

/* One run of a chunk. */
typedef struct Exec {
    AbsVm *vm;
    const Chunk *ch;
    const AbsFlow *flow;
    AbsState *st;
    VEC(Pending) pend;
    size_t at, next;            /* the instruction running, and the one after it */
    long stop;                  /* the merge point to stop at, or -1: run to RET */
    long stop2;                 /* a second place to stop at, or -1 (see loop_fork) */
    AbsState *out2;                /* the state there, joined over the paths that reach it */
    bool has2;
    /* The last test of a slot against a constant (LT_SIK .. NE_SIK) and the instruction after
     * it: a branch there narrows the slot on each path. */
    struct { bool valid; size_t after, slot; Opcode op; Word k; } test;
} Exec;

/* How a run ended: returned, reached its merge point, gave up, every path of it surely
 * fails (a runtime error on every input: it contributes no value), or only its second stop
 * was reached. */
typedef enum { RUN_RETURNED, RUN_REACHED, RUN_FAILED, RUN_DEAD, RUN_SECOND } RunEnd;

static bool give_up(AbsVm *vm, const char *why)
{
    if (!vm->why) vm->why = why;
    return false;
}

/* Two states meet; giving up when the paths left different stacks. */
static bool join_states(AbsVm *vm, AbsState *into, const AbsState *from, size_t locals)
{
    AbsHandleJoin handles = { abscoll_join, vm->colls };
    return absstate_join(into, from, locals, &handles) || give_up(vm, "branches left different or differently typed stacks");
}

/* The concrete run fails here for every input of the path: the path ends without a value. */
static bool dead_path(AbsVm *vm)
{
    if (vm->total) return give_up(vm, "a run that may fail");
    vm->dead = true;
    return false;
}

static Word *tmp_words(AbsVm *vm, size_t n) { return absinstr_scratch(&vm->tmp, n); }

/* ---- states: every undecided branch forks one, so their blocks are kept for the next ---- */

/* At most this many dropped states are kept, each of at most this many words: a run's
 * churn is covered while a VM holds little (a few MB at most). */
enum { ABSVM_SPARES = 16, ABSVM_SPARE_WORDS = 4096 };

/* An empty state with room for n words, in a dropped state's blocks when there is one. */
static void state_new(AbsVm *vm, AbsState *s, size_t n)
{
    *s = vm->spare.count ? vm->spare.items[--vm->spare.count] : (AbsState){ 0 };
    s->sp = 0;
    absstate_reserve(s, n);
}

/* A copy of src in a dropped state's blocks when there is one. */
static void state_copy(AbsVm *vm, AbsState *dst, const AbsState *src)
{
    state_new(vm, dst, 0);
    absstate_copy_into(dst, src);
}

/* s dropped: its blocks kept for the next state (or freed), s left empty. */
static void state_drop(AbsVm *vm, AbsState *s)
{
    if (s->cap && s->cap <= ABSVM_SPARE_WORDS && vm->spare.count < ABSVM_SPARES) {
        VEC_PUSH(vm->spare, *s);
        memset(s, 0, sizeof *s);
    } else {
        absstate_free(s);
    }
}

/* After an instruction of absinstr.c: go on, give up, or end a path that surely fails. */
static bool instr_end(AbsVm *vm, AbsInstrEnd end, const char *why)
{
    return end == ABSI_OK || (end == ABSI_DEAD ? dead_path(vm) : give_up(vm, why));
}

static const AbsFlow *flow_of(AbsVm *vm, const Chunk *ch)
{
    for (size_t i = 0; i < vm->flows.count; i++)
        if (absflow_chunk(vm->flows.items[i]) == ch) return vm->flows.items[i];
    AbsFlow *f = absflow_new(ch);
    VEC_PUSH(vm->flows, f);
    return f;
}

static RunEnd exec(AbsVm *vm, const Chunk *ch, AbsState *st, size_t ip, long stop, long stop2,
                   AbsState *out2, bool *has2);

/* ---- branches: run the side path to the merge point, keep it pending, go on ---- */

static bool add_pending(Exec *x, size_t at, AbsState *side)
{
    if (x->pend.count && x->pend.items[x->pend.count - 1].at == at) {
        bool ok = join_states(x->vm, &x->pend.items[x->pend.count - 1].st, side, x->ch->nlocals);
        state_drop(x->vm, side);
        return ok;
    }
    Pending p = { at, *side };
    VEC_PUSH(x->pend, p);
    return true;
}

/* The paths from side_ip (state side, owned) and main_ip (the current state) meet at merge. */
static bool fork_at(Exec *x, long merge, AbsState *side, size_t side_ip, size_t main_ip)
{
    AbsVm *vm = x->vm;
    if (merge < 0) {
        state_drop(vm, side);
        return give_up(vm, "a branch whose paths do not meet");
    }
    if (side_ip != (size_t)merge) {
        if (vm->depth >= ABSVM_MAX_DEPTH) {
            state_drop(vm, side);
            return give_up(vm, "branches nested too deeply");
        }
        vm->depth++;
        RunEnd e = exec(vm, x->ch, side, side_ip, merge, -1, NULL, NULL);
        vm->depth--;
        if (e != RUN_REACHED) {
            state_drop(vm, side);
            x->next = main_ip;
            return e == RUN_DEAD;       /* a side path that surely fails adds nothing */
        }
    }
    x->next = main_ip;
    return add_pending(x, (size_t)merge, side);
}

/* A conditional jump to target: decided, or both ways (the forward path is the side one). */
static bool branch(Exec *x, Opcode op, size_t target)
{
    AbsState *st = x->st;
    AbsPair b = op == IR_JUMP_IF_FALSE ? absstate_pop_pair(st) : absstate_top_pair(st);
    bool jump_on = op == IR_JUMP_IF_TRUE_KEEP;
    if (b.lo == b.hi) {
        if ((b.lo != 0) == jump_on) x->next = target;
        return true;
    }
    AbsState side;
    state_copy(x->vm, &side, st);
    if (x->test.valid && x->test.after == x->at) {     /* side: the test came out jump_on */
        absinstr_narrow(&side, x->test.slot, x->test.op, x->test.k, jump_on);
        absinstr_narrow(st, x->test.slot, x->test.op, x->test.k, !jump_on);
    }
    if (op != IR_JUMP_IF_FALSE) {          /* the kept Boolean is decided on each path */
        side.lo[side.sp - 1] = side.hi[side.sp - 1] = jump_on;
        st->lo[st->sp - 1] = st->hi[st->sp - 1] = !jump_on;
    }
    long merge = absflow_merge(x->flow, x->at);
    if (target > x->at) return fork_at(x, merge, &side, target, x->next);
    /* a backward jump: the fall-through path is the side one; side holds the jump's state */
    AbsState fall;
    state_copy(x->vm, &fall, st);
    state_drop(x->vm, st);
    *st = side;
    return fork_at(x, merge, &fall, x->next, target);
}

/* ---- operands ---- */

static const Lattice *lat_of(const Exec *x, uint32_t l) { return x->ch->tables->lats.items[l]; }

/* ---- loops ---- */

/* sup/inf over [b, c] (slots s and s + W, the variable y at slot v): with b, c and y points
 * the concrete enumeration.  Otherwise y takes two more values after b: c (both ends are in
 * the range, which keeps sup's lower end and inf's upper end tight), then the hull
 * [lo of b, hi of c] of the whole range, and the loop ends (every y of the range lies in
 * the hull). */
static bool enum_next(Exec *x, const Lattice *L, size_t s, size_t v, size_t exit)
{
    AbsState *st = x->st;
    size_t W = L->nwords, bytes = W * sizeof(Word);
    Word *bl = st->lo + s, *bh = st->hi + s, *cl = st->lo + s + W, *ch = st->hi + s + W;
    Word *yl = st->lo + v, *yh = st->hi + v;
    if (!L->finite || !L->ops->next) return give_up(x->vm, "sup/inf over a lattice that is not finite");
    if (L->ops->eq(L, bl, bh) && L->ops->eq(L, cl, ch) && L->ops->eq(L, yl, yh)) {
        if (L->ops->next(L, bl, cl, yl)) memcpy(yh, yl, bytes);
        else x->next = exit;
        return true;
    }
    bool is_b = L->ops->eq(L, yl, bl) && L->ops->eq(L, yh, bh), is_c = L->ops->eq(L, yl, cl) && L->ops->eq(L, yh, ch);
    Word *t = tmp_words(x->vm, 4 * W), *b = absinstr_ends(st, L, s, t), *c = absinstr_ends(st, L, s + W, t + 2 * W);
    bool hull_done = L->ops->eq(L, b + W, c + W) || L->ops->eq(L, c, b);   /* [lo of b, hi of c] was b or c */
    if (is_c) {                         /* after c: the hull, unless b or c was it */
        if (hull_done) {
            x->next = exit;
            return true;
        }
        memcpy(yl, b, bytes);
        memcpy(yh, c + W, bytes);
        abslat_orient(L, yl, yh);
    } else if (is_b) {                  /* after b: c */
        memcpy(yl, cl, bytes);
        memcpy(yh, ch, bytes);
    } else {                            /* after the hull */
        x->next = exit;
    }
    return true;
}

/* An atom that may be in the set of a loop whose body may leave it (a quantifier that has
 * decided): the body runs as a side path until it comes back to the loop head or reaches
 * the loop's merge point m (both kept pending); the main path skips the atom. */
static bool loop_fork(Exec *x, long m)
{
    AbsVm *vm = x->vm;
    if (m < 0) return give_up(vm, "a loop whose paths do not meet");
    if (vm->depth >= ABSVM_MAX_DEPTH) return give_up(vm, "branches nested too deeply");
    AbsState body, out = { 0 };
    bool has_out = false;
    state_copy(vm, &body, x->st);
    vm->depth++;
    RunEnd e = exec(vm, x->ch, &body, x->next, (long)x->at, m, &out, &has_out);
    vm->depth--;
    bool ok = e != RUN_FAILED;
    if (ok && has_out) ok = add_pending(x, (size_t)m, &out);
    else state_drop(vm, &out);
    if (ok && e == RUN_REACHED) ok = add_pending(x, x->at, &body);
    else state_drop(vm, &body);
    x->next = x->at;
    return ok;
}

/* The body of a loop for an atom or item that may be absent: it runs on one path and is
 * skipped on another, joined where they meet (the loop head when the body always comes back
 * to it). */
static bool maybe_run(Exec *x)
{
    AbsState skip;
    state_copy(x->vm, &skip, x->st);
    if (absflow_passes(x->flow, x->next, x->at)) return fork_at(x, (long)x->at, &skip, x->at, x->next);
    state_drop(x->vm, &skip);
    return loop_fork(x, absflow_merge(x->flow, x->at));
}

/* The next atom of the set at slot s after the atom at slot v.  An atom that is surely in
 * the set runs the body; one that may be in it, maybe_run. */
static bool set_next(Exec *x, const Lattice *P, size_t s, size_t v, size_t exit)
{
    AbsState *st = x->st;
    if (st->lo[v] != st->hi[v]) return give_up(x->vm, "an iteration variable that is not a point");
    size_t n = abslat_atoms(P), W = bitset_words(n);
    int64_t cur = word_to_int(st->lo[v]);
    size_t from = cur < 0 ? 0 : (size_t)cur + 1;
    size_t a = from < n ? bitset_next(st->hi + s, W, from) : n;
    if (a >= n) {
        x->next = exit;
        return true;
    }
    st->lo[v] = st->hi[v] = word_from_int((int64_t)a);
    return bitset_has(st->lo + s, a) || maybe_run(x);
}

/* lfp/gfp inside the function: x (slot x) is a hull H of the iterates so far, y = E(g)(H) is
 * on the stack.  When y lies inside H, every concrete iterate from bot (top) lies in H, and
 * the concrete result, g of one of them, in y.  Otherwise H grows to the hull of H and y. */
static bool kleene(Exec *x, const Lattice *L, size_t slot, size_t count, size_t exit)
{
    AbsState *st = x->st;
    size_t W = L->nwords;
    Word *yl = st->lo + st->sp - W, *yh = st->hi + st->sp - W, *hl = st->lo + slot, *hh = st->hi + slot;
    bool inside = abslat_inside(L, yl, yh, hl, hh);
    st->sp -= W;
    if (inside) {                   /* the concrete result is g of an iterate: inside y */
        memcpy(hl, yl, W * sizeof(Word));
        memcpy(hh, yh, W * sizeof(Word));
        x->next = exit;
        return true;
    }
    abslat_hull(L, hl, hh, yl, yh);
    st->lo[count]++;
    st->hi[count]++;
    if (st->lo[count] >= ABSVM_KLEENE_LIMIT) return give_up(x->vm, "an lfp/gfp whose hull did not settle");
    return true;
}

/* ---- calls ---- */

static bool call(Exec *x, uint32_t f)
{
    AbsVm *vm = x->vm;
    const FnSym *fn = x->ch->tables->fns.items[f];
    const Chunk *c = fn->chunk;
    if (!c) return give_up(vm, "a call of a function with errors");
    if (vm->depth >= ABSVM_MAX_DEPTH) return give_up(vm, "calls nested too deeply");
    AbsState *st = x->st, callee;
    size_t pw = c->param_words;
    state_new(vm, &callee, c->nlocals + 1);
    memcpy(callee.lo, st->lo + st->sp - pw, pw * sizeof(Word));
    memcpy(callee.hi, st->hi + st->sp - pw, pw * sizeof(Word));
    memcpy(callee.tag, st->tag + st->sp - pw, pw * sizeof(Tag));
    callee.sp = pw;
    absstate_push_zeros(&callee, c->nlocals - pw);
    vm->depth++;
    RunEnd e = exec(vm, c, &callee, 0, -1, -1, NULL, NULL);
    vm->depth--;
    if (e == RUN_DEAD) dead_path(vm);
    if (e == RUN_RETURNED) {
        st->sp -= pw;
        absstate_reserve(st, c->ret_words);
        memcpy(st->lo + st->sp, callee.lo, c->ret_words * sizeof(Word));
        memcpy(st->hi + st->sp, callee.hi, c->ret_words * sizeof(Word));
        memcpy(st->tag + st->sp, callee.tag, c->ret_words * sizeof(Tag));
        st->sp += c->ret_words;
    }
    state_drop(vm, &callee);
    return e == RUN_RETURNED;
}

/* ---- the loop ---- */

static bool frame_op(Exec *x, Opcode op, size_t a, size_t n)
{
    AbsState *st = x->st;
    if (op == IR_POP) {
        st->sp -= a;
        return true;
    }
    if (op == IR_STORE) {
        st->sp -= n;
        absstate_move(st, a, st->sp, n);
        return true;
    }
    for (size_t w = 0; w < n; w++)
        if (st->tag[a + w].kind == TAG_POISON) return give_up(x->vm, "a value the joined paths disagree on");
    absstate_reserve(st, n);
    absstate_move(st, st->sp, a, n);
    st->sp += n;
    return true;
}

static bool scalar_op(Exec *x, Opcode op)
{
    AbsState *st = x->st;
    AbsPair r;
    bool real_in = op >= IR_ADD_R && op <= IR_ABS_R;
    if ((op == IR_EQ_I || op == IR_NE_I) && absinstr_word_equality(st, op, &x->vm->tmp)) return true;
    if (op == IR_NEG_I || op == IR_ABS_I || op == IR_NEG_R || op == IR_ABS_R || op == IR_I2R || op == IR_NOT) {
        r = absstate_pop_pair(st);
        if (!absop_unary(op, &r)) return give_up(x->vm, "an overflowing or undefined unary operation");
        absstate_push_pair(st, r, op == IR_I2R || real_in ? TAG_REAL : TAG_INT);
        return true;
    }
    AbsPair b = absstate_pop_pair(st), a = absstate_pop_pair(st);
    bool real = real_in || (op >= IR_LT_R && op <= IR_NE_R);
    bool zero = real ? word_to_double(b.lo) == 0 && word_to_double(b.hi) == 0 : b.lo == 0 && b.hi == 0;
    if (x->vm->total && !zero)        /* a divisor interval holding 0 may fail */
        zero = real ? word_to_double(b.lo) <= 0 && word_to_double(b.hi) >= 0
                    : word_to_int(b.lo) <= 0 && word_to_int(b.hi) >= 0;
    if ((op == IR_DIV_I || op == IR_MOD_I || op == IR_DIV_R) && zero) return dead_path(x->vm);
    bool ok = real ? absop_real(op, a, b, &r) : absop_int(op, a, b, &r);
    if (!ok) return give_up(x->vm, "an integer overflow or NaN");
    bool number = !(op >= IR_LT_I && op <= IR_NE_R);
    absstate_push_pair(st, r, number && real ? TAG_REAL : TAG_INT);
    return true;
}

/* Does an instruction of this shape have a lattice as its first operand? */
static bool lattice_shape(OperandShape shape)
{
    switch (shape) {
    case SHAPE_LAT: case SHAPE_LATIX: case SHAPE_LATSLOT: case SHAPE_LOOP: case SHAPE_LATCONST:
    case SHAPE_BOUNDS: case SHAPE_WARM: case SHAPE_ENGINE:
        return true;
    default:
        return false;
    }
}

/* The lattice instructions; false after giving up. */
static bool lattice_op(Exec *x, Opcode op, const uint8_t *args)
{
    AbsState *st = x->st;
    if (!lattice_shape((OperandShape)ir_opcode_shapes[op]) || ir_read_u32(args) >= x->ch->tables->lats.count)
        return give_up(x->vm, "an instruction it cannot abstract");
    const Lattice *L = lat_of(x, ir_read_u32(args));
    switch (op) {
    case IR_BOT: case IR_TOP: absstate_push_point(st, L, op == IR_TOP); return true;
    case IR_LAT_LE: case IR_LAT_LT: case IR_LAT_GE: case IR_LAT_GT: case IR_LAT_EQ: case IR_LAT_NE:
        absinstr_compare(st, op, L, &x->vm->tmp);
        return true;
    case IR_JOIN: case IR_MEET: case IR_SET_MINUS: absinstr_binary(st, op, L); return true;
    case IR_SET_ADD: return instr_end(x->vm, absinstr_set_add(st, L), "an atom outside its set");
    case IR_SET_IN: absinstr_set_in(st, L); return true;
    case IR_SET_COUNT: absinstr_set_count(st, L); return true;
    case IR_CHECK_RANGE: case IR_CHECK_REAL: return instr_end(x->vm, absinstr_check_bounds(st, op, L, x->vm->total), NULL);
    case IR_PROJ: {
        size_t i = ir_read_u32(args + 4);
        absstate_keep_part(st, L->nwords, abslat_part_offset(L, i), abslat_part(L, i)->nwords);
        return true;
    }
    case IR_MAP_GET: {
        size_t vw = abslat_part(L, 0)->nwords;
        absstate_keep_part(st, L->nwords, ir_read_u32(args + 4) * vw, vw);
        return true;
    }
    case IR_MAP_INDEX: return instr_end(x->vm, absinstr_map_index(st, L, x->vm->total), NULL);
    case IR_CHECK_LE: {                 /* b <= c for b, c at slots s, s + W, in L's ends */
        size_t s = ir_read_u32(args + 4), W = L->nwords;
        Word *t = tmp_words(x->vm, 4 * W), *b = absinstr_ends(st, L, s, t), *c = absinstr_ends(st, L, s + W, t + 2 * W);
        bool may_hold = L->ops->leq(L, b, c + W);
        if (x->vm->total ? L->ops->leq(L, b + W, c) : may_hold) return true;
        return dead_path(x->vm);                                    /* surely empty */
    }
    case IR_ENUM_NEXT: return enum_next(x, L, ir_read_u32(args + 4), ir_read_u32(args + 8), ir_read_u32(args + 12));
    case IR_SET_NEXT: return set_next(x, L, ir_read_u32(args + 4), ir_read_u32(args + 8), ir_read_u32(args + 12));
    case IR_LFP_START: {                /* as from bot: the same lfp, a wider bracket at worst */
        size_t slot = ir_read_u32(args + 4);
        absstate_push_point(st, L, false);
        absstate_push_pair(st, (AbsPair){ 0, 0 }, TAG_INT);
        return frame_op(x, IR_STORE, slot + L->nwords, 1) && frame_op(x, IR_STORE, slot, L->nwords);
    }
    case IR_LFP_KEEP: return true;
    case IR_KLEENE: return kleene(x, L, ir_read_u32(args + 4), ir_read_u32(args + 8), ir_read_u32(args + 12));
    default: return give_up(x->vm, "an unknown instruction");
    }
}

static bool step(Exec *x, Opcode op, const uint8_t *args);

/* A specialised instruction run as the general one it stands for (opcodes.h). */
static bool specialised(Exec *x, Opcode op, Opcode general, const uint8_t *args)
{
    AbsState *st = x->st;
    uint8_t operands[8] = { 0 };
    switch (ir_opcode_shapes[op]) {
    case SHAPE_CONST: {                     /* the _IK and _RK forms: push the constant first */
        Word w = x->ch->consts.items[ir_read_u32(args)];
        if (ir_constant_left(op)) {             /* k - r, k / r: the constant below */
            AbsPair r = absstate_pop_pair(st);
            absstate_push_pair(st, (AbsPair){ w, w }, TAG_REAL);
            absstate_push_pair(st, r, TAG_REAL);
            return step(x, general, operands);
        }
        absstate_push_pair(st, (AbsPair){ w, w }, ir_real_constant(op) ? TAG_REAL : TAG_INT);
        return step(x, general, operands);
    }
    case SHAPE_LATIX: {                     /* SET_HAS: the atom goes below the set */
        size_t W = lat_of(x, ir_read_u32(args))->nwords, at = st->sp - W;
        Word a = ir_read_u32(args + 4);
        absstate_push_pair(st, (AbsPair){ a, a }, TAG_INT);
        Tag tag = st->tag[st->sp - 1];
        memmove(st->lo + at + 1, st->lo + at, W * sizeof(Word));
        memmove(st->hi + at + 1, st->hi + at, W * sizeof(Word));
        memmove(st->tag + at + 1, st->tag + at, W * sizeof(Tag));
        st->lo[at] = st->hi[at] = a;
        st->tag[at] = tag;
        return step(x, general, args);
    }
    case SHAPE_VAR:                         /* LOAD1, STORE1: one word */
        return frame_op(x, general, ir_read_u32(args), 1);
    default:                                /* the same operands (TAIL_CALL, CHECK_INT, the lattice forms) */
        return step(x, general, args);
    }
}

/* Runs the instruction at x->at (x->next preset to the following one). */
static bool step(Exec *x, Opcode op, const uint8_t *args)
{
    AbsState *st = x->st;
    Opcode form = ir_loaded_op(op);           /* LOAD1 s, then the _K form on constant #k */
    if (form != op && form >= IR_LT_IK && form <= IR_NE_IK) {
        x->test.valid = true;
        x->test.after = x->next;
        x->test.slot = ir_read_u32(args);
        x->test.op = form;
        x->test.k = x->ch->consts.items[ir_read_u32(args + 4)];
    }
    if (form != op) return frame_op(x, IR_LOAD, ir_read_u32(args), 1) && step(x, form, args + 4);
    Opcode general = ir_general_op(op);
    if (general != op) return specialised(x, op, general, args);
    switch (op) {
    case IR_CONST_ELEM: {
        const Lattice *L = lat_of(x, ir_read_u32(args));
        Word w = x->ch->consts.items[ir_read_u32(args + 4)];
        absstate_reserve(st, 1);
        st->lo[st->sp] = st->hi[st->sp] = w;
        absstate_tags_of(L, st->tag + st->sp);
        st->sp++;
        return true;
    }
    case IR_CONST_INT: case IR_CONST_REAL: {
        Word w = x->ch->consts.items[ir_read_u32(args)];
        absstate_push_pair(st, (AbsPair){ w, w }, op == IR_CONST_REAL ? TAG_REAL : TAG_INT);
        return true;
    }
    case IR_LOAD: case IR_STORE: case IR_POP: return frame_op(x, op, ir_read_u32(args), ir_read_u32(args + 4));
    case IR_JUMP: x->next = ir_read_u32(args); return true;
    case IR_JUMP_IF_FALSE: case IR_JUMP_IF_FALSE_KEEP: case IR_JUMP_IF_TRUE_KEEP:
        return branch(x, op, ir_read_u32(args));
    case IR_CALL: return call(x, ir_read_u32(args));
    default: break;
    }
    if (op >= IR_ADD_I && op <= IR_NOT) return scalar_op(x, op);
    if (abscoll_handles(op)) {
        const char *why = NULL;
        AbsCollEnd end = abscoll_step(x->vm->colls, x->ch, op, args, st, &why);
        if (end == ABSCOLL_GIVE_UP) return give_up(x->vm, why);
        if (end == ABSCOLL_JUMP) x->next = ir_read_u32(args + 12);
        return end != ABSCOLL_MAYBE || maybe_run(x);
    }
    return lattice_op(x, op, args);
}

/* Merges the pending side paths that meet here; false after giving up. */
static bool merge_here(Exec *x, size_t ip)
{
    while (x->pend.count && x->pend.items[x->pend.count - 1].at == ip) {
        Pending *p = &x->pend.items[--x->pend.count];
        x->test.valid = false;              /* the state is no longer the test's alone */
        bool ok = join_states(x->vm, x->st, &p->st, x->ch->nlocals);
        state_drop(x->vm, &p->st);
        if (!ok) return false;
    }
    return true;
}

static bool tick(AbsVm *vm)
{
    if (++vm->steps > vm->max_steps) return give_up(vm, "too many steps");
    if ((vm->steps & 4095) == 0 && limits_poll(vm->limits)) return give_up(vm, "a limit of the query");
    return true;
}

/* The result of RET: the top n words become the frame's first. */
static RunEnd ret(Exec *x, size_t n)
{
    AbsState *st = x->st;
    if (x->stop >= 0 || x->pend.count) {
        give_up(x->vm, "a path that leaves before its branch's paths meet");
        return RUN_FAILED;
    }
    memmove(st->lo, st->lo + st->sp - n, n * sizeof(Word));
    memmove(st->hi, st->hi + st->sp - n, n * sizeof(Word));
    memmove(st->tag, st->tag + st->sp - n, n * sizeof(Tag));
    st->sp = n;
    return RUN_RETURNED;
}

/* The state at the second stop, joined with what reached it before; takes s. */
static bool keep_second(Exec *x, AbsState *s)
{
    if (!x->has2) {
        *x->out2 = *s;
        x->has2 = true;
        return true;
    }
    bool ok = join_states(x->vm, x->out2, s, x->ch->nlocals);
    state_drop(x->vm, s);
    return ok;
}

/* The path running has ended (it fails, or it reached the second stop and was kept): the
 * top pending path goes on alone from where it waits.  False when there is none. */
static bool resume(Exec *x, size_t *ip)
{
    if (!x->pend.count) return false;
    Pending *p = &x->pend.items[--x->pend.count];
    *x->st = p->st;
    *ip = p->at;
    x->test.valid = false;
    return true;
}

/* At the stop: pending paths still waiting for the second stop are there already. */
static RunEnd at_stop(Exec *x)
{
    while (x->pend.count) {
        Pending *p = &x->pend.items[x->pend.count - 1];
        if (x->stop2 < 0 || p->at != (size_t)x->stop2) {
            give_up(x->vm, "branches that do not meet in order");
            return RUN_FAILED;
        }
        x->pend.count--;
        if (!keep_second(x, &p->st)) return RUN_FAILED;
    }
    return RUN_REACHED;
}

/* Runs the instruction at ip; false when the run ends (*end says how). */
static bool run_one(Exec *x, size_t *ip, RunEnd *end)
{
    AbsVm *vm = x->vm;
    const uint8_t *code = x->ch->code.items + *ip;
    Opcode op = (Opcode)code[0];
    x->at = *ip;
    x->next = *ip + ir_length(op);
    if (x->test.after != *ip) x->test.valid = false;        /* reached other than from the test */
    if (op == IR_RET) {
        *end = ret(x, ir_read_u32(code + 1));
        return false;
    }
    if (step(x, op, code + 1)) {
        *ip = x->next;
        return true;
    }
    if (!vm->dead) return false;
    vm->dead = false;                   /* this path fails: a pending one goes on alone */
    state_drop(vm, x->st);
    if (resume(x, ip)) return true;
    *end = x->has2 ? RUN_SECOND : RUN_DEAD;
    return false;
}

static RunEnd exec(AbsVm *vm, const Chunk *ch, AbsState *st, size_t ip, long stop, long stop2,
                   AbsState *out2, bool *has2)
{
    Exec x = { vm, ch, flow_of(vm, ch), st, { 0 }, ip, ip, stop, stop2, out2, false, { 0 } };
    RunEnd end = RUN_FAILED;
    for (;;) {
        if (!merge_here(&x, ip)) break;
        if ((long)ip == stop) {
            end = at_stop(&x);
            break;
        }
        if (stop2 >= 0 && (long)ip == stop2) {
            AbsState here = *st;
            memset(st, 0, sizeof *st);
            if (!keep_second(&x, &here)) break;
            if (resume(&x, &ip)) continue;
            end = RUN_SECOND;
            break;
        }
        if (ip >= ch->code.count || !tick(vm) || !run_one(&x, &ip, &end)) break;
    }
    while (x.pend.count) state_drop(vm, &x.pend.items[--x.pend.count].st);
    VEC_FREE(x.pend);
    if (has2) *has2 = x.has2;
    else if (x.has2) state_drop(vm, out2);
    return end;
}

/* ---- the entry ---- */

AbsVm *absvm_new(Limits *limits)
{
    AbsVm *vm = mem_calloc_lines(1, sizeof *vm);   /* a worker's: no line shared with another's */
    vm->limits = limits;
    vm->max_steps = ABSVM_DEFAULT_STEPS;
    vm->colls = abscoll_new();
    return vm;
}

void absvm_free(AbsVm *vm)
{
    if (!vm) return;
    for (size_t i = 0; i < vm->flows.count; i++) absflow_free(vm->flows.items[i]);
    VEC_FREE(vm->flows);
    abscoll_free(vm->colls);
    absinstr_scratch_free(&vm->tmp);
    while (vm->spare.count) absstate_free(&vm->spare.items[--vm->spare.count]);
    VEC_FREE(vm->spare);
    mem_free(vm);
}

void absvm_set_max_steps(AbsVm *vm, uint64_t max_steps) { vm->max_steps = max_steps; }
void absvm_set_total(AbsVm *vm, bool total) { vm->total = total; }

const char *absvm_why(const AbsVm *vm) { return vm->why; }

bool absvm_eval(AbsVm *vm, const FnSym *fn, const Word *arg_lo, const Word *arg_hi, Word *out_lo,
                Word *out_hi)
{
    vm->why = NULL;
    vm->dead = false;
    vm->steps = 0;
    vm->depth = 0;
    abscoll_reset(vm->colls);
    const Chunk *c = fn->chunk;
    if (!c || fn->nparams != 1) return give_up(vm, "not a compiled function of one argument");
    const Lattice *A = fn->params[0], *R = fn->ret;
    if (!A->ops->leq(A, arg_lo, arg_hi)) return give_up(vm, "an empty argument interval");
    AbsState st;
    state_new(vm, &st, c->nlocals + 1);
    memcpy(st.lo, arg_lo, A->nwords * sizeof(Word));
    memcpy(st.hi, arg_hi, A->nwords * sizeof(Word));
    abslat_orient(A, st.lo, st.hi);                     /* a dual's words in its base's order */
    absstate_tags_of(A, st.tag);
    st.sp = A->nwords;
    absstate_push_zeros(&st, c->nlocals - A->nwords);
    RunEnd end = exec(vm, c, &st, 0, -1, -1, NULL, NULL);
    bool ok = end == RUN_RETURNED;
    if (end == RUN_DEAD) give_up(vm, "every run fails");
    if (ok) abslat_orient(R, st.lo, st.hi);             /* back to R's own ends */
    if (ok && !R->ops->leq(R, st.lo, st.hi)) ok = give_up(vm, "an inverted result (a bug)");
    if (ok) {
        memcpy(out_lo, st.lo, R->nwords * sizeof(Word));
        memcpy(out_hi, st.hi, R->nwords * sizeof(Word));
    }
    state_drop(vm, &st);
    return ok;
}

bool absvm_envelope(AbsVm *vm, AbsEval eval, const FnSym *fn, const Word *a, const Word *b, bool upper,
                    Word *out)
{
    size_t W = fn->ret->nwords;
    Word *pair = mem_alloc(2 * W * sizeof(Word));
    bool ok = eval(vm, fn, a, b, pair, pair + W);
    if (ok) memcpy(out, upper ? pair + W : pair, W * sizeof(Word));
    mem_free(pair);
    return ok;
}

bool absvm_upper(AbsVm *vm, const FnSym *fn, const Word *lo, const Word *x, Word *out)
{
    return absvm_envelope(vm, absvm_eval, fn, lo, x, true, out);
}

bool absvm_lower(AbsVm *vm, const FnSym *fn, const Word *x, const Word *hi, Word *out)
{
    return absvm_envelope(vm, absvm_eval, fn, x, hi, false, out);
}
