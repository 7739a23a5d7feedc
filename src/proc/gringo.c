/* gringo.c: grounds .lp files (or a program's text on standard input) by running gringo and
 * reading its aspif output, after lpscan.c has checked that they hold no code for gringo to
 * run; opens aspif input. */
#include "proc/gringo.h"
#include "asp/asp.h"
#include "util/mem.h"
#include "proc/lpscan.h"
#include "proc/sandbox.h"
#include "util/strtail.h"

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

/* Is file standard input's text (a "-" where the caller says so), not a file of that name? */
static bool names_stdin(bool dash_is_stdin, const char *file)
{
    return dash_is_stdin && !strcmp(file, "-");
}

/* argv for gringo: the program, extra arguments, the files, NULL. */
static char **gringo_argv(const char *const *files, size_t nfiles, const char *const *gargs,
                          size_t ngargs, bool dash_is_stdin)
{
    char **argv = mem_alloc((nfiles + ngargs + 2) * sizeof *argv);
    size_t k = 0;
    argv[k++] = (char *)gringo_path();
    for (size_t i = 0; i < ngargs; i++) argv[k++] = (char *)gargs[i];
    for (size_t i = 0; i < nfiles; i++)       /* "-": gringo's standard input, fix's text */
        argv[k++] = names_stdin(dash_is_stdin, files[i]) ? mem_strdup("-") : proc_lp_arg(files[i]);
    argv[k] = NULL;
    return argv;
}

static void gringo_argv_free(char **argv, size_t ngargs)
{
    for (char **a = argv + ngargs + 1; *a; a++) mem_free(*a);
    mem_free(argv);
}

/* What gringo reads on its standard input: nothing (/dev/null), or a program's text written
 * to a pipe while its output is read (fd its write end, -1 once all is written). */
typedef struct GringoInput {
    const char *data;
    size_t len, done;
    int fd;
} GringoInput;

/* Writes what the pipe takes of in's text now (the pipe does not block: see start_gringo);
 * the pipe is closed once all is written, or when gringo stopped reading. */
static void feed_gringo(GringoInput *in)
{
    size_t left = in->len - in->done;
    size_t chunk = left < 65536 ? left : 65536;
    ssize_t n = left ? proc_child_write(in->fd, in->data + in->done, chunk) : 0;
    if (n > 0) in->done += (size_t)n;
    else if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
    if (in->done == in->len || n < 0) {
        close(in->fd);
        in->fd = -1;
    }
}

/* Reads gringo's output until both of its pipes end, looking at the limits at least every
 * 100 ms (gringo may ground for long before it writes anything): its standard output into
 * out, its standard error passed on to ours as it comes; in's text written to it meanwhile.
 * NULL when done, else why it stopped: the limit hit, or "a read error". */
static const char *read_gringo(int fd[2], GringoInput *in, Limits *limits, bool quiet, Buf *out)
{
    char chunk[65536];
    while (fd[0] >= 0 || fd[1] >= 0) {
        const char *hit = limits_check_now(limits, 0);
        if (hit) return hit;
        struct pollfd pfd[3] = { { fd[0], POLLIN, 0 }, { fd[1], POLLIN, 0 },
                                 { in->fd, POLLOUT, 0 } };
        int ready = poll(pfd, 3, 100);
        if (ready < 0 && errno != EINTR) return "a read error";
        if (ready > 0 && pfd[2].revents) feed_gringo(in);
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

/* Starts gringo with pipes for its output, and for its standard input when in has text
 * (else /dev/null): *pid, rd[0], rd[1] the read ends of its standard output and error, and
 * in->fd the write end of its input (not blocking); false with err set. */
static bool start_gringo(char **argv, bool allow_scripts, GringoInput *in, pid_t *pid, int rd[2],
                         Buf *err)
{
    int out[2] = { -1, -1 }, errp[2] = { -1, -1 }, inp[2] = { -1, -1 };
    bool piped = in->data != NULL;
    if ((piped ? pipe(inp) : (inp[0] = open("/dev/null", O_RDONLY | O_CLOEXEC))) < 0 ||
        pipe(out) < 0 || pipe(errp) < 0) {
        buf_printf(err, "cannot make a pipe: %s", strerror(errno));
        close_fds(inp, 2); close_fds(out, 2); close_fds(errp, 2);
        return false;
    }
    int all[6] = { out[0], out[1], errp[0], errp[1], inp[0], inp[1] };
    for (size_t i = 0; i < 6; i++)
        if (all[i] >= 0) fcntl(all[i], F_SETFD, FD_CLOEXEC);
    if (piped) fcntl(inp[1], F_SETFL, fcntl(inp[1], F_GETFL) | O_NONBLOCK);
    ProcChild c = { .program = argv[0], .argv = argv, .in = inp[0], .out = out[1], .err = errp[1],
                   .allow_scripts = allow_scripts };
    Buf why;
    buf_init(&why);
    ProcSpawnStatus st = proc_spawn(&c, pid, &why);
    close(inp[0]); close(out[1]); close(errp[1]);
    if (st == PROC_SPAWN_NOT_FOUND)
        buf_printf(err, "cannot run %s (install gringo 5 or set FIX_GRINGO)", argv[0]);
    else if (st != PROC_SPAWN_OK) buf_printf(err, "%s", buf_cstr(&why));
    buf_free(&why);
    rd[0] = out[0];
    rd[1] = errp[0];
    in->fd = inp[1];
    if (st == PROC_SPAWN_OK) return true;
    close_fds(rd, 2);
    close_fds(&in->fd, 1);
    return false;
}

/* Runs gringo on in's text (NULL data: on its files); its aspif in out.  A limit hit while
 * it runs ends it. */
static bool run_gringo(char **argv, GringoInput *in, const ProcLoadOptions *opt, Buf *out, Buf *err)
{
    pid_t pid;
    int rd[2];
    Limits *limits = opt->limits;
    if (!start_gringo(argv, opt->allow_scripts, in, &pid, rd, err)) return false;
    const char *why = read_gringo(rd, in, limits, opt->quiet, out);
    close_fds(rd, 2);
    close_fds(&in->fd, 1);
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

/* gringo only warns about a missing file; we refuse it ("-" may be standard input). */
static bool files_readable(const char *const *files, size_t nfiles, bool dash_is_stdin, Buf *err)
{
    for (size_t i = 0; i < nfiles; i++) {
        if (names_stdin(dash_is_stdin, files[i])) continue;
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

/* gringo run on argv (its files, or in's text on its standard input): the program of its
 * output, named after `first` in messages. */
static AspProgram *ground(char **argv, GringoInput *in, const char *first, bool declared_project,
                          const ProcLoadOptions *opt, ProcError *err)
{
    Buf text;
    buf_init(&text);
    AspProgram *p = NULL;
    if (!run_gringo(argv, in, opt, &text, &err->message)) failed(err, false);
    else {
        Buf name;
        buf_init(&name);
        buf_printf(&name, "%s (grounded by gringo)", first);
        p = asp_parse_aspif_within(text.data ? text.data : "", text.len, buf_cstr(&name),
                                   opt->limits, &err->message);
        if (!p) failed(err, true);
        else asp_lp_grounded(p);
        /* #project in the source, none of its atoms in the ground program (gringo leaves out
         * an atom no rule can derive, and the statement with it): the shown atoms */
        if (p && declared_project && !asp_has_project(p)) asp_project_on_shown(p);
        buf_free(&name);
    }
    buf_free(&text);
    return p;
}

bool proc_read_stdin_text(const ProcLoadOptions *opt, Buf *text, ProcError *err)
{
    const char *why = asp_read_all(stdin, text, opt->limits);
    err->placed = true;
    if (asp_read_failed(why, "stdin", opt->limits, &err->message)) return false;
    if (!memchr(text->data ? text->data : "", 0, text->len)) return true;
    buf_printf(&err->message, "stdin: error: neither aspif nor the text of a logic program "
               "(it has a NUL byte)");
    return false;
}

/* The .lp files (one may be "-": text, standard input's) checked by lpscan.h unless
 * opt->allow_scripts, then grounded by gringo. */
static AspProgram *check_and_ground(const char *const *files, size_t nfiles, const Buf *text,
                                    const ProcLoadOptions *opt, ProcError *err)
{
    const char **named = mem_alloc(nfiles * sizeof *named);
    size_t nnamed = 0;
    bool declared_project = false, stdin_project = false;
    for (size_t i = 0; i < nfiles; i++)
        if (!names_stdin(opt->dash_is_stdin, files[i])) named[nnamed++] = files[i];
    const char *data = text->data ? text->data : "";
    bool checked = opt->allow_scripts ||
        (proc_lp_scan(named, nnamed, &declared_project, &err->message) &&
         (nnamed == nfiles || proc_lp_scan_text(data, text->len, &stdin_project, &err->message)));
    bool piped = nnamed < nfiles;
    mem_free(named);
    if (!checked) return failed(err, true);
    char **argv = gringo_argv(files, nfiles, opt->gargs, opt->ngargs, opt->dash_is_stdin);
    GringoInput in = { .data = piped ? data : NULL, .len = text->len, .fd = -1 };
    const char *first = names_stdin(opt->dash_is_stdin, files[0]) ? "stdin" : files[0];
    AspProgram *p = ground(argv, &in, first, declared_project || stdin_project, opt, err);
    gringo_argv_free(argv, opt->ngargs);
    return p;
}

AspProgram *proc_ground_lp(const char *const *files, size_t nfiles, const ProcLoadOptions *opt,
                           ProcError *err)
{
    Buf *msg = &err->message;
    if (!nfiles) {
        buf_puts(msg, "no .lp file to ground");
        return failed(err, false);
    }
    if (!files_readable(files, nfiles, opt->dash_is_stdin, msg)) return failed(err, true);
    Buf text;
    buf_init(&text);
    bool from_stdin = false;
    for (size_t i = 0; i < nfiles; i++) from_stdin |= names_stdin(opt->dash_is_stdin, files[i]);
    const Buf *given = opt->stdin_text;
    AspProgram *p = from_stdin && !given && !proc_read_stdin_text(opt, &text, err) ? NULL
                    : check_and_ground(files, nfiles, given ? given : &text, opt, err);
    buf_free(&text);
    return p;
}

/* Standard input as clingo reads it, the text of a logic program, grounded by gringo (after
 * lpscan.h's check), unless it starts as aspif does ("asp "; or opt->aspif, clingo's
 * --mode=clasp): then it is read as aspif.  Text with a NUL byte is neither, and is read as
 * aspif no further than its first bytes (an endless /dev/zero is refused at once), as is an
 * input whose first read failed (a signal stopped a silent pipe: aspif's reader says so). */
static AspProgram *load_stdin(const ProcLoadOptions *opt, ProcError *err)
{
    Buf text;
    buf_init(&text);
    char head[4];
    size_t n = fread(head, 1, sizeof head, stdin);
    buf_putn(&text, head, n);
    err->placed = true;
    if (opt->aspif || (n == 4 && !memcmp(head, "asp ", 4)) || memchr(head, 0, n) || ferror(stdin))
        return asp_read_aspif_after(stdin, &text, "stdin", opt->limits, &err->message);
    const char *dash = "-";
    ProcLoadOptions from_stdin = *opt;
    from_stdin.dash_is_stdin = true;
    AspProgram *p = proc_read_stdin_text(opt, &text, err)
                    ? check_and_ground(&dash, 1, &text, &from_stdin, err) : NULL;
    buf_free(&text);
    return p;
}

AspProgram *proc_load(const char *path, const ProcLoadOptions *opt, ProcError *err)
{
    if (!opt->aspif && str_ends_with(path, ".lp")) return proc_ground_lp(&path, 1, opt, err);
    if (strcmp(path, "-") == 0) return load_stdin(opt, err);
    err->placed = true;                      /* the errors of reading aspif are the file's */
    FILE *f = open_input(path, &err->message);
    if (!f) return NULL;
    AspProgram *p = asp_read_aspif(f, path, opt->limits, opt->pack_rules, &err->message);
    fclose(f);
    return p;
}
