/* fuzz_asp.c: libFuzzer harness for the whole ASP path on aspif: read, solve, well-founded
 * bound, partial evaluation and its aspif output (what `fix asp --emit` writes), with oracles:
 *   - the stable models of the program partially evaluated under its well-founded bound, and
 *     under that bound tightened by the hull of the branch and bound's Final, each written as
 *     aspif and read back, equal the program's own (compared as sets of sets of shown names);
 *   - an inconsistent well-founded bound or an empty Final means there is no stable model;
 *   - on programs of at most BRUTE_ATOMS atoms, the models equal those found by testing every
 *     set of atoms against the definition (the least model of the reduct), which shares no
 *     code with the solver.
 * Input that does not start with "asp " is not aspif but a compact description of a small
 * program (decode below), so that most mutations give a program with several stable models.
 * A mismatch prints the program and aborts.  Programs are capped in size and runs in steps and
 * models; a run stopped by a cap is not compared. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asp/asp.h"
#include "asp/internal.h"
#include "reread.h"
#include "util/buf.h"
#include "util/mem.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum {
    MAX_ATOMS = 256, MAX_RULES = 512,    /* larger programs are only read */
    MAX_MODELS = 256,                    /* stable models enumerated per run */
    MAX_STEPS = 20000,                   /* F steps per engine run */
    BRUTE_ATOMS = 12,                    /* 2^12 candidate sets at most */
};

/* A set of models, each a key naming its shown atoms: sorted and unique once finished. */
typedef struct ModelSet {
    VEC(char *) keys;
    bool complete;                       /* every model was found (no cap was hit) */
} ModelSet;

static int key_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The key of a context: its shown names, sorted, each as "length:name;". */
static void add_model(ModelSet *m, const char **names, size_t n)
{
    if (n) qsort(names, n, sizeof *names, name_cmp);
    Buf key;
    buf_init(&key);
    for (size_t i = 0; i < n; i++) buf_printf(&key, "%zu:%s;", strlen(names[i]), names[i]);
    VEC_PUSH(m->keys, mem_strdup(buf_cstr(&key)));
    buf_free(&key);
}

static void finish(ModelSet *m)
{
    if (m->keys.count) qsort(m->keys.items, m->keys.count, sizeof *m->keys.items, key_cmp);
    size_t n = 0;
    for (size_t i = 0; i < m->keys.count; i++) {
        if (n && strcmp(m->keys.items[n - 1], m->keys.items[i]) == 0) mem_free(m->keys.items[i]);
        else m->keys.items[n++] = m->keys.items[i];
    }
    m->keys.count = n;
}

static void modelset_free(ModelSet *m)
{
    for (size_t i = 0; i < m->keys.count; i++) mem_free(m->keys.items[i]);
    VEC_FREE(m->keys);
}

static bool same_models(const ModelSet *a, const ModelSet *b)
{
    if (a->keys.count != b->keys.count) return false;
    for (size_t i = 0; i < a->keys.count; i++)
        if (strcmp(a->keys.items[i], b->keys.items[i]) != 0) return false;
    return true;
}

static void print_models(const char *what, const ModelSet *m)
{
    fprintf(stderr, "%s: %zu model(s)\n", what, m->keys.count);
    for (size_t i = 0; i < m->keys.count; i++) fprintf(stderr, "  {%s}\n", m->keys.items[i]);
}

static void fail(const char *what, const AspProgram *p, const ModelSet *want, const ModelSet *got)
{
    Buf text;
    buf_init(&text);
    asp_print_program(p, &text);
    fprintf(stderr, "fuzz_asp: %s\n--- program:\n%s", what, buf_cstr(&text));
    if (want) print_models("expected", want);
    if (got) print_models("found", got);
    buf_free(&text);
    abort();
}

/* ---- models by the solver ---- */

static bool collect(void *ctx, const AspProgram *p, const AspAtom *atoms, size_t n)
{
    ModelSet *m = ctx;
    if (m->keys.count == MAX_MODELS) { m->complete = false; return false; }
    const char **names = mem_alloc((n + 1) * sizeof *names);
    for (size_t i = 0; i < n; i++) names[i] = asp_atom_name(p, atoms[i]);
    add_model(m, names, n);
    mem_free(names);
    return true;
}

static void engine_options(AftOptions *o, SplitStrategy split)
{
    aft_options_default(o);
    o->split.strategy = split;
    o->max_steps = MAX_STEPS;
}

static ModelSet solve(const AspProgram *p, SplitStrategy split)
{
    ModelSet m = { .complete = true };
    AspSolver *s = asp_solver_new(p);
    AftOptions o;
    engine_options(&o, split);
    AspSolveOptions so = { .aft = &o };
    AspStats st;
    memset(&st, 0, sizeof st);
    if (asp_solve(s, &so, collect, &m, &st) != AFT_OK) m.complete = false;
    asp_solver_free(s);
    finish(&m);
    return m;
}

/* ---- models by definition (the rules are read through asp/internal.h) ---- */

static bool has(uint32_t set, AspAtom a) { return (set >> a) & 1; }

/* Are the n literals of p from `start` all in set (none in set)? */
static bool all_in(uint32_t set, const AspProgram *p, uint32_t start, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (!has(set, p->lits.items[start + i])) return false;
    return true;
}

static bool none_in(uint32_t set, const AspProgram *p, uint32_t start, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (has(set, p->lits.items[start + i])) return false;
    return true;
}

/* Does the body of rule ru hold, its positive atoms read in `pos`, its negative ones in
 * `neg`?  A weight body by its weights. */
static bool body_holds(const AspProgram *p, const AspRule *ru, uint32_t pos, uint32_t neg)
{
    if (ru->wts == ASP_NO_WEIGHTS)
        return all_in(pos, p, asp_rule_pos(ru), ru->npos) && none_in(neg, p, asp_rule_neg(ru), ru->nneg);
    uint64_t sum = 0;
    const uint32_t *w = asp_rule_weights(p, ru);
    for (uint32_t i = 0; i < ru->npos + ru->nneg; i++) {
        bool isneg = i >= ru->npos;
        AspAtom a = p->lits.items[isneg ? asp_rule_neg(ru) + i - ru->npos : asp_rule_pos(ru) + i];
        if (has(isneg ? neg : pos, a) != isneg) sum += w[i];
    }
    return sum >= asp_rule_bound(p, ru);
}

/* Is n a model of the reduct of p by m (constraints left out; a choice rule needs the heads
 * that are in m, another rule one of its head atoms)? */
static bool reduct_model(const AspProgram *p, uint32_t m, uint32_t n)
{
    for (size_t r = 0; r < p->rules.count; r++) {
        const AspRule *ru = &p->rules.items[r];
        if (ru->kind == ASP_CONSTRAINT || !body_holds(p, ru, n, m)) continue;
        bool any = false;
        for (uint32_t h = 0; h < ru->nhead; h++) {
            AspAtom a = p->lits.items[ru->head + h];
            if (ru->kind == ASP_CHOICE && has(m, a) && !has(n, a)) return false;
            any |= has(n, a);
        }
        if (ru->kind != ASP_CHOICE && !any) return false;
    }
    return true;
}

/* Is m a model of every rule? */
static bool satisfies(const AspProgram *p, uint32_t m)
{
    for (size_t r = 0; r < p->rules.count; r++) {
        const AspRule *ru = &p->rules.items[r];
        if (ru->kind == ASP_CONSTRAINT && body_holds(p, ru, m, m)) return false;
    }
    return reduct_model(p, m, m);
}

/* Is m a minimal model of its reduct (no proper subset a model of it)? */
static bool minimal(const AspProgram *p, uint32_t m)
{
    for (uint32_t n = (m - 1) & m; n != m; n = (n - 1) & m) {
        if (reduct_model(p, m, n)) return false;
        if (n == 0) break;
    }
    return true;
}

static ModelSet brute_force(const AspProgram *p)
{
    ModelSet models = { .complete = true };
    size_t n = asp_atom_count(p);
    const char **names = mem_alloc((n + 1) * sizeof *names);
    for (uint32_t m = 0; m < (uint32_t)1 << n; m++) {
        if (!satisfies(p, m) || (m && !minimal(p, m))) continue;
        size_t k = 0;
        for (AspAtom a = 0; a < n; a++)
            if (has(m, a) && asp_atom_name(p, a)) names[k++] = asp_atom_name(p, a);
        add_model(&models, names, k);
    }
    mem_free(names);
    finish(&models);
    return models;
}

/* ---- partial evaluation ---- */

/* q as aspif read back, as `fix asp --emit` hands it on; aborts if it does not read. */
static AspProgram *emitted(const AspProgram *p, const AspProgram *q)
{
    char *text = NULL;
    size_t len = 0;
    Buf err;
    buf_init(&err);
    AspProgram *back = reread_aspif(q, &text, &len, &err);
    if (!back) {
        fprintf(stderr, "fuzz_asp: the partial evaluation does not read back: %s\n%.*s\n",
                buf_cstr(&err), (int)len, text);
        fail("emitted aspif refused", p, NULL, NULL);
    }
    buf_free(&err);
    free(text);
    return back;
}

/* The models of p partially evaluated under [lo, hi] (and [tlo, thi]) must be `want`. */
static void check_residual(const char *what, const AspProgram *p, const AspSolver *s,
                           const Word *lo, const Word *hi, const Word *tlo, const Word *thi,
                           const ModelSet *want)
{
    AspProgram *q = asp_partial_eval(p, s, lo, hi, tlo, thi);
    AspProgram *back = emitted(p, q);
    ModelSet got = solve(back, SPLIT_FIRST);
    if (got.complete && !same_models(want, &got)) fail(what, p, want, &got);
    modelset_free(&got);
    asp_program_free(back);
    asp_program_free(q);
}

/* The hull of Final after a few rounds of branch and bound; false when Final is empty. */
static bool final_hull(AspSolver *s, size_t rounds, Word *lo, Word *hi, bool *sound)
{
    const Lattice *L = asp_solver_lattice(s);
    AftOptions o;
    engine_options(&o, SPLIT_FIRST);
    o.rounds = rounds;
    BoundList final;
    boundlist_init(&final, L);
    *sound = asp_final_bounds(s, &o, &final, NULL) != AFT_ERROR;
    for (size_t i = 0; i < final.count; i++) {
        const Word *flo = boundlist_lo(&final, i), *fhi = boundlist_hi(&final, i);
        if (i == 0) {
            lattice_copy(L, lo, flo);
            lattice_copy(L, hi, fhi);
        } else {
            L->ops->meet(L, lo, lo, flo);
            L->ops->join(L, hi, hi, fhi);
        }
    }
    bool any = final.count > 0;
    boundlist_free(&final);
    return any;
}

/* Both partial evaluations of p (under the well-founded bound, then tightened) keep `want`. */
static void check_partial_evals(const AspProgram *p, const ModelSet *want, size_t rounds)
{
    AspSolver *s = asp_solver_new(p);
    const Lattice *L = asp_solver_lattice(s);
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    Word *tlo = lattice_elem_new(L), *thi = lattice_elem_new(L);
    AftOptions o;
    engine_options(&o, SPLIT_FIRST);
    AftStatus wf = asp_wellfounded(s, &o, lo, hi, NULL);
    if (wf == AFT_INVALID && want->keys.count)
        fail("the well-founded bound is inconsistent, yet there are stable models", p, want, NULL);
    if (wf == AFT_OK) {
        check_residual("partial evaluation under the well-founded bound changes the models",
                       p, s, lo, hi, NULL, NULL, want);
        bool sound;
        bool any = final_hull(s, rounds, tlo, thi, &sound);
        if (sound && !any && want->keys.count)
            fail("Final is empty, yet there are stable models", p, want, NULL);
        if (sound && any)
            check_residual("partial evaluation under the hull of Final changes the models",
                           p, s, lo, hi, tlo, thi, want);
    }
    mem_free(lo); mem_free(hi); mem_free(tlo); mem_free(thi);
    asp_solver_free(s);
}

/* ---- the compact encoding ----
 * byte 0: 1 + b % BRUTE_ATOMS atoms; byte 1: bit i set hides atom i (i < 8), the others are
 * named aI.  Then 4 bytes a rule, [k, p, n, x]: k & 3 is the kind (0, 1 normal, 2 choice,
 * 3 constraint), k >> 2 the head atom (a choice rule also has atom x when x >= 128); bit i of
 * p (of n) puts atom i + x (i + x / 8) in the positive (negative) body, atoms modulo the count. */

static size_t body_of(uint8_t bits, size_t shift, size_t natoms, AspAtom *out)
{
    size_t n = 0;
    for (size_t i = 0; i < 8; i++)
        if ((bits >> i) & 1) out[n++] = (AspAtom)((i + shift) % natoms);
    return n;
}

static AspProgram *decode(const uint8_t *data, size_t size)
{
    if (size < 2) return NULL;
    size_t natoms = 1 + data[0] % BRUTE_ATOMS;
    AspProgram *p = asp_program_new();
    char name[24];
    for (size_t a = 0; a < natoms; a++) {
        snprintf(name, sizeof name, "a%zu", a);
        if (a < 8 && ((data[1] >> a) & 1)) asp_atom_hidden(p);
        else asp_atom(p, name);
    }
    for (size_t at = 2; at + 4 <= size && asp_rule_count(p) < MAX_RULES; at += 4) {
        const uint8_t *r = data + at;
        static const AspRuleKind kinds[] = { ASP_NORMAL, ASP_NORMAL, ASP_CHOICE, ASP_CONSTRAINT };
        AspRuleKind kind = kinds[r[0] & 3];
        AspAtom head[2] = { (AspAtom)((r[0] >> 2) % natoms), (AspAtom)(r[3] % natoms) };
        size_t nhead = kind == ASP_CONSTRAINT ? 0 : kind == ASP_CHOICE && r[3] >= 128 ? 2 : 1;
        AspAtom pos[8], neg[8];
        size_t npos = body_of(r[1], r[3], natoms, pos), nneg = body_of(r[2], r[3] / 8, natoms, neg);
        asp_add_rule(p, kind, head, nhead, pos, npos, neg, nneg, NULL);
    }
    return p;
}

/* ---- the harness ---- */

static void check_program(const AspProgram *p, unsigned choice)
{
    static const SplitStrategy splits[] = { SPLIT_FIRST, SPLIT_WIDEST, SPLIT_LAST };
    ModelSet models = solve(p, splits[choice % 3]);
    if (models.complete) {
        if (asp_atom_count(p) <= BRUTE_ATOMS) {
            ModelSet truth = brute_force(p);
            if (!same_models(&truth, &models))
                fail("the solver's models are not the stable models", p, &truth, &models);
            modelset_free(&truth);
        }
        check_partial_evals(p, &models, 1 + choice / 3 % 4);
    }
    modelset_free(&models);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Buf err;
    buf_init(&err);
    bool aspif = size >= 4 && memcmp(data, "asp ", 4) == 0;
    AspProgram *p = aspif ? asp_parse_aspif((const char *)data, size, "fuzz.aspif", &err)
                          : decode(data, size);
    if (p && asp_atom_count(p) <= MAX_ATOMS && asp_rule_count(p) <= MAX_RULES) {
        unsigned choice = 0;
        for (size_t i = 0; i < size; i++) choice = choice * 31 + data[i];
        check_program(p, choice);
    }
    asp_program_free(p);
    buf_free(&err);
    return 0;
}
