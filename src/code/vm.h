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
enum { VM_MAX_CALL_DEPTH = 10000, VM_MAX_DEPTH_LIMIT = 10000000, VM_KLEENE_LIMIT = 1000000 };
/* Runs of the VM nested through its host: approx, refine or bnb inside an expression run
 * the engine, which runs functions (f, an envelope's equations, a galois map) in a run of their
 * own, on the C stack.  A function that runs the engine on itself would nest without end, so a
 * run nested deeper than this is an error at the expression that started it. */
enum { VM_MAX_NESTED_RUNS = 8 };

/* A VM reporting its runtime errors to diag. */
Vm *vm_new(Diag *diag);
void vm_free(Vm *vm);

/* What the VM asks of its host (the application) for a query result inside an expression:
 * approx: IR([bot, top]) of fn (or the limit of F from an interval), computed by the engine,
 * into lo and hi; bnb: its fixed points
 * and Final.  Each returns false after the host reported why (an error, or a limit in the
 * query's Limits). */
typedef struct VmBnb {
    Word *points;                 /* npoints elements (mem_alloc'd; the VM takes them) */
    size_t npoints;
    Word *final;                  /* nfinal intervals, lo then hi (mem_alloc'd; taken) */
    size_t nfinal;
    bool complete;                /* finished, and every bound of Final a fixed point found */
} VmBnb;
typedef struct VmHost {
    void *ctx;
    /* approx: from NULL; refine(f, lo, hi): from = [from_lo, from_hi], F iterated from there */
    bool (*approx)(void *ctx, const FnSym *fn, const Word *from_lo, const Word *from_hi, Word *lo, Word *hi,
                   Loc where);
    /* bnb: Algorithm 1 on [from_lo, from_hi] (NULL: [bot, top]) of fn (a finite lattice), with
     * the options of the query */
    bool (*bnb)(void *ctx, const FnSym *fn, const QueryOptions *opts, const Word *from_lo, const Word *from_hi,
                VmBnb *out, Loc where);
    /* stable: every stable model of program p (a block), each an element of the powerset L
     * over its atoms, into *models (n of them, mem_alloc'd; the VM takes them); false after
     * an error, also when a limit stopped the search before the list was complete. */
    bool (*stable)(void *ctx, const ProgramSym *p, const Lattice *L, Word **models, size_t *n, Loc where);
} VmHost;
void vm_set_host(Vm *vm, const VmHost *host);

/* Steps per run (loop iterations and calls; 0 = none: past them a runtime error), and the
 * query's limits (timeout, memory, Ctrl-C; may be NULL), polled as the VM runs.  When one of
 * those is hit the VM stops without an error message: the caller finds the reason in
 * limits->hit. */
void vm_set_limits(Vm *vm, uint64_t max_steps, Limits *limits);

/* The call depth limit (calls in tail position do not count; 0: VM_MAX_CALL_DEPTH), and
 * whether calls of functions worth it (an lfp or a sup/inf inside) are memoised: their
 * results kept in a bounded table for the life of the VM (functions are pure); memo also
 * lets an lfp the compiler marked (LFP_START) start from lfps kept for neighbouring
 * arguments. */
void vm_set_evaluator(Vm *vm, size_t max_depth, bool memo);

/* What the VM did so far: calls run, memo table look-ups, and the lfps inside functions
 * started from the kept lfps of neighbouring arguments (warm), from bot for want of one
 * (cold), or from bot after a kept start failed its check (refused). */
typedef struct VmStats { uint64_t calls, memo_hits, memo_misses, warm, cold, refused; } VmStats;
VmStats vm_stats(const Vm *vm);
/* into += from, count by count. */
void vm_stats_add(VmStats *into, VmStats from);

/* Runs chunk with its parameters (chunk->param_words words, may be NULL when there are none)
 * and copies its result (chunk->ret_words words) to out.  A runtime error is reported through
 * the VM's diag at the failing instruction, with a note at `where` when that has a source and
 * the failing instruction lies outside it, and false is returned. */
bool vm_run(Vm *vm, const Chunk *chunk, const Word *params, Word *out, Loc where);

/* Calls fn on args (one element per parameter), as vm_run: the call of a VM that is not a
 * context's (a worker's of --jobs N, which reports into a Diag of its own).  False also when
 * fn has no code (its declaration had errors), with nothing reported. */
bool vm_call(Vm *vm, const FnSym *fn, const Word *const *args, Word *out, Loc where);

/* Called with each element x run and the chunk's result; false stops the enumeration. */
typedef bool (*VmEach)(void *ctx, const Word *x, const Word *result);

/* Runs chunk (one parameter, in L) on each element of [lo, hi] in L's enumeration order from
 * x (which the caller sets, usually to lo, and which moves), calling each after every run:
 * vm_run for every element, without its setting up per element.  Steps are counted per
 * element; the query's limits are polled before each.  False after a runtime error (reported
 * as by vm_run) or a limit. */
bool vm_run_each(Vm *vm, const Chunk *chunk, const Lattice *L, const Word *lo, const Word *hi, Word *x,
                 VmEach each, void *ctx, Loc where);

#endif
