/* prop_real_ops.c: real arithmetic run by the VM against the same arithmetic in C.  Random
 * expressions in y over + - * / and if-then-else on real tests, with constants on either side
 * (the runs the peephole pass fuses: code/fuse.c), become a function f(y: S): S; f is shown at
 * random points.  Each value must be the one C computes in the same order (printed alike),
 * and each failing call must fail with the message C predicts: a division by zero, or a
 * result (NaN included) outside S beyond its 1e-12 slack. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "app/run.h"
#include "util/buf.h"
#include "util/rng.h"
#include "budget.h"

enum { CASES = 120, POINTS = 6, MAX_NODES = 64 };
static const double S_LO = -1000, S_HI = 1000;

typedef enum { N_VAR, N_CONST, N_BIN, N_IF } NodeKind;
typedef struct Node { NodeKind kind; char op[3]; double value; int a, b, c, d; } Node;
typedef struct Tree { Node n[MAX_NODES]; int count; } Tree;

static const char *const constants[] = { "0", "1", "2", "3", "0.5", "0.25", "1.5", "3.7", "10", "0.001", "0" };
static const char *const arith[] = { "+", "-", "*", "/" };
static const char *const tests[] = { "<", "<=", ">", ">=", "==", "!=" };

/* A random expression of depth at most depth; returns its node.  Constants are written as
 * reals ("2.0") unless beside y, where an integer literal is converted (CONST_INT, I2R). */
static int random_expr(Rng *r, Tree *t, int depth, bool beside_var)
{
    int i = t->count++;
    Node *n = &t->n[i];
    uint64_t roll = depth == 0 || t->count > MAX_NODES - 6 ? rng_below(r, 2) : rng_below(r, 7);
    if (roll == 0) { n->kind = N_VAR; return i; }
    if (roll == 1) {
        const char *text = constants[rng_below(r, sizeof constants / sizeof *constants)];
        n->kind = N_CONST;
        n->value = strtod(text, NULL);
        snprintf(n->op, sizeof n->op, "%s", beside_var && !strchr(text, '.') ? "i" : "r");
        return i;
    }
    if (roll == 6) {
        n->kind = N_IF;
        snprintf(n->op, sizeof n->op, "%s", tests[rng_below(r, 6)]);
        n->a = random_expr(r, t, depth - 1, false);
        n->b = random_expr(r, t, depth - 1, t->n[n->a].kind == N_VAR);
        n->c = random_expr(r, t, depth - 1, false);
        n->d = random_expr(r, t, depth - 1, false);
        return i;
    }
    n->kind = N_BIN;
    snprintf(n->op, sizeof n->op, "%s", arith[rng_below(r, 4)]);
    int a = random_expr(r, t, depth - 1, false);
    t->n[i].a = a;
    t->n[i].b = random_expr(r, t, depth - 1, t->n[a].kind == N_VAR);
    if (t->n[t->n[i].b].kind == N_VAR && t->n[a].kind == N_CONST) t->n[a].op[0] = 'i';   /* 3 - y */
    return i;
}

static void print_expr(const Tree *t, int i, Buf *b)
{
    const Node *n = &t->n[i];
    switch (n->kind) {
    case N_VAR: buf_puts(b, "y"); break;
    case N_CONST:
        if (n->op[0] == 'i' && n->value == floor(n->value)) buf_printf(b, "%d", (int)n->value);
        else if (n->value == floor(n->value)) buf_printf(b, "%d.0", (int)n->value);
        else buf_put_double(b, n->value);
        break;
    case N_BIN: case N_IF:                  /* (a op b), (if a op b then c else d) */
        buf_puts(b, n->kind == N_IF ? "(if " : "(");
        print_expr(t, n->a, b);
        buf_printf(b, " %s ", n->op);
        print_expr(t, n->b, b);
        if (n->kind == N_IF) {
            buf_puts(b, " then ");
            print_expr(t, n->c, b);
            buf_puts(b, " else ");
            print_expr(t, n->d, b);
        }
        buf_puts(b, ")");
        break;
    }
}

static bool compare(const char *op, double a, double b)
{
    if (strcmp(op, "<") == 0) return a < b;
    if (strcmp(op, "<=") == 0) return a <= b;
    if (strcmp(op, ">") == 0) return a > b;
    if (strcmp(op, ">=") == 0) return a >= b;
    if (strcmp(op, "==") == 0) return a == b;
    return a != b;
}

/* The value of node i at y, left operand first; false at a division by zero. */
static bool eval(const Tree *t, int i, double y, double *v)
{
    const Node *n = &t->n[i];
    double a, b;
    switch (n->kind) {
    case N_VAR: *v = y; return true;
    case N_CONST: *v = n->value; return true;
    case N_IF:
        if (!eval(t, n->a, y, &a) || !eval(t, n->b, y, &b)) return false;
        return eval(t, compare(n->op, a, b) ? n->c : n->d, y, v);
    case N_BIN:
        if (!eval(t, n->a, y, &a) || !eval(t, n->b, y, &b)) return false;
        if (n->op[0] == '/' && b == 0) return false;
        *v = n->op[0] == '+' ? a + b : n->op[0] == '-' ? a - b : n->op[0] == '*' ? a * b : a / b;
        return true;
    }
    return false;
}

/* Runs text as a .fix file: its standard output in out, its messages in err. */
static void run_text(const char *text, Buf *out, Buf *err)
{
    char path[] = "/tmp/prop_real_ops_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_true(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
    char *mem = NULL, *emem = NULL;
    size_t len = 0, elen = 0;
    FILE *f = open_memstream(&mem, &len), *e = open_memstream(&emem, &elen);
    RunOptions opt = { 0 };
    Session s;
    session_init(&s, &opt, f);
    s.diag.out = e;
    session_run_file(&s, path, false);
    session_free(&s);
    fclose(f);
    fclose(e);
    unlink(path);
    buf_puts(out, mem);
    buf_puts(err, emem);
    free(mem);
    free(emem);
}

static void one_case(Rng *r)
{
    Tree t = { .count = 0 };
    int root = random_expr(r, &t, 4, false);
    Buf text, out, err, want;
    buf_init(&text); buf_init(&out); buf_init(&err); buf_init(&want);
    const char *errors[POINTS];
    int nerrors = 0;
    buf_printf(&text, "lattice S = real [-1000, 1000];\nfn f(y: S): S = ");
    print_expr(&t, root, &text);
    buf_puts(&text, ";\n");
    for (int p = 0; p < POINTS; p++) {
        double y = p == 0 ? 0 : p == 1 ? 1 : (double)((int64_t)rng_below(r, 4001) - 2000) / 8;
        double v;
        Buf arg;
        buf_init(&arg);
        buf_put_double(&arg, y);
        buf_printf(&text, "show f(%s);\n", buf_cstr(&arg));
        if (!eval(&t, root, y, &v)) {
            errors[nerrors++] = "error: division by zero";
        } else if (isnan(v) || v < S_LO - 1e-12 || v > S_HI + 1e-12) {
            errors[nerrors++] = " is outside S = ";
        } else {
            buf_printf(&want, "f(%s) = ", buf_cstr(&arg));
            buf_put_double(&want, v < S_LO ? S_LO : v > S_HI ? S_HI : v);
            buf_puts(&want, "\n");
        }
        buf_free(&arg);
    }
    run_text(buf_cstr(&text), &out, &err);
    bool same = strcmp(buf_cstr(&out), buf_cstr(&want)) == 0;
    const char *at = buf_cstr(&err);            /* the expected errors, in order */
    for (int i = 0; i < nerrors && at; i++) {
        at = strstr(at, errors[i]);
        if (at) at += strlen(errors[i]);
    }
    if (!same || !at) fprintf(stderr, "%s\nwant:\n%s\ngot:\n%s\nmessages:\n%s\n", buf_cstr(&text), buf_cstr(&want), buf_cstr(&out), buf_cstr(&err));
    assert_true(same);
    assert_non_null(at);
    buf_free(&text); buf_free(&out); buf_free(&err); buf_free(&want);
}

static void test_real_ops_match_c(void **state)
{
    (void)state;
    Rng r = { 29 };
    for (size_t i = 0, n = prop_cases(CASES); i < n; i++) one_case(&r);
}

int main(void)
{
    const struct CMUnitTest tests_[] = { cmocka_unit_test(test_real_ops_match_c) };
    return cmocka_run_group_tests(tests_, NULL, NULL);
}
