/* main.c: the command line of fix: run, check, repl and asp, with their options. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "asp/asp.h"
#include "common.h"
#include "repl.h"
#include "run.h"

#define FIX_VERSION "0.1.0"

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
    "  help             this text\n"
    "\n"
    "options of run, check and repl:\n"
    "  --json           one JSON object a line for each query result (docs/json.md)\n"
    "  --trace          print every refine step and bnb event\n"
    "  --dump-ir        print the IR (bytecode) of every function before running\n"
    "  --dot            Graphviz instead of text: the Hasse diagram of a finite lattice with\n"
    "                   fixed points and bounds marked (fixpoints, approx, refine), or the\n"
    "                   tree of a bnb run\n"
    "  --timeout S      stop each refine/bnb after S seconds (the bounds so far are sound)\n"
    "  --max-steps N    stop after N evaluation steps\n"
    "  --max-memory MB  refuse to use more than MB megabytes\n"
    "  -I DIR           search DIR for imported files (also $FIX_PATH, colon separated)\n"
    "  --allow-scripts  the .lp file is code: allow #script blocks in the files of\n"
    "                   `program P from \"x.lp\"` (refused by default: gringo runs them)\n"
    "  -h, --help       this text;  --version  the version\n"
    "\n"
    "exit status: 0 ok, 1 a query failed or an input was refused, 2 usage error\n";

typedef struct CliArgs {
    RunOptions opt;
    const char *files[64];
    size_t nfiles;
    const char *dirs[16];
    size_t ndirs;
} CliArgs;

static int usage_error(const char *fmt, const char *arg)
{
    fprintf(stderr, "fix: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n(fix --help lists the commands and options)\n");
    return 2;
}

static bool parse_number(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end || v < 0) return false;
    *out = v;
    return true;
}

/* Parses options and file names; returns -1 to go on, else an exit code. */
static int parse_args(int argc, char **argv, int from, CliArgs *a)
{
    for (int i = from; i < argc; i++) {
        const char *arg = argv[i];
        double v;
        if (strcmp(arg, "--json") == 0) a->opt.json = true;
        else if (strcmp(arg, "--trace") == 0) a->opt.trace = true;
        else if (strcmp(arg, "--dump-ir") == 0) a->opt.dump_ir = true;
        else if (strcmp(arg, "--dot") == 0) a->opt.dot = true;
        else if (strcmp(arg, "--allow-scripts") == 0) a->opt.allow_scripts = true;
        else if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) { fputs(usage_text, stdout); return 0; }
        else if (strcmp(arg, "--timeout") == 0 || strcmp(arg, "--max-steps") == 0 ||
                 strcmp(arg, "--max-memory") == 0) {
            if (i + 1 >= argc || !parse_number(argv[i + 1], &v))
                return usage_error("option %s needs a non-negative number", arg);
            i++;
            if (arg[2] == 't') a->opt.timeout_s = v;
            else if (arg[6] == 's') a->opt.max_steps = (uint64_t)v;
            else a->opt.max_memory = (size_t)(v * 1024 * 1024);
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
    return -1;
}

/* The hard cap on the address space: the engine stops soundly at `bytes` of resident memory
 * (run.c); this cap, with room for code, stacks and allocator slack, catches the rest. */
static void limit_memory(size_t bytes)
{
    if (!bytes) return;
    size_t cap = bytes + bytes / 2 + ((size_t)512 << 20);
    struct rlimit rl = { cap, cap };
    if (setrlimit(RLIMIT_AS, &rl) != 0) perror("fix: --max-memory");
}

static int exit_code(FixResult r)
{
    switch (r) {
    case FIX_OK: return 0;
    case FIX_COMPILE_ERROR: case FIX_RUNTIME_ERROR: return 1;
    case FIX_USAGE_ERROR: return 2;
    }
    return 1;
}

static Session *session_for(const CliArgs *a)
{
    Session *s = mem_alloc(sizeof *s);
    session_init(s, &a->opt, stdout);
    for (size_t i = 0; i < a->ndirs; i++) session_add_search_dir(s, a->dirs[i]);
    return s;
}

static void session_done(Session *s)
{
    session_free(s);
    mem_free(s);
}

/* Reads standard input into a source called <stdin>. */
static const Source *stdin_source(Session *s)
{
    Buf b;
    buf_init(&b);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) buf_putn(&b, chunk, n);
    const Source *src = diag_add_source(&s->diag, "<stdin>", b.data ? b.data : "", b.len);
    buf_free(&b);
    return src;
}

static int cmd_run(const CliArgs *a, bool check_only)
{
    if (a->nfiles != 1) return usage_error("%s needs exactly one FILE.fix", check_only ? "check" : "run");
    limit_memory(a->opt.max_memory);
    Session *s = session_for(a);
    FixResult r = strcmp(a->files[0], "-") == 0
                      ? session_run_source(s, stdin_source(s), check_only)
                      : session_run_file(s, a->files[0], check_only);
    session_done(s);
    return exit_code(r);
}

static int cmd_repl(const CliArgs *a)
{
    limit_memory(a->opt.max_memory);
    Session *s = session_for(a);
    int rc = repl_main(s, a->files, a->nfiles);
    session_done(s);
    return rc;
}

int main(int argc, char **argv)
{
    CliArgs args;
    memset(&args, 0, sizeof args);
    const char *cmd = argc > 1 ? argv[1] : NULL;
    if (cmd && strcmp(cmd, "asp") == 0) return asp_cli_main(argc - 1, argv + 1);
    if (cmd && (strcmp(cmd, "help") == 0)) { fputs(usage_text, stdout); return 0; }
    if (cmd && strcmp(cmd, "--version") == 0) { printf("fix %s\n", FIX_VERSION); return 0; }
    bool named = cmd && (strcmp(cmd, "run") == 0 || strcmp(cmd, "check") == 0 || strcmp(cmd, "repl") == 0);
    int rc = parse_args(argc, argv, named ? 2 : 1, &args);
    if (rc >= 0) return rc;
    if (named && strcmp(cmd, "repl") == 0) return cmd_repl(&args);
    if (named && strcmp(cmd, "check") == 0) return cmd_run(&args, true);
    if (named) return cmd_run(&args, false);
    if (args.nfiles == 0) {
        if (isatty(STDIN_FILENO)) return cmd_repl(&args);
        args.files[args.nfiles++] = "-";
    }
    if (args.nfiles == 1 && args.files[0][0] != '-' && access(args.files[0], F_OK) != 0 &&
        strchr(args.files[0], '.') == NULL)
        return usage_error("unknown command '%s'", args.files[0]);
    return cmd_run(&args, false);
}
