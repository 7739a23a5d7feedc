/* context.h: one explicit context holding everything a run or REPL session has declared:
 * lattices, functions compiled to IR, envelopes, Galois insertions, programs, and the VM
 * that evaluates them.  No global mutable state lives outside it. */
#ifndef FIX_MODEL_H
#define FIX_MODEL_H

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

typedef struct Context Context;

Context *context_new(Diag *diag);
void context_free(Context *m);

/* Directories searched by `import` after the importing file's own directory. */
void context_add_search_dir(Context *m, const char *dir);

/* Checks and compiles the declarations of file in order (imports are loaded and added first).
 * A plan for each of the file's queries that checked, its expressions compiled, is appended
 * to *plans (QueryPlan*; the caller frees each with plan_free; plans may be NULL).
 * Returns false when errors were reported; declarations without errors stay declared, so a
 * REPL session can go on. */
bool context_add_file(Context *m, AstFile *file, PtrList *plans);

/* Look-ups by name; NULL when undeclared. */
const Lattice *context_lattice(Context *m, const char *name);
FnSym *context_fn(Context *m, const char *name);
GaloisSym *context_galois(Context *m, const char *name);
ProgramSym *context_program(Context *m, const char *name);

/* The context's own symbol of fn, a function it declared (named, const, by a chunk's table
 * or an expression): where the driver records what it checked of fn's promises (FnSym.tone,
 * FnSym.envelope) before a query relies on them. */
FnSym *context_own_fn(Context *m, const FnSym *fn);

/* Calls fn on args (one element per parameter).  A runtime error is reported at `where`
 * (and the failing spot inside fn) and false is returned. */
bool context_call(Context *m, const FnSym *fn, const Word *const *args, Word *out, Loc where);

/* Calls fn (of one parameter) on each element of [lo, hi] from x on (vm_run_each). */
bool context_call_each(Context *m, const FnSym *fn, const Word *lo, const Word *hi, Word *x,
                       VmEach each, void *ctx, Loc where);

/* Type-checks a closed expression (no free variables) against an expected lattice (NULL: infer)
 * and evaluates it.  On success *type is its type and *out a mem_alloc'd value (for TY_INT /
 * TY_REAL / TY_ATOM one word).  False after reporting errors. */
bool context_eval(Context *m, Expr *e, const Lattice *expected, Type *type, Word **out);

/* Evaluates a compiled expression of a query plan: *out a mem_alloc'd value of its type.
 * False after reporting a runtime error (or when a limit stopped the VM). */
bool context_eval_plan(Context *m, const PlanExpr *pe, Word **out);

/* Type of a closed expression, for the REPL's :type. */
bool context_typeof(Context *m, Expr *e, Type *type);

/* The IR disassembly of every function declared so far (fix run --dump-ir). */
void context_dump_ir(Context *m, Buf *out);

/* Names for REPL completion: every declared lattice, function, galois and program name.
 * Calls fn(ctx, name) for each. */
void context_each_name(Context *m, void (*fn)(void *ctx, const char *name), void *ctx);

/* Evaluation limits for the VM: steps per call (0 = none), and the query's limits (timeout,
 * memory, Ctrl-C; may be NULL), polled as the VM runs.  When one of those is hit the VM
 * stops without an error message: the caller finds the reason in limits->hit. */
void context_set_limits(Context *m, uint64_t max_steps, Limits *limits);
/* The evaluator's call depth limit (0: the default) and memoisation (vm_set_evaluator). */
/* The VM's host: what answers approx(f) inside an expression (code/vm.h). */
void context_set_host(Context *m, const VmHost *host);
void context_set_evaluator(Context *m, size_t max_depth, bool memo);
/* Whether functions and expressions compiled from now on get the peephole fusion (code/fuse.h;
 * on by default): the tests compare fused and plain code. */
void context_set_fusion(Context *m, bool on);
/* What the evaluator did so far. */
VmStats context_vm_stats(const Context *m);

#endif
