/* vm_internal.h: the VM's state, shared by vm.c (the loop and the entries) and vm_ops.c
 * (the instructions it leaves to functions). */
#ifndef FIX_VM_INTERNAL_H
#define FIX_VM_INTERNAL_H

#include <setjmp.h>

#include "code/vm.h"
#include "code/vm_memo.h"
#include "code/vm_warm.h"

enum { VM_STACK_MAX_WORDS = 1 << 27 };

/* A caller's frame: where to go back to.  For a memoised call, the function called (its
 * result is kept when the frame returns) and where its arguments were saved in memo_args. */
typedef struct Frame {
    const Chunk *chunk;
    const uint8_t *ip;
    size_t fp;
    const Chunk *memo_chunk;
    size_t memo_at;
} Frame;

struct Vm {
    Diag *diag;                 /* where runtime errors are reported */
    uint64_t max_steps;         /* per vm_run from outside, 0 = none */
    Limits *limits;             /* the query's timeout, memory and Ctrl-C; may be NULL */
    Word *stack;
    size_t cap, sp;
    VEC(Frame) frames;
    jmp_buf *handler;           /* where a runtime error goes */
    uint64_t steps;             /* loop iterations and calls in this context_call */
    size_t max_depth;           /* nested calls (not counting tail calls) */
    int depth;                  /* nested vm_run calls */
    bool memo_on;               /* memoise the calls of functions worth it (Chunk.memo) */
    VmMemo memo;
    VmWarm warm;                /* kept lfps for warm starts (on with memo_on) */
    VEC(Word) memo_args;        /* the arguments of the memoised calls running */
    uint64_t calls;             /* calls run (tail calls included, memo hits not) */
    const Chunk *chunk;         /* the instruction running, for error locations */
    size_t instr;
    Loc where;
    VmHost host;                /* approx(f) in an expression (none: an error) */
    VEC(Collection *) colls;    /* the collections made since the last run from outside */
    VEC(struct CollSite { const Chunk *chunk; uint32_t site; Collection *k; }) coll_sites;
                                /* the collections of closed sites (COLL_KEEP) in this run */
    VEC(struct CollSite) kept_sites;   /* those of lasting chunks, kept for the VM's life */
    size_t coll_words;          /* the words their items take */
    VEC(Word) call_args;        /* vm_call's arguments, reused from call to call */
};

/* vm_error.c: reports a runtime error at the instruction vm->chunk, vm->instr and unwinds to
 * the entry. */
FIX_NORETURN void vm_error(Vm *vm, const char *fmt, ...) FIX_PRINTF(2, 3);
/* Room for n more words on the stack (it may move). */
void vm_ensure(Vm *vm, size_t n);
/* The error "value V is outside L". */
FIX_NORETURN void vm_outside(Vm *vm, const Lattice *L, Word v, bool real);
/* vm_error.c: stops on a limit of the query (limits->hit says which), without a message. */
FIX_NORETURN void vm_stop(Vm *vm);
/* vm_coll.c: the COLL_ instructions (as vm_instruction); freeing the collections of the last
 * run (vm_colls_free), and those kept for the VM's life too (vm_colls_free_all). */
const uint8_t *vm_coll_instruction(Vm *vm, const Chunk *ch, size_t fp, const uint8_t *pc);
void vm_colls_free(Vm *vm);
void vm_colls_free_all(Vm *vm);
/* Runs the instruction at pc of ch (frame at word fp) on vm->sp; returns the next one. */
const uint8_t *vm_instruction(Vm *vm, const Chunk *ch, size_t fp, const uint8_t *pc);

#define ST(i) (vm->stack[(i)])
#define AT(i) (vm->stack + (i))

#endif
