/* optenc.c: optimisation encodings with random instances of growing size, for the
 * optimisation family of `make bench` (bench/opt.sh) and the asp suite's cross-checks
 * (tests/asp/optenc.sh).  The same instance for the same FAMILY, N and SEED.
 * usage: optenc FAMILY N [SEED] > file.lp, FAMILY one of:
 *   jobshop    N jobs of three operations on three machines (durations 1..4), start times
 *              on a horizon of the sum of the durations over the machines' count plus slack;
 *              three priorities: makespan (@3), total tardiness against random due dates
 *              (@2), sum of the jobs' completion times (@1)
 *   jobord     the same instances as jobshop (same N and SEED), in the order encoding: a
 *              choice of precedence per pair of operations on one machine and ge(J,K,T)
 *              (starts at T or later) for the start times; the same three priorities
 *   binpack    N items of sizes 2..9 in bins of capacity 10, as few bins as possible (used
 *              bins in order, the first item in bin 1)
 *   timetable  N events in 5 days of 4 slots and N/12 + 2 rooms of capacities 30..50; events that
 *              share a group are apart (hard); weak constraints: rooms too small (@3),
 *              a group's events on one day past two (@2), late slots and unwanted slots (@1)
 *   tsp        travelling salesperson on N cities, random distances 1..20 (the
 *              encoding of genrng.h, as in encodings.c; other instances) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "genrng.h"

/* The instance of jobshop: op(J,K,M,D), due(J,D), time(0..H). */
static void jobshop_instance(Rng *r, int n)
{
    int load[3] = {0, 0, 0};
    for (int j = 1; j <= n; j++) {
        int first = below(r, 3), total = 0;
        for (int k = 1; k <= 3; k++) {
            int m = (first + k - 1) % 3, d = 1 + below(r, 4);
            load[m] += d;
            total += d;
            printf("op(%d,%d,%d,%d).\n", j, k, m + 1, d);
        }
        printf("due(%d,%d).\n", j, total + below(r, 3 * n));
    }
    int h = load[0];
    if (load[1] > h) h = load[1];
    if (load[2] > h) h = load[2];
    printf("time(0..%d).\n", h + h / 4 + 3);
}

static void jobshop(Rng *r, int n)
{
    jobshop_instance(r, n);
    printf("1 { start(J,K,S) : time(S) } 1 :- op(J,K,_,_).\n"
           "end(J,K,S+D) :- start(J,K,S), op(J,K,_,D).\n"
           ":- end(J,K,E), not time(E).\n"
           ":- start(J,K+1,S), end(J,K,E), S < E.\n"
           "run(M,J,K,T) :- start(J,K,S), op(J,K,M,D), time(T), S <= T, T < S+D.\n"
           ":- run(M,J1,K1,T), run(M,J2,K2,T), (J1,K1) < (J2,K2).\n"
           "over(T) :- end(J,K,E), time(T), T < E.\n"
           "done(J,E) :- end(J,3,E).\n"
           "#minimize { 1@3,T : over(T) }.\n"
           "#minimize { E-D@2,J : done(J,E), due(J,D), E > D }.\n"
           "#minimize { E@1,J : done(J,E) }.\n"
           "#show start/3.\n");
}

static void jobord(Rng *r, int n)
{
    jobshop_instance(r, n);
    printf("task(J,K) :- op(J,K,_,_).\n"
           "{ ge(J,K,T) } :- task(J,K), time(T), T > 0.\n"
           "ge(J,K,0) :- task(J,K).\n"
           ":- ge(J,K,T), T > 0, not ge(J,K,T-1).\n"
           "st(J,K,T) :- ge(J,K,T), not ge(J,K,T+1).\n"
           ":- op(J,K,_,D), ge(J,K,T), not time(T+D).\n"
           ":- op(J,K,_,D), ge(J,K,T), task(J,K+1), not ge(J,K+1,T+D).\n"
           "{ before(J1,K1,J2,K2) } :- op(J1,K1,M,_), op(J2,K2,M,_), (J1,K1) < (J2,K2).\n"
           ":- before(J1,K1,J2,K2), op(J1,K1,_,D), ge(J1,K1,T), not ge(J2,K2,T+D).\n"
           ":- op(J1,K1,M,_), op(J2,K2,M,D), (J1,K1) < (J2,K2), not before(J1,K1,J2,K2),"
           " ge(J2,K2,T), not ge(J1,K1,T+D).\n"
           "done(J,E) :- st(J,3,S), op(J,3,_,D), E = S+D.\n"
           "over(T) :- op(J,K,_,D), ge(J,K,S), time(T), T < S+D.\n"
           "#minimize { 1@3,T : over(T) }.\n"
           "#minimize { E-D@2,J : done(J,E), due(J,D), E > D }.\n"
           "#minimize { E@1,J : done(J,E) }.\n"
           "#show st/3.\n");
}

static void binpack(Rng *r, int n)
{
    for (int i = 1; i <= n; i++) printf("item(%d,%d).\n", i, 2 + below(r, 8));
    printf("bin(1..%d).\n", n);
    printf("1 { in(I,B) : bin(B) } 1 :- item(I,_).\n"
           ":- bin(B), #sum { S,I : in(I,B), item(I,S) } > 10.\n"
           "used(B) :- in(I,B).\n"
           ":- used(B), B > 1, not used(B-1).\n"
           ":- not in(1,1).\n"
           "#minimize { 1,B : used(B) }.\n"
           "#show in/2.\n");
}

static void timetable(Rng *r, int n)
{
    int groups = n / 3 + 1;
    int rooms = n / 12 + 2;
    printf("day(1..5). slot(1..4).\n");
    for (int k = 1; k <= rooms; k++) printf("room(%d,%d).\n", k, 30 + 10 * below(r, 3));
    for (int e = 1; e <= n; e++) {
        printf("event(%d,%d).\n", e, 15 + 5 * below(r, 8));
        printf("member(%d,%d).\n", e, 1 + below(r, groups));
        if (below(r, 2)) printf("member(%d,%d).\n", e, 1 + below(r, groups));
        printf("unwanted(%d,%d,%d).\n", e, 1 + below(r, 5), 1 + below(r, 4));
    }
    printf("1 { at(E,D,S,R) : day(D), slot(S), room(R,_) } 1 :- event(E,_).\n"
           ":- room(R,_), day(D), slot(S), 2 { at(E,D,S,R) : event(E,_) }.\n"
           "when(E,D,S) :- at(E,D,S,_).\n"
           ":- member(E1,G), member(E2,G), E1 < E2, when(E1,D,S), when(E2,D,S).\n"
           ":~ at(E,_,_,R), event(E,N), room(R,C), N > C. [N-C@3,E]\n"
           "busy(G,D,E) :- member(E,G), when(E,D,_).\n"
           "heavy(G,D) :- day(D), member(_,G), 3 { busy(G,D,E) }.\n"
           ":~ heavy(G,D). [1@2,G,D]\n"
           ":~ when(E,_,4). [1@1,E,late]\n"
           ":~ when(E,D,S), unwanted(E,D,S). [2@1,E,unwanted]\n"
           "#show at/4.\n");
}

int main(int argc, char **argv)
{
    const char *f;
    int n;
    Rng rng, *r = &rng;
    if (!gen_args(argc, argv, "optenc", 7919u, 131, &f, &n, r)) return 2;
    if (!strcmp(f, "jobshop")) jobshop(r, n);
    else if (!strcmp(f, "jobord")) jobord(r, n);
    else if (!strcmp(f, "binpack")) binpack(r, n);
    else if (!strcmp(f, "timetable")) timetable(r, n);
    else if (!strcmp(f, "tsp")) tsp(r, n);
    else { fprintf(stderr, "optenc: unknown family %s\n", f); return 2; }
    return 0;
}
