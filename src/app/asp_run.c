/* asp_run.c: the actions of `fix asp` on a program (asp_run.h), each printing through
 * asp_out.c: --wf, --bounds and --compare-consequences beside them, the stable models or the
 * optimum by the native search, clingo, auto or the race (src/proc), --emit; --stats; and
 * the error that ended the run, reported once at the end. */
#include "app/asp_run.h"

#include <errno.h>
#include <stdio.h>

#include "app/asp_out.h"
#include "asp/brave.h"
#include "proc/conseq.h"
#include "util/limits.h"
#include "util/workpool.h"
#include "util/mem.h"

/* How the run's error is printed: a message (the engine's, clingo's, a sandbox's) after
 * "fix asp: error: "; a text that names its place already ("FILE:LINE: error: ...", the
 * solver's refusal of a program it cannot search, asp_solver_native) as it is. */
typedef enum { RUN_ERROR_MESSAGE, RUN_ERROR_PLACED } RunErrorKind;

/* One run: its options, what it found out, and where its lines go. */
typedef struct Run {
    const AspRunOptions *o;
    AftOptions aft;               /* o->aft, with the run's error text */
    RunErrorKind error;           /* the form of that text */
    AspOut out;
    ProcSolverKind solver;        /* asked for; after auto or the race, the one that answered */
    ProcAuto how;                 /* auto's or the race's choice and reason, clingo's counts */
    const char *chooser;          /* "auto" or "race": which made the choice in `how` */
    bool conseq_ready, refuted;   /* clingo's consequences were computed; they refute a bound */
    ProcConsequences conseq;
    Buf names;                    /* input_name's text for several files */
} Run;

/* --compare-consequences: the bound [lo, hi] of `what` (consistent false: fix found that
 * there is no stable model) beside clingo's cautious and brave consequences, computed once.
 * A refuted bound is reported as an error at the end.  False when clingo failed (err). */
static bool compare(Run *r, const AspSolver *s, const char *what, bool consistent,
                    const Word *lo, const Word *hi, AspAtom *tmp, Buf *err)
{
    const AspRunOptions *o = r->o;
    if (!o->compare) return true;
    if (!r->conseq_ready) {
        r->conseq_ready = true;
        if (!proc_consequences(s, o->limits, o->allow_scripts, &r->conseq, err)) return false;
    }
    ProcBoundCheck k;
    proc_consequences_check(s, &r->conseq, consistent, lo, hi, tmp, &k);
    r->refuted |= k.refuted;
    asp_out_consequences(&r->out, s, what, &r->conseq, &k, tmp);
    return true;
}

static AftStatus do_wf(Run *r, AspSolver *s, AspStats *st, AspAtom *tmp, Buf *err)
{
    AspOut *o = &r->out;
    const Lattice *L = asp_solver_lattice(s);
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    AftStatus res = asp_wellfounded(s, &r->aft, lo, hi, st);
    if (res != AFT_ERROR && o->json) {
        asp_out_begin(o, "wf");
        json_key_bool(&o->w, "consistent", res != AFT_INVALID);
        if (res == AFT_INVALID) asp_out_end(o);
        else asp_out_bound(o, s, lo, hi, tmp);
    } else if (res == AFT_INVALID) {
        buf_puts(&o->line, "Well-founded bound: inconsistent (no stable model)\n");
        asp_out_flush(o);
    } else if (res != AFT_ERROR) {
        buf_puts(&o->line, "Well-founded bound\n");
        asp_out_bound(o, s, lo, hi, tmp);
    }
    if (res != AFT_ERROR && !compare(r, s, "well-founded", res != AFT_INVALID, lo, hi, tmp, err))
        res = AFT_ERROR;
    mem_free(lo);
    mem_free(hi);
    return res;
}

/* The hull of Final into lo/hi; false when Final is empty. */
static bool final_hull(const AspSolver *s, const BoundList *final, Word *lo, Word *hi)
{
    const Lattice *L = asp_solver_lattice(s);
    if (!final->count) return false;
    memcpy(lo, boundlist_lo(final, 0), L->nwords * sizeof *lo);
    memcpy(hi, boundlist_hi(final, 0), L->nwords * sizeof *hi);
    for (size_t i = 1; i < final->count; i++) {
        L->ops->meet(L, lo, lo, boundlist_lo(final, i));
        L->ops->join(L, hi, hi, boundlist_hi(final, i));
    }
    return true;
}

/* --compare-consequences for Final: its hull is the bound. */
static bool compare_final(Run *r, AspSolver *s, const BoundList *final, AspAtom *tmp, Buf *err)
{
    if (!r->o->compare) return true;
    const Lattice *L = asp_solver_lattice(s);
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    bool some = final_hull(s, final, lo, hi);
    bool ok = compare(r, s, "Final (hull)", some, lo, hi, tmp, err);
    mem_free(lo);
    mem_free(hi);
    return ok;
}

static AftStatus do_bounds(Run *r, AspSolver *s, AspStats *st, AspAtom *tmp, Buf *err)
{
    AspOut *o = &r->out;
    BoundList final;
    boundlist_init(&final, asp_solver_lattice(s));
    AftStatus res = asp_final_bounds(s, &r->aft, &final, st);
    for (size_t i = 0; i < final.count && res != AFT_ERROR; i++) {
        if (o->json) {
            asp_out_begin(o, "bound");
            json_key_uint(&o->w, "index", i + 1);
        } else buf_printf(&o->line, "Bound %zu\n", i + 1);
        asp_out_bound(o, s, boundlist_lo(&final, i), boundlist_hi(&final, i), tmp);
    }
    if (o->json) {
        asp_out_begin(o, "bounds");
        json_key_uint(&o->w, "count", final.count);
        json_key_bool(&o->w, "complete", res == AFT_OK);
        asp_out_end(o);
    } else {
        buf_printf(&o->line, "Bounds       : %zu%s\n", final.count, res == AFT_OK ? "" : "+");
        asp_out_flush(o);
    }
    if (res != AFT_ERROR && !compare_final(r, s, &final, tmp, err)) res = AFT_ERROR;
    boundlist_free(&final);
    return res;
}

/* The input's name in messages: the file, the .lp files ("a.lp, b.lp"), or stdin. */
static const char *input_name(Run *r)
{
    const AspRunOptions *o = r->o;
    const char *name = o->nfiles ? o->files[0] : "-";
    if (o->nfiles < 2) return strcmp(name, "-") ? name : "stdin";
    buf_clear(&r->names);
    for (size_t i = 0; i < o->nfiles; i++)
        buf_printf(&r->names, "%s%s", i ? ", " : "", o->files[i]);
    return buf_cstr(&r->names);
}

/* The stable models (one per projection with #project) by the solver asked for. */
static AftStatus solve_models(Run *r, AspSolver *s, const AspSolveOptions *so,
                              const ProcClingoOptions *co, AspStats *ms, Buf *err)
{
    AspOut *o = &r->out;
    if (r->solver == PROC_SOLVER_CLINGO)
        return proc_solve_clingo(s, co, asp_out_model, o, ms, &r->how.clingo, err);
    AspSolveOptions counting = *so;
    counting.count_only = asp_out_counts_only(o);
    so = &counting;
    if (r->solver == PROC_SOLVER_NATIVE) return proc_solve_native(s, so, asp_out_model, o, ms);
    r->chooser = r->solver == PROC_SOLVER_RACE ? "race" : "auto";
    AftStatus res = r->solver == PROC_SOLVER_RACE
                    ? proc_solve_race(s, so, co, asp_out_model, o, ms, &r->how, err)
                    : proc_solve_auto(s, so, co, asp_out_model, o, ms, &r->how, err);
    r->solver = r->how.kind;
    return res;
}

/* #minimize: the improving models and the optimum (optN: then the optimal models). */
static AftStatus solve_optimum(Run *r, AspSolver *s, const AspSolveOptions *so,
                               const ProcClingoOptions *co, AspStats *ms, Buf *err)
{
    AspOptResult opt;
    memset(&opt, 0, sizeof opt);
    ProcOptAsk ask = { .goal = r->o->opt, .fn = asp_out_opt_model, .ctx = &r->out,
                       .res = &opt };
    AftStatus res;
    if (r->solver == PROC_SOLVER_CLINGO)
        res = proc_optimize_clingo(s, co, &ask, ms, &r->how.clingo, err);
    else if (r->solver == PROC_SOLVER_NATIVE) res = proc_optimize_native(s, so, &ask, ms);
    else {
        r->chooser = r->solver == PROC_SOLVER_RACE ? "race" : "auto";
        res = r->solver == PROC_SOLVER_RACE
              ? proc_optimize_race(s, so, co, &ask, ms, &r->how, err)
              : proc_optimize_auto(s, so, co, &ask, ms, &r->how, err);
        r->solver = r->how.kind;
    }
    if (res != AFT_ERROR) asp_out_opt_result(&r->out, res, ms, &opt, r->o->opt.mode);
    asp_opt_result_free(&opt);
    return res;
}

/* The native search's options of the run (the text hooks into text). */
static AspSolveOptions solve_options(Run *r, AspSolver *s, AspModelText *text)
{
    const AspRunOptions *o = r->o;
    return (AspSolveOptions){ .max_models = o->max_models, .aft = &r->aft,
                              .jobs = o->jobs ? o->jobs : asp_default_jobs(s, workpool_cpus()),
                              .text = asp_out_text(&r->out, text), .shard = o->shard,
                              .shards = o->shards };
}

/* Why the program cannot be cut into shards whose models together are one run's
 * (docs/asp.md "Shards"), or NULL: the shards are cubes of one enumeration, so neither an
 * optimisation (one branch and bound), nor #project (a projection met in two shards would
 * be printed by both), nor a search that is not split. */
static const char *shard_refusal(Run *r, AspSolver *s)
{
    const AspProgram *p = asp_solver_program(s);
    if (asp_minimize_count(p))
        return "--shard: the program optimises (#minimize, weak constraints), and the branch "
               "and bound that proves the optimum is one search: it cannot be sharded";
    if (asp_has_project(p))
        return "--shard: the program projects (#project, --project): a projection could be met "
               "in two shards, so the shards' models together would not be one run's";
    AspModelText text;
    AspSolveOptions so = solve_options(r, s, &text);
    if (!asp_solve_splits(s, &so))
        return "--shard: the search of this program is not split into cubes (fewer than 40 "
               "atoms left open by the well-founded bound, more than 2^20 atoms, rules and "
               "body literals, or --budget, --rounds, --split other than first): there is "
               "nothing to shard";
    return NULL;
}

/* Under #project clingo takes the consequences over the projected atoms: it prints a shown
 * atom among them as a consequence or not, any other shown atom as its last model had it, and
 * counts the projected atoms that are consequences, shown or not.  Are these fix's (the
 * consequences over the shown atoms, and their count less *offset)?  So when every shown atom
 * outside the projection and every projected atom not shown is decided by the well-founded
 * bound (the same in every model: a fact such as `src(1).`, which gringo shows
 * unconditionally beside its projected atom, or graph facts' negations shown beside a
 * projected image); *offset is how many more of the one than of the other are true (each
 * set counts them, each step alike).  A program with no stable model is taken. */
static bool same_under_project(Run *r, AspSolver *s, long *offset)
{
    const AspProgram *p = asp_solver_program(s);
    size_t nshown, nproj, natoms = asp_atom_count(p);
    const AspAtom *shown = asp_solver_shown(s, &nshown), *proj = asp_project_atoms(p, &nproj);
    uint8_t *mark = mem_calloc(natoms + 1, 1);          /* 1 projected, 2 shown, 3 both */
    for (size_t j = 0; j < nproj; j++) mark[proj[j]] |= 1;
    for (size_t i = 0; i < nshown; i++) mark[shown[i]] |= 2;
    const Lattice *L = asp_solver_lattice(s);
    Word *lo = NULL, *hi = NULL;
    AftStatus res = AFT_OK;
    long balance = 0;                    /* true shown atoms outside less true projected unshown */
    for (AspAtom a = 0; a < natoms && res == AFT_OK; a++) {
        if (mark[a] == 0 || mark[a] == 3) continue;
        if (!lo) {
            AspStats st;
            memset(&st, 0, sizeof st);
            lo = lattice_elem_new(L), hi = lattice_elem_new(L);
            res = asp_wellfounded(s, &r->aft, lo, hi, &st);
            if (res != AFT_OK) break;
        }
        if (asp_solver_has(s, lo, a)) balance += mark[a] == 2 ? 1 : -1;
        else if (asp_solver_has(s, hi, a)) res = AFT_LIMIT;           /* not decided */
    }
    mem_free(mark);
    mem_free(lo);
    mem_free(hi);
    *offset = res == AFT_OK ? balance : 0;
    return res == AFT_INVALID || res == AFT_OK;
}

/* Why the consequences of s's program are not computed (NULL: they are). */
static const char *conseq_refusal(Run *r, AspSolver *s)
{
    const AspProgram *p = asp_solver_program(s);
    if (asp_minimize_count(p) && r->o->opt.mode != ASP_OPT_OPTN)
        return "--enum-mode brave|cautious with #minimize: --opt-mode=optN asks for the "
               "consequences of the optimal models (as clingo), --opt-mode=ignore for those of "
               "every stable model (opt and enum are not taken with them)";
    if (asp_has_project(p) && !same_under_project(r, s, &r->out.conseq_offset))
        return "--enum-mode brave|cautious: the program projects (#project, --project) and "
               "shows an atom it does not project, or projects one it does not show, that may "
               "be true or false (clingo takes the consequences over the projected atoms and "
               "prints another shown atom as its last model had it); fix computes them over "
               "the shown atoms (--project=no drops the #project statements)";
    return NULL;
}

/* --enum-mode brave|cautious: the native search's steps (asp/brave.h), each printed; with
 * #minimize (optN) first the improving models up to the proved optimum, then the steps among
 * the optimal models. */
static AftStatus solve_consequences(Run *r, AspSolver *s, AspSolveOptions *so, AspStats *ms)
{
    bool optimal = asp_minimize_count(asp_solver_program(s)) > 0, brave = r->o->conseq == 1;
    so->text = NULL;
    AspOptResult opt;
    memset(&opt, 0, sizeof opt);
    AftStatus res = AFT_OK;
    if (optimal) {
        AspSolveOptions first = *so;
        first.max_models = 0;
        ProcOptAsk ask = { .goal = r->o->opt, .fn = asp_out_opt_model, .ctx = &r->out, .res = &opt };
        ask.goal.mode = ASP_OPT_OPT;          /* optN's first phase */
        res = proc_optimize_native(s, &first, &ask, ms);
        if (res != AFT_ERROR && !opt.proved) asp_out_opt_result(&r->out, res, ms, &opt, ASP_OPT_OPT);
    }
    if (res != AFT_ERROR && (!optimal || opt.proved)) {
        AspStats steps;
        memset(&steps, 0, sizeof steps);
        r->out.conseq_costs = optimal ? opt.best : NULL;
        r->out.conseq_levels = opt.levels;
        res = asp_consequences(s, brave ? ASP_BRAVE : ASP_CAUTIOUS, so, r->out.conseq_costs,
                               asp_out_conseq_step, &r->out, &steps, r->aft.err);
        asp_stats_add(ms, &steps, true);      /* the steps after the improving models */
        ms->models += steps.models;
        ms->complete = steps.complete;
        if (res != AFT_ERROR)
            asp_out_conseq_result(&r->out, res, ms, brave, optimal ? &opt : NULL, steps.models);
    }
    asp_opt_result_free(&opt);
    return res;
}

static AftStatus do_models(Run *r, AspSolver *s, AspStats *st, Buf *err)
{
    const AspRunOptions *o = r->o;
    AspModelText text;
    AspSolveOptions so = solve_options(r, s, &text);
    AftOptions aft = r->aft;                  /* clingo: its own budget and rounds unless given */
    aft.budget = aft.rounds = 0;
    ProcClingoOptions co = { .max_models = o->max_models, .aft = &aft, .budget = r->aft.budget,
                             .hand_over = o->hand_over, .rounds = r->aft.rounds,
                             .limits = o->limits, .allow_scripts = o->allow_scripts };
    AspStats ms;
    memset(&ms, 0, sizeof ms);
    if (r->solver == PROC_SOLVER_NATIVE && !asp_solver_native(s, input_name(r), r->aft.err)) {
        r->error = RUN_ERROR_PLACED;
        return AFT_ERROR;
    }
    AftStatus res;
    if (o->conseq) res = solve_consequences(r, s, &so, &ms);
    else if (asp_minimize_count(asp_solver_program(s))) res = solve_optimum(r, s, &so, &co, &ms, err);
    else {
        const AspProgram *p = asp_solver_program(s);
        bool native = r->solver == PROC_SOLVER_NATIVE || r->solver == PROC_SOLVER_AUTO;
        if (native && o->droppable == p && !asp_has_project(p)) {
            so.release = o->droppable;              /* auto: packed, for a hand-over */
            so.release_packs = r->solver == PROC_SOLVER_AUTO;
        }
        res = solve_models(r, s, &so, &co, &ms, err);
        if (res != AFT_ERROR) asp_out_result(&r->out, res, &ms);
    }
    st->models = ms.models;
    st->complete = ms.complete;
    st->sp_evals += ms.sp_evals;
    st->bnb_runs += ms.bnb_runs;
    st->aft = ms.aft;
    st->first_model = ms.first_model;
    st->last_model = ms.last_model;
    st->cubes = ms.cubes;
    st->cubes_made = ms.cubes_made;
    st->threads = ms.threads;
    st->cpu_total = ms.cpu_total;
    st->cpu_busiest = ms.cpu_busiest;
    return res;
}

/* Emit under the well-founded bound; with --rounds/--budget/--timeout also run the branch
 * and bound and add the hull of Final as constraints. */
static AftStatus do_emit(Run *r, const AspProgram *p, AspSolver *s, AspStats *st)
{
    const AftOptions *aft = &r->aft;
    const Lattice *L = asp_solver_lattice(s);
    Word *lo = lattice_elem_new(L), *hi = lattice_elem_new(L);
    Word *tlo = lattice_elem_new(L), *thi = lattice_elem_new(L);
    AftStatus res = asp_wellfounded(s, aft, lo, hi, st);
    bool tight = false, none = res == AFT_INVALID;
    if (res == AFT_OK && (aft->rounds || aft->budget || aft->timeout_s > 0)) {
        BoundList final;
        boundlist_init(&final, L);
        AftStatus b = asp_final_bounds(s, aft, &final, st);
        if (b == AFT_ERROR) res = b;
        else if (!final_hull(s, &final, tlo, thi)) none = true;
        else tight = true;
        boundlist_free(&final);
    }
    AspProgram *q = none ? asp_program_inconsistent()
                  : res == AFT_ERROR ? NULL
                  : asp_partial_eval(p, s, lo, hi, tight ? tlo : NULL, tight ? thi : NULL);
    if (q) asp_write_aspif(q, stdout);      /* checked by output_written */
    asp_program_free(q);
    mem_free(lo); mem_free(hi); mem_free(tlo); mem_free(thi);
    return res;
}

static void header(Run *r)
{
    const AspRunOptions *o = r->o;
    AspOut *out = &r->out;
    if (o->json) return;
    if (o->clingo_json) asp_outf_begin(out, o->files, o->nfiles);
    else if (!o->terse) {
        const char *c = o->competition ? "% " : "";
        buf_printf(&out->line, "%sfix asp\n%sReading from %s%s\n%sSolving...\n", c, c,
                   o->nfiles ? o->files[0] : "stdin", o->nfiles > 1 ? " ..." : "", c);
        asp_out_flush(out);
    }
    errno = 0;                    /* the program is read: a watcher sees the search start */
    if (fflush(stdout) != 0 && !out->write_errno) out->write_errno = errno ? errno : EIO;
}

/* Standard output flushed at the end: false (reported) when a write to it failed. */
static bool output_written(Run *r, Diag *diag)
{
    Buf err;
    buf_init(&err);
    bool ok = asp_out_check(&r->out, &err);
    if (!ok) diag_plain_error(diag, "%s", buf_cstr(&err));
    buf_free(&err);
    return ok;
}

/* The run's error, or a bound clingo's consequences refute, reported in the form its kind
 * says. */
static void report_error(const Run *r, AftStatus res, Diag *diag)
{
    Buf *err = r->aft.err;
    if (res == AFT_ERROR && r->error == RUN_ERROR_PLACED) diag_error_text(diag, buf_cstr(err));
    else if (res == AFT_ERROR)
        diag_plain_error(diag, "%s", err->len ? buf_cstr(err) : "the engine failed");
    else if (r->refuted)
        diag_plain_error(diag, "a bound is refuted by clingo's consequences: it is not "
                         "sound (please report this as a bug)");
}

/* The actions asked for, in order, each only after the one before it succeeded. */
static AftStatus act(Run *r, const AspProgram *p, AspSolver *s, AspStats *st, Buf *err)
{
    const AspRunOptions *o = r->o;
    if (o->emit) return do_emit(r, p, s, st);
    AspAtom *tmp = o->wf || o->bounds ? mem_alloc((2 * asp_atom_count(p) + 1) * sizeof *tmp) : NULL;
    AftStatus res = AFT_OK;
    header(r);
    if (r->out.write_errno) {     /* nothing can be written (> /dev/full): no search is run */
        mem_free(tmp);
        return res;
    }
    if (o->wf) res = do_wf(r, s, st, tmp, err);
    if (o->bounds && res != AFT_ERROR) res = do_bounds(r, s, st, tmp, err);
    if (o->models && res != AFT_ERROR) res = do_models(r, s, st, err);
    mem_free(tmp);
    return res;
}

bool asp_run_takes_packed(const AspRunOptions *o)
{
    bool native = o->solver == PROC_SOLVER_NATIVE || o->solver == PROC_SOLVER_AUTO;
    return native && o->models && !o->wf && !o->bounds && !o->emit && !o->conseq && !o->compare
        && !o->shards;
}

/* Is p searched only for its models, natively or by auto, so that once it is compiled only
 * the partial evaluation and a hand-over read its rules (do_models releases them)?  Then they
 * may be packed before the compilation (asp_solver_new_packed). */
static bool packs_before_compiling(const AspRunOptions *o, const AspProgram *p)
{
    return asp_run_takes_packed(o) && o->droppable == p && !asp_minimize_count(p)
        && !asp_has_project(p);
}

int asp_run(const AspRunOptions *o, const AspProgram *p, Diag *diag)
{
    double t0 = limits_clock();
    Buf err;
    buf_init(&err);
    int quiet = o->competition && !o->quiet ? 1 : o->quiet;    /* --outf=1: the last model */
    Run r = { .o = o, .aft = o->aft, .out = { .json = o->json, .clingo_json = o->clingo_json,
                                              .competition = o->competition,
                                              .silent = o->silent,
                                              .quiet = quiet,
                                              .quiet_costs = o->competition ? quiet : o->quiet_costs,
                                              .terse = o->terse, .summary = o->stats,
                                              .conseq = o->conseq },
               .solver = o->solver };
    r.aft.err = &err;
    buf_init(&r.out.line);
    buf_init(&r.out.last);
    buf_init(&r.names);
    r.out.shard = o->shard;
    r.out.shards = o->shards;
    bool packs = packs_before_compiling(o, p);
    if (!packs && o->droppable == p) asp_program_unpack_rules(o->droppable);   /* read packed */
    AspSolver *s = packs ? asp_solver_new_packed(o->droppable) : asp_solver_new_merged(p);
    AspStats st;
    memset(&st, 0, sizeof st);
    const char *refused = o->shards ? shard_refusal(&r, s)
                          : o->conseq && o->models ? conseq_refusal(&r, s) : NULL;
    AftStatus res = refused ? AFT_OK : act(&r, p, s, &st, &err);
    if (res == AFT_ERROR) asp_outf_end(&r.out, "UNKNOWN", st.models, true, NULL);   /* if open */
    AspOutSolver solver = { .kind = r.solver, .how = &r.how, .chooser = r.chooser };
    if (o->stats && !refused && !o->silent)
        asp_out_stats(&r.out, s, &st, o->models ? &solver : NULL, t0, o->emit ? stderr : stdout);
    asp_outf_close(&r.out);       /* --outf=2 --stats: closed by the statistics, or now */
    bool written = output_written(&r, diag);
    if (refused) diag_plain_error(diag, "%s", refused);
    report_error(&r, res, diag);
    if (r.conseq_ready) proc_consequences_free(&r.conseq);
    asp_solver_free(s);
    buf_free(&r.out.line);
    buf_free(&r.out.last);
    asp_outf_free(&r.out);
    buf_free(&r.names);
    buf_free(&err);
    if (!written) return ASP_RUN_WRITE_FAILED;
    if (refused) return ASP_RUN_USAGE;
    return res == AFT_ERROR || r.refuted ? 1 : 0;
}
