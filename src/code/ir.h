/* ir.h: the IR: chunks of bytecode with constants and a location table, and the disassembler. */
#ifndef FIX_IR_H
#define FIX_IR_H

#include "common.h"
#include "front/diag.h"
#include "lattice/lattice.h"
#include "code/opcodes.h"
#include "util/buf.h"
#include "util/mem.h"

/* Debug switches, in one place: build with -DFIX_TRACE_EXECUTION to have the VM print every
 * instruction (and its stack depth) to stderr as it runs it. */
#ifndef FIX_TRACE_EXECUTION
#define FIX_TRACE_EXECUTION 0
#endif

struct FnSym;

/* The context's tables that instruction operands index: lattices (LAT operands) and functions
 * (FN operands).  Shared by every chunk of a context. */
typedef struct IrTables {
    VEC(const Lattice *) lats;
    VEC(const struct FnSym *) fns;
    VEC(const struct ProgramSym *) progs;     /* stable(P) in an expression */
    VEC(const struct QueryOptions *) bnbs;    /* the options of each bnb(f ...) in an expression */
} IrTables;

/* The lattice operand of a COLL_ instruction whose collection holds one-word atoms (the keys
 * of a map, keys(M)), not elements of a lattice. */
enum { IR_ATOM_ITEMS = 0xffffffffu };

/* The source location of the instruction starting at `offset`. */
typedef struct IrLoc { uint32_t offset; Loc loc; } IrLoc;

/* An lfp of a function that may start from the lfps kept for neighbouring arguments
 * (LFP_START, LFP_KEEP; docs/evaluator.md): for each parameter, how the lfp moves with it. */
enum { IR_WARM_MAX_PARAMS = 8 };
typedef enum { IR_TONE_EQUAL, IR_TONE_UP, IR_TONE_DOWN, IR_TONE_ANY } IrTone;
typedef struct IrWarmSite {
    size_t nparams;
    const Lattice *const *params;          /* the function's parameter lattices */
    uint8_t tones[IR_WARM_MAX_PARAMS];     /* IrTone: UP, the lfp grows with the parameter;
                                              ANY, it does not depend on it */
} IrWarmSite;

typedef struct Chunk {
    const char *name;          /* for the disassembly and runtime errors */
    const IrTables *tables;
    VEC(uint8_t) code;
    VEC(Word) consts;
    VEC(IrLoc) locs;           /* ascending offsets */
    size_t param_words;        /* the parameters: the first frame slots */
    size_t nlocals;            /* frame words, parameters included */
    size_t ret_words;          /* words of the result */
    size_t stack_words;        /* a bound on the words its instructions push above the frame */
    bool memo;                 /* a function whose calls the VM may memoise (ir_worth_memo) */
    bool lasting;              /* lives as long as its context (a function's): collections its
                                  * closed sites built are kept across runs (vm_coll.c) */
    uint64_t name_hash;        /* of its name: the memo table's slots do not depend on addresses */
    VEC(IrWarmSite) warm;      /* the sites of its LFP_START and LFP_KEEP */
} Chunk;

extern const char *const ir_opcode_names[IR_OPCODE_COUNT];
extern const uint8_t ir_opcode_shapes[IR_OPCODE_COUNT];     /* an OperandShape */
extern const uint8_t ir_shape_operands[SHAPE_COUNT];       /* number of u32 operands */

/* The bytes of an instruction with opcode op: the opcode and its u32 operands. */
static inline size_t ir_length(Opcode op) { return 1 + 4u * ir_shape_operands[ir_opcode_shapes[op]]; }

Chunk *ir_chunk_new(const char *name, const IrTables *tables);
void ir_chunk_free(Chunk *c);

/* Appends an instruction with its operands (as many as its shape has; the rest are ignored);
 * returns its offset. */
size_t ir_emit(Chunk *c, Loc loc, Opcode op, uint32_t a, uint32_t b, uint32_t d, uint32_t e);
uint32_t ir_const(Chunk *c, Word w);
/* The general instruction a specialised one stands for (FIX_SPECIALISED; for one of
 * FIX_LOADED, that of its _K form, run after a one-word load); op itself for the others. */
Opcode ir_general_op(Opcode op);
/* The _K form an instruction of FIX_LOADED runs after its load; op itself for the others. */
Opcode ir_loaded_op(Opcode op);
/* Does op's constant operand stand for a real (the _RK forms, CONST_REAL); does the general
 * instruction take it as its left operand (FIX_CONSTANT_LEFT). */
bool ir_real_constant(Opcode op);
bool ir_constant_left(Opcode op);
/* Rewrites operand k of the instruction at offset (to patch jump targets). */
void ir_patch(Chunk *c, size_t offset, unsigned k, uint32_t value);
size_t ir_offset(const Chunk *c);              /* where the next instruction goes */
/* Drops the instructions from offset on (the compiler replacing what it just emitted; no
 * jump may lead past offset). */
void ir_truncate(Chunk *c, size_t offset);

static inline uint32_t ir_read_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Are a function's calls worth memoising: it runs a loop whose length its code does not bound
 * (an lfp/gfp or a sup/inf over an interval), and its arguments and result are small. */
bool ir_worth_memo(const Chunk *c);

/* The location of the instruction at offset (a zero Loc when unknown). */
Loc ir_loc_at(const Chunk *c, size_t offset);

/* Disassembly: one instruction (returns the next offset), or a whole chunk. */
size_t ir_disassemble_instruction(const Chunk *chunk, size_t offset, Buf *out);
void ir_disassemble_chunk(const Chunk *chunk, Buf *out);

#endif
