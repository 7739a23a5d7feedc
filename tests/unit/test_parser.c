/* test_parser.c: the lexer and parser: declarations, queries, error messages and recovery. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "front/ast.h"
#include "front/lexer.h"
#include "util/buf.h"

typedef struct Parsed {
    Diag diag;
    Arena arena;
    AstFile *file;
    char *errors;       /* everything diag printed */
    size_t errors_len;
    FILE *sink;
} Parsed;

static Parsed *parse(const char *text)
{
    Parsed *p = calloc(1, sizeof *p);
    p->sink = open_memstream(&p->errors, &p->errors_len);
    diag_init(&p->diag, p->sink);
    arena_init(&p->arena);
    const Source *src = diag_add_source(&p->diag, "t.fix", text, strlen(text));
    p->file = parse_source(&p->diag, &p->arena, src);
    fflush(p->sink);
    return p;
}

static void done(Parsed *p)
{
    fclose(p->sink);
    free(p->errors);
    arena_free(&p->arena);
    diag_free(&p->diag);
    free(p);
}

static void test_declarations(void **state)
{
    (void)state;
    Parsed *p = parse(
        "import \"asp\";\n"
        "lattice U = real [0, 1] tolerance 1e-9;\n"
        "lattice P2 = U * U * U;\n"
        "lattice S = finite { bot < a, b; a, b < top; }\n"
        "lattice M = map {x, y} -> S;\n"
        "lattice D = dual range -3..16;\n"
        "fn f(x: P2, y: U): P2 monotone = (x.1, x.2.1, y);\n"
        "envelope f { upper(lo, hi, x) = x; lower(lo, hi, x) = x; }\n"
        "galois G : U -> S { alpha_up(x) = top; gamma_up(a) = 1; alpha_lo(x) = bot; gamma_lo(a) = 0; }\n"
        "program P { p :- not q. q :- not p. :- p, q. {a; b} :- p. edge(1, 2). }\n"
        "program Q from \"x.lp\";\n");
    assert_int_equal(p->diag.errors, 0);
    assert_int_equal(p->file->ndecls, 11);
    Decl **d = p->file->decls;
    assert_int_equal(d[0]->kind, D_IMPORT);
    assert_string_equal(d[0]->path, "asp");
    assert_int_equal(d[1]->lattice->kind, LAT_REAL);
    assert_true(d[1]->lattice->tol == 1e-9);
    assert_int_equal(d[2]->lattice->kind, LAT_PRODUCT);
    assert_int_equal(d[2]->lattice->nparts, 3);
    assert_int_equal(d[3]->lattice->kind, LAT_FINITE);
    assert_int_equal(d[3]->lattice->nnames, 4);
    assert_int_equal(d[3]->lattice->ncovers, 4);
    assert_string_equal(d[3]->lattice->names[0].name, "bot");
    assert_int_equal(d[4]->lattice->kind, LAT_MAP);
    assert_int_equal(d[5]->lattice->base->ilo, -3);
    assert_int_equal(d[6]->nparams, 2);
    assert_int_equal(d[6]->ann, ANN_MONOTONE);
    assert_int_equal(d[6]->body->kind, E_TUPLE);
    assert_int_equal(d[6]->body->args[1]->kind, E_PROJ);       /* x.2.1 is two projections */
    assert_int_equal(d[6]->body->args[1]->a->kind, E_PROJ);
    assert_int_equal(d[7]->neqs, 2);
    assert_int_equal(d[8]->neqs, 4);
    assert_int_equal(d[9]->nrules, 5);
    assert_int_equal(d[9]->rules[2].kind, RULE_CONSTRAINT);
    assert_int_equal(d[9]->rules[3].kind, RULE_CHOICE);
    assert_int_equal(d[9]->rules[3].nhead, 2);
    assert_string_equal(d[9]->rules[4].head[0].name, "edge(1,2)");
    assert_string_equal(d[10]->program_file, "x.lp");
    done(p);
}

static void test_queries(void **state)
{
    (void)state;
    Parsed *p = parse(
        "show f((0.2, 0.3));\n"
        "refine f from [(0,0) .. (1,1)] steps 3 trace;\n"
        "bnb f budget 8 rounds 20 timeout 1.5 split widest via G;\n"
        "stable P models 2;\n"
        "check S antitone; check envelope f; check galois G; fixpoints S; lfp g;\n");
    assert_int_equal(p->diag.errors, 0);
    assert_int_equal(p->file->ndecls, 9);
    Query *r = &p->file->decls[1]->query;
    assert_int_equal(r->kind, Q_REFINE);
    assert_non_null(r->from_lo);
    assert_int_equal(r->steps, 3);
    assert_true(r->trace);
    Query *b = &p->file->decls[2]->query;
    assert_int_equal(b->budget, 8);
    assert_int_equal(b->rounds, 20);
    assert_true(b->timeout == 1.5);
    assert_string_equal(b->split.name, "widest");
    assert_string_equal(b->via.name, "G");
    assert_int_equal(b->steps, -1);
    assert_int_equal(p->file->decls[3]->query.models, 2);
    assert_int_equal(p->file->decls[4]->query.kind, Q_CHECK_ANTITONE);
    assert_int_equal(p->file->decls[8]->query.kind, Q_LFP);
    done(p);
}

static void test_expressions(void **state)
{
    (void)state;
    Parsed *p = parse(
        "show let z = m union {p} in if count z > 2 then z else lfp(x: A => x union m);\n"
        "show { a in A | a in m and not (b in m) };\n"
        "show sup { y | y in [{} .. {p}] };\n"
        "show {x -> pos, y -> neg}[x];\n"
        "show forall a in m : a in n;\n"
        "show 1 + 2 * 3 - -4 / 2;\n");
    assert_int_equal(p->diag.errors, 0);
    Expr *let = p->file->decls[0]->query.expr;
    assert_int_equal(let->kind, E_LET);
    assert_int_equal(let->b->kind, E_IF);
    assert_int_equal(let->b->c->kind, E_FIX);
    assert_non_null(let->b->c->vartype);
    assert_int_equal(p->file->decls[1]->query.expr->kind, E_COMPREHENSION);
    assert_int_equal(p->file->decls[2]->query.expr->kind, E_SUPINF);
    assert_int_equal(p->file->decls[3]->query.expr->kind, E_INDEX);
    assert_int_equal(p->file->decls[4]->query.expr->kind, E_QUANT);
    Expr *arith = p->file->decls[5]->query.expr;     /* (1 + (2 * 3)) - ((-4) / 2) */
    assert_int_equal(arith->op, OP_SUB);
    assert_int_equal(arith->a->op, OP_ADD);
    assert_int_equal(arith->a->b->op, OP_MUL);
    assert_int_equal(arith->b->op, OP_DIV);
    done(p);
}

static void test_error_location_and_recovery(void **state)
{
    (void)state;
    Parsed *p = parse("lattice A = powerset {p q};\nfn f(x: A): A = x +;\nshow 1;\n");
    assert_int_equal(p->diag.errors, 2);
    assert_non_null(strstr(p->errors, "t.fix:1:25: error: unexpected name, expected '}' or ','"));
    assert_non_null(strstr(p->errors, "t.fix:2:20: error: unexpected ';'"));
    assert_non_null(strstr(p->errors, "  lattice A = powerset {p q};\n                          ^"));
    /* the query after the errors is still parsed */
    assert_int_equal(p->file->ndecls, 1);
    assert_int_equal(p->file->decls[0]->kind, D_QUERY);
    done(p);
}

static void test_lexical_errors(void **state)
{
    (void)state;
    Parsed *p = parse("show 1 $ 2;\nshow \"abc\nshow 3;");
    assert_true(p->diag.errors >= 2);
    assert_non_null(strstr(p->errors, "t.fix:1:8: error: unexpected character '$'"));
    assert_non_null(strstr(p->errors, "unterminated string"));
    done(p);
}

static void test_hostile_inputs(void **state)
{
    (void)state;
    Parsed *p = parse("");
    assert_int_equal(p->diag.errors, 0);
    assert_int_equal(p->file->ndecls, 0);
    done(p);

    char garbage[4096];
    for (size_t i = 0; i < sizeof garbage - 1; i++) garbage[i] = (char)(1 + (i * 7919) % 255);
    garbage[sizeof garbage - 1] = '\0';
    p = parse(garbage);
    assert_true(p->diag.errors > 0 && p->diag.errors <= LEXER_MAX_ERRORS + 1);
    done(p);

    size_t depth = 100000;
    char *nested = malloc(2 * depth + 16);
    strcpy(nested, "show ");
    size_t n = 5;
    for (size_t i = 0; i < depth; i++) nested[n++] = '(';
    nested[n++] = '1';
    for (size_t i = 0; i < depth; i++) nested[n++] = ')';
    strcpy(nested + n, ";");
    p = parse(nested);
    assert_int_equal(p->diag.errors, 1);
    assert_non_null(strstr(p->errors, "nested too deeply"));
    done(p);
    free(nested);
}

/* "show " + OPEN n times + INNER + CLOSE n times + ";", malloc'd. */
static char *nested_show(const char *open, const char *inner, const char *close, size_t n)
{
    Buf b;
    buf_init(&b);
    buf_puts(&b, "show ");
    for (size_t i = 0; i < n; i++) buf_puts(&b, open);
    buf_puts(&b, inner);
    for (size_t i = 0; i < n; i++) buf_puts(&b, close);
    buf_puts(&b, ";");
    char *text = strdup(buf_cstr(&b));
    buf_free(&b);
    return text;
}

static void test_nesting_depth(void **state)
{
    (void)state;
    char *text = nested_show("not ", "true", "", AST_MAX_DEPTH - 1);     /* AST_MAX_DEPTH levels */
    Parsed *p = parse(text);
    assert_int_equal(p->diag.errors, 0);
    assert_int_equal(p->file->ndecls, 1);
    done(p);
    free(text);

    text = nested_show("f(", "1", ")", AST_MAX_DEPTH);
    Buf b;
    buf_init(&b);
    buf_printf(&b, "%s\nshow 1;\nlattice D = dual dual powerset {a};\n", text);
    free(text);
    p = parse(buf_cstr(&b));
    buf_free(&b);
    assert_int_equal(p->diag.errors, 1);
    assert_non_null(strstr(p->errors, "t.fix:1:406: error: expression nested too deeply (more than 200 levels)"));
    assert_int_equal(p->file->ndecls, 2);           /* the too deep declaration is dropped */
    assert_int_equal(p->file->decls[0]->query.expr->kind, E_INT);
    done(p);

    buf_init(&b);
    buf_puts(&b, "lattice D = ");
    for (int i = 0; i < AST_MAX_DEPTH; i++) buf_puts(&b, "dual ");
    buf_puts(&b, "Bool;");
    p = parse(buf_cstr(&b));
    buf_free(&b);
    assert_int_equal(p->diag.errors, 1);
    assert_non_null(strstr(p->errors, "t.fix:1:1013: error: lattice expression nested too deeply"));
    assert_int_equal(p->file->ndecls, 0);
    done(p);

    /* a chain of binary operators costs one level however long it is */
    buf_init(&b);
    buf_puts(&b, "show 1");
    for (int i = 0; i < 40000; i++) buf_puts(&b, i % 2 ? " + 1" : " and x union y < z");
    buf_puts(&b, ";");
    p = parse(buf_cstr(&b));
    buf_free(&b);
    assert_int_equal(p->diag.errors, 0);
    assert_int_equal(p->file->ndecls, 1);
    done(p);
}

/* The first error and whether the input ended there, which the REPL asks to read more lines. */
static void assert_first_error(const char *text, bool cut_short, uint32_t at)
{
    Parsed *p = parse(text);
    assert_true(p->file->syntax_error);
    assert_int_equal(p->file->cut_short, cut_short);
    assert_int_equal(p->file->first_error, at);
    done(p);
}

static void test_cut_short(void **state)
{
    (void)state;
    assert_first_error("fn f(x: range 0..3,\n", true, 20);        /* a declaration cut short */
    assert_first_error("show (1 +", true, 9);
    assert_first_error("/* a comment\n left open", true, 0);
    assert_first_error("show \"abc", true, 5);                     /* a string runs to the end */
    assert_first_error("show \"abc\n", false, 5);                 /* a string ends with its line */
    assert_first_error("show 1 1\n", false, 7);                    /* a wrong token before the end */
    assert_first_error("show 1 1 + (", false, 7);                   /* the first error counts */
    assert_first_error("show 1 $ (", false, 7);
    Parsed *p = parse("show 1; // done\n/* and */");
    assert_false(p->file->syntax_error);
    assert_false(p->file->cut_short);
    done(p);
}

static void test_line_col(void **state)
{
    (void)state;
    Diag d;
    diag_init(&d, stderr);
    const Source *s = diag_add_source(&d, "x", "ab\ncde\n\nf", 9);
    unsigned line, col;
    diag_line_col(s, 0, &line, &col);
    assert_int_equal(line, 1); assert_int_equal(col, 1);
    diag_line_col(s, 4, &line, &col);
    assert_int_equal(line, 2); assert_int_equal(col, 2);
    diag_line_col(s, 8, &line, &col);
    assert_int_equal(line, 4); assert_int_equal(col, 1);
    diag_line_col(s, 2, &line, &col);          /* the newline ends its line */
    assert_int_equal(line, 1); assert_int_equal(col, 3);
    diag_line_col(s, 7, &line, &col);          /* an empty line */
    assert_int_equal(line, 3); assert_int_equal(col, 1);
    diag_line_col(s, 99, &line, &col);         /* past the end: the end */
    assert_int_equal(line, 4); assert_int_equal(col, 2);

    size_t n = 200000;                         /* 100 000 lines "x\n" */
    char *many = malloc(n + 1);
    for (size_t i = 0; i < n; i += 2) { many[i] = 'x'; many[i + 1] = '\n'; }
    s = diag_add_source(&d, "many", many, n);
    free(many);
    diag_line_col(s, (uint32_t)(n - 1), &line, &col);
    assert_int_equal(line, 100000); assert_int_equal(col, 2);
    diag_line_col(s, 1000, &line, &col);
    assert_int_equal(line, 501); assert_int_equal(col, 1);
    diag_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_declarations),
        cmocka_unit_test(test_queries),
        cmocka_unit_test(test_expressions),
        cmocka_unit_test(test_error_location_and_recovery),
        cmocka_unit_test(test_lexical_errors),
        cmocka_unit_test(test_hostile_inputs),
        cmocka_unit_test(test_nesting_depth),
        cmocka_unit_test(test_cut_short),
        cmocka_unit_test(test_line_col),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
