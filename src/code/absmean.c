/* absmean.c: the natural enclosure intersected with the mean-value form (see absmean.h). */
#include "code/absmean.h"

#include <math.h>

/* [out_lo, out_hi] (n reals) narrowed to absdiff's enclosure where that is tighter. */
static void narrow(const FnSym *fn, const Word *lo, const Word *hi, Word *out_lo, Word *out_hi)
{
    AbsDiff d;
    AbsPair c[ABSDIFF_MAX_VARS];
    if (!absdiff_eval(fn, lo, hi, &d)) return;
    for (size_t i = 0; i < d.n; i++) {
        double nl = fmax(word_to_double(out_lo[i]), word_to_double(d.val[i].lo));
        double nh = fmin(word_to_double(out_hi[i]), word_to_double(d.val[i].hi));
        if (!(nl <= nh)) return;          /* both hold f: never empty, unless a NaN crept in */
        c[i] = (AbsPair){ word_from_double(nl), word_from_double(nh) };
    }
    for (size_t i = 0; i < d.n; i++) {
        out_lo[i] = c[i].lo;
        out_hi[i] = c[i].hi;
    }
}

bool absmean_eval(AbsVm *vm, const FnSym *fn, const Word *lo, const Word *hi, Word *out_lo, Word *out_hi)
{
    if (!absvm_eval(vm, fn, lo, hi, out_lo, out_hi)) return false;
    if (fn->nparams == 1 && absdiff_vars(fn->params[0]) > 0 && !fn->params[0]->ops->eq(fn->params[0], lo, hi))
        narrow(fn, lo, hi, out_lo, out_hi);
    return true;
}

bool absmean_upper(AbsVm *vm, const FnSym *fn, const Word *lo, const Word *x, Word *out)
{
    return absvm_envelope(vm, absmean_eval, fn, lo, x, true, out);
}

bool absmean_lower(AbsVm *vm, const FnSym *fn, const Word *x, const Word *hi, Word *out)
{
    return absvm_envelope(vm, absmean_eval, fn, x, hi, false, out);
}
