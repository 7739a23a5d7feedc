/* fixgen_lat.c: the random lattices of a generated program (powersets, chains, ranges,
 * finite lattices given by covers, products, maps, duals, Bool, reals), their declarations,
 * and the text of their constants. */
#include <stdio.h>
#include <string.h>

#include "fixgen_int.h"

enum { MAX_FIN = 7 };

static int new_lat(Gen *G, LatKind kind, int named)
{
    int l = G->nlat++;
    Lat *L = &G->lat[l];
    memset(L, 0, sizeof *L);
    L->kind = kind;
    L->named = named;
    L->parent = -1;
    L->alias = -1;
    if (named) snprintf(L->name, sizeof L->name, "L%d", G->ndeclared++);
    return l;
}

/* p3_0, c4_1, ...: unique names; or, in a program with shared names, e0, e1, ... in every
 * lattice, told apart by the type the context expects */
static void name_elems(const Gen *G, Lat *L, int l, char prefix)
{
    for (int i = 0; i < L->n; i++) {
        if (G->shared_names) snprintf(L->elem[i], sizeof L->elem[i], "e%d", i % 10);
        else snprintf(L->elem[i], sizeof L->elem[i], "%c%d_%d", prefix, l % 100, i % 10);
    }
}

/* ---- finite lattices: a random order on n elements, kept when it is a lattice ---- */

typedef struct Order { int n; unsigned char le[MAX_FIN][MAX_FIN]; } Order;

static void order_close(Order *o)
{
    for (int k = 0; k < o->n; k++)
        for (int i = 0; i < o->n; i++)
            for (int j = 0; j < o->n; j++)
                if (o->le[i][k] && o->le[k][j]) o->le[i][j] = 1;
}

/* the least of the common upper bounds of a and b (dir 1), or greatest lower (dir 0) */
static int order_bound(const Order *o, int a, int b, int up)
{
    for (int c = 0; c < o->n; c++) {
        int is = up ? o->le[a][c] && o->le[b][c] : o->le[c][a] && o->le[c][b];
        if (!is) continue;
        int best = 1;
        for (int d = 0; d < o->n && best; d++) {
            int other = up ? o->le[a][d] && o->le[b][d] : o->le[d][a] && o->le[d][b];
            if (other && !(up ? o->le[c][d] : o->le[d][c])) best = 0;
        }
        if (best) return c;
    }
    return -1;
}

static int order_is_lattice(const Order *o)
{
    for (int a = 0; a < o->n; a++)
        for (int b = 0; b < o->n; b++)
            if (order_bound(o, a, b, 1) < 0 || order_bound(o, a, b, 0) < 0) return 0;
    return 1;
}

static void order_random(Gen *G, Order *o, int n)
{
    memset(o, 0, sizeof *o);
    o->n = n;
    for (int i = 0; i < n; i++) { o->le[i][i] = 1; o->le[0][i] = 1; o->le[i][n - 1] = 1; }
    for (int i = 1; i < n - 1; i++)
        for (int j = i + 1; j < n - 1; j++)
            if (gen_chance(G, 35)) o->le[i][j] = 1;
    order_close(o);
}

static int order_covers(const Order *o, int a, int b)
{
    if (a == b || !o->le[a][b]) return 0;
    for (int c = 0; c < o->n; c++)
        if (c != a && c != b && o->le[a][c] && o->le[c][b]) return 0;
    return 1;
}

static int order_height(const Order *o)
{
    int h[MAX_FIN] = { 0 };
    for (int j = 0; j < o->n; j++)
        for (int i = 0; i < j; i++)
            if (order_covers(o, i, j) && h[i] + 1 > h[j]) h[j] = h[i] + 1;
    return h[o->n - 1];
}

/* each element's lower covers: "a, b < c;", or a chained statement now and then */
static void finite_write_covers(Gen *G, Lat *L, const Order *o)
{
    Buf b;
    buf_init(&b);
    for (int j = 1; j < o->n; j++) {
        int first = 1;
        for (int i = 0; i < j; i++) {
            if (!order_covers(o, i, j)) continue;
            buf_printf(&b, "%s%s", first ? "" : ", ", L->elem[i]);
            first = 0;
        }
        buf_printf(&b, " < %s; ", L->elem[j]);
    }
    snprintf(L->covers, sizeof L->covers, "%s", buf_cstr(&b));
    buf_free(&b);
}

static void make_finite(Gen *G, int l)
{
    Lat *L = &G->lat[l];
    Order o;
    int n = 3 + gen_below(G, MAX_FIN - 2);
    for (int tries = 0;; tries++) {
        order_random(G, &o, n);
        if (order_is_lattice(&o)) break;
        if (tries > 40) { n = 3; tries = 0; }
    }
    L->n = n;
    name_elems(G, L, l, 'n');
    L->size = n;
    L->height = order_height(&o);
    finite_write_covers(G, L, &o);
}

/* ---- the kinds ---- */

static int make_base(Gen *G, int named)
{
    static const LatKind kinds[] = { LK_POW, LK_POW, LK_CHAIN, LK_RANGE, LK_RANGE, LK_FINITE };
    LatKind k = kinds[gen_below(G, (int)(sizeof kinds / sizeof kinds[0]))];
    int l = new_lat(G, k, named);
    Lat *L = &G->lat[l];
    switch (k) {
    case LK_POW:
        L->n = 1 + gen_below(G, 4);
        name_elems(G, L, l, 'p');
        L->size = (double)(1 << L->n);
        L->height = L->n;
        break;
    case LK_CHAIN:
        L->n = 1 + gen_below(G, 4);
        name_elems(G, L, l, 'c');
        L->size = L->n;
        L->height = L->n - 1;
        break;
    case LK_RANGE:
        L->lo = gen_below(G, 5) - 3;
        L->hi = L->lo + gen_below(G, 7);
        L->size = L->hi - L->lo + 1;
        L->height = L->hi - L->lo;
        break;
    default:
        make_finite(G, l);
        break;
    }
    return l;
}

static int make_real(Gen *G)
{
    int l = new_lat(G, LK_REAL, 1);
    Lat *L = &G->lat[l];
    L->lo = gen_below(G, 3) - 1;
    L->hi = L->lo + 1 + gen_below(G, 3);
    L->size = 1e9;
    L->height = 1000;
    return l;
}

static int make_lat(Gen *G, int depth, int named, int reals);

/* a part of a product or map: an existing lattice, a new declared one, or one in place */
static int make_part(Gen *G, int depth, int reals)
{
    if (G->nlat > 2 && gen_chance(G, 35)) {
        int l = 2 + gen_below(G, G->nlat - 2);
        if (G->lat[l].named && (reals || G->lat[l].size < 1e9)) return l;
    }
    if (gen_chance(G, 8)) return LAT_BOOL;
    return make_lat(G, depth - 1, gen_chance(G, 70), reals);
}

static double lat_power(double base, int n)
{
    double s = 1;
    for (int i = 0; i < n; i++) s *= base;
    return s;
}

static int make_product(Gen *G, int depth, int named, int reals)
{
    int parts[3], n = 2 + gen_chance(G, 30);
    double size = 1;
    int height = 0;
    for (int i = 0; i < n; i++) {
        parts[i] = make_part(G, depth, reals);
        size *= G->lat[parts[i]].size;
        height += G->lat[parts[i]].height;
    }
    if (size > BIG && size < 1e9) return make_base(G, named);
    int l = new_lat(G, LK_PROD, named);
    Lat *L = &G->lat[l];
    L->n = n;
    L->size = size > 1e9 ? 1e9 : size;
    L->height = height;
    for (int i = 0; i < n; i++) {
        L->part[i] = parts[i];
        if (!G->lat[parts[i]].named) { G->lat[parts[i]].parent = l; G->lat[parts[i]].pidx = i; }
    }
    return l;
}

static int make_map(Gen *G, int depth, int named)
{
    int v = make_part(G, depth, 0);
    int n = 1 + gen_below(G, 3);
    while (n > 1 && lat_power(G->lat[v].size, n) > BIG) n--;
    if (lat_power(G->lat[v].size, n) > BIG) return make_base(G, named);
    int l = new_lat(G, LK_MAP, named);
    Lat *L = &G->lat[l];
    L->n = n;
    name_elems(G, L, l, 'k');
    L->part[0] = v;
    L->size = lat_power(G->lat[v].size, n);
    L->height = n * G->lat[v].height;
    if (!G->lat[v].named) { G->lat[v].parent = l; G->lat[v].pidx = 0; }
    return l;
}

static int make_dual(Gen *G, int depth, int named, int reals)
{
    int base = gen_chance(G, 60) && G->nlat > 2 ? 2 + gen_below(G, G->nlat - 2) : -1;
    if (base < 0 || !G->lat[base].named || (!reals && G->lat[base].size >= 1e9))
        base = make_lat(G, depth - 1, 1, reals);
    if (gen_chance2(G, 20)) base = LAT_BOOL;       /* dual Bool: true is its bot */
    int l = new_lat(G, LK_DUAL, named);
    G->lat[l].part[0] = base;
    G->lat[l].size = G->lat[base].size;
    G->lat[l].height = G->lat[base].height;
    return l;
}

static int make_lat(Gen *G, int depth, int named, int reals)
{
    if (G->nlat > MAX_LAT - 6 || depth <= 0) return make_base(G, named);
    int r = gen_below(G, 100);
    if (reals && r < 6) return make_real(G);
    if (r < 50) return make_base(G, named);
    if (r < 68) return make_product(G, depth, named, reals);
    if (r < 82) return make_map(G, depth, named);
    return make_dual(G, depth, 1, reals);
}

/* ---- declarations ---- */

static void put_def(const Gen *G, Buf *b, int l);

static void put_part(const Gen *G, Buf *b, int l)
{
    if (G->lat[l].named) { buf_puts(b, G->lat[l].name); return; }
    buf_putc(b, '(');
    put_def(G, b, l);
    buf_putc(b, ')');
}

static void put_names(Buf *b, const Lat *L)
{
    buf_puts(b, "{");
    for (int i = 0; i < L->n; i++) buf_printf(b, "%s%s", i ? ", " : "", L->elem[i]);
    buf_puts(b, "}");
}

static void put_def(const Gen *G, Buf *b, int l)
{
    const Lat *L = &G->lat[l];
    if (L->alias >= 0) { buf_puts(b, G->lat[L->alias].name); return; }
    switch (L->kind) {
    case LK_POW: buf_puts(b, "powerset "); put_names(b, L); break;
    case LK_CHAIN: buf_puts(b, "chain "); put_names(b, L); break;
    case LK_RANGE: buf_printf(b, "range %d..%d", L->lo, L->hi); break;
    case LK_FINITE: buf_printf(b, "finite { %s}", L->covers); break;
    case LK_REAL: buf_printf(b, "real [%d, %d] tolerance 1e-6", L->lo, L->hi); break;
    case LK_PROD:
        for (int i = 0; i < L->n; i++) { if (i) buf_puts(b, " * "); put_part(G, b, L->part[i]); }
        break;
    case LK_MAP:
        buf_puts(b, "map ");
        put_names(b, L);
        buf_puts(b, " -> ");
        put_part(G, b, L->part[0]);
        break;
    case LK_DUAL: buf_puts(b, "dual "); put_part(G, b, L->part[0]); break;
    default: buf_puts(b, L->name); break;
    }
}

void lat_put_type(const Gen *G, Buf *b, int l) { put_part(G, b, l); }

/* ---- generic lattices: `lattice M0[V] = map {...} -> V;`, `lattice Q0[A, B] = A * B;` ---- */

static int small_named(Gen *G, double most)
{
    for (int tries = 0; tries < 20; tries++) {
        int l = lat_random(G, 1);
        if (G->lat[l].size <= most && !G->lat[l].inst) return l;
    }
    return LAT_BOOL;
}

/* an instance M0[V] (map, keys from proto) or Q0[A, B] (pair) */
static int make_instance(Gen *G, const Lat *proto, int a, int b)
{
    char an[8], bn[8];                      /* declared names: L12, Bool */
    snprintf(an, sizeof an, "%.7s", G->lat[a].name);
    snprintf(bn, sizeof bn, "%.7s", G->lat[b].name);
    int l = new_lat(G, proto->kind, 0);
    Lat *L = &G->lat[l];
    L->named = L->live = L->inst = 1;
    L->part[0] = a;
    L->part[1] = b;
    if (proto->kind == LK_MAP) {
        L->n = proto->n;
        memcpy(L->elem, proto->elem, sizeof L->elem);
        L->size = lat_power(G->lat[a].size, L->n);
        L->height = L->n * G->lat[a].height;
        snprintf(L->name, sizeof L->name, "M0[%s]", an);
    } else {
        L->n = 2;
        L->size = G->lat[a].size * G->lat[b].size;
        L->height = G->lat[a].height + G->lat[b].height;
        snprintf(L->name, sizeof L->name, "Q0[%s, %s]", an, bn);
    }
    return l;
}

/* declared as `lattice Ln = M0[L2];`: the same structure, under its own name */
static void make_alias(Gen *G, Buf *out, int inst)
{
    int l = new_lat(G, G->lat[inst].kind, 1);
    Lat *L = &G->lat[l];
    char name[24];
    memcpy(name, L->name, sizeof name);
    *L = G->lat[inst];
    memcpy(L->name, name, sizeof name);
    L->inst = 0;
    L->alias = inst;
    buf_printf(out, "lattice %s = %s;\n", L->name, G->lat[inst].name);
}

static void make_generic(Gen *G, Buf *out)
{
    Lat proto;
    memset(&proto, 0, sizeof proto);
    proto.kind = gen_chance(G, 60) ? LK_MAP : LK_PROD;
    if (proto.kind == LK_MAP) {
        proto.n = 1 + gen_below(G, 2);
        name_elems(G, &proto, 99, 'm');
        buf_puts(out, "lattice M0[V] = map ");
        put_names(out, &proto);
        buf_puts(out, " -> V;\n");
    } else buf_puts(out, "lattice Q0[A, B] = A * B;\n");
    int n = 1 + gen_below(G, 2);
    for (int i = 0; i < n && G->nlat < MAX_LAT - 2; i++) {
        int a = small_named(G, proto.kind == LK_MAP ? (proto.n == 1 ? 64 : 16) : 16);
        int inst = make_instance(G, &proto, a, small_named(G, 16));
        if (G->opt.generic_aliases && gen_chance(G, 30)) make_alias(G, out, inst);
    }
}

void lat_declare_all(Gen *G, Buf *out)
{
    int reals = !G->opt.finite_only;
    G->nlat = 0;
    G->ndeclared = 0;
    int b = new_lat(G, LK_BOOL, 0);
    snprintf(G->lat[b].name, sizeof G->lat[b].name, "Bool");
    G->lat[b].named = 1;
    G->lat[b].n = 2;
    snprintf(G->lat[b].elem[0], 12, "false");
    snprintf(G->lat[b].elem[1], 12, "true");
    G->lat[b].size = 2;
    G->lat[b].height = 1;
    int t = new_lat(G, LK_TPARAM, 0);
    snprintf(G->lat[t].name, sizeof G->lat[t].name, "T");
    G->lat[t].named = 1;
    G->lat[t].size = 1e9;
    G->shared_names = gen_chance(G, 20);
    int want = 1 + gen_below(G, 4);
    for (int i = 0; i < want; i++) make_lat(G, 2, 1, reals);
    if (reals && gen_chance(G, 30)) make_real(G);
    for (int l = G->nlat - 1; l >= 0; l--) {
        Lat *L = &G->lat[l];
        L->live = L->named || (L->parent >= 0 && G->lat[L->parent].live);
    }
    for (int l = 2; l < G->nlat; l++) {
        if (!G->lat[l].named) continue;
        buf_printf(out, "lattice %s = ", G->lat[l].name);
        put_def(G, out, l);
        buf_puts(out, G->lat[l].kind == LK_FINITE ? "\n" : ";\n");
    }
    if (gen_chance(G, 30)) make_generic(G, out);
}

/* ---- properties ---- */

int lat_shape(const Gen *G, int l)
{
    int duals = 0;
    while (G->lat[l].kind == LK_DUAL) { l = G->lat[l].part[0]; duals++; }
    LatKind k = G->lat[l].kind;
    if (duals && (k == LK_PROD || k == LK_MAP)) return LK_TPARAM;
    if (duals && k == LK_BOOL) return LK_CHAIN;
    return (int)k;
}

int lat_is_dual(const Gen *G, int l) { return G->lat[l].kind == LK_DUAL; }

int lat_base(const Gen *G, int l)
{
    while (G->lat[l].kind == LK_DUAL) l = G->lat[l].part[0];
    return l;
}

int lat_has_consts(const Gen *G, int l)
{
    int s = lat_shape(G, l);
    if (s == LK_TPARAM) return 0;
    l = lat_base(G, l);
    if (s == LK_PROD) {
        for (int i = 0; i < G->lat[l].n; i++)
            if (!lat_has_consts(G, G->lat[l].part[i])) return 0;
        return 1;
    }
    if (s == LK_MAP) return lat_has_consts(G, G->lat[l].part[0]);
    return 1;
}

int lat_finite(const Gen *G, int l) { return G->lat[l].size <= BIG && G->lat[l].kind != LK_TPARAM; }

/* ---- constants ---- */

static void put_map_const(Gen *G, Buf *b, const Lat *L, double index)
{
    double vs = G->lat[L->part[0]].size, val[MAX_NAMES];
    for (int i = 0; i < L->n; i++) {
        val[i] = index - vs * (double)(long long)(index / vs);
        index = (double)(long long)(index / vs);
    }
    int dflt = L->n > 1 && gen_chance(G, 30);
    double d = val[L->n - 1];
    buf_putc(b, '{');
    int first = 1;
    for (int i = 0; i < L->n; i++) {
        if (dflt && val[i] == d) continue;
        buf_printf(b, "%s%s -> ", first ? "" : ", ", L->elem[i]);
        lat_put_const(G, b, L->part[0], val[i]);
        first = 0;
    }
    if (dflt) { buf_printf(b, "%s_ -> ", first ? "" : ", "); lat_put_const(G, b, L->part[0], d); }
    buf_putc(b, '}');
}

static void put_prod_const(Gen *G, Buf *b, const Lat *L, double index)
{
    buf_putc(b, '(');
    for (int i = 0; i < L->n; i++) {
        double ps = G->lat[L->part[i]].size;
        double v = ps >= 1e9 ? 0 : index - ps * (double)(long long)(index / ps);
        if (ps < 1e9) index = (double)(long long)(index / ps);
        if (i) buf_puts(b, ", ");
        lat_put_const(G, b, L->part[i], v);
    }
    buf_putc(b, ')');
}

static void put_set_const(Buf *b, const Lat *L, double index)
{
    long long bits = (long long)index;
    int first = 1;
    buf_putc(b, '{');
    for (int i = 0; i < L->n; i++)
        if (bits & (1LL << i)) { buf_printf(b, "%s%s", first ? "" : ", ", L->elem[i]); first = 0; }
    buf_putc(b, '}');
}

/* the element number `index` of l (any order), or a random one of a real lattice */
void lat_put_const(Gen *G, Buf *b, int l, double index)
{
    const Lat *L = &G->lat[lat_base(G, l)];
    switch (L->kind) {
    case LK_POW: put_set_const(b, L, index); break;
    case LK_CHAIN: case LK_FINITE: case LK_BOOL: buf_puts(b, L->elem[(int)index]); break;
    case LK_RANGE: buf_printf(b, "%d", L->lo + (int)index); break;
    case LK_REAL: {
        int steps = (L->hi - L->lo) * 4;
        buf_printf(b, "%g", L->lo + 0.25 * gen_below(G, steps + 1));
        break;
    }
    case LK_PROD: put_prod_const(G, b, L, index); break;
    case LK_MAP: put_map_const(G, b, L, index); break;
    default: buf_puts(b, "bot"); break;
    }
}

void lat_put_random_const(Gen *G, Buf *b, int l)
{
    double s = G->lat[l].size;
    double index = s >= 1e9 ? 0 : (double)gen_below(G, (int)s);
    lat_put_const(G, b, l, index);
}

/* a random declared lattice (Bool now and then); a finite one when asked */
int lat_random(Gen *G, int finite)
{
    for (int tries = 0; tries < 40; tries++) {
        int l = gen_chance(G, 8) ? LAT_BOOL : 2 + gen_below(G, G->nlat - 2);
        if (!G->lat[l].named) continue;
        if (finite && !lat_finite(G, l)) continue;
        return l;
    }
    return LAT_BOOL;
}
