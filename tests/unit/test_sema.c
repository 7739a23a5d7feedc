/* test_sema.c: names and static types: error messages with their line:col, lattice limits,
 * declarations, queries, and name resolution from the expected type. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "check/context.h"
#include "context_fixture.h"

static void add(Fx *f, const char *text) { fx_add(f, "u.fix", text); }

static bool has(Fx *f, const char *s)
{
    fflush(f->sink);
    bool found = f->errors && strstr(f->errors, s) != NULL;
    if (!found) fprintf(stderr, "missing \"%s\" in:\n%s\n", s, f->errors ? f->errors : "");
    return found;
}

/* The type of `show <expr>;` as text, or "ERROR". */
static const char *type_of(Fx *f, const char *expr, char *buf, size_t n)
{
    char text[512];
    snprintf(text, sizeof text, "show %s;", expr);
    const Source *src = diag_add_source(&f->diag, "e.fix", text, strlen(text));
    AstFile *file = parse_source(&f->diag, &f->arena, src);
    Type t;
    if (file->ndecls != 1 || !context_typeof(f->m, file->decls[0]->query.expr, &t)) return "ERROR";
    Buf b;
    buf_init(&b);
    type_describe(&t, &b);
    snprintf(buf, n, "%s", buf_cstr(&b));
    buf_free(&b);
    return buf;
}

static void test_good_file(void **state)
{
    (void)state;
    Fx *f = load("lattice U = real [0, 1] tolerance 1e-9;\n"
                 "lattice P2 = U * U;\n"
                 "fn f(x: P2): P2 = (1 - x.2 / 2, x.1 / 2);\n"
                 "envelope f { upper(lo, hi, x) = f((x.1, lo.2)); lower(lo, hi, x) = f((x.1, hi.2)); }\n"
                 "show f((0.2, 0.3));\n"
                 "refine f from [(0, 0) .. (1, 1)] steps 2 trace;\n"
                 "bnb f split first;\n"
                 "program P { p :- not q. q :- not p. }\n"
                 "stable P;\n");
    assert_true(f->ok);
    assert_int_equal(f->diag.errors, 0);
    assert_int_equal(f->queries.count, 4);
    FnSym *fn = context_fn(f->m, "f");
    assert_non_null(fn);
    assert_non_null(fn->upper);
    assert_non_null(fn->lower);
    assert_int_equal(fn->upper->nparams, 3);
    assert_ptr_equal(fn->ret, context_lattice(f->m, "P2"));
    assert_non_null(context_program(f->m, "P"));
    assert_null(context_fn(f->m, "P"));
    done(f);
}

static void test_type_errors_name_both_types(void **state)
{
    (void)state;
    Fx *f = load("lattice Atoms = powerset {p, q};\n"
                 "lattice U = real [0, 1];\n"
                 "fn g(x: U * U): U * U = {p};\n"
                 "fn h(x: Atoms): U * U = x;\n"
                 "fn k(x: Atoms): Atoms = x + 1;\n");
    assert_false(f->ok);
    assert_true(has(f, "t.fix:3:25: error: expected U * U, found a set"));
    assert_true(has(f, "t.fix:4:25: error: expected U * U, found Atoms"));
    assert_true(has(f, "t.fix:5:25: error: '+' needs numbers, found Atoms"));
    assert_int_equal(f->diag.errors, 3);            /* all three, no cascade */
    assert_null(context_fn(f->m, "g"));               /* bodies with errors are forgotten */
    done(f);
}

static void test_duplicates_and_unknown_names(void **state)
{
    (void)state;
    Fx *f = load("lattice L = chain {a, b};\n"
                 "fn f(x: L): L = x;\n"
                 "fn f(y: L): L = y;\n"
                 "fn g(x: L): L = foo;\n"
                 "fn h(x: L): Nope = x;\n"
                 "fn i(x: L, x: L): L = x;\n"
                 "fn j(x: L): L = nothing(x);\n"
                 "lattice Bool = chain {no, yes};\n");
    assert_false(f->ok);
    assert_true(has(f, "t.fix:3:4: error: duplicate declaration of 'f'"));
    assert_true(has(f, "t.fix:2:4: note: 'f' was first declared here"));
    assert_true(has(f, "t.fix:4:17: error: unknown name 'foo'"));
    assert_true(has(f, "t.fix:5:13: error: unknown lattice 'Nope'"));
    assert_true(has(f, "t.fix:6:12: error: parameter 'x' declared twice"));
    assert_true(has(f, "t.fix:7:17: error: unknown function 'nothing'"));
    assert_true(has(f, "duplicate declaration of 'Bool'"));
    assert_non_null(context_fn(f->m, "f"));
    done(f);
}

static void test_lattice_limits(void **state)
{
    (void)state;
    Fx *f = load("lattice A = range 5..1;\n"
                 "lattice B = real [1, 0];\n"
                 "lattice C = finite { a < b; a < c; }\n"
                 "lattice D = powerset {p, q, p};\n"
                 "lattice E = map {x} -> Later;\n"
                 "lattice Later = chain {lo, hi};\n"
                 "lattice Self = Self * Self;\n");
    assert_false(f->ok);
    assert_true(has(f, "t.fix:1:13: error: empty range: 5 > 1"));
    assert_true(has(f, "t.fix:2:13: error: empty real interval: 1 > 0"));
    assert_true(has(f, "t.fix:3:13: error: not a lattice: no top element"));
    assert_true(has(f, "t.fix:4:29: error: atom 'p' listed twice"));
    assert_true(has(f, "lattice 'Self' is defined in terms of itself"));
    assert_non_null(context_lattice(f->m, "E"));       /* declared before the lattice it uses */
    assert_null(context_lattice(f->m, "A"));
    done(f);

    Buf b;
    buf_init(&b);
    buf_puts(&b, "lattice X = chain {a};\nlattice Wide = X");
    for (int i = 0; i < LATTICE_PRODUCT_MAX; i++) buf_puts(&b, " * X");
    buf_puts(&b, ";\n");
    f = load(buf_cstr(&b));
    buf_free(&b);
    assert_false(f->ok);
    assert_true(has(f, "a product has at most 4096 parts, this one has 4097"));
    done(f);
}

static void test_refused_declarations_register_no_names(void **state)
{
    (void)state;
    Fx *f = load("lattice A = powerset {p, q};\n"
                 "lattice A = powerset {p, q};\n"
                 "lattice B = powerset {z} * Nope;\n"
                 "fn g(x: powerset {w}): A = {p};\n"
                 "fn g(x: powerset {v}): A = {p};\n"
                 "fn h(x: A): A = lfp(y: powerset {u} => y);\n");
    assert_false(f->ok);
    assert_true(has(f, "t.fix:2:9: error: duplicate declaration of 'A'"));
    assert_true(has(f, "t.fix:5:4: error: duplicate declaration of 'g'"));
    assert_true(has(f, "t.fix:3:28: error: unknown lattice 'Nope'"));
    assert_true(has(f, "t.fix:6:17: error: expected A, found powerset {u}"));
    add(f, "lattice C = powerset {z, v, u, r};\nfn k(x: A): A = {p} union x;\nfn m(x: C): C = {z, v, u};\n");
    assert_true(f->ok);
    char buf[128];
    assert_string_equal(type_of(f, "{p}", buf, sizeof buf), "A");
    assert_string_equal(type_of(f, "{u, z}", buf, sizeof buf), "C");
    assert_string_equal(type_of(f, "{w}", buf, sizeof buf), "powerset {w}");
    done(f);
}

static void test_chains_and_nesting(void **state)
{
    (void)state;
    Buf b;
    buf_init(&b);
    buf_puts(&b, "lattice L = chain {a, b, c};\nfn f(x: L): L = bot join x");
    for (int i = 0; i < 40000; i++) buf_puts(&b, i % 2 ? " join a" : " meet top");
    buf_puts(&b, ";\nfn n(x: L): Bool = 1");
    for (int i = 0; i < 40000; i++) buf_puts(&b, i % 2 ? " + 2" : " * 1.5");
    buf_puts(&b, " > 0 and x == a or x != b;\n");
    Fx *f = load(buf_cstr(&b));
    buf_free(&b);
    assert_true(f->ok);
    assert_non_null(context_fn(f->m, "f"));
    assert_non_null(context_fn(f->m, "n"));
    char buf[128];
    assert_string_equal(type_of(f, "1 + 2 * 3 - 4 / 1.5 + 1", buf, sizeof buf), "real");
    assert_string_equal(type_of(f, "bot join a meet c join b", buf, sizeof buf), "L");
    done(f);

    buf_init(&b);
    buf_puts(&b, "lattice L0 = powerset {x};\n");
    for (int i = 1; i <= AST_MAX_DEPTH; i++) buf_printf(&b, "lattice L%d = %s L%d;\n", i, i % 2 ? "dual" : "map {k} ->", i - 1);
    f = load(buf_cstr(&b));
    buf_free(&b);
    assert_false(f->ok);
    assert_true(has(f, "t.fix:201:16: error: lattice nested too deeply (more than 200 levels of products, maps and duals)"));
    assert_non_null(context_lattice(f->m, "L199"));
    assert_null(context_lattice(f->m, "L200"));
    done(f);
}

static void test_expected_types_resolve_names(void **state)
{
    (void)state;
    Fx *f = load("lattice A = powerset {p, q};\n"
                 "lattice B = powerset {p, r};\n"
                 "lattice L = chain {low, high};\n"
                 "lattice M = chain {low, top2};\n"
                 "fn fa(x: A): A = x union {p};\n"
                 "fn fb(x: B): B = {p} union x;\n"
                 "fn fl(x: L): Bool = x == low;\n"
                 "fn fm(x: M): M = low;\n");
    assert_true(f->ok);
    char buf[256];
    assert_string_equal(type_of(f, "fa({q})", buf, sizeof buf), "A");
    assert_string_equal(type_of(f, "{q}", buf, sizeof buf), "A");
    assert_string_equal(type_of(f, "{p}", buf, sizeof buf), "ERROR");
    assert_true(has(f, "'p' belongs to several lattices (A and B): the context does not say which"));
    assert_string_equal(type_of(f, "1 + 0.5", buf, sizeof buf), "real");
    assert_string_equal(type_of(f, "count {q}", buf, sizeof buf), "int");
    assert_string_equal(type_of(f, "high", buf, sizeof buf), "L");
    assert_string_equal(type_of(f, "fl(high)", buf, sizeof buf), "Bool");
    assert_string_equal(type_of(f, "bot", buf, sizeof buf), "ERROR");
    assert_true(has(f, "cannot tell which lattice 'bot' belongs to here"));
    done(f);
}

static void test_queries_are_checked(void **state)
{
    (void)state;
    Fx *f = load("lattice Cnt = range 0..7;\n"
                 "lattice Par = chain {none, some, all};\n"
                 "lattice U = real [0, 1];\n"
                 "fn inc(x: Cnt): Cnt monotone = min(x + 1, 7);\n"
                 "fn two(x: Cnt, y: Cnt): Cnt = x;\n"
                 "fn u(x: U): U = x;\n"
                 "galois G : Cnt -> Par { alpha_up(x) = top; gamma_up(a) = 7; alpha_lo(x) = bot; gamma_lo(a) = 0; }\n"
                 "fixpoints two;\n"
                 "bnb u via G split sideways;\n"
                 "approx inc via G;\n"
                 "stable inc;\n"
                 "check galois inc;\n"
                 "refine inc from [0 .. 9];\n"
                 "lfp missing;\n");
    assert_false(f->ok);
    assert_true(has(f, "t.fix:8:11: error: 'fixpoints' needs a function from a lattice to itself"));
    assert_true(has(f, "t.fix:9:11: error: galois insertion 'G' abstracts Cnt, but 'u' is on U"));
    assert_true(has(f, "t.fix:9:19: error: unknown split strategy 'sideways'"));
    assert_true(has(f, "t.fix:11:8: error: 'inc' is a function; 'stable' needs a program"));
    assert_true(has(f, "t.fix:12:14: error: 'inc' is a function; 'check galois' needs a galois insertion"));
    assert_true(has(f, "t.fix:13:23: error: value 9 is outside Cnt = range 0..7"));
    assert_true(has(f, "t.fix:14:5: error: unknown function 'missing'"));
    assert_int_equal(f->queries.count, 1);           /* only `approx inc via G` checked fine */
    assert_non_null(context_galois(f->m, "G"));
    done(f);
}

static void test_envelope_and_galois_blocks(void **state)
{
    (void)state;
    Fx *f = load("lattice Cnt = range 0..7;\n"
                 "fn f(x: Cnt): Cnt = 7 - x;\n"
                 "fn g(x: Cnt, y: Cnt): Cnt = x;\n"
                 "fn h(x: Cnt): Cnt = x;\n"
                 "envelope f { upper(lo, hi, x) = 7 - lo; }\n"
                 "envelope g { upper(lo, hi, x) = x; lower(lo, hi, x) = x; }\n"
                 "envelope h { upper(lo, x) = x; lower(lo, hi, x) = x; sideways(x) = x; }\n"
                 "galois H : Cnt -> Cnt { alpha_up(x) = x; gamma_up(a) = a; alpha_lo(x) = x; }\n");
    assert_false(f->ok);
    assert_true(has(f, "t.fix:5:1: error: an envelope lacks the equation 'lower(lo, hi, x) = ...'"));
    assert_true(has(f, "t.fix:6:10: error: an envelope needs a function of one parameter; 'g' has 2"));
    assert_true(has(f, "t.fix:7:14: error: 'upper' takes 3 parameters (lo, hi, x), found 2"));
    assert_true(has(f, "t.fix:7:54: error: unknown equation 'sideways' in an envelope (expected upper or lower)"));
    assert_true(has(f, "t.fix:8:1: error: a galois block lacks the equation 'gamma_lo(a) = ...'"));
    assert_null(context_galois(f->m, "H"));
    done(f);
}

static void test_repl_style_additions(void **state)
{
    (void)state;
    Fx *f = load("lattice L = chain {a, b};\nfn f(x: L): L = x;\n");
    assert_true(f->ok);
    add(f, "fn g(x: L): L = f(x) join zzz;\n");
    assert_false(f->ok);
    assert_null(context_fn(f->m, "g"));
    add(f, "fn g(x: L): L = f(x) join b;\nshow g(a);\n");
    assert_true(f->ok);
    assert_non_null(context_fn(f->m, "g"));
    assert_int_equal(f->queries.count, 1);
    done(f);
}

static void count_name(void *ctx, const char *name)
{
    int *n = ctx;
    if (strcmp(name, "L") == 0 || strcmp(name, "f") == 0 || strcmp(name, "Bool") == 0) (*n)++;
}

static void test_each_name(void **state)
{
    (void)state;
    Fx *f = load("lattice L = chain {a, b};\nfn f(x: L): L = x;\n");
    int n = 0;
    context_each_name(f->m, count_name, &n);
    assert_int_equal(n, 3);
    done(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_file),
        cmocka_unit_test(test_type_errors_name_both_types),
        cmocka_unit_test(test_duplicates_and_unknown_names),
        cmocka_unit_test(test_lattice_limits),
        cmocka_unit_test(test_refused_declarations_register_no_names),
        cmocka_unit_test(test_chains_and_nesting),
        cmocka_unit_test(test_expected_types_resolve_names),
        cmocka_unit_test(test_queries_are_checked),
        cmocka_unit_test(test_envelope_and_galois_blocks),
        cmocka_unit_test(test_repl_style_additions),
        cmocka_unit_test(test_each_name),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
