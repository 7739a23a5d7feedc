/* absops.h: interval versions of the VM's scalar instructions, for the interval evaluator
 * (absvm.c).  An operand is a pair lo <= hi; a Boolean is a pair too: [0, 0] false, [1, 1]
 * true, [0, 1] unknown.  Every operation is inclusion-monotone (a narrower input never gives
 * a wider output) and sound: the concrete result for any inputs inside the operands lies
 * inside the result, for the inputs where the concrete operation does not fail (a division
 * by 0).  Reals are rounded outwards (nextafter; an exact result stays a point: the sign of
 * the rounding error is known from an error-free transformation), so a bound never loses a
 * value to floating-point rounding.  An operation returns false when it cannot answer soundly
 * (integer overflow, NaN) or when it surely fails (a divisor of exactly 0). */
#ifndef FIX_ABSOPS_H
#define FIX_ABSOPS_H

#include "common.h"
#include "lattice/lattice.h"
#include "code/opcodes.h"

typedef struct AbsPair { Word lo, hi; } AbsPair;

/* ADD_I .. NE_I on ints ([min, max], signed): a op b into *r. */
bool absop_int(Opcode op, AbsPair a, AbsPair b, AbsPair *r);
/* ADD_R .. NE_R on reals ([min, max] as doubles). */
bool absop_real(Opcode op, AbsPair a, AbsPair b, AbsPair *r);
/* NEG_I, ABS_I, NEG_R, ABS_R, I2R, NOT on *a. */
bool absop_unary(Opcode op, AbsPair *a);

/* LAT_LE .. LAT_NE of intervals [xl, xh] and [yl, yh] of L: a three-valued Boolean.  tmp:
 * 2 * L->nwords words. */
AbsPair absop_lattice_compare(Opcode op, const Lattice *L, const Word *xl, const Word *xh,
                              const Word *yl, const Word *yh, Word *tmp);

/* Outward rounding: the next double towards -inf / +inf. */
double absop_down(double d);
double absop_up(double d);

#endif
