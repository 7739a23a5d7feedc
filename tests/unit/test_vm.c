/* test_vm.c: evaluation through the VM: arithmetic, sets, tuples, maps, binders, fixpoints,
 * calls, and runtime errors with their locations. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "check/context.h"
#include "context_fixture.h"

static void print_value(const Type *t, const Word *v, Buf *b)
{
    switch (t->kind) {
    case TY_INT: buf_printf(b, "%lld", (long long)word_to_int(v[0])); break;
    case TY_REAL: buf_put_double(b, word_to_double(v[0])); break;
    case TY_ATOM: buf_printf(b, "atom %llu", (unsigned long long)v[0]); break;
    case TY_LAT: t->lat->ops->print(t->lat, v, b); break;
    case TY_ERROR: buf_puts(b, "<error>"); break;
    case TY_FN: case TY_COLL: case TY_ITV: case TY_BNB: buf_puts(b, "<not an element>"); break;
    }
}

/* Evaluates `show <expr>;` in f's model: the printed value, or "ERROR". */
static const char *eval(Fx *f, const char *expr)
{
    Buf text;
    buf_init(&text);
    buf_printf(&text, "show %s;", expr);
    const Source *src = diag_add_source(&f->diag, "e.fix", text.data, text.len);
    buf_free(&text);
    AstFile *file = parse_source(&f->diag, &f->arena, src);
    Type t;
    Word *v = NULL;
    if (file->ndecls != 1 || !context_eval(f->m, file->decls[0]->query.expr, NULL, &t, &v)) {
        fflush(f->sink);
        return "ERROR";
    }
    Buf b;
    buf_init(&b);
    print_value(&t, v, &b);
    snprintf(f->value, sizeof f->value, "%s", buf_cstr(&b));
    buf_free(&b);
    mem_free(v);
    fflush(f->sink);
    return f->value;
}

static bool errors_contain(Fx *f, const char *s)
{
    fflush(f->sink);
    return f->errors && strstr(f->errors, s) != NULL;
}

static void test_numbers(void **state)
{
    (void)state;
    Fx *f = load("lattice Cnt = range 0..16;\nfn half(x: Cnt): Cnt = x / 2;\n");
    assert_true(f->ok);
    assert_string_equal(eval(f, "1 + 2 * 3 - -4 / 2"), "9");
    assert_string_equal(eval(f, "7 / 2"), "3");
    assert_string_equal(eval(f, "-7 / 2"), "-3");
    assert_string_equal(eval(f, "7.0 / 2"), "3.5");
    assert_string_equal(eval(f, "1 - 0.25"), "0.75");
    assert_string_equal(eval(f, "min(3, 2.5)"), "2.5");
    assert_string_equal(eval(f, "max(3, 2)"), "3");
    assert_string_equal(eval(f, "abs(-3)"), "3");
    assert_string_equal(eval(f, "abs(-0.5)"), "0.5");
    assert_string_equal(eval(f, "3 < 4 and not (2 >= 3)"), "true");
    assert_string_equal(eval(f, "2 == 2.0"), "true");
    assert_string_equal(eval(f, "half(9)"), "4");
    assert_string_equal(eval(f, "half(9) + 0.5"), "4.5");
    assert_string_equal(eval(f, "if 1 > 2 then 1 else 2.5"), "2.5");
    assert_string_equal(eval(f, "let a = 3 in let b = a * a in b - a"), "6");
    done(f);
}

static void test_runtime_errors(void **state)
{
    (void)state;
    Fx *f = load("lattice Cnt = range 0..16;\n"
                 "lattice U = real [0, 1];\n"
                 "fn dbl(x: Cnt): Cnt = x * 2;\n"
                 "fn inv(x: U): U = 1 / x;\n"
                 "fn div(x: Cnt): Cnt = 16 / x;\n"
                 "fn loop(x: Cnt): Cnt = 0 + loop(x);\n");
    assert_true(f->ok);
    assert_string_equal(eval(f, "dbl(8)"), "16");
    assert_string_equal(eval(f, "dbl(9)"), "ERROR");
    assert_true(errors_contain(f, "t.fix:3:23: error: value 18 is outside Cnt = range 0..16"));
    assert_string_equal(eval(f, "div(0)"), "ERROR");
    assert_true(errors_contain(f, "t.fix:5:23: error: division by zero"));
    assert_string_equal(eval(f, "inv(0.5)"), "ERROR");
    assert_true(errors_contain(f, "value 2 is outside U = real [0, 1]"));
    assert_string_equal(eval(f, "inv(1)"), "1");
    assert_string_equal(eval(f, "loop(1)"), "ERROR");
    assert_true(errors_contain(f, "call depth limit"));
    assert_string_equal(eval(f, "9223372036854775807 + 1"), "ERROR");
    assert_true(errors_contain(f, "integer overflow"));
    /* the VM is usable again after an error */
    assert_string_equal(eval(f, "dbl(3)"), "6");
    done(f);
}

static void test_real_slack_is_clamped(void **state)
{
    (void)state;
    Fx *f = load("lattice U = real [0, 1];\nfn up(x: U): U = x + 0.0000000000001;\n");
    assert_true(f->ok);
    assert_string_equal(eval(f, "up(1)"), "1");
    done(f);
}

static void test_sets(void **state)
{
    (void)state;
    Fx *f = load("lattice A = powerset {p, q, r, s};\n"
                 "fn S(m: A): A antitone =\n"
                 "  let pq = (if q in m then {} else {p}) union (if p in m then {} else {q}) in\n"
                 "  pq union (if p in pq then {r} else {}) union (if q in pq then {s} else {});\n"
                 "fn odd(m: A): A = { a in m | a == p or a == r };\n"
                 "fn none_s(m: A): Bool = forall a in m : a != s;\n"
                 "fn any(m: A): Bool = exists a in A : a in m;\n");
    assert_true(f->ok);
    assert_string_equal(eval(f, "S({p, r})"), "{p, r}");
    assert_string_equal(eval(f, "S({})"), "{p, q, r, s}");
    assert_string_equal(eval(f, "{p, q} union {s}"), "{p, q, s}");
    assert_string_equal(eval(f, "{p, q} inter {q, s}"), "{q}");
    assert_string_equal(eval(f, "{p, q} minus {q}"), "{p}");
    assert_string_equal(eval(f, "count {p, q, s}"), "3");
    assert_string_equal(eval(f, "odd({p, q, r})"), "{p, r}");
    assert_string_equal(eval(f, "{ a in A | not (a in {p}) }"), "{q, r, s}");
    assert_string_equal(eval(f, "none_s({p, q})"), "true");
    assert_string_equal(eval(f, "none_s({s})"), "false");
    assert_string_equal(eval(f, "any({})"), "false");
    assert_string_equal(eval(f, "any({r})"), "true");
    assert_string_equal(eval(f, "{p} <= {p, q}"), "true");
    assert_string_equal(eval(f, "{p} < {p}"), "false");
    assert_string_equal(eval(f, "{p} == {p}"), "true");
    done(f);
}

static void test_big_powerset(void **state)
{
    (void)state;
    Buf b;
    buf_init(&b);
    buf_puts(&b, "lattice Big = powerset {");
    for (int i = 0; i < 10000; i++) buf_printf(&b, "%sa%d", i ? ", " : "", i);
    buf_puts(&b, "};\nlattice N = range 0..10000;\n"
                 "fn grow(m: Big): Big monotone = m union {a0, a9999};\n"
                 "fn size(m: Big): N = count m;\n");
    Fx *f = load(buf_cstr(&b));
    buf_free(&b);
    assert_true(f->ok);
    assert_string_equal(eval(f, "size(top)"), "10000");
    assert_string_equal(eval(f, "count lfp(grow)"), "2");
    assert_string_equal(eval(f, "count { a in Big | a != a5 }"), "9999");
    assert_string_equal(eval(f, "a9998 in grow({a9998})"), "true");
    done(f);
}

static void test_tuples_and_calls(void **state)
{
    (void)state;
    Fx *f = load("lattice U = real [0, 1] tolerance 1e-9;\n"
                 "lattice P2 = U * U;\n"
                 "fn BR1(y: U): U = 1 - y / 2;\n"
                 "fn f(x: P2): P2 = (BR1(x.2), x.1 / 2);\n"
                 "fn g(x: U * U): U = x.1 join x.2;\n"
                 "lattice Nest = P2 * U;\n"
                 "fn inner(n: Nest): U = n.1.2;\n");
    assert_true(f->ok);
    assert_string_equal(eval(f, "f((0.2, 0.3))"), "(0.85, 0.1)");
    assert_string_equal(eval(f, "g(f((0.2, 0.3)))"), "0.85");
    assert_string_equal(eval(f, "f((0, 1)).2"), "0");
    assert_string_equal(eval(f, "inner(((0.25, 0.5), 1))"), "0.5");
    /* context_call with explicit arguments */
    FnSym *fn = context_fn(f->m, "f");
    assert_non_null(fn);
    Word x[2] = { word_from_double(0.2), word_from_double(0.3) }, out[2];
    const Word *args[1] = { x };
    Loc none = { NULL, 0, 0 };
    assert_true(context_call(f->m, fn, args, out, none));
    assert_true(word_to_double(out[0]) == 0.85);
    assert_true(word_to_double(out[1]) == 0.1);
    done(f);
}

static void test_maps_and_finite(void **state)
{
    (void)state;
    Fx *f = load("lattice Sign = finite { bot < neg, zero, pos; neg, zero, pos < top; }\n"
                 "lattice Env = map {x, y} -> Sign;\n"
                 "lattice Lvl = chain {low, mid, high};\n"
                 "lattice Down = dual Lvl;\n"
                 "fn swap(e: Env): Env = {y -> e[x], x -> e[y]};\n"
                 "fn at(e: Env, k: Env): Sign = e[x] join k[y];\n"
                 "fn flip(d: Down): Down = d join high;\n");
    assert_true(f->ok);
    assert_string_equal(eval(f, "swap({x -> neg, y -> top})"), "{x -> top, y -> neg}");
    assert_string_equal(eval(f, "at({x -> neg, y -> bot}, {x -> bot, y -> pos})"), "top");
    assert_string_equal(eval(f, "neg join pos"), "top");
    assert_string_equal(eval(f, "neg meet pos"), "bot");
    assert_string_equal(eval(f, "neg <= top"), "true");
    assert_string_equal(eval(f, "neg <= pos"), "false");
    assert_string_equal(eval(f, "low < high"), "true");
    assert_string_equal(eval(f, "flip(low)"), "low");       /* join in the dual is meet */
    assert_string_equal(eval(f, "flip(mid)"), "mid");
    done(f);
}

static void test_fixpoints_and_sup(void **state)
{
    (void)state;
    Fx *f = load("lattice A = powerset {p, q, r};\n"
                 "lattice Cnt = range 0..10;\n"
                 "lattice U = real [0, 1];\n"
                 "fn reach(m: A): A monotone = m union {p} union (if p in m then {q} else {});\n"
                 "fn grow(n: Cnt): Cnt monotone = min(n + 3, 7);\n"
                 "fn halfway(u: U): U = lfp(x: U => (x + u) / 2 join 0);\n"
                 "fn sq(a: Cnt, b: Cnt): Cnt = sup { y * 1 | y in [a .. b] };\n"
                 "fn low(a: Cnt, b: Cnt): Cnt = inf { y | y in [a .. b] };\n");
    assert_true(f->ok);
    assert_string_equal(eval(f, "lfp(reach)"), "{p, q}");
    assert_string_equal(eval(f, "gfp(reach)"), "{p, q, r}");
    assert_string_equal(eval(f, "lfp(grow)"), "7");
    assert_string_equal(eval(f, "gfp(x: Cnt => x / 2)"), "0");
    assert_string_equal(eval(f, "lfp(x: A => x union {r})"), "{r}");
    assert_string_equal(eval(f, "halfway(1) > 0.999"), "true");
    assert_string_equal(eval(f, "sq(2, 5)"), "5");
    assert_string_equal(eval(f, "low(2, 5)"), "2");
    assert_string_equal(eval(f, "sq(5, 2)"), "ERROR");
    assert_true(errors_contain(f, "empty interval: 5 is not below 2"));
    assert_string_equal(eval(f, "sup { m | m in [{p} .. {p, q, r}] }"), "{p, q, r}");
    done(f);
}

static void test_kleene_limit(void **state)
{
    (void)state;
    Fx *f = load("lattice Lvl = chain {a, b};\nfn flip(x: Lvl): Lvl = if x == a then b else a;\n");
    assert_true(f->ok);
    assert_string_equal(eval(f, "lfp(flip)"), "ERROR");
    assert_true(errors_contain(f, "no fixed point after 1000000 iterations"));
    done(f);
}

static void test_limits_and_interrupt(void **state)
{
    (void)state;
    Fx *f = load("lattice N = range 0..100000;\n"
                 "fn down(n: N): N = if n == 0 then 0 else down(n - 1);\n");
    assert_true(f->ok);
    volatile sig_atomic_t stop = 0;
    Limits limits;
    limits_start(&limits, 0, 0, &stop);
    context_set_limits(f->m, 50, &limits);
    assert_string_equal(eval(f, "down(10)"), "0");
    assert_string_equal(eval(f, "down(100)"), "ERROR");
    assert_true(errors_contain(f, "step limit of 50 steps reached"));
    context_set_limits(f->m, 0, &limits);
    stop = 1;
    int errors = f->diag.errors;
    assert_string_equal(eval(f, "down(3)"), "ERROR");
    assert_string_equal(limits.hit, "interrupt");      /* no message: the caller says why */
    assert_int_equal(f->diag.errors, errors);
    stop = 0;
    limits_start(&limits, 0, 0, &stop);
    assert_string_equal(eval(f, "down(3)"), "0");
    done(f);
}

/* --timeout reaches into a long evaluation: a sup over 2^40 elements stops at the deadline
 * (it says so; how long it took is not checked, the machine may be busy). */
static void test_timeout_stops_a_long_loop(void **state)
{
    (void)state;
    Fx *f = load("lattice R = range 0 .. 1099511627775;\n"
                 "fn widest(a: R, b: R): R = sup { y | y in [a .. b] };\n");
    assert_true(f->ok);
    Limits limits;
    limits_start(&limits, 0.05, 0, NULL);
    context_set_limits(f->m, 0, &limits);
    assert_string_equal(eval(f, "widest(0, 1099511627775)"), "ERROR");   /* hours without it */
    assert_string_equal(limits.hit, "timeout");
    done(f);
}

static void test_eval_against_expected(void **state)
{
    (void)state;
    Fx *f = load("lattice U = real [0, 1];\nlattice P2 = U * U;\nlattice Cnt = range 0..16;\n");
    assert_true(f->ok);
    const char *text = "show (0, 1);";
    const Source *src = diag_add_source(&f->diag, "q.fix", text, strlen(text));
    AstFile *file = parse_source(&f->diag, &f->arena, src);
    Type t;
    Word *v = NULL;
    const Lattice *P2 = context_lattice(f->m, "P2");
    assert_true(context_eval(f->m, file->decls[0]->query.expr, P2, &t, &v));
    assert_int_equal(t.kind, TY_LAT);
    assert_ptr_equal(t.lat, P2);
    assert_true(word_to_double(v[0]) == 0.0 && word_to_double(v[1]) == 1.0);
    mem_free(v);
    text = "show 17;";
    src = diag_add_source(&f->diag, "r.fix", text, strlen(text));
    file = parse_source(&f->diag, &f->arena, src);
    assert_false(context_eval(f->m, file->decls[0]->query.expr, context_lattice(f->m, "Cnt"), &t, &v));
    assert_true(errors_contain(f, "r.fix:1:6: error: value 17 is outside Cnt = range 0..16"));
    done(f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_runtime_errors),
        cmocka_unit_test(test_real_slack_is_clamped),
        cmocka_unit_test(test_sets),
        cmocka_unit_test(test_big_powerset),
        cmocka_unit_test(test_tuples_and_calls),
        cmocka_unit_test(test_maps_and_finite),
        cmocka_unit_test(test_fixpoints_and_sup),
        cmocka_unit_test(test_kleene_limit),
        cmocka_unit_test(test_limits_and_interrupt),
        cmocka_unit_test(test_timeout_stops_a_long_loop),
        cmocka_unit_test(test_eval_against_expected),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
