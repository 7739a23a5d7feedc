/* context.h: one explicit context holding everything a run or REPL session has declared:
 * lattices, functions compiled to IR, envelopes, Galois insertions, programs, and the VM
 * that evaluates them.  No global mutable state lives outside it. */
#ifndef FIX_CONTEXT_H
#define FIX_CONTEXT_H

#include <signal.h>

#include "front/ast.h"
#include "common.h"
#include "front/diag.h"
#include "lattice/lattice.h"
#include "check/plan.h"
#include "util/buf.h"
#include "util/limits.h"
#include "util/mem.h"
#include "code/types.h"
#include "code/vm.h"

/* Opaque: defined in context.c, which alone reads it; the checker's part of it is a Sema
 * (check/sema.h). */
typedef struct Context Context;

Context *context_new(Diag *diag);
void context_free(Context *context);

/* Directories searched by `import` after the importing file's own directory. */
void context_add_search_dir(Context *context, const char *dir);

/* Checks and compiles the declarations of file in order (imports are loaded and added first).
 * A plan for each of the file's queries that checked, its expressions compiled, is appended
 * to *plans (QueryPlan*; the caller frees each with plan_free; plans may be NULL).
 * Returns false when errors were reported; declarations without errors stay declared, so a
 * REPL session can go on. */
bool context_add_file(Context *context, AstFile *file, PtrList *plans);

/* Look-ups by name; NULL when undeclared. */
const Lattice *context_lattice(Context *context, const char *name);
FnSym *context_fn(Context *context, const char *name);
GaloisSym *context_galois(Context *context, const char *name);
ProgramSym *context_program(Context *context, const char *name);

/* The context's own symbol of fn, a function it declared (named, const, by a chunk's table
 * or an expression): where the driver records what it checked of fn's promises (FnSym.tone,
 * FnSym.envelope) before a query relies on them. */
FnSym *context_own_fn(Context *context, const FnSym *fn);

/* Every function declared so far, in order (also those with errors, generic ones and the
 * instances of generic ones: sema_fn_entry says which), for the tests. */
size_t context_fn_count(const Context *context);
FnSym *context_fn_at(Context *context, size_t i);
/* The tables compiled code indexes (lattices, functions, programs, bnb options). */
const IrTables *context_tables(const Context *context);

/* Calls fn on args (one element per parameter).  A runtime error is reported at `where`
 * (and the failing spot inside fn) and false is returned. */
bool context_call(Context *context, const FnSym *fn, const Word *const *args, Word *out, Loc where);

/* Calls fn (of one parameter) on each element of [lo, hi] from x on (vm_run_each). */
bool context_call_each(Context *context, const FnSym *fn, const Word *lo, const Word *hi, Word *x,
                       VmEach each, void *ctx, Loc where);

/* Type-checks a closed expression (no free variables) against an expected lattice (NULL: infer)
 * and evaluates it.  On success *type is its type and *out a mem_alloc'd value (for TY_INT /
 * TY_REAL / TY_ATOM one word).  False after reporting errors. */
bool context_eval(Context *context, Expr *e, const Lattice *expected, Type *type, Word **out);

/* Evaluates a compiled expression of a query plan: *out a mem_alloc'd value of its type.
 * False after reporting a runtime error (or when a limit stopped the VM). */
bool context_eval_plan(Context *context, const PlanExpr *pe, Word **out);

/* Type of a closed expression, for the REPL's :type. */
bool context_typeof(Context *context, Expr *e, Type *type);

/* The IR disassembly of every function declared so far (fix run --dump-ir). */
void context_dump_ir(Context *context, Buf *out);

/* Names for REPL completion: every declared lattice, function, galois and program name.
 * Calls fn(ctx, name) for each. */
void context_each_name(Context *context, void (*fn)(void *ctx, const char *name), void *ctx);

/* Evaluation limits for the VM: steps per call (0 = none), and the query's limits (timeout,
 * memory, Ctrl-C; may be NULL), polled as the VM runs.  When one of those is hit the VM
 * stops without an error message: the caller finds the reason in limits->hit. */
void context_set_limits(Context *context, uint64_t max_steps, Limits *limits);
/* The evaluator's call depth limit (0: the default) and memoisation (vm_set_evaluator). */
/* The VM's host: what answers approx(f) inside an expression (code/vm.h). */
void context_set_host(Context *context, const VmHost *host);
void context_set_evaluator(Context *context, size_t max_depth, bool memo);
/* Whether functions and expressions compiled from now on get the peephole fusion (code/fuse.h;
 * on by default): the tests compare fused and plain code. */
void context_set_fusion(Context *context, bool on);
/* What the evaluator did so far. */
VmStats context_vm_stats(const Context *context);

#endif
