/* fixgen_main.c: `fixgen SEED [COUNT] [-d DEPTH] [-f]` prints the random programs of seeds
 * SEED, SEED+1, ..., each after a line `// ---- seed N`; -d sets the depth of expressions,
 * -f keeps to finite lattices (no reals), -q leaves out the queries, -s keeps loops out of
 * fold's start values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixgen.h"

static int usage(void)
{
    fprintf(stderr, "usage: fixgen SEED [COUNT] [-d DEPTH] [-f] [-q] [-s]\n");
    return 2;
}

int main(int argc, char **argv)
{
    FixgenOptions opt = { 0 };
    unsigned long long seed = 0, count = 1;
    int npos = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-d") == 0 && i + 1 < argc) opt.max_depth = atoi(argv[++i]);
        else if (strcmp(argv[i], "-f") == 0) opt.finite_only = 1;
        else if (strcmp(argv[i], "-q") == 0) opt.no_queries = 1;
        else if (strcmp(argv[i], "-s") == 0) opt.flat_fold_start = 1;
        else if (argv[i][0] >= '0' && argv[i][0] <= '9' && npos < 2)
            *(npos++ ? &count : &seed) = strtoull(argv[i], NULL, 10);
        else return usage();
    }
    if (npos == 0) return usage();
    Buf b;
    buf_init(&b);
    for (unsigned long long s = seed; s < seed + count; s++) {
        buf_clear(&b);
        fixgen_program(s, &opt, &b);
        printf("// ---- seed %llu\n%s", s, buf_cstr(&b));
    }
    buf_free(&b);
    return 0;
}
