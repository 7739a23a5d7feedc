/* backend.c: clingo as the back end (paper Figure 4).  The program is partially evaluated
 * under its well-founded bound; the branch and bound with a budget K and at most T rounds
 * narrows it to Final; a Final bound that is a point is a stable model already, every other
 * one is handed to one clingo run (the residual program with the bound as assumptions), and
 * the answers are combined: each model once, in fix's own print order and layout.  With
 * #minimize each bound is optimised by clingo with the best cost so far as its initial bound
 * (and for optN then enumerated at the optimum); with #project each projection is given out
 * once across the bounds.  Also `--solver auto`. */
#include "proc/backend.h"
#include "proc/clingo.h"
#include "asp/asp.h"
#include "util/mem.h"
#include "asp/project.h"

#include <stdio.h>
#include <stdlib.h>

/* #minimize through clingo: the best cost so far, and which phase runs. */
typedef struct BackOpt {
    AspOptimizer *z;              /* of the residual program's solver */
    AspOptGoal goal;
    AspOptModelFn fn;
    bool on, have_best, optimal_phase, proved;
    bool bounded;                 /* the goal's bound holds (--opt-mode=MODE,B..) */
    int64_t *best, *cost, *bound; /* levels each; bound: the goal's, or each level's most */
} BackOpt;

typedef struct Back {
    AspSolver *s;                 /* of the residual program q */
    const ProcClingoOptions *o;
    AspModelFn fn;
    void *ctx;
    BackOpt opt;                  /* opt.z NULL: no #minimize */
    AspProjections *proj;         /* #project (not while improving the cost): those given */
    size_t phase_models;          /* models given out in this phase */
    AspStats *st;
    ProcClingoStats *cst;
    const BoundList *final;
    Buf base;                     /* q for clingo (proc_clingo_program) without its end */
    Word *x;                      /* scratch: a model as a lattice element */
    AspAtom *shown;
    bool enough, stopped, exhausted;
    bool foreign;                 /* clingo named an atom fix did not give it */
    bool trust_points;            /* S_P's fixed points are stable models (no #edge, theory, non-HCF) */
    Buf *err;
} Back;

static bool bit(const Word *x, size_t i) { return (x[i >> 6] >> (i & 63)) & 1; }

/* Bounds are compared on the program's atoms only (clingo knows no others): the box of a
 * bound [lo, hi] is every set of program atoms between its ends.  -1 out, 1 in, 0 open. */
static int box_value(const AspSolver *s, const Word *lo, const Word *hi, AspAtom a)
{
    size_t l = asp_solver_atom_index(s, a);
    return bit(lo, l) ? 1 : bit(hi, l) ? 0 : -1;
}

/* The words of an element of s's lattice. */
static size_t words(const AspSolver *s)
{
    return asp_solver_lattice(s)->nwords;
}

/* Do the boxes of bounds i and j meet? */
static bool boxes_meet(const Back *b, size_t i, size_t j)
{
    const BoundList *f = b->final;
    size_t n = asp_atom_count(asp_solver_program(b->s));
    for (AspAtom a = 0; a < n; a++) {
        int u = box_value(b->s, boundlist_lo(f, i), boundlist_hi(f, i), a);
        int v = box_value(b->s, boundlist_lo(f, j), boundlist_hi(f, j), a);
        if (u && v && u != v) return false;
    }
    return true;
}

/* The literals of box j (" a" or " -a", aspif numbers) into lits, on the atoms that box i
 * leaves open (all of them when i is (size_t)-1); returns how many. */
static size_t box_literals(const Back *b, size_t j, size_t i, Buf *lits)
{
    const BoundList *f = b->final;
    size_t n = asp_atom_count(asp_solver_program(b->s)), k = 0;
    for (AspAtom a = 0; a < n; a++) {
        if (i != (size_t)-1 && box_value(b->s, boundlist_lo(f, i), boundlist_hi(f, i), a))
            continue;
        int v = box_value(b->s, boundlist_lo(f, j), boundlist_hi(f, j), a);
        if (v) { buf_printf(lits, " %s%u", v < 0 ? "-" : "", (unsigned)a + 1); k++; }
    }
    return k;
}

/* The program for bound i: base, the atoms its box decides as assumptions (a `6` line;
 * measured against `:- not a.` / `:- a.` constraints: the same within noise, assumptions
 * ahead more often, docs/asp.md), and each earlier box that meets it excluded by `:- L.`, L
 * its literals on the atoms box i leaves open, so that no model is found twice.  False when
 * an earlier box holds all of box i (nothing left to ask). */
static bool bound_program(const Back *b, size_t i, Buf *out)
{
    Buf lits;
    buf_init(&lits);
    buf_putn(out, b->base.data, b->base.len);
    size_t k = box_literals(b, i, (size_t)-1, &lits);
    buf_printf(out, "6 %zu%s\n", k, buf_cstr(&lits));
    bool some = true;
    for (size_t j = 0; j < i && some; j++) {
        if (!boxes_meet(b, i, j)) continue;
        buf_clear(&lits);
        k = box_literals(b, j, i, &lits);
        if (k) buf_printf(out, "1 0 0 0 %zu%s\n", k, buf_cstr(&lits));
        some = k > 0;
    }
    buf_puts(out, "0\n");
    buf_free(&lits);
    return some;
}

/* With #minimize: is the model b->x, of cost `cost` (NULL: computed from b->x, which then
 * holds every atom), one to give out (within the goal's bound, and better than the best so
 * far, or in optN's second phase optimal, or enum's any)?  Its cost is left in opt.cost. */
static bool cost_keeps(Back *b, const int64_t *cost)
{
    BackOpt *t = &b->opt;
    size_t n = asp_opt_levels(t->z);
    if (cost) memcpy(t->cost, cost, n * sizeof *cost);
    else asp_opt_cost(t->z, b->x, t->cost);
    if (t->bounded && asp_cost_cmp(t->cost, t->bound, n) > 0) return false;
    int c = asp_cost_cmp(t->cost, t->best, n);
    if (t->optimal_phase) return c == 0;
    if (t->have_best && c >= 0) return t->goal.mode == ASP_OPT_ENUM;
    memcpy(t->best, t->cost, n * sizeof *t->best);
    t->have_best = true;
    return true;
}

/* A model given as the lattice element b->x (shown and project atoms at least; with
 * #minimize every atom unless its cost is given): on to fn. */
static void deliver(Back *b, const int64_t *cost)
{
    if (b->enough || (b->opt.z && !cost_keeps(b, cost))
        || (b->proj && !asp_projection_is_new(b->proj, b->x)))
        return;
    b->st->models++;
    b->phase_models++;
    size_t n = asp_shown_atoms(b->s, b->x, b->shown);
    const AspProgram *p = asp_solver_program(b->s);
    bool go = b->opt.z ? !b->opt.fn || b->opt.fn(b->ctx, p, b->shown, n, b->opt.cost,
                                                 asp_opt_levels(b->opt.z), b->opt.optimal_phase)
                       : !b->fn || b->fn(b->ctx, p, b->shown, n);
    bool capped = !b->opt.z || b->opt.goal.mode != ASP_OPT_OPTN || b->opt.optimal_phase;
    if (!go || (capped && b->o->max_models && b->phase_models >= b->o->max_models))
        b->enough = true;
}

static bool in_box(const Back *b, size_t j, const Word *x)
{
    const Word *lo = boundlist_lo(b->final, j), *hi = boundlist_hi(b->final, j);
    size_t n = asp_atom_count(asp_solver_program(b->s));
    for (AspAtom a = 0; a < n; a++) {
        int v = box_value(b->s, lo, hi, a);
        if (v && (v > 0) != asp_solver_has(b->s, x, a)) return false;
    }
    return true;
}

/* Final bound i is a point: a stable model when S_P keeps it, unless an earlier box has it. */
static void point(Back *b, size_t i)
{
    AspSolver *s = b->s;
    const Word *x = boundlist_lo(b->final, i);
    for (size_t j = 0; j < i; j++)
        if (in_box(b, j, x)) return;
    if (asp_solver_keeps(s, x)) {
        memcpy(b->x, x, words(s) * sizeof *x);
        b->cst->native_models++;
        deliver(b, NULL);
    }
}

/* One of clingo's models (with #minimize, its costs as clingo printed them: the model holds
 * only the atoms clingo was asked to show), handed on to deliver as clingo prints it; false
 * to end the run: enough models, or one names an atom fix did not give clingo (b->foreign). */
static bool take_model(void *ctx, const uint32_t *atoms, size_t n, const int64_t *costs)
{
    Back *b = ctx;
    AspSolver *s = b->s;
    size_t natoms = asp_atom_count(asp_solver_program(s));
    memset(b->x, 0, words(s) * sizeof *b->x);
    for (size_t k = 0; k < n; k++) {
        if (atoms[k] >= natoms) {
            buf_printf(b->err, "clingo answered with an atom fix did not give it (%u)",
                       (unsigned)atoms[k]);
            b->foreign = true;
            return false;
        }
        size_t l = asp_solver_atom_index(s, atoms[k]);
        b->x[l >> 6] |= (Word)1 << (l & 63);
    }
    deliver(b, costs);
    return !b->enough;
}

/* clingo's options for a run: with #minimize, --opt-mode: opt with the best cost's (or
 * the goal's bound's) first level as the initial bound, enum with the bound's first level,
 * or in optN's second phase enum at the optimum; with #project, --project.  Only the first
 * level: clingo refuses every model when a lower level's bound is below the least that level
 * can cost, even where a higher level leaves room (enum,1,-2 on costs 0 -1); deliver checks
 * the whole bound.  Returns how many of args it filled (at most 2). */
static size_t clingo_options(const Back *b, Buf *mode, const char **args)
{
    size_t k = 0;
    const BackOpt *t = &b->opt;
    if (t->z) {
        bool enumerate = t->goal.mode == ASP_OPT_ENUM;
        buf_puts(mode, enumerate || t->optimal_phase ? "--opt-mode=enum" : "--opt-mode=opt");
        if (t->optimal_phase)
            for (size_t i = 0; i < asp_opt_levels(t->z); i++)
                buf_printf(mode, ",%lld", (long long)t->best[i]);
        else if (t->have_best && !enumerate) buf_printf(mode, ",%lld", (long long)t->best[0]);
        else if (t->bounded || enumerate) buf_printf(mode, ",%lld", (long long)t->bound[0]);
        args[k++] = buf_cstr(mode);
    }
    if (b->proj) args[k++] = "--project";
    return k;
}

/* How many models to ask of a run: those still wanted (0: all), and with #project as many
 * more as projections were given already (a run may meet them again); with #minimize while
 * the cost improves, all (clingo prints only improving models). */
static size_t models_wanted(const Back *b)
{
    size_t max = b->o->max_models;
    if (!max || (b->opt.z && !b->opt.optimal_phase && b->opt.goal.mode != ASP_OPT_ENUM))
        return 0;
    return max - b->phase_models + (b->proj ? b->phase_models : 0);
}

/* One clingo run on Final bound i, for as many models as are still wanted. */
static bool solve_bound(Back *b, size_t i)
{
    Buf prog, mode;
    buf_init(&prog);
    buf_init(&mode);
    bool ok = true;
    if (bound_program(b, i, &prog)) {
        const char *args[2];
        size_t nargs = clingo_options(b, &mode, args);
        ClingoCall call = { .program = &prog, .args = args, .nargs = nargs,
                            .max_models = models_wanted(b),
                            .levels = b->opt.z ? asp_opt_levels(b->opt.z) : 0,
                            .on_model = take_model, .ctx = b, .limits = b->o->limits,
                            .allow_scripts = b->o->allow_scripts };
        ClingoAnswer ans;
        ok = proc_clingo_run(&call, &ans, b->err) && !b->foreign;
        b->cst->calls++;
        if (ans.stopped) b->stopped = true;
        if (!ans.exhausted) b->exhausted = false;
    }
    buf_free(&prog);
    buf_free(&mode);
    return ok;
}

static bool is_point(const AspSolver *s, const Word *lo, const Word *hi)
{
    return memcmp(lo, hi, words(s) * sizeof *lo) == 0;
}

/* Each Final bound in turn: a point that is a stable model natively, the others by clingo
 * (none when a limit stopped the branch and bound). */
static AftStatus each_bound(Back *b, AftStatus r, bool limit)
{
    const BoundList *f = b->final;
    b->exhausted = true;
    b->phase_models = 0;
    for (size_t i = 0; i < f->count && r != AFT_ERROR && !b->enough && !b->stopped; i++) {
        if (b->trust_points && is_point(b->s, boundlist_lo(f, i), boundlist_hi(f, i))) point(b, i);
        else if (!limit && !solve_bound(b, i)) r = AFT_ERROR;
    }
    return r;
}

/* With #minimize, after the bounds gave their best: proved optimal when every bound was
 * searched to the end; then for optN every bound again, for the optimal models. */
static AftStatus optimal_phase(Back *b, AftStatus r, bool limit)
{
    BackOpt *t = &b->opt;
    t->proved = r == AFT_OK && !limit && !b->enough && !b->stopped && b->exhausted
                && t->have_best;
    if (!t->proved || t->goal.mode != ASP_OPT_OPTN) return r;
    t->optimal_phase = true;
    if (asp_has_project(asp_solver_program(b->s))) b->proj = asp_projections_new(b->s);
    return each_bound(b, r, limit);
}

/* The branch and bound with budget K and T rounds, then each Final bound. */
static AftStatus solve_final(Back *b)
{
    AspSolver *s = b->s;
    AftOptions opt = *b->o->aft;
    opt.budget = b->o->budget ? b->o->budget : PROC_CLINGO_BUDGET;
    opt.rounds = b->o->rounds ? b->o->rounds : PROC_CLINGO_ROUNDS;
    BoundList final;
    boundlist_init(&final, asp_solver_lattice(s));
    b->final = &final;
    AspStats bst;
    memset(&bst, 0, sizeof bst);
    AftStatus r = asp_final_bounds(s, &opt, &final, &bst);
    b->st->aft = bst.aft;
    b->st->sp_evals += bst.sp_evals;
    b->st->bnb_runs += bst.bnb_runs;
    b->cst->final_bounds = final.count;
    bool limit = r == AFT_LIMIT && bst.aft.stopped_by && strcmp(bst.aft.stopped_by, "rounds");
    if (r == AFT_LIMIT && !limit) r = AFT_OK;
    r = each_bound(b, r, limit);
    if (b->opt.z) r = optimal_phase(b, r, limit);
    if ((limit || b->stopped) && r == AFT_OK) r = AFT_LIMIT;
    b->stopped |= limit;
    boundlist_free(&final);
    return r;
}

/* The best cost and what was proved, for the caller (res->best allocated). */
static void opt_result(const Back *b, AspOptResult *res)
{
    const BackOpt *t = &b->opt;
    memset(res, 0, sizeof *res);
    res->levels = t->z ? asp_opt_levels(t->z) : 0;
    res->best = mem_calloc(res->levels + 1, sizeof *res->best);
    if (res->levels) memcpy(res->best, t->best, res->levels * sizeof *res->best);
    res->have_best = t->have_best;
    res->proved = t->proved;
    if (t->optimal_phase) {
        res->optimal = b->phase_models;
        res->optimal_complete = b->st->complete;
    }
}

/* The atoms clingo is to show: the shown ones and the project atoms (hidden ones too), each
 * once, so that a model's projection is known. */
static AspAtom *atoms_to_show(const AspSolver *s, size_t *n)
{
    size_t np, nshown;
    const AspAtom *proj = asp_project_atoms(asp_solver_program(s), &np);
    const AspAtom *shown = asp_solver_shown(s, &nshown);
    AspAtom *out = mem_alloc((nshown + np + 1) * sizeof *out);
    uint8_t *taken = mem_calloc(asp_atom_count(asp_solver_program(s)) + 1, 1);
    *n = 0;
    for (size_t i = 0; i < nshown + np; i++) {
        AspAtom a = i < nshown ? shown[i] : proj[i - nshown];
        if (!taken[a]) out[(*n)++] = a;
        taken[a] = 1;
    }
    mem_free(taken);
    return out;
}

/* The residual program's solver, clingo's text of it, and the state of the phases. */
static void back_open(Back *b, const AspSolver *s, AspProgram *q)
{
    b->s = asp_solver_new(q);
    asp_solver_mark_residual(b->s);
    Buf why;
    buf_init(&why);
    b->trust_points = asp_solver_native(s, "input", &why);
    buf_free(&why);
    buf_init(&b->base);
    size_t ntold;
    AspAtom *told = atoms_to_show(b->s, &ntold);
    proc_clingo_program(q, told, ntold, &b->base);
    mem_free(told);
    size_t nshown;
    asp_solver_shown(b->s, &nshown);
    b->x = lattice_elem_new(asp_solver_lattice(b->s));
    b->shown = mem_alloc((nshown + 1) * sizeof *b->shown);
    BackOpt *t = &b->opt;
    if (t->on) {
        t->z = asp_opt_new(b->s);
        size_t n = t->z ? asp_opt_levels(t->z) : 0;
        t->best = mem_calloc(3 * n + 1, sizeof *t->best);
        t->cost = t->best + n;
        t->bound = t->cost + n;
        t->bounded = t->z && asp_opt_goal_bound(t->z, &t->goal, t->bound);
    }
    if (asp_has_project(q) && (!t->on || t->goal.mode == ASP_OPT_ENUM))
        b->proj = asp_projections_new(b->s);
}

static void back_close(Back *b)
{
    asp_projections_free(b->proj);
    asp_opt_free(b->opt.z);
    mem_free(b->opt.best);
    mem_free(b->shown);
    mem_free(b->x);
    buf_free(&b->base);
    asp_solver_free(b->s);
}

/* The well-founded bound, the residual program under it, and its Final bounds by clingo. */
static AftStatus run_back(AspSolver *s, Back *b, AspOptResult *res)
{
    const Lattice *L = asp_solver_lattice(s);
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    AftStatus r = asp_wellfounded(s, b->o->aft, lo, hi, b->st);
    AspProgram *q = r == AFT_OK ? asp_partial_eval(asp_solver_program(s), s, lo, hi, NULL, NULL)
                                : NULL;
    mem_free(lo);
    mem_free(hi);
    if (!q) {
        b->st->complete = r == AFT_INVALID;
        if (res) opt_result(b, res);
        return r == AFT_INVALID ? AFT_OK : r;
    }
    back_open(b, s, q);
    r = solve_final(b);
    b->st->complete = r == AFT_OK && !b->enough && !b->stopped && b->exhausted;
    if (res) opt_result(b, res);
    back_close(b);
    asp_program_free(q);
    return r;
}

AftStatus proc_solve_clingo(AspSolver *s, const ProcClingoOptions *o, AspModelFn fn, void *ctx,
                            AspStats *st, ProcClingoStats *cst, Buf *err)
{
    Back b = { .o = o, .fn = fn, .ctx = ctx, .st = st, .cst = cst, .err = err };
    return run_back(s, &b, NULL);
}

AftStatus proc_optimize_clingo(AspSolver *s, const ProcClingoOptions *o, const ProcOptAsk *ask,
                               AspStats *st, ProcClingoStats *cst, Buf *err)
{
    Back b = { .o = o, .ctx = ask->ctx, .st = st, .cst = cst, .err = err,
               .opt = { .on = true, .goal = ask->goal, .fn = ask->fn } };
    return run_back(s, &b, ask->res);
}
