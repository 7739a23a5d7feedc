/* compile_emit.c: the compiler's emitting helpers: instructions with their operands, loads
 * and stores of frame slots, constants, jumps and their patches (compile.c and compile_coll.c
 * emit through them). */
#include "check/compile_internal.h"

uint32_t compile_lat_index(Compiler *c, const Lattice *L) { return sema_lat_info(c->sema, L)->index; }

size_t compile_emit(Compiler *c, Loc loc, Opcode op) { return ir_emit(c->ch, loc, op, 0, 0, 0, 0); }
size_t compile_emit1(Compiler *c, Loc loc, Opcode op, uint32_t a) { return ir_emit(c->ch, loc, op, a, 0, 0, 0); }
size_t compile_emit2(Compiler *c, Loc loc, Opcode op, uint32_t a, uint32_t b) { return ir_emit(c->ch, loc, op, a, b, 0, 0); }
size_t compile_emit_lat(Compiler *c, Loc loc, Opcode op, const Lattice *L) { return compile_emit1(c, loc, op, compile_lat_index(c, L)); }

/* n words at frame slot s; one word has its own, shorter instruction. */
void compile_emit_load(Compiler *c, Loc loc, uint32_t s, uint32_t n)
{
    if (n == 1) compile_emit1(c, loc, IR_LOAD1, s);
    else compile_emit2(c, loc, IR_LOAD, s, n);
}

void compile_emit_store(Compiler *c, Loc loc, uint32_t s, uint32_t n)
{
    if (n == 1) compile_emit1(c, loc, IR_STORE1, s);
    else compile_emit2(c, loc, IR_STORE, s, n);
}

/* A one-word element of L known when compiling, as a constant. */
void compile_emit_elem(Compiler *c, Loc loc, const Lattice *L, Word w)
{
    ir_emit(c->ch, loc, IR_CONST_ELEM, compile_lat_index(c, L), ir_const(c->ch, w), 0, 0);
}

/* bot or top of L: a constant when it is one word. */
void compile_emit_point(Compiler *c, Loc loc, const Lattice *L, bool top)
{
    if (L->nwords != 1) {
        compile_emit_lat(c, loc, top ? IR_TOP : IR_BOT, L);
        return;
    }
    Word w;
    if (top) L->ops->top(L, &w);
    else L->ops->bot(L, &w);
    compile_emit_elem(c, loc, L, w);
}

void compile_emit_int(Compiler *c, Loc loc, int64_t v) { compile_emit1(c, loc, IR_CONST_INT, ir_const(c->ch, word_from_int(v))); }

/* Jumps: emitted with target 0, patched when the target is known. */
size_t compile_emit_jump(Compiler *c, Loc loc, Opcode op) { return compile_emit1(c, loc, op, 0); }
void compile_patch_here(Compiler *c, size_t at, unsigned operand) { ir_patch(c->ch, at, operand, (uint32_t)ir_offset(c->ch)); }
