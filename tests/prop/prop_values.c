/* prop_values.c: fixpoints(f) as a value against the `fixpoints f` query.  For random finite
 * lattices (chains, powersets, ranges, products of two) and random table functions, a .fix
 * file runs the query and shows the value and its count; the value must list the query's
 * fixed points in the same order, and count(...) their number; and the run-time forms must
 * agree: the comprehension over elements(L), fixpoints of a generic's parameter and of a
 * lambda using a local; and bnb(f) as a value with the `bnb f` query: count(bnb(f).fixpoints)
 * is its number of fixed points, each fixed by f, .complete says whether it left no other
 * bound, and then they are all of fixpoints(f); bnb(f from [x .. top]) and bnb(f rounds 1)
 * agree with fixpoints(f) and the `bnb f rounds 1` query; the hashed in, == and distinct
 * images of collections agree with their definitions by nested loops. */
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

enum { CASES = 150 };

/* A random finite lattice expression whose elements print as literals. */
static void random_lattice(Rng *r, Buf *b, int depth)
{
    switch (rng_below(r, depth ? 3 : 4)) {
    case 0: {
        size_t n = 1 + rng_below(r, 5);
        buf_puts(b, "chain {");
        for (size_t i = 0; i < n; i++) buf_printf(b, "%sc%zu", i ? ", " : "", i);
        buf_puts(b, "}");
        break;
    }
    case 1: {
        size_t n = rng_below(r, 4);
        buf_puts(b, "powerset {");
        for (size_t i = 0; i < n; i++) buf_printf(b, "%sp%zu", i ? ", " : "", i);
        buf_puts(b, "}");
        break;
    }
    case 2: {
        int lo = (int)rng_below(r, 5) - 2;
        buf_printf(b, "range %d..%d", lo, lo + (int)rng_below(r, 6));
        break;
    }
    default:
        buf_puts(b, "(");
        random_lattice(r, b, 1);
        buf_puts(b, ") * (");
        random_lattice(r, b, 1);
        buf_puts(b, ")");
    }
}

/* Runs text as a .fix file; its standard output in *out. */
static void run_text(const char *text, Buf *out)
{
    char path[] = "/tmp/prop_values_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_true(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
    close(fd);
    char *mem = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&mem, &len);
    RunOptions opt = { 0 };
    Session s;
    session_init(&s, &opt, f);
    FixResult res = session_run_file(&s, path, false);
    session_free(&s);
    fclose(f);
    unlink(path);
    if (res != FIX_OK) fprintf(stderr, "%s\n%s", text, mem);
    assert_int_equal(res, FIX_OK);
    buf_puts(out, mem);
    free(mem);
}

/* The query's fixed points "  x" lines as "[x, y]", and their number. */
static size_t query_points(const char *out, Buf *list)
{
    const char *p = strstr(out, "fixpoints f:");
    assert_non_null(p);
    p = strchr(p, '\n') + 1;
    size_t n = 0;
    buf_puts(list, "[");
    while (p[0] == ' ' && p[1] == ' ') {
        const char *end = strchr(p, '\n');
        buf_printf(list, "%s%.*s", n ? ", " : "", (int)(end - p - 2), p + 2);
        n++;
        p = end + 1;
    }
    buf_puts(list, "]");
    return n;
}

/* The numbers of fixed points and of other bounds the `bnb f` query reports ("N fixed points,
 * complete": none). */
static size_t bnb_points(const char *out, size_t *others)
{
    const char *p = strstr(out, "bnb f:");
    assert_non_null(p);
    char *end;
    size_t n = (size_t)strtoul(p + strlen("bnb f:"), &end, 10);
    const char *o = strstr(end, ", ");
    assert_non_null(o);
    *others = strncmp(o + 2, "complete", 8) == 0 ? 0 : (size_t)strtoul(o + 2, NULL, 10);
    return n;
}

/* f as a table: every element (listed by `show fixpoints((x: L => x))`, all of them) mapped
 * to a random one. */
static void one_case(Rng *r)
{
    Buf lat, text, out, elems;
    buf_init(&lat); buf_init(&text); buf_init(&out); buf_init(&elems);
    random_lattice(r, &lat, 0);
    buf_printf(&text, "lattice L = %s;\nshow fixpoints((x: L => x));\n", buf_cstr(&lat));
    run_text(buf_cstr(&text), &elems);                  /* every element, in order */
    const char *open = strchr(buf_cstr(&elems), '['), *close = strrchr(buf_cstr(&elems), ']');
    assert_non_null(open);
    /* split "[e1, e2, ...]" at top-level commas */
    char *all = strndup(open + 1, (size_t)(close - open - 1));
    char *items[4096];
    size_t n = 0;
    int level = 0;
    char *start = all;
    for (char *q = all; ; q++) {
        if (*q == '{' || *q == '(') level++;
        if (*q == '}' || *q == ')') level--;
        if ((*q == ',' && level == 0) || *q == '\0') {
            bool last = *q == '\0';
            *q = '\0';
            if (*start) items[n++] = start;
            if (last) break;
            start = q + 2;
            q++;
        }
    }
    buf_clear(&text);
    buf_printf(&text, "lattice L = %s;\nfn f(x: L): L = table { ", buf_cstr(&lat));
    for (size_t i = 0; i < n; i++)
        buf_printf(&text, "%s(%s : L) -> (%s : L)", i ? ", " : "", items[i], items[rng_below(r, n)]);
    buf_puts(&text, " };\nfn h(x: L): L = table { ");           /* another table, for == */
    for (size_t i = 0; i < n; i++)
        buf_printf(&text, "%s(%s : L) -> (%s : L)", i ? ", " : "", items[i], items[rng_below(r, n)]);
    buf_puts(&text, " };\nfixpoints f;\nshow fixpoints(f);\nshow count(fixpoints(f));\n");
    buf_puts(&text, "show fixpoints(f) == { x in elements(L) | f(x) == x };\n"
                    "fn fixed_by[M](g: M -> M, x: M): Bool = x in fixpoints(g);\n"
                    "show forall x in elements(L) : fixed_by(f, x) == (f(x) == x);\n"
                    "fn with_local(k: L): Bool = fixpoints((y: L => if y == k then f(k) else f(y))) == fixpoints(f);\n"
                    "show forall k in elements(L) : with_local(k);\n"
                    "bnb f;\nshow count(bnb(f).fixpoints);\nshow bnb(f).complete;\n"
                    "show forall x in bnb(f).fixpoints : f(x) == x;\n"
                    "show forall i in bnb(f).final : i.lo <= i.hi;\n"
                    "show not bnb(f).complete or bnb(f).fixpoints == fixpoints(f);\n");
    /* the hashed in, == and distinct images against their definitions by loops */
    buf_puts(&text, "fn same(c: collection of L, d: collection of L): Bool = "
                    "count(c) == count(d) and (forall x in c : exists y in d : x == y);\n"
                    "show forall x in elements(L) : (x in fixpoints(f)) == (exists y in fixpoints(f) : y == x);\n"
                    "show forall k in elements(L) : (fixpoints(f) == { y in elements(L) | f(y) == y or y == k }) == "
                    "same(fixpoints(f), { y in elements(L) | f(y) == y or y == k });\n"
                    "show count({ f(x) | x in elements(L) }) == count({ y in elements(L) | exists x in elements(L) : f(x) == y });\n"
                    "show same({ f(x) | x in elements(L) }, { y in elements(L) | exists x in elements(L) : f(x) == y });\n"
                    "show ({ f(x) | x in elements(L) } == { h(x) | x in elements(L) }) == same({ f(x) | x in elements(L) }, "
                    "{ h(x) | x in elements(L) });\n");
    /* bnb(f ...) with options: from a start, stopped by rounds */
    const char *from = items[rng_below(r, n)];
    buf_printf(&text, "show not bnb(f from [(%s : L) .. top]).complete or bnb(f from [(%s : L) .. top]).fixpoints == "
                      "{ y in fixpoints(f) | (%s : L) <= y };\n", from, from, from);
    buf_puts(&text, "bnb f rounds 1;\nshow count(bnb(f rounds 1).fixpoints);\nshow bnb(f rounds 1).complete;\n");
    run_text(buf_cstr(&text), &out);
    Buf want;
    buf_init(&want);
    size_t k = query_points(buf_cstr(&out), &want);
    Buf line;
    buf_init(&line);
    buf_printf(&line, "fixpoints(f) = %s\n", buf_cstr(&want));
    if (!strstr(buf_cstr(&out), buf_cstr(&line))) fprintf(stderr, "%s\n%s", buf_cstr(&text), buf_cstr(&out));
    assert_non_null(strstr(buf_cstr(&out), buf_cstr(&line)));
    buf_clear(&line);
    buf_printf(&line, "count(fixpoints(f)) = %zu\n", k);
    assert_non_null(strstr(buf_cstr(&out), buf_cstr(&line)));
    const char *agree[] = { "fixpoints(f) == { x in elements(L) | f(x) == x } = true\n",
                            "forall x in elements(L) : fixed_by(f, x) == (f(x) == x) = true\n",
                            "forall k in elements(L) : with_local(k) = true\n",
                            "forall x in bnb(f).fixpoints : f(x) == x = true\n",
                            "forall i in bnb(f).final : i.lo <= i.hi = true\n",
                            "not bnb(f).complete or bnb(f).fixpoints == fixpoints(f) = true\n",
                            "(exists y in fixpoints(f) : y == x) = true\n",
                            "same(fixpoints(f), { y in elements(L) | f(y) == y or y == k }) = true\n",
                            "count({ y in elements(L) | exists x in elements(L) : f(x) == y }) = true\n",
                            "same({ f(x) | x in elements(L) }, { y in elements(L) | exists x in elements(L) : f(x) == y }) = true\n",
                            "<= y } = true\n",
                            "same({ f(x) | x in elements(L) }, { h(x) | x in elements(L) }) = true\n" };
    size_t others, nbnb = bnb_points(buf_cstr(&out), &others);    /* the query's, as the value's */
    buf_clear(&line);
    buf_printf(&line, "count(bnb(f).fixpoints) = %zu\nbnb(f).complete = %s\n", nbnb, others ? "false" : "true");
    if (!strstr(buf_cstr(&out), buf_cstr(&line))) fprintf(stderr, "%s\n%s", buf_cstr(&text), buf_cstr(&out));
    assert_non_null(strstr(buf_cstr(&out), buf_cstr(&line)));
    size_t others1, nbnb1 = bnb_points(strstr(buf_cstr(&out), "bnb f: ") + 1, &others1);   /* rounds 1 */
    buf_clear(&line);
    buf_printf(&line, "count(bnb(f rounds 1).fixpoints) = %zu\n", nbnb1);
    assert_non_null(strstr(buf_cstr(&out), buf_cstr(&line)));
    assert_true(others1 == 0 || strstr(buf_cstr(&out), "bnb(f rounds 1).complete = false\n"));
    for (size_t i = 0; i < sizeof agree / sizeof *agree; i++) {
        if (!strstr(buf_cstr(&out), agree[i])) fprintf(stderr, "%s\n%s", buf_cstr(&text), buf_cstr(&out));
        assert_non_null(strstr(buf_cstr(&out), agree[i]));
    }
    free(all);
    buf_free(&lat); buf_free(&text); buf_free(&out); buf_free(&elems); buf_free(&want); buf_free(&line);
}

static void test_value_equals_query(void **state)
{
    (void)state;
    Rng r = { 13 };
    for (size_t i = 0, n = prop_cases(CASES); i < n; i++) one_case(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_value_equals_query) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
