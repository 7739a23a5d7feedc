/* model.h: one explicit context holding everything a run or REPL session has declared:
 * lattices, functions compiled to IR, envelopes, Galois insertions, programs, and the VM
 * that evaluates them.  No global mutable state lives outside it. */
#ifndef FIX_MODEL_H
#define FIX_MODEL_H

#include <signal.h>

#include "ast.h"
#include "common.h"
#include "diag.h"
#include "lattice/lattice.h"
#include "plan.h"
#include "util/buf.h"
#include "util/limits.h"
#include "util/mem.h"
#include "types.h"

typedef struct Model Model;

Model *model_new(Diag *diag);
void model_free(Model *m);

/* Directories searched by `import` after the importing file's own directory. */
void model_add_search_dir(Model *m, const char *dir);

/* Checks and compiles the declarations of file in order (imports are loaded and added first).
 * A plan for each of the file's queries that checked, its expressions compiled, is appended
 * to *plans (QueryPlan*; the caller frees each with plan_free; plans may be NULL).
 * Returns false when errors were reported; declarations without errors stay declared, so a
 * REPL session can go on. */
bool model_add_file(Model *m, AstFile *file, PtrList *plans);

/* Look-ups by name; NULL when undeclared. */
const Lattice *model_lattice(Model *m, const char *name);
FnSym *model_fn(Model *m, const char *name);
GaloisSym *model_galois(Model *m, const char *name);
ProgramSym *model_program(Model *m, const char *name);

/* Calls fn on args (one element per parameter).  A runtime error is reported at `where`
 * (and the failing spot inside fn) and false is returned. */
bool model_call(Model *m, const FnSym *fn, const Word *const *args, Word *out, Loc where);

/* Type-checks a closed expression (no free variables) against an expected lattice (NULL: infer)
 * and evaluates it.  On success *type is its type and *out a mem_alloc'd value (for TY_INT /
 * TY_REAL / TY_ATOM one word).  False after reporting errors. */
bool model_eval(Model *m, Expr *e, const Lattice *expected, Type *type, Word **out);

/* Evaluates a compiled expression of a query plan: *out a mem_alloc'd value of its type.
 * False after reporting a runtime error (or when a limit stopped the VM). */
bool model_eval_plan(Model *m, const PlanExpr *pe, Word **out);

/* Type of a closed expression, for the REPL's :type. */
bool model_typeof(Model *m, Expr *e, Type *type);

/* The IR disassembly of every function declared so far (fix run --dump-ir). */
void model_dump_ir(Model *m, Buf *out);

/* Names for REPL completion: every declared lattice, function, galois and program name.
 * Calls fn(ctx, name) for each. */
void model_each_name(Model *m, void (*fn)(void *ctx, const char *name), void *ctx);

/* Evaluation limits for the VM: steps per call (0 = none), and the query's limits (timeout,
 * memory, Ctrl-C; may be NULL), polled as the VM runs.  When one of those is hit the VM
 * stops without an error message: the caller finds the reason in limits->hit. */
void model_set_limits(Model *m, uint64_t max_steps, Limits *limits);

#endif
