/* rng.h: a small deterministic pseudo-random generator (splitmix64). */
#ifndef FIX_RNG_H
#define FIX_RNG_H

#include "common.h"

typedef struct Rng { uint64_t state; } Rng;

static inline uint64_t rng_next(Rng *r)
{
    uint64_t z = (r->state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Uniform in [0, n); n > 0. */
static inline uint64_t rng_below(Rng *r, uint64_t n) { return rng_next(r) % n; }
static inline double rng_unit(Rng *r) { return (double)(rng_next(r) >> 11) * 0x1.0p-53; }

#endif
