/* gen.c: writes a random ground non-stratified program (.lp text) for the clingo cross-check.
 * usage: gen SEED [ATOMS RULES]; atoms aN are shown, hN hidden; normal rules with negation
 * cycles, choice rules, integrity constraints, facts and #external eN (never in a head). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int below(uint64_t *s, int n) { return (int)(next(s) % (uint64_t)n); }

static void atom(int i, int nshown) { printf(i < nshown ? "a%d" : "h%d", i); }

static void body(uint64_t *s, int n, int nshown, int first)
{
    if (below(s, 10) == 0) {                            /* an external in the body */
        printf(first ? " :- %se%d" : ", %se%d", below(s, 2) ? "not " : "", below(s, 3));
        first = 0;
    }
    int k = below(s, 4);
    for (int j = 0; j < k; j++) {
        printf(first && j == 0 ? " :- " : ", ");
        if (below(s, 100) < 55) printf("not ");
        atom(below(s, n), nshown);
    }
}

int main(int argc, char **argv)
{
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    uint64_t *s = &seed;
    int n = argc > 2 ? atoi(argv[2]) : 3 + below(s, 10);
    int m = argc > 3 ? atoi(argv[3]) : 2 + below(s, 2 * n + 4);
    int nshown = n - below(s, n / 3 + 1);
    for (int r = 0; r < m; r++) {
        int t = below(s, 100);
        if (t < 60) {                                   /* normal rule */
            atom(below(s, n), nshown);
            body(s, n, nshown, 1);
        } else if (t < 75) {                            /* choice rule */
            int k = 1 + below(s, 2);
            printf("{ ");
            for (int j = 0; j < k; j++) { if (j) printf("; "); atom(below(s, n), nshown); }
            printf(" }");
            body(s, n, nshown, 1);
        } else if (t < 90) {                            /* integrity constraint */
            printf(":- ");
            atom(below(s, n), nshown);
            body(s, n, nshown, 0);
        } else if (t < 97) {                            /* fact */
            atom(below(s, n), nshown);
        } else {
            int e = below(s, 3);                        /* e atoms head no rule */
            printf("#external e%d.%s\n#show e%d/0.\n", e, below(s, 2) ? " [true]" : "", e);
            continue;
        }
        printf(".\n");
    }
    for (int i = 0; i < nshown; i++) printf("#show a%d/0.\n", i);
    return 0;
}
