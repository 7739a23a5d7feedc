/* fixgen_coll.c: the loops of generated expressions: collections (elements, atoms, keys,
 * fixpoints, comprehensions), fold, quantifiers, set comprehensions, sup/inf over
 * intervals, lfp/gfp of bodies monotone by construction, and approx/refine/bnb values.
 * Each loop multiplies the cost of what it runs by the number of its items (Gen.mult), so
 * a function stays within its budget however its loops nest. */
#include <stdio.h>
#include <string.h>

#include "fixgen_int.h"

/* a collection type whose items are few enough to loop over */
int coll_type_random(Gen *G, Ty *ty)
{
    Ty tc = { TY_COLL, LAT_T, 0 };
    if (G->in_generic && gen_chance(G, 30) && pick_var(G, tc)) { *ty = tc; return 1; }
    for (int tries = 0; tries < 10; tries++) {
        int l = lat_random(G, 1);
        if (G->lat[l].size > 64 && gen_chance(G, 80)) continue;
        int key = lat_shape(G, l) == LK_MAP && !lat_is_dual(G, l) && (G->lat[l].inst || gen_chance(G, 40));
        if (G->lat[l].inst && !key) continue;         /* elements(...) takes a declared name */
        *ty = (Ty){ TY_COLL, l, key };
        return 1;
    }
    return 0;
}

static double coll_leaf(Gen *G, Buf *b, Ty ty)
{
    const Lat *L = &G->lat[ty.lat];
    const Var *v = gen_chance(G, 50) || ty.lat == LAT_T ? pick_var(G, ty) : NULL;
    if (v) { buf_puts(b, v->name); return ty.lat == LAT_T ? 16 : L->size; }
    const Var *r = !ty.key && gen_chance(G, 40) ? pick_var(G, (Ty){ TY_BNB, ty.lat, 0 }) : NULL;
    if (r) { buf_printf(b, "%s.fixpoints", r->name); return L->size; }
    if (ty.key) { buf_printf(b, "keys(%s)", L->name); return L->n; }
    if (lat_shape(G, ty.lat) == LK_POW && gen_chance(G, 50)) {
        const Lat *B = L;
        while (B->kind == LK_DUAL) B = &G->lat[B->part[0]];
        buf_printf(b, "atoms(%s)", L->name);
        return B->n;
    }
    spend(G, L->size);
    buf_printf(b, "elements(%s)", L->name);
    return L->size;
}

static void put_item_param(Gen *G, Buf *b, const char *name, Ty ty)
{
    buf_printf(b, "%s: ", name);
    if (ty.kind == TY_KEY) buf_puts(b, "key of ");
    lat_put_type(G, b, ty.lat);
}

static Ty item_of(Ty coll) { Ty t = { coll.key ? TY_KEY : TY_ELEM, coll.lat, 0 }; return t; }

/* { v in C | cond }: the items of C for which cond holds */
static double coll_filter(Gen *G, Buf *b, Ty ty, int depth)
{
    char name[8];
    buf_putc(b, '{');
    int saved = G->nvar;
    fresh_name(G, name);
    buf_printf(b, "%s in ", name);
    double n = gen_coll(G, b, ty, depth - 1);
    push_named(G, name, item_of(ty));
    double m = G->mult;
    G->mult *= n;
    buf_puts(b, " | ");
    gen_bool(G, b, depth - 1);
    G->mult = m;
    G->nvar = saved;
    buf_putc(b, '}');
    return n;
}

/* { e | v in C }: the images of the items of another collection */
static double coll_image(Gen *G, Buf *b, Ty ty, int depth)
{
    Ty src;
    if (ty.key || !coll_type_random(G, &src)) return -1;
    char name[8];
    int saved = G->nvar;
    fresh_name(G, name);
    Buf inner;
    buf_init(&inner);
    double n = gen_coll(G, &inner, src, depth - 1);
    push_named(G, name, item_of(src));
    double m = G->mult;
    G->mult *= n;
    buf_putc(b, '{');
    int ascribe = ty.lat == LAT_BOOL;      /* {(a in s) | ...} would read as a filter */
    if (ascribe) buf_putc(b, '(');
    gen_elem(G, b, ty.lat, depth - 1, 0);
    if (ascribe) buf_puts(b, " : Bool)");
    G->mult = m;
    G->nvar = saved;
    buf_printf(b, " | %s in %s}", name, buf_cstr(&inner));
    buf_free(&inner);
    return n;
}

/* a call of a helper whose result is a collection of ty's items */
static double coll_call(Gen *G, Buf *b, Ty ty, int depth)
{
    int cand[MAX_FN], n = 0;
    for (int j = 0; j < G->cur_fn; j++) {
        const Fn *f = &G->fn[j];
        if (f->callable && f->result.kind == TY_COLL && f->result.lat == ty.lat && f->result.key == ty.key
            && can_afford(G, f->cost) && engine_args_ok(G, f))
            cand[n++] = j;
    }
    if (!n) return -1;
    const Fn *f = &G->fn[cand[gen_below(G, n)]];
    spend(G, f->cost);
    buf_puts(b, f->name);
    gen_args(G, b, f, ty.lat, depth, 0);
    return G->lat[ty.lat].size;
}

double gen_coll(Gen *G, Buf *b, Ty ty, int depth)
{
    int r = depth <= 0 ? 0 : gen_below(G, 10);
    const Lat *L = &G->lat[ty.lat];
    if (r >= 3 && r < 5 && (G->nvar < MAX_VARS - 4)) return coll_filter(G, b, ty, depth);
    if (r >= 5 && r < 7 && G->nvar < MAX_VARS - 4) {
        double n = coll_image(G, b, ty, depth);
        if (n >= 0) return n;
    }
    if (r == 7 && !ty.key && can_afford(G, L->size * FNARG_COST)) {
        spend(G, L->size * FNARG_COST);
        buf_puts(b, "fixpoints(");
        gen_funvalue(G, b, ty.lat, depth - 1);
        buf_putc(b, ')');
        return L->size;
    }
    if (r == 9) {
        double n = coll_call(G, b, ty, depth);
        if (n >= 0) return n;
    }
    if (r == 8) {
        buf_puts(b, "(if ");
        gen_bool(G, b, depth - 1);
        buf_puts(b, " then ");
        double n1 = gen_coll(G, b, ty, depth - 1);
        buf_puts(b, " else ");
        double n2 = gen_coll(G, b, ty, depth - 1);
        buf_putc(b, ')');
        return n1 > n2 ? n1 : n2;
    }
    return coll_leaf(G, b, ty);
}

/* fold(C, start, g) with a declared g: (L, M) -> L */
static int fold_by_name(Gen *G, Buf *b, int l, int depth)
{
    int cand[MAX_FN], n = 0;
    for (int j = 0; j < G->cur_fn; j++) {
        const Fn *f = &G->fn[j];
        if (f->callable && !f->generic && f->nparams == 2 && f->param[0].kind == TY_ELEM
            && f->param[0].lat == l && f->param[1].kind == TY_ELEM && f->result.kind == TY_ELEM
            && f->result.lat == l && lat_finite(G, f->param[1].lat) && !G->lat[f->param[1].lat].inst
            && f->cost <= FNARG_COST)
            cand[n++] = j;
    }
    if (!n) return 0;
    const Fn *f = &G->fn[cand[gen_below(G, n)]];
    Ty ct = { TY_COLL, f->param[1].lat, 0 };
    buf_puts(b, "fold(");
    double items = gen_coll(G, b, ct, depth - 1);
    buf_puts(b, ", ");
    gen_elem(G, b, l, G->opt.sidestep_bugs ? 0 : depth - 1, 0);
    buf_printf(b, ", %s)", f->name);
    spend(G, items * f->cost);
    return 1;
}

/* fold(C, start, h) with a function parameter h: (L, M) -> L */
static int fold_by_param(Gen *G, Buf *b, int l, int depth)
{
    int cand[MAX_VARS], n = 0;
    for (int i = 0; i < G->nvar; i++)
        if (G->var[i].ty.kind == TY_FN && G->var[i].ty.lat == l && G->var[i].ty.key) cand[n++] = i;
    if (!n) return 0;
    const Var *h = &G->var[cand[gen_below(G, n)]];
    Ty ct = { TY_COLL, h->ty.key - 1, 0 };
    buf_puts(b, "fold(");
    double items = gen_coll(G, b, ct, depth - 1);
    buf_puts(b, ", ");
    gen_elem(G, b, l, G->opt.sidestep_bugs ? 0 : depth - 1, 0);
    buf_printf(b, ", %s)", h->name);
    spend(G, items * FNARG_COST);
    return 1;
}

/* fold(C, start, (acc: L, v: M => step)) */
void gen_fold(Gen *G, Buf *b, int l, int depth)
{
    if (gen_chance(G, 50) && fold_by_param(G, b, l, depth)) return;
    if (gen_chance(G, 25) && fold_by_name(G, b, l, depth)) return;
    Ty ct;
    if (!coll_type_random(G, &ct)) { gen_elem(G, b, l, 0, 0); return; }
    int saved = G->nvar, saved_base = G->lambda_base;
    buf_puts(b, "fold(");
    double n = gen_coll(G, b, ct, depth - 1);
    buf_puts(b, ", ");
    gen_elem(G, b, l, G->opt.sidestep_bugs ? 0 : depth - 1, 0);
    buf_puts(b, ", (");
    char acc[8], item[8];
    G->lambda_base = G->nvar;
    push_var(G, "v", (Ty){ TY_ELEM, l, 0 }, acc);
    push_var(G, "v", item_of(ct), item);
    put_item_param(G, b, acc, G->var[G->nvar - 2].ty);
    buf_puts(b, ", ");
    put_item_param(G, b, item, G->var[G->nvar - 1].ty);
    buf_puts(b, " => ");
    double m = G->mult;
    G->mult *= n > 0 ? n : 1;
    spend(G, 1);
    gen_elem(G, b, l, depth - 1, 1);
    G->mult = m;
    G->nvar = saved;
    G->lambda_base = saved_base;
    buf_puts(b, "))");
}

/* the atoms of a set or of a powerset lattice: the source of a comprehension or quantifier */
static int atoms_source(Gen *G, Buf *b, int l, int depth)
{
    const Lat *B = &G->lat[l];
    while (B->kind == LK_DUAL) B = &G->lat[B->part[0]];
    if (G->lat[l].named && gen_chance(G, 40)) buf_puts(b, G->lat[l].name); else gen_elem(G, b, l, depth - 1, 0);
    return B->n;
}

/* { a in S | cond } over the atoms of S */
void gen_comp_set(Gen *G, Buf *b, int l, int depth)
{
    char name[8];
    int saved = G->nvar;
    fresh_name(G, name);
    buf_printf(b, "{%s in ", name);
    int n = atoms_source(G, b, l, depth);
    push_named(G, name, (Ty){ TY_ATOM, l, 0 });
    double m = G->mult;
    G->mult *= n;
    buf_puts(b, " | ");
    gen_bool(G, b, depth - 1);
    G->mult = m;
    G->nvar = saved;
    buf_putc(b, '}');
}

static int pow_named(Gen *G)
{
    int cand[MAX_LAT], n = 0;
    for (int l = 2; l < G->nlat; l++)
        if (lat_shape(G, l) == LK_POW && G->lat[l].named) cand[n++] = l;
    return n ? cand[gen_below(G, n)] : -1;
}

/* forall / exists over the atoms of a set or over a collection */
void gen_quant(Gen *G, Buf *b, int depth)
{
    char name[8];
    int saved = G->nvar, l = pow_named(G);
    Ty ct;
    fresh_name(G, name);
    buf_printf(b, "(%s %s in ", gen_chance(G, 50) ? "forall" : "exists", name);
    double n;
    if (l >= 0 && gen_chance(G, 40)) {
        n = atoms_source(G, b, l, depth);
        push_named(G, name, (Ty){ TY_ATOM, l, 0 });
    } else if (coll_type_random(G, &ct) && can_afford(G, 1)) {
        n = gen_coll(G, b, ct, depth - 1);
        push_named(G, name, item_of(ct));
    } else {
        buf_puts(b, "elements(Bool)");
        n = 2;
        push_named(G, name, (Ty){ TY_ELEM, LAT_BOOL, 0 });
    }
    double m = G->mult;
    G->mult *= n;
    buf_puts(b, " : ");
    gen_bool(G, b, depth - 1);
    G->mult = m;
    G->nvar = saved;
    buf_putc(b, ')');
}

/* x in C, C1 == C2, C1 != C2 */
void gen_coll_bool(Gen *G, Buf *b, int depth)
{
    Ty ct;
    if (!coll_type_random(G, &ct) || !can_afford(G, 1)) { buf_puts(b, "true"); return; }
    buf_putc(b, '(');
    if (gen_chance(G, 50) && !ct.key) {
        gen_elem(G, b, ct.lat, depth - 1, 0);
        buf_puts(b, " in ");
    } else {
        gen_coll(G, b, ct, depth - 1);
        buf_puts(b, gen_chance(G, 50) ? " == " : " != ");
    }
    gen_coll(G, b, ct, depth - 1);
    buf_putc(b, ')');
}

/* sup { e | v in [lo .. hi] } over a finite lattice, lo below hi by construction */
void gen_supinf(Gen *G, Buf *b, int l, int depth)
{
    int m = lat_random(G, 1);
    double n = G->lat[m].size;
    if (!can_afford(G, n)) { gen_elem(G, b, l, 0, 0); return; }
    spend(G, n);
    char name[8];
    fresh_name(G, name);
    Buf lo;
    buf_init(&lo);
    int r = gen_below(G, 3);
    if (r == 0) buf_printf(&lo, "(bot : %s)", G->lat[m].name); else gen_elem(G, &lo, m, depth - 1, 0);
    buf_printf(b, "%s { ", gen_chance(G, 50) ? "sup" : "inf");
    push_named(G, name, (Ty){ TY_ELEM, m, 0 });
    double saved = G->mult;
    G->mult *= n;
    gen_elem(G, b, l, depth - 1, 0);
    G->mult = saved;
    G->nvar--;
    buf_printf(b, " | %s in [%s .. ", name, buf_cstr(&lo));
    if (r == 1) buf_puts(b, "top");
    else { buf_printf(b, "(%s join ", buf_cstr(&lo)); gen_elem(G, b, m, depth - 1, 0); buf_putc(b, ')'); }
    buf_puts(b, "]}");
    buf_free(&lo);
}

/* ---- bodies monotone by construction ---- */

static int mono_path(Gen *G, Buf *b, int l, const char *src, int srclat)
{
    if (l == srclat) { buf_puts(b, src); return 1; }
    const Lat *S = &G->lat[srclat];
    if (S->kind == LK_PROD)
        for (int i = 0; i < S->n; i++)
            if (S->part[i] == l) { buf_printf(b, "%s.%d", src, i + 1); return 1; }
    if (S->kind == LK_MAP && S->part[0] == l) { buf_printf(b, "%s[%s]", src, S->elem[gen_below(G, S->n)]); return 1; }
    return 0;
}

static int mono_reaches(const Gen *G, int l, int srclat)
{
    const Lat *S = &G->lat[srclat];
    if (l == srclat) return 1;
    if (S->kind == LK_PROD) for (int i = 0; i < S->n; i++) if (S->part[i] == l) return 1;
    return S->kind == LK_MAP && S->part[0] == l;
}

static void mono_bin(Gen *G, Buf *b, int l, int depth, const char *src, int srclat, const char *op, int right_free)
{
    buf_putc(b, '(');
    gen_mono(G, b, l, depth - 1, src, srclat);
    buf_printf(b, " %s ", op);
    if (right_free) gen_elem(G, b, l, depth - 1, 0); else gen_mono(G, b, l, depth - 1, src, srclat);
    buf_putc(b, ')');
}

static int mono_call(Gen *G, Buf *b, int l, int depth, const char *src, int srclat)
{
    int cand[MAX_FN], n = 0;
    for (int j = 0; j < G->cur_fn; j++) {
        const Fn *f = &G->fn[j];
        if (f->monotone && f->callable && f->result.lat == l && can_afford(G, f->cost)) cand[n++] = j;
    }
    if (!n) return 0;
    const Fn *f = &G->fn[cand[gen_below(G, n)]];
    spend(G, f->cost);
    buf_printf(b, "%s(", f->name);
    gen_mono(G, b, l, depth - 1, src, srclat);
    buf_putc(b, ')');
    return 1;
}

static int mono_shape(Gen *G, Buf *b, int l, int depth, const char *src, int srclat)
{
    const Lat *L = &G->lat[l];
    switch (lat_shape(G, l)) {
    case LK_POW:
        if (gen_chance(G, 25)) { mono_bin(G, b, l, depth, src, srclat, "minus", 1); return 1; }
        mono_bin(G, b, l, depth, src, srclat, gen_chance(G, 50) ? "union" : "inter", 0);
        return 1;
    case LK_BOOL: mono_bin(G, b, l, depth, src, srclat, gen_chance(G, 50) ? "and" : "or", 0); return 1;
    case LK_RANGE: {
        int base = l;
        while (G->lat[base].kind == LK_DUAL) base = G->lat[base].part[0];
        buf_printf(b, "max(%s%d%s, min(%s%d%s, ", G->lat[base].lo < 0 ? "(" : "", G->lat[base].lo,
                   G->lat[base].lo < 0 ? ")" : "", G->lat[base].hi < 0 ? "(" : "", G->lat[base].hi,
                   G->lat[base].hi < 0 ? ")" : "");
        gen_mono(G, b, l, depth - 1, src, srclat);
        buf_printf(b, " + %d))", gen_below(G, 4) - 1);
        return 1;
    }
    case LK_PROD:
        if (L->kind != LK_PROD) return 0;
        buf_puts(b, "(");
        for (int i = 0; i < L->n; i++) {
            if (i) buf_puts(b, ", ");
            gen_mono(G, b, L->part[i], depth - 1, src, srclat);
        }
        buf_puts(b, ")");
        return 1;
    case LK_MAP:
        if (L->kind != LK_MAP) return 0;
        buf_puts(b, "{");
        for (int i = 0; i < L->n; i++) {
            buf_printf(b, "%s%s -> ", i ? ", " : "", L->elem[i]);
            gen_mono(G, b, L->part[0], depth - 1, src, srclat);
        }
        buf_puts(b, "}");
        return 1;
    default: return 0;
    }
}

/* an expression of lattice l monotone in src (of lattice srclat); src is not a variable of
 * G's scope, so the parts that do not use it cannot depend on it */
void gen_mono(Gen *G, Buf *b, int l, int depth, const char *src, int srclat)
{
    int reach = mono_reaches(G, l, srclat);
    if (depth <= 0) {
        if (reach && gen_chance(G, 80)) { mono_path(G, b, l, src, srclat); return; }
        gen_elem(G, b, l, 0, 0);
        return;
    }
    for (int tries = 0; tries < 10; tries++) {
        int r = gen_below(G, 100);
        if (r < 20 && reach) { mono_path(G, b, l, src, srclat); return; }
        if (r < 28) { gen_elem(G, b, l, depth - 1, 0); return; }
        if (r < 42) { mono_bin(G, b, l, depth, src, srclat, gen_chance(G, 50) ? "join" : "meet", 0); return; }
        if (r < 52) {
            buf_puts(b, "(if ");
            gen_bool(G, b, depth - 1);
            buf_puts(b, " then ");
            gen_mono(G, b, l, depth - 1, src, srclat);
            buf_puts(b, " else ");
            gen_mono(G, b, l, depth - 1, src, srclat);
            buf_putc(b, ')');
            return;
        }
        if (r < 60 && mono_call(G, b, l, depth, src, srclat)) return;
        if (r >= 60 && mono_shape(G, b, l, depth, src, srclat)) return;
    }
    gen_elem(G, b, l, 0, 0);
}

/* an expression of lattice l (a powerset or a range) antitone in src */
void gen_anti(Gen *G, Buf *b, int l, int depth, const char *src, int srclat)
{
    int r = depth <= 0 ? 0 : gen_below(G, 10);
    if (r >= 6) {
        buf_puts(b, r < 8 ? "(if " : "(");
        if (r < 8) { gen_bool(G, b, depth - 1); buf_puts(b, " then "); }
        gen_anti(G, b, l, depth - 1, src, srclat);
        buf_puts(b, r < 8 ? " else " : gen_chance(G, 50) ? " join " : " meet ");
        gen_anti(G, b, l, depth - 1, src, srclat);
        buf_putc(b, ')');
        return;
    }
    if (lat_shape(G, l) == LK_POW) {
        buf_putc(b, '(');
        gen_elem(G, b, l, depth - 1, 0);
        buf_puts(b, " minus ");
        gen_mono(G, b, l, depth - 1, src, srclat);
        buf_putc(b, ')');
        return;
    }
    int base = l;
    while (G->lat[base].kind == LK_DUAL) base = G->lat[base].part[0];
    int lo = G->lat[base].lo, hi = G->lat[base].hi;
    buf_printf(b, "max(%s%d%s, min(%d, %d - (", lo < 0 ? "(" : "", lo, lo < 0 ? ")" : "", hi, gen_below(G, 5));
    gen_mono(G, b, l, depth - 1, src, srclat);
    buf_puts(b, " + 0)))");
}

/* lfp / gfp of a lambda monotone in its parameter, or of a function declared monotone */
void gen_fixpoint(Gen *G, Buf *b, int l, int depth)
{
    const char *op = gen_chance(G, 50) ? "lfp" : "gfp";
    double n = G->lat[l].height + 2;
    spend(G, n);
    for (int j = 0; j < G->cur_fn; j++) {
        const Fn *f = &G->fn[j];
        if (f->monotone && f->callable && f->result.lat == l && gen_chance(G, 40) && can_afford(G, n * f->cost)) {
            spend(G, n * f->cost);
            buf_printf(b, "%s(%s)", op, f->name);
            return;
        }
    }
    char name[8];
    fresh_name(G, name);
    int paren = gen_chance(G, 50), saved_base = G->lambda_base;
    buf_printf(b, "%s(%s%s: ", op, paren ? "(" : "", name);
    lat_put_type(G, b, l);
    buf_puts(b, " => ");
    double m = G->mult;
    G->mult *= n;
    G->lambda_base = G->nvar;
    gen_mono(G, b, l, depth - 1, name, l);
    G->lambda_base = saved_base;
    G->mult = m;
    buf_puts(b, paren ? "))" : ")");
}

/* an f on l whose calls are cheap enough for the engine, or NULL */
const Fn *engine_fn(Gen *G, int l)
{
    int cand[MAX_FN], n = 0;
    for (int j = 0; j < G->cur_fn; j++) {
        const Fn *f = &G->fn[j];
        if (f->callable && f->name[0] == 'f' && f->cost <= 60 && G->lat[f->result.lat].size <= 16
            && (l < 0 || f->result.lat == l))
            cand[n++] = j;
    }
    return n ? &G->fn[cand[gen_below(G, n)]] : NULL;
}

void put_bnb(Gen *G, Buf *b, const Fn *f)
{
    static const char *const opts[] = { "", " rounds 1", ", budget 2", " split last", ", split first",
                                        " from [bot .. top]", " split random, rounds 2" };
    buf_printf(b, "bnb(%s%s", f->name, opts[gen_below(G, 7)]);
    int g = gal_for(G, f->result.lat);
    if (g >= 0 && gen_chance2(G, 40)) buf_printf(b, " via G%d", g);
    if (gen_chance2(G, 25)) buf_puts(b, " policy paper");
    if (gen_chance2(G, 10)) buf_puts(b, ", jobs 2");
    if ((f->envelope || f->monotone || f->antitone) && gen_chance2(G, 30)) buf_puts(b, " envelope declared");
    buf_putc(b, ')');
}

/* an argument for an `interval of L` or `bnb result of L` parameter (engine_fn(L) exists) */
void gen_engine_arg(Gen *G, Buf *b, Ty ty)
{
    const Fn *f = engine_fn(G, ty.lat);
    spend(G, 300);
    if (ty.kind == TY_BNB) put_bnb(G, b, f);
    else if (gen_chance(G, 50)) buf_printf(b, "approx(%s)", f->name);
    else buf_printf(b, "refine(%s, bot, top)", f->name);
}

/* approx(f).lo, refine(f, bot, top).hi, a bnb result's fixed points or bounds folded */
void gen_engine(Gen *G, Buf *b, int l, int depth)
{
    const Fn *f = engine_fn(G, l);
    if (!f) { gen_elem(G, b, l, 0, 0); return; }
    spend(G, 300);
    int r = gen_below(G, 4);
    if (r == 0) { buf_printf(b, "approx(%s).%s", f->name, gen_chance(G, 50) ? "lo" : "hi"); return; }
    if (r == 1) { buf_printf(b, "refine(%s, bot, top).%s", f->name, gen_chance(G, 50) ? "lo" : "hi"); return; }
    buf_puts(b, "fold(");
    put_bnb(G, b, f);
    buf_puts(b, r == 2 ? ".fixpoints, " : ".final, ");
    gen_elem(G, b, l, G->opt.sidestep_bugs ? 0 : depth - 1, 0);
    buf_puts(b, ", (a: ");
    lat_put_type(G, b, l);
    buf_puts(b, r == 2 ? ", y: " : ", i: interval of ");
    lat_put_type(G, b, l);
    const char *op = gen_chance(G, 50) ? "join" : "meet";
    if (r == 2) buf_printf(b, " => a %s y))", op);
    else buf_printf(b, " => a %s i.%s))", op, gen_chance(G, 50) ? "lo" : "hi");
}

/* r.complete, a quantifier over r.final, approx(f) == refine(f, bot, top) */
int gen_engine_bool(Gen *G, Buf *b)
{
    const Fn *f = G->mult > 1 || !can_afford(G, 400) ? NULL : engine_fn(G, -1);
    if (!f) return 0;
    spend(G, 300);
    int r = gen_below(G, 3);
    if (r == 0) { put_bnb(G, b, f); buf_puts(b, ".complete"); return 1; }
    if (r == 1) {
        buf_printf(b, "(%s i in ", gen_chance(G, 50) ? "forall" : "exists");
        put_bnb(G, b, f);
        buf_printf(b, ".final : i.lo %s i.hi)", gen_chance(G, 50) ? "==" : "<=");
        return 1;
    }
    buf_printf(b, "(approx(%s) %s refine(%s, bot, top))", f->name, gen_chance(G, 50) ? "==" : "!=", f->name);
    return 1;
}
