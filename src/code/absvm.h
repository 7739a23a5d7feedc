/* absvm.h: the interval evaluator.  It runs a one-parameter function's IR abstractly over an
 * interval [lo, hi] of its argument and returns an interval of its lattice that holds f(x)
 * for every x in [lo, hi] where f does not fail: E(f)[lo, hi].  Every value it computes is
 * such a pair: an interval of a lattice, [min, max] of ints or reals (reals rounded
 * outwards), a three-valued Boolean; an undecided branch runs both ways and joins the two
 * states where the paths meet again; lfp/gfp inside the function grows a hull of its iterates
 * until the body maps the hull into itself.  What it cannot bound soundly (integer overflow,
 * a divisor interval holding 0, calls or branches nested too deeply, too many steps, a hull
 * that does not settle) makes it give up: absvm_eval returns false and never a wrong bracket.  It is
 * what the engine's derived envelopes are made of (docs/aft.md). */
#ifndef FIX_ABSVM_H
#define FIX_ABSVM_H

#include "common.h"
#include "code/ir.h"
#include "code/types.h"
#include "util/limits.h"

typedef struct AbsVm AbsVm;

/* Bounds of one evaluation: nested calls and side paths, and instructions run. */
enum { ABSVM_MAX_DEPTH = 64, ABSVM_KLEENE_LIMIT = 100000 };
#define ABSVM_DEFAULT_STEPS 20000000u

/* limits (may be NULL) is polled while it runs: when a limit is hit it gives up. */
AbsVm *absvm_new(Limits *limits);
void absvm_free(AbsVm *vm);
void absvm_set_max_steps(AbsVm *vm, uint64_t max_steps);
/* Total mode (off by default): a run that may fail for some input of its interval (a value
 * maybe outside its lattice, a divisor interval holding 0, a key maybe missing, a path that
 * surely fails) gives up instead of leaving those inputs out.  A success then also shows f
 * defined at every point of the argument interval. */
void absvm_set_total(AbsVm *vm, bool total);

/* E(fn)[arg_lo, arg_hi] into [out_lo, out_hi] (fn has one parameter, of fn->params[0];
 * the result is in fn->ret).  False when it gives up (absvm_why says why) or when
 * arg_lo <= arg_hi does not hold. */
bool absvm_eval(AbsVm *vm, const FnSym *fn, const Word *arg_lo, const Word *arg_hi, Word *out_lo,
                Word *out_hi);

/* The derived envelopes of fn on B = [lo, hi] at x: f^u_B(x) = the upper end of
 * E(fn)[lo, x], f^l_B(x) = the lower end of E(fn)[x, hi].  False when it gives up. */
bool absvm_upper(AbsVm *vm, const FnSym *fn, const Word *lo, const Word *x, Word *out);
bool absvm_lower(AbsVm *vm, const FnSym *fn, const Word *x, const Word *hi, Word *out);
/* An enclosure of fn over [a, b] (absvm_eval's contract), and from it the upper end (upper)
 * or the lower end into out: the envelopes above are eval = absvm_eval with [lo, x] upper
 * and [x, hi] lower; absmean.c's the same with its tighter enclosure. */
typedef bool (*AbsEval)(AbsVm *vm, const FnSym *fn, const Word *a, const Word *b, Word *out_lo,
                        Word *out_hi);
bool absvm_envelope(AbsVm *vm, AbsEval eval, const FnSym *fn, const Word *a, const Word *b, bool upper,
                    Word *out);

/* Why the last absvm_eval gave up (a short phrase), or NULL after a success. */
const char *absvm_why(const AbsVm *vm);

#endif
