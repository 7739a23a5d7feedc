/* gen.c: benchmark programs for `make bench` (ground-heavy, non-stratified, no aggregates).
 * usage: gen FAMILY N > file.lp, FAMILY one of:
 *   pairs  N even loops p(i) :- not q(i) ... : 2^N models
 *   strip  3-colouring of a strip of N triangles: 6 models, about 9N ground rules
 *   ladder x(i+1) :- not x(i): one model, found by the well-founded bound alone, N rules
 *   queens N-queens without aggregates (choice rules and binary constraints)
 *   ham    Hamiltonian cycles of a ring of N nodes with chords i -> i+2 and i -> i+3
 *          (choice, constraints and reachability: positive loops, unfounded sets)
 *   mixed  pairs 12 beside a hidden ladder of N: 4096 models of a large program whose
 *          search is all in a small part */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void pairs(int n)
{
    printf("i(1..%d).\np(I) :- i(I), not q(I).\nq(I) :- i(I), not p(I).\nr(I) :- p(I).\n", n);
    printf("#show p/1.\n");
}

static void strip(int n)
{
    printf("node(1..%d).\nedge(I,I+1) :- node(I), node(I+1).\nedge(I,I+2) :- node(I), node(I+2).\n",
           n + 2);
    printf("red(X) :- node(X), not green(X), not blue(X).\n"
           "green(X) :- node(X), not red(X), not blue(X).\n"
           "blue(X) :- node(X), not red(X), not green(X).\n"
           ":- edge(X,Y), red(X), red(Y).\n:- edge(X,Y), green(X), green(Y).\n"
           ":- edge(X,Y), blue(X), blue(Y).\n#show red/1. #show green/1. #show blue/1.\n");
}

static void ladder(int n)
{
    printf("i(0..%d).\nx(0).\nx(I+1) :- i(I), i(I+1), not x(I).\n#show x/1.\n", n);
}

static void queens(int n)
{
    printf("r(1..%d).\n{ q(X,Y) } :- r(X), r(Y).\n"
           "some(X) :- q(X,Y).\n:- r(X), not some(X).\n"
           ":- q(X,Y), q(X,Z), Y < Z.\n:- q(X,Y), q(Z,Y), X < Z.\n"
           ":- q(X,Y), q(Z,W), X < Z, Z - X == W - Y.\n"
           ":- q(X,Y), q(Z,W), X < Z, Z - X == Y - W.\n#show q/2.\n", n);
}

static void ham(int n)
{
    printf("node(1..%d).\nedge(I,(I+D-1)\\%d+1) :- node(I), D = 1..3.\n"
           "{ cycle(X,Y) } :- edge(X,Y).\n"
           ":- cycle(X,Y), cycle(X,Z), Y < Z.\n:- cycle(X,Y), cycle(Z,Y), X < Z.\n"
           "out(X) :- cycle(X,Y).\nin(Y) :- cycle(X,Y).\n"
           ":- node(X), not out(X).\n:- node(X), not in(X).\n"
           "reached(1).\nreached(Y) :- reached(X), cycle(X,Y).\n"
           ":- node(X), not reached(X).\n#show cycle/2.\n", n, n);
}

static void mixed(int n)
{
    printf("k(1..12).\np(I) :- k(I), not q(I).\nq(I) :- k(I), not p(I).\n#show p/1.\n");
    printf("j(0..%d).\ny(0).\ny(I+1) :- j(I), j(I+1), not y(I).\n", n);
}

int main(int argc, char **argv)
{
    if (argc != 3) { fprintf(stderr, "usage: gen FAMILY N\n"); return 2; }
    int n = atoi(argv[2]);
    if (!strcmp(argv[1], "pairs")) pairs(n);
    else if (!strcmp(argv[1], "strip")) strip(n);
    else if (!strcmp(argv[1], "ladder")) ladder(n);
    else if (!strcmp(argv[1], "queens")) queens(n);
    else if (!strcmp(argv[1], "ham")) ham(n);
    else if (!strcmp(argv[1], "mixed")) mixed(n);
    else { fprintf(stderr, "gen: unknown family %s\n", argv[1]); return 2; }
    return 0;
}
