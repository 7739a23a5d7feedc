/* encodings.c: standard ASP encodings with random instances of growing size, for the suite
 * of `make bench` (bench/asp/suite.sh).  The same instance for the same FAMILY, N and SEED
 * (0 when not given: the suite's instances; others for more instances of one size).
 * usage: encodings FAMILY N [SEED] > file.lp, FAMILY one of:
 *   color3    3-colouring, 1 { .. } 1, random graph of N nodes and 2.2N edges
 *   color4    4-colouring, 1 { .. } 1, random graph of N nodes and 4N edges
 *   queens    N queens, exact bounds per row and column, `2 { .. }` per diagonal
 *   sudoku    sudoku of N x N boxes (9 x 9 for N = 3), about 40% of the cells given
 *   knapsack  N items, #sum of weights at most the capacity and of values at least a target
 *             one above what taking the items by value per weight reaches
 *   indep     independent set of N nodes (2N edges) with #count of at least the size a
 *             greedy choice reaches
 *   vcover    minimum vertex cover (#minimize) of a random graph of N nodes and 2N edges
 *   tsp       travelling salesperson (#minimize) on N cities, random distances 1..20
 *   disjcolor 3-colouring by a disjunctive head (head-cycle-free), N nodes, 2.2N edges
 *   strategic strategic companies (disjunction, not head-cycle-free): N companies, N
 *             products of two makers, N/2 random control facts (two controllers each) and
 *             N/8 + 1 pairs of makers of one product that control each other with a third
 *   qbf       2QBF by disjunctive saturation (not head-cycle-free): exists N, forall N
 *             variables, 2N random terms of three literals (two over the forall ones)
 *   minmodel  minimal models of a random clause theory (not head-cycle-free): N atoms, 2N
 *             clauses of three literals, each positive with probability 2/3
 *   pigeon    N pigeons in N - 1 holes (no model), 1 { .. } 1 and `2 { .. }`
 *   sat       random 3-SAT of N variables and 4.26 N clauses, as choice and constraints
 *   ham       Hamiltonian cycle of a directed graph of N nodes: a hidden cycle and two more
 *             random edges out of each node */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genrng.h"

/* m distinct undirected edges on nodes 1..n, written as edge(X,Y) facts with X < Y; returns
 * the n x n matrix of the edges written (x < y, 0-based), which the caller frees */
static unsigned char *graph_matrix(Rng *r, int n, int m)
{
    unsigned char *seen = calloc((size_t)n * (size_t)n, 1);
    if (!seen) exit(1);
    long max = (long)n * (n - 1) / 2;
    if (m > max) m = (int)max;
    for (int k = 0; k < m;) {
        int x = below(r, n), y = below(r, n);
        if (x == y) continue;
        if (x > y) { int t = x; x = y; y = t; }
        if (seen[x * n + y]) continue;
        seen[x * n + y] = 1;
        printf("edge(%d,%d).\n", x + 1, y + 1);
        k++;
    }
    return seen;
}

static void random_graph(Rng *r, int n, int m) { free(graph_matrix(r, n, m)); }

static void coloring(Rng *r, int n, int k, int edges10)
{
    printf("node(1..%d).\ncol(1..%d).\n", n, k);
    random_graph(r, n, n * edges10 / 10);
    printf("1 { color(X,C) : col(C) } 1 :- node(X).\n"
           ":- edge(X,Y), color(X,C), color(Y,C).\n#show color/2.\n");
}

static void disjcolor(Rng *r, int n)
{
    printf("node(1..%d).\n", n);
    random_graph(r, n, n * 22 / 10);
    printf("red(X) | green(X) | blue(X) :- node(X).\n"
           ":- edge(X,Y), red(X), red(Y).\n:- edge(X,Y), green(X), green(Y).\n"
           ":- edge(X,Y), blue(X), blue(Y).\n#show red/1. #show green/1. #show blue/1.\n");
}

static void queens(int n)
{
    printf("#const n = %d.\nrow(1..n).\n"
           "{ q(R,C) : row(C) } = 1 :- row(R).\n{ q(R,C) : row(R) } = 1 :- row(C).\n"
           ":- D = 2..2*n, 2 { q(R,C) : row(R), row(C), R + C = D }.\n"
           ":- D = 1-n..n-1, 2 { q(R,C) : row(R), row(C), R - C = D }.\n#show q/2.\n", n);
}

/* a full grid from the pattern (k*(r%k) + r/k + c) % k^2, digits permuted; some cells given */
static void sudoku(Rng *r, int k)
{
    int n = k * k, perm[64];
    if (n > 64) exit(2);
    for (int i = 0; i < n; i++) perm[i] = i + 1;
    for (int i = n - 1; i > 0; i--) { int j = below(r, i + 1), t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
    printf("#const k = %d.\nval(1..k*k).\nbox(R,C,(R-1)/k*k + (C-1)/k) :- val(R), val(C).\n", k);
    for (int row = 0; row < n; row++)
        for (int c = 0; c < n; c++)
            if (below(r, 100) < 40)
                printf("given(%d,%d,%d).\n", row + 1, c + 1, perm[(k * (row % k) + row / k + c) % n]);
    printf("1 { cell(R,C,V) : val(V) } 1 :- val(R), val(C).\ncell(R,C,V) :- given(R,C,V).\n"
           "1 { cell(R,C,V) : val(C) } 1 :- val(R), val(V).\n"
           "1 { cell(R,C,V) : val(R) } 1 :- val(C), val(V).\n"
           "1 { cell(R,C,V) : box(R,C,B) } 1 :- val(V), box(_,_,B).\n#show cell/3.\n");
}

static void knapsack(Rng *r, int n)
{
    int w[512], v[512], order[512], total = 0;
    if (n > 512) n = 512;
    for (int i = 0; i < n; i++) {
        w[i] = 10 + below(r, 51); v[i] = 10 + below(r, 51); total += w[i]; order[i] = i;
        printf("item(%d,%d,%d).\n", i + 1, w[i], v[i]);
    }
    for (int i = 1; i < n; i++)                       /* by value per weight, best first */
        for (int j = i; j > 0 && v[order[j]] * w[order[j - 1]] > v[order[j - 1]] * w[order[j]]; j--) {
            int t = order[j]; order[j] = order[j - 1]; order[j - 1] = t;
        }
    int cap = total / 2, used = 0, value = 0;
    for (int i = 0; i < n; i++)
        if (used + w[order[i]] <= cap) { used += w[order[i]]; value += v[order[i]]; }
    printf("#const capacity = %d.\n#const target = %d.\n{ take(I) } :- item(I,_,_).\n"
           ":- #sum { W,I : take(I), item(I,W,_) } > capacity.\n"
           ":- #sum { V,I : take(I), item(I,_,V) } < target.\n#show take/1.\n", cap, value + 1);
}

static void indep(Rng *r, int n)
{
    printf("node(1..%d).\n", n);
    unsigned char *adj = graph_matrix(r, n, 2 * n);
    unsigned char *blocked = calloc((size_t)n, 1);
    if (!blocked) exit(1);
    int size = 0;
    for (int x = 0; x < n; x++) {                     /* greedy: lowest free node first */
        if (blocked[x]) continue;
        size++;
        for (int y = 0; y < n; y++) if (adj[(x < y ? x : y) * n + (x < y ? y : x)]) blocked[y] = 1;
    }
    free(adj); free(blocked);
    printf("{ in(X) } :- node(X).\n:- edge(X,Y), in(X), in(Y).\n"
           ":- #count { X : in(X) } < %d.\n#show in/1.\n", size);
}

static void vcover(Rng *r, int n)
{
    printf("node(1..%d).\n", n);
    random_graph(r, n, 2 * n);
    printf("{ in(X) } :- node(X).\n:- edge(X,Y), not in(X), not in(Y).\n"
           "#minimize { 1,X : in(X) }.\n#show in/1.\n");
}

static void strategic(Rng *r, int n)
{
    int maker[2][1024];
    if (n > 1024) n = 1024;
    for (int p = 0; p < n; p++) {
        int x = 1 + below(r, n), y = 1 + below(r, n - 1);
        if (y >= x) y++;
        maker[0][p] = x; maker[1][p] = y;
        printf("prod(p%d,c%d,c%d).\n", p + 1, x, y);
    }
    for (int k = 0; k < n / 2; k++)
        printf("contr(c%d,c%d,c%d).\n", 1 + below(r, n), 1 + below(r, n), 1 + below(r, n));
    for (int k = 0; k < n / 8 + 1; k++) {             /* the two makers of a product control */
        int p = below(r, n), x = maker[0][p], y = maker[1][p];   /* each other (with a third) */
        printf("contr(c%d,c%d,c%d).\ncontr(c%d,c%d,c%d).\n", x, y, 1 + below(r, n), y, x, 1 + below(r, n));
    }
    printf("strat(X) | strat(Y) :- prod(_,X,Y).\n"
           "strat(W) :- contr(W,X,Y), strat(X), strat(Y).\n#show strat/1.\n");
}

static void qbf(Rng *r, int n)
{
    printf("exists(1..%d). forall(1..%d).\n", n, n);
    for (int t = 1; t <= 2 * n; t++)
        for (int k = 0; k < 3; k++)
            printf("lit(%d,%s,%s,%d).\n", t, k ? "y" : "x", below(r, 2) ? "pos" : "neg", 1 + below(r, n));
    printf("term(T) :- lit(T,_,_,_).\n"
           "x(I) | nx(I) :- exists(I).\ny(J) | ny(J) :- forall(J).\n"
           "y(J) :- w, forall(J).\nny(J) :- w, forall(J).\n"
           "t(x,pos,I) :- x(I).\nt(x,neg,I) :- nx(I).\nt(y,pos,J) :- y(J).\nt(y,neg,J) :- ny(J).\n"
           "w :- term(T), t(K,S,V) : lit(T,K,S,V).\n:- not w.\n#show x/1.\n");
}

static void minmodel(Rng *r, int n)
{
    for (int c = 0; c < 2 * n; c++) {
        int v[3], pos[3], np = 0, nn = 0;
        for (int j = 0; j < 3; j++) {
            do v[j] = 1 + below(r, n); while ((j > 0 && v[j] == v[0]) || (j > 1 && v[j] == v[1]));
            pos[j] = below(r, 3) != 0;
        }
        for (int j = 0; j < 3; j++) if (pos[j]) printf("%sp(%d)", np++ ? " | " : "", v[j]);
        for (int j = 0; j < 3; j++) if (!pos[j]) printf("%sp(%d)", nn++ ? ", " : " :- ", v[j]);
        printf(".\n");
    }
    printf("#show p/1.\n");
}

static void pigeon(int n)
{
    printf("pigeon(1..%d).\nhole(1..%d).\n1 { at(P,H) : hole(H) } 1 :- pigeon(P).\n"
           ":- hole(H), 2 { at(P,H) : pigeon(P) }.\n#show at/2.\n", n, n - 1);
}

static void sat(Rng *r, int n)
{
    int m = (n * 426 + 50) / 100;
    printf("var(1..%d).\n", n);
    for (int c = 1; c <= m; c++) {
        int v[3];
        for (int j = 0; j < 3; j++) {
            do v[j] = 1 + below(r, n); while ((j > 0 && v[j] == v[0]) || (j > 1 && v[j] == v[1]));
            printf("lit(%d,%d,%d).\n", c, v[j], below(r, 2));
        }
    }
    printf("{ true(V) } :- var(V).\nclause(C) :- lit(C,_,_).\n"
           "sat(C) :- lit(C,V,1), true(V).\nsat(C) :- lit(C,V,0), not true(V).\n"
           ":- clause(C), not sat(C).\n#show true/1.\n");
}

static void ham(Rng *r, int n)
{
    int perm[4096];
    if (n > 4096) n = 4096;
    for (int i = 0; i < n; i++) perm[i] = i + 1;
    for (int i = n - 1; i > 0; i--) { int j = below(r, i + 1), t = perm[i]; perm[i] = perm[j]; perm[j] = t; }
    printf("node(1..%d).\n", n);
    for (int i = 0; i < n; i++) {
        printf("edge(%d,%d).\n", perm[i], perm[(i + 1) % n]);
        for (int k = 0; k < 2; k++) {
            int y = 1 + below(r, n);
            if (y != perm[i]) printf("edge(%d,%d).\n", perm[i], y);
        }
    }
    printf("1 { cycle(X,Y) : edge(X,Y) } 1 :- node(X).\n1 { cycle(X,Y) : edge(X,Y) } 1 :- node(Y).\n"
           "reached(Y) :- cycle(1,Y).\nreached(Y) :- reached(X), cycle(X,Y).\n"
           ":- node(X), not reached(X).\n#show cycle/2.\n");
}

int main(int argc, char **argv)
{
    const char *f;
    int n;
    Rng rng, *r = &rng;
    if (!gen_args(argc, argv, "encodings", 1000003u, 31, &f, &n, r)) return 2;
    if (!strcmp(f, "color3")) coloring(r, n, 3, 22);
    else if (!strcmp(f, "color4")) coloring(r, n, 4, 40);
    else if (!strcmp(f, "queens")) queens(n);
    else if (!strcmp(f, "sudoku")) sudoku(r, n);
    else if (!strcmp(f, "knapsack")) knapsack(r, n);
    else if (!strcmp(f, "indep")) indep(r, n);
    else if (!strcmp(f, "vcover")) vcover(r, n);
    else if (!strcmp(f, "tsp")) tsp(r, n);
    else if (!strcmp(f, "disjcolor")) disjcolor(r, n);
    else if (!strcmp(f, "strategic")) strategic(r, n);
    else if (!strcmp(f, "qbf")) qbf(r, n);
    else if (!strcmp(f, "minmodel")) minmodel(r, n);
    else if (!strcmp(f, "pigeon")) pigeon(n);
    else if (!strcmp(f, "sat")) sat(r, n);
    else if (!strcmp(f, "ham")) ham(r, n);
    else { fprintf(stderr, "encodings: unknown family %s\n", f); return 2; }
    return 0;
}
