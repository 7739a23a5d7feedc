/* vm.h: the evaluator: runs IR chunks on a stack of words (see opcodes.h for the instructions). */
#ifndef FIX_VM_H
#define FIX_VM_H

#include "common.h"
#include "ir.h"
#include "sema.h"

typedef struct Vm Vm;

/* Limits enforced at run time (besides model_set_limits' steps and interrupt flag). */
enum { VM_MAX_CALL_DEPTH = 10000, VM_KLEENE_LIMIT = 1000000 };

Vm *vm_new(void);
void vm_free(Vm *vm);

/* Runs chunk with its parameters (chunk->param_words words, may be NULL when there are none)
 * and copies its result (chunk->ret_words words) to out.  A runtime error is reported through
 * the model's diag at the failing instruction, with a note at `where` when that has a source
 * and the failing instruction lies outside it, and false is returned. */
bool vm_run(Model *m, const Chunk *chunk, const Word *params, Word *out, Loc where);

#endif
