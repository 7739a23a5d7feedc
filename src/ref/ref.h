/* ref.h: the reference evaluator.  A deliberately plain walk over the checked syntax tree of
 * a function body or a closed expression that says what every expression means, on every
 * lattice kind: no bytecode, no fusion, no memo table, no warm starts, each loop's state in
 * the walk's own variables.  The tests check the VM, the interval evaluator and the engine
 * against it (docs/evaluator.md, "The reference evaluator").  It shares no evaluation code
 * with the VM: only the lattice vtable, and the host that answers approx, refine, bnb and
 * stable inside an expression (the engine, which the tests check on their own). */
#ifndef FIX_REF_H
#define FIX_REF_H

#include "common.h"
#include "code/types.h"
#include "code/vm.h"

typedef struct RefEval RefEval;
struct Context;

typedef enum {
    REF_OK,          /* the value is in out */
    REF_ERROR,       /* a runtime error (ref_error says which): the program fails here */
    REF_LIMIT,       /* the step or depth budget ran out: no verdict */
    REF_UNSUPPORTED, /* a form it leaves to the host, and it has none */
} RefStatus;

/* An evaluator of the functions and expressions checked in `context`.  max_steps: calls and
 * loop iterations per evaluation (0: a default of 10^7).  host may be NULL: approx, refine,
 * bnb and stable are then REF_UNSUPPORTED. */
RefEval *ref_new(struct Context *context, const VmHost *host, uint64_t max_steps);
void ref_free(RefEval *r);
/* The run's timeout, memory limit and Ctrl-C (may be NULL: none), polled as it walks: a hit
 * ends the evaluation with REF_LIMIT. */
struct Limits;
void ref_set_limits(RefEval *r, struct Limits *limits);

/* fn applied to args (one element of fn->params[i] each) into out (fn->ret's words). */
RefStatus ref_call(RefEval *r, const FnSym *fn, const Word *const *args, Word *out);

/* A checked closed expression (nlocals frame words) converted to type want, into out
 * (sema_type_words(want) words; a collection's word points into r, valid until the next
 * evaluation). */
RefStatus ref_eval(RefEval *r, const Expr *e, size_t nlocals, const Type *want, Word *out);

/* The message of the last REF_ERROR ("division by zero", ...), or "". */
const char *ref_error(const RefEval *r);
/* Was that error's cause reported already, by the host it called (the engine, the solver)? */
bool ref_error_reported(const RefEval *r);

/* The items of a collection value w the reference made: *n items of *iw words each. */
const Word *ref_collection(Word w, size_t *n, size_t *iw);

/* A value of type t the reference made (sema_type_words(t) words), as the VM hands values
 * over: its collections as code/types.h's Collection, for the report layer to print; free
 * it with ref_export_free. */
Word *ref_export(const Type *t, const Word *v);
void ref_export_free(const Type *t, Word *v);

#endif
