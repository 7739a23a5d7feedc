/* main.c: the command line of fix: run, check and repl with their options, each run through
 * the C API's session (api/fix_cli.h: the one way into a session); `fix asp` is asp_cli.c's
 * and `fix explain` explain.c's (the options they share are read by cmdline.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common.h"
#include "api/fix_cli.h"
#include "app/asp_cli.h"
#include "app/cmdline.h"
#include "app/explain.h"
#include "cli/repl.h"
#include "cli/stdfds.h"
#include "util/heap.h"
#include "util/workpool.h"


static const char *const usage_text =
    "usage: fix [COMMAND] [OPTIONS] [FILE.fix]\n"
    "\n"
    "Bounds, and often pins down exactly, the fixed points of (non-monotone) functions on\n"
    "lattices, with Approximation Fixpoint Theory and a branch and bound.\n"
    "\n"
    "commands:\n"
    "  run FILE.fix     check FILE and run its queries in order (the default: fix FILE.fix)\n"
    "  check FILE.fix   parse and type-check FILE only\n"
    "  repl [FILE...]   interactive session (the default on a terminal); loads FILEs first\n"
    "  asp [FILE]       answer set programming front end (see fix asp --help)\n"
    "  explain FILE [QUERY|ATOM...]  each answer with what decided it: the\n"
    "                   evaluations behind a query's bounds, an atom's derivation\n"
    "                   (see fix explain --help)\n"
    "  help             this text\n"
    "\n"
    "options of run, check and repl:\n"
    "  --json           one JSON object a line for each query result (docs/json.md)\n"
    "  --trace          print every refine step and bnb event\n"
    "  --dump-ir        print the IR (bytecode) of every function before running\n"
    "  --dot            Graphviz instead of text: the Hasse diagram of a finite lattice with\n"
    "                   fixed points and bounds marked (fixpoints, approx, refine), or the\n"
    "                   tree of a bnb run; standard output takes the first graph only\n"
    "  --dot DIR/       each query's graph to its own file DIR/qN-lineL-KIND.dot\n"
    "  --dot LINE       only the graph of the query on line LINE\n"
    "  --html FILE      also write FILE: one self-contained page showing every query (the\n"
    "                   Hasse diagram, plane or atom table with each refine step, the bnb\n"
    "                   tree, stable models); open it in a browser\n"
    "  --timeout S      stop each query after S seconds (0: no limit); refine, bnb and\n"
    "                   stable report the sound bounds they have, other queries fail;\n"
    "                   reading and checking a file stops at it too (nothing is run)\n"
    "  --max-steps N    stop a function call after N evaluation steps, and refine/bnb\n"
    "                   after N applications of F (0: no limit)\n"
    "  --max-memory MB  stop each query when the process holds more than MB megabytes\n"
    "                   (like --timeout); the address space is capped at 1.5 MB + 512\n"
    "                   as a backstop (0: no limit)\n"
    "  --max-depth N    allow N nested function calls (default 10000; calls in tail\n"
    "                   position reuse their frame and do not count)\n"
    "  --no-memo        do not memoise calls (by default the results of functions that\n"
    "                   run an lfp, gfp, sup or inf are kept in a bounded table) and\n"
    "                   start every lfp from bot (by default an lfp inside a function may\n"
    "                   start from those of neighbouring arguments: docs/evaluator.md)\n"
    "  --reference      evaluate `show` queries with the reference evaluator (a plain\n"
    "                   walk over the checked program that the tests hold the VM to;\n"
    "                   slow: for checking a suspected evaluator bug, docs/testing.md)\n"
    "  --stats          print the evaluator's calls, memo hits and misses and warm, cold\n"
    "                   and refused lfp starts to stderr\n"    "  --jobs N         run bnb's rounds and fixpoints on N threads (default: the cores\n"
    "                   fix may use; 1: one thread); the output is the same for every N\n"
    "  --shard I/N      shard I (0 to N-1) of each fixpoints and bnb query: fixpoints\n"
    "                   enumerates the chunks I, I+N, ... of its lattice, bnb keeps the\n"
    "                   bounds I, I+N, ... of its first round of at least 4N bounds (with\n"
    "                   policy paper, no budget, a finite lattice; else the query fails);\n"
    "                   the N shards' fixed points and Final together are one run's\n"
    "                   (docs/parallel.md)\n"
    "  --checkpoint F   write each bnb query's state to F at the start of every round\n"
    "                   (its bounds, Final, fixed points and counts, with a digest of the\n"
    "                   sources and the query); a stop by a limit or Ctrl-C keeps the last\n"
    "  --resume F       the bnb query F was written for goes on from it (the other\n"
    "                   queries run again): the output is the uninterrupted run's; a file\n"
    "                   written for other sources is refused (not with --trace, --dot,\n"
    "                   --html or --shard)\n"
    "  -I DIR           search DIR for imported files (also $FIX_PATH, colon separated)\n"
    "  --allow-scripts  the .lp files of `program P from \"x.lp\"` are code: let gringo\n"
    "                   run their #script blocks (by default refused, and gringo runs in a\n"
    "                   sandbox that cannot write files, start programs or open the\n"
    "                   network; this lifts both, docs/asp.md)\n"
    "  -h, --help       this text;  --version  the version\n"
    "An option with a value also takes it joined by '=': --timeout=5, --jobs=2.\n"
    "\n"
    "Ctrl-C (or SIGTERM, SIGHUP) stops the running stage (reading, checking, a query like\n"
    "--timeout); the later queries are not run, what was printed is written out, and a\n"
    "second Ctrl-C ends fix at once.\n"
    "\n"
    "exit status: 0 ok, 1 a query failed, an input was refused or output could not be\n"
    "written, 2 usage error, 130 interrupted by Ctrl-C (143 SIGTERM, 129 SIGHUP)\n";

typedef struct CliArgs {
    RunOptions opt;
    CmdlineLimits limits;         /* read into opt once every option is read */
    const char *files[64];
    size_t nfiles;
    const char *dirs[16];
    size_t ndirs;
} CliArgs;

static int usage_error(const char *fmt, ...) FIX_PRINTF(1, 2);
static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "fix: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n(fix --help lists the commands and options)\n");
    va_end(ap);
    return 2;
}

/* --timeout S, --max-steps N, --max-depth N, --max-memory MB: the value after the option, read
 * by the parser every command shares (cmdline.h); -1 to go on, else the exit code. */
static int parse_limit(CliArgs *a, const char *opt, const char *value)
{
    CmdlineLimit which = cmdline_limit_of(opt);
    CmdlineStatus st = cmdline_limit_set(&a->limits, which, value);
    if (st == CMDLINE_MISSING) return usage_error("option %s needs a value", opt);
    if (st == CMDLINE_BAD) return usage_error("%s, not '%s'", cmdline_limit_rule(which), value);
    return -1;
}

/* --dot, --dot DIR/ (a value ending in '/') or --dot LINE (digits only). */
static void parse_dot(CliArgs *a, const char *next, int *i)
{
    a->opt.dot = true;
    if (!next || !*next) return;
    size_t n = strlen(next);
    if (next[n - 1] == '/') {
        a->opt.dot_dir = next;
        (*i)++;
    } else if (strspn(next, "0123456789") == n && n < 9) {
        a->opt.dot_line = (unsigned)atoi(next);
        (*i)++;
    }
}

/* Parses options and file names; returns -1 to go on, else an exit code. */
static int parse_args(int argc, char **argv, int from, CliArgs *a)
{
    for (int i = from; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--json") == 0) a->opt.json = true;
        else if (strcmp(arg, "--trace") == 0) a->opt.trace = true;
        else if (strcmp(arg, "--dump-ir") == 0) a->opt.dump_ir = true;
        else if (strcmp(arg, "--dot") == 0) parse_dot(a, i + 1 < argc ? argv[i + 1] : NULL, &i);
        else if (strcmp(arg, "--allow-scripts") == 0) a->opt.allow_scripts = true;
        else if (strcmp(arg, "--no-memo") == 0) a->opt.no_memo = true;
        else if (strcmp(arg, "--reference") == 0) a->opt.reference = true;
        else if (strcmp(arg, "--stats") == 0) a->opt.stats = true;
        else if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) return cmdline_print_text("fix", usage_text);
        else if (cmdline_limit_of(arg) != CMDLINE_NOT_A_LIMIT) {
            int rc = parse_limit(a, arg, i + 1 < argc ? argv[i + 1] : NULL);
            if (rc >= 0) return rc;
            i++;
        } else if (strcmp(arg, "--jobs") == 0) {
            size_t n;
            if (i + 1 >= argc) return usage_error("option %s needs a value", arg);
            if (!cmdline_count(argv[i + 1], &n) || n < 1 || n > WORKPOOL_MAX_JOBS)
                return usage_error("--jobs needs a whole number from 1 to %d, not '%s'", WORKPOOL_MAX_JOBS, argv[i + 1]);
            a->opt.jobs = (unsigned)n;
            i++;
        } else if (strcmp(arg, "--shard") == 0) {
            if (!cmdline_shard(i + 1 < argc ? argv[i + 1] : NULL, &a->opt.shard, &a->opt.shards))
                return usage_error("--shard takes I/N, whole numbers with N >= 1 and I from 0 to N-1, not '%s'",
                                   i + 1 < argc ? argv[i + 1] : "");
            i++;
        } else if (strcmp(arg, "--checkpoint") == 0 || strcmp(arg, "--resume") == 0) {
            if (i + 1 >= argc) return usage_error("option %s needs a file name", arg);
            *(arg[2] == 'c' ? &a->opt.checkpoint : &a->opt.resume) = argv[++i];
        } else if (strcmp(arg, "--html") == 0) {
            if (i + 1 >= argc) return usage_error("option %s needs a file name", arg);
            a->opt.html = argv[++i];
        } else if (strcmp(arg, "-I") == 0) {
            if (i + 1 >= argc) return usage_error("option %s needs a directory", arg);
            if (a->ndirs == FIX_ARRAY_LEN(a->dirs)) return usage_error("too many %s options", arg);
            a->dirs[a->ndirs++] = argv[++i];
        } else if (arg[0] == '-' && arg[1] != '\0') {
            return usage_error("unknown option '%s'", arg);
        } else {
            if (a->nfiles == FIX_ARRAY_LEN(a->files)) return usage_error("too many files (at %s)", arg);
            a->files[a->nfiles++] = arg;
        }
    }
    if ((a->opt.checkpoint || a->opt.resume) && (a->opt.trace || a->opt.dot || a->opt.html || a->opt.shards))
        return usage_error("--checkpoint and --resume are not taken with --trace, --dot, --html or --shard: "
                           "the events of the rounds before a checkpoint are not kept, and a shard is rerun whole");
    a->opt.timeout_s = a->limits.timeout_s;
    a->opt.max_steps = a->limits.max_steps;
    a->opt.max_memory = a->limits.max_memory;
    a->opt.max_depth = a->limits.max_depth;
    return -1;
}

static int cmd_run(const CliArgs *a, bool check_only)
{
    if (a->nfiles != 1) return usage_error("%s needs exactly one FILE.fix", check_only ? "check" : "run");
    fix_session *s = fix_cli_session_new(&a->opt, a->dirs, a->ndirs);
    int rc = fix_cli_run(s, a->files[0], check_only);
    fix_session_free(s);
    return rc;
}

static int cmd_repl(const CliArgs *a)
{
    fix_session *s = fix_cli_session_new(&a->opt, a->dirs, a->ndirs);
    int rc = cli_repl_main(s, a->files, a->nfiles);
    fix_session_free(s);
    return rc;
}

/* The bytes of the regular files named among args (the inputs of `fix asp`; other
 * arguments name no file, or no regular one). */
static size_t input_bytes(int argc, char **argv)
{
    size_t total = 0;
    struct stat st;
    for (int i = 0; i < argc; i++)
        if (argv[i][0] != '-' && stat(argv[i], &st) == 0 && S_ISREG(st.st_mode))
            total += (size_t)st.st_size;
    return total;
}

/* The options of run, check and repl that take a value: also taken as --NAME=VALUE. */
static const char *const spaced_options[] = { "--timeout", "--max-steps", "--max-depth",
    "--max-memory", "--jobs", "--shard", "--checkpoint", "--resume", "--html", NULL };

/* fix [run|check|repl] with the words of the command line; the exit status. */
static int run_command(CliArgs *a, int argc, char **argv)
{
    const char *cmd = argc > 1 ? argv[1] : NULL;
    bool named = cmd && (strcmp(cmd, "run") == 0 || strcmp(cmd, "check") == 0 || strcmp(cmd, "repl") == 0);
    int rc = parse_args(argc, argv, named ? 2 : 1, a);
    if (rc >= 0) return rc;
    if (named && strcmp(cmd, "repl") == 0) return cmd_repl(a);
    if (named && strcmp(cmd, "check") == 0) return cmd_run(a, true);
    if (named) return cmd_run(a, false);
    if (a->nfiles == 0) {
        if (isatty(STDIN_FILENO)) return cmd_repl(a);
        a->files[a->nfiles++] = "-";
    }
    if (a->nfiles == 1 && a->files[0][0] != '-' && access(a->files[0], F_OK) != 0 &&
        strchr(a->files[0], '.') == NULL)
        return usage_error("unknown command '%s'", a->files[0]);
    return cmd_run(a, false);
}

int main(int argc, char **argv)
{
    stdfds_hold();              /* before anything is opened: 0, 1, 2 are never reused */
    CliArgs args;
    memset(&args, 0, sizeof args);
    const char *cmd = argc > 1 ? argv[1] : NULL;
    if (cmd && strcmp(cmd, "asp") == 0) {
        heap_prepare(input_bytes(argc - 2, argv + 2));   /* large ground programs */
        return asp_cli_main(argc - 1, argv + 1);
    }
    if (cmd && strcmp(cmd, "explain") == 0) {
        heap_prepare(input_bytes(argc - 2, argv + 2));   /* large ground programs */
        return explain_main(argc - 1, argv + 1);
    }
    if (cmd && (strcmp(cmd, "help") == 0)) return cmdline_print_text("fix", usage_text);
    if (cmd && strcmp(cmd, "--version") == 0) return cmdline_print_text("fix", "fix " FIX_VERSION "\n");
    CmdlineWords words;         /* --timeout=5 read as --timeout 5 */
    cmdline_words_make(&words, argc, argv, spaced_options, NULL);
    int rc = run_command(&args, words.argc, words.argv);
    cmdline_words_free(&words);
    return rc;
}
