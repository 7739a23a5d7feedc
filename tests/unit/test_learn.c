/* test_learn.c: unit tests of conflict-driven learning in the native IR of S_P (learn.c): the
 * first-UIP nogood of a tiny implication graph, the minimisation's dropped literals on a
 * graph set by hand (and its walk over the optimisation bound's reasons, each held literal
 * read once an analysis), its propagation, soundness of every refine with
 * learning on (and with nogoods deleted often), the activity heap against a scan and after a
 * rescale, the restart
 * policy, a tight completion as nogoods simplified by level 0, the walk's phases on a
 * planted random 3-SAT program, and the same models with learning on and off (and with
 * restarts, hence walks, forced). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <cmocka.h>

#include "asp/propstate.h"
#include "asp/search.h"
#include "asp/cube.h"
#include "asp/setup.h"
#include "util/mem.h"
#include "asp_fixture.h"

static bool has(const Word *x, size_t a) { return (x[a / 64] >> (a % 64)) & 1; }
static void put(Word *x, size_t a) { x[a / 64] |= (Word)1 << (a % 64); }

/* {a}. {b}. {c}. x :- a, b. :- x, c. :- x, not c.
 * With learning the constraints are nogoods {x, c} and {x, not c} (learncons.c), their
 * atom f, left without rules, is false at level 0, and x's completion is in nogoods too.  With a (level 2) and b (level 3): x,
 * then c false by one constraint and true by the other.  c's two values both come from x,
 * the unique implication point of level 3, so the nogood is {x}: x can never hold. */
static AspProgram *tiny(AspAtom *at)
{
    AspProgram *p = asp_program_new();
    const char *names[] = {"a", "b", "c", "x"};
    for (int i = 0; i < 4; i++) at[i] = asp_atom(p, names[i]);
    for (int i = 0; i < 3; i++) assert_true(asp_add_rule(p, ASP_CHOICE, &at[i], 1, NULL, 0, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_NORMAL, &at[3], 1, at, 2, NULL, 0, NULL));
    AspAtom xc[2] = {at[3], at[2]};
    assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, xc, 2, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, &at[3], 1, &at[2], 1, NULL));
    return p;
}

typedef struct Tiny {
    AspProgram *p;
    AspSolver *s;
    const AftFunction *f;
    const Lattice *L;
    size_t a, b, x;
    Word *lo, *hi, *nlo, *nhi;
} Tiny;

static void tiny_open(Tiny *t, bool learning)
{
    AspAtom at[4];
    t->p = tiny(at);
    t->s = asp_solver_new(t->p);
    t->f = asp_solver_function(t->s);
    t->L = asp_solver_lattice(t->s);
    t->a = asp_solver_atom_index(t->s, at[0]);
    t->b = asp_solver_atom_index(t->s, at[1]);
    t->x = asp_solver_atom_index(t->s, at[3]);
    t->lo = lattice_elem_new(t->L); t->hi = lattice_elem_new(t->L);
    t->nlo = lattice_elem_new(t->L); t->nhi = lattice_elem_new(t->L);
    if (learning) assert_true(t->f->search->learning(t->f->ctx, true));
    asp_solver_initial(t->s, t->lo, t->hi);
    assert_int_equal(t->f->refine(t->f->ctx, t->lo, t->hi, t->lo, t->hi), AFT_OK);   /* level 1 */
}

static void tiny_close(Tiny *t)
{
    mem_free(t->lo); mem_free(t->hi); mem_free(t->nlo); mem_free(t->nhi);
    asp_solver_free(t->s);
    asp_program_free(t->p);
}

/* Requests a then b on top of level 1: the conflict at level 3. */
static void tiny_conflict(Tiny *t)
{
    lattice_copy(t->L, t->nlo, t->lo);
    lattice_copy(t->L, t->nhi, t->hi);
    put(t->nlo, t->a);
    assert_int_equal(t->f->refine(t->f->ctx, t->nlo, t->nhi, t->nlo, t->nhi), AFT_OK);
    assert_false(t->f->search->learnt(t->f->ctx));
    put(t->nlo, t->b);
    assert_int_equal(t->f->refine(t->f->ctx, t->nlo, t->nhi, t->nlo, t->nhi), AFT_INVALID);
}

/* The words of the program's binary nogoods in the watch lists (marked ASP_WATCH_PROG). */
static size_t program_words(const AspProp *p)
{
    size_t n = 0;
    for (uint32_t lit = 0; lit < p->store.watches.nlists; lit++) {
        const uint32_t *items = asp_watch_items(&p->store.watches, lit);
        for (size_t i = 0; i < asp_watch_count(&p->store.watches, lit); i++)
            n += (items[i] & (ASP_WATCH_BIN | ASP_WATCH_PROG)) == (ASP_WATCH_BIN | ASP_WATCH_PROG);
    }
    return n;
}

static void test_first_uip_nogood(void **state)
{
    (void)state;
    Tiny t;
    tiny_open(&t, true);
    tiny_conflict(&t);
    assert_true(t.f->search->learnt(t.f->ctx));
    assert_false(t.f->search->learnt(t.f->ctx));         /* reported once */
    const AspProp *p = t.s->prop;
    assert_int_equal(p->store.nnogoods, 1);
    const uint32_t *ng = p->store.ng.items + p->store.last;
    assert_int_equal(ng[0], 1);
    assert_int_equal(ng[1], 2 * t.x);                    /* the UIP: x true */
    assert_true(t.f->search->cuts(t.f->ctx, t.lo, t.hi));   /* level 1 holds all but x */
    /* the constraints, 2 + 1 each; x's completion {a, b, -x}; the completions' nogoods of
     * two literals (each choice's {a, a'} and {-a, -a'}, x's {x, -a} and {x, -b}) are not
     * stored: two words each in the watch lists */
    assert_int_equal(p->rc.perm_end, 2 * 3 + 4);
    assert_int_equal(program_words(p), 2 * (3 * 2 + 2));
    tiny_close(&t);
}

/* List lit's words turned `turns` places to the left. */
static void turn_list(AspProp *p, uint32_t lit, size_t turns)
{
    uint32_t *items = asp_watch_items(&p->store.watches, lit);
    size_t n = asp_watch_count(&p->store.watches, lit);
    for (; turns > 0; turns--) {
        uint32_t first = items[0];
        memmove(items, items + 1, (n - 1) * sizeof *items);
        items[n - 1] = first;
    }
}

/* The first list holding a binary nogood's watch (a word) and a longer one's (a pair): its
 * first binary word turned to its end; the list's literal. */
static uint32_t turn_bin_last(AspProp *p)
{
    AspWatches *w = &p->store.watches;
    for (uint32_t lit = 0; lit < w->nlists; lit++) {
        const uint32_t *items = asp_watch_items(w, lit);
        size_t n = asp_watch_count(w, lit);
        if (n < 3 || !(items[0] & ASP_WATCH_BIN) || (items[n - 1] & ASP_WATCH_BIN)) continue;
        turn_list(p, lit, 1);
        return lit;
    }
    fail_msg("no list with a binary nogood's watch and a longer one's");
    return 0;
}

/* The state's invariant check (propcheck.c) passes on a learnt state and names each fault
 * put into it: a trail place, a literal that holds, a level, a watch dropped, a binary
 * nogood's watch after a longer one's. */
static void test_state_check(void **state)
{
    (void)state;
    Tiny t;
    tiny_open(&t, true);
    tiny_conflict(&t);
    AspProp *p = t.s->prop;
    assert_null(asp_prop_check(t.s, p));
    assert_true(p->tr.qtail > 1);
    uint32_t a = p->tr.trail[p->tr.qtail - 1], lit = p->store.ng.items[p->store.last + 1];
    p->tr.tpos[a]++;
    assert_string_equal(asp_prop_check(t.s, p), "tpos is not the atom's place on the trail");
    p->tr.tpos[a]--;
    p->tr.lholds[2 * a] ^= 1;
    assert_string_equal(asp_prop_check(t.s, p), "lholds disagrees with val");
    p->tr.lholds[2 * a] ^= 1;
    p->tr.alev[a] = (uint32_t)p->tr.nlevels;
    assert_non_null(asp_prop_check(t.s, p));
    p->tr.alev[a] = (uint32_t)p->tr.nlevels - 1;
    size_t n = asp_watch_count(&p->store.watches, lit);
    asp_watch_truncate(&p->store.watches, lit, n - 2);
    assert_string_equal(asp_prop_check_nogoods(p),
                        "a literal's watch count is not its nogoods' count");
    asp_watch_truncate(&p->store.watches, lit, n);
    assert_null(asp_prop_check(t.s, p));
    uint32_t turned = turn_bin_last(p);
    assert_string_equal(asp_prop_check_nogoods(p), "a binary nogood's watch after a longer one's");
    turn_list(p, turned, asp_watch_count(&p->store.watches, turned) - 1);
    assert_null(asp_prop_check(t.s, p));
    tiny_close(&t);
}

/* Level 1 and a: with the nogood, x is false, so the rule x :- a, b makes b false; without
 * learning b stays open. */
static void test_nogood_propagates(void **state)
{
    (void)state;
    for (int learning = 0; learning < 2; learning++) {
        Tiny t;
        tiny_open(&t, learning);
        tiny_conflict(&t);
        lattice_copy(t.L, t.nlo, t.lo);
        lattice_copy(t.L, t.nhi, t.hi);
        put(t.nlo, t.a);
        assert_int_equal(t.f->refine(t.f->ctx, t.nlo, t.nhi, t.nlo, t.nhi), AFT_OK);
        assert_int_equal(!has(t.nhi, t.x), learning);
        assert_int_equal(!has(t.nhi, t.b), learning);
        tiny_close(&t);
    }
}

/* ---- random programs ---- */

/* The watches of stored nogoods in literal lit's list: a word each of the binary nogoods'
 * (the program's unstored ones aside), a pair each of the longer ones'. */
static size_t watch_count(const AspProp *p, uint32_t lit)
{
    const uint32_t *w = asp_watch_items(&p->store.watches, lit);
    size_t n = asp_watch_count(&p->store.watches, lit), bins = 0, unstored = 0;
    for (; bins < n && (w[bins] & ASP_WATCH_BIN); bins++) unstored += (w[bins] & ASP_WATCH_PROG) != 0;
    return bins - unstored + (n - bins) / 2;
}

/* Is nogood off watched on its literal k (0 or 1): a binary one by the word of its other
 * literal, a longer one by a pair naming it? */
static bool watched(const AspProp *p, uint32_t off, uint32_t k)
{
    const uint32_t *ng = p->store.ng.items + off;
    uint32_t lit = ng[1 + k];
    const uint32_t *w = asp_watch_items(&p->store.watches, lit);
    size_t n = asp_watch_count(&p->store.watches, lit), j = 0;
    for (; j < n && (w[j] & ASP_WATCH_BIN); j++)
        if (ng[0] == 2 && w[j] == (ng[2 - k] | ASP_WATCH_BIN)) return true;
    for (; j < n; j += 2)
        if (ng[0] != 2 && w[j] == off) return true;
    return false;
}

/* The nogoods kept (the constraints' and the learnt ones) are well formed: each is watched
 * on its first two literals (once on its only one), nothing else is watched, and a value a
 * nogood gave names a kept one that holds the atom's other value. */
static void check_nogoods(const AspProp *p)
{
    size_t watches = 0, expected = 0;
    for (uint32_t i = 0; i < p->store.watches.nlists; i++) watches += watch_count(p, i);
    for (uint32_t off = 0; off < p->rc.perm_end; off += p->store.ng.items[off] + 1) {
        assert_true(p->store.ng.items[off] >= 2);              /* a constraint: two watches */
        for (uint32_t k = 0; k < 2; k++) {
            assert_true(watched(p, off, k));
            expected++;
        }
    }
    for (size_t i = 0; i < p->store.learnts.count; i++) {
        uint32_t off = p->store.learnts.items[i].off, n = p->store.ng.items[off];
        assert_true(off + n < p->store.ng.count + 1);
        assert_true(p->store.learnts.items[i].lbd >= 1 && off >= p->rc.perm_end);
        if (i) assert_true(off > p->store.learnts.items[i - 1].off);
        for (uint32_t k = 0; k < (n > 1 ? 2u : 1u); k++) {
            assert_true(watched(p, off, k));
            expected++;
        }
    }
    assert_int_equal(watches, expected);
    assert_null(asp_prop_check_nogoods(p));            /* and the binary ones first */
    assert_int_equal(p->store.learnts.count, p->store.nkept);
    for (size_t i = 0; i < p->tr.qtail; i++) {
        uint32_t a = p->tr.trail[i];
        if (p->tr.rkind[a] != R_NOGOOD) continue;
        uint32_t want = 2 * a + (p->tr.val[a] == V_TRUE), n = p->store.ng.items[p->tr.rarg[a]];
        bool found = false;
        for (uint32_t k = 1; k <= n; k++) found = found || p->store.ng.items[p->tr.rarg[a] + k] == want;
        assert_true(found);
    }
}

/* With learning on, a walk of nested requests (deeper, or back up to an ancestor) learns
 * nogoods at its conflicts, and every refine still keeps every stable model of its request;
 * with `reduce` the nogoods are reduced after every few learnt (deletion stays sound and
 * keeps the nogoods well formed). */
static void learning_walk(bool reduce, size_t *learnt, size_t *deleted)
{
    Rng rng = { 11 };
    for (int round = 0; round < 150; round++) {
        AspProgram *p = random_program(&rng, 4 + rng_below(&rng, 9), 6, 2);
        AspSolver *s = asp_solver_new(p);
        const Lattice *L = asp_solver_lattice(s);
        const AftFunction *f = asp_solver_function(s);
        size_t n = lattice_name_count(L), w = L->nwords, depth = 0;
        f->search->learning(f->ctx, true);
        if (reduce) {
            s->prop->store.reduce_at = 2;
            s->prop->store.glue = 0;                           /* tiny programs: few levels */
        }
        Word *path = mem_alloc(2 * (n + 2) * w * sizeof *path);
        Word *nlo = lattice_elem_new(L), *nhi = lattice_elem_new(L);
        asp_solver_initial(s, path, path + w);
        for (int step = 0; step < 40 && n <= 16; step++) {
            Word *lo = path + 2 * depth * w, *hi = lo + w;
            AftStatus r = f->refine(f->ctx, lo, hi, nlo, nhi);
            check_holds_fixpoints(f, lo, hi, r, nlo, nhi);
            assert_null(asp_prop_check(s, s->prop));          /* propcheck.c's invariants */
            *learnt += f->search->learnt(f->ctx);
            if (reduce) {
                check_nogoods(s->prop);
                if (s->prop->store.reduce_at > 4) s->prop->store.reduce_at = 2;
            }
            size_t a = rng_below(&rng, n);
            if (r == AFT_OK && depth < n && has(nhi, a) && !has(nlo, a)) {
                Word *clo = hi + w, *chi = clo + w;            /* a child: a decided */
                lattice_copy(L, clo, nlo);
                lattice_copy(L, chi, nhi);
                if (rng_below(&rng, 2)) put(clo, a);
                else chi[a / 64] &= ~((Word)1 << (a % 64));
                depth++;
            } else if (depth) depth = rng_below(&rng, depth);
        }
        f->search->learning(f->ctx, false);
        *deleted += s->prop->store.deleted;
        mem_free(path); mem_free(nlo); mem_free(nhi);
        asp_solver_free(s);
        asp_program_free(p);
    }
}

static void test_learning_refine_sound(void **state)
{
    (void)state;
    size_t learnt = 0, deleted = 0;
    learning_walk(false, &learnt, &deleted);
    assert_true(learnt > 50);                            /* the walk does meet conflicts */
    assert_int_equal(deleted, 0);
}

static void test_deletion_sound(void **state)
{
    (void)state;
    size_t learnt = 0, deleted = 0;
    learning_walk(true, &learnt, &deleted);
    assert_true(deleted > 10);                           /* nogoods were deleted */
}

/* The activities' rescale (asp_act_decay, when the bump passes 1e100) may make two of them 0,
 * a tie the static rank breaks: the heap is put in that order again.  Atom 0 (2e-300) above
 * atom 1 (1e-300, first in the rank) before; both 0 after, so atom 1 on top. */
static void test_rescale_keeps_heap_order(void **state)
{
    (void)state;
    uint32_t heap[2] = {0, 1}, hpos[2] = {0, 1}, rpos[2] = {1, 0};
    double activity[4] = {2e-300, 1e-300, 0, 0}, sign[4] = {0};
    AspActivity act = { .heap = heap, .hpos = hpos, .hsize = 2, .activity = activity,
                        .sign = sign, .bump = 1e100 };
    asp_act_decay(&act, rpos, 4);
    assert_true(act.bump < 1e10);
    assert_true(activity[0] == 0.0 && activity[1] == 0.0);
    assert_int_equal(heap[0], 1);
    assert_int_equal(hpos[1], 0);
    assert_int_equal(hpos[0], 1);
}

/* The heap gives the unknown atom of highest activity (the first in rank order on ties),
 * as a scan would, while activities grow and atoms are assigned and undone. */
static void test_activity_heap(void **state)
{
    (void)state;
    Rng rng = { 3 };
    AspProgram *prog = random_program(&rng, 60, 6, 2);
    AspSolver *s = asp_solver_new(prog);
    AspProp *p = s->prop;
    size_t n = s->natoms;
    asp_prop_search_ready(s, p);                        /* as the search's first request does */
    memset(p->tr.val, V_UNK, n);
    memset(p->act.activity, 0, n * sizeof *p->act.activity);
    asp_heap_reset(p, n);
    assert_int_equal(asp_heap_best(p), SIZE_MAX);       /* no activity yet */
    for (int step = 0; step < 2000; step++) {
        uint32_t a = (uint32_t)rng_below(&rng, n);
        size_t roll = rng_below(&rng, 4);
        if (roll == 0) {
            p->act.activity[a] += (double)rng_below(&rng, 5);
            asp_heap_raise(p, a);
        } else if (roll == 1 && p->tr.val[a] != V_UNK) {
            p->tr.val[a] = V_UNK;                          /* undone */
            asp_heap_insert(p, a);
        } else if (roll == 2) {
            size_t best = SIZE_MAX;
            for (size_t i = 0; i < n; i++) {
                uint32_t b = p->rank[i];
                if (p->tr.val[b] == V_UNK && p->act.activity[b] > 0
                    && (best == SIZE_MAX || p->act.activity[b] > p->act.activity[best]))
                    best = b;
            }
            assert_int_equal(asp_heap_best(p), best);
            if (best != SIZE_MAX) p->tr.val[best] = V_TRUE;    /* assigned */
        }
    }
    asp_solver_free(s);
    asp_program_free(prog);
}

/* Luby's policy: the restarts come RESTART_UNIT times 1 1 2 1 1 2 4 1 nogoods apart; with
 * `every` set, a restart after each that many nogoods. */
static void test_restart_policy(void **state)
{
    (void)state;
    AspRestarts r;
    memset(&r, 0, sizeof r);
    const size_t gaps[] = {1, 1, 2, 1, 1, 2, 4, 1};
    for (size_t g = 0; g < sizeof gaps / sizeof *gaps; g++) {
        size_t n = 0;
        do {
            asp_restart_note(&r);
            n++;
        } while (!asp_restart_due(&r) && n <= 8 * RESTART_UNIT);
        assert_int_equal(n, gaps[g] * RESTART_UNIT);
    }
    assert_int_equal(r.count, 8);
    assert_false(asp_restart_due(&r));                   /* asked twice: one restart */
    memset(&r, 0, sizeof r);
    r.every = 3;
    size_t due = 0;
    for (int i = 0; i < 30; i++) {
        asp_restart_note(&r);
        due += asp_restart_due(&r);
    }
    assert_int_equal(due, 10);
}

typedef struct Models { Buf text; size_t n; } Models;

static bool collect(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    (void)p;
    Models *m = ctx;
    for (size_t i = 0; i < n; i++) buf_printf(&m->text, "%u ", (unsigned)atoms[i]);
    buf_putc(&m->text, '\n');
    m->n++;
    return true;
}

static int line_cmp(const void *x, const void *y)
{
    return strcmp(*(char *const *)x, *(char *const *)y);
}

/* The models' lines, sorted, into one string (the caller frees). */
static char *sorted_models(AspProgram *p, bool learn, size_t restart_every, size_t *learnt,
                           size_t *restarts)
{
    AspSolver *s = asp_solver_new(p);
    s->prop->rs.every = restart_every;
    AftOptions ao;
    aft_options_default(&ao);
    ao.split.strategy = SPLIT_FIRST;
    ao.no_learn = !learn;
    AspSolveOptions o = { .max_models = 0, .aft = &ao };
    AspStats st;
    memset(&st, 0, sizeof st);
    Models m;
    buf_init(&m.text);
    m.n = 0;
    AspSolveHooks none = {0};        /* hooks: no residual program, so s->prop is the one used */
    assert_int_equal(asp_solve_hooked(s, &o, restart_every ? &none : NULL, collect, &m, &st), AFT_OK);
    *learnt += st.aft.learnt;
    *restarts += st.aft.restarts;
    char **lines = mem_alloc((m.n + 1) * sizeof *lines), *t = (char *)buf_cstr(&m.text);
    for (size_t i = 0; i < m.n; i++) {
        lines[i] = t;
        t = strchr(t, '\n');
        *t++ = 0;
    }
    qsort(lines, m.n, sizeof *lines, line_cmp);
    Buf out;
    buf_init(&out);
    for (size_t i = 0; i < m.n; i++) buf_printf(&out, "%s\n", lines[i]);
    char *text = mem_strdup(buf_cstr(&out));
    mem_free(lines);
    buf_free(&m.text);
    buf_free(&out);
    asp_solver_free(s);
    return text;
}

static AspProgram *pigeons(int n);

static void test_same_models_learning_on_off(void **state)
{
    (void)state;
    Rng rng = { 5 };
    size_t learnt = 0, ignored = 0, restarts = 0, none = 0;
    for (int round = 0; round < 150; round++) {
        AspProgram *p = random_program(&rng, 6 + rng_below(&rng, 30), 6, 2);
        char *on = sorted_models(p, true, 0, &learnt, &none);
        char *off = sorted_models(p, false, 0, &ignored, &none);
        char *often = sorted_models(p, true, 1 + (size_t)(round % 3), &learnt, &restarts);
        assert_string_equal(on, off);
        assert_string_equal(often, off);
        assert_int_equal(ignored, 0);
        mem_free(on);
        mem_free(off);
        mem_free(often);
        asp_program_free(p);
    }
    /* The random programs rarely conflict before their first model (learning stops there):
     * pigeons, which have none, make sure learning took part. */
    for (int n = 3; n <= 5; n++) {
        AspProgram *p = pigeons(n);
        char *on = sorted_models(p, true, 0, &learnt, &none);
        char *off = sorted_models(p, false, 0, &ignored, &none);
        assert_string_equal(on, off);
        mem_free(on);
        mem_free(off);
        asp_program_free(p);
    }
    assert_true(learnt > 0);
}

/* n pigeons, n - 1 holes: {at(P,H)}. in(P) :- at(P,H). :- not in(P). :- at(P,H), at(Q,H). */
static AspProgram *pigeons(int n)
{
    AspProgram *p = asp_program_new();
    AspAtom at[8][8], in[8];
    for (int i = 0; i < n; i++) {
        in[i] = asp_atom_hidden(p);
        for (int h = 0; h + 1 < n; h++) {
            at[i][h] = asp_atom_hidden(p);
            assert_true(asp_add_rule(p, ASP_CHOICE, &at[i][h], 1, NULL, 0, NULL, 0, NULL));
            assert_true(asp_add_rule(p, ASP_NORMAL, &in[i], 1, &at[i][h], 1, NULL, 0, NULL));
        }
        assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, NULL, 0, &in[i], 1, NULL));
    }
    for (int h = 0; h + 1 < n; h++)
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                AspAtom two[2] = {at[i][h], at[j][h]};
                assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, two, 2, NULL, 0, NULL));
            }
    return p;
}

/* A solver for p with learning on, refined once at its initial bound (level 0 closed, the
 * stored nogoods simplified by it): that bound in *lo, *hi (the caller frees them). */
static AspSolver *learning_root(AspProgram *p, Word **lo, Word **hi)
{
    AspSolver *s = asp_solver_new(p);
    const AftFunction *f = asp_solver_function(s);
    const Lattice *L = asp_solver_lattice(s);
    *lo = lattice_elem_new(L);
    *hi = lattice_elem_new(L);
    assert_true(f->search->learning(f->ctx, true));
    asp_solver_initial(s, *lo, *hi);
    assert_int_equal(f->refine(f->ctx, *lo, *hi, *lo, *hi), AFT_OK);
    return s;
}

/* {x}. {y}. s :- x. s :- not y. :- not s.  (A clause x v not y as random 3-SAT's encoding
 * has it.)  s is on no positive cycle and its bodies are single literals: its completion
 * goes to the nogood store ({s, not x, y}; {x, not s} and {not y, not s}, of two literals,
 * to the watch lists only, as each choice's two binary nogoods), and its rules leave the
 * counters.  Level 0 has the constraint atom
 * out, so s in: the two nogoods with `not s` can never hold and go, and s leaves the first,
 * which is then the clause itself, {not x, y}.  The models are those without learning. */
static void test_completion_nogoods(void **state)
{
    (void)state;
    AspProgram *p = asp_program_new();
    AspAtom x = asp_atom(p, "x"), y = asp_atom(p, "y"), sat = asp_atom(p, "s");
    assert_true(asp_add_rule(p, ASP_CHOICE, &x, 1, NULL, 0, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_CHOICE, &y, 1, NULL, 0, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_NORMAL, &sat, 1, &x, 1, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_NORMAL, &sat, 1, NULL, 0, &y, 1, NULL));
    assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, NULL, 0, &sat, 1, NULL));
    Word *lo, *hi;
    AspSolver *s = learning_root(p, &lo, &hi);
    const AspProp *pr = s->prop;
    uint32_t ls = (uint32_t)asp_solver_atom_index(s, sat), lx = (uint32_t)asp_solver_atom_index(s, x),
             ly = (uint32_t)asp_solver_atom_index(s, y);
    assert_true(pr->rc.plan->owned[ls] && pr->rc.plan->owned[lx] && pr->rc.plan->owned[ly]);
    assert_true(has(lo, ls));                            /* s holds from level 0 */
    assert_int_equal(pr->rc.perm_end, 3);                /* the clause; the choices' pairs */
    assert_int_equal(program_words(pr), 2 * (2 * 2 + 2));   /* in the watch lists only; s's
                                                             two, false at level 0, stay */
    assert_int_equal(pr->store.ng.items[0], 2);
    uint32_t a = pr->store.ng.items[1], b = pr->store.ng.items[2];
    assert_true((a == 2 * lx + 1 && b == 2 * ly) || (b == 2 * lx + 1 && a == 2 * ly));
    mem_free(lo);
    mem_free(hi);
    asp_solver_free(s);
    size_t learnt = 0, ignored = 0, none = 0;
    char *on = sorted_models(p, true, 0, &learnt, &none);
    char *off = sorted_models(p, false, 0, &ignored, &none);
    assert_string_equal(on, off);
    size_t lines = 0;
    for (const char *c = on; *c; c++) lines += *c == '\n';
    assert_int_equal(lines, 3);                          /* all but x out, y in */
    mem_free(on);
    mem_free(off);
    asp_program_free(p);
}

/* The clause program of test_completion_nogoods, with a positive cycle (p :- q. q :- p.
 * q :- x.) and a constraint on two literals (:- x, y.).  The setup (setup.h) is made once
 * per solver: a state made anew (asp_solver_reset_search, as before each cube) makes no part
 * of it again, reads the same cyclic atoms and static rank, and once the setup is complete
 * (asp_setup_complete, before a cube team starts) its store starts from the setup's copy of
 * the rules' nogoods: the same words, in the same order, as a state that made them itself. */
static void test_setup_shared(void **state)
{
    (void)state;
    AspProgram *p = asp_program_new();
    AspAtom x = asp_atom(p, "x"), y = asp_atom(p, "y"), sat = asp_atom(p, "s");
    AspAtom a = asp_atom(p, "p"), b = asp_atom(p, "q");
    assert_true(asp_add_rule(p, ASP_CHOICE, &x, 1, NULL, 0, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_CHOICE, &y, 1, NULL, 0, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_NORMAL, &sat, 1, &x, 1, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_NORMAL, &sat, 1, NULL, 0, &y, 1, NULL));
    assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, NULL, 0, &sat, 1, NULL));
    AspAtom xy[2] = { x, y };
    assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, xy, 2, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_NORMAL, &a, 1, &b, 1, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_NORMAL, &b, 1, &a, 1, NULL, 0, NULL));
    assert_true(asp_add_rule(p, ASP_NORMAL, &b, 1, &x, 1, NULL, 0, NULL));
    Word *lo, *hi;
    AspSolver *s = learning_root(p, &lo, &hi);
    const AspSetup *u = s->setup;
    const uint8_t *cyclic = s->prop->cyclic;
    const uint32_t *rank = s->prop->rank;
    uint32_t la = (uint32_t)asp_solver_atom_index(s, a), lb = (uint32_t)asp_solver_atom_index(s, b);
    assert_true(cyclic[la] && cyclic[lb] && !cyclic[asp_solver_atom_index(s, x)]);
    assert_non_null(rank);
    asp_setup_complete(s);
    size_t made = u->made;
    assert_true(u->stored_made);
    for (int round = 0; round < 2; round++) {
        uint32_t end = s->prop->rc.perm_end, *words = mem_alloc((end + 1) * sizeof *words);
        memcpy(words, s->prop->store.ng.items, end * sizeof *words);
        mem_free(lo);
        mem_free(hi);
        asp_solver_reset_search(s);
        AspSolver *again = learning_root(p, &lo, &hi);   /* a solver that makes its own */
        assert_ptr_equal(s->prop->cyclic, cyclic);
        const AftFunction *f = asp_solver_function(s);
        assert_true(f->search->learning(f->ctx, true));
        assert_int_equal(f->refine(f->ctx, lo, hi, lo, hi), AFT_OK);
        assert_ptr_equal(s->prop->rank, rank);
        assert_int_equal(u->made, made);                 /* nothing made again */
        assert_int_equal(s->prop->rc.perm_end, end);
        assert_int_equal(again->prop->rc.perm_end, end);
        assert_memory_equal(s->prop->store.ng.items, words, end * sizeof *words);
        assert_memory_equal(again->prop->store.ng.items, words, end * sizeof *words);
        assert_int_equal(program_words(s->prop), program_words(again->prop));   /* the pairs
                                                          shared and the pairs made alike */
        asp_solver_free(again);
        mem_free(words);
    }
    mem_free(lo);
    mem_free(hi);
    asp_solver_free(s);
    asp_program_free(p);
}

/* Random 3-SAT as ASP, with a planted model: {x(i)}. s(c) :- l for each literal l of clause
 * c. :- not s(c).  Each clause has three distinct variables and holds in `plant`. */
static AspProgram *planted_sat(Rng *rng, size_t n, size_t m, const bool *plant, AspAtom *x,
                               int (*clause)[3])
{
    AspProgram *p = asp_program_new();
    for (size_t i = 0; i < n; i++) {
        char name[32];
        snprintf(name, sizeof name, "x%zu", i);
        x[i] = asp_atom(p, name);
        assert_true(asp_add_rule(p, ASP_CHOICE, &x[i], 1, NULL, 0, NULL, 0, NULL));
    }
    for (size_t c = 0; c < m; c++) {
        bool ok;
        do {
            for (int k = 0; k < 3; k++) {
                int v;
                bool fresh;
                do {
                    v = (int)rng_below(rng, n);
                    fresh = true;
                    for (int j = 0; j < k; j++) fresh &= abs(clause[c][j]) - 1 != v;
                } while (!fresh);
                clause[c][k] = rng_below(rng, 2) ? v + 1 : -(v + 1);
            }
            ok = false;
            for (int k = 0; k < 3; k++) ok |= (clause[c][k] > 0) == plant[abs(clause[c][k]) - 1];
        } while (!ok);
        AspAtom sat = asp_atom_hidden(p);
        for (int k = 0; k < 3; k++) {
            AspAtom v = x[abs(clause[c][k]) - 1];
            bool pos = clause[c][k] > 0;
            assert_true(asp_add_rule(p, ASP_NORMAL, &sat, 1, pos ? &v : NULL, pos, pos ? NULL : &v,
                                     !pos, NULL));
        }
        assert_true(asp_add_rule(p, ASP_CONSTRAINT, NULL, 0, NULL, 0, &sat, 1, NULL));
    }
    return p;
}

/* The walk on a planted random 3-SAT program (ratio 4): the stored nogoods are the clauses
 * and each choice's two binary ones, whose atoms share a variable of the walk (N of them);
 * its best assignment violates none, and the phases it leaves satisfy every clause.  On
 * smaller ones, with a restart after every nogood (the first with a walk), the models are
 * those without learning, each once (a restart right after a backjump to the root once
 * searched the root twice). */
static void test_walk_phases(void **state)
{
    (void)state;
    enum { N = 40, M = 160 };
    Rng rng = { 7 };
    bool plant[N];
    AspAtom x[N];
    int clause[M][3];
    for (size_t i = 0; i < N; i++) plant[i] = rng_below(&rng, 2);
    AspProgram *p = planted_sat(&rng, N, M, plant, x, clause);
    Word *lo, *hi;
    AspSolver *s = learning_root(p, &lo, &hi);
    AspProp *pr = s->prop;
    assert_true(asp_walk(pr, 100000000));
    assert_int_equal(pr->walk.walk_vars, N);                  /* each x with its partner */
    assert_int_equal(pr->walk.walk_left, 0);
    for (size_t c = 0; c < M; c++) {
        bool sat = false;
        for (int k = 0; k < 3; k++) {
            uint8_t ph = pr->walk.phase[asp_solver_atom_index(s, x[abs(clause[c][k]) - 1])];
            assert_true(ph == V_TRUE || ph == V_FALSE);
            sat |= (clause[c][k] > 0) == (ph == V_TRUE);
        }
        assert_true(sat);
    }
    mem_free(lo);
    mem_free(hi);
    asp_solver_free(s);
    asp_program_free(p);
    size_t learnt = 0, restarts = 0, ignored = 0, none = 0, restarted = 0;
    for (int round = 0; round < 10; round++) {
        for (size_t i = 0; i < 10; i++) plant[i] = rng_below(&rng, 2);
        p = planted_sat(&rng, 10, 42, plant, x, clause);
        size_t before = restarts;
        char *walked = sorted_models(p, true, 1, &learnt, &restarts);
        restarted += restarts > before;                 /* a restart, the first walk with it */
        char *off = sorted_models(p, false, 0, &ignored, &none);
        assert_string_equal(walked, off);
        assert_non_null(strstr(off, "\n"));              /* the planted model at least */
        mem_free(walked);
        mem_free(off);
        asp_program_free(p);
    }
    assert_true(restarted >= 4);      /* the initial scores (learnheap.c) lead some rounds to
                                         every model without a conflict, so without a restart */
}

/* Restarts forced after every nogood or every few: the search still ends, with no model. */
static void test_forced_restarts(void **state)
{
    (void)state;
    size_t learnt = 0, restarts = 0;
    for (size_t every = 1; every <= 4; every++) {
        AspProgram *p = pigeons(6);
        char *models = sorted_models(p, true, every, &learnt, &restarts);
        assert_string_equal(models, "");
        mem_free(models);
        asp_program_free(p);
    }
    assert_true(restarts > 10);
}

/* The minimisation (learn.c's asp_learn_minimize) on an implication graph set by hand on
 * a program of eleven free choices, every atom true.  Level 1: requests d1 and h, then
 * x <- d1, x2 <- x, y <- h, y2 <- y (binary nogoods' reasons); level 2: request g, then
 * w by the stored nogood {x2, d1, w}, v by {g, x, v}, z <- v; level 3: the UIP u.  Of the
 * nogood {d1, x2, y2, w, v, z, u} it drops x2 (through x, not in it, to d1), w (its reason's
 * literals are in it) and z (v is, though v itself stays), and keeps d1 (a request), y2
 * (its walk ends at h, a request not in it) and v (g): {d1, y2, v, u}. */
enum { MIN_ATOMS = 11 };
enum { D1, H, X, X2, Y, Y2, G, W, V, Z, U };

static uint32_t min_lit(const size_t *idx, int a) { return 2 * (uint32_t)idx[a]; }

/* Atom a at level lev, trail place tpos, set by (why, arg). */
static void min_set(AspProp *p, const size_t *idx, int a, uint32_t lev, uint32_t tpos,
                    uint8_t why, uint32_t arg)
{
    size_t i = idx[a];
    p->tr.val[i] = V_TRUE;
    p->tr.alev[i] = lev;
    p->tr.tpos[i] = tpos;
    p->tr.rkind[i] = why;
    p->tr.rarg[i] = arg;
}

/* A nogood of three literals put at the store's end: its offset. */
static uint32_t min_nogood(AspProp *p, uint32_t l0, uint32_t l1, uint32_t l2)
{
    uint32_t off = (uint32_t)p->store.ng.count;
    VEC_PUSH(p->store.ng, 3);
    VEC_PUSH(p->store.ng, l0);
    VEC_PUSH(p->store.ng, l1);
    VEC_PUSH(p->store.ng, l2);
    return off;
}

/* Free choices of the given names, the search state made (learning on) and each atom's
 * index: the minimisation's tests set a trail on it by hand. */
typedef struct HandTrail {
    AspProgram *prog;
    AspSolver *s;
    Word *lo, *hi;
    size_t idx[MIN_ATOMS];
} HandTrail;

static void hand_open(HandTrail *h, const char *const *names, int n)
{
    h->prog = asp_program_new();
    AspAtom at[MIN_ATOMS];
    for (int i = 0; i < n; i++) at[i] = asp_atom(h->prog, names[i]);
    for (int i = 0; i < n; i++)
        assert_true(asp_add_rule(h->prog, ASP_CHOICE, &at[i], 1, NULL, 0, NULL, 0, NULL));
    h->s = asp_solver_new(h->prog);
    const AftFunction *f = asp_solver_function(h->s);
    const Lattice *L = asp_solver_lattice(h->s);
    h->lo = lattice_elem_new(L);
    h->hi = lattice_elem_new(L);
    assert_true(f->search->learning(f->ctx, true));
    asp_solver_initial(h->s, h->lo, h->hi);
    assert_int_equal(f->refine(f->ctx, h->lo, h->hi, h->lo, h->hi), AFT_OK);   /* the search state */
    for (int i = 0; i < n; i++) h->idx[i] = asp_solver_atom_index(h->s, at[i]);
}

static void hand_close(HandTrail *h)
{
    mem_free(h->lo);
    mem_free(h->hi);
    asp_solver_free(h->s);
    asp_program_free(h->prog);
}

static void test_minimize_drops(void **state)
{
    (void)state;
    static const char *const names[MIN_ATOMS] = {"d1", "h", "x", "x2", "y", "y2", "g", "w",
                                                 "v", "z", "u"};
    HandTrail h;
    hand_open(&h, names, MIN_ATOMS);
    AspSolver *s = h.s;
    const size_t *idx = h.idx;
    AspProp *p = s->prop;
    uint32_t wr = min_nogood(p, min_lit(idx, X2), min_lit(idx, D1), min_lit(idx, W) ^ 1);
    uint32_t vr = min_nogood(p, min_lit(idx, G), min_lit(idx, X), min_lit(idx, V) ^ 1);
    min_set(p, idx, D1, 1, 10, R_NONE, 0);
    min_set(p, idx, H, 1, 11, R_NONE, 0);
    min_set(p, idx, X, 1, 12, R_BIN, min_lit(idx, D1));
    min_set(p, idx, X2, 1, 13, R_BIN, min_lit(idx, X));
    min_set(p, idx, Y, 1, 14, R_BIN, min_lit(idx, H));
    min_set(p, idx, Y2, 1, 15, R_BIN, min_lit(idx, Y));
    min_set(p, idx, G, 2, 20, R_NONE, 0);
    min_set(p, idx, W, 2, 21, R_NOGOOD, wr);
    min_set(p, idx, V, 2, 22, R_NOGOOD, vr);
    min_set(p, idx, Z, 2, 23, R_BIN, min_lit(idx, V));
    min_set(p, idx, U, 3, 30, R_NONE, 0);
    const int in[] = {D1, X2, Y2, W, V, Z, U}, kept[] = {D1, Y2, V, U};
    p->an.stamp++;
    p->an.out.count = 0;
    for (size_t i = 0; i < sizeof in / sizeof *in; i++) {
        VEC_PUSH(p->an.out, min_lit(idx, in[i]));
        p->an.seen[idx[in[i]]] = p->an.stamp;
    }
    asp_learn_minimize(s, p);
    assert_int_equal(p->an.out.count, sizeof kept / sizeof *kept);
    for (size_t i = 0; i < sizeof kept / sizeof *kept; i++)
        assert_int_equal(p->an.out.items[i], min_lit(idx, kept[i]));
    hand_close(&h);
}

/* The minimisation over the optimisation bound's reasons (R_COST), on a trail set by hand:
 * four free choices with a #minimize literal of weight 1 each; h1 and h2 requests of level
 * 1 (held by the bound), y1 and y2 false by the bound (level 2), the UIP u (level 3).  Both
 * reasons are the held literals before them, {h1, h2}, in the nogood {h1, h2, -y1, -y2, u}:
 * the walk drops -y1 and -y2.  The first walk reads h1 and h2; the second starts past them
 * (what a walk finds in the analysis stays there until it ends): 2 held literals set out to
 * be read, where each frame reading its reason from the start read 4. */
enum { BW_ATOMS = 5 };
enum { BW_H1, BW_H2, BW_Y1, BW_Y2, BW_U };

static void test_bound_walk_once(void **state)
{
    (void)state;
    static const char *const names[BW_ATOMS] = {"h1", "h2", "y1", "y2", "u"};
    HandTrail h;
    hand_open(&h, names, BW_ATOMS);
    AspSolver *s = h.s;
    const size_t *idx = h.idx;
    AspCostTerm terms[4];
    for (uint32_t i = 0; i < 4; i++) terms[i] = (AspCostTerm){ 0, (uint32_t)idx[i], false, 1 };
    asp_cost_attach(s, 1, terms, 4);
    AspProp *p = s->prop;
    min_set(p, idx, BW_H1, 1, 10, R_NONE, 0);
    asp_cost_visit(p, (uint32_t)idx[BW_H1]);
    min_set(p, idx, BW_H2, 1, 11, R_NONE, 0);
    asp_cost_visit(p, (uint32_t)idx[BW_H2]);
    min_set(p, idx, BW_Y1, 2, 20, R_COST, min_lit(idx, BW_Y1));
    p->tr.val[idx[BW_Y1]] = V_FALSE;
    min_set(p, idx, BW_Y2, 2, 21, R_COST, min_lit(idx, BW_Y2));
    p->tr.val[idx[BW_Y2]] = V_FALSE;
    min_set(p, idx, BW_U, 3, 30, R_NONE, 0);
    const uint32_t in[] = {min_lit(idx, BW_H1), min_lit(idx, BW_H2), min_lit(idx, BW_Y1) ^ 1,
                           min_lit(idx, BW_Y2) ^ 1, min_lit(idx, BW_U)};
    p->an.stamp++;
    p->an.out.count = 0;
    for (size_t i = 0; i < sizeof in / sizeof *in; i++) {
        VEC_PUSH(p->an.out, in[i]);
        p->an.seen[in[i] >> 1] = p->an.stamp;
    }
    uint64_t reads = p->an.bound_reads;
    asp_learn_minimize(s, p);
    assert_int_equal(p->an.out.count, 3);
    assert_int_equal(p->an.out.items[0], in[0]);
    assert_int_equal(p->an.out.items[1], in[1]);
    assert_int_equal(p->an.out.items[2], in[4]);
    assert_int_equal(p->an.bound_reads - reads, 2);
    asp_cost_detach(s);
    hand_close(&h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_first_uip_nogood),
        cmocka_unit_test(test_minimize_drops),
        cmocka_unit_test(test_bound_walk_once),
        cmocka_unit_test(test_nogood_propagates),
        cmocka_unit_test(test_state_check),
        cmocka_unit_test(test_completion_nogoods),
        cmocka_unit_test(test_learning_refine_sound),
        cmocka_unit_test(test_deletion_sound),
        cmocka_unit_test(test_activity_heap),
        cmocka_unit_test(test_rescale_keeps_heap_order),
        cmocka_unit_test(test_restart_policy),
        cmocka_unit_test(test_forced_restarts),
        cmocka_unit_test(test_walk_phases),
        cmocka_unit_test(test_same_models_learning_on_off),
        cmocka_unit_test(test_setup_shared),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
