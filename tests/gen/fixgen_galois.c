/* fixgen_galois.c: the Galois insertions of a generated program, `galois G0 : C -> A {...}`
 * on declared finite lattices C, each a pair of insertions that holds by construction (so
 * `check galois` passes and `via G` may run):
 *   - a powerset (or a dual one) onto the powerset of a partition of its atoms: alpha_up the
 *     groups a set meets, alpha_lo the groups it holds whole, gamma the union of the groups
 *     (on a dual the two alphas change places);
 *   - a range lo..hi (or a dual one) onto 0..w/d for d dividing w = hi - lo: alpha_up rounds
 *     up, alpha_lo down, gamma(a) = lo + d * a;
 *   - a product onto one part (gamma puts top, or bot, in the others); a map onto its values
 *     (alpha_up the join of the entries, alpha_lo their meet, gamma the constant map);
 *   - any lattice of two or more elements onto Bool or `dual Bool` (is it bot, is it top);
 *   - any lattice onto itself (the identity).
 * Every choice is drawn from the second stream (rng2). */
#include <stdio.h>
#include <string.h>

#include "fixgen_int.h"

int gen_below2(Gen *G, int n) { return n <= 1 ? 0 : (int)rng_below(&G->rng2, (uint64_t)n); }

int gen_chance2(Gen *G, int percent) { return gen_below2(G, 100) < percent; }

static void put_eqs(Buf *out, const char *au, const char *gu, const char *al, const char *gl)
{
    buf_printf(out, "  alpha_up(x) = %s;\n  gamma_up(a) = %s;\n  alpha_lo(x) = %s;\n  gamma_lo(a) = %s;\n}\n",
               au, gu, al, gl);
}

/* the groups met (any) or held whole (all) by x, as a set of the abstract atoms */
static void put_alpha_sets(Buf *b, const Lat *B, const int *group, int k, int g, int all)
{
    for (int j = 0; j < k; j++) {
        buf_puts(b, j ? " union (if " : "(if ");
        int first = 1;
        for (int i = 0; i < B->n; i++) {
            if (group[i] != j) continue;
            buf_printf(b, "%s%s in x", first ? "" : all ? " and " : " or ", B->elem[i]);
            first = 0;
        }
        buf_printf(b, " then {z%d_%d} else {})", g, j);
    }
}

static void galois_powerset(Gen *G, Buf *out, int l, int g, int dual)
{
    const Lat *B = &G->lat[lat_base(G, l)];
    int k = 1 + gen_below2(G, B->n), group[MAX_NAMES];
    for (int i = 0; i < B->n; i++) group[i] = i < k ? i : gen_below2(G, k);
    buf_printf(out, "galois G%d : %s -> %spowerset {", g, G->lat[l].name, dual ? "dual " : "");
    for (int j = 0; j < k; j++) buf_printf(out, "%sz%d_%d", j ? ", " : "", g, j);
    buf_puts(out, "} {\n");
    Buf meet, whole, gamma;
    buf_init(&meet);
    buf_init(&whole);
    buf_init(&gamma);
    put_alpha_sets(&meet, B, group, k, g, 0);
    put_alpha_sets(&whole, B, group, k, g, 1);
    for (int j = 0; j < k; j++) {
        buf_printf(&gamma, "%s(if z%d_%d in a then {", j ? " union " : "", g, j);
        int first = 1;
        for (int i = 0; i < B->n; i++)
            if (group[i] == j) { buf_printf(&gamma, "%s%s", first ? "" : ", ", B->elem[i]); first = 0; }
        buf_puts(&gamma, "} else {})");
    }
    const char *up = buf_cstr(dual ? &whole : &meet), *lo = buf_cstr(dual ? &meet : &whole);
    put_eqs(out, up, buf_cstr(&gamma), lo, buf_cstr(&gamma));
    buf_free(&meet);
    buf_free(&whole);
    buf_free(&gamma);
}

static void galois_range(Gen *G, Buf *out, int l, int g, int dual)
{
    const Lat *B = &G->lat[lat_base(G, l)];
    int w = B->hi - B->lo, divisors[8], nd = 0;
    for (int d = 1; d <= w && nd < 8; d++)
        if (w % d == 0) divisors[nd++] = d;
    int d = divisors[gen_below2(G, nd)];
    buf_printf(out, "galois G%d : %s -> %srange 0..%d {\n", g, G->lat[l].name, dual ? "dual " : "", w / d);
    char up[80], lo[80], gamma[80];
    snprintf(up, sizeof up, "(x - (%d) + %d) / %d", B->lo, d - 1, d);
    snprintf(lo, sizeof lo, "(x - (%d)) / %d", B->lo, d);
    snprintf(gamma, sizeof gamma, "%d * a + (%d)", d, B->lo);
    put_eqs(out, dual ? lo : up, gamma, dual ? up : lo, gamma);
}

static void galois_product(Gen *G, Buf *out, int l, int g)
{
    const Lat *L = &G->lat[l];
    int i = gen_below2(G, L->n);
    buf_printf(out, "galois G%d : %s -> ", g, L->name);
    lat_put_type(G, out, L->part[i]);
    buf_puts(out, " {\n");
    char alpha[16];
    snprintf(alpha, sizeof alpha, "x.%d", i + 1);
    Buf up, lo;
    buf_init(&up);
    buf_init(&lo);
    for (int j = 0; j < L->n; j++) {
        buf_puts(&up, j ? ", " : "(");
        buf_puts(&lo, j ? ", " : "(");
        buf_puts(&up, j == i ? "a" : "top");
        buf_puts(&lo, j == i ? "a" : "bot");
    }
    buf_putc(&up, ')');
    buf_putc(&lo, ')');
    put_eqs(out, alpha, buf_cstr(&up), alpha, buf_cstr(&lo));
    buf_free(&up);
    buf_free(&lo);
}

static void galois_map(Gen *G, Buf *out, int l, int g)
{
    const Lat *L = &G->lat[l];
    buf_printf(out, "galois G%d : %s -> ", g, L->name);
    lat_put_type(G, out, L->part[0]);
    buf_puts(out, " {\n");
    Buf up, lo, gamma;
    buf_init(&up);
    buf_init(&lo);
    buf_init(&gamma);
    buf_putc(&gamma, '{');
    for (int j = 0; j < L->n; j++) {
        buf_printf(&up, "%sx[%s]", j ? " join " : "", L->elem[j]);
        buf_printf(&lo, "%sx[%s]", j ? " meet " : "", L->elem[j]);
        buf_printf(&gamma, "%s%s -> a", j ? ", " : "", L->elem[j]);
    }
    buf_putc(&gamma, '}');
    put_eqs(out, buf_cstr(&up), buf_cstr(&gamma), buf_cstr(&lo), buf_cstr(&gamma));
    buf_free(&up);
    buf_free(&lo);
    buf_free(&gamma);
}

/* onto Bool (is x above bot / is it top), or onto `dual Bool`, whose bot is true */
static void galois_bool(Gen *G, Buf *out, int l, int g)
{
    int dual = gen_chance2(G, 50);
    const char *t = dual ? "false" : "true", *f = dual ? "true" : "false";
    buf_printf(out, "galois G%d : %s -> %sBool {\n", g, G->lat[l].name, dual ? "dual " : "");
    char au[80], al[80], gu[80], gl[80];
    snprintf(au, sizeof au, "if x == bot then %s else %s", f, t);
    snprintf(al, sizeof al, "if x == top then %s else %s", t, f);
    snprintf(gu, sizeof gu, "if a == %s then bot else top", f);
    snprintf(gl, sizeof gl, "if a == %s then top else bot", t);
    put_eqs(out, au, gu, al, gl);
}

static void galois_identity(Gen *G, Buf *out, int l, int g)
{
    buf_printf(out, "galois G%d : %s -> %s {\n", g, G->lat[l].name, G->lat[l].name);
    put_eqs(out, "x", "a", "x", "a");
}

static void write_galois(Gen *G, Buf *out, int l, int g)
{
    int s = lat_shape(G, l), duals = 0, r = gen_below2(G, 10);
    for (int b = l; G->lat[b].kind == LK_DUAL; b = G->lat[b].part[0]) duals++;
    const Lat *B = &G->lat[lat_base(G, l)];
    if (r < 2) galois_identity(G, out, l, g);
    else if (r < 4 && G->lat[l].size >= 2) galois_bool(G, out, l, g);
    else if (s == LK_POW && duals <= 1) galois_powerset(G, out, l, g, duals);
    else if (s == LK_RANGE && duals <= 1 && B->hi > B->lo) galois_range(G, out, l, g, duals);
    else if (s == LK_PROD && !duals) galois_product(G, out, l, g);
    else if (s == LK_MAP && !duals) galois_map(G, out, l, g);
    else if (G->lat[l].size >= 2) galois_bool(G, out, l, g);
    else galois_identity(G, out, l, g);
}

void gal_declare_all(Gen *G, Buf *out)
{
    G->ngal = 0;
    if (!gen_chance2(G, 40)) return;
    int n = 1 + gen_below2(G, 3);
    for (int i = 0; i < n && G->ngal < MAX_GAL; i++) {
        int l = 2 + gen_below2(G, G->nlat - 2);
        if (!G->lat[l].named || !lat_finite(G, l) || !lat_has_consts(G, l)) continue;
        write_galois(G, out, l, G->ngal);
        G->gal_lat[G->ngal++] = l;
    }
}

int gal_for(Gen *G, int l)
{
    int cand[MAX_GAL], n = 0;
    for (int i = 0; i < G->ngal; i++)
        if (G->gal_lat[i] == l) cand[n++] = i;
    return n ? cand[gen_below2(G, n)] : -1;
}
