/* asp_fixture.h: what the ASP unit tests (test_asp.c, test_learn.c, test_cost.c,
 * test_brave.c, test_opt.c, test_enumerate.c) build programs and check refines and models
 * with: a random ground program (of hidden or of shown atoms), "every fixed point of f in
 * [lo, hi] lies in a refine's result", and the models a search gives out as text. */
#ifndef FIX_TEST_ASP_FIXTURE_H
#define FIX_TEST_ASP_FIXTURE_H

#include <stdio.h>

#include "asp/asp.h"
#include "util/mem.h"

/* A random program over n hidden atoms with 2n rules: of `sides` equally likely kinds the
 * first `constraints` make a constraint, the next a choice rule, the rest normal rules; each
 * body has up to two positive and two negative literals. */
static inline AspProgram *random_program(Rng *rng, size_t n, size_t sides, size_t constraints)
{
    AspProgram *p = asp_program_new();
    for (size_t i = 0; i < n; i++) asp_atom_hidden(p);
    for (size_t r = 0; r < 2 * n; r++) {
        AspAtom h = (AspAtom)rng_below(rng, n), pos[3], neg[3];
        size_t np = rng_below(rng, 3), nn = rng_below(rng, 3);
        for (size_t k = 0; k < np; k++) pos[k] = (AspAtom)rng_below(rng, n);
        for (size_t k = 0; k < nn; k++) neg[k] = (AspAtom)rng_below(rng, n);
        size_t roll = rng_below(rng, sides);
        AspRuleKind kind = roll < constraints ? ASP_CONSTRAINT : roll == constraints ? ASP_CHOICE : ASP_NORMAL;
        asp_add_rule(p, kind, &h, kind != ASP_CONSTRAINT, pos, np, neg, nn, NULL);
    }
    return p;
}

/* A random program over n shown atoms a0 .. a<n-1> with 2n rules: choice rules, normal rules
 * and constraints, bodies of up to two positive and two negative literals. */
static inline AspProgram *random_shown_program(Rng *rng, size_t n)
{
    AspProgram *p = asp_program_new();
    char name[24];
    for (size_t i = 0; i < n; i++) {
        snprintf(name, sizeof name, "a%zu", i);
        asp_atom(p, name);
    }
    for (size_t r = 0; r < 2 * n; r++) {
        AspAtom h = (AspAtom)rng_below(rng, n), pos[2], neg[2];
        size_t np = rng_below(rng, 3), nn = rng_below(rng, 3);
        for (size_t k = 0; k < np; k++) pos[k] = (AspAtom)rng_below(rng, n);
        for (size_t k = 0; k < nn; k++) neg[k] = (AspAtom)rng_below(rng, n);
        size_t roll = rng_below(rng, 6);
        AspRuleKind kind = roll == 0 ? ASP_CONSTRAINT : roll < 3 ? ASP_CHOICE : ASP_NORMAL;
        asp_add_rule(p, kind, &h, kind != ASP_CONSTRAINT, pos, np, neg, nn, NULL);
    }
    return p;
}

/* Every fixed point of f in [lo, hi] (by enumeration) lies in [nlo, nhi]; none when the
 * refine r found [lo, hi] invalid. */
static inline void check_holds_fixpoints(const AftFunction *f, const Word *lo, const Word *hi,
                                         AftStatus r, const Word *nlo, const Word *nhi)
{
    const Lattice *L = f->L;
    Word *x = lattice_elem_new(L), *y = lattice_elem_new(L);
    lattice_copy(L, x, lo);
    do {
        assert_true(f->eval(f->ctx, x, y));
        if (!L->ops->eq(L, x, y)) continue;
        assert_int_equal(r, AFT_OK);
        assert_true(lattice_in_interval(L, x, nlo, nhi));
    } while (L->ops->next(L, lo, hi, x));
    mem_free(x);
    mem_free(y);
}

/* The models a search gives out, as text: each one's shown atoms' names on a line; the
 * collector asks the search to stop after stop_after of them (0: never). */
typedef struct NamedModels { Buf text; size_t n, stop_after; } NamedModels;

static inline void named_models_init(NamedModels *m, size_t stop_after)
{
    buf_init(&m->text);
    m->n = 0;
    m->stop_after = stop_after;
}

static inline bool collect_named(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    NamedModels *m = ctx;
    for (size_t i = 0; i < n; i++) {
        if (i) buf_putc(&m->text, ' ');
        buf_puts(&m->text, asp_atom_name(p, atoms[i]));
    }
    buf_putc(&m->text, '\n');
    m->n++;
    return !m->stop_after || m->n < m->stop_after;
}

#endif
