/* gen.c: writes a random ground program (.lp text) for the clingo cross-check, the same one
 * for the same seed.
 * usage: gen [-f FAMILIES] SEED [ATOMS RULES]
 * Without -f: a non-stratified normal program: atoms aN are shown, hN hidden; normal rules
 * with negation cycles, choice rules, integrity constraints, facts and #external eN (never in
 * a head).  With -f, a comma-separated list of families that may be added to it; each program
 * takes a random part of them (#minimize and #project never together):
 *   bounds  choice rules with cardinality bounds (L { .. } U :- body)
 *   count   #count bodies          sum     #sum bodies (negative weights, =, !=)
 *   min     #minimize, #maximize and weak constraints with several priorities
 *   proj    #project of some shown atoms
 *   hcf     disjunctive heads      nonhcf  disjunctive heads with positive loops through them
 * Aggregates take positive and negative literals, upper and lower bounds, and may be negated
 * or recursive (their head may occur inside).  Comment lines at the end tell the checker what
 * the program holds: "% families: ..." and "% project: a0 a3".  (Whether the ground program
 * is head-cycle-free is read from gringo's output: tests/asp/hcf.awk.) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ATOMS = 64 };
enum Family { F_BOUNDS = 1, F_COUNT = 2, F_SUM = 4, F_MIN = 8, F_PROJ = 16, F_HCF = 32, F_NONHCF = 64 };
static const char *const family_names[] = { "bounds", "count", "sum", "min", "proj", "hcf", "nonhcf" };
enum { FAMILY_COUNT = 7 };

typedef struct Gen {
    uint64_t seed;
    int n, nshown;
    unsigned families;                      /* the families this program uses */
} Gen;

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int below(uint64_t *s, int n) { return (int)(next(s) % (uint64_t)n); }
static int has(const Gen *g, unsigned f) { return (g->families & f) != 0; }
static void atom(int i, int nshown) { printf(i < nshown ? "a%d" : "h%d", i); }

/* ---- literals and aggregates ---- */

static void literal(Gen *g, int neg_percent)
{
    int neg = below(&g->seed, 100) < neg_percent, a = below(&g->seed, g->n);
    if (neg) printf("not ");
    atom(a, g->nshown);
}

/* L <= #count/#sum { elements } <= U in one of its forms */
static void aggregate(Gen *g)
{
    uint64_t *s = &g->seed;
    int sum = has(g, F_SUM) && (!has(g, F_COUNT) || below(s, 2));
    int k = 1 + below(s, 4), lo = sum ? below(s, 6) - 2 : below(s, 3), hi = lo + below(s, 3);
    int form = below(s, 7);
    if (below(s, 4) == 0) printf("not ");
    if (form == 0 || form == 2) printf("%d <= ", lo);
    if (form == 5) printf("%d < ", lo);
    printf(sum ? "#sum { " : "#count { ");
    for (int j = 0; j < k; j++) {
        if (j) printf("; ");
        int tuple = below(s, 5) == 0 && j > 0 ? j - 1 : j;   /* sometimes a tuple twice */
        if (sum) printf("%d,t%d: ", below(s, 7) - 3, tuple);
        else printf("t%d: ", tuple);
        literal(g, 35);
    }
    printf(" }");
    if (form == 1 || form == 2) printf(" <= %d", hi);
    if (form == 3) printf(" = %d", lo);
    if (form == 4) printf(" != %d", lo);
    if (form == 6) printf(" > %d", lo);
}

static void body(Gen *g, int first)
{
    uint64_t *s = &g->seed;
    if (below(s, 10) == 0) {                            /* an external in the body */
        printf(first ? " :- %se%d" : ", %se%d", below(s, 2) ? "not " : "", below(s, 3));
        first = 0;
    }
    if (has(g, F_COUNT | F_SUM) && below(s, 5) < 2) {
        printf(first ? " :- " : ", ");
        aggregate(g);
        first = 0;
    }
    int k = below(s, 4);
    for (int j = 0; j < k; j++) {
        printf(first && j == 0 ? " :- " : ", ");
        literal(g, 55);
    }
}

/* ---- rules ---- */

/* k head atoms separated by sep; returns the first two */
static void head_list(Gen *g, int k, const char *sep, int first[2])
{
    for (int j = 0; j < k; j++) {
        int a = below(&g->seed, g->n);
        if (j) printf("%s", sep);
        atom(a, g->nshown);
        if (j < 2) first[j] = a;
    }
}

static void choice_rule(Gen *g)
{
    uint64_t *s = &g->seed;
    int k = 1 + below(s, has(g, F_BOUNDS) ? 3 : 2);
    int bounded = has(g, F_BOUNDS) && below(s, 3) > 0;
    int lo = bounded ? below(s, k + 1) : 0, hi = bounded ? lo + below(s, 2) : 0;
    int first[2];
    if (bounded && below(s, 3) != 1) printf("%d ", lo);
    printf("{ ");
    head_list(g, k, "; ", first);
    printf(" }");
    if (bounded && below(s, 3) != 2) printf(" %d", hi);
    body(g, 1);
}

/* x | y :- body, and for nonhcf sometimes x :- y. y :- x. after it (a head cycle) */
static void disjunctive_rule(Gen *g)
{
    uint64_t *s = &g->seed;
    int first[2];
    head_list(g, 2 + below(s, 2), below(s, 2) ? " | " : "; ", first);
    int x = first[0], y = first[1];
    body(g, 1);
    printf(".\n");
    if (has(g, F_NONHCF) && below(s, 2)) {
        atom(x, g->nshown); printf(" :- "); atom(y, g->nshown); printf(".\n");
        atom(y, g->nshown); printf(" :- "); atom(x, g->nshown);
    } else {
        atom(x, g->nshown);                             /* one more ordinary rule */
        body(g, 1);
    }
}

static void minimize(Gen *g)
{
    uint64_t *s = &g->seed;
    if (below(s, 2)) {
        int k = 1 + below(s, 3);
        printf(":~ ");
        for (int j = 0; j < k; j++) { if (j) printf(", "); literal(g, 40); }
        printf(". [%d@%d,w%d]\n", below(s, 6) - 2, below(s, 3), below(s, 3));
        return;
    }
    int k = 1 + below(s, 4);
    printf(below(s, 4) ? "#minimize { " : "#maximize { ");
    for (int j = 0; j < k; j++) {
        if (j) printf("; ");
        printf("%d@%d,m%d: ", below(s, 6) - 2, below(s, 3), below(s, 4));
        literal(g, 40);
        if (below(s, 3) == 0) { printf(", "); literal(g, 40); }
    }
    printf(" }.\n");
}

static void rule(Gen *g)
{
    uint64_t *s = &g->seed;
    int t = below(s, 100);
    if (t < 60) {                                       /* normal rule */
        atom(below(s, g->n), g->nshown);
        body(g, 1);
    } else if (t < 75) {
        choice_rule(g);
    } else if (t < 90) {                                /* integrity constraint */
        printf(":- ");
        atom(below(s, g->n), g->nshown);
        body(g, 0);
    } else if (t < 97) {                                /* fact */
        atom(below(s, g->n), g->nshown);
    } else {
        int e = below(s, 3);                            /* e atoms head no rule */
        printf("#external e%d.%s\n#show e%d/0.\n", e, below(s, 2) ? " [true]" : "", e);
        return;
    }
    printf(".\n");
}

/* ---- the program ---- */

static unsigned parse_families(const char *list)
{
    unsigned f = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *w = strtok(buf, ","); w; w = strtok(NULL, ","))
        for (int i = 0; i < FAMILY_COUNT; i++)
            if (!strcmp(w, family_names[i])) f |= 1u << i;
    return f;
}

static unsigned pick_families(uint64_t *s, unsigned allowed)
{
    unsigned f = 0;
    for (int i = 0; i < FAMILY_COUNT; i++)
        if ((allowed >> i) & 1u && below(s, 2)) f |= 1u << i;
    if ((f & F_MIN) && (f & F_PROJ)) f &= below(s, 2) ? ~(unsigned)F_MIN : ~(unsigned)F_PROJ;
    return f;
}

static void extras(Gen *g)
{
    uint64_t *s = &g->seed;
    int extra = g->families ? 1 + below(s, 3) : 0;
    for (int r = 0; r < extra; r++) {
        if (has(g, F_HCF | F_NONHCF) && below(s, 2)) { disjunctive_rule(g); printf(".\n"); }
        else if (has(g, F_BOUNDS) && below(s, 2)) { choice_rule(g); printf(".\n"); }
        else if (has(g, F_COUNT | F_SUM)) {
            atom(below(s, g->n), g->nshown);
            printf(" :- "); aggregate(g); printf(".\n");
        }
    }
    if (has(g, F_MIN)) for (int r = 1 + below(s, 3); r > 0; r--) minimize(g);
}

static void trailer(Gen *g, unsigned asked)
{
    uint64_t *s = &g->seed;
    for (int i = 0; i < g->nshown; i++) printf("#show a%d/0.\n", i);
    if (!asked) return;
    printf("%% families:");
    for (int i = 0; i < FAMILY_COUNT; i++) if ((g->families >> i) & 1u) printf(" %s", family_names[i]);
    printf("\n");
    if (has(g, F_PROJ) && g->nshown > 0) {
        int chosen[MAX_ATOMS], k = 0;
        for (int i = 0; i < g->nshown; i++) if (below(s, 2)) chosen[k++] = i;
        if (k == 0) chosen[k++] = below(s, g->nshown);
        for (int j = 0; j < k; j++) printf("#project a%d.\n", chosen[j]);
        printf("%% project:");
        for (int j = 0; j < k; j++) printf(" a%d", chosen[j]);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    unsigned asked = 0;
    if (argc > 2 && !strcmp(argv[1], "-f")) { asked = parse_families(argv[2]); argc -= 2; argv += 2; }
    Gen gen = { 0 };
    Gen *g = &gen;
    g->seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    uint64_t *s = &g->seed;
    g->n = argc > 2 ? atoi(argv[2]) : 3 + below(s, 10);
    if (g->n < 1 || g->n > MAX_ATOMS) { fprintf(stderr, "gen: ATOMS must be 1..%d\n", MAX_ATOMS); return 2; }
    int m = argc > 3 ? atoi(argv[3]) : 2 + below(s, 2 * g->n + 4);
    g->nshown = g->n - below(s, g->n / 3 + 1);
    if (asked) g->families = pick_families(s, asked);
    for (int r = 0; r < m; r++) rule(g);
    extras(g);
    trailer(g, asked);
    return 0;
}
