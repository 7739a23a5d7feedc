/* absmean.h: the tightest enclosure of a function over a box the interval evaluator (absvm.h)
 * and its slopes (absdiff.h) give together: the natural enclosure E(f)[lo, hi] intersected,
 * for a function of reals absdiff can follow, with absdiff's, whose every value is narrowed
 * to the mean-value (centred) form
 *     v(X) in v(m) + sum_j D_j (X_j - m_j)      (m the box's midpoint, v(m) an interval)
 * which is much tighter where a variable recurs (x - x, x * (1 - x)): its excess width
 * shrinks with the square of the box's.  The derived envelopes and the verdicts on reals use
 * it.  Where absdiff gives up, the natural enclosure alone. */
#ifndef FIX_ABSMEAN_H
#define FIX_ABSMEAN_H

#include "code/absdiff.h"
#include "code/absvm.h"

/* E(fn)[lo, hi] intersected with the centred form into [out_lo, out_hi]; false when the
 * interval evaluator gives up (absvm_eval's contract). */
bool absmean_eval(AbsVm *vm, const FnSym *fn, const Word *lo, const Word *hi, Word *out_lo, Word *out_hi);

/* absvm_upper and absvm_lower with this enclosure. */
bool absmean_upper(AbsVm *vm, const FnSym *fn, const Word *lo, const Word *x, Word *out);
bool absmean_lower(AbsVm *vm, const FnSym *fn, const Word *x, const Word *hi, Word *out);

#endif
