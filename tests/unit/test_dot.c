/* test_dot.c: unit tests of the Graphviz output: Hasse diagrams and branch-and-bound trees. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "pqrs_fixture.h"
#include "aft/aft.h"
#include "report/dot.h"
#include "util/mem.h"

/* ---- helpers ---- */

static size_t count_substr(const char *s, const char *sub)
{
    size_t n = 0, len = strlen(sub);
    for (const char *p = strstr(s, sub); p; p = strstr(p + len, sub)) n++;
    return n;
}

static void assert_contains(const char *s, const char *sub)
{
    if (!strstr(s, sub)) fail_msg("missing `%s` in:\n%s", sub, s);
}

/* When FIX_DOT_DUMP is set, the DOT text of every test goes to stderr. */
static void dump(const char *what, const char *text)
{
    if (getenv("FIX_DOT_DUMP")) fprintf(stderr, "---- %s\n%s", what, text);
}

/* True when `dot -Tsvg` accepts the text (or when Graphviz is not installed). */
static bool graphviz_accepts(const char *text)
{
    if (system("command -v dot >/dev/null 2>&1") != 0) return true;
    FILE *p = popen("dot -Tsvg >/dev/null 2>&1", "w");
    if (!p) return true;
    fputs(text, p);
    return pclose(p) == 0;
}

static Lattice *powerset(const char *const *atoms, size_t n)
{
    return lattice_powerset_new(atoms, n);
}

/* ---- Hasse diagrams ---- */

static void test_hasse_pq(void **state)
{
    (void)state;
    const char *atoms[] = {"p", "q"};
    Lattice *L = powerset(atoms, 2);
    Buf out, err;
    buf_init(&out);
    buf_init(&err);
    assert_true(dot_hasse(L, NULL, NULL, "2^{p,q}", &out, &err));
    const char *s = buf_cstr(&out);
    dump("hasse pq", s);
    assert_int_equal(count_substr(s, "[label="), 4);
    assert_int_equal(count_substr(s, " -> "), 4);
    assert_contains(s, "rankdir=BT");
    assert_contains(s, "label=\"2^{p,q}\"");
    assert_contains(s, "label=\"{}\"");
    assert_contains(s, "label=\"{p, q}\"");
    assert_null(strstr(s, "legend"));
    assert_int_equal(err.len, 0);
    assert_true(graphviz_accepts(s));
    buf_free(&out);
    buf_free(&err);
    lattice_free(L);
}

/* The element of e's label, as its node name "eN", or NULL. */
static const char *node_line(const char *s, const char *label)
{
    char pat[128];
    snprintf(pat, sizeof pat, "[label=\"%s\"", label);
    return strstr(s, pat);
}

static void test_hasse_covers_only(void **state)
{
    (void)state;
    /* a chain of 5: 4 covers, not the 10 comparable pairs */
    const char *names[] = {"a", "b", "c", "d", "e"};
    Lattice *L = lattice_chain_new(names, 5);
    Buf out, err;
    buf_init(&out);
    buf_init(&err);
    assert_true(dot_hasse(L, NULL, NULL, NULL, &out, &err));
    assert_int_equal(count_substr(buf_cstr(&out), " -> "), 4);
    buf_free(&out);
    /* powerset of 3: 8 elements, 12 covers */
    lattice_free(L);
    const char *atoms[] = {"x", "y", "z"};
    L = powerset(atoms, 3);
    assert_true(dot_hasse(L, NULL, NULL, NULL, &out, &err));
    assert_int_equal(count_substr(buf_cstr(&out), "[label="), 8);
    assert_int_equal(count_substr(buf_cstr(&out), " -> "), 12);
    buf_free(&out);
    buf_free(&err);
    lattice_free(L);
}

static void test_hasse_bounds_and_fixpoints(void **state)
{
    (void)state;
    const char *atoms[] = {"p", "q"};
    Lattice *L = powerset(atoms, 2);
    BoundList bounds, fix;
    boundlist_init(&bounds, L);
    boundlist_init(&fix, L);
    Word lo = 0, hi = 1, p = 1, q = 2, pq = 3;
    boundlist_push(&bounds, &lo, &hi);      /* [{} .. {p}] */
    boundlist_push(&bounds, &p, &pq);       /* [{p} .. {p, q}] */
    boundlist_push(&fix, &q, &q);
    Buf out, err;
    buf_init(&out);
    buf_init(&err);
    assert_true(dot_hasse(L, &bounds, &fix, "bounds", &out, &err));
    const char *s = buf_cstr(&out);
    dump("hasse bounds", s);
    /* {p} is in both bounds: two colours; {q} is a fixed point in none */
    const char *lp = node_line(s, "{p}"), *lq = node_line(s, "{q}");
    const char *lpq = node_line(s, "{p, q}"), *le = node_line(s, "{}");
    assert_non_null(lp);
    assert_non_null(lq);
    assert_non_null(lpq);
    assert_non_null(le);
    assert_true(strncmp(lp, "[label=\"{p}\", style=wedged, fillcolor=\"#a6cee3:#fdbf6f\"]", 54)
                == 0);
    assert_true(strncmp(lq, "[label=\"{q}\", shape=doublecircle, style=filled", 46) == 0);
    assert_true(strncmp(le, "[label=\"{}\", style=filled, fillcolor=\"#a6cee3\"]", 46) == 0);
    assert_true(strncmp(lpq, "[label=\"{p, q}\", style=filled, fillcolor=\"#fdbf6f\"]", 50)
                == 0);
    assert_contains(s, "legend [shape=plaintext");
    assert_contains(s, "bound 1: [{} .. {p}]");
    assert_contains(s, "bound 2: [{p} .. {p, q}]");
    assert_contains(s, "double circle: fixed point");
    assert_true(graphviz_accepts(s));
    buf_free(&out);
    buf_free(&err);
    boundlist_free(&bounds);
    boundlist_free(&fix);
    lattice_free(L);
}

static void test_hasse_refuses(void **state)
{
    (void)state;
    const char *atoms[] = {"a", "b", "c", "d", "e", "f", "g", "h", "i"};
    Buf out, err;
    buf_init(&out);
    buf_init(&err);
    Lattice *L = powerset(atoms, 9);                /* 512 elements */
    assert_false(dot_hasse(L, NULL, NULL, NULL, &out, &err));
    assert_int_equal(out.len, 0);
    assert_contains(buf_cstr(&err), "512 elements");
    lattice_free(L);
    buf_clear(&err);
    L = lattice_real_new(0, 1, 0.5);
    assert_false(dot_hasse(L, NULL, NULL, NULL, &out, &err));
    assert_contains(buf_cstr(&err), "finite");
    lattice_free(L);
    buf_clear(&err);
    L = lattice_range_new(0, 256);                  /* 257 elements */
    assert_false(dot_hasse(L, NULL, NULL, NULL, &out, &err));
    assert_int_equal(out.len, 0);
    lattice_free(L);
    buf_clear(&err);
    L = lattice_range_new(1, 256);                  /* 256 elements: drawn */
    assert_true(dot_hasse(L, NULL, NULL, NULL, &out, &err));
    assert_int_equal(count_substr(buf_cstr(&out), "[label="), 256);
    assert_int_equal(count_substr(buf_cstr(&out), " -> "), 255);
    assert_int_equal(err.len, 0);
    lattice_free(L);
    buf_free(&out);
    buf_free(&err);
}

static void test_escaping(void **state)
{
    (void)state;
    Buf out, err;
    buf_init(&out);
    buf_init(&err);
    dot_put_string(&out, "a\"b\\c\nd\te");
    assert_string_equal(buf_cstr(&out), "\"a\\\"b\\\\c\\nd e\"");
    buf_clear(&out);
    const char *atoms[] = {"q\"x", "b\\s"};
    Lattice *L = powerset(atoms, 2);
    BoundList bounds;
    boundlist_init(&bounds, L);
    Word lo = 0, hi = 3;
    boundlist_push(&bounds, &lo, &hi);
    assert_true(dot_hasse(L, &bounds, NULL, "title \"quoted\" \\", &out, &err));
    const char *s = buf_cstr(&out);
    dump("escaping", s);
    assert_contains(s, "label=\"title \\\"quoted\\\" \\\\\"");
    assert_contains(s, "[label=\"{q\\\"x, b\\\\s}\"");
    assert_contains(s, "bound 1: [{} .. {q&quot;x, b\\s}]");
    assert_true(graphviz_accepts(s));
    boundlist_free(&bounds);
    lattice_free(L);
    buf_free(&out);
    buf_free(&err);
}

/* ---- branch-and-bound trees ---- */

/* a :- not b.  b :- not a.  c :- not d.  d :- not c.  (four stable models) */
static bool abcd_eval(void *ctx, const Word *x, Word *out)
{
    (void)ctx;
    Word m = 0;
    if (!(x[0] & bit(1))) m |= bit(0);
    if (!(x[0] & bit(0))) m |= bit(1);
    if (!(x[0] & bit(3))) m |= bit(2);
    if (!(x[0] & bit(2))) m |= bit(3);
    out[0] = m;
    return true;
}

static bool identity_eval(void *ctx, const Word *x, Word *out)
{
    (void)ctx;
    out[0] = x[0];
    return true;
}

/* Runs aft_bnb on f from [bot, top] with a DotTree listening; returns the DOT text. */
static char *bnb_dot(const AftFunction *f, size_t budget, const char *title)
{
    const Lattice *L = f->L;
    AftOptions o;
    aft_options_default(&o);
    o.budget = budget;
    o.split.strategy = SPLIT_FIRST;
    DotTree *t = dot_tree_new(L, title);
    o.on_event = dot_tree_event;
    o.event_ctx = t;
    Word lo, hi;
    L->ops->bot(L, &lo);
    L->ops->top(L, &hi);
    BoundList fin, fix;
    AftStats st;
    AftStatus s = aft_bnb(f, &o, &lo, &hi, &fin, &fix, &st);
    assert_true(s == AFT_OK);
    Buf out;
    buf_init(&out);
    dot_tree_write(t, NULL, &out);
    char *text = mem_strdup(buf_cstr(&out));
    buf_free(&out);
    dot_tree_free(t);
    boundlist_free(&fin);
    boundlist_free(&fix);
    dump(title, text);
    return text;
}

static void test_tree_pqrs(void **state)
{
    (void)state;
    const char *atoms[] = {"p", "q", "r", "s"};
    Lattice *L = powerset(atoms, 4);
    AftFunction f = {.L = L, .name = "S", .eval = pqrs_eval, .envelope = ENV_ANTITONE};
    char *s = bnb_dot(&f, 0, "pqrs");
    assert_contains(s, "digraph bnb {");
    assert_contains(s, "label=\"pqrs\"");
    assert_contains(s, "b0 [label=\"[{} .. {p, q, r, s}]\"]");
    assert_contains(s, "b1 [label=\"[{q, s} .. {q, s}]\", shape=doubleoctagon, "
                       "style=\"filled,bold\", color=darkgreen");
    assert_contains(s, "b2 [label=\"[{p, r} .. {p, r}]\", shape=doubleoctagon");
    assert_contains(s, "b0 -> b1 [label=\"-p, +q, -r, 1 more\"];");   /* what the split decided */
    assert_contains(s, "b0 -> b2 [label=\"+p, -q, +r, 1 more\"];");
    assert_int_equal(count_substr(s, " -> "), 2);
    assert_contains(s, "label=\"pqrs\"");
    assert_contains(s, "green double octagon: a fixed point");
    assert_contains(s, "{ rank=same; /* round 0 */ b0; }");
    assert_contains(s, "{ rank=same; /* round 1 */ b1; b2; }");
    assert_true(graphviz_accepts(s));
    mem_free(s);
    lattice_free(L);
}

static void test_tree_four_models(void **state)
{
    (void)state;
    const char *atoms[] = {"a", "b", "c", "d"};
    Lattice *L = powerset(atoms, 4);
    AftFunction f = {.L = L, .name = "S", .eval = abcd_eval, .envelope = ENV_ANTITONE};
    char *s = bnb_dot(&f, 0, "abcd");
    /* two rounds of kept bounds, then four stable models, each a green fixed point */
    assert_contains(s, "b1 [label=\"[{b} .. {b, c, d}]\"];");
    assert_contains(s, "b2 [label=\"[{a} .. {a, c, d}]\"];");
    assert_int_equal(count_substr(s, "shape=doubleoctagon"), 4);
    assert_int_equal(count_substr(s, " -> "), 6);
    assert_contains(s, "b2 -> b6 [label=\"+c, -d\"];");
    assert_contains(s, "{ rank=same; /* round 2 */ b3; b4; b5; b6; }");
    assert_true(graphviz_accepts(s));
    mem_free(s);
    lattice_free(L);
}

/* p :- not p.  q.  (no stable model) */
static bool odd_eval(void *ctx, const Word *x, Word *out)
{
    (void)ctx;
    out[0] = bit(1) | (x[0] & bit(0) ? 0 : bit(0));
    return true;
}

static void test_tree_pruned(void **state)
{
    (void)state;
    const char *atoms[] = {"p", "q"};
    Lattice *L = powerset(atoms, 2);
    AftFunction f = {.L = L, .name = "S", .eval = odd_eval, .envelope = ENV_ANTITONE};
    char *s = bnb_dot(&f, 0, "odd loop");
    assert_contains(s, "b0 [label=\"[{q} .. {p, q}]\"];");
    assert_contains(s, "b1 [label=\"[{q} .. {q}]\", style=dashed, color=grey, fontcolor=grey];");
    assert_contains(s, "b2 [label=\"[{p, q} .. {p, q}]\", style=dashed, color=grey");
    assert_contains(s, "b0 -> b1 [style=dashed, color=grey, fontcolor=grey, label=\"-p\"];");
    assert_contains(s, "b0 -> b2 [style=dashed, color=grey, fontcolor=grey, label=\"+p\"];");
    assert_contains(s, "pruned, it holds no fixed point");
    assert_null(strstr(s, "doubleoctagon"));
    assert_null(strstr(s, "style=bold"));
    assert_true(graphviz_accepts(s));
    mem_free(s);
    lattice_free(L);
}

static void test_tree_merge(void **state)
{
    (void)state;
    const char *atoms[] = {"p", "q"};
    Lattice *L = powerset(atoms, 2);
    AftFunction f = {.L = L, .name = "id", .eval = identity_eval, .envelope = ENV_MONOTONE};
    char *s = bnb_dot(&f, 0, "identity");
    /* both children survive and make an interval again: merged back, B goes to Final */
    assert_contains(s, "b1 [label=\"[{} .. {q}]\", color=blue];");
    assert_contains(s, "b2 [label=\"[{p} .. {p, q}]\", color=blue];");
    assert_contains(s, "m1 [label=\"[{} .. {p, q}]\", style=filled");
    assert_contains(s, "b1 -> m1 [color=blue];");
    assert_contains(s, "b2 -> m1 [color=blue];");
    assert_contains(s, "b0 [label=\"[{} .. {p, q}]\", shape=box, style=bold");
    assert_true(graphviz_accepts(s));
    mem_free(s);
    lattice_free(L);
}

static void test_tree_hull(void **state)
{
    (void)state;
    const char *atoms[] = {"a", "b", "c", "d"};
    Lattice *L = powerset(atoms, 4);
    AftFunction f = {.L = L, .name = "S", .eval = abcd_eval, .envelope = ENV_ANTITONE};
    char *s = bnb_dot(&f, 1, "abcd budget 1");
    assert_contains(s, "h0 [label=");
    assert_contains(s, "b1 -> h0 [style=dashed, color=darkorange, label=\"hull\"];");
    assert_contains(s, "b2 -> h0 [style=dashed, color=darkorange, label=\"hull\"];");
    assert_contains(s, "shape=box, style=bold");
    assert_true(graphviz_accepts(s));
    mem_free(s);
    lattice_free(L);
}

/* Events by hand: a pruned child, truncation of a long label, and a Final of an unknown id. */
static void test_tree_events_by_hand(void **state)
{
    (void)state;
    const char *atoms[] = {"a_very_long_atom_name_number_one", "a_very_long_atom_name_two",
                           "b"};
    Lattice *L = powerset(atoms, 3);
    DotTree *t = dot_tree_new(L, NULL);
    Word bot = 0, top = 7, one = 1, three = 3;
    AftEvent ev = {.kind = EV_BNB_SPLIT, .id = 0, .parent = -1, .other = -1,
                   .status = NODE_KEPT, .lo = &bot, .hi = &top};
    dot_tree_event(t, &ev);
    ev = (AftEvent){.kind = EV_BNB_ROUND, .round = 1, .count = 1, .id = -1};
    dot_tree_event(t, &ev);
    ev = (AftEvent){.kind = EV_BNB_SPLIT, .round = 1, .id = 1, .parent = 0, .other = -1,
                    .status = NODE_PRUNED, .lo = &bot, .hi = &one};
    dot_tree_event(t, &ev);
    ev = (AftEvent){.kind = EV_BNB_SPLIT, .round = 1, .id = 2, .parent = 0, .other = -1,
                    .status = NODE_KEPT, .lo = &one, .hi = &three};
    dot_tree_event(t, &ev);
    ev = (AftEvent){.kind = EV_BNB_FINAL, .round = 1, .id = 2, .parent = -1, .other = -1,
                    .status = NODE_FINAL, .lo = &one, .hi = &three};
    dot_tree_event(t, &ev);
    ev.id = 9;
    dot_tree_event(t, &ev);
    Buf out;
    buf_init(&out);
    dot_tree_write(t, NULL, &out);
    const char *s = buf_cstr(&out);
    dump("by hand", s);
    assert_null(strstr(s, "graph [fontname=\"Helvetica\", labelloc"));
    assert_contains(s, "b1 [label=\"[{} .. {a_very_long_atom_name_n...]\", style=dashed, "
                       "color=grey, fontcolor=grey];");
    assert_contains(s, "b0 -> b1 [style=dashed, color=grey, fontcolor=grey, label=\"-a_very_long_atom_name_two, -b\"];");
    assert_contains(s, "b0 -> b2 [label=\"+a_very_long_atom_name_number_one, -b\"];");
    assert_contains(s, "b2 [label=");
    assert_contains(s, "f9 [label=");
    assert_int_equal(count_substr(s, "shape=box, style=bold"), 2);
    assert_true(graphviz_accepts(s));
    buf_free(&out);
    dot_tree_free(t);
    lattice_free(L);
}

static void test_tree_node_cap(void **state)
{
    (void)state;
    const char *atoms[] = {"p"};
    Lattice *L = powerset(atoms, 1);
    DotTree *t = dot_tree_new(L, "cap");
    Word lo = 0, hi = 1;
    for (long i = 0; i < DOT_TREE_MAX_NODES + 5; i++) {
        AftEvent ev = {.kind = EV_BNB_SPLIT, .id = i, .parent = i - 1, .other = -1,
                       .status = NODE_KEPT, .lo = &lo, .hi = &hi};
        dot_tree_event(t, &ev);
    }
    Buf out;
    buf_init(&out);
    dot_tree_write(t, NULL, &out);
    assert_contains(buf_cstr(&out), "5 more nodes not drawn");
    /* one chain of single splits: its first node, one node counting the levels, its end */
    assert_int_equal(count_substr(buf_cstr(&out), " -> "), 2);
    assert_contains(buf_cstr(&out), "3998 more levels of one surviving child each");
    buf_free(&out);
    dot_tree_free(t);
    lattice_free(L);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hasse_pq),
        cmocka_unit_test(test_hasse_covers_only),
        cmocka_unit_test(test_hasse_bounds_and_fixpoints),
        cmocka_unit_test(test_hasse_refuses),
        cmocka_unit_test(test_escaping),
        cmocka_unit_test(test_tree_pqrs),
        cmocka_unit_test(test_tree_four_models),
        cmocka_unit_test(test_tree_pruned),
        cmocka_unit_test(test_tree_merge),
        cmocka_unit_test(test_tree_hull),
        cmocka_unit_test(test_tree_events_by_hand),
        cmocka_unit_test(test_tree_node_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
