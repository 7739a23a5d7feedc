/* maps.c: the maps.fix kernel in C (a map and a pair are structs): prints the number of
 * fixed points. */
#include <stdint.h>
#include <stdio.h>

typedef struct { int64_t a, b, c, d, e; } Map;
typedef struct { int64_t p1, p2; } Pair;

static Pair step(Pair p) { return (Pair){ p.p2, (p.p1 + 3 * p.p2 + 1) % 16 }; }

static Map f(Map m)
{
    Pair u = step((Pair){ m.a, m.b }), v = step((Pair){ m.c, m.d });
    return (Map){ u.p1, v.p2, m.e > u.p2 ? m.e : u.p2, v.p1, (m.a + m.e) % 16 };
}

int main(void)
{
    long n = 0;
    for (int64_t k = 0; k < (1 << 20); k++) {
        Map m = { (k >> 16) & 15, (k >> 12) & 15, (k >> 8) & 15, (k >> 4) & 15, k & 15 };
        Map r = f(m);
        if (r.a == m.a && r.b == m.b && r.c == m.c && r.d == m.d && r.e == m.e) n++;
    }
    printf("%ld\n", n);
    return 0;
}
