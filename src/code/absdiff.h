/* absdiff.h: forward-mode automatic differentiation over intervals of a function's IR.  For a
 * function of reals (one real, or a product of reals: n real coordinates) it runs the IR once
 * over a box X and gives, per real coordinate i of the result, an interval holding f_i(x) for
 * every x in X (the natural enclosure) and, per argument coordinate j, an interval D_ij
 * holding every slope of f_i on X: f_i(y) - f_i(x) lies in sum_j D_ij (y_j - x_j) for all x, y
 * in X (the mean value theorem; where min, max, abs or a clamp may switch inside X, D_ij is
 * the hull of the branches' derivatives, which keeps that true for a Lipschitz function).
 * It knows only straight-line arithmetic: constants, the parameter and its components,
 * + - * /, negation, min, max, abs, the range check of a real (a clamp), and calls of such
 * functions; a division by an interval holding 0, a check that may fail, any branch, loop or
 * other instruction makes it give up (absdiff_eval returns false, *why says why), so a
 * success also shows f defined and Lipschitz on the whole box.  Reals are rounded outwards
 * (absops.h).
 * Every value is also evaluated at the box's midpoint m (an interval: rounding), and its
 * enclosure over X narrowed to the mean-value (centred) form v(m) + sum_j D_j (X_j - m_j)
 * wherever that is tighter, so a variable that recurs (x - x, x * (1 - x)) costs little
 * width: the excess of the centred form shrinks with the square of the box's width.  The
 * narrower values also keep range checks and divisors decided on wider boxes.  absmean.h
 * uses the result in the derived envelopes and verdicts, krawczyk.h for its test. */
#ifndef FIX_ABSDIFF_H
#define FIX_ABSDIFF_H

#include "code/absops.h"
#include "code/ir.h"
#include "code/types.h"
#include "common.h"

/* At most this many real coordinates of the argument (and of the result). */
enum { ABSDIFF_MAX_VARS = 8 };

/* What one run gives: the result's n coordinates, their enclosures val[i] over the box,
 * at_mid[i] at its midpoint mid, and the slopes jac[i][j] (pairs of doubles as words,
 * absops.h). */
typedef struct AbsDiff {
    size_t n;
    Word mid[ABSDIFF_MAX_VARS];
    AbsPair val[ABSDIFF_MAX_VARS];
    AbsPair at_mid[ABSDIFF_MAX_VARS];
    AbsPair jac[ABSDIFF_MAX_VARS][ABSDIFF_MAX_VARS];
    const char *why;             /* why the last run gave up, NULL after a success */
} AbsDiff;

/* The number of real coordinates of L (every leaf a real, no dual), or 0 when L is not such
 * a lattice or has more than ABSDIFF_MAX_VARS. */
size_t absdiff_vars(const Lattice *L);

/* Runs fn (one parameter; argument and result lattices of the same number of real
 * coordinates) over the box [lo, hi] into *out.  False when it gives up (out->why). */
bool absdiff_eval(const FnSym *fn, const Word *lo, const Word *hi, AbsDiff *out);

#endif
