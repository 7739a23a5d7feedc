/* ir.c: chunks (code, constants, locations) and the disassembler, one helper per operand shape. */
#include "code/ir.h"

#include "code/types.h"

const char *const ir_opcode_names[IR_OPCODE_COUNT] = {
#define FIX_OP_NAME(name, shape) #name,
    FIX_OPCODES(FIX_OP_NAME)
#undef FIX_OP_NAME
};

const uint8_t ir_opcode_shapes[IR_OPCODE_COUNT] = {
#define FIX_OP_SHAPE(name, shape) SHAPE_##shape,
    FIX_OPCODES(FIX_OP_SHAPE)
#undef FIX_OP_SHAPE
};

const uint8_t ir_shape_operands[SHAPE_COUNT] = {
#define FIX_SHAPE_COUNT(name, n) n,
    FIX_SHAPES(FIX_SHAPE_COUNT)
#undef FIX_SHAPE_COUNT
};

Chunk *ir_chunk_new(const char *name, const IrTables *tables)
{
    Chunk *c = mem_alloc(sizeof *c);
    *c = (Chunk){ .name = name, .tables = tables, .name_hash = 0xcbf29ce484222325u };   /* FNV-1a */
    for (const char *p = name ? name : ""; *p; p++) c->name_hash = (c->name_hash ^ (uint8_t)*p) * 0x100000001b3u;
    return c;
}

void ir_chunk_free(Chunk *c)
{
    if (!c) return;
    MEM_FREE_ALL(c->code.items, c->consts.items, c->locs.items, c->warm.items, c);
}

static void emit_u32(Chunk *c, uint32_t v)
{
    for (int i = 0; i < 4; i++) VEC_PUSH(c->code, (uint8_t)(v >> (8 * i)));
}

Opcode ir_general_op(Opcode op)
{
    switch (ir_loaded_op(op)) {
#define FIX_SPECIAL_CASE(special, general) case IR_##special: return IR_##general;
    FIX_SPECIALISED(FIX_SPECIAL_CASE)
#undef FIX_SPECIAL_CASE
    default: return op;
    }
}

Opcode ir_loaded_op(Opcode op)
{
    switch (op) {
#define FIX_LOADED_CASE(loaded, form) case IR_##loaded: return IR_##form;
    FIX_LOADED(FIX_LOADED_CASE)
#undef FIX_LOADED_CASE
    default: return op;
    }
}

bool ir_real_constant(Opcode op)
{
    op = ir_loaded_op(op);
    if (op == IR_CONST_REAL) return true;
    Opcode general = ir_general_op(op);
    return ir_opcode_shapes[op] == SHAPE_CONST && general != op &&
           ((general >= IR_ADD_R && general <= IR_ABS_R) || (general >= IR_LT_R && general <= IR_NE_R));
}

bool ir_constant_left(Opcode op)
{
    switch (op) {
#define FIX_LEFT_CASE(name) case IR_##name: return true;
    FIX_CONSTANT_LEFT(FIX_LEFT_CASE)
#undef FIX_LEFT_CASE
    default: return false;
    }
}

/* At most how many words the instruction pushes (its pops not counted): summed over a chunk
 * this bounds its stack above the frame, since every path through a loop body leaves the
 * stack as it found it.  A call counts its result: its own frame is its chunk's. */
static size_t pushed_words(const Chunk *c, Opcode op, uint32_t a, uint32_t b)
{
    const IrTables *t = c->tables;
    switch (op) {
    case IR_BOT: case IR_TOP:
        return t && a < t->lats.count ? t->lats.items[a]->nwords : 1;
    case IR_LOAD: return b;
    case IR_CALL: case IR_TAIL_CALL:
        return t && a < t->fns.count ? t->fns.items[a]->ret->nwords : 1;
    case IR_APPROX: case IR_REFINE: return t && a < t->fns.count ? 2 * t->fns.items[a]->ret->nwords : 2;
    case IR_BNB: return 3;
    default: return 1;
    }
}

size_t ir_emit(Chunk *c, Loc loc, Opcode op, uint32_t a, uint32_t b, uint32_t d, uint32_t e)
{
    c->stack_words += pushed_words(c, op, a, b);
    size_t at = c->code.count;
    IrLoc l = { (uint32_t)at, loc };
    VEC_PUSH(c->locs, l);
    VEC_PUSH(c->code, (uint8_t)op);
    uint32_t operands[4] = { a, b, d, e };
    unsigned n = ir_shape_operands[ir_opcode_shapes[op]];
    for (unsigned k = 0; k < n; k++) emit_u32(c, operands[k]);
    return at;
}

uint32_t ir_const(Chunk *c, Word w)
{
    for (size_t i = 0; i < c->consts.count; i++)
        if (c->consts.items[i] == w) return (uint32_t)i;
    VEC_PUSH(c->consts, w);
    return (uint32_t)(c->consts.count - 1);
}

void ir_patch(Chunk *c, size_t offset, unsigned k, uint32_t value)
{
    uint8_t *p = c->code.items + offset + 1 + 4 * k;
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(value >> (8 * i));
}

size_t ir_offset(const Chunk *c) { return c->code.count; }

void ir_truncate(Chunk *c, size_t offset)
{
    if (offset >= c->code.count) return;
    c->code.count = offset;
    while (c->locs.count && c->locs.items[c->locs.count - 1].offset >= offset) c->locs.count--;
}

bool ir_worth_memo(const Chunk *c)
{
    if (c->param_words + c->ret_words > 64) return false;
    size_t at = 0;
    while (at < c->code.count) {
        Opcode op = (Opcode)c->code.items[at];
        if (op == IR_KLEENE || op == IR_ENUM_NEXT || op == IR_APPROX || op == IR_REFINE || op == IR_BNB
            || op == IR_STABLE) return true;
        if (op == IR_COLL_CACHED) {         /* a closed enumeration runs once: not counted */
            at = ir_read_u32(c->code.items + at + 1 + 4 * 3);
            continue;
        }
        at += ir_length(op);
    }
    return false;
}

Loc ir_loc_at(const Chunk *c, size_t offset)
{
    size_t lo = 0, hi = c->locs.count;
    while (lo < hi) {                       /* the last entry with entry.offset <= offset */
        size_t mid = lo + (hi - lo) / 2;
        if (c->locs.items[mid].offset <= offset) lo = mid + 1;
        else hi = mid;
    }
    if (lo == 0) { Loc none = { NULL, 0, 0 }; return none; }
    return c->locs.items[lo - 1].loc;
}

/* ---- disassembler ---- */

static uint32_t operand(const Chunk *c, size_t offset, unsigned k)
{
    return ir_read_u32(c->code.items + offset + 1 + 4 * k);
}

static void put_lattice(const Chunk *c, uint32_t l, Buf *out)
{
    if (l == IR_ATOM_ITEMS) buf_puts(out, "atoms");
    else if (c->tables && l < c->tables->lats.count) lattice_describe(c->tables->lats.items[l], out);
    else buf_printf(out, "lattice#%u", l);
}

static void shape_none(const Chunk *c, size_t offset, Buf *out) { FIX_UNUSED(c); FIX_UNUSED(offset); FIX_UNUSED(out); }

/* "#k = value", the constant an instruction's operand k names (a real or an integer). */
static void put_constant(const Chunk *c, size_t offset, uint32_t k, Buf *out)
{
    buf_printf(out, "#%u", k);
    if (k >= c->consts.count) return;
    Word w = c->consts.items[k];
    buf_puts(out, " = ");
    if (ir_real_constant((Opcode)c->code.items[offset])) buf_put_double(out, word_to_double(w));
    else buf_printf(out, "%lld", (long long)word_to_int(w));
}

static void shape_const(const Chunk *c, size_t offset, Buf *out) { put_constant(c, offset, operand(c, offset, 0), out); }

static void shape_lat(const Chunk *c, size_t offset, Buf *out) { put_lattice(c, operand(c, offset, 0), out); }

static void shape_slot(const Chunk *c, size_t offset, Buf *out)
{
    buf_printf(out, "slot %u width %u", operand(c, offset, 0), operand(c, offset, 1));
}

static void shape_width(const Chunk *c, size_t offset, Buf *out) { buf_printf(out, "width %u", operand(c, offset, 0)); }

static void shape_jump(const Chunk *c, size_t offset, Buf *out) { buf_printf(out, "-> %04u", operand(c, offset, 0)); }

static void put_fn(const Chunk *c, uint32_t f, Buf *out)
{
    if (c->tables && f < c->tables->fns.count) buf_puts(out, c->tables->fns.items[f]->name);
    else buf_printf(out, "fn#%u", f);
}

static void shape_fn(const Chunk *c, size_t offset, Buf *out) { put_fn(c, operand(c, offset, 0), out); }

static void shape_latix(const Chunk *c, size_t offset, Buf *out)
{
    put_lattice(c, operand(c, offset, 0), out);
    uint32_t i = operand(c, offset, 1);
    const Lattice *L = c->tables && operand(c, offset, 0) < c->tables->lats.count
                     ? c->tables->lats.items[operand(c, offset, 0)] : NULL;
    bool named = L && (lattice_kind(L) == LATTICE_MAP || c->code.items[offset] == IR_SET_HAS);
    const char *key = named ? lattice_atom_name(L, i) : NULL;
    if (key) buf_printf(out, " [%s]", key);
    else buf_printf(out, " .%u", i + 1);
}

static void shape_latslot(const Chunk *c, size_t offset, Buf *out)
{
    put_lattice(c, operand(c, offset, 0), out);
    buf_printf(out, " slot %u", operand(c, offset, 1));
}

static void shape_var(const Chunk *c, size_t offset, Buf *out) { buf_printf(out, "slot %u", operand(c, offset, 0)); }

static void shape_bounds(const Chunk *c, size_t offset, Buf *out)
{
    put_lattice(c, operand(c, offset, 0), out);
    uint32_t k = operand(c, offset, 1);
    buf_printf(out, " #%u", k);
    if (k + 1 >= c->consts.count) return;
    Word lo = c->consts.items[k], hi = c->consts.items[k + 1];
    if (c->code.items[offset] != IR_CHECK_REALK) {
        buf_printf(out, " = %lld..%lld", (long long)word_to_int(lo), (long long)word_to_int(hi));
        return;
    }
    buf_puts(out, " = [");
    buf_put_double(out, word_to_double(lo));
    buf_puts(out, ", ");
    buf_put_double(out, word_to_double(hi));
    buf_putc(out, ']');
}

static void shape_vark(const Chunk *c, size_t offset, Buf *out)
{
    buf_printf(out, "slot %u ", operand(c, offset, 0));
    put_constant(c, offset, operand(c, offset, 1), out);
}

static void shape_latconst(const Chunk *c, size_t offset, Buf *out)
{
    put_lattice(c, operand(c, offset, 0), out);
    uint32_t k = operand(c, offset, 1);
    buf_printf(out, " #%u", k);
    if (k < c->consts.count) buf_printf(out, " = 0x%llx", (unsigned long long)c->consts.items[k]);
}

static void shape_loop(const Chunk *c, size_t offset, Buf *out)
{
    put_lattice(c, operand(c, offset, 0), out);
    buf_printf(out, " slot %u var %u -> %04u", operand(c, offset, 1), operand(c, offset, 2),
               operand(c, offset, 3));
}

static void shape_warm(const Chunk *c, size_t offset, Buf *out)
{
    put_lattice(c, operand(c, offset, 0), out);
    buf_printf(out, " slot %u site %u", operand(c, offset, 1), operand(c, offset, 2));
}

static void shape_engine(const Chunk *c, size_t offset, Buf *out)
{
    put_lattice(c, operand(c, offset, 0), out);
    buf_putc(out, ' ');
    put_fn(c, operand(c, offset, 1), out);
    buf_printf(out, " options #%u", operand(c, offset, 2));
}

typedef void (*ShapePrinter)(const Chunk *c, size_t offset, Buf *out);

static const ShapePrinter shape_printers[SHAPE_COUNT] = {
    [SHAPE_NONE] = shape_none, [SHAPE_CONST] = shape_const, [SHAPE_LAT] = shape_lat,
    [SHAPE_SLOT] = shape_slot, [SHAPE_WIDTH] = shape_width, [SHAPE_JUMP] = shape_jump,
    [SHAPE_FN] = shape_fn, [SHAPE_LATIX] = shape_latix, [SHAPE_LATSLOT] = shape_latslot,
    [SHAPE_LOOP] = shape_loop, [SHAPE_VAR] = shape_var, [SHAPE_BOUNDS] = shape_bounds,
    [SHAPE_LATCONST] = shape_latconst, [SHAPE_WARM] = shape_warm, [SHAPE_VARK] = shape_vark, [SHAPE_ENGINE] = shape_engine,
};

/* "0012   3:14  LOAD                slot 0 width 1" (the line:col only when it changes). */
size_t ir_disassemble_instruction(const Chunk *chunk, size_t offset, Buf *out)
{
    buf_printf(out, "  %04zu ", offset);
    Loc loc = ir_loc_at(chunk, offset);
    Loc prev = offset > 0 ? ir_loc_at(chunk, offset - 1) : (Loc){ NULL, 0, 0 };
    if (loc.src && (prev.src != loc.src || prev.start != loc.start)) {
        unsigned line, col;
        diag_line_col(loc.src, loc.start, &line, &col);
        buf_printf(out, "%4u:%-4u", line, col);
    } else {
        buf_puts(out, "        | ");
        if (out->len) out->len--;                 /* keep the columns aligned */
    }
    uint8_t op = chunk->code.items[offset];
    if (op >= IR_OPCODE_COUNT) {
        buf_printf(out, " ?? %u\n", op);
        return offset + 1;
    }
    buf_printf(out, " %-19s", ir_opcode_names[op]);
    OperandShape shape = (OperandShape)ir_opcode_shapes[op];
    shape_printers[shape](chunk, offset, out);
    while (out->len && out->data[out->len - 1] == ' ') out->len--;
    buf_putc(out, '\n');
    return offset + 1 + 4u * ir_shape_operands[shape];
}

void ir_disassemble_chunk(const Chunk *chunk, Buf *out)
{
    buf_printf(out, "== %s == (params %zu words, frame %zu words, result %zu words)\n", chunk->name,
               chunk->param_words, chunk->nlocals, chunk->ret_words);
    for (size_t offset = 0; offset < chunk->code.count;)
        offset = ir_disassemble_instruction(chunk, offset, out);
}
