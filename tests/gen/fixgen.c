/* fixgen.c: one random program: its lattices (fixgen_lat.c), helper functions g0, g1, ...
 * (plain, taking a function, generic in T), the functions f0, f1, ... from a finite lattice
 * into itself (some declared monotone with a body monotone by construction, some tables),
 * r0, r1, ... on reals, and a few queries.  A function calls only those declared before it,
 * so no call recurses and every call's cost is bounded. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixgen_int.h"

int gen_below(Gen *G, int n) { return n <= 1 ? 0 : (int)rng_below(&G->rng, (uint64_t)n); }

int gen_chance(Gen *G, int percent) { return gen_below(G, 100) < percent; }

static void begin_fn(Gen *G, const char *prefix, int number)
{
    Fn *f = &G->fn[G->nfn];
    memset(f, 0, sizeof *f);
    snprintf(f->name, sizeof f->name, "%s%d", prefix, number);
    f->callable = 1;
    G->cur_fn = G->nfn;
    G->nvar = 0;
    G->lambda_base = 0;
    G->strict_base = 0;
    G->fresh = 0;
    G->used = 0;
    G->mult = 1;
    G->budget = BUDGET;
    G->noloop = 0;
    G->in_generic = 0;
}

static void end_fn(Gen *G)
{
    G->fn[G->nfn].cost = G->used + 1;
    G->nfn++;
}

static void put_ty(const Gen *G, Buf *b, Ty ty)
{
    if (ty.kind == TY_COLL) buf_puts(b, ty.key ? "collection of key of " : "collection of ");
    if (ty.kind == TY_KEY) buf_puts(b, "key of ");
    if (ty.kind == TY_ITV) buf_puts(b, "interval of ");
    if (ty.kind == TY_BNB) buf_puts(b, "bnb result of ");
    if (ty.kind == TY_FN && ty.key) {
        buf_putc(b, '(');
        lat_put_type(G, b, ty.lat);
        buf_puts(b, ", ");
        lat_put_type(G, b, ty.key - 1);
        buf_puts(b, ") -> ");
    } else if (ty.kind == TY_FN) {
        lat_put_type(G, b, ty.lat);
        buf_puts(b, " -> ");
    }
    lat_put_type(G, b, ty.lat);
}

/* a finite declared lattice that elements(...) takes (not an instance of a generic one) */
static int plain_finite(Gen *G)
{
    for (int tries = 0; tries < 20; tries++) {
        int l = lat_random(G, 1);
        if (!G->lat[l].inst && G->lat[l].size <= 64) return l;
    }
    return LAT_BOOL;
}

static void add_param(Gen *G, Buf *b, Ty ty, const char *name)
{
    Fn *f = &G->fn[G->nfn];
    if (f->nparams == MAX_PARAMS) abort();     /* write_helper adds at most 7 */
    f->param[f->nparams++] = ty;
    push_named(G, name, ty);
    buf_printf(b, "%s%s: ", f->nparams > 1 ? ", " : "", name);
    put_ty(G, b, ty);
}

/* k0: key of M, for a declared map lattice M */
static void add_key_param(Gen *G, Buf *out)
{
    for (int tries = 0; tries < 10; tries++) {
        int l = lat_random(G, 1);
        if (G->lat[l].kind != LK_MAP) continue;
        add_param(G, out, (Ty){ TY_KEY, l, 0 }, "k0");
        return;
    }
}

/* i0: interval of L or r0: bnb result of L, for a small finite L (calls give approx(f),
 * refine(f, bot, top) or bnb(f ...) of an f on L) */
static void add_engine_param(Gen *G, Buf *out)
{
    for (int tries = 0; tries < 10; tries++) {
        int l = lat_random(G, 1);
        if (G->lat[l].size > 16 || G->lat[l].inst) continue;
        int bnb = gen_chance(G, 40);
        add_param(G, out, (Ty){ bnb ? TY_BNB : TY_ITV, l, 0 }, bnb ? "r0" : "i0");
        return;
    }
}

/* a collection parameter: of T in a generic now and then */
static void add_coll_param(Gen *G, Buf *out, int generic)
{
    Ty ct;
    if (generic && gen_chance(G, 50)) ct = (Ty){ TY_COLL, LAT_T, 0 };
    else if (!coll_type_random(G, &ct)) return;
    add_param(G, out, ct, "c0");
}

/* a helper: plain, with a function parameter, or generic in T */
static void write_helper(Gen *G, Buf *out, int number)
{
    begin_fn(G, "g", number);
    Fn *f = &G->fn[G->nfn];
    int kind = gen_below(G, 10), fin = G->opt.finite_only;
    f->generic = kind >= 7;
    G->in_generic = f->generic;
    buf_printf(out, "fn %s%s(", f->name, f->generic ? "[T]" : "");
    int result = f->generic ? LAT_T : lat_random(G, fin);
    if (kind >= 5 && kind != 7) {
        int a = f->generic ? LAT_T : lat_random(G, 1);
        int second = gen_chance(G, 30) ? plain_finite(G) : -1;   /* (A, M) -> A */
        add_param(G, out, (Ty){ TY_FN, a, second + 1 }, "h0");
    }
    int np = 1 + gen_below(G, 3);
    int step = kind < 5 && gen_chance(G, 35);      /* (R, M) -> R: a fold's step */
    if (step) np = 2;
    for (int i = 0; i < np; i++) {
        char name[8];
        snprintf(name, sizeof name, "x%d", i % 10);
        int l = f->generic && (i == 0 || gen_chance(G, 50)) ? LAT_T : step && i == 0 ? result : lat_random(G, step || fin);
        add_param(G, out, (Ty){ TY_ELEM, l, 0 }, name);
    }
    if (!step && gen_chance(G, 20)) add_coll_param(G, out, f->generic);
    if (!step && gen_chance(G, 15)) add_key_param(G, out);
    if (!step && !f->generic && gen_chance(G, 12)) add_engine_param(G, out);
    f->result = (Ty){ TY_ELEM, result, 0 };
    if (!f->generic && !step && gen_chance(G, 12) && coll_type_random(G, &f->result)) {}
    else if (!f->generic && !step && gen_chance(G, 10)) f->result = (Ty){ TY_FN, lat_random(G, 1), 0 };
    buf_puts(out, "): ");
    put_ty(G, out, f->result);
    buf_puts(out, " =\n  ");
    gen_expr(G, out, f->result, G->opt.max_depth, 1);
    buf_puts(out, ";\n");
    end_fn(G);
}

static int plain_range(Gen *G)
{
    int cand[MAX_LAT], n = 0;
    for (int l = 2; l < G->nlat; l++)
        if (G->lat[l].named && G->lat[l].kind == LK_RANGE && G->lat[l].hi > G->lat[l].lo) cand[n++] = l;
    return n ? cand[gen_below(G, n)] : -1;
}

/* a helper that calls itself on a smaller number: in tail position (an accumulator), or
 * not (its result bound by let); it ends, as the number goes down to the range's bottom */
static int write_recursive(Gen *G, Buf *out, int number)
{
    int rl = plain_range(G);
    if (rl < 0) return 0;
    begin_fn(G, "g", number);
    Fn *f = &G->fn[G->nfn];
    const Lat *R = &G->lat[rl];
    int m = lat_random(G, 1), tail = gen_chance(G, 50);
    buf_printf(out, "fn %s(", f->name);
    add_param(G, out, (Ty){ TY_ELEM, rl, 0 }, "x0");
    add_param(G, out, (Ty){ TY_ELEM, m, 0 }, "x1");
    f->result = (Ty){ TY_ELEM, m, 0 };
    buf_puts(out, "): ");
    lat_put_type(G, out, m);
    buf_printf(out, " =\n  if x0 <= %d then ", R->lo);
    G->mult = R->hi - R->lo + 1;
    gen_elem(G, out, m, G->opt.max_depth - 1, 1);
    if (tail) {
        buf_printf(out, "\n  else %s(max(%d, x0 - 1), ", f->name, R->lo);
        gen_elem(G, out, m, G->opt.max_depth - 1, 1);
        buf_puts(out, ");\n");
    } else {
        char v[8];
        fresh_name(G, v);
        buf_printf(out, "\n  else let %s = %s(max(%d, x0 - 1), x1) in ", v, f->name, R->lo);
        push_named(G, v, f->result);
        gen_elem(G, out, m, G->opt.max_depth - 1, 1);
        buf_puts(out, ";\n");
    }
    end_fn(G);
    return 1;
}

static void write_table(Gen *G, Buf *out, int l)
{
    buf_puts(out, "table {");
    for (int i = 0; i < (int)G->lat[l].size; i++) {
        buf_puts(out, i ? ",\n    " : "\n    ");
        lat_put_const(G, out, l, (double)i);
        buf_puts(out, " -> ");
        gen_elem(G, out, l, 1, 1);
    }
    buf_puts(out, " }");
}

/* envelope f {...}: exact by definition (sup / inf over the interval), or from the
 * annotation (f(x) for a monotone f, f(lo) and f(hi) for an antitone one) */
static void write_envelope(Gen *G, Buf *out, const Fn *f, int anti)
{
    const char *n = f->name;
    buf_printf(out, "envelope %s {\n", n);
    if (gen_chance2(G, 30)) {             /* sound, not tight: more than the envelope */
        if (gen_chance2(G, 30)) buf_puts(out, "  upper(lo, hi, x) = top;\n  lower(lo, hi, x) = bot;\n");
        else buf_printf(out, "  upper(lo, hi, x) = sup { %s(y) | y in [lo .. x] } join %s(hi);\n"
                             "  lower(lo, hi, x) = %s(lo) meet inf { %s(y) | y in [x .. hi] };\n", n, n, n, n);
    } else if (anti) buf_printf(out, "  upper(lo, hi, x) = %s(lo);\n  lower(lo, hi, x) = %s(hi);\n", n, n);
    else if (f->monotone && gen_chance(G, 60))
        buf_printf(out, "  upper(lo, hi, x) = %s(x);\n  lower(lo, hi, x) = %s(x);\n", n, n);
    else
        buf_printf(out, "  upper(lo, hi, x) = sup { %s(y) | y in [lo .. x] };\n"
                        "  lower(lo, hi, x) = inf { %s(y) | y in [x .. hi] };\n", n, n);
    buf_puts(out, "}\n");
}

/* f: a finite lattice into itself; r: the same on a lattice of reals */
static void write_fn(Gen *G, Buf *out, const char *prefix, int number, int l)
{
    begin_fn(G, prefix, number);
    Fn *f = &G->fn[G->nfn];
    int r = gen_below(G, 10), table = r == 0 && lat_has_consts(G, l) && G->lat[l].size <= 12;
    int shape = lat_shape(G, l), fin = prefix[0] == 'f';
    int anti = fin && r == 3 && (shape == LK_POW || shape == LK_RANGE);
    double size = G->lat[l].size;
    if (fin && size * G->budget > F_WORK) G->budget = F_WORK / size;   /* brute force runs it on every element */
    f->monotone = fin && !table && (r == 1 || r == 2);
    buf_printf(out, "fn %s(", f->name);
    add_param(G, out, (Ty){ TY_ELEM, l, 0 }, "x");
    f->result = (Ty){ TY_ELEM, l, 0 };
    buf_puts(out, "): ");
    lat_put_type(G, out, l);
    buf_puts(out, f->monotone ? " monotone =\n  " : anti ? " antitone =\n  " : " =\n  ");
    if (table) write_table(G, out, l);
    else if (f->monotone || anti) {
        G->nvar = 0;                       /* x only through gen_mono / gen_anti */
        if (anti) gen_anti(G, out, l, G->opt.max_depth, "x", l);
        else gen_mono(G, out, l, G->opt.max_depth, "x", l);
    } else gen_elem(G, out, l, G->opt.max_depth, 1);
    buf_puts(out, ";\n");
    end_fn(G);
    f->antitone = anti;
    f->envelope = fin && (anti || (size <= 32 && gen_chance(G, 12)));
    if (f->envelope) write_envelope(G, out, f, anti);
}

static int real_lattice(Gen *G)
{
    int cand[MAX_LAT], n = 0;
    for (int l = 2; l < G->nlat; l++)
        if (G->lat[l].named && G->lat[l].size >= 1e9 && lat_shape(G, l) != LK_TPARAM) cand[n++] = l;
    return n ? cand[gen_below(G, n)] : -1;
}

/* approx, refine and bnb queries with the options the expressions seldom take: a galois
 * insertion, `policy paper`, the declared envelope */
static void write_engine_queries(Gen *G, Buf *out, const Fn *f)
{
    int g = gal_for(G, f->param[0].lat), declared = f->envelope || f->monotone || f->antitone;
    if (g >= 0 && gen_chance2(G, 70)) {
        buf_printf(out, "approx %s via G%d;\n", f->name, g);
        if (gen_chance2(G, 50)) buf_printf(out, "refine %s via G%d steps %d;\n", f->name, g, gen_below2(G, 3));
        buf_printf(out, "bnb %s via G%d%s;\n", f->name, g, gen_chance2(G, 50) ? " policy paper" : "");
    }
    if (gen_chance2(G, 30))
        buf_printf(out, "bnb %s policy %s%s;\n", f->name, gen_chance2(G, 70) ? "paper" : "isolate",
                   declared && gen_chance2(G, 50) ? " envelope declared" : "");
    if (declared && gen_chance2(G, 25)) buf_printf(out, "approx %s envelope declared;\n", f->name);
    if (f->monotone && gen_chance2(G, 30)) buf_printf(out, "%s %s;\n", gen_chance2(G, 50) ? "lfp" : "gfp", f->name);
    if (gen_chance2(G, 15)) buf_printf(out, "refine %s from [bot .. top] steps %d trace;\n", f->name, gen_below2(G, 3));
    if (gen_chance2(G, 15))
        buf_printf(out, "bnb %s rounds %d split %s jobs %d trace;\n", f->name, 1 + gen_below2(G, 3),
                   gen_chance2(G, 50) ? "random" : "widest", 1 + gen_below2(G, 3));
}

static void write_queries(Gen *G, Buf *out)
{
    for (int j = 0; j < G->nfn; j++) {
        const Fn *f = &G->fn[j];
        if (f->name[0] == 'g') continue;
        int l = f->param[0].lat;
        buf_printf(out, "show %s(", f->name);
        if (lat_has_consts(G, l)) lat_put_random_const(G, out, l); else buf_puts(out, "bot");
        buf_puts(out, ");\n");
        if (f->name[0] == 'f' && G->lat[l].size <= 64 && gen_chance(G, 50))
            buf_printf(out, "fixpoints %s;\n", f->name);
        if (f->monotone || f->antitone)
            buf_printf(out, "check %s %s;\n", f->name, f->monotone ? "monotone" : "antitone");
        if (f->envelope) buf_printf(out, "check envelope %s;\n", f->name);
        if (f->name[0] == 'f' && G->lat[l].size <= 64) write_engine_queries(G, out, f);
    }
    for (int g = 0; g < G->ngal; g++)
        if (gen_chance2(G, 60)) buf_printf(out, "check galois G%d;\n", g);
}

void fixgen_program(uint64_t seed, const FixgenOptions *opt, Buf *out)
{
    Gen *G = calloc(1, sizeof *G);
    if (!G) return;
    if (opt) G->opt = *opt;
    if (G->opt.max_depth <= 0) G->opt.max_depth = 4;
    if (G->opt.max_fns <= 0) G->opt.max_fns = 5;
    G->rng.state = seed * 0x2545f4914f6cdd1dULL + 1;
    G->rng2.state = seed * 0x9e3779b97f4a7c15ULL + 7;
    buf_printf(out, "// fixgen seed %llu\n", (unsigned long long)seed);
    lat_declare_all(G, out);
    gal_declare_all(G, out);
    int ng = 1 + gen_below(G, 4);
    for (int i = 0; i < ng; i++)
        if (!gen_chance(G, 15) || !write_recursive(G, out, i)) write_helper(G, out, i);
    int nf = 1 + gen_below(G, G->opt.max_fns), nr = 0;
    for (int i = 0; i < nf; i++) {
        int rl = real_lattice(G);
        if (rl >= 0 && gen_chance(G, 25)) write_fn(G, out, "r", nr++, rl);
        else write_fn(G, out, "f", i - nr, lat_random(G, 1));
    }
    if (!G->opt.no_queries) write_queries(G, out);
    free(G);
}
