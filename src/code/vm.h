/* vm.h: the evaluator: runs IR chunks on a stack of words (see opcodes.h for the instructions).
 * It is self-contained: its own error sink (a Diag) and limits, and the chunks it runs. */
#ifndef FIX_VM_H
#define FIX_VM_H

#include "common.h"
#include "front/diag.h"
#include "code/ir.h"
#include "code/types.h"
#include "util/limits.h"

typedef struct Vm Vm;

/* Limits enforced at run time (besides vm_set_limits' steps and query limits). */
enum { VM_MAX_CALL_DEPTH = 10000, VM_KLEENE_LIMIT = 1000000 };

/* A VM reporting its runtime errors to diag. */
Vm *vm_new(Diag *diag);
void vm_free(Vm *vm);

/* Steps per run (loop iterations and calls; 0 = none: past them a runtime error), and the
 * query's limits (timeout, memory, Ctrl-C; may be NULL), polled as the VM runs.  When one of
 * those is hit the VM stops without an error message: the caller finds the reason in
 * limits->hit. */
void vm_set_limits(Vm *vm, uint64_t max_steps, Limits *limits);

/* Runs chunk with its parameters (chunk->param_words words, may be NULL when there are none)
 * and copies its result (chunk->ret_words words) to out.  A runtime error is reported through
 * the VM's diag at the failing instruction, with a note at `where` when that has a source and
 * the failing instruction lies outside it, and false is returned. */
bool vm_run(Vm *vm, const Chunk *chunk, const Word *params, Word *out, Loc where);

#endif
