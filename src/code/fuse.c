/* fuse.c: the peephole pass over a compiled chunk.  It rewrites short runs of instructions
 * into specialised ones (opcodes.h) when no jump lands inside the run:
 *   CONST_INT k; I2R              -> CONST_REAL k           (an integer literal used as a real)
 *   CONST_REAL k; op_R            -> op_RK k                (x op k; not x / 0, which must fail)
 *   CONST_REAL k; LOAD1 s; op_R   -> LOAD1 s; op'_RK k      (k op x: - and / become RSUB_RK and
 *                                                            RDIV_RK, a test its mirror image)
 *   LOAD1 s; op_K k               -> op_S_K s k             (FIX_LOADED: the load and the _IK or
 *                                                            _RK form in one)
 * The new instruction gets the location of the one that may fail (the operator), so errors
 * read as before.  Passes repeat until nothing changes (a fold may make another run). */
#include "code/fuse.h"

enum { FUSE_MAX_RUN = 3, FUSE_MAX_PASSES = 4 };

/* An instruction of the chunk being rewritten. */
typedef struct Ins { size_t at; Opcode op; uint32_t arg[4]; } Ins;

typedef struct Fuser {
    Chunk *c;            /* receives the new code */
    Chunk old;           /* the code before the pass (its vectors owned by the pass) */
    bool *target;        /* old offset -> a jump leads there */
    size_t *moved;       /* old offset -> new offset */
} Fuser;

static Ins decode(const Chunk *c, size_t at)
{
    Ins in = { at, (Opcode)c->code.items[at], { 0, 0, 0, 0 } };
    unsigned n = ir_shape_operands[ir_opcode_shapes[in.op]];
    for (unsigned k = 0; k < n; k++) in.arg[k] = ir_read_u32(c->code.items + at + 1 + 4 * k);
    return in;
}

/* Which operand of op is a code offset (jumps and loops), or -1. */
static int target_operand(Opcode op)
{
    OperandShape shape = (OperandShape)ir_opcode_shapes[op];
    return shape == SHAPE_JUMP ? 0 : shape == SHAPE_LOOP ? 3 : -1;
}

static void mark_targets(Fuser *f)
{
    for (size_t at = 0; at < f->old.code.count; at += ir_length((Opcode)f->old.code.items[at])) {
        Ins in = decode(&f->old, at);
        int k = target_operand(in.op);
        if (k >= 0 && in.arg[k] <= f->old.code.count) f->target[in.arg[k]] = true;
    }
}

/* Can a rule's run start with op (the first instruction of every rule below)? */
static bool starts_run(Opcode op) { return op == IR_LOAD1 || op == IR_CONST_INT || op == IR_CONST_REAL; }

/* Up to FUSE_MAX_RUN instructions from at on (just the one when no rule starts with it), none
 * but the first a jump target; returns how many. */
static size_t run_at(const Fuser *f, size_t at, Ins *run)
{
    size_t n = 0, most = starts_run((Opcode)f->old.code.items[at]) ? FUSE_MAX_RUN : 1;
    while (n < most && at < f->old.code.count && (n == 0 || !f->target[at])) {
        run[n] = decode(&f->old, at);
        at += ir_length(run[n].op);
        n++;
    }
    return n;
}

/* The _RK form of a real operator with constant k as its right operand (or its left one,
 * when left), or IR_OPCODE_COUNT when there is none. */
static Opcode with_constant(Opcode op, bool left, double k)
{
    switch (op) {
    case IR_ADD_R: return IR_ADD_RK;
    case IR_MUL_R: return IR_MUL_RK;
    case IR_SUB_R: return left ? IR_RSUB_RK : IR_SUB_RK;
    case IR_DIV_R: return left ? IR_RDIV_RK : k != 0 ? IR_DIV_RK : IR_OPCODE_COUNT;
    case IR_LT_R: return left ? IR_GT_RK : IR_LT_RK;
    case IR_LE_R: return left ? IR_GE_RK : IR_LE_RK;
    case IR_GT_R: return left ? IR_LT_RK : IR_GT_RK;
    case IR_GE_R: return left ? IR_LE_RK : IR_GE_RK;
    case IR_EQ_R: return IR_EQ_RK;
    case IR_NE_R: return IR_NE_RK;
    default: return IR_OPCODE_COUNT;
    }
}

/* The instruction of FIX_LOADED that runs LOAD1 and then form, or IR_OPCODE_COUNT. */
static Opcode loaded_form(Opcode form)
{
    switch (form) {
#define FUSE_LOADED_CASE(loaded, k_form) case IR_##k_form: return IR_##loaded;
    FIX_LOADED(FUSE_LOADED_CASE)
#undef FUSE_LOADED_CASE
    default: return IR_OPCODE_COUNT;
    }
}

/* What replaces a run: its first `used` instructions by n new ones, each located where the
 * old instruction at its `at` was. */
typedef struct Plan { size_t used, n; Ins out[2]; } Plan;

static Plan replace(size_t used, const Ins *from, Opcode op, uint32_t a, uint32_t b)
{
    return (Plan){ used, 1, { { from->at, op, { a, b, 0, 0 } } } };
}

/* The replacement of the run starting at run[0] (used 0: no rule applies). */
static Plan plan_run(Fuser *f, const Ins *run, size_t n)
{
    Plan none = { 0, 0, { { 0 } } };
    if (n < 2) return none;
    if (run[0].op == IR_CONST_INT && run[1].op == IR_I2R) {
        double v = (double)word_to_int(f->c->consts.items[run[0].arg[0]]);
        return replace(2, &run[0], IR_CONST_REAL, ir_const(f->c, word_from_double(v)), 0);
    }
    Opcode loaded = run[0].op == IR_LOAD1 ? loaded_form(run[1].op) : IR_OPCODE_COUNT;
    if (loaded != IR_OPCODE_COUNT) return replace(2, &run[1], loaded, run[0].arg[0], run[1].arg[0]);
    if (run[0].op != IR_CONST_REAL) return none;
    double k = word_to_double(f->c->consts.items[run[0].arg[0]]);
    Opcode right = with_constant(run[1].op, false, k);
    if (right != IR_OPCODE_COUNT) return replace(2, &run[1], right, run[0].arg[0], 0);
    Opcode left = n == 3 && run[1].op == IR_LOAD1 ? with_constant(run[2].op, true, k) : IR_OPCODE_COUNT;
    if (left == IR_OPCODE_COUNT) return none;
    Plan p = replace(3, &run[0], IR_LOAD1, run[1].arg[0], 0);
    p.out[p.n++] = (Ins){ run[2].at, left, { run[0].arg[0], 0, 0, 0 } };
    return p;
}

/* Points every jump of the new code at the new offset of its old target. */
static void move_targets(Fuser *f)
{
    for (size_t at = 0; at < f->c->code.count; at += ir_length((Opcode)f->c->code.items[at])) {
        Ins in = decode(f->c, at);
        int k = target_operand(in.op);
        if (k >= 0) ir_patch(f->c, at, (unsigned)k, (uint32_t)f->moved[in.arg[k]]);
    }
}

/* Does a rule apply somewhere in the code? */
static bool any_rule(Fuser *f)
{
    for (size_t at = 0; at < f->old.code.count; at += ir_length((Opcode)f->old.code.items[at])) {
        Ins run[FUSE_MAX_RUN] = { { 0 } };
        if (plan_run(f, run, run_at(f, at, run)).used) return true;
    }
    return false;
}

/* The code again, with each run a rule applies to replaced. */
static void rewrite(Fuser *f)
{
    Chunk *c = f->c;
    size_t stack_words = c->stack_words;      /* a bound still: no rule pushes more */
    c->code.items = NULL, c->code.count = c->code.cap = 0;
    c->locs.items = NULL, c->locs.count = c->locs.cap = 0;
    for (size_t at = 0; at < f->old.code.count;) {
        Ins run[FUSE_MAX_RUN] = { { 0 } };
        size_t n = run_at(f, at, run);
        f->moved[at] = ir_offset(c);
        Plan p = plan_run(f, run, n);
        if (p.used == 0) p = (Plan){ 1, 1, { run[0] } };
        for (size_t i = 0; i < p.n; i++) {
            const Ins *in = &p.out[i];
            ir_emit(c, ir_loc_at(&f->old, in->at), in->op, in->arg[0], in->arg[1], in->arg[2], in->arg[3]);
        }
        at = run[p.used - 1].at + ir_length(run[p.used - 1].op);
    }
    f->moved[f->old.code.count] = ir_offset(c);
    move_targets(f);
    c->stack_words = stack_words;
    MEM_FREE_ALL(f->old.code.items, f->old.locs.items);
}

/* One pass; true when it changed something. */
static bool fuse_pass(Chunk *c)
{
    Fuser f = { c, *c, mem_calloc(c->code.count + 1, sizeof(bool)),
                mem_calloc(c->code.count + 1, sizeof(size_t)) };
    mark_targets(&f);
    bool changed = any_rule(&f);
    if (changed) rewrite(&f);
    MEM_FREE_ALL(f.target, f.moved);
    return changed;
}

void fuse_chunk(Chunk *c)
{
    for (int pass = 0; pass < FUSE_MAX_PASSES && fuse_pass(c); pass++) {}
}
