/* fixgen_expr.c: random expressions of a wanted type: lattice elements (by the lattice's
 * shape), integers, reals, booleans, function values and the monotone bodies of lfp and of
 * functions declared monotone.  Every compound expression is written in parentheses; a
 * constant whose lattice the context does not tell (ctx 0) is ascribed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixgen_int.h"

/* ---- variables and cost ---- */

static int ty_eq(Ty a, Ty b) { return a.kind == b.kind && a.lat == b.lat && a.key == b.key; }

static int capturable(Ty t) { return t.kind != TY_INT && t.kind != TY_REAL && t.kind != TY_ATOM; }

static Var *new_var(Gen *G)
{
    if (G->nvar >= MAX_VARS) {                     /* only a depth far past the default nests so */
        fprintf(stderr, "fixgen: more than %d names in scope (use a smaller -d)\n", MAX_VARS);
        exit(2);
    }
    return &G->var[G->nvar];
}

int push_var(Gen *G, const char *prefix, Ty ty, char *name_out)
{
    Var *v = new_var(G);
    snprintf(v->name, sizeof v->name, "%s%d", prefix, G->fresh++);
    v->ty = ty;
    if (name_out) snprintf(name_out, 8, "%s", v->name);
    return G->nvar++;
}

void fresh_name(Gen *G, char *name) { snprintf(name, 8, "v%d", G->fresh++); }

void push_named(Gen *G, const char *name, Ty ty)
{
    Var *v = new_var(G);
    snprintf(v->name, sizeof v->name, "%s", name);
    v->ty = ty;
    G->nvar++;
}

const Var *pick_var(Gen *G, Ty ty)
{
    int cand[MAX_VARS], n = 0;
    int strict_ok = ty.kind == TY_ELEM || ty.kind == TY_FN;
    for (int i = 0; i < G->nvar; i++)
        if (ty_eq(G->var[i].ty, ty) && (i >= G->lambda_base || capturable(ty)) && (i >= G->strict_base || strict_ok))
            cand[n++] = i;
    return n ? &G->var[cand[gen_below(G, n)]] : NULL;
}

int can_afford(const Gen *G, double cost)
{
    return !G->noloop && G->used + G->mult * cost <= G->budget;
}

void spend(Gen *G, double cost) { G->used += G->mult * cost; }

static int room(const Gen *G) { return G->nvar < MAX_VARS - 4; }

/* ---- leaves ---- */

static void put_int_lit(Buf *b, int v) { if (v < 0) buf_printf(b, "(%d)", v); else buf_printf(b, "%d", v); }

static void put_const_ctx(Gen *G, Buf *b, int l, int ctx)
{
    if (ctx) { lat_put_random_const(G, b, l); return; }
    buf_putc(b, '(');
    lat_put_random_const(G, b, l);
    buf_puts(b, " : ");
    lat_put_type(G, b, l);
    buf_putc(b, ')');
}

static void put_botop(Gen *G, Buf *b, int l, int ctx)
{
    const char *w = gen_chance(G, 50) ? "bot" : "top";
    if (ctx) { buf_puts(b, w); return; }
    buf_printf(b, "(%s : ", w);
    lat_put_type(G, b, l);
    buf_putc(b, ')');
}

static void elem_leaf(Gen *G, Buf *b, int l, int ctx)
{
    Ty t = { TY_ELEM, l, 0 };
    const Var *v = gen_chance(G, 60) ? pick_var(G, t) : NULL;
    if (v) { buf_puts(b, v->name); return; }
    const Var *i = gen_chance(G, 30) ? pick_var(G, (Ty){ TY_ITV, l, 0 }) : NULL;
    if (i) { buf_printf(b, "%s.%s", i->name, gen_chance(G, 50) ? "lo" : "hi"); return; }
    if (l == LAT_BOOL) { buf_puts(b, gen_chance(G, 50) ? "true" : "false"); return; }
    if (lat_has_consts(G, l) && gen_chance(G, 75)) { put_const_ctx(G, b, l, ctx); return; }
    put_botop(G, b, l, ctx);
}

/* an element of a part written in place, where no context tells its lattice */
static void via_parent(Gen *G, Buf *b, int l, int depth)
{
    const Lat *L = &G->lat[l];
    const Lat *P = &G->lat[L->parent];
    buf_putc(b, '(');
    gen_elem(G, b, L->parent, depth > 0 ? depth - 1 : 0, 0);
    if (P->kind == LK_PROD) buf_printf(b, ").%d", L->pidx + 1);
    else buf_printf(b, ")[%s]", P->elem[gen_below(G, P->n)]);
}

/* ---- numbers ---- */

static void open_ascribed(Buf *b, int ctx);
static void close_ascribed(Gen *G, Buf *b, int l, int ctx);

static void clamp_open(Buf *b, int lo, int hi)
{
    buf_puts(b, "max(");
    put_int_lit(b, lo);
    buf_puts(b, ", min(");
    put_int_lit(b, hi);
    buf_puts(b, ", ");
}

static int range_var_lat(Gen *G, int real)
{
    int cand[MAX_LAT], n = 0;
    for (int l = 2; l < G->nlat; l++) {
        int s = lat_shape(G, l);
        if ((real ? s == LK_REAL : s == LK_RANGE) && G->lat[l].live) cand[n++] = l;
    }
    return n ? cand[gen_below(G, n)] : -1;
}

static void gen_numop(Gen *G, Buf *b, int depth, int real)
{
    int r = gen_below(G, 6);
    void (*sub)(Gen *, Buf *, int) = real ? gen_real : gen_int;
    buf_putc(b, '(');
    if (r == 0 || r == 1) {
        sub(G, b, depth - 1);
        buf_puts(b, r ? " + " : " - ");
        sub(G, b, depth - 1);
    } else if (r == 2) {
        sub(G, b, depth - 1);
        buf_puts(b, " * ");
        put_int_lit(b, gen_below(G, 7) - 3);
    } else if (r == 3) {
        sub(G, b, depth - 1);
        static const int divs[] = { 1, 2, 3, -2, 4 };
        buf_puts(b, real ? " / " : (gen_chance(G, 50) ? " / " : " mod "));
        put_int_lit(b, divs[gen_below(G, 5)]);
    } else if (r == 4) {
        buf_puts(b, gen_chance(G, 50) ? "min(" : "max(");
        sub(G, b, depth - 1);
        buf_puts(b, ", ");
        sub(G, b, depth - 1);
        buf_putc(b, ')');
    } else {
        buf_puts(b, gen_chance(G, 50) ? "abs(" : "-(");
        sub(G, b, depth - 1);
        buf_putc(b, ')');
    }
    buf_putc(b, ')');
}

static void gen_if(Gen *G, Buf *b, Ty ty, int depth, int ctx)
{
    buf_puts(b, "(if ");
    gen_bool(G, b, depth - 1);
    buf_puts(b, " then ");
    gen_expr(G, b, ty, depth - 1, ctx);
    buf_puts(b, " else ");
    gen_expr(G, b, ty, depth - 1, ctx);
    buf_putc(b, ')');
}

static void gen_let(Gen *G, Buf *b, Ty ty, int depth, int ctx)
{
    Ty vt = { TY_ELEM, lat_random(G, 0), 0 };
    int r = gen_below(G, 10);
    if (r < 2) vt.kind = TY_INT;
    else if (r < 3 && !G->opt.finite_only) vt.kind = TY_REAL;
    else if (r < 5) vt.lat = LAT_BOOL;
    else if (r < 6 && can_afford(G, 1) && coll_type_random(G, &vt)) vt.kind = TY_COLL;
    else if (r < 7 && gen_chance(G, 40)) vt = (Ty){ TY_FN, lat_random(G, 1), 0 };
    char name[8];
    fresh_name(G, name);
    buf_printf(b, "(let %s = (", name);
    G->ascribe_lambda = vt.kind == TY_FN;
    gen_expr(G, b, vt, depth - 1, 0);
    G->ascribe_lambda = 0;
    buf_puts(b, ") in ");
    push_named(G, name, vt);
    gen_expr(G, b, ty, depth - 1, ctx);
    G->nvar--;
    buf_putc(b, ')');
}

void gen_int(Gen *G, Buf *b, int depth)
{
    int r = depth <= 0 ? gen_below(G, 3) : gen_below(G, 20);
    if (r == 1) {
        int l = range_var_lat(G, 0);
        Ty t = { TY_ELEM, l, 0 };
        const Var *v = l >= 0 ? pick_var(G, t) : NULL;
        if (v) { buf_printf(b, "(%s + 0)", v->name); return; }
    }
    if (r <= 2) { put_int_lit(b, gen_below(G, 12) - 3); return; }
    Ty ti = { TY_INT, 0, 0 };
    if (r < 9) { gen_numop(G, b, depth, 0); return; }
    if (r < 11) { gen_if(G, b, ti, depth, 0); return; }
    if (r < 12 && room(G)) { gen_let(G, b, ti, depth, 0); return; }
    if (r < 15) {
        int l = range_var_lat(G, 0);
        if (l >= 0) { buf_putc(b, '('); gen_elem(G, b, l, depth - 1, 0); buf_puts(b, " + 0)"); return; }
    }
    if (r < 18) {                                  /* count of a set, of a powerset, of a collection */
        Ty ct;
        int l = lat_random(G, 1);
        if (lat_shape(G, l) == LK_POW && gen_chance(G, 70)) {
            buf_puts(b, "(count ");
            if (gen_chance(G, 30)) buf_puts(b, G->lat[l].name); else gen_elem(G, b, l, depth - 1, 0);
            buf_putc(b, ')');
            return;
        }
        if (coll_type_random(G, &ct) && can_afford(G, 1)) {
            buf_puts(b, "count(");
            gen_coll(G, b, ct, depth - 1);
            buf_putc(b, ')');
            return;
        }
    }
    gen_numop(G, b, depth, 0);
}

void gen_real(Gen *G, Buf *b, int depth)
{
    int r = depth <= 0 ? gen_below(G, 3) : gen_below(G, 16);
    if (r == 1) {
        int l = range_var_lat(G, 1);
        Ty t = { TY_ELEM, l, 0 };
        const Var *v = l >= 0 ? pick_var(G, t) : NULL;
        if (v) { buf_printf(b, "(%s + 0)", v->name); return; }
    }
    if (r <= 2) {
        double v = 0.25 * (gen_below(G, 13) - 4);
        if (v < 0) buf_printf(b, "(%g)", v); else buf_printf(b, "%g", v);
        return;
    }
    Ty tr = { TY_REAL, 0, 0 };
    if (r < 10) { gen_numop(G, b, depth, 1); return; }
    if (r < 12) { gen_if(G, b, tr, depth, 0); return; }
    if (r < 13) { gen_int(G, b, depth - 1); return; }
    int l = range_var_lat(G, 1);
    if (l >= 0) { buf_putc(b, '('); gen_elem(G, b, l, depth - 1, 0); buf_puts(b, " + 0)"); return; }
    gen_numop(G, b, depth, 1);
}

static void gen_clamped(Gen *G, Buf *b, int l, int depth, int ctx)
{
    int base = l;
    while (G->lat[base].kind == LK_DUAL) base = G->lat[base].part[0];
    open_ascribed(b, ctx);
    clamp_open(b, G->lat[base].lo, G->lat[base].hi);
    if (G->lat[base].kind == LK_REAL) gen_real(G, b, depth - 1); else gen_int(G, b, depth - 1);
    buf_puts(b, "))");
    close_ascribed(G, b, l, ctx);
}

/* ---- booleans ---- */

static const char *const cmp_ops[] = { " <= ", " < ", " >= ", " > ", " == ", " != " };

static int atom_var_lat(Gen *G, const Var **out)
{
    int cand[MAX_VARS], n = 0;
    for (int i = 0; i < G->nvar; i++)
        if (G->var[i].ty.kind == TY_ATOM && (i >= G->lambda_base)) cand[n++] = i;
    if (!n) return -1;
    *out = &G->var[cand[gen_below(G, n)]];
    return (*out)->ty.lat;
}

static int pow_lat(Gen *G)
{
    int cand[MAX_LAT], n = 0;
    for (int l = 2; l < G->nlat; l++)
        if (lat_shape(G, l) == LK_POW && G->lat[l].named) cand[n++] = l;
    return n ? cand[gen_below(G, n)] : -1;
}

static int base_of(const Gen *G, int l)
{
    while (G->lat[l].kind == LK_DUAL) l = G->lat[l].part[0];
    return l;
}

/* a key of the map lattice m: a key variable or a key's name */
void gen_key(Gen *G, Buf *b, int m)
{
    const Var *k = gen_chance(G, 60) ? pick_var(G, (Ty){ TY_KEY, m, 0 }) : NULL;
    buf_puts(b, k ? k->name : G->lat[m].elem[gen_below(G, G->lat[m].n)]);
}

/* k == name, k != name for a key variable k */
static int gen_key_compare(Gen *G, Buf *b)
{
    int cand[MAX_VARS], n = 0;
    for (int i = G->strict_base; i < G->nvar; i++) if (G->var[i].ty.kind == TY_KEY) cand[n++] = i;
    if (!n) return 0;
    const Var *k = &G->var[cand[gen_below(G, n)]];
    buf_printf(b, "(%s %s ", k->name, gen_chance(G, 50) ? "==" : "!=");
    gen_key(G, b, k->ty.lat);
    buf_putc(b, ')');
    return 1;
}

static int gen_membership(Gen *G, Buf *b, int depth)
{
    if (gen_chance(G, 25) && gen_key_compare(G, b)) return 1;
    const Var *a = NULL;
    int l = gen_chance(G, 60) ? atom_var_lat(G, &a) : -1;
    if (l < 0) { a = NULL; l = pow_lat(G); }
    if (l < 0) return 0;
    buf_putc(b, '(');
    if (a && gen_chance(G, 30)) {
        buf_printf(b, "%s == %s)", a->name, G->lat[base_of(G, l)].elem[gen_below(G, G->lat[base_of(G, l)].n)]);
        return 1;
    }
    if (a) buf_puts(b, a->name);
    else buf_puts(b, G->lat[base_of(G, l)].elem[gen_below(G, G->lat[base_of(G, l)].n)]);
    buf_puts(b, " in ");
    gen_elem(G, b, l, depth - 1, 0);
    buf_putc(b, ')');
    return 1;
}

static void gen_compare(Gen *G, Buf *b, int depth)
{
    int r = gen_below(G, 10);
    const char *op = cmp_ops[gen_below(G, 6)];
    buf_putc(b, '(');
    if (r < 3) { gen_int(G, b, depth - 1); buf_puts(b, op); gen_int(G, b, depth - 1); }
    else if (r < 4 && !G->opt.finite_only) { gen_real(G, b, depth - 1); buf_puts(b, op); gen_real(G, b, depth - 1); }
    else {
        int l = G->in_generic && gen_chance(G, 40) ? LAT_T : lat_random(G, 0);
        gen_elem(G, b, l, depth - 1, 0);
        buf_puts(b, op);
        gen_elem(G, b, l, depth - 1, 0);
    }
    buf_putc(b, ')');
}

static int gen_bool_special(Gen *G, Buf *b, int depth)
{
    int r = gen_below(G, 20);
    if (r < 6) { gen_compare(G, b, depth); return 1; }
    if (r < 10) {
        buf_putc(b, '(');
        gen_bool(G, b, depth - 1);
        buf_puts(b, gen_chance(G, 50) ? " and " : " or ");
        gen_bool(G, b, depth - 1);
        buf_putc(b, ')');
        return 1;
    }
    if (r < 11) { buf_puts(b, "(not "); gen_bool(G, b, depth - 1); buf_putc(b, ')'); return 1; }
    if (r < 14) return gen_membership(G, b, depth);
    if (r < 17) { if (!can_afford(G, 4)) return 0; gen_quant(G, b, depth); return 1; }
    if (r == 17 && gen_chance(G, 60)) return gen_engine_bool(G, b);
    if (r == 18) {
        const Var *rv = NULL;
        for (int i = 0; i < G->nvar && !rv; i++)
            if (G->var[i].ty.kind == TY_BNB) rv = pick_var(G, G->var[i].ty);
        if (rv) { buf_printf(b, "%s.complete", rv->name); return 1; }
    }
    gen_coll_bool(G, b, depth);
    return 1;
}

void gen_bool(Gen *G, Buf *b, int depth) { gen_elem(G, b, LAT_BOOL, depth, 0); }

/* ---- calls and function values ---- */

static int fn_result_is(const Fn *f, int l) { return f->result.kind == TY_ELEM && f->result.lat == l; }

void gen_args(Gen *G, Buf *b, const Fn *f, int inst, int depth, int leave_last)
{
    buf_putc(b, '(');
    for (int i = 0; i < f->nparams; i++) {
        if (i) buf_puts(b, ", ");
        Ty t = f->param[i];
        if (f->generic && t.lat == LAT_T) t.lat = inst;
        if (leave_last && i == f->nparams - 1) buf_putc(b, '_');
        else if (t.kind == TY_FN && t.key) gen_funvalue2(G, b, t.lat, t.key - 1, depth - 1);
        else if (t.kind == TY_FN) gen_funvalue(G, b, t.lat, depth - 1);
        else if (t.kind == TY_COLL) gen_coll(G, b, t, depth - 1);
        else if (t.kind == TY_ITV || t.kind == TY_BNB) gen_engine_arg(G, b, t);
        else gen_expr(G, b, t, depth - 1, !f->generic || gen_chance(G, 50));
    }
    buf_putc(b, ')');
}

/* an interval or bnb result parameter needs an f on its lattice, run outside loops */
int engine_args_ok(Gen *G, const Fn *f)
{
    for (int i = 0; i < f->nparams; i++) {
        TyKind k = f->param[i].kind;
        if ((k == TY_ITV || k == TY_BNB) && (G->mult > 1 || !can_afford(G, 400) || !engine_fn(G, f->param[i].lat)))
            return 0;
    }
    return 1;
}

static int fn_takes_coll(const Fn *f)
{
    for (int i = 0; i < f->nparams; i++) if (f->param[i].kind == TY_COLL) return 1;
    return 0;
}

static int fn_takes_coll_of_t(const Fn *f)
{
    for (int i = 0; i < f->nparams; i++) if (f->param[i].kind == TY_COLL && f->param[i].lat == LAT_T) return 1;
    return 0;
}

static int gen_call(Gen *G, Buf *b, int l, int depth)
{
    int cand[MAX_FN], n = 0;
    for (int j = 0; j < G->cur_fn; j++) {
        const Fn *f = &G->fn[j];
        if (!f->callable || !can_afford(G, f->cost)) continue;
        if (f->generic && fn_takes_coll_of_t(f) && (G->lat[l].size > 16 || G->lat[l].inst)) continue;
        if (!engine_args_ok(G, f)) continue;
        if (fn_result_is(f, l) || (f->generic && fn_result_is(f, LAT_T) && G->lat[l].named
                                   && (l != LAT_T || G->in_generic)))
            cand[n++] = j;
    }
    if (!n) return 0;
    const Fn *f = &G->fn[cand[gen_below(G, n)]];
    int ascribe = G->opt.sidestep_bugs && fn_takes_coll(f);    /* its result stays a number */
    spend(G, f->cost);
    if (ascribe) buf_putc(b, '(');
    buf_puts(b, f->name);
    if (f->generic) buf_printf(b, "[%s]", G->lat[l].name);
    gen_args(G, b, f, l, depth, 0);
    if (ascribe) { buf_puts(b, " : "); lat_put_type(G, b, l); buf_putc(b, ')'); }
    return 1;
}

static int fn_is_unary(const Fn *f, int l)
{
    return f->nparams == 1 && f->param[0].kind == TY_ELEM && f->param[0].lat == l && fn_result_is(f, l);
}

static int fn_partial_ok(const Fn *f, int l)
{
    if (f->generic || f->nparams < 2 || !fn_result_is(f, l)) return 0;
    for (int i = 0; i < f->nparams; i++) if (f->param[i].kind != TY_ELEM) return 0;
    return f->param[f->nparams - 1].lat == l;
}

static void gen_lambda(Gen *G, Buf *b, int l, int depth)
{
    int saved_base = G->lambda_base, saved_noloop = G->noloop, saved_strict = G->strict_base;
    char name[8];
    G->lambda_base = G->strict_base = G->nvar;
    push_var(G, "v", (Ty){ TY_ELEM, l, 0 }, name);
    buf_printf(b, "(%s: ", name);
    lat_put_type(G, b, l);
    buf_puts(b, " => ");
    G->noloop = 1;
    int ascribe = G->ascribe_lambda;
    G->ascribe_lambda = 0;
    if (ascribe) buf_putc(b, '(');
    gen_elem(G, b, l, depth < 2 ? depth : 2, 1);
    if (ascribe) { buf_puts(b, " : "); lat_put_type(G, b, l); buf_putc(b, ')'); }
    G->noloop = saved_noloop;
    G->nvar--;
    G->lambda_base = saved_base;
    G->strict_base = saved_strict;
    buf_putc(b, ')');
}

/* a function value of type l -> l whose calls are cheap; returns 1 */
int gen_funvalue(Gen *G, Buf *b, int l, int depth)
{
    int cand[MAX_FN], n = 0;
    for (int j = 0; j < G->cur_fn; j++) {
        const Fn *f = &G->fn[j];
        if (!f->callable || f->cost > FNARG_COST || !engine_args_ok(G, f)) continue;
        if (fn_is_unary(f, l) || fn_partial_ok(f, l) || (f->result.kind == TY_FN && f->result.lat == l)
            || (f->generic && f->nparams == 1 && f->param[0].kind == TY_ELEM && G->lat[l].named))
            cand[n++] = j;
    }
    const Var *h = pick_var(G, (Ty){ TY_FN, l, 0 });
    int r = gen_below(G, 10);
    if (h && r < 3) { buf_puts(b, h->name); return 1; }
    if (n && r < 7) {
        const Fn *f = &G->fn[cand[gen_below(G, n)]];
        buf_puts(b, f->name);
        if (f->generic) buf_printf(b, "[%s]", G->lat[l].name);
        else if (f->result.kind == TY_FN) gen_args(G, b, f, l, depth, 0);
        else if (f->nparams > 1) gen_args(G, b, f, l, depth, 1);
        return 1;
    }
    gen_lambda(G, b, l, depth);        /* l is declared: function types name their lattices */
    return 1;
}

/* a function value (l, m) -> l: a declared fold step or a lambda */
void gen_funvalue2(Gen *G, Buf *b, int l, int m, int depth)
{
    for (int j = 0; j < G->cur_fn; j++) {
        const Fn *f = &G->fn[j];
        if (f->callable && !f->generic && f->nparams == 2 && f->cost <= FNARG_COST && fn_result_is(f, l)
            && f->param[0].kind == TY_ELEM && f->param[0].lat == l && f->param[1].kind == TY_ELEM
            && f->param[1].lat == m && gen_chance(G, 50)) {
            buf_puts(b, f->name);
            return;
        }
    }
    int saved_base = G->lambda_base, saved_noloop = G->noloop, saved_strict = G->strict_base;
    char a[8], y[8];
    G->lambda_base = G->strict_base = G->nvar;
    push_var(G, "v", (Ty){ TY_ELEM, l, 0 }, a);
    push_var(G, "v", (Ty){ TY_ELEM, m, 0 }, y);
    buf_printf(b, "(%s: ", a);
    lat_put_type(G, b, l);
    buf_printf(b, ", %s: ", y);
    lat_put_type(G, b, m);
    buf_puts(b, " => ");
    G->noloop = 1;
    gen_elem(G, b, l, depth < 2 ? depth : 2, 1);
    G->noloop = saved_noloop;
    G->nvar -= 2;
    G->lambda_base = saved_base;
    G->strict_base = saved_strict;
    buf_putc(b, ')');
}

/* h(e) for a function parameter h: l -> l, or h(e, e') for h: (l, m) -> l */
static int gen_fnvar_call(Gen *G, Buf *b, int l, int depth)
{
    int cand[MAX_VARS], n = 0;
    for (int i = 0; i < G->nvar; i++)
        if (G->var[i].ty.kind == TY_FN && G->var[i].ty.lat == l) cand[n++] = i;
    if (!n) return 0;
    const Var *h = &G->var[cand[gen_below(G, n)]];
    buf_printf(b, "%s(", h->name);
    gen_elem(G, b, l, depth - 1, 1);
    if (h->ty.key) { buf_puts(b, ", "); gen_elem(G, b, h->ty.key - 1, depth - 1, 1); }
    buf_putc(b, ')');
    return 1;
}

/* ---- elements by shape ---- */

static void gen_binop(Gen *G, Buf *b, int l, int depth, const char *op)
{
    buf_putc(b, '(');
    gen_elem(G, b, l, depth - 1, 0);
    buf_printf(b, " %s ", op);
    gen_elem(G, b, l, depth - 1, 0);
    buf_putc(b, ')');
}

static void open_ascribed(Buf *b, int ctx) { if (!ctx) buf_putc(b, '('); }

static void close_ascribed(Gen *G, Buf *b, int l, int ctx)
{
    if (ctx) return;
    buf_puts(b, " : ");
    lat_put_type(G, b, l);
    buf_putc(b, ')');
}

static void gen_tuple(Gen *G, Buf *b, int l, int depth, int ctx)
{
    const Lat *L = &G->lat[l];
    open_ascribed(b, ctx);
    buf_putc(b, '(');
    for (int i = 0; i < L->n; i++) {
        if (i) buf_puts(b, ", ");
        gen_elem(G, b, L->part[i], depth - 1, 1);
    }
    buf_putc(b, ')');
    close_ascribed(G, b, l, ctx);
}

static void gen_map_literal(Gen *G, Buf *b, int l, int depth, int ctx)
{
    const Lat *L = &G->lat[l];
    int dflt = L->n > 1 && gen_chance(G, 35), listed = dflt ? gen_below(G, L->n) : L->n;
    open_ascribed(b, ctx || !dflt ? ctx : 0);
    buf_putc(b, '{');
    for (int i = 0; i < listed; i++) {
        buf_printf(b, "%s%s -> ", i ? ", " : "", L->elem[i]);
        gen_elem(G, b, L->part[0], depth - 1, 1);
    }
    if (dflt) { buf_printf(b, "%s_ -> ", listed ? ", " : ""); gen_elem(G, b, L->part[0], depth - 1, 1); }
    buf_putc(b, '}');
    close_ascribed(G, b, l, ctx);
}

static void gen_map_update(Gen *G, Buf *b, int l, int depth)
{
    const Lat *L = &G->lat[l];
    int first = gen_below(G, L->n), count = 1 + gen_below(G, L->n - first);
    buf_putc(b, '(');
    gen_elem(G, b, l, depth - 1, 0);
    buf_putc(b, '[');
    for (int i = first; i < first + count; i++) {
        buf_printf(b, "%s%s -> ", i > first ? ", " : "", L->elem[i]);
        gen_elem(G, b, L->part[0], depth - 1, 1);
    }
    buf_puts(b, "])");
}

static int gen_set_op(Gen *G, Buf *b, int l, int depth, int ctx)
{
    int r = gen_below(G, 10);
    const Var *a = NULL;
    if (r < 5) { gen_binop(G, b, l, depth, r < 2 ? "union" : r < 4 ? "inter" : "minus"); return 1; }
    if (r < 7) { if (!can_afford(G, 4)) return 0; gen_comp_set(G, b, l, depth); return 1; }
    if (r < 8 && atom_var_lat(G, &a) == l) {
        open_ascribed(b, ctx);
        buf_printf(b, "{%s}", a->name);
        close_ascribed(G, b, l, ctx);
        return 1;
    }
    return 0;
}

/* the element from a product or map that holds l: x.i, m[k] */
static int gen_access(Gen *G, Buf *b, int l, int depth)
{
    int cand[MAX_LAT * 3], part[MAX_LAT * 3], n = 0;
    for (int p = 2; p < G->nlat; p++) {
        const Lat *P = &G->lat[p];
        if (!P->live) continue;
        if (P->kind == LK_PROD)
            for (int i = 0; i < P->n; i++) if (P->part[i] == l) { cand[n] = p; part[n++] = i; }
        if (P->kind == LK_MAP && P->part[0] == l) { cand[n] = p; part[n++] = -1; }
    }
    if (!n) return 0;
    int k = gen_below(G, n);
    const Lat *P = &G->lat[cand[k]];
    buf_putc(b, '(');
    gen_elem(G, b, cand[k], depth - 1, 0);
    if (part[k] >= 0) { buf_printf(b, ").%d", part[k] + 1); return 1; }
    const Var *kv = pick_var(G, (Ty){ TY_KEY, cand[k], 0 });
    buf_printf(b, ")[%s]", kv && gen_chance(G, 60) ? kv->name : P->elem[gen_below(G, P->n)]);
    return 1;
}

static int gen_by_shape(Gen *G, Buf *b, int l, int depth, int ctx)
{
    switch (lat_shape(G, l)) {
    case LK_POW: return gen_set_op(G, b, l, depth, ctx);
    case LK_RANGE: case LK_REAL: gen_clamped(G, b, l, depth, ctx); return 1;
    case LK_BOOL: return gen_bool_special(G, b, depth);
    case LK_PROD: gen_tuple(G, b, l, depth, ctx); return 1;
    case LK_MAP:
        if (gen_chance(G, 50)) gen_map_literal(G, b, l, depth, ctx); else gen_map_update(G, b, l, depth);
        return 1;
    case LK_TPARAM: return gen_fnvar_call(G, b, l, depth);
    default: return 0;
    }
}

static int gen_elem_try(Gen *G, Buf *b, int l, int depth, int ctx, int r)
{
    Ty t = { TY_ELEM, l, 0 };
    int finite = lat_finite(G, l) && l != LAT_T && G->lat[l].named;
    if (r < 8) { gen_if(G, b, t, depth, ctx); return 1; }
    if (r < 12) { if (!room(G)) return 0; gen_let(G, b, t, depth, ctx); return 1; }
    if (r < 20) { gen_binop(G, b, l, depth, gen_chance(G, 50) ? "join" : "meet"); return 1; }
    if (r < 30) return gen_call(G, b, l, depth) || gen_fnvar_call(G, b, l, depth);
    if (r < 37) { if (!G->lat[l].named || !room(G) || !can_afford(G, 2)) return 0; gen_fold(G, b, l, depth); return 1; }
    if (r < 40) {
        if (!G->lat[l].named) return 0;
        buf_putc(b, '(');
        gen_elem(G, b, l, depth - 1, 1);
        buf_puts(b, " : ");
        lat_put_type(G, b, l);
        buf_putc(b, ')');
        return 1;
    }
    if (r < 45) return gen_access(G, b, l, depth);
    if (r < 49) { if (!finite || !can_afford(G, G->lat[l].height + 2) || !room(G)) return 0; gen_fixpoint(G, b, l, depth); return 1; }
    if (r < 53) { if (!finite || !room(G)) return 0; gen_supinf(G, b, l, depth); return 1; }
    if (r < 56) { if (!finite || G->lat[l].size > 16 || G->mult > 1 || !can_afford(G, 400)) return 0; gen_engine(G, b, l, depth); return 1; }
    return gen_by_shape(G, b, l, depth, ctx);
}

void gen_elem(Gen *G, Buf *b, int l, int depth, int ctx)
{
    if (!G->lat[l].named && !ctx) { via_parent(G, b, l, depth); return; }
    if (depth <= 0 || gen_chance(G, 12)) { elem_leaf(G, b, l, ctx); return; }
    for (int tries = 0; tries < 20; tries++)
        if (gen_elem_try(G, b, l, depth, ctx, gen_below(G, 100))) return;
    elem_leaf(G, b, l, ctx);
}

void gen_expr(Gen *G, Buf *b, Ty ty, int depth, int ctx)
{
    switch (ty.kind) {
    case TY_INT: gen_int(G, b, depth); break;
    case TY_REAL: gen_real(G, b, depth); break;
    case TY_COLL: gen_coll(G, b, ty, depth); break;
    case TY_FN: gen_funvalue(G, b, ty.lat, depth); break;
    case TY_KEY: gen_key(G, b, ty.lat); break;
    default: gen_elem(G, b, ty.lat, depth, ctx); break;
    }
}
