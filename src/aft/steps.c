/* steps.c: the in-place search's trail (see steps.h).  Most steps of a search flip one bit
 * of a word, a decision or an atom made true or false, so a step takes 8 bytes, and 24 when
 * a half flips more bits than one. */
#include "aft/steps.h"

/* The code of one half's xor (0 none, b + 1 for bit b), or -1 when more than one bit flips. */
static int half_code(Word d)
{
    if (d == 0) return 0;
    if (d & (d - 1)) return -1;
    return __builtin_ctzll(d) + 1;
}

void steps_push(Steps *t, size_t w, Word dlo, Word dhi)
{
    if (w > UINT32_MAX) mem_fail(w);
    int lo = half_code(dlo), hi = half_code(dhi);
    uint32_t x;
    if (lo >= 0 && hi >= 0) {
        x = (uint32_t)lo | (uint32_t)hi << STEPS_HALF_BITS;
    } else {
        if (t->wide.count >= STEPS_WIDE) mem_fail(t->wide.count);
        x = STEPS_WIDE | (uint32_t)t->wide.count;
        VEC_PUSH(t->wide, ((Xors){dlo, dhi}));
    }
    VEC_PUSH(t->step, ((Step){(uint32_t)w, x}));
}

/* The wide xors are in the order of their steps: those of the steps cut go with them. */
void steps_cut(Steps *t, size_t n)
{
    for (size_t k = n; k < t->step.count; k++)
        if (t->step.items[k].x & STEPS_WIDE) {
            t->wide.count = t->step.items[k].x & ~STEPS_WIDE;
            break;
        }
    if (n < t->step.count) t->step.count = n;
}

void steps_free(Steps *t)
{
    VEC_FREE(t->step);
    VEC_FREE(t->wide);
}
