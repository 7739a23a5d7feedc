/* genrng.h: what the bench's instance generators (encodings.c, optenc.c) share: the random
 * numbers (splitmix64), the reading of `FAMILY N [SEED]` into a seeded generator, and the
 * TSP encoding both offer.  Each generator seeds with its own constants, so that its
 * instances stay what they were. */
#ifndef GENRNG_H
#define GENRNG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct Rng { uint64_t s; } Rng;

static uint64_t next(Rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int below(Rng *r, int n) { return (int)(next(r) % (uint64_t)n); }

/* Reads `PROG FAMILY N [SEED]`: the family into *family, N (at least 2) into *n, and seeds
 * *r from N, SEED and the family's name with the generator's constants size_mul and
 * name_mul.  Prints the usage or the error and returns false when the arguments are wrong. */
static bool gen_args(int argc, char **argv, const char *prog, uint64_t size_mul,
                     uint64_t name_mul, const char **family, int *n, Rng *r)
{
    if (argc != 3 && argc != 4) { fprintf(stderr, "usage: %s FAMILY N [SEED]\n", prog); return false; }
    *family = argv[1];
    *n = atoi(argv[2]);
    if (*n < 2) { fprintf(stderr, "%s: N must be at least 2\n", prog); return false; }
    uint64_t seed = argc == 4 ? strtoull(argv[3], NULL, 10) : 0;
    r->s = (uint64_t)*n * size_mul + seed * 0x9E3779B97F4A7C15u;
    for (const char *c = *family; *c; c++) r->s = r->s * name_mul + (unsigned char)*c;
    return true;
}

/* Travelling salesperson (#minimize) on n cities, random distances 1..20. */
static void tsp(Rng *r, int n)
{
    printf("node(1..%d).\n", n);
    for (int x = 1; x <= n; x++)
        for (int y = x + 1; y <= n; y++) printf("dist(%d,%d,%d).\n", x, y, 1 + below(r, 20));
    printf("road(X,Y,D) :- dist(X,Y,D).\nroad(Y,X,D) :- dist(X,Y,D).\n"
           "1 { cycle(X,Y) : road(X,Y,_) } 1 :- node(X).\n"
           "1 { cycle(X,Y) : road(X,Y,_) } 1 :- node(Y).\n"
           "reached(1).\nreached(Y) :- reached(X), cycle(X,Y).\n:- node(X), not reached(X).\n"
           "#minimize { D,X,Y : cycle(X,Y), road(X,Y,D) }.\n#show cycle/2.\n");
}

#endif
