/* prop_derived.c: property tests of the derived envelopes on random small functions written
 * in the language (random compositions of its operators over ranges, powersets, products,
 * chains and maps, and over their duals: a dual range, powerset or chain, a dual of a dual,
 * products and maps holding duals; with folds over keys and atoms): the interval evaluator's
 * bracket E(f)[a, b] holds every f(x) for x in [a, b]; refine and bnb with derived envelopes
 * keep every fixed point; the derived IR bound holds the brute-force one.  It prints how
 * often the bracket equals the brute-force one.  PROP_DERIVED_SEED and PROP_DERIVED_CASES
 * change the seed and the number of functions. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "code/absvm.h"
#include "aft/aft.h"
#include "check/context.h"
#include "util/mem.h"
#include "util/rng.h"
#include "budget.h"

enum { CASES = 400, INTERVALS = 12, MAX_DEPTH = 4 };

typedef enum { CASE_RANGE, CASE_SET, CASE_PAIR, CASE_CHAIN, CASE_MAP, CASE_BOOLSET, CASE_KINDS } CaseKind;
/* The lattice of each kind, plain and with duals (the prelude of gen_program declares them). */
static const char *const case_lattice_names[CASE_KINDS] = { "R", "P", "Q", "C", "M", "BP" };
static const char *const case_dual_names[CASE_KINDS] = { "DR", "DP", "DQ", "DC", "DM", "BDP" };

/* ---- random source text ---- */

/* dual: the function's lattice is the kind's dual one (for a chain, DDC half of the time);
 * set: the powerset its sets are in (P or DP); chain: the chain its chain values are in (C,
 * DC or DDC). */
typedef struct Gen { Rng *rng; Buf *out; CaseKind kind; int atoms; bool dual; const char *set, *chain; } Gen;

static void gen_int(Gen *g, int d);
static void gen_bool(Gen *g, int d);
static void gen_collection_int(Gen *g, int d);
static void gen_set(Gen *g, int d);
static void gen_chain(Gen *g, int d);

static unsigned pick(Gen *g, unsigned n) { return (unsigned)rng_below(g->rng, n); }

static void gen_clamped(Gen *g, int d)
{
    buf_puts(g->out, "min(max(");
    gen_int(g, d);
    buf_puts(g->out, ", 0), 7)");
}

static void gen_atom(Gen *g)
{
    if (g->atoms && pick(g, 2)) buf_printf(g->out, "y%d", (int)pick(g, (unsigned)g->atoms));
    else buf_printf(g->out, "%c", "abcd"[pick(g, 4)]);
}

static void gen_int(Gen *g, int d)
{
    Buf *o = g->out;
    unsigned c = d <= 0 ? pick(g, 3) : pick(g, 13);
    if (c == 0) { buf_printf(o, "%u", pick(g, 6)); return; }
    if (c <= 2) {
        if (g->kind == CASE_RANGE) buf_puts(o, "x");
        else if (g->kind == CASE_PAIR) buf_printf(o, "x.%u", 1 + pick(g, 2));
        else { buf_puts(o, "count ("); gen_set(g, 0); buf_puts(o, ")"); }
        return;
    }
    if (c == 12 && pick(g, 2)) {      /* loops over collections */
        gen_collection_int(g, d);
        return;
    }
    static const char *const ops[] = { " + ", " - ", " * 2 - ", " / 2 + " };
    buf_puts(o, "(");
    switch (c) {
    case 3: case 4: case 5: case 6:
        gen_int(g, d - 1); buf_puts(o, ops[c - 3]); gen_int(g, d - 1); break;
    case 7: buf_puts(o, pick(g, 2) ? "min(" : "max("); gen_int(g, d - 1); buf_puts(o, ", "); gen_int(g, d - 1); buf_puts(o, ")"); break;
    case 8: buf_puts(o, "abs("); gen_int(g, d - 1); buf_puts(o, ")"); break;
    case 9: buf_puts(o, "g("); gen_clamped(g, d - 1); buf_puts(o, ")"); break;
    case 10: buf_puts(o, "12 / "); gen_int(g, d - 1); break;      /* fails where it is 0 */
    default:
        buf_puts(o, "if "); gen_bool(g, d - 1); buf_puts(o, " then "); gen_int(g, d - 1);
        buf_puts(o, " else "); gen_int(g, d - 1); break;
    }
    buf_puts(o, ")");
}

/* A number from a loop over a collection: a fold over the atoms counting those in a set, the
 * count of a comprehension or of images over elements(CH), a fold over a comprehension. */
static void gen_collection_int(Gen *g, int d)
{
    Buf *o = g->out;
    int y = g->atoms++;
    const char *ch = g->chain;
    switch (pick(g, 4)) {
    case 0:
        buf_printf(o, "fold(atoms(%s), (0 : R), (n%d: R, s%d: %s => if s%d <= ", g->set, y, y, g->set, y);
        gen_set(g, d - 1);
        buf_printf(o, " then min(n%d + 1, 7) else n%d))", y, y);
        break;
    case 1:
        buf_printf(o, "(count { e%d in elements(%s) | e%d <= ", y, ch, y);
        gen_chain(g, d - 1);
        buf_puts(o, " })");
        break;
    case 2:
        buf_printf(o, "(count { (e%d join ", y);
        gen_chain(g, d - 1);
        buf_printf(o, " : %s) | e%d in elements(%s) })", ch, y, ch);
        break;
    default:
        buf_printf(o, "fold({ e%d in elements(%s) | ", y, ch);
        gen_bool(g, d - 1);
        buf_printf(o, " or e%d == ", y);
        gen_chain(g, d - 1);
        buf_printf(o, " }, (0 : R), (n%d: R, z%d: %s => min(n%d + 1, 7)))", y, y, ch, y);
        break;
    }
    g->atoms--;
}

static void gen_quantifier(Gen *g, int d)
{
    int y = g->atoms;
    buf_printf(g->out, "(%s y%d in ", pick(g, 2) ? "forall" : "exists", y);
    gen_set(g, d - 1);
    buf_puts(g->out, " : ");
    g->atoms++;
    gen_bool(g, d - 1);
    g->atoms--;
    buf_puts(g->out, ")");
}

static void gen_bool(Gen *g, int d)
{
    Buf *o = g->out;
    static const char *const cmp[] = { " < ", " <= ", " == ", " != ", " > ", " >= " };
    unsigned c = d <= 0 ? pick(g, 3) : pick(g, 10);
    buf_puts(o, "(");
    switch (c) {
    case 0: gen_int(g, 0); buf_puts(o, cmp[pick(g, 6)]); gen_int(g, 0); break;
    case 1: gen_atom(g); buf_puts(o, " in "); gen_set(g, 0); break;
    case 2: buf_puts(o, g->kind == CASE_BOOLSET && pick(g, 2) ? "x.1" : pick(g, 2) ? "true" : "false"); break;
    case 3: buf_puts(o, "not "); gen_bool(g, d - 1); break;
    case 4: gen_bool(g, d - 1); buf_puts(o, pick(g, 2) ? " and " : " or "); gen_bool(g, d - 1); break;
    case 5: gen_set(g, d - 1); buf_puts(o, pick(g, 2) ? " <= " : " == "); gen_set(g, d - 1); break;
    case 6: gen_chain(g, d - 1); buf_puts(o, cmp[pick(g, 6)]); gen_chain(g, d - 1); break;
    case 7: gen_quantifier(g, d); break;
    case 8: if (g->atoms) { gen_atom(g); buf_puts(o, " == "); gen_atom(g); } else buf_puts(o, "true"); break;
    default: gen_int(g, d - 1); buf_puts(o, cmp[pick(g, 6)]); gen_int(g, d - 1); break;
    }
    buf_puts(o, ")");
}

static void gen_set(Gen *g, int d)
{
    Buf *o = g->out;
    static const char *const lits[] = { "({a} minus {a})", "{a}", "{b, c}", "{a, d}", "{a, b, c, d}" };
    unsigned c = d <= 0 ? pick(g, 2) : pick(g, 10);
    if (c == 0) {
        if (g->kind == CASE_SET) buf_puts(o, "x");
        else if (g->kind == CASE_BOOLSET) buf_puts(o, "x.2");
        else buf_puts(o, lits[pick(g, 5)]);
        return;
    }
    if (c == 1) { buf_puts(o, lits[pick(g, 5)]); return; }
    static const char *const ops[] = { " union ", " inter ", " minus " };
    buf_puts(o, "(");
    switch (c) {
    case 2: case 3: case 4: gen_set(g, d - 1); buf_puts(o, ops[c - 2]); gen_set(g, d - 1); break;
    case 5: case 6: {
        int y = g->atoms;
        buf_printf(o, "{ y%d in ", y);
        gen_set(g, d - 1);
        buf_puts(o, " | ");
        g->atoms++;
        gen_bool(g, d - 1);
        g->atoms--;
        buf_puts(o, " }");
        break;
    }
    case 7: {                     /* sup/inf over constant or argument-dependent bounds */
        bool sup = pick(g, 2);
        buf_printf(o, "%s { z %s ", sup ? "sup" : "inf", sup ? "union" : "minus");
        gen_set(g, d - 1);
        const char *a = lits[1 + pick(g, 4)];
        bool dual = strcmp(g->set, "P") != 0;          /* a dual's bounds the other way round */
        if (g->kind == CASE_SET && pick(g, 2))
            buf_printf(o, dual ? " | z in [(%s union x) .. (%s inter x)] }" : " | z in [(%s inter x) .. (%s union x)] }", a, a);
        else if (dual) buf_printf(o, " | z in [(%s : DP) .. (({a} minus {a}) : DP)] }", a);
        else buf_printf(o, " | z in [({a} minus {a}) .. %s] }", a);
        break;
    }
    case 8: {                     /* lfp/gfp of a monotone body, w not used elsewhere */
        bool least = pick(g, 2);
        buf_printf(o, "%s(w: %s => (w %s ", least ? "lfp" : "gfp", g->set, least ? "inter" : "union");
        gen_set(g, d - 1);
        buf_printf(o, ") %s ", least ? "union" : "inter");
        gen_set(g, d - 1);
        buf_puts(o, ")");
        break;
    }
    default:
        buf_puts(o, "if "); gen_bool(g, d - 1); buf_puts(o, " then "); gen_set(g, d - 1);
        buf_puts(o, " else "); gen_set(g, d - 1); break;
    }
    buf_puts(o, ")");
}

static void gen_chain(Gen *g, int d)
{
    Buf *o = g->out;
    unsigned c = d <= 0 ? pick(g, 2) : pick(g, 6);
    if (c == 0) {
        if (g->kind == CASE_CHAIN) buf_puts(o, "x");
        else if (g->kind == CASE_MAP) buf_printf(o, "x[k%u]", 1 + pick(g, 2));
        else buf_puts(o, (const char *const[]){ "lo", "mi", "hi" }[pick(g, 3)]);
        return;
    }
    if (c == 1) { buf_puts(o, (const char *const[]){ "lo", "mi", "hi" }[pick(g, 3)]); return; }
    if (c == 5 && g->kind == CASE_MAP && pick(g, 2)) {     /* a fold over the keys, its start a chain */
        const char *M = g->dual ? "DM" : "M", *V = g->dual ? "DC" : "C";
        int y = g->atoms++;
        buf_printf(o, "fold(keys(%s), ", M);
        gen_chain(g, d - 1);
        buf_printf(o, ", (a%d: %s, k%d: key of %s => a%d %s x[k%d]))", y, V, y, M, y, pick(g, 2) ? "join" : "meet", y);
        g->atoms--;
        return;
    }
    buf_puts(o, "(");
    if (c <= 3) {
        gen_chain(g, d - 1); buf_puts(o, c == 2 ? " join " : " meet "); gen_chain(g, d - 1);
    } else {
        buf_puts(o, "if "); gen_bool(g, d - 1); buf_puts(o, " then "); gen_chain(g, d - 1);
        buf_puts(o, " else "); gen_chain(g, d - 1);
    }
    buf_puts(o, ")");
}

static void gen_program(Gen *g)
{
    Buf *o = g->out;
    buf_puts(o, "lattice R = range 0..7;\nlattice P = powerset {a, b, c, d};\nlattice Q = R * R;\n"
                "lattice C = chain {lo, mi, hi};\nlattice M = map {k1, k2} -> C;\nlattice BP = Bool * P;\n"
                "lattice DR = dual R;\nlattice DP = dual P;\nlattice DQ = DR * R;\nlattice DC = dual C;\n"
                "lattice DDC = dual DC;\nlattice DM = map {k1, k2} -> DC;\nlattice BDP = Bool * DP;\n"
                "fn g(y: R): R = min(max(7 - y, 0), 7);\n");
    const char *name = g->dual ? case_dual_names[g->kind] : case_lattice_names[g->kind];
    if (g->dual && g->kind == CASE_CHAIN && pick(g, 2)) name = "DDC";
    if (g->kind == CASE_CHAIN) g->chain = name;
    else if (g->kind == CASE_MAP && g->dual) g->chain = "DC";
    buf_printf(o, "fn f(x: %s): %s = ", name, name);
    int d = 1 + (int)pick(g, MAX_DEPTH);
    switch (g->kind) {
    case CASE_RANGE:                /* unclamped now and then: fails outside 0..7 */
        if (pick(g, 4)) gen_clamped(g, d);
        else gen_int(g, d);
        break;
    case CASE_SET: gen_set(g, d); break;
    case CASE_PAIR: buf_puts(o, "("); gen_clamped(g, d); buf_puts(o, ", "); gen_clamped(g, d); buf_puts(o, ")"); break;
    case CASE_CHAIN: gen_chain(g, d); break;
    case CASE_BOOLSET: buf_puts(o, "("); gen_bool(g, d); buf_puts(o, ", "); gen_set(g, d); buf_puts(o, ")"); break;
    default: buf_puts(o, "{k1 -> "); gen_chain(g, d); buf_puts(o, ", k2 -> "); gen_chain(g, d); buf_puts(o, "}"); break;
    }
    buf_puts(o, ";\n");
}

/* ---- one case: the function, its table, derived brackets ---- */

typedef struct Case {
    Diag diag;
    Arena arena;
    Context *m;
    const FnSym *fn;
    const Lattice *L;
    size_t n;
    Word *elems, *images;       /* every element of L and its image, n * nwords each */
    bool *fails;                /* f fails (a runtime error) on element i */
    bool any_fails;
    AbsVm *abs;
} Case;

typedef struct Tally {
    size_t cases, compiled, brackets, exact, gave_up, fixpoints, refine_equal;
    size_t partial;             /* f fails on some inputs: brackets only, no engine check */
} Tally;

static Word *elem_at(const Case *c, Word *base, size_t i) { return base + i * c->L->nwords; }

/* Compiles the text and tabulates f; false when it does not compile or f fails somewhere. */
static bool case_open(Case *c, const char *text)
{
    memset(c, 0, sizeof *c);
    diag_init(&c->diag, NULL);
    arena_init(&c->arena);
    c->m = context_new(&c->diag);
    const Source *src = diag_add_source(&c->diag, "case.fix", text, strlen(text));
    if (!context_add_file(c->m, parse_source(&c->diag, &c->arena, src), NULL)) return false;
    c->fn = context_fn(c->m, "f");
    c->L = c->fn->ret;
    const Lattice *L = c->L;
    size_t W = L->nwords, cap = 1u << 12;
    c->elems = mem_calloc(cap * 2 * W, sizeof(Word));
    c->images = c->elems + cap * W;
    c->fails = mem_calloc(cap, sizeof(bool));
    L->ops->bot(L, c->elems);
    Word *top = lattice_elem_new(L), *bot = lattice_elem_new(L);
    L->ops->top(L, top);
    L->ops->bot(L, bot);
    bool ok = true;
    do {
        const Word *args[1] = { elem_at(c, c->elems, c->n) };
        c->fails[c->n] = !context_call(c->m, c->fn, args, elem_at(c, c->images, c->n), (Loc){ 0 });
        c->any_fails |= c->fails[c->n];
        c->n++;
        if (c->n < cap) lattice_copy(L, elem_at(c, c->elems, c->n), elem_at(c, c->elems, c->n - 1));
    } while (c->n < cap && L->ops->next(L, bot, top, elem_at(c, c->elems, c->n)));
    mem_free(top);
    mem_free(bot);
    c->abs = absvm_new(NULL);
    return ok;
}

static void case_close(Case *c)
{
    absvm_free(c->abs);
    mem_free(c->elems);
    mem_free(c->fails);
    if (c->m) context_free(c->m);
    arena_free(&c->arena);
    diag_free(&c->diag);
}

/* The brute-force bracket of f on [a, b] (meet and join of the images where f does not
 * fail); false when f fails on all of [a, b]. */
static bool brute_bracket(const Case *c, const Word *a, const Word *b, Word *lo, Word *hi)
{
    const Lattice *L = c->L;
    bool first = true;
    for (size_t i = 0; i < c->n; i++) {
        const Word *x = elem_at(c, c->elems, i), *y = elem_at(c, c->images, i);
        if (c->fails[i] || !lattice_in_interval(L, x, a, b)) continue;
        if (first) { lattice_copy(L, lo, y); lattice_copy(L, hi, y); first = false; continue; }
        L->ops->meet(L, lo, lo, y);
        L->ops->join(L, hi, hi, y);
    }
    return !first;
}

/* E(f)[a, b] holds the brute-force bracket; counts exact ones and give-ups. */
static void check_bracket(Case *c, const Word *a, const Word *b, Tally *t, const char *text)
{
    const Lattice *L = c->L;
    Word *dl, *dh, *bl, *bh;
    lattice_elems_new(L, 4, (Word **const[]){ &dl, &dh, &bl, &bh });
    if (!brute_bracket(c, a, b, bl, bh)) {
        mem_free(dl);
        return;
    }
    t->brackets++;
    if (!absvm_eval(c->abs, c->fn, a, b, dl, dh)) {
        t->gave_up++;
    } else {
        bool sound = lattice_interval_subset(L, bl, bh, dl, dh);
        if (!sound) fprintf(stderr, "unsound bracket for:\n%s", text);
        assert_true(sound);
        if (L->ops->eq(L, bl, dl) && L->ops->eq(L, bh, dh)) t->exact++;
    }
    mem_free(dl);
}

/* ---- the engine with derived envelopes ---- */

static bool case_eval(void *ctx, const Word *x, Word *out)
{
    const Case *c = ctx;
    for (size_t i = 0; i < c->n; i++)
        if (c->L->ops->eq(c->L, elem_at(c, c->elems, i), x)) {
            lattice_copy(c->L, out, elem_at(c, c->images, i));
            return true;
        }
    return false;
}

static bool case_upper(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    Case *c = ctx;
    (void)hi;
    return absvm_upper(c->abs, c->fn, lo, x, out);
}

static bool case_lower(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    Case *c = ctx;
    (void)lo;
    return absvm_lower(c->abs, c->fn, x, hi, out);
}

static bool in_some_bound(const BoundList *b, const Word *x)
{
    for (size_t i = 0; i < b->count; i++)
        if (lattice_in_interval(b->L, x, boundlist_lo(b, i), boundlist_hi(b, i))) return true;
    return false;
}

/* refine and bnb from [bot, top] keep every fixed point; the derived IR holds the brute one. */
static void check_engine(Case *c, Tally *t, const char *text)
{
    const Lattice *L = c->L;
    AftFunction fd = { .L = L, .name = "f", .ctx = c, .eval = case_eval, .envelope = ENV_DERIVED,
                       .upper = case_upper, .lower = case_lower };
    AftFunction fb = fd;
    fb.envelope = ENV_BRUTE;
    AftOptions o;
    aft_options_default(&o);
    Word *bot, *top, *dl, *dh, *bl, *bh;
    lattice_elems_new(L, 6, (Word **const[]){ &bot, &top, &dl, &dh, &bl, &bh });
    L->ops->bot(L, bot);
    L->ops->top(L, top);
    size_t steps;
    AftStatus sd = aft_refine(&fd, &o, bot, top, dl, dh, &steps, NULL);
    AftStatus sb = aft_refine(&fb, &o, bot, top, bl, bh, &steps, NULL);
    assert_true(sd == AFT_OK || sd == AFT_INVALID);
    assert_true(sb == AFT_OK || sb == AFT_INVALID);
    if (sd == AFT_INVALID) assert_int_equal(sb, AFT_INVALID);
    if (sd == AFT_OK && sb == AFT_OK) {
        bool holds = lattice_interval_subset(L, bl, bh, dl, dh);
        if (!holds) fprintf(stderr, "derived IR misses the brute one for:\n%s", text);
        assert_true(holds);
        if (L->ops->eq(L, bl, dl) && L->ops->eq(L, bh, dh)) t->refine_equal++;
    }
    BoundList final, points;
    assert_int_equal(aft_bnb(&fd, &o, bot, top, &final, &points, NULL), AFT_OK);
    for (size_t i = 0; i < c->n; i++) {
        const Word *x = elem_at(c, c->elems, i);
        if (!L->ops->eq(L, x, elem_at(c, c->images, i))) continue;
        t->fixpoints++;
        assert_int_equal(sd, AFT_OK);
        assert_true(lattice_in_interval(L, x, dl, dh));
        bool kept = in_some_bound(&final, x);
        if (!kept) fprintf(stderr, "bnb lost a fixed point of:\n%s", text);
        assert_true(kept);
    }
    boundlist_free(&final);
    boundlist_free(&points);
    mem_free(bot);
}

static void run_case(Rng *rng, Tally *tallies)
{
    Buf text;
    buf_init(&text);
    Gen g = { rng, &text, (CaseKind)rng_below(rng, CASE_KINDS), 0, rng_below(rng, 2) == 1, "P", "C" };
    if (g.dual && (g.kind == CASE_SET || g.kind == CASE_BOOLSET)) g.set = "DP";
    Tally *t = &tallies[2 * g.kind + g.dual];
    gen_program(&g);
    t->cases++;
    Case c;
    if (case_open(&c, buf_cstr(&text))) {
        t->compiled++;
        const Lattice *L = c.L;
        Word *a, *b;
        lattice_elems_new(L, 2, (Word **const[]){ &a, &b });
        L->ops->bot(L, a);
        L->ops->top(L, b);
        check_bracket(&c, a, b, t, buf_cstr(&text));
        for (int k = 0; k < INTERVALS; k++) {
            const Word *u = elem_at(&c, c.elems, rng_below(rng, c.n)), *v = elem_at(&c, c.elems, rng_below(rng, c.n));
            L->ops->meet(L, a, u, v);
            L->ops->join(L, b, u, v);
            check_bracket(&c, a, b, t, buf_cstr(&text));
        }
        mem_free(a);
        if (c.any_fails) t->partial++;
        else check_engine(&c, t, buf_cstr(&text));
    } else if (getenv("PROP_DERIVED_SHOW")) {
        fprintf(stderr, "did not compile or failed:\n%s", buf_cstr(&text));
    }
    case_close(&c);
    buf_free(&text);
}

static void report(const char *what, const Tally *t)
{
    printf("prop_derived %s: %zu functions (%zu compiled, %zu failing on some inputs), %zu brackets: "
           "%zu equal to brute force (%.1f%%), %zu gave up; %zu fixed points kept; derived IR equal "
           "to brute IR in %zu\n", what, t->cases, t->compiled, t->partial, t->brackets, t->exact,
           100.0 * (double)t->exact / (double)(t->brackets ? t->brackets : 1), t->gave_up, t->fixpoints,
           t->refine_equal);
}

static void test_random_functions(void **state)
{
    (void)state;
    static const char *const kinds[2 * CASE_KINDS] = { "range", "dual range", "powerset", "dual powerset",
        "product", "product with a dual", "chain", "dual chain", "map", "map of duals", "Bool * powerset",
        "Bool * dual powerset" };
    const char *seed = getenv("PROP_DERIVED_SEED"), *more = getenv("PROP_DERIVED_CASES");
    Rng rng = { seed ? strtoull(seed, NULL, 10) : 20261203 };
    int cases = more ? atoi(more) : (int)prop_cases(CASES);
    Tally t[2 * CASE_KINDS] = { { 0 } }, all = { 0 };
    for (int i = 0; i < cases; i++) run_case(&rng, t);
    for (int k = 0; k < 2 * CASE_KINDS; k++) {
        report(kinds[k], &t[k]);
        all.cases += t[k].cases; all.compiled += t[k].compiled; all.brackets += t[k].brackets;
        all.exact += t[k].exact; all.gave_up += t[k].gave_up; all.fixpoints += t[k].fixpoints;
        all.refine_equal += t[k].refine_equal; all.partial += t[k].partial;
    }
    report("all", &all);
    assert_true(all.compiled * 10 >= all.cases * 9);
}

/* ---- reals: brackets by sampling, fixed points of piecewise linear functions ---- */

static void gen_real(Gen *g, int d)
{
    Buf *o = g->out;
    static const char *const consts[] = { "0.25", "0.5", "0.75", "1", "0.1", "2" };
    unsigned c = d <= 0 ? pick(g, 2) : pick(g, 9);
    if (c == 0) { buf_puts(o, "x"); return; }
    if (c == 1) { buf_puts(o, consts[pick(g, 6)]); return; }
    static const char *const ops[] = { " + ", " - ", " * ", " / 2 + " };
    buf_puts(o, "(");
    if (c <= 5) {
        gen_real(g, d - 1); buf_puts(o, ops[c - 2]); gen_real(g, d - 1);
    } else if (c == 6) {
        buf_puts(o, pick(g, 2) ? "min(" : "max("); gen_real(g, d - 1); buf_puts(o, ", "); gen_real(g, d - 1); buf_puts(o, ")");
    } else if (c == 7) {
        buf_puts(o, "abs("); gen_real(g, d - 1); buf_puts(o, ")");
    } else {
        buf_puts(o, "if "); gen_real(g, d - 1); buf_puts(o, " < "); gen_real(g, d - 1);
        buf_puts(o, " then "); gen_real(g, d - 1); buf_puts(o, " else "); gen_real(g, d - 1);
    }
    buf_puts(o, ")");
}

typedef struct RealCase { Diag diag; Arena arena; Context *m; const FnSym *fn; AbsVm *abs; } RealCase;

static bool real_open(RealCase *c, const char *body)
{
    memset(c, 0, sizeof *c);
    diag_init(&c->diag, NULL);
    arena_init(&c->arena);
    c->m = context_new(&c->diag);
    char *text = mem_alloc(strlen(body) + 128);
    sprintf(text, "lattice U = real [0, 1] tolerance 1e-9;\nfn f(x: U): U = min(max(%s, 0), 1);\n", body);
    const Source *src = diag_add_source(&c->diag, "real.fix", text, strlen(text));
    bool ok = context_add_file(c->m, parse_source(&c->diag, &c->arena, src), NULL);
    mem_free(text);
    c->fn = ok ? context_fn(c->m, "f") : NULL;
    c->abs = absvm_new(NULL);
    return ok;
}

static void real_close(RealCase *c)
{
    absvm_free(c->abs);
    context_free(c->m);
    arena_free(&c->arena);
    diag_free(&c->diag);
}

static bool real_f(RealCase *c, double x, double *y)
{
    Word in = word_from_double(x), out;
    const Word *args[1] = { &in };
    if (!context_call(c->m, c->fn, args, &out, (Loc){ 0 })) return false;
    *y = word_to_double(out);
    return true;
}

/* E(f)[a, b] holds f at 64 points of [a, b], ends included. */
static void real_brackets(RealCase *c, Rng *rng, Tally *t, const char *body)
{
    for (int k = 0; k < INTERVALS; k++) {
        double u = rng_unit(rng), v = rng_unit(rng), a = u < v ? u : v, b = u < v ? v : u, y;
        if (k == 0) { a = 0; b = 1; }
        Word wa = word_from_double(a), wb = word_from_double(b), lo, hi;
        t->brackets++;
        if (!absvm_eval(c->abs, c->fn, &wa, &wb, &lo, &hi)) {
            if (getenv("PROP_DERIVED_SHOW")) fprintf(stderr, "gave up (%s) on [%g, %g]: %s\n", absvm_why(c->abs), a, b, body);
            t->gave_up++;
            continue;
        }
        for (int i = 0; i <= 64; i++) {
            double x = i == 64 ? b : a + (b - a) * i / 64.0;
            if (!real_f(c, x, &y)) continue;
            bool inside = word_to_double(lo) <= y && y <= word_to_double(hi);
            if (!inside) fprintf(stderr, "unsound real bracket at %.17g for %s\n", x, body);
            assert_true(inside);
        }
    }
}

static bool real_eval(void *ctx, const Word *x, Word *out)
{
    double y;
    if (!real_f(ctx, word_to_double(*x), &y)) return false;
    *out = word_from_double(y);
    return true;
}

static bool real_upper(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    (void)hi;
    return absvm_upper(((RealCase *)ctx)->abs, ((RealCase *)ctx)->fn, lo, x, out);
}

static bool real_lower(void *ctx, const Word *lo, const Word *hi, const Word *x, Word *out)
{
    (void)lo;
    return absvm_lower(((RealCase *)ctx)->abs, ((RealCase *)ctx)->fn, x, hi, out);
}

/* f(x) = clamp(c x + d): its fixed points (0, 1, d / (1 - c) where they are fixed) stay in
 * bnb's Final with derived envelopes. */
static void real_linear(Rng *rng, Tally *t)
{
    double cs = -2 + 0.25 * (double)rng_below(rng, 17), ds = -1 + 0.25 * (double)rng_below(rng, 11);
    if (cs == 1) cs = 0.5;
    char body[64];
    snprintf(body, sizeof body, "%g * x + %g", cs, ds);
    RealCase c;
    assert_true(real_open(&c, body));
    const Lattice *L = c.fn->ret;
    AftFunction f = { .L = L, .name = "f", .ctx = &c, .eval = real_eval, .envelope = ENV_DERIVED,
                      .upper = real_upper, .lower = real_lower };
    AftOptions o;
    aft_options_default(&o);
    o.rounds = 40;
    Word lo = word_from_double(0), hi = word_from_double(1);
    BoundList final, points;
    AftStatus s = aft_bnb(&f, &o, &lo, &hi, &final, &points, NULL);
    assert_true(s == AFT_OK || s == AFT_LIMIT);
    double cand[3] = { 0, 1, ds / (1 - cs) }, y;
    for (int i = 0; i < 3; i++) {
        if (cand[i] < 0 || cand[i] > 1 || !real_f(&c, cand[i], &y) || fabs(y - cand[i]) > 1e-12) continue;
        t->fixpoints++;
        bool kept = false;
        for (size_t k = 0; k < final.count; k++)
            kept |= word_to_double(*boundlist_lo(&final, k)) <= cand[i] + 1e-9 &&
                    cand[i] - 1e-9 <= word_to_double(*boundlist_hi(&final, k));
        if (!kept) fprintf(stderr, "bnb lost the fixed point %g of %s\n", cand[i], body);
        assert_true(kept);
    }
    boundlist_free(&final);
    boundlist_free(&points);
    real_close(&c);
}

static void test_random_real_functions(void **state)
{
    (void)state;
    Rng rng = { 777 };
    Tally t = { 0 };
    for (size_t i = 0, n = prop_cases(CASES / 2); i < n; i++) {
        Buf body;
        buf_init(&body);
        Gen g = { &rng, &body, CASE_RANGE, 0, false, "P", "C" };
        gen_real(&g, 1 + (int)pick(&g, MAX_DEPTH));
        RealCase c;
        t.cases++;
        if (real_open(&c, buf_cstr(&body))) {
            t.compiled++;
            real_brackets(&c, &rng, &t, buf_cstr(&body));
        }
        real_close(&c);
        buf_free(&body);
        real_linear(&rng, &t);
    }
    printf("prop_derived reals: %zu functions (%zu compiled), %zu brackets sampled, %zu gave up; "
           "%zu fixed points of linear functions kept\n", t.cases, t.compiled, t.brackets, t.gave_up,
           t.fixpoints);
    assert_true(t.compiled * 10 >= t.cases * 9);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_functions),
        cmocka_unit_test(test_random_real_functions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
