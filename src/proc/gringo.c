/* gringo.c: grounds .lp files by running gringo and reading its aspif output, after
 * lpscan.c has checked that they hold no code for gringo to run; opens aspif input. */
#include "proc/gringo.h"
#include "asp/asp.h"
#include "util/mem.h"
#include "proc/lpscan.h"
#include "proc/sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *gringo_path(void)
{
    const char *g = getenv("FIX_GRINGO");
    return g && *g ? g : "gringo";
}

/* argv for gringo: the program, extra arguments, the files, NULL. */
static char **gringo_argv(const char *const *files, size_t nfiles, const char *const *gargs,
                          size_t ngargs)
{
    char **argv = mem_alloc((nfiles + ngargs + 2) * sizeof *argv);
    size_t k = 0;
    argv[k++] = (char *)gringo_path();
    for (size_t i = 0; i < ngargs; i++) argv[k++] = (char *)gargs[i];
    for (size_t i = 0; i < nfiles; i++) argv[k++] = proc_lp_arg(files[i]);
    argv[k] = NULL;
    return argv;
}

static void gringo_argv_free(char **argv, size_t ngargs)
{
    for (char **a = argv + ngargs + 1; *a; a++) mem_free(*a);
    mem_free(argv);
}

/* Reads gringo's output until both of its pipes end, looking at the limits at least every
 * 100 ms (gringo may ground for long before it writes anything): its standard output into
 * out, its standard error passed on to ours as it comes.  NULL when done, else why it
 * stopped: the limit hit, or "a read error". */
static const char *read_gringo(int fd[2], Limits *limits, bool quiet, Buf *out)
{
    char chunk[65536];
    while (fd[0] >= 0 || fd[1] >= 0) {
        const char *hit = limits_check_now(limits, 0);
        if (hit) return hit;
        struct pollfd pfd[2] = { { fd[0], POLLIN, 0 }, { fd[1], POLLIN, 0 } };
        int ready = poll(pfd, 2, 100);
        if (ready < 0 && errno != EINTR) return "a read error";
        for (int k = 0; ready > 0 && k < 2; k++) {
            if (!pfd[k].revents) continue;
            ssize_t n = read(fd[k], chunk, sizeof chunk);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 && k == 0) return "a read error";
            if (n <= 0) {
                close(fd[k]);
                fd[k] = -1;
            } else if (k == 0) buf_putn(out, chunk, (size_t)n);
            else if (!quiet) fwrite(chunk, 1, (size_t)n, stderr);
        }
    }
    return NULL;
}

static void close_fds(int *fds, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (fds[i] >= 0) close(fds[i]);
}

/* Starts gringo with /dev/null as its standard input and pipes for its output: *pid, and
 * rd[0], rd[1] the read ends of its standard output and error; false with err set. */
static bool start_gringo(char **argv, bool allow_scripts, pid_t *pid, int rd[2], Buf *err)
{
    int out[2] = { -1, -1 }, errp[2] = { -1, -1 };
    int null = open("/dev/null", O_RDONLY | O_CLOEXEC);    /* gringo never reads our stdin */
    if (null < 0 || pipe(out) < 0 || pipe(errp) < 0) {
        buf_printf(err, "cannot make a pipe: %s", strerror(errno));
        close_fds(&null, 1); close_fds(out, 2); close_fds(errp, 2);
        return false;
    }
    int all[5] = { out[0], out[1], errp[0], errp[1], null };
    for (size_t i = 0; i < 5; i++) fcntl(all[i], F_SETFD, FD_CLOEXEC);
    ProcChild c = { .program = argv[0], .argv = argv, .in = null, .out = out[1], .err = errp[1],
                   .allow_scripts = allow_scripts };
    Buf why;
    buf_init(&why);
    ProcSpawnStatus st = proc_spawn(&c, pid, &why);
    close(null); close(out[1]); close(errp[1]);
    if (st == PROC_SPAWN_NOT_FOUND)
        buf_printf(err, "cannot run %s (install gringo 5 or set FIX_GRINGO)", argv[0]);
    else if (st != PROC_SPAWN_OK) buf_printf(err, "%s", buf_cstr(&why));
    buf_free(&why);
    rd[0] = out[0];
    rd[1] = errp[0];
    if (st == PROC_SPAWN_OK) return true;
    close_fds(rd, 2);
    return false;
}

/* Runs gringo; its aspif in out.  A limit hit while it runs ends it. */
static bool run_gringo(char **argv, const ProcLoadOptions *opt, Buf *out, Buf *err)
{
    pid_t pid;
    int rd[2];
    Limits *limits = opt->limits;
    if (!start_gringo(argv, opt->allow_scripts, &pid, rd, err)) return false;
    const char *why = read_gringo(rd, limits, opt->quiet, out);
    close_fds(rd, 2);
    if (why) proc_spawn_kill(pid);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (why && limits && limits->hit)
        buf_printf(err, "stopped by %s while %s was grounding", why, argv[0]);
    else if (why) buf_printf(err, "cannot read the output of %s", argv[0]);
    else if (WIFSIGNALED(status))
        buf_printf(err, "%s was killed by signal %d", argv[0], WTERMSIG(status));
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        buf_printf(err, "%s failed (exit status %d)", argv[0],
                   WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    else return true;
    return false;
}

/* path opened for reading, refused when it is a directory (reading one gives nothing, and
 * gringo would ground that nothing as an empty program). */
static FILE *open_input(const char *path, Buf *err)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        buf_printf(err, "%s: error: is a directory", path);
        return NULL;
    }
    FILE *f = fopen(path, "rb");
    if (!f && errno == EINTR) buf_printf(err, "%s: error: stopped by a signal while opening it", path);
    else if (!f) buf_printf(err, "%s: error: cannot open: %s", path, strerror(errno));
    return f;
}

/* gringo only warns about a missing file; we refuse it. */
static bool files_readable(const char *const *files, size_t nfiles, Buf *err)
{
    for (size_t i = 0; i < nfiles; i++) {
        FILE *f = open_input(files[i], err);
        if (!f) return false;
        fclose(f);
    }
    return true;
}

/* An error of a file (placed) or of the loading (not) in err, and NULL. */
static AspProgram *failed(ProcError *err, bool placed)
{
    err->placed = placed;
    return NULL;
}

AspProgram *proc_ground_lp(const char *const *files, size_t nfiles, const ProcLoadOptions *opt,
                           ProcError *err)
{
    const char *const *gargs = opt->gargs;
    size_t ngargs = opt->ngargs;
    Buf *msg = &err->message;
    if (!nfiles) {
        buf_puts(msg, "no .lp file to ground");
        return failed(err, false);
    }
    if (!files_readable(files, nfiles, msg)) return failed(err, true);
    bool declared_project = false;
    if (!opt->allow_scripts && !proc_lp_scan(files, nfiles, &declared_project, msg))
        return failed(err, true);
    char **argv = gringo_argv(files, nfiles, gargs, ngargs);
    Buf text;
    buf_init(&text);
    AspProgram *p = NULL;
    if (!run_gringo(argv, opt, &text, msg)) failed(err, false);
    else {
        Buf name;
        buf_init(&name);
        buf_printf(&name, "%s (grounded by gringo)", files[0]);
        p = asp_parse_aspif_within(text.data ? text.data : "", text.len, buf_cstr(&name),
                                   opt->limits, msg);
        if (!p) failed(err, true);
        else asp_lp_grounded(p);
        /* #project in the source, none of its atoms in the ground program (gringo leaves out
         * an atom no rule can derive, and the statement with it): the shown atoms */
        if (p && declared_project && !asp_has_project(p)) asp_project_on_shown(p);
        buf_free(&name);
    }
    buf_free(&text);
    gringo_argv_free(argv, ngargs);
    return p;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

AspProgram *proc_load(const char *path, const ProcLoadOptions *opt, ProcError *err)
{
    if (!opt->aspif && ends_with(path, ".lp")) return proc_ground_lp(&path, 1, opt, err);
    err->placed = true;                      /* the errors of reading aspif are the file's */
    if (strcmp(path, "-") == 0) return asp_read_aspif(stdin, "stdin", opt->limits, &err->message);
    FILE *f = open_input(path, &err->message);
    if (!f) return NULL;
    AspProgram *p = asp_read_aspif(f, path, opt->limits, &err->message);
    fclose(f);
    return p;
}
