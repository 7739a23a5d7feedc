/* tone.h: how a checked expression moves with its variables: for each local of the function
 * it sits in, whether the expression's value is constant in it, monotone, antitone, or none
 * of those that a few syntactic rules can prove.  The compiler uses it to let an lfp inside
 * a function start from the lfp kept for a neighbouring argument (docs/evaluator.md). */
#ifndef FIX_TONE_H
#define FIX_TONE_H

#include "common.h"
#include "front/ast.h"
#include "code/ir.h"
#include "code/types.h"

/* Ordered so that the join of two is their max, but MONO v ANTI = UNKNOWN. */
typedef enum { TONE_CONST, TONE_MONO, TONE_ANTI, TONE_UNKNOWN } Tone;

/* The tone of e in the local at frame slot `var` (a parameter, or an lfp's variable), e
 * lying in a frame of nlocals words whose other locals are constants: TONE_UNKNOWN when
 * the rules prove nothing (or reads a local outside `allowed`, a bitmap of nlocals
 * flags of the locals it may read, besides the ones it binds itself). */
Tone tone_of(const Expr *e, size_t nlocals, size_t var, const bool *allowed);

/* Whether the lfp e (an E_FIX with a bound variable) inside fn, whose frame has nlocals
 * words, may start from lfps kept for neighbouring arguments: its body reads only fn's
 * parameters and its variable, is monotone in the variable, and moves with at least one
 * parameter in a way the rules prove.  Fills site with the parameters' tones. */
bool tone_warm_site(const FnSym *fn, size_t nlocals, const Expr *e, IrWarmSite *site);

#endif
