/* test_asp.c: unit tests of the ASP front end: building programs, aspif, S_P, models, emit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "asp/asp.h"
#include "asp/internal.h"
#include "util/mem.h"
#include "asp_fixture.h"

/* Models as space-separated lines (asp_fixture.h). */
typedef NamedModels Models;

static size_t count_models(const AspProgram *p, size_t max, Models *m)
{
    AspSolver *s = asp_solver_new(p);
    AspSolveOptions o = { .max_models = max };
    AspStats st;
    memset(&st, 0, sizeof st);
    named_models_init(m, 0);
    AftStatus r = asp_solve(s, &o, collect_named, m, &st);
    assert_int_equal(r, AFT_OK);
    assert_int_equal(st.models, m->n);
    asp_solver_free(s);
    return m->n;
}

static AspProgram *pqrs(void)
{
    AspProgram *p = asp_program_new();
    AspAtom P = asp_atom(p, "p"), Q = asp_atom(p, "q"), R = asp_atom(p, "r"), S = asp_atom(p, "s");
    assert_true(asp_add_rule(p, ASP_NORMAL, &P, 1, NULL, 0, &Q, 1, NULL));
    assert_true(asp_add_rule(p, ASP_NORMAL, &Q, 1, NULL, 0, &P, 1, NULL));
    assert_true(asp_add_rule(p, ASP_NORMAL, &R, 1, &P, 1, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_NORMAL, &S, 1, &Q, 1, NULL, 0, NULL));
    return p;
}

static void test_pqrs_models(void **state)
{
    (void)state;
    AspProgram *p = pqrs();
    Models m;
    assert_int_equal(count_models(p, 0, &m), 2);
    const char *t = buf_cstr(&m.text);
    assert_true(strstr(t, "p r\n") != NULL);
    assert_true(strstr(t, "q s\n") != NULL);
    buf_free(&m.text);
    assert_int_equal(count_models(p, 1, &m), 1);
    buf_free(&m.text);
    asp_program_free(p);
}

static void test_pqrs_wellfounded_is_open(void **state)
{
    (void)state;
    AspProgram *p = pqrs();
    AspSolver *s = asp_solver_new(p);
    const Lattice *L = asp_solver_lattice(s);
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    assert_int_equal(asp_wellfounded(s, NULL, lo, hi, NULL), AFT_OK);
    for (AspAtom a = 0; a < 4; a++) {
        assert_false(asp_solver_has(s, lo, a));
        assert_true(asp_solver_has(s, hi, a));
    }
    mem_free(lo);
    mem_free(hi);
    asp_solver_free(s);
    asp_program_free(p);
}

static void test_sp_is_least_model_of_reduct(void **state)
{
    (void)state;
    AspProgram *p = pqrs();
    AspSolver *s = asp_solver_new(p);
    const Lattice *L = asp_solver_lattice(s);
    const AftFunction *f = asp_solver_function(s);
    assert_int_equal(f->envelope, ENV_ANTITONE);
    Word *x = lattice_elem_new(L), *y = lattice_elem_new(L);
    size_t q = asp_solver_atom_index(s, asp_atom(p, "q"));
    x[q / 64] |= (Word)1 << (q % 64);                 /* x = {q}: reduct p-rule gone */
    assert_true(f->eval(f->ctx, x, y));
    assert_false(asp_solver_has(s, y, asp_atom(p, "p")));
    assert_true(asp_solver_has(s, y, asp_atom(p, "q")));
    assert_true(asp_solver_has(s, y, asp_atom(p, "s")));
    assert_false(asp_solver_has(s, y, asp_atom(p, "r")));
    mem_free(x);
    mem_free(y);
    asp_solver_free(s);
    asp_program_free(p);
}

static AspProgram *parse(const char *text, Buf *err)
{
    buf_init(err);
    return asp_parse_aspif(text, strlen(text), "t.aspif", err);
}

/* a :- not b. b :- not a. {c}. :- c, a. (the example of ASPIF.md, without #minimize) */
static const char example[] =
    "asp 1 0 0\n1 1 1 1 0 0\n1 0 1 2 0 1 -3\n1 0 1 3 0 1 -2\n1 0 0 0 2 2 1\n"
    "4 1 b 1 3\n4 1 a 1 2\n4 1 c 1 1\n0\n";

static void test_aspif_choice_and_constraint(void **state)
{
    (void)state;
    Buf err;
    AspProgram *p = parse(example, &err);
    assert_non_null(p);
    Models m;
    assert_int_equal(count_models(p, 0, &m), 3);      /* {b}, {b c}, {a} */
    buf_free(&m.text);
    asp_program_free(p);
    buf_free(&err);
}

static void test_aspif_refuses_with_line(void **state)
{
    (void)state;
    Buf err;
    AspProgram *p = parse("asp 1 0 0\n1 0 1 1 0 0\n2 0 1 1\n0\n", &err);
    assert_null(p);
    assert_true(strstr(buf_cstr(&err), "t.aspif:3:8: error: expected a number"));   /* the weight */
    buf_free(&err);
    p = parse("asp 1 0 0 incremental\n2 0 1 1 1\n0\n1 0 1 1 0 0\n0\n", &err);
    assert_null(p);
    assert_true(strstr(buf_cstr(&err), "t.aspif:2:1:") && strstr(buf_cstr(&err), "#minimize"));
    buf_free(&err);
    p = parse("asp 1 0 0\n1 0 1 1 0 0\n0\n1 0 1 2 0 0\n0\n", &err);
    assert_null(p);
    assert_true(strstr(buf_cstr(&err), "t.aspif:4:1:") && strstr(buf_cstr(&err), "incremental"));
    buf_free(&err);
}

static void test_output_facts_and_conditions(void **state)
{
    (void)state;
    Buf err;
    /* d is a fact (empty condition); x shown when atom 1 holds and atom 2 does not */
    AspProgram *p = parse("asp 1 0 0\n1 1 1 1 0 0\n4 1 d 0\n4 1 x 2 1 -2\n0\n", &err);
    assert_non_null(p);
    Models m;
    assert_int_equal(count_models(p, 0, &m), 2);
    const char *t = buf_cstr(&m.text);
    assert_true(strstr(t, "d\n") != NULL);
    assert_true(strstr(t, "d x\n") != NULL);
    buf_free(&m.text);
    asp_program_free(p);
    buf_free(&err);
}

static void test_inconsistent(void **state)
{
    (void)state;
    AspProgram *p = asp_program_inconsistent();
    /* `:- .` has no literals, yet its slices of them are not of a NULL store (`NULL + 0` is
     * undefined: clang's UBSan stopped the solver's body_of here) */
    assert_non_null(p->lits.items);
    assert_non_null(p->weights.items);
    assert_non_null(p->wlits.items);
    Models m;
    assert_int_equal(count_models(p, 0, &m), 0);
    buf_free(&m.text);
    asp_program_free(p);
}

static void test_partial_eval_keeps_models(void **state)
{
    (void)state;
    /* a. b :- a, not c. c :- not a. d :- c.  wf: a, b true; c, d false: one model {a, b} */
    AspProgram *p = asp_program_new();
    AspAtom a = asp_atom(p, "a"), b = asp_atom(p, "b"), c = asp_atom(p, "c"), d = asp_atom(p, "d");
    asp_add_fact(p, a);
    asp_add_rule(p, ASP_NORMAL, &b, 1, &a, 1, &c, 1, NULL);
    asp_add_rule(p, ASP_NORMAL, &c, 1, NULL, 0, &a, 1, NULL);
    asp_add_rule(p, ASP_NORMAL, &d, 1, &c, 1, NULL, 0, NULL);
    AspSolver *s = asp_solver_new(p);
    const Lattice *L = asp_solver_lattice(s);
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    assert_int_equal(asp_wellfounded(s, NULL, lo, hi, NULL), AFT_OK);
    assert_true(asp_solver_has(s, lo, b));
    assert_false(asp_solver_has(s, hi, d));
    AspProgram *q = asp_partial_eval(p, s, lo, hi, NULL, NULL);
    assert_int_equal(asp_rule_count(q), 2);           /* the facts a and b */
    Models m;
    assert_int_equal(count_models(q, 0, &m), 1);
    assert_string_equal(buf_cstr(&m.text), "a b\n");
    buf_free(&m.text);
    asp_program_free(q);
    mem_free(lo);
    mem_free(hi);
    asp_solver_free(s);
    asp_program_free(p);
}

/* Does the lattice have an element called name? */
static bool has_name(const Lattice *L, const char *name)
{
    size_t n;
    const char *const *names = lattice_names(L, &n);
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0) return true;
    return false;
}

/* Names: the first atom named so is found, before and after the index is made (by the first
 * look-up), also when a name is shown for a second atom; the solver's lattice names every
 * atom: the program's names, _N for hidden atom N, _auxN for the translation's atoms. */
static void test_names_and_labels(void **state)
{
    (void)state;
    AspProgram *p = asp_program_new();
    AspAtom h = asp_atom_hidden(p), b = asp_atom_hidden(p), a2 = asp_atom_hidden(p);
    assert_true(asp_atom_show(p, b, "b", 1));
    assert_false(asp_atom_show(p, b, "c", 1));          /* named already */
    assert_true(asp_atom_show(p, a2, "a", 1));
    assert_int_equal(asp_atom_find(p, "a"), (long)a2);   /* the index is made here */
    AspAtom a = asp_atom(p, "a");
    assert_int_equal(a, a2);
    AspAtom d = asp_atom(p, "d"), d2 = asp_atom_hidden(p);
    assert_true(asp_atom_show(p, d2, "d", 1));           /* a second atom shown as d */
    assert_int_equal(asp_atom_find(p, "d"), (long)d);
    for (int i = 0; i < 200; i++) {                      /* the index grows */
        char nm[16];
        snprintf(nm, sizeof nm, "x%d", i);
        assert_int_equal(asp_atom_find(p, nm), -1);
        AspAtom x = asp_atom(p, nm);
        assert_int_equal(asp_atom_find(p, nm), (long)x);
    }
    assert_string_equal(asp_atom_name(p, d2), "d");
    assert_null(asp_atom_name(p, h));
    assert_true(asp_add_rule(p, ASP_CHOICE, &a, 1, NULL, 0, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, &h, 1, NULL, 0, NULL));
    AspSolver *s = asp_solver_new(p);
    const Lattice *L = asp_solver_lattice(s);
    assert_true(has_name(L, "a"));
    assert_true(has_name(L, "b"));
    assert_true(has_name(L, "_0"));                      /* hidden atom h */
    assert_true(has_name(L, "_aux0"));
    assert_true(has_name(L, "_aux1"));
    assert_false(has_name(L, "_aux2"));
    asp_solver_free(s);
    asp_program_free(p);
}

static void test_bad_rules_rejected(void **state)
{
    (void)state;
    AspProgram *p = asp_program_new();
    AspAtom a = asp_atom(p, "a"), b = asp_atom(p, "b"), two[2] = { a, b };
    Buf err;
    buf_init(&err);
    assert_false(asp_add_rule(p, ASP_NORMAL, two, 2, NULL, 0, NULL, 0, &err));
    assert_false(asp_add_rule(p, ASP_CONSTRAINT, &a, 1, NULL, 0, NULL, 0, &err));
    AspAtom bad = 99;
    assert_false(asp_add_rule(p, ASP_NORMAL, &a, 1, &bad, 1, NULL, 0, &err));
    assert_true(asp_add_rule(p, ASP_CHOICE, two, 2, NULL, 0, NULL, 0, &err));
    assert_int_equal(asp_atom_find(p, "b"), (long)b);
    assert_int_equal(asp_atom_find(p, "zz"), -1);
    Models m;
    assert_int_equal(count_models(p, 0, &m), 4);
    buf_free(&m.text);
    buf_free(&err);
    asp_program_free(p);
}

/* The incremental S_P (cached states) agrees with a fresh evaluation on random inputs. */
static void test_incremental_sp_matches_fresh(void **state)
{
    (void)state;
    Rng rng = { 42 };
    for (int round = 0; round < 20; round++) {
        AspProgram *p = asp_program_new();
        size_t n = 5 + rng_below(&rng, 40);
        for (size_t i = 0; i < n; i++) asp_atom_hidden(p);
        for (size_t r = 0; r < 3 * n; r++) {
            AspAtom h = (AspAtom)rng_below(&rng, n), pos[3], neg[3];
            size_t np = rng_below(&rng, 4), nn = rng_below(&rng, 3);
            for (size_t k = 0; k < np; k++) pos[k] = (AspAtom)rng_below(&rng, n);
            for (size_t k = 0; k < nn; k++) neg[k] = (AspAtom)rng_below(&rng, n);
            AspRuleKind kind = rng_below(&rng, 6) == 0 ? ASP_CONSTRAINT : ASP_NORMAL;
            asp_add_rule(p, kind, &h, kind == ASP_NORMAL, pos, np, neg, nn, NULL);
        }
        AspSolver *s = asp_solver_new(p);
        const Lattice *L = asp_solver_lattice(s);
        const AftFunction *f = asp_solver_function(s);
        Word *x = lattice_elem_new(L), *y = lattice_elem_new(L), *z = lattice_elem_new(L);
        for (int step = 0; step < 200; step++) {
            size_t flips = 1 + rng_below(&rng, 4);
            for (size_t k = 0; k < flips; k++) {
                size_t a = rng_below(&rng, lattice_name_count(L));
                x[a / 64] ^= (Word)1 << (a % 64);
            }
            if (rng_below(&rng, 50) == 0) L->ops->random(L, &rng, x);
            assert_true(f->eval(f->ctx, x, y));
            AspSolver *fresh = asp_solver_new(p);
            const AftFunction *g = asp_solver_function(fresh);
            assert_true(g->eval(g->ctx, x, z));
            assert_memory_equal(y, z, L->nwords * sizeof *y);
            asp_solver_free(fresh);
        }
        mem_free(x); mem_free(y); mem_free(z);
        asp_solver_free(s);
        asp_program_free(p);
    }
}

/* A random sub-interval of [lo, hi] (each free atom kept free, made true or made false). */
static void random_subinterval(const Lattice *L, Rng *rng, Word *lo, Word *hi)
{
    for (size_t a = 0; a < lattice_name_count(L); a++) {
        Word b = (Word)1 << (a % 64);
        if (!(hi[a / 64] & b) || (lo[a / 64] & b)) continue;
        size_t roll = rng_below(rng, 4);
        if (roll == 0) lo[a / 64] |= b;
        else if (roll == 1) hi[a / 64] &= ~b;
    }
}

/* The native IR of S_P (completion and constraints) keeps every stable model of a random
 * interval, is inside the generic IR; the native well-founded bound equals the generic one. */
static void test_native_refine_sound(void **state)
{
    (void)state;
    Rng rng = { 7 };
    AftOptions o;
    aft_options_default(&o);
    for (int round = 0; round < 150; round++) {
        AspProgram *p = random_program(&rng, 3 + rng_below(&rng, 6), 8, 1);
        AspSolver *s = asp_solver_new(p);
        const Lattice *L = asp_solver_lattice(s);
        const AftFunction *f = asp_solver_function(s);
        assert_non_null(f->refine);
        AftFunction g = *f;
        g.refine = NULL;
        g.split = NULL;
        Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
        Word *nlo = lattice_elem_new(L), *nhi = lattice_elem_new(L);
        Word *glo = lattice_elem_new(L), *ghi = lattice_elem_new(L);
        asp_solver_initial(s, lo, hi);
        AftStatus gr = aft_refine(&g, &o, lo, hi, glo, ghi, NULL, NULL);
        AftStatus wr = asp_wellfounded(s, NULL, nlo, nhi, NULL);
        assert_int_equal(wr, gr);
        if (gr == AFT_OK) {
            assert_memory_equal(nlo, glo, L->nwords * sizeof *nlo);
            assert_memory_equal(nhi, ghi, L->nwords * sizeof *nhi);
        }
        for (int k = 0; k < 20 && lattice_name_count(L) <= 16; k++) {
            asp_solver_initial(s, lo, hi);
            if (k) random_subinterval(L, &rng, lo, hi);
            AftStatus r = f->refine(f->ctx, lo, hi, nlo, nhi);
            check_holds_fixpoints(f, lo, hi, r, nlo, nhi);
            gr = aft_refine(&g, &o, lo, hi, glo, ghi, NULL, NULL);
            if (gr == AFT_INVALID) assert_int_equal(r, AFT_INVALID);
            if (r == AFT_OK) assert_true(lattice_interval_subset(L, nlo, nhi, glo, ghi));
        }
        mem_free(lo); mem_free(hi); mem_free(nlo); mem_free(nhi); mem_free(glo); mem_free(ghi);
        asp_solver_free(s);
        asp_program_free(p);
    }
}

/* The search with the native IR and split finds the same models as the generic engine. */
static void test_native_search_matches_generic(void **state)
{
    (void)state;
    Rng rng = { 11 };
    AftOptions o;
    aft_options_default(&o);
    o.split.strategy = SPLIT_LAST;         /* the lattice's decompose, generic IR below */
    for (int round = 0; round < 60; round++) {
        AspProgram *p = random_program(&rng, 3 + rng_below(&rng, 8), 8, 1);
        Models a, b;
        count_models(p, 0, &a);
        AspSolver *s = asp_solver_new(p);
        AspSolveOptions so = { .aft = &o };
        o.refine_steps = 1000000;          /* bounds the F steps: the generic IR */
        AspStats st;
        memset(&st, 0, sizeof st);
        named_models_init(&b, 0);
        assert_int_equal(asp_solve(s, &so, collect_named, &b, &st), AFT_OK);
        assert_int_equal(a.n, b.n);
        asp_solver_free(s);
        buf_free(&a.text);
        buf_free(&b.text);
        asp_program_free(p);
    }
}

/* Shown names: one name for several atoms, a name with a NUL kept by its length, the first
 * atom with a name found by it, and an atom named only once. */
static void test_shown_names(void **state)
{
    (void)state;
    AspProgram *p = asp_program_new();
    AspAtom a = asp_atom_hidden(p), b = asp_atom_hidden(p), c = asp_atom_hidden(p);
    assert_true(asp_atom_show(p, a, "x", 1));
    assert_true(asp_atom_show(p, b, "x", 1));
    assert_false(asp_atom_show(p, b, "y", 1));
    assert_true(asp_atom_show(p, c, "n\0m", 3));
    assert_int_equal(asp_atom_name_len(p, c), 3);
    assert_memory_equal(asp_atom_name(p, c), "n\0m", 3);
    assert_int_equal(asp_atom_find(p, "x"), (long)a);
    assert_int_equal(asp_atom_find(p, "n"), -1);
    assert_int_equal(asp_atom(p, "x"), a);
    asp_program_free(p);
}

/* A negative weight is moved to the complement and the bound raised: s :- 1 <= {a = 2,
 * not b = -1, c = 1} is s :- 2 <= {a = 2, b = 1, c = 1}. */
static void test_weight_rule_normalised(void **state)
{
    (void)state;
    AspProgram *p = asp_program_new();
    AspAtom a = asp_atom(p, "a"), b = asp_atom(p, "b"), c = asp_atom(p, "c"), s = asp_atom(p, "s");
    AspAtom abc[3] = { a, b, c };
    assert_true(asp_add_rule(p, ASP_CHOICE, abc, 3, NULL, 0, NULL, 0, NULL));
    AspWLit body[3] = { { a, false, 2 }, { b, true, -1 }, { c, false, 1 } };
    assert_true(asp_add_weight_rule(p, ASP_NORMAL, &s, 1, 1, body, 3, NULL));
    Buf text;
    buf_init(&text);
    asp_print_program(p, &text);
    assert_non_null(strstr(buf_cstr(&text), "s :- 2 { a = 2; b = 1; c = 1 }."));
    buf_free(&text);
    Models m;
    assert_int_equal(count_models(p, 0, &m), 8);
    Buf lines;                    /* the models, each line between newlines */
    buf_init(&lines);
    buf_printf(&lines, "\n%s", buf_cstr(&m.text));
    const char *t = buf_cstr(&lines);
    assert_non_null(strstr(t, "\na s\n"));
    assert_non_null(strstr(t, "\nb c s\n"));
    assert_non_null(strstr(t, "\nb\n"));
    assert_null(strstr(t, "\nb s\n"));
    buf_free(&lines);
    buf_free(&m.text);
    AspFeatures f;
    asp_program_features(p, &f);
    assert_true(f.weights && !f.disjunction && !f.minimize);
    asp_program_free(p);
}

/* A weight body does not support its own head through a loop: p :- 1 {q; r}. q :- p. {r}.
 * has the models {} and {r, p, q} only. */
static void test_weight_body_loop(void **state)
{
    (void)state;
    Buf err;
    AspProgram *p = parse("asp 1 0 0\n1 1 1 3 0 0\n1 0 1 1 1 1 2 2 1 3 1\n1 0 1 2 0 1 1\n"
                          "4 1 p 1 1\n4 1 q 1 2\n4 1 r 1 3\n0\n", &err);
    assert_non_null(p);
    Models m;
    assert_int_equal(count_models(p, 0, &m), 2);
    assert_non_null(strstr(buf_cstr(&m.text), "p q r\n"));
    buf_free(&m.text);
    buf_free(&err);
    asp_program_free(p);
}

/* a | b. is solved by shifting; a | b. a :- b. b :- a. is not head-cycle-free: searched
 * natively with the minimality check (its one stable model is {a, b}), and its bound leaves
 * a and b open. */
static void test_disjunction(void **state)
{
    (void)state;
    Buf err;
    AspProgram *p = parse("asp 1 0 0\n1 0 2 1 2 0 0\n4 1 a 1 1\n4 1 b 1 2\n0\n", &err);
    Models m;
    assert_int_equal(count_models(p, 0, &m), 2);
    buf_free(&m.text);
    asp_program_free(p);
    buf_free(&err);
    p = parse("asp 1 0 0\n1 0 2 1 2 0 0\n1 0 1 1 0 1 2\n1 0 1 2 0 1 1\n"
              "4 1 a 1 1\n4 1 b 1 2\n0\n", &err);
    assert_int_equal(count_models(p, 0, &m), 1);
    assert_non_null(strstr(buf_cstr(&m.text), "a"));
    assert_non_null(strstr(buf_cstr(&m.text), "b"));
    buf_free(&m.text);
    AspSolver *s = asp_solver_new(p);
    Buf why;
    buf_init(&why);
    assert_true(asp_solver_native(s, "t.aspif", &why));
    Word *lo = lattice_elem_new(asp_solver_lattice(s)), *hi = lattice_elem_new(asp_solver_lattice(s));
    assert_int_equal(asp_wellfounded(s, NULL, lo, hi, NULL), AFT_OK);
    for (AspAtom a = 0; a < 2; a++) {
        assert_false(asp_solver_has(s, lo, a));
        assert_true(asp_solver_has(s, hi, a));
    }
    mem_free(lo);
    mem_free(hi);
    buf_free(&why);
    buf_free(&err);
    asp_solver_free(s);
    asp_program_free(p);
}

/* #minimize, #project, #heuristic, #edge and theory statements are kept and written back
 * as read; the minimize statements are typed data. */
static void test_statements_kept(void **state)
{
    (void)state;
    static const char text[] =
        "asp 1 0 0\n1 1 2 1 2 0 0\n2 3 2 1 4 -2 -1\n3 1 1\n7 0 1 1 2 1 2\n8 1 2 1 -2\n"
        "9 1 0 1 a\n9 4 0 1 0 1 2\n9 5 3 0 1 0\n4 1 a 1 1\n0\n";
    Buf err;
    AspProgram *p = parse(text, &err);
    assert_non_null(p);
    assert_int_equal(asp_minimize_count(p), 1);
    int64_t prio;
    size_t n;
    const AspWLit *l = asp_minimize_get(p, 0, &prio, &n);
    assert_int_equal(prio, 3);
    assert_int_equal(n, 2);
    assert_true(l[1].negative && l[1].weight == -1);
    assert_true(asp_has_project(p));
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    asp_write_aspif(p, f);
    fclose(f);
    for (const char *want = "2 3 2 1 4 -2 -1\n|3 1 1\n|7 0 1 1 2 1 2\n|8 1 2 1 -2\n|9 1 0 1 a\n|"
                            "9 4 0 1 0 1 2\n|9 5 3 0 1 0\n"; *want;) {
        const char *bar = strchr(want, '|');
        size_t k = bar ? (size_t)(bar - want) : strlen(want);
        char line[64];
        memcpy(line, want, k);
        line[k] = 0;
        assert_non_null(strstr(out, line));
        want += bar ? k + 1 : k;
    }
    free(out);
    buf_free(&err);
    asp_program_free(p);
}

/* The steps of an incremental program are one program; only the last step's assumptions
 * hold: {b}, assumed false in step 1, is free in step 2, where c is assumed. */
static void test_incremental_steps(void **state)
{
    (void)state;
    Buf err;
    AspProgram *p = parse("asp 1 0 0 incremental\n5 1 0\n1 1 1 2 0 0\n6 1 -2\n0\n"
                          "1 0 1 1 0 1 3\n1 1 1 3 0 0\n6 1 3\n4 1 a 1 1\n4 1 b 1 2\n"
                          "4 1 c 1 3\n0\n", &err);
    assert_non_null(p);
    Models m;
    assert_int_equal(count_models(p, 0, &m), 2);
    assert_non_null(strstr(buf_cstr(&m.text), "a b c\n"));
    buf_free(&m.text);
    buf_free(&err);
    asp_program_free(p);
}

/* Pigeonhole 4 into 3 as aspif: p(i,h) is atom 3(i-1)+h; a choice over all, every pigeon in a
 * hole, no hole with two.  No model, and a search with conflicts. */
static AspProgram *pigeons(Buf *err)
{
    Buf t;
    buf_init(&t);
    buf_puts(&t, "asp 1 0 0\n1 1 12 1 2 3 4 5 6 7 8 9 10 11 12 0 0\n");
    for (int i = 0; i < 4; i++)
        buf_printf(&t, "1 0 0 0 3 -%d -%d -%d\n", 3 * i + 1, 3 * i + 2, 3 * i + 3);
    for (int h = 1; h <= 3; h++)
        for (int i = 0; i < 4; i++)
            for (int j = i + 1; j < 4; j++) buf_printf(&t, "1 0 0 0 2 %d %d\n", 3 * i + h, 3 * j + h);
    buf_puts(&t, "0\n");
    AspProgram *p = parse(buf_cstr(&t), err);
    buf_free(&t);
    return p;
}

/* The engine's work budget (AftOptions.work): each conflict spends a unit; a spent budget
 * stops the search with "work", at the same count on every run, and without it the search
 * runs to its end. */
static void test_work_budget(void **state)
{
    (void)state;
    Buf err;
    AspProgram *p = pigeons(&err);
    assert_non_null(p);
    AftOptions o;
    aft_options_default(&o);
    o.split.strategy = SPLIT_FIRST;
    AspSolveOptions so = { .aft = &o };
    AspStats st;
    size_t whole = 0, spent[2];
    for (int run = 0; run < 3; run++) {
        AspSolver *s = asp_solver_new(p);
        AftWork work = { .limit = run ? 3 : 0 };
        o.work = &work;
        o.stop_abandons = true;
        memset(&st, 0, sizeof st);
        AftStatus r = asp_solve(s, &so, NULL, NULL, &st);
        if (run == 0) {
            assert_int_equal(r, AFT_OK);
            assert_true(st.complete);
            whole = work.spent;
            assert_int_equal(whole, st.aft.conflicts);
        } else {
            assert_int_equal(r, AFT_LIMIT);
            assert_string_equal(st.aft.stopped_by, "work");
            assert_false(st.complete);
            spent[run - 1] = work.spent;
        }
        asp_solver_free(s);
    }
    assert_true(whole > 3);                          /* the budget did stop a longer search */
    assert_int_equal(spent[0], 3);
    assert_int_equal(spent[1], spent[0]);
    asp_program_free(p);
    buf_free(&err);
}

/* Twins (atoms whose only rule has the same body, equiv.c) share one lattice atom, and the
 * rules of the atoms merged away are not compiled: each was the twin of a body its class's
 * root keeps.  When they were, 10^5 twins gave the root 10^5 supports and the split's
 * support choice a quadratic cost (bench/asp/shape.sh's facts-and-twins shape). */
static void test_twins_compiled_once(void **state)
{
    (void)state;
    enum { N = 50 };
    AspProgram *p = asp_program_new();
    AspAtom b = asp_atom(p, "b"), c = asp_atom(p, "c"), a[N];
    assert_true(asp_add_rule(p, ASP_CHOICE, &b, 1, NULL, 0, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_CHOICE, &c, 1, NULL, 0, NULL, 0, NULL));
    for (int i = 0; i < N; i++) {
        char name[16];
        snprintf(name, sizeof name, "a(%d)", i);
        a[i] = asp_atom(p, name);
        assert_true(asp_add_rule(p, ASP_NORMAL, &a[i], 1, &b, 1, &c, 1, NULL));
    }
    AspSolver *s = asp_solver_new_merged(p);     /* as the search's solver is made */
    size_t root = asp_solver_atom_index(s, a[0]);
    for (int i = 1; i < N; i++) assert_int_equal(asp_solver_atom_index(s, a[i]), root);
    assert_true(s->nrules < N);                 /* N + 4 when every twin's rule was compiled */
    asp_solver_free(s);
    Models m;
    assert_int_equal(count_models(p, 0, &m), 4);  /* b and c free; a(I) exactly when b, not c */
    buf_free(&m.text);
    asp_program_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pqrs_models),
        cmocka_unit_test(test_pqrs_wellfounded_is_open),
        cmocka_unit_test(test_sp_is_least_model_of_reduct),
        cmocka_unit_test(test_aspif_choice_and_constraint),
        cmocka_unit_test(test_aspif_refuses_with_line),
        cmocka_unit_test(test_output_facts_and_conditions),
        cmocka_unit_test(test_inconsistent),
        cmocka_unit_test(test_partial_eval_keeps_models),
        cmocka_unit_test(test_bad_rules_rejected),
        cmocka_unit_test(test_incremental_sp_matches_fresh),
        cmocka_unit_test(test_native_refine_sound),
        cmocka_unit_test(test_native_search_matches_generic),
        cmocka_unit_test(test_shown_names),
        cmocka_unit_test(test_weight_rule_normalised),
        cmocka_unit_test(test_weight_body_loop),
        cmocka_unit_test(test_disjunction),
        cmocka_unit_test(test_names_and_labels),
        cmocka_unit_test(test_statements_kept),
        cmocka_unit_test(test_incremental_steps),
        cmocka_unit_test(test_work_budget),
        cmocka_unit_test(test_twins_compiled_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
