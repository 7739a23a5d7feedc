/* asp_cli.c: `fix asp`, the command line of the ASP front end (clingo-like output). */
#include "app/asp_cli.h"
#include "asp/internal.h"
#include "proc/gringo.h"
#include "proc/backend.h"
#include "app/asp_out.h"
#include "proc/conseq.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "util/json.h"
#include "util/numarg.h"
#include "util/outfile.h"
#include "util/sigint.h"

/* run's result when standard output could not be written (reported): exit status 1. */
enum { EXIT_WRITE_FAILED = -1 };

struct Cli {
    bool models, bounds, emit, wf, json, stats, allow_scripts;
    ProcSolverKind solver;        /* --solver: auto (the default), native, clingo or race */
    AspOptMode opt_mode;          /* --opt-mode: opt (the default) or optN */
    ProcAuto how;                 /* auto's choice and reason, clingo's statistics */
    const char *chooser;          /* "auto" or "race": which made the choice in `how` */
    bool compare, refuted;        /* --compare-consequences; a bound was refuted */
    bool conseq_ready;
    ProcConsequences conseq;      /* clingo's cautious and brave consequences, once run */
    size_t max_models;
    size_t hand_over;             /* --hand-over: auto's budget of conflicts (0: never) */
    double timeout_s;
    size_t max_memory;            /* bytes, 0: none */
    volatile sig_atomic_t interrupt;
    Limits limits;                /* --timeout, --max-memory and Ctrl-C, for the whole run */
    Diag diag;                    /* where errors go: standard error, as "fix asp: error: ..." */
    AftOptions aft;
    VEC(const char *) files;
    VEC(const char *) gargs;      /* -c/--const for gringo */
    Buf names;                    /* input_name's text for several files */
};

static const char usage_text[] =
    "usage: fix asp [options] [--] [FILE.lp ... | FILE.aspif | -]\n"
    "Stable models of a ground normal logic program, by AFT branch and bound.\n"
    ".lp files are grounded with gringo ($FIX_GRINGO); other files and - (stdin, the\n"
    "default) are read as aspif (gringo's output).\n"
    "  --models [N]    print N stable models (0 or no N: all; the default action)\n"
    "  --wf            print the well-founded bound (true and undefined atoms)\n"
    "  --bounds        print the Final bounds of the branch and bound\n"
    "  --emit          write the program partially evaluated under the well-founded\n"
    "                  bound as aspif on stdout (clingo --mode=clasp gives it the same\n"
    "                  models); with --rounds/--budget/--timeout the hull of the\n"
    "                  branch and bound's Final is added as constraints\n"
    "  --solver S      auto (default), native, clingo or race: clingo ($FIX_CLINGO)\n"
    "                  solves what the branch and bound with --budget K (default 4)\n"
    "                  and --rounds T (default 8) leaves open, one run per Final bound;\n"
    "                  auto runs the native search with a budget of conflicts\n"
    "                  (--hand-over) and hands the program to clingo if it spends it\n"
    "                  (the output is the same on every run); race runs both on two\n"
    "                  processes and the first to answer prints (faster on some\n"
    "                  programs, but which one answers, and so the models and their\n"
    "                  order, may change from run to run); --stats says which\n"
    "                  answered and why\n"
    "  --hand-over N   auto: the native search's budget, N conflicts (default 1000000;\n"
    "                  0: no budget, never clingo) before clingo answers instead\n"
    "  --opt-mode M    with #minimize (weak constraints, #maximize): opt (default)\n"
    "                  prints each model better than the ones before it, up to the\n"
    "                  optimum (OPTIMUM FOUND once it is proved); optN then prints\n"
    "                  every optimal model (numbered from 1 again), as clingo does;\n"
    "                  --models N stops after N models (optN: N optimal ones)\n"
    "  --compare-consequences  with --wf / --bounds: the bound beside clingo's cautious\n"
    "                  and brave consequences (--enum-mode=cautious|brave); a bound\n"
    "                  they refute (lower not inside cautious, brave not inside upper)\n"
    "                  is an error (exit 1)\n"
    "  --json          one JSON object a line instead of text (not with --emit)\n"
    "  --stats         print statistics\n"
    "  --no-learn      search without conflict-driven learning (nogoods, backjumps)\n"
    "  --split S       first (default: the solver's first-fail choice), or the\n"
    "                  lattice's: last (highest free atom), widest (lowest), random\n"
    "  --budget K      at most K bounds at once (--bounds, --emit; 0: no limit)\n"
    "  --rounds T      at most T rounds (--bounds, --emit; 0: no limit)\n"
    "  --timeout SEC   stop after SEC seconds, also while grounding or reading (0: no\n"
    "                  limit); the engine stops soundly: the models so far, UNKNOWN\n"
    "  --max-steps N   stop the engine after N applications of F (0: no limit)\n"
    "  --max-memory MB stop like --timeout when fix holds more than MB megabytes\n"
    "                  (0: no limit)\n"
    "  -c NAME=VALUE   passed to gringo\n"
    "  --allow-scripts the .lp files are code: let gringo run their #script blocks.\n"
    "                  By default fix refuses the bytes #script anywhere in a .lp\n"
    "                  file and every #include but #include \"FILE\". (docs/asp.md), and\n"
    "                  runs gringo and clingo in a sandbox that cannot write files,\n"
    "                  start programs or open the network (or not at all, saying why,\n"
    "                  where it cannot be set up); this lifts both\n"
    "  --              the arguments after it are files, even when they start with -\n"
    "  -h, --help      this text\n"
    "Read: all of aspif (weight bodies, disjunction, #minimize, #project, #heuristic,\n"
    "#edge, theory, externals, assumptions, incremental steps as one program).\n"
    "#project: models are told apart by the project atoms only (one model per\n"
    "projection, as clingo --project); #heuristic is kept for --emit but not used.\n"
    "Not searched natively (refused for --models; --wf, --bounds, --emit work):\n"
    "disjunction that is not head-cycle-free, #edge, theory atoms.\n"
    "Ctrl-C, SIGTERM and SIGHUP stop like --timeout (a second one ends fix at once).\n"
    "Exit status: 0 ok, 1 input refused, error or output not written, 2 usage error,\n"
    "130 interrupted (143 SIGTERM, 129 SIGHUP).\n";

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "fix asp: %s%s%s\n%s", msg, arg ? ": " : "", arg ? arg : "",
            "try `fix asp --help`\n");
    return 2;
}

static bool parse_size(const char *s, size_t *out)
{
    uint64_t v;
    if (!s || !numarg_count(s, NUMARG_MAX_COUNT, &v)) return false;
    *out = (size_t)v;
    return true;
}

static bool parse_opt_mode(const char *s, AspOptMode *out)
{
    if (!s) return false;
    if (!strcmp(s, "opt")) *out = ASP_OPT_OPT;
    else if (!strcmp(s, "optN")) *out = ASP_OPT_OPTN;
    else return false;
    return true;
}

static bool parse_solver(const char *s, ProcSolverKind *out)
{
    if (!strcmp(s, "auto")) *out = PROC_SOLVER_AUTO;
    else if (!strcmp(s, "native")) *out = PROC_SOLVER_NATIVE;
    else if (!strcmp(s, "clingo")) *out = PROC_SOLVER_CLINGO;
    else if (!strcmp(s, "race")) *out = PROC_SOLVER_RACE;
    else return false;
    return true;
}

/* --timeout, --max-steps, --max-memory, --budget, --rounds with their value. */
static int parse_limit(Cli *c, const char *a, const char *next)
{
    double v;
    size_t n;
    if (!strcmp(a, "--timeout") || !strcmp(a, "--max-memory")) {
        bool t = a[2] == 't';
        if (!next || !numarg_real(next, 0, t ? NUMARG_MAX_SECONDS : NUMARG_MAX_MEGABYTES, &v))
            return usage_error(t ? "--timeout needs seconds from 0 to 1e9 (0: no limit)"
                                 : "--max-memory needs megabytes from 0 to 1048576 (0: no limit)", next);
        if (t) c->timeout_s = v;
        else c->max_memory = v > 0 && v < 1 ? (size_t)1 << 20 : (size_t)(v * 1024 * 1024);
        return 0;
    }
    if (!parse_size(next, &n)) return usage_error("expected a whole number after", a);
    if (!strcmp(a, "--max-steps")) c->aft.max_steps = n;
    else if (!strcmp(a, "--hand-over")) c->hand_over = n;
    else if (a[2] == 'b') c->aft.budget = n;
    else c->aft.rounds = n;
    return 0;
}

/* One option at argv[*i]; 0 ok, else an exit code (2, or -1 for --help). */
static int parse_option(Cli *c, int argc, char **argv, int *i)
{
    const char *a = argv[*i], *next = *i + 1 < argc ? argv[*i + 1] : NULL;
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) return -1;
    if (!strcmp(a, "--models") || !strcmp(a, "-n")) {
        c->models = true;
        if (next && next[0] >= '0' && next[0] <= '9') {
            if (!parse_size(next, &c->max_models)) return usage_error("bad number", next);
            ++*i;
        }
        return 0;
    }
    if (!strncmp(a, "--models=", 9)) {
        c->models = true;
        return parse_size(a + 9, &c->max_models) ? 0 : usage_error("bad number", a);
    }
    if (!strcmp(a, "--bounds")) { c->bounds = true; return 0; }
    if (!strcmp(a, "--emit")) { c->emit = true; return 0; }
    if (!strcmp(a, "--wf")) { c->wf = true; return 0; }
    if (!strcmp(a, "--json")) { c->json = true; return 0; }
    if (!strcmp(a, "--stats")) { c->stats = true; return 0; }
    if (!strcmp(a, "--no-learn")) { c->aft.no_learn = true; return 0; }
    if (!strcmp(a, "--compare-consequences")) { c->compare = true; return 0; }
    if (!strcmp(a, "--allow-scripts")) { c->allow_scripts = true; return 0; }
    if (!strcmp(a, "-c") || !strcmp(a, "--const")) {
        if (!next) return usage_error("missing NAME=VALUE after", a);
        if (!strchr(next, '=') || *next == '=') return usage_error("-c needs NAME=VALUE", next);
        VEC_PUSH(c->gargs, "-c");
        VEC_PUSH(c->gargs, next);
        ++*i;
        return 0;
    }
    if (!strcmp(a, "--solver")) {
        if (!next || !parse_solver(next, &c->solver))
            return usage_error("--solver takes auto, native, clingo or race", next);
        ++*i;
        return 0;
    }
    if (!strcmp(a, "--opt-mode") || !strncmp(a, "--opt-mode=", 11)) {
        bool joined = a[10] == '=';
        if (!parse_opt_mode(joined ? a + 11 : next, &c->opt_mode))
            return usage_error("--opt-mode takes opt or optN", joined ? a + 11 : next);
        if (!joined) ++*i;
        return 0;
    }
    if (!strcmp(a, "--split")) {
        if (!next || !aft_split_from_name(next, &c->aft.split.strategy))
            return usage_error("--split takes first, last, widest or random", next);
        ++*i;
        return 0;
    }
    if (!strcmp(a, "--budget") || !strcmp(a, "--rounds") || !strcmp(a, "--timeout") ||
        !strcmp(a, "--hand-over") ||
        !strcmp(a, "--max-steps") || !strcmp(a, "--max-memory")) {
        int r = parse_limit(c, a, next);
        if (!r) ++*i;
        return r;
    }
    return usage_error("unknown option", a);
}

static int parse_args(Cli *c, int argc, char **argv)
{
    aft_options_default(&c->aft);
    c->aft.split.strategy = SPLIT_FIRST;
    c->hand_over = PROC_AUTO_CONFLICTS;
    bool options = true;
    for (int i = 1; i < argc; i++) {
        if (options && !strcmp(argv[i], "--")) options = false;
        else if (options && argv[i][0] == '-' && argv[i][1]) {
            int r = parse_option(c, argc, argv, &i);
            if (r) return r;
        } else VEC_PUSH(c->files, argv[i]);
    }
    if (c->compare && !c->bounds && !c->wf)
        return usage_error("--compare-consequences needs --wf or --bounds", NULL);
    if (c->emit && c->json)
        return usage_error("--json does not apply to --emit (it writes aspif)", NULL);
    if (!c->models && !c->bounds && !c->emit && !c->wf) c->models = true;
    if (c->emit) c->models = c->bounds = c->wf = false;      /* stdout is the program */
    if (c->files.count > 1)
        for (size_t i = 0; i < c->files.count; i++) {
            size_t n = strlen(c->files.items[i]);
            if (n < 3 || strcmp(c->files.items[i] + n - 3, ".lp") != 0)
                return usage_error("several files must all be .lp", c->files.items[i]);
        }
    return 0;
}

/* Are the input files .lp, for gringo? */
static bool grounded(const Cli *c)
{
    size_t n = c->files.count ? strlen(c->files.items[0]) : 0;
    return c->files.count > 1 || (n >= 3 && !strcmp(c->files.items[0] + n - 3, ".lp"));
}

static AspProgram *load(Cli *c, Buf *err)
{
    ProcLoadOptions opt = { .gargs = c->gargs.items, .ngargs = c->gargs.count,
                           .allow_scripts = c->allow_scripts, .limits = &c->limits };
    if (c->files.count == 0) return asp_read_aspif(stdin, "stdin", &c->limits, err);
    if (grounded(c)) return proc_ground_lp(c->files.items, c->files.count, &opt, err);
    return proc_load(c->files.items[0], &opt, err);
}

/* ---- output ---- */

/* A bound [lo, hi] as its true and undefined shown atoms; in JSON, the last fields of the
 * line begun by the caller. */
static void put_bound(Out *o, const AspSolver *s, const Word *lo, const Word *hi, AspAtom *tmp)
{
    const AspProgram *p = s->prog;
    size_t nt = asp_shown_atoms(s, lo, tmp), nu = 0;
    AspAtom *und = tmp + nt;
    for (size_t i = 0; i < s->nshown; i++) {
        AspAtom a = s->shown[i];
        if (asp_solver_has(s, hi, a) && !asp_solver_has(s, lo, a)) und[nu++] = a;
    }
    if (o->json) {
        out_atom_array(o, "true", p, tmp, nt);
        out_atom_array(o, "undefined", p, und, nu);
        out_end(o);
        return;
    }
    buf_puts(&o->line, nt ? "True: " : "True:");
    out_atoms(o, p, tmp, nt);
    buf_puts(&o->line, nu ? "\nUndefined: " : "\nUndefined:");
    out_atoms(o, p, und, nu);
    buf_putc(&o->line, '\n');
    out_flush(o);
}

static const char *status_text(AftStatus r, bool sat, bool complete)
{
    if (r == AFT_ERROR) return "ERROR";
    if (sat) return "SATISFIABLE";
    return complete ? "UNSATISFIABLE" : "UNKNOWN";
}

static void print_result(Out *o, AftStatus r, const AspStats *st)
{
    const char *res = status_text(r, st->models > 0, st->complete);
    if (o->json) {
        out_begin(o, "result");
        json_key_string(&o->w, "result", res);
        json_key_uint(&o->w, "models", st->models);
        json_key_bool(&o->w, "complete", st->complete);
        out_end(o);
        return;
    }
    buf_printf(&o->line, "%s\n\nModels       : %zu%s\nCalls        : 1\n", res,
               st->models, st->complete ? "" : "+");
    out_flush(o);
}

/* The statistics as one JSON line into b. */
static const char *solver_name(ProcSolverKind k)
{
    return k == PROC_SOLVER_CLINGO ? "clingo" : k == PROC_SOLVER_NATIVE ? "native" : "auto";
}

/* Which solver found the models, and why auto chose it. */
static void solver_json(JsonWriter *w, const Cli *c)
{
    if (!c->models) return;
    json_key_string(w, "solver", solver_name(c->solver));
    if (c->how.why) json_key_string(w, "solver_reason", c->how.why);
    if (c->solver != PROC_SOLVER_CLINGO) return;
    json_key_uint(w, "clingo_calls", c->how.clingo.calls);
    json_key_uint(w, "final_bounds", c->how.clingo.final_bounds);
    json_key_uint(w, "native_models", c->how.clingo.native_models);
}

static void solver_text(Buf *b, const Cli *c)
{
    if (!c->models) return;
    buf_printf(b, "Solver       : %s%s%s%s%s%s\n", solver_name(c->solver),
               c->how.why ? " (" : "", c->how.why ? c->chooser : "", c->how.why ? ": " : "",
               c->how.why ? c->how.why : "", c->how.why ? ")" : "");
    if (c->solver == PROC_SOLVER_CLINGO)
        buf_printf(b, "Clingo calls : %zu (Final bounds %zu, stable models among them %zu)\n",
                   c->how.clingo.calls, c->how.clingo.final_bounds,
                   c->how.clingo.native_models);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Seconds: the run; until the native search's first model and after its last one, when
 * it found one and (unsat) was exhausted (clingo's "1st Model" and "Unsat"); -1: none. */
typedef struct ModelTimes { double total, first, unsat; } ModelTimes;

static void stats_json(Buf *b, const Cli *c, const AspSolver *s, const AspStats *st,
                       const ModelTimes *mt)
{
    const AftStats *a = &st->aft;
    size_t full, inc;
    asp_sp_counts(s->sp, &full, &inc);
    JsonWriter w;
    json_init(&w, b);
    json_begin_object(&w);
    json_key_string(&w, "kind", "stats");
    json_key_uint(&w, "atoms", asp_atom_count(s->prog));
    json_key_uint(&w, "rules", asp_rule_count(s->prog));
    json_key_uint(&w, "lattice_atoms", s->natoms);
    json_key_uint(&w, "normal_rules", s->nrules);
    json_key_uint(&w, "sp_evals", st->sp_evals);
    json_key_uint(&w, "sp_full", full);
    json_key_uint(&w, "sp_incremental", inc);
    json_key_uint(&w, "f_calls", a->f_calls);
    json_key_uint(&w, "ir_calls", a->ir_calls);
    json_key_uint(&w, "rounds", a->rounds);
    json_key_uint(&w, "pruned", a->pruned);
    json_key_uint(&w, "merged", a->merged);
    json_key_uint(&w, "bnb_runs", st->bnb_runs);
    json_key_uint(&w, "choices", a->splits);
    json_key_uint(&w, "conflicts", a->conflicts);
    json_key_uint(&w, "learnt_nogoods", a->learnt);
    json_key_uint(&w, "backjumps", a->backjumps);
    json_key_uint(&w, "restarts", a->restarts);
    solver_json(&w, c);
    json_key(&w, "time");
    json_fixed(&w, mt->total, 3);
    if (mt->first >= 0) {
        json_key(&w, "first_model_time");
        json_fixed(&w, mt->first, 3);
    }
    if (mt->unsat >= 0) {
        json_key(&w, "unsat_time");
        json_fixed(&w, mt->unsat, 3);
    }
    json_end_object(&w);
    buf_putc(b, '\n');
}

static void stats_text(Buf *b, const Cli *c, const AspSolver *s, const AspStats *st,
                       const ModelTimes *mt)
{
    const AftStats *a = &st->aft;
    size_t full, inc;
    asp_sp_counts(s->sp, &full, &inc);
    buf_printf(b, "\nAtoms        : %zu (lattice %zu)\nRules        : %zu (normal %zu)\n"
               "S_P evals    : %zu (full %zu, incremental %zu)\nF steps      : %zu\n"
               "IR calls     : %zu\nRounds       : %zu\nPruned       : %zu\nMerged       : %zu\n"
               "B&B runs     : %zu\nTime         : %.3fs",
               asp_atom_count(s->prog), s->natoms, asp_rule_count(s->prog), s->nrules,
               st->sp_evals, full, inc, a->f_calls, a->ir_calls, a->rounds, a->pruned, a->merged,
               st->bnb_runs, mt->total);
    if (mt->first >= 0) buf_printf(b, " (1st Model: %.3fs", mt->first);
    if (mt->first >= 0 && mt->unsat >= 0) buf_printf(b, " Unsat: %.3fs", mt->unsat);
    buf_puts(b, mt->first >= 0 ? ")\n" : "\n");
    buf_printf(b, "Choices      : %zu\nConflicts    : %zu (Analyzed: %zu)\nRestarts     : %zu\n"
               "Backjumps    : %zu\nNogoods      : %zu (learnt)\n", a->splits, a->conflicts,
               a->learnt, a->restarts, a->backjumps, a->learnt);
    solver_text(b, c);
}

/* The run's statistics; t0: the clock when it started. */
static void print_stats(Out *o, const AspSolver *s, const AspStats *st, double t0, FILE *to)
{
    Buf b;
    buf_init(&b);
    ModelTimes mt = { now() - t0, -1, -1 };
    if (st->first_model) mt.first = st->first_model - t0;
    if (st->last_model && st->complete) mt.unsat = mt.total - (st->last_model - t0);
    if (o->json) stats_json(&b, o->c, s, st, &mt);
    else stats_text(&b, o->c, s, st, &mt);
    fwrite(b.data, 1, b.len, to);
    buf_free(&b);
}

/* ---- the actions ---- */

static void compare_json(Out *o, const AspSolver *s, const char *what, const ProcBoundCheck *k,
                         const AspAtom *bad)
{
    const ProcConsequences *q = &o->c->conseq;
    out_begin(o, "consequences");
    json_key_string(&o->w, "bound", what);
    json_key_uint(&o->w, "atoms", k->atoms);
    json_key_uint(&o->w, "lower", k->lower);
    json_key_uint(&o->w, "upper", k->upper);
    json_key_bool(&o->w, "stable_models", q->has_model);
    json_key_uint(&o->w, "cautious", k->cautious);
    json_key_uint(&o->w, "brave", k->brave);
    json_key_bool(&o->w, "complete", q->complete);
    json_key_bool(&o->w, "certified", !k->refuted);
    out_atom_array(o, "refuting", s->prog, bad, k->nbad);
    out_end(o);
}

static void compare_text(Out *o, const AspSolver *s, const char *what, const ProcBoundCheck *k,
                         const AspAtom *bad)
{
    const ProcConsequences *q = &o->c->conseq;
    buf_printf(&o->line, "Consequences : %s lower %zu <= cautious %zu, brave %zu <= upper %zu"
               " (of %zu atoms)%s%s\n", what, k->lower, k->cautious, k->brave, k->upper,
               k->atoms, q->has_model ? "" : "; clingo: no stable model",
               q->complete ? "" : "; clingo stopped: consequences so far");
    buf_printf(&o->line, "Decided      : bound %zu, cautious/brave %zu\n",
               k->lower + k->atoms - k->upper,
               q->has_model ? k->cautious + k->atoms - k->brave : k->atoms);
    buf_puts(&o->line, k->refuted ? "Certified    : NO, refuted" : "Certified    : yes");
    if (k->nbad) buf_puts(&o->line, " by: ");
    out_atoms(o, s->prog, bad, k->nbad);
    buf_putc(&o->line, '\n');
    out_flush(o);
}

/* --compare-consequences: the bound [lo, hi] of `what` (consistent false: fix found that
 * there is no stable model) beside clingo's cautious and brave consequences, computed once.
 * A refuted bound is reported as an error at the end.  False when clingo failed (err). */
static bool compare(Out *o, const AspSolver *s, const char *what, bool consistent,
                    const Word *lo, const Word *hi, AspAtom *tmp, Buf *err)
{
    Cli *c = o->c;
    if (!c->compare) return true;
    if (!c->conseq_ready) {
        c->conseq_ready = true;
        if (!proc_consequences(s, &c->limits, c->allow_scripts, &c->conseq, err)) return false;
    }
    ProcBoundCheck k;
    proc_consequences_check(s, &c->conseq, consistent, lo, hi, tmp, &k);
    c->refuted |= k.refuted;
    if (c->json) compare_json(o, s, what, &k, tmp);
    else compare_text(o, s, what, &k, tmp);
    return true;
}

static AftStatus do_wf(Out *o, AspSolver *s, AspStats *st, AspAtom *tmp, Buf *err)
{
    Word *lo = lattice_elem_new(s->L), *hi = lattice_elem_new(s->L);
    AftStatus r = asp_wellfounded(s, &o->c->aft, lo, hi, st);
    if (r != AFT_ERROR && o->json) {
        out_begin(o, "wf");
        json_key_bool(&o->w, "consistent", r != AFT_INVALID);
        if (r == AFT_INVALID) out_end(o);
        else put_bound(o, s, lo, hi, tmp);
    } else if (r == AFT_INVALID) {
        buf_puts(&o->line, "Well-founded bound: inconsistent (no stable model)\n");
        out_flush(o);
    } else if (r != AFT_ERROR) {
        buf_puts(&o->line, "Well-founded bound\n");
        put_bound(o, s, lo, hi, tmp);
    }
    if (r != AFT_ERROR && !compare(o, s, "well-founded", r != AFT_INVALID, lo, hi, tmp, err))
        r = AFT_ERROR;
    mem_free(lo);
    mem_free(hi);
    return r;
}

static bool final_hull(const AspSolver *s, const BoundList *final, Word *lo, Word *hi);

/* --compare-consequences for Final: its hull is the bound. */
static bool compare_final(Out *o, AspSolver *s, const BoundList *final, AspAtom *tmp, Buf *err)
{
    if (!o->c->compare) return true;
    Word *lo = lattice_elem_new(s->L), *hi = lattice_elem_new(s->L);
    bool some = final_hull(s, final, lo, hi);
    bool ok = compare(o, s, "Final (hull)", some, lo, hi, tmp, err);
    mem_free(lo);
    mem_free(hi);
    return ok;
}

static AftStatus do_bounds(Out *o, AspSolver *s, AspStats *st, AspAtom *tmp, Buf *err)
{
    BoundList final;
    boundlist_init(&final, s->L);
    AftStatus r = asp_final_bounds(s, &o->c->aft, &final, st);
    for (size_t i = 0; i < final.count && r != AFT_ERROR; i++) {
        if (o->json) {
            out_begin(o, "bound");
            json_key_uint(&o->w, "index", i + 1);
        } else buf_printf(&o->line, "Bound %zu\n", i + 1);
        put_bound(o, s, boundlist_lo(&final, i), boundlist_hi(&final, i), tmp);
    }
    if (o->json) {
        out_begin(o, "bounds");
        json_key_uint(&o->w, "count", final.count);
        json_key_bool(&o->w, "complete", r == AFT_OK);
        out_end(o);
    } else {
        buf_printf(&o->line, "Bounds       : %zu%s\n", final.count, r == AFT_OK ? "" : "+");
        out_flush(o);
    }
    if (r != AFT_ERROR && !compare_final(o, s, &final, tmp, err)) r = AFT_ERROR;
    boundlist_free(&final);
    return r;
}

/* The input's name in messages: the file, the .lp files ("a.lp, b.lp"), or stdin. */
static const char *input_name(Cli *c)
{
    const char *name = c->files.count ? c->files.items[0] : "-";
    if (c->files.count < 2) return strcmp(name, "-") ? name : "stdin";
    buf_clear(&c->names);
    for (size_t i = 0; i < c->files.count; i++)
        buf_printf(&c->names, "%s%s", i ? ", " : "", c->files.items[i]);
    return buf_cstr(&c->names);
}

/* The stable models (one per projection with #project) by the solver asked for. */
static AftStatus solve_models(Out *o, AspSolver *s, const AspSolveOptions *so,
                              const ProcClingoOptions *co, AspStats *ms, Buf *err)
{
    Cli *c = o->c;
    if (c->solver == PROC_SOLVER_CLINGO)
        return proc_solve_clingo(s, co, out_model, o, ms, &c->how.clingo, err);
    if (c->solver == PROC_SOLVER_NATIVE) return proc_solve_native(s, so, out_model, o, ms);
    c->chooser = c->solver == PROC_SOLVER_RACE ? "race" : "auto";
    AftStatus r = c->solver == PROC_SOLVER_RACE
                  ? proc_solve_race(s, so, co, out_model, o, ms, &c->how, err)
                  : proc_solve_auto(s, so, co, out_model, o, ms, &c->how, err);
    c->solver = c->how.kind;
    return r;
}

/* #minimize: the improving models and the optimum (optN: then the optimal models). */
static AftStatus solve_optimum(Out *o, AspSolver *s, const AspSolveOptions *so,
                               const ProcClingoOptions *co, AspStats *ms, Buf *err)
{
    Cli *c = o->c;
    AspOptResult res;
    memset(&res, 0, sizeof res);
    ProcOptAsk ask = { .mode = c->opt_mode, .fn = out_opt_model, .ctx = o, .res = &res };
    AftStatus r;
    if (c->solver == PROC_SOLVER_CLINGO)
        r = proc_optimize_clingo(s, co, &ask, ms, &c->how.clingo, err);
    else if (c->solver == PROC_SOLVER_NATIVE) r = proc_optimize_native(s, so, &ask, ms);
    else {
        c->chooser = c->solver == PROC_SOLVER_RACE ? "race" : "auto";
        r = c->solver == PROC_SOLVER_RACE ? proc_optimize_race(s, so, co, &ask, ms, &c->how, err)
                                          : proc_optimize_auto(s, so, co, &ask, ms, &c->how, err);
        c->solver = c->how.kind;
    }
    if (r != AFT_ERROR) out_opt_result(o, r, ms, &res, c->opt_mode);
    asp_opt_result_free(&res);
    return r;
}

static AftStatus do_models(Out *o, AspSolver *s, AspStats *st, Buf *err)
{
    Cli *c = o->c;
    AspSolveOptions so = { .max_models = c->max_models, .aft = &c->aft };
    AftOptions aft = c->aft;                  /* clingo: its own budget and rounds unless given */
    aft.budget = aft.rounds = 0;
    ProcClingoOptions co = { .max_models = c->max_models, .aft = &aft, .budget = c->aft.budget,
                            .hand_over = c->hand_over,
                            .rounds = c->aft.rounds, .limits = &c->limits,
                            .allow_scripts = c->allow_scripts };
    AspStats ms;
    memset(&ms, 0, sizeof ms);
    if (c->solver == PROC_SOLVER_NATIVE && !asp_solver_native(s, input_name(c), c->aft.err))
        return AFT_ERROR;
    AftStatus r;
    if (asp_minimize_count(s->prog)) r = solve_optimum(o, s, &so, &co, &ms, err);
    else {
        r = solve_models(o, s, &so, &co, &ms, err);
        if (r != AFT_ERROR) print_result(o, r, &ms);
    }
    st->models = ms.models;
    st->complete = ms.complete;
    st->sp_evals += ms.sp_evals;
    st->bnb_runs += ms.bnb_runs;
    st->aft = ms.aft;
    st->first_model = ms.first_model;
    st->last_model = ms.last_model;
    return r;
}

/* The hull of Final into lo/hi; false when Final is empty. */
static bool final_hull(const AspSolver *s, const BoundList *final, Word *lo, Word *hi)
{
    if (!final->count) return false;
    memcpy(lo, boundlist_lo(final, 0), s->nwords * sizeof *lo);
    memcpy(hi, boundlist_hi(final, 0), s->nwords * sizeof *hi);
    for (size_t i = 1; i < final->count; i++) {
        s->L->ops->meet(s->L, lo, lo, boundlist_lo(final, i));
        s->L->ops->join(s->L, hi, hi, boundlist_hi(final, i));
    }
    return true;
}

/* Emit under the well-founded bound; with --rounds/--budget/--timeout also run the branch
 * and bound and add the hull of Final as constraints. */
static AftStatus do_emit(Out *o, const AspProgram *p, AspSolver *s, AspStats *st)
{
    Cli *c = o->c;
    Word *lo = lattice_elem_new(s->L), *hi = lattice_elem_new(s->L);
    Word *tlo = lattice_elem_new(s->L), *thi = lattice_elem_new(s->L);
    AftStatus r = asp_wellfounded(s, &c->aft, lo, hi, st);
    bool tight = false, none = r == AFT_INVALID;
    if (r == AFT_OK && (c->aft.rounds || c->aft.budget || c->aft.timeout_s > 0)) {
        BoundList final;
        boundlist_init(&final, s->L);
        AftStatus b = asp_final_bounds(s, &c->aft, &final, st);
        if (b == AFT_ERROR) r = b;
        else if (!final_hull(s, &final, tlo, thi)) none = true;
        else tight = true;
        boundlist_free(&final);
    }
    AspProgram *q = none ? asp_program_inconsistent()
                  : r == AFT_ERROR ? NULL
                  : asp_partial_eval(p, s, lo, hi, tight ? tlo : NULL, tight ? thi : NULL);
    if (q) asp_write_aspif(q, stdout);      /* checked by output_written */
    asp_program_free(q);
    mem_free(lo); mem_free(hi); mem_free(tlo); mem_free(thi);
    return r;
}

static void header(Out *o)
{
    Cli *c = o->c;
    if (c->json) return;
    buf_printf(&o->line, "fix asp\nReading from %s%s\nSolving...\n",
               c->files.count ? c->files.items[0] : "stdin", c->files.count > 1 ? " ..." : "");
    out_flush(o);
    errno = 0;                    /* the program is read: a watcher sees the search start */
    if (fflush(stdout) != 0 && !o->write_errno) o->write_errno = errno ? errno : EIO;
}

/* Standard output flushed at the end: false (reported) when a write to it failed. */
static bool output_written(Out *o)
{
    Buf err;
    buf_init(&err);
    bool ok = out_check(o, &err);
    if (!ok) diag_plain_error(&o->c->diag, "%s", buf_cstr(&err));
    buf_free(&err);
    return ok;
}

static int run(Cli *c, const AspProgram *p, Buf *err)
{
    double t0 = now();
    Out o = { .c = c, .json = c->json };
    buf_init(&o.line);
    err->len = 0;
    c->aft.err = err;
    AspSolver *s = asp_solver_new(p);
    AspAtom *tmp = mem_alloc((2 * asp_atom_count(p) + 1) * sizeof *tmp);
    AspStats st;
    memset(&st, 0, sizeof st);
    AftStatus r = AFT_OK;
    if (c->emit) r = do_emit(&o, p, s, &st);
    else {
        header(&o);
        if (c->wf) r = do_wf(&o, s, &st, tmp, err);
        if (c->bounds && r != AFT_ERROR) r = do_bounds(&o, s, &st, tmp, err);
        if (c->models && r != AFT_ERROR) r = do_models(&o, s, &st, err);
    }
    if (c->stats) print_stats(&o, s, &st, t0, c->emit ? stderr : stdout);
    bool written = output_written(&o);
    if (r == AFT_ERROR && strstr(buf_cstr(err), ": error: ")) diag_error_text(&c->diag, buf_cstr(err));
    else if (r == AFT_ERROR)
        diag_plain_error(&c->diag, "%s", err->len ? buf_cstr(err) : "the engine failed");
    else if (c->refuted)
        diag_plain_error(&c->diag, "a bound is refuted by clingo's consequences: it is not "
                         "sound (please report this as a bug)");
    if (c->conseq_ready) proc_consequences_free(&c->conseq);
    mem_free(tmp);
    asp_solver_free(s);
    buf_free(&o.line);
    if (!written) return EXIT_WRITE_FAILED;
    return r == AFT_ERROR || c->refuted ? 1 : 0;
}

/* `fix asp x.aspif >> x.aspif`: refused (reported) before anything is read. */
static bool stdout_is_input(Cli *c)
{
    for (size_t i = 0; i < c->files.count; i++)
        if (outfile_is_stdout(c->files.items[i])) {
            diag_plain_error(&c->diag, "standard output is the input %s", c->files.items[i]);
            return true;
        }
    return false;
}

/* Loads and runs the program under the limits of the command line and the stop signals. */
static int load_and_run(Cli *c)
{
    limits_cap_address_space(c->max_memory);
    limits_start(&c->limits, c->timeout_s, c->max_memory, &c->interrupt);
    c->aft.limits = &c->limits;
    c->aft.interrupt = &c->interrupt;
    c->aft.timeout_s = c->timeout_s;
    sigint_install(&c->interrupt, SIGINT_ONCE);
    diag_init(&c->diag, stderr);
    c->diag.who = "fix asp";
    Buf err;
    buf_init(&err);
    AspProgram *p = NULL;
    int rc = 1;
    if (stdout_is_input(c)) {}
    else if (!(p = load(c, &err))) diag_error_text(&c->diag, buf_cstr(&err));
    else rc = run(c, p, &err);
    int sig = c->interrupt;
    sigint_remove();              /* after the last write: a signal till then stops in order */
    asp_program_free(p);
    buf_free(&err);
    diag_free(&c->diag);
    if (rc == EXIT_WRITE_FAILED) return 1;
    return sig ? sigint_exit_code(sig) : rc;
}

/* --help: the usage on standard output, exit 0, or 1 when it could not be written. */
static int print_usage(void)
{
    int seen = fputs(usage_text, stdout) == EOF ? errno : 0;   /* the reason of a write that failed */
    Buf err;
    buf_init(&err);
    int rc = outfile_check(stdout, "standard output", seen, &err) ? 0 : 1;
    if (rc) fprintf(stderr, "fix asp: error: %s\n", buf_cstr(&err));
    buf_free(&err);
    return rc;
}

int asp_cli_main(int argc, char **argv)
{
    Cli c;
    memset(&c, 0, sizeof c);
    buf_init(&c.names);
    int rc = parse_args(&c, argc, argv);
    if (rc == -1) rc = print_usage();
    else if (rc == 0) rc = load_and_run(&c);
    VEC_FREE(c.files);
    VEC_FREE(c.gargs);
    buf_free(&c.names);
    return rc;
}
