/* asp_cli.c: `fix asp`, the command line of the ASP front end (clingo-like output): its
 * options (the limits read by cmdline.c, as for fix run), the input loaded (aspif, or .lp
 * files grounded by gringo: proc/gringo.h) under the run's limits and stop signals, and the
 * run (asp_run.c); the exit status. */
#include "app/asp_cli.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/asp_clasp.h"
#include "app/asp_once.h"
#include "app/asp_run.h"
#include "app/cmdline.h"
#include "proc/gringo.h"
#include "util/mem.h"
#include "util/outfile.h"
#include "util/sigint.h"
#include "util/strtail.h"
#include "util/workpool.h"

/* --project: auto (the #project statements, else the shown atoms), show (the shown atoms),
 * project (the #project statements, none: every model is one), no (models are not told
 * apart: each is printed); without the option, as clingo, none for a search of models, but
 * kept for brave and cautious consequences and in a printed program (--mode=gringo, --emit). */
typedef enum { PROJECT_DEFAULT, PROJECT_AUTO, PROJECT_SHOW, PROJECT_PROJECT, PROJECT_NO } ProjectMode;

typedef struct Cli {
    AspRunOptions run;            /* what the run is to do */
    CmdlineLimits limits;         /* --timeout, --max-steps, --max-memory */
    volatile sig_atomic_t interrupt;
    Limits stop;                  /* the limits and the stop signals, for the whole run */
    Diag diag;                    /* where errors go: standard error, as "fix asp: error: ..." */
    VEC(const char *) files;
    VEC(const char *) gargs;      /* -c/--const for gringo */
    ProjectMode project;          /* --project[=MODE] */
    bool count_given;             /* --models/-n, or a bare N: else clingo's default count */
    bool ignore_opt;              /* --opt-mode=ignore: the #minimize statements dropped */
    VEC(int64_t) opt_bound;       /* --opt-mode=MODE,B1,..: the initial bound */
    bool solver_given;            /* --solver was given */
    bool clasp_mode;              /* --mode=clasp: every file is aspif, none grounded */
    bool gringo_mode;             /* --mode=gringo: the ground program is printed as aspif */
    AftWork solve_work;           /* --solve-limit=N: the native search's budget of conflicts */
    AspOnce once;                 /* the options given so far, each at most once */
} Cli;

static const char usage_text[] =
    "usage: fix asp [options] [--] [FILE.lp ... | FILE.aspif | -] [N]\n"
    "Stable models of a ground normal logic program, by AFT branch and bound.\n"
    ".lp files are grounded with gringo ($FIX_GRINGO); other files are read as aspif\n"
    "(gringo's output); - (stdin, the default) as aspif when it starts so (asp 1 0 0),\n"
    "else as the text of a logic program, grounded by gringo, as clingo reads it;\n"
    "beside .lp files, - is its text as one more (gen | fix asp enc.lp - 0).\n"
    "  --models [N]    print N stable models (0 or no N: all), the default action; a\n"
    "                  bare N is the same, as clingo reads it (fix asp FILE 0); no\n"
    "                  count: clingo's, 1, but all for brave, cautious, --shard and a\n"
    "                  #minimize's optimum (opt, optN; not --opt-mode=enum)\n"
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
    "                  --models N stops after N models (optN: N optimal ones);\n"
    "                  enum prints every model with its costs; ignore drops the\n"
    "                  #minimize statements (clingo's ignore).  M,B1,..,Bk: only\n"
    "                  models whose costs are at most B1 .. Bk, lexicographically\n"
    "                  on the k highest priorities (clingo's initial bound)\n"
    "  --opt-strategy=S  clingo's: bb (the default: model-guided branch and bound,\n"
    "                  each better model tightens the bound; bb's clingo arguments\n"
    "                  ,lin ,hier ,inc ,dec are taken) or usc (core-guided, by\n"
    "                  unsatisfiable cores: OLL, one priority at a time; usc's one,\n"
    "                  k, pmres and N run OLL too, with a note on stderr)\n"
    "  --compare-consequences  with --wf / --bounds: the bound beside clingo's cautious\n"
    "                  and brave consequences (--enum-mode=cautious|brave); a bound\n"
    "                  they refute (lower not inside cautious, brave not inside upper)\n"
    "                  is an error (exit 1)\n"
    "  --json          one JSON object a line instead of text (not with --emit)\n"
    "  --project[=M]   each model once by its projection, as clingo's: auto (the\n"
    "                  default M) by the #project atoms, else the shown atoms; show by\n"
    "                  the shown atoms; project by the #project atoms only; no: every\n"
    "                  model (without the option #project is taken for brave and\n"
    "                  cautious consequences only, as clingo's);\n"
    "                  clingo's --project=M,BT takes BT (0-3) without effect\n"
    "  -q, --quiet[=M] no models printed, only the result (M: 0 all, 1 the last, 2\n"
    "                  none; -q is 2); --quiet=M,C[,T] as clingo's: C the same for the\n"
    "                  costs' and consequences' lines (M when not given); with --outf=2\n"
    "                  the witnesses' Value (M), Costs and Consequences (C)\n"
    "  --outf=2        the models as one JSON object in clingo's layout (\"Time\" and\n"
    "                  \"Stats\" only with --stats);\n"
    "                  --outf=1 the competition format, as clingo's (the last model as\n"
    "                  ANSWER, COST, OPTIMUM, INCONSISTENT; the rest after %);\n"
    "                  --outf=0 text, the default; --outf=3 nothing, as clingo's\n"
    "                  (errors still go to stderr; the exit status is fix's)\n"
    "  --stats[=N]     print statistics (N: 0 none; 1 or 2 these)\n"
    "  -V N, --verbose=N  clingo's verbosity: 0 prints the models and the result\n"
    "                  only (no header or Answer lines; the summary with --stats);\n"
    "                  1 (the default) to 3 the layout above\n"
    "  -W W, --warn=W  passed to gringo (none, all, [no-]atom-undefined, ...)\n"
    "  --mode=M        clingo (the default: .lp files grounded) or clasp (the file is\n"
    "                  aspif whatever its name); gringo prints the ground program as\n"
    "                  aspif and solves nothing\n"
    "  -e M, --enum-mode=M  brave or cautious: the consequences, as clingo's (each\n"
    "                  step a model that changes them, the last the consequences;\n"
    "                  native search only; with #minimize and --opt-mode=optN of the\n"
    "                  optimal models); auto, bt, record, domRec\n"
    "                  are taken (fix enumerates one way, the same models)\n"
    "  --seed=N, --configuration=C, --heuristic=H, --sign-def=S, --sign-def-disj=S,\n"
    "  --rand-freq=P, --restarts=R, --opt-heuristic=H, --deletion=D,\n"
    "  --restart-on-model, --del-max=N, --lookahead, ... (clasp's search options; the\n"
    "                  list is in docs/asp.md): taken with a note on stderr: fix's\n"
    "                  search has its own (the same models; which come first may differ)\n"
    "  --eq=N, --trans-ext=T, --sat-prepro[=S], --backprop: clasp's preprocessing\n"
    "                  options, taken with a note on stderr: fix's own preprocessing\n"
    "                  keeps the same models\n"
    "  clingo's joined short forms are taken: -n0, -t2, -cN=V, -q1, -V0, -Wnone;\n"
    "                  an option with a value takes it as --NAME VALUE or --NAME=VALUE\n"
    "                  (--outf 2, --solver=native), as clingo's do\n"
    "  --jobs N, -t N  the native search on N threads (default: the cores fix may\n"
    "                  use, one for a program too large for a search state per thread\n"
    "                  to be cheap): a program is split into cubes searched apart, the\n"
    "                  same models in the same order for every N (docs/asp.md); with\n"
    "                  #minimize the branch and bound runs on one, optN's optimal\n"
    "                  models on N; clingo's -t N,MODE and --parallel-mode=N[,MODE]\n"
    "                  are --jobs N (MODE compete or split: fix's threads split)\n"
    "  --shard I/N     only shard I (0 to N-1) of the native search's cubes: the\n"
    "                  cubes I, I+N, I+2N, ... of the list --jobs searches; the\n"
    "                  models of shards 0..N-1 together are one run's, each in one\n"
    "                  shard, and their counts add up (enumeration only: not with\n"
    "                  #minimize, #project, --models N > 0, --wf, --bounds, --emit or\n"
    "                  a --solver other than native; a program too small to be split\n"
    "                  is refused); the result line speaks of the shard's cubes\n"
    "  --no-learn      search without conflict-driven learning (nogoods, backjumps)\n"
    "  --split S       first (default: the solver's first-fail choice), or the\n"
    "                  lattice's: last (highest free atom), widest (lowest), random\n"
    "  --budget K      at most K bounds at once (--bounds, --emit; 0: no limit)\n"
    "  --rounds T      at most T rounds (--bounds, --emit; 0: no limit)\n"
    "  --timeout SEC   stop after SEC seconds, also while grounding or reading (0: no\n"
    "                  limit); the engine stops soundly: the models so far, UNKNOWN\n"
    "  --time-limit=SEC  the same as --timeout SEC (clingo's spelling)\n"
    "  --solve-limit=N stop the native search after N conflicts, soundly, as clingo's\n"
    "                  (the models so far, UNKNOWN; under auto nothing goes to clingo)\n"
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
    "  -h, --help      this text;  --version  fix's version (as clingo --version)\n"
    "Read: all of aspif (weight bodies, disjunction, #minimize, #project, #heuristic,\n"
    "#edge, theory, externals, assumptions, incremental steps as one program).\n"
    "#heuristic is kept for --emit but not used.\n"
    "Not searched natively (refused for --models; --wf, --bounds, --emit work):\n"
    "theory atoms.  Disjunction that is not head-cycle-free is (each candidate\n"
    "checked for minimality), and so is #edge (each candidate checked for cycles).\n"
    "Each option is given once, as clingo wants (-c/--const and -W may repeat).\n"
    "Ctrl-C, SIGTERM and SIGHUP stop like --timeout (a second one ends fix at once).\n"
    "Exit status: 0 ok, 1 input refused, error or output not written, 2 usage error,\n"
    "130 interrupted (143 SIGTERM, 129 SIGHUP).\n";

static int usage_error(const char *msg, const char *arg)
{
    fprintf(stderr, "fix asp: %s%s%s\n%s", msg, arg ? ": " : "", arg ? arg : "",
            "try `fix asp --help`\n");
    return 2;
}

/* The whole numbers of an initial bound, ",B1,..,Bk" (s at its first comma, or ""). */
static bool parse_opt_bound(Cli *c, const char *s)
{
    c->opt_bound.count = 0;
    while (*s == ',') {
        s++;
        if (*s != '-' && !isdigit((unsigned char)*s)) return false;  /* strtoll takes " +1" */
        char *end;
        errno = 0;
        long long v = strtoll(s, &end, 10);
        if (errno || end == s || (*end && *end != ',')) return false;
        VEC_PUSH(c->opt_bound, (int64_t)v);
        s = end;
    }
    return !*s;
}

/* --opt-mode MODE[,B1,..,Bk]: clingo's opt, optN, enum or ignore, and an initial bound. */
static bool parse_opt_mode(Cli *c, const char *s)
{
    static const char *const names[] = { "opt", "optN", "enum", "ignore" };
    static const AspOptMode modes[] = { ASP_OPT_OPT, ASP_OPT_OPTN, ASP_OPT_ENUM };
    if (!s) return false;
    size_t len = strcspn(s, ","), m = 0;
    while (m < 4 && (strlen(names[m]) != len || strncmp(s, names[m], len))) m++;
    if (m == 4 || !parse_opt_bound(c, s + len)) return false;
    c->ignore_opt = m == 3;
    if (m < 3) c->run.opt.mode = modes[m];
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

/* --timeout, --max-steps, --max-memory with their value, read as fix run reads them
 * (cmdline.h); --max-depth is fix run's only. */
static int parse_limit(Cli *c, CmdlineLimit which, const char *a, const char *next)
{
    CmdlineStatus st = cmdline_limit_set(&c->limits, which, next);
    if (st == CMDLINE_OK) return 0;
    if (cmdline_limit_is_count(which)) return usage_error("expected a whole number after", a);
    if (!strncmp(a, "--time-limit", 12))
        return usage_error("--time-limit needs seconds from 0 to 1e9 (0: no limit)", next);
    return usage_error(cmdline_limit_rule(which), next);
}

/* --budget, --rounds, --hand-over, --jobs (-t) with their value. */
static int parse_count(Cli *c, const char *a, const char *next)
{
    size_t n;
    if (!cmdline_count(next, &n)) return usage_error("expected a whole number after", a);
    if (!strcmp(a, "--hand-over")) c->run.hand_over = n;
    else if (!strcmp(a, "--jobs") || !strcmp(a, "-t")) {
        if (n < 1 || n > WORKPOOL_MAX_JOBS)
            return usage_error("--jobs needs a whole number of threads from 1 to 256", next);
        c->run.jobs = (unsigned)n;
    }
    else if (!strcmp(a, "--budget")) c->run.aft.budget = n;
    else c->run.aft.rounds = n;
    return 0;
}

/* -q (no models), --quiet, --quiet=M[,C[,T]] as clingo reads them: M the models printed (0
 * all, 1 the last, 2 none); C the same for the costs' lines (and the consequences'), M when
 * not given; T, the call steps, any level (fix makes one call). */
static int parse_quiet(AspRunOptions *o, const char *a)
{
    if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
        o->quiet = o->quiet_costs = 2;
        return 0;
    }
    const char *v = a + 7;
    int m = -1, k = -1, t = -1;
    if (*v == '=' && v[1] >= '0' && v[1] <= '2') {
        m = v[1] - '0';
        v += 2;
        if (*v == ',' && v[1] >= '0' && v[1] <= '2') { k = v[1] - '0'; v += 2; }
        if (k >= 0 && *v == ',' && v[1] >= '0' && v[1] <= '2') { t = v[1] - '0'; v += 2; }
    }
    (void)t;
    if (m < 0 || *v) return usage_error("--quiet takes levels 0, 1 or 2: --quiet=M[,C[,T]]", a);
    o->quiet = m;
    o->quiet_costs = k >= 0 ? k : m;
    return 0;
}

/* --models [N], -n [N], --models=N. */
static int parse_models(AspRunOptions *o, const char *a, const char *next, int *i)
{
    o->models = true;
    if (!strncmp(a, "--models=", 9))
        return cmdline_count(a + 9, &o->max_models) ? 0 : usage_error("bad number", a);
    if (next && next[0] >= '0' && next[0] <= '9') {
        if (!cmdline_count(next, &o->max_models)) return usage_error("bad number", next);
        ++*i;
    }
    return 0;
}

/* An option that takes a value: --solver, --opt-mode, --split, --shard, -c. */
static int parse_valued(Cli *c, const char *a, const char *next, int *i)
{
    AspRunOptions *o = &c->run;
    if (!strcmp(a, "-c") || !strcmp(a, "--const")) {
        if (!next) return usage_error("missing NAME=VALUE after", a);
        if (!strchr(next, '=') || *next == '=') return usage_error("-c needs NAME=VALUE", next);
        VEC_PUSH(c->gargs, "-c");
        VEC_PUSH(c->gargs, next);
    } else if (!strcmp(a, "--solver")) {
        if (!next || !parse_solver(next, &o->solver))
            return usage_error("--solver takes auto, native, clingo or race", next);
        c->solver_given = true;
    } else if (!strcmp(a, "--shard")) {
        if (!cmdline_shard(next, &o->shard, &o->shards))
            return usage_error("--shard takes I/N, whole numbers with N >= 1 and I from 0 to N-1", next);
    } else if (!strcmp(a, "--opt-mode") || !strncmp(a, "--opt-mode=", 11)) {
        bool joined = a[10] == '=';
        const char *m = joined ? a + 11 : next;
        if (!parse_opt_mode(c, m))
            return usage_error("--opt-mode takes opt, optN, enum or ignore, each with an "
                               "initial bound if wanted (MODE,B1,..,Bk: whole numbers)", m);
        if (joined) return 0;
    } else {
        if (!next || !aft_split_from_name(next, &o->aft.split.strategy))
            return usage_error("--split takes first, last, widest or random", next);
    }
    ++*i;
    return 0;
}

/* --project[=show|project|auto|no], clingo's (a ",BT" part, clingo's own search options, is
 * not taken). */
static int parse_project(Cli *c, const char *a)
{
    static const char *const names[] = { "auto", "show", "project", "no" };
    if (!a[9]) { c->project = PROJECT_AUTO; return 0; }
    const char *v = a + 10, *comma = strchr(v, ',');
    size_t len = comma ? (size_t)(comma - v) : strlen(v);
    /* clingo's ",BT" (0-3) tunes its backtracking enumeration: taken, as its search options */
    const char *bt = comma ? comma + 1 : len == 1 ? v : NULL;
    bool bt_ok = bt && bt[0] >= '0' && bt[0] <= '3' && !bt[1];
    if (bt == v && bt_ok) { c->project = PROJECT_AUTO; return 0; }
    for (int m = 0; m < 4; m++)
        if (strlen(names[m]) == len && !strncmp(v, names[m], len) && (!comma || (bt_ok && m < 3))) {
            c->project = (ProjectMode)(PROJECT_AUTO + m);
            return 0;
        }
    return usage_error("--project takes show, project, auto or no (as --project=MODE, or clingo's "
                       "--project=MODE,BT with BT 0-3)", a);
}

/* --opt-strategy=bb[,ARGS] or usc[,ARGS], clingo's: the first word after the strategy is
 * checked as clingo checks it, the rest is taken as clingo's.  bb is model-guided branch and
 * bound (opt.c); usc is core-guided, by OLL (usc.c), whatever its first word: one, k, pmres
 * and the numbers say so on stderr. */
static int parse_opt_strategy(AspRunOptions *o, const char *a)
{
    static const char *const bb[] = { "0", "1", "2", "3", "lin", "hier", "inc", "dec" };
    static const char *const usc[] = { "oll", "one", "k", "pmres" };
    const char *v = a + 15, *comma = strchr(v, ',');
    size_t n = comma ? (size_t)(comma - v) : strlen(v);
    bool is_bb = n == 2 && !strncmp(v, "bb", 2), is_usc = n == 3 && !strncmp(v, "usc", 3);
    bool ok = is_bb || is_usc, oll = true;
    if (ok && comma) {
        const char *w = comma + 1, *end = strchr(w, ',');
        size_t m = end ? (size_t)(end - w) : strlen(w);
        ok = false;
        for (size_t k = 0; is_bb && k < 8; k++) ok |= strlen(bb[k]) == m && !strncmp(w, bb[k], m);
        for (size_t k = 0; is_usc && k < 4; k++) ok |= strlen(usc[k]) == m && !strncmp(w, usc[k], m);
        if (is_usc && m && strspn(w, "0123456789") == m) ok = true;
        oll = m == 3 && !strncmp(w, "oll", 3);
    }
    if (!ok) return usage_error("--opt-strategy takes bb[,lin|hier|inc|dec|0..3] or usc[,oll|one|k|pmres|N] (as --opt-strategy=S)", a);
    o->opt.core_guided = is_usc;
    if (is_usc && !oll)
        fprintf(stderr, "fix asp: %s: fix's core-guided optimisation is OLL (usc,oll); it runs that, whose optimum is the same\n", a);
    return 0;
}

static int parse_option(Cli *c, int argc, char **argv, int *i);

/* -V[N], --verbose[=N]: clingo's verbosity.  0 prints the models and the result only
 * (clingo -V0); 1 (the default) to 3 print fix's one layout, clingo's of level 1. */
static int parse_verbose(AspRunOptions *o, const char *a)
{
    const char *v = a[1] == 'V' ? a + 2 : a + 9;
    if (*v == '=' && a[1] == '-') v++;
    else if (*v && a[1] == '-') return usage_error("unknown option", a);
    if (!*v) { o->terse = false; return 0; }
    if (v[0] < '0' || v[0] > '3' || v[1]) return usage_error("--verbose takes a level from 0 to 3", a);
    o->terse = v[0] == '0';
    return 0;
}

/* -W, --warn W: gringo's warnings, passed to it as clingo passes them (a file read as aspif
 * is not grounded: nothing to warn of). */
static int parse_warn(Cli *c, const char *a, const char *next, int *i)
{
    static const char *const kinds[] = { "none", "all", "atom-undefined", "file-included",
                                         "operation-undefined", "variable-unbounded",
                                         "global-variable", "other" };
    const char *w = !strncmp(a, "--warn=", 7) ? a + 7 : next;
    if (!w) return usage_error("missing a warning after", a);
    const char *k = strncmp(w, "no-", 3) ? w : w + 3;
    bool known = false;
    for (size_t n = 0; n < sizeof kinds / sizeof *kinds; n++) known |= !strcmp(k, kinds[n]);
    if (!known || (k != w && (!strcmp(k, "none") || !strcmp(k, "all"))))
        return usage_error("--warn takes none, all or [no-]atom-undefined, [no-]file-included, "
                           "[no-]operation-undefined, [no-]variable-unbounded, "
                           "[no-]global-variable, [no-]other", w);
    VEC_PUSH(c->gargs, "-W");
    VEC_PUSH(c->gargs, w);
    if (w == next) ++*i;
    return 0;
}

/* -e, --enum-mode M: clingo's way of enumerating.  auto, bt, record and domRec give the
 * same models (fix has one way); brave and cautious ask for consequences (asp/brave.h);
 * query and user are clingo's own. */
static int parse_enum_mode(AspRunOptions *o, const char *a, const char *next, int *i)
{
    static const char *const same[] = { "auto", "bt", "record", "domRec" };
    const char *m = !strncmp(a, "--enum-mode=", 12) ? a + 12 : next;
    if (!m) return usage_error("missing a mode after", a);
    if (m == next) ++*i;
    o->conseq = !strcmp(m, "brave") ? 1 : !strcmp(m, "cautious") ? 2 : 0;
    for (size_t n = 0; n < sizeof same / sizeof *same; n++)
        if (!strcmp(m, same[n])) return 0;
    if (o->conseq) return 0;
    if (!strcmp(m, "query") || !strcmp(m, "user"))
        return usage_error("--enum-mode query and user are clingo's own; fix takes auto, bt, record, "
                           "domRec, brave and cautious", m);
    return usage_error("--enum-mode takes auto, bt, record, domRec, brave or cautious", m);
}

/* --solve-limit=N, clingo's: the search stops after N conflicts (N >= 1), soundly, with the
 * models so far (UNKNOWN, or SATISFIABLE and "N+" models), as clingo's does.  It is the native
 * search's budget: under auto nothing is handed to clingo.  clingo's ",M" (restarts) is
 * refused: fix limits conflicts only. */
static int parse_solve_limit(Cli *c, const char *a)
{
    size_t n;
    if (strchr(a, ','))
        return usage_error("--solve-limit=N limits the native search's conflicts; fix takes no limit on "
                           "restarts (,M)", a);
    if (!cmdline_count(a + 14, &n) || n < 1)
        return usage_error("--solve-limit needs a whole number of conflicts from 1", a);
    c->solve_work.limit = n;
    c->run.aft.work = &c->solve_work;
    return 0;
}

/* -t N[,MODE], --parallel-mode=N[,MODE]: clingo's threads.  MODE compete or split: fix's
 * threads always split the search (the models and their order are the same for every N). */
static int parse_threads(Cli *c, const char *a, const char *v)
{
    if (!v) return usage_error("expected a whole number after", a);
    const char *comma = strchr(v, ',');
    if (comma && strcmp(comma, ",compete") && strcmp(comma, ",split"))
        return usage_error("the threads' mode is compete or split", v);
    char n[24];
    size_t len = comma ? (size_t)(comma - v) : strlen(v);
    if (len >= sizeof n) return usage_error("--jobs needs a whole number of threads from 1 to 256", v);
    memcpy(n, v, len);
    n[len] = 0;
    return parse_count(c, "--jobs", n);
}

/* clingo's short options with their value joined: -n0, -t2, -cN=V, -Wnone, -e brave's -ebrave,
 * -q1 (as --quiet=1); -V0 is parse_verbose's. */
static int parse_joined(Cli *c, const char *a)
{
    if (a[1] == 'q') {
        char q[32];
        if (strlen(a) >= sizeof q - 6) return usage_error("--quiet takes levels 0, 1 or 2: --quiet=M[,C[,T]]", a);
        snprintf(q, sizeof q, "--quiet=%s", a + 2);
        return parse_quiet(&c->run, q);
    }
    char flag[3] = { '-', a[1], 0 };
    char *args[2] = { flag, (char *)(a + 2) };
    int j = 0;
    int r = parse_option(c, 2, args, &j);
    if (!r && j != 1) return usage_error("unknown option", a);
    return r;
}

/* clingo's options that fix takes as clingo's users type them by habit; -2 for another. */
static int parse_habit(Cli *c, const char *a, const char *next, int *i)
{
    if (!strncmp(a, "-V", 2) || !strncmp(a, "--verbose", 9)) return parse_verbose(&c->run, a);
    if (!strcmp(a, "-W") || !strcmp(a, "--warn") || !strncmp(a, "--warn=", 7))
        return parse_warn(c, a, next, i);
    if (!strcmp(a, "-e") || !strcmp(a, "--enum-mode") || !strncmp(a, "--enum-mode=", 12))
        return parse_enum_mode(&c->run, a, next, i);
    if (!strncmp(a, "--parallel-mode=", 16)) return parse_threads(c, a, a + 16);
    if (!strncmp(a, "--solve-limit=", 14)) return parse_solve_limit(c, a);
    if (!strcmp(a, "-t") && next && strchr(next, ',')) { ++*i; return parse_threads(c, a, next); }
    if (!strncmp(a, "--stats=", 8)) {
        if (strcmp(a + 8, "0") && strcmp(a + 8, "1") && strcmp(a + 8, "2"))
            return usage_error("--stats takes 0, 1 or 2", a);
        c->run.stats = a[8] != '0';
        return 0;
    }
    if (!strcmp(a, "--mode=clasp") || !strcmp(a, "--mode=clingo") || !strcmp(a, "--mode=gringo")) {
        c->clasp_mode = !strcmp(a, "--mode=clasp");
        c->gringo_mode = !strcmp(a, "--mode=gringo");
        return 0;
    }
    if (!strcmp(a, "--text"))
        return usage_error("clingo's --text prints the ground program in gringo's text form, which "
                           "fix does not make (gringo --text does; --mode=gringo prints it as aspif)", a);
    if (!strncmp(a, "--mode=", 7))
        return usage_error("--mode takes clingo (ground .lp files, solve), clasp (solve aspif) or "
                           "gringo (ground, print aspif)", a);
    if (!strcmp(a, "--supp-models") || !strcmp(a, "--no-ufs-check"))
        return usage_error("clasp's supported models (or models without the unfounded-set check) "
                           "are not stable models; fix computes stable models only", a);
    bool search = asp_clasp_search_option(a), prep = !search && asp_clasp_preprocessing_option(a);
    if ((search || prep) && asp_clasp_value_is_input(a))   /* `--seed prog.lp`: the file as its value */
        return usage_error("a clasp option's value, not an input file", a);
    if ((search || prep) && !asp_clasp_value_fits(a))
        return usage_error("not a value clasp takes for this option (clingo --help=3 lists them)", a);
    if (search || prep) {
        fprintf(stderr, search ? "fix asp: %s: a clasp search option; fix's native search has its own "
                                 "(the same models, but which come first and their order may differ)\n"
                               : "fix asp: %s: a clasp preprocessing option; fix's own preprocessing "
                                 "keeps the same models\n", a);
        return 0;
    }
    if (a[0] == '-' && a[1] && strchr("ntcWeq", a[1]) && a[2]) return parse_joined(c, a);
    return -2;
}

/* One option at argv[*i]; 0 ok, else an exit code (2, or -1 for --help, -3 for --version). */
static int parse_option(Cli *c, int argc, char **argv, int *i)
{
    AspRunOptions *o = &c->run;
    const char *a = argv[*i], *next = *i + 1 < argc ? argv[*i + 1] : NULL;
    CmdlineLimit which = cmdline_limit_of(a);
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) return -1;
    if (!strcmp(a, "--version")) return -3;
    if (!strcmp(a, "--models") || !strcmp(a, "-n") || !strncmp(a, "--models=", 9)) {
        c->count_given = true;
        return parse_models(o, a, next, i);
    }
    if (!strcmp(a, "--bounds")) { o->bounds = true; return 0; }
    if (!strcmp(a, "--emit")) { o->emit = true; return 0; }
    if (!strcmp(a, "--wf")) { o->wf = true; return 0; }
    if (!strcmp(a, "--json")) { o->json = true; return 0; }
    if (!strcmp(a, "--project") || !strncmp(a, "--project=", 10)) return parse_project(c, a);
    if (!strcmp(a, "-q") || !strncmp(a, "--quiet", 7)) return parse_quiet(o, a);
    if (!strncmp(a, "--outf=", 7) && a[7] >= '0' && a[7] <= '3' && !a[8]) {
        o->clingo_json = a[7] == '2';
        o->competition = a[7] == '1';
        o->silent = a[7] == '3';
        return 0;
    }
    if (!strcmp(a, "--outf") || !strncmp(a, "--outf=", 7))
        return usage_error("--outf takes 0 (text, the default), 1 (the competition format), 2 (clingo's JSON) or 3 (nothing), as --outf=N", a);
    if (!strcmp(a, "--stats")) { o->stats = true; return 0; }
    if (!strncmp(a, "--opt-strategy=", 15)) return parse_opt_strategy(o, a);
    if (!strcmp(a, "--opt-strategy"))
        return usage_error("--opt-strategy needs a strategy: bb[,ARGS] or usc[,ARGS]", a);
    if (!strcmp(a, "--no-learn")) { o->aft.no_learn = true; return 0; }
    if (!strcmp(a, "--compare-consequences")) { o->compare = true; return 0; }
    if (!strcmp(a, "--allow-scripts")) { o->allow_scripts = true; return 0; }
    if (!strcmp(a, "-c") || !strcmp(a, "--const") || !strcmp(a, "--solver") ||
        !strcmp(a, "--opt-mode") || !strncmp(a, "--opt-mode=", 11) || !strcmp(a, "--split")
        || !strcmp(a, "--shard"))
        return parse_valued(c, a, next, i);
    if (!strncmp(a, "--time-limit=", 13))       /* clingo's spelling of --timeout */
        return parse_limit(c, CMDLINE_TIMEOUT, a, a + 13);
    if (!strcmp(a, "--time-limit")) which = CMDLINE_TIMEOUT;
    int r = -2;
    if (which != CMDLINE_NOT_A_LIMIT && which != CMDLINE_MAX_DEPTH)
        r = parse_limit(c, which, a, next);
    else if (!strcmp(a, "--budget") || !strcmp(a, "--rounds") || !strcmp(a, "--hand-over")
             || !strcmp(a, "--jobs") || (!strcmp(a, "-t") && !(next && strchr(next, ','))))
        r = parse_count(c, a, next);
    if (r == -2 && (r = parse_habit(c, a, next, i)) != -2) return r;
    if (r == -2) return usage_error("unknown option", a);
    if (!r) ++*i;
    return r;
}

/* What the options ask for together; 0, or 2 after a usage error. */
static int check_args(Cli *c)
{
    AspRunOptions *o = &c->run;
    if (o->compare && !o->bounds && !o->wf)
        return usage_error("--compare-consequences needs --wf or --bounds", NULL);
    if (o->emit && o->json)
        return usage_error("--json does not apply to --emit (it writes aspif)", NULL);
    if (o->quiet && o->json)
        return usage_error("-q/--quiet applies to clingo's layouts (text, --outf): not with --json", NULL);
    if (o->competition && (o->json || o->emit || o->wf || o->bounds || o->compare))
        return usage_error("--outf=1 writes the models in the competition format: not with --json, --emit, "
                           "--wf, --bounds or --compare-consequences", NULL);
    if (o->clingo_json && (o->json || o->emit || o->wf || o->bounds || o->compare))
        return usage_error("--outf=2 writes the models in clingo's JSON layout: not with --json, --emit, "
                           "--wf, --bounds or --compare-consequences", NULL);
    if (o->silent && (o->json || o->emit || o->wf || o->bounds || o->compare))
        return usage_error("--outf=3 prints nothing: not with --json, --emit, --wf, --bounds or "
                           "--compare-consequences", NULL);
    if (o->shards && (o->max_models || o->wf || o->bounds || o->emit || o->compare))
        return usage_error("--shard applies to the enumeration of every model: not with --models N > 0, "
                           "--wf, --bounds, --emit or --compare-consequences", NULL);
    if (o->shards && c->solver_given && o->solver != PROC_SOLVER_NATIVE)
        return usage_error("--shard cuts the native search: not with --solver clingo, auto or race", NULL);
    if (o->conseq && (o->wf || o->bounds || o->emit || o->compare || o->shards))
        return usage_error("--enum-mode brave|cautious prints consequences: not with --wf, --bounds, "
                           "--emit, --compare-consequences or --shard", NULL);
    if (o->conseq && c->solver_given && o->solver != PROC_SOLVER_NATIVE)
        return usage_error("--enum-mode brave|cautious: the consequences are the native search's, "
                           "not with --solver clingo, auto or race", NULL);
    if (o->aft.work && c->solver_given && o->solver != PROC_SOLVER_NATIVE && o->solver != PROC_SOLVER_AUTO)
        return usage_error("--solve-limit is the native search's budget: not with --solver clingo or race", NULL);
    if (o->shards || o->conseq || o->aft.work) o->solver = PROC_SOLVER_NATIVE;
    if (!o->models && !o->bounds && !o->emit && !o->wf) o->models = true;
    if (o->emit) o->models = o->bounds = o->wf = false;      /* stdout is the program */
    if (c->clasp_mode && c->files.count > 1)
        return usage_error("--mode=clasp reads one aspif file (or standard input)", c->files.items[1]);
    size_t dashes = 0;
    if (c->files.count > 1)
        for (size_t i = 0; i < c->files.count; i++) {
            const char *f = c->files.items[i];
            bool dash = !strcmp(f, "-");
            if ((dash && dashes++) || (!dash && !str_ends_with(f, ".lp")))
                return usage_error("several files must all be .lp, with at most one - (standard "
                                   "input, a program's text)", f);
        }
    return 0;
}

/* A bare whole number before `--` is the number of models to print, as clingo reads it
 * (`fix asp FILE 0`); a file of that name is given after `--` or as ./NAME. */
static bool is_model_count(const char *a)
{
    if (!*a) return false;
    for (const char *p = a; *p; p++)
        if (*p < '0' || *p > '9') return false;
    return true;
}

/* An option given a second time (in any spelling: -n 1 and a bare count, -t and --jobs,
 * --timeout and --time-limit): refused, as clingo refuses it, rather than one of the two
 * silently winning. */
static int given_twice(const char *arg)
{
    return usage_error("an option given twice (each once; only -c/--const and -W may repeat)", arg);
}

static int parse_args(Cli *c, int argc, char **argv)
{
    aft_options_default(&c->run.aft);
    asp_search_defaults(&c->run.aft);
    c->run.hand_over = PROC_AUTO_CONFLICTS;
    bool options = true;
    for (int i = 1; i < argc; i++) {
        if (options && !strcmp(argv[i], "--")) options = false;
        else if (options && argv[i][0] == '-' && argv[i][1]) {
            if (!asp_once_record(&c->once, argv[i])) return given_twice(argv[i]);
            int r = parse_option(c, argc, argv, &i);
            if (r) return r;
        } else if (options && is_model_count(argv[i])) {
            if (!asp_once_record(&c->once, "--models")) return given_twice(argv[i]);
            c->run.models = c->count_given = true;  /* clingo's positional count: fix asp FILE 0 */
            if (!cmdline_count(argv[i], &c->run.max_models)) return usage_error("bad number", argv[i]);
        } else VEC_PUSH(c->files, argv[i]);
    }
    return check_args(c);
}

/* Are the input files .lp, for gringo? */
static bool grounded(const Cli *c)
{
    if (c->clasp_mode) return false;
    return c->files.count > 1 || (c->files.count && str_ends_with(c->files.items[0], ".lp"));
}

/* The input read, or grounded by gringo, with a stop signal interrupting a blocked open or
 * read (sigint_reading: a FIFO with no writer, a silent standard input). */
static AspProgram *read_program(Cli *c, ProcError *err)
{
    ProcLoadOptions opt = { .gargs = c->gargs.items, .ngargs = c->gargs.count,
                            .allow_scripts = c->run.allow_scripts, .limits = &c->stop,
                            .aspif = c->clasp_mode, .dash_is_stdin = true,
                            .pack_rules = asp_run_takes_packed(&c->run) && !c->gringo_mode };
    bool was = sigint_reading(true);
    AspProgram *p = c->files.count == 0 ? proc_load("-", &opt, err)
                    : grounded(c) ? proc_ground_lp(c->files.items, c->files.count, &opt, err)
                    : proc_load(c->files.items[0], &opt, err);
    sigint_reading(was);
    return p;
}

/* The number of models without --models/-n/N, as clingo's: every one for brave and cautious
 * consequences, for the optimum of a #minimize (but under --opt-mode=enum) and for --shard's
 * enumeration; else one. */
static size_t default_count(const AspRunOptions *o, const AspProgram *p)
{
    bool optimum = asp_minimize_count(p) && o->opt.mode != ASP_OPT_ENUM;
    return o->conseq || optimum || o->shards ? 0 : 1;
}

/* The program, projected as --project asks: on its shown atoms (auto without a #project
 * statement, show), on its #project statements (project: an empty one when there is none),
 * or not at all (no). */
static AspProgram *load(Cli *c, ProcError *err)
{
    AspProgram *p = read_program(c, err);
    if (!p) return NULL;
    if (c->ignore_opt) asp_minimize_clear(p);
    switch (c->project) {
    case PROJECT_DEFAULT: if (!c->run.conseq && !c->gringo_mode && !c->run.emit) asp_project_clear(p); break;
    case PROJECT_AUTO: if (!asp_has_project(p)) asp_project_on_shown(p); break;
    case PROJECT_SHOW: asp_project_clear(p); asp_project_on_shown(p); break;
    case PROJECT_PROJECT: if (!asp_has_project(p)) asp_add_project(p, NULL, 0); break;
    case PROJECT_NO: asp_project_clear(p); break;
    }
    if (!c->count_given) c->run.max_models = default_count(&c->run, p);
    return p;
}

/* The limits of the command line and the stop signals, for the whole run. */
static void start_limits(Cli *c)
{
    const CmdlineLimits *l = &c->limits;
    AspRunOptions *o = &c->run;
    limits_cap_address_space(l->max_memory);
    limits_start(&c->stop, l->timeout_s, l->max_memory, &c->interrupt);
    o->limits = &c->stop;
    o->aft.limits = &c->stop;
    o->aft.interrupt = &c->interrupt;
    o->aft.timeout_s = l->timeout_s;
    o->aft.max_steps = (size_t)l->max_steps;
    o->files = c->files.items;
    o->nfiles = c->files.count;
    o->opt.bound = c->opt_bound.items;
    o->opt.nbound = c->opt_bound.count;
    sigint_install(&c->interrupt, SIGINT_ONCE);
}

/* Loads and runs the program under the limits of the command line and the stop signals. */
/* --mode=gringo, clingo's: the ground program as aspif on standard output, not solved (its
 * statements as read: the same stable models, shown atoms, #minimize and #project as
 * gringo's own output). */
static int write_ground(Cli *c, const AspProgram *p)
{
    asp_write_aspif(p, stdout);
    if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
    diag_plain_error(&c->diag, "cannot write the ground program: %s", strerror(errno));
    return 1;
}

static int load_and_run(Cli *c)
{
    start_limits(c);
    diag_init(&c->diag, stderr);
    c->diag.who = "fix asp";
    ProcError err;
    proc_error_init(&err);
    AspProgram *p = NULL;
    int rc = 1;
    if (cmdline_stdout_is_input(&c->diag, c->files.items, c->files.count)) {}
    else if (!(p = load(c, &err))) proc_error_report(&c->diag, &err);
    else if (c->gringo_mode) rc = write_ground(c, p);
    else {
        c->run.droppable = p;     /* freed below: only --stats reads its rule count after */
        rc = asp_run(&c->run, p, &c->diag);
    }
    int sig = c->interrupt;
    sigint_remove();              /* after the last write: a signal till then stops in order */
    asp_program_free(p);
    proc_error_free(&err);
    diag_free(&c->diag);
    if (rc == ASP_RUN_WRITE_FAILED) return 1;
    return sig ? sigint_exit_code(sig) : rc;
}

/* The options read as two words (--NAME VALUE), and those read as one (--NAME=VALUE, clingo's
 * own, asp_clasp.h): each is taken in either form, as clingo takes its options. */
static const char *const spaced_options[] = { "--solver", "--jobs", "--shard", "--split",
    "--budget", "--rounds", "--hand-over", "--timeout", "--max-steps", "--max-memory",
    "--const", NULL };

int asp_cli_main(int argc, char **argv)
{
    Cli c;
    memset(&c, 0, sizeof c);
    CmdlineWords words;
    cmdline_words_make(&words, argc, argv, spaced_options, asp_clasp_joined_options());
    int rc = parse_args(&c, words.argc, words.argv);
    if (rc == -1) rc = cmdline_print_text("fix asp", usage_text);
    else if (rc == -3) rc = cmdline_print_text("fix asp", "fix version " FIX_VERSION "\n");
    else if (rc == 0) rc = load_and_run(&c);
    VEC_FREE(c.files);
    VEC_FREE(c.gargs);
    VEC_FREE(c.opt_bound);
    asp_once_free(&c.once);
    cmdline_words_free(&words);
    return rc;
}
