/* steps.h: the trail of the in-place search (steps.c): changes of single words of a bound,
 * each the xor of its lo word and of its hi word; internal to src/aft. */
#ifndef FIX_AFT_STEPS_H
#define FIX_AFT_STEPS_H

#include "common.h"
#include "util/mem.h"

/* Step k changes word w; in x, when the top bit is clear, the bit each half flips (7 bits a
 * half: 0 none, b + 1 bit b); when set, the index of the step's two xors in `wide`. */
typedef struct Step { uint32_t w, x; } Step;
typedef struct Xors { Word lo, hi; } Xors;
typedef struct Steps {
    VEC(Step) step;
    VEC(Xors) wide;               /* the steps that flip more than one bit of a half */
} Steps;

#define STEPS_HALF_BITS 7
#define STEPS_WIDE ((uint32_t)1 << 31)

void steps_push(Steps *t, size_t w, Word dlo, Word dhi);

static inline size_t steps_count(const Steps *t) { return t->step.count; }

/* Step k's word and its two xors (inline: the walks along the trail read them by the
 * million). */
static inline size_t steps_word(const Steps *t, size_t k) { return t->step.items[k].w; }

static inline Word steps_half(uint32_t code)     /* no branch: the walks flip at random */
{
    return (Word)(code != 0) << ((code - 1) & 63);
}

static inline void steps_get(const Steps *t, size_t k, Word *dlo, Word *dhi)
{
    uint32_t x = t->step.items[k].x, mask = (1u << STEPS_HALF_BITS) - 1;
    if (x & STEPS_WIDE) {
        const Xors *d = &t->wide.items[x & ~STEPS_WIDE];
        *dlo = d->lo;
        *dhi = d->hi;
        return;
    }
    *dlo = steps_half(x & mask);
    *dhi = steps_half(x >> STEPS_HALF_BITS & mask);
}

/* The trail cut to its first n steps. */
void steps_cut(Steps *t, size_t n);
void steps_free(Steps *t);

#endif
