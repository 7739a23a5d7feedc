/* ground.c: grounds .lp files by running gringo and reading its aspif output, after
 * lpscan.c has checked that they hold no code for gringo to run; opens aspif input. */
#include "asp/internal.h"
#include "asp/lpscan.h"

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

/* A file name as gringo must get it: a relative one gets "./" in front, so that gringo never
 * takes it for an option or for standard input ("-").  (gringo 5.4 has no "--" to end its
 * options: given one, it reads standard input and ignores the files.) */
static char *as_path(const char *file)
{
    bool plain = file[0] == '/' || !strncmp(file, "./", 2) || !strncmp(file, "../", 3);
    char *p = mem_alloc(strlen(file) + 3);
    strcpy(p, plain ? "" : "./");
    strcat(p, file);
    return p;
}

/* argv for gringo: the program, extra arguments, the files, NULL. */
static char **gringo_argv(const char *const *files, size_t nfiles, const char *const *gargs,
                          size_t ngargs)
{
    char **argv = mem_alloc((nfiles + ngargs + 2) * sizeof *argv);
    size_t k = 0;
    argv[k++] = (char *)gringo_path();
    for (size_t i = 0; i < ngargs; i++) argv[k++] = (char *)gargs[i];
    for (size_t i = 0; i < nfiles; i++) argv[k++] = as_path(files[i]);
    argv[k] = NULL;
    return argv;
}

static void gringo_argv_free(char **argv, size_t ngargs)
{
    for (char **a = argv + ngargs + 1; *a; a++) mem_free(*a);
    mem_free(argv);
}

static FIX_NORETURN void run_child(int fd[2], char **argv)
{
    close(fd[0]);
    int null = open("/dev/null", O_RDONLY);              /* gringo never reads our stdin */
    if (null < 0 || dup2(null, STDIN_FILENO) < 0 || dup2(fd[1], STDOUT_FILENO) < 0) _exit(127);
    close(null);
    close(fd[1]);
    execvp(argv[0], argv);
    fprintf(stderr, "fix: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

/* Reads gringo's output until it ends, looking at the limits at least every 100 ms (gringo
 * may ground for long before it writes anything).  NULL when done, else why it stopped: the
 * limit hit, or "a read error". */
static const char *read_fd(int fd, Limits *limits, Buf *out)
{
    char chunk[65536];
    for (;;) {
        const char *hit = limits_check_now(limits, 0);
        if (hit) return hit;
        struct pollfd pfd = { .fd = fd, .events = POLLIN };
        int ready = poll(&pfd, 1, 100);
        if (ready < 0 && errno != EINTR) return "a read error";
        if (ready <= 0) continue;
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n == 0) return NULL;
        if (n < 0) {
            if (errno == EINTR) continue;
            return "a read error";
        }
        buf_putn(out, chunk, (size_t)n);
    }
}

/* Runs gringo; its aspif in out.  Its stderr goes straight to ours.  A limit hit while it
 * runs ends it. */
static bool run_gringo(char **argv, Limits *limits, Buf *out, Buf *err)
{
    int fd[2];
    if (pipe(fd) < 0) {
        buf_printf(err, "fix: error: cannot make a pipe: %s", strerror(errno));
        return false;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        buf_printf(err, "fix: error: cannot fork: %s", strerror(errno));
        close(fd[0]);
        close(fd[1]);
        return false;
    }
    if (pid == 0) run_child(fd, argv);
    close(fd[1]);
    const char *why = read_fd(fd[0], limits, out);
    close(fd[0]);
    if (why && limits && limits->hit) kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (why && limits && limits->hit)
        buf_printf(err, "fix: error: stopped by %s while %s was grounding", why, argv[0]);
    else if (why) buf_printf(err, "fix: error: cannot read the output of %s", argv[0]);
    else if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        buf_printf(err, "fix: error: cannot run %s (install gringo 5 or set FIX_GRINGO)",
                   argv[0]);
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        buf_printf(err, "fix: error: %s failed (exit status %d)", argv[0],
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
    if (!f) buf_printf(err, "%s: error: cannot open: %s", path, strerror(errno));
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

/* The source has #project but none of its atoms is in the ground program (gringo leaves
 * out an atom no rule can derive, and the statement with it): models are told apart by the
 * shown atoms, as clingo --project does for a program without #project statements. */
static void project_on_shown(AspProgram *p)
{
    VEC(AspAtom) shown = {0};
    for (size_t a = 0; a < asp_atom_count(p); a++)
        if (asp_atom_name(p, (AspAtom)a)) VEC_PUSH(shown, (AspAtom)a);
    asp_add_project(p, shown.items, shown.count);
    VEC_FREE(shown);
}

AspProgram *asp_ground_lp(const char *const *files, size_t nfiles, const AspLoadOptions *opt,
                          Buf *err)
{
    const char *const *gargs = opt->gargs;
    size_t ngargs = opt->ngargs;
    if (!nfiles) {
        buf_puts(err, "fix: error: no .lp file to ground");
        return NULL;
    }
    if (!files_readable(files, nfiles, err)) return NULL;
    bool declared_project = false;
    if (!opt->allow_scripts && !asp_lp_scan(files, nfiles, &declared_project, err)) return NULL;
    char **argv = gringo_argv(files, nfiles, gargs, ngargs);
    Buf text;
    buf_init(&text);
    AspProgram *p = NULL;
    if (run_gringo(argv, opt->limits, &text, err)) {
        Buf name;
        buf_init(&name);
        buf_printf(&name, "%s (grounded by gringo)", files[0]);
        p = asp_parse_aspif_within(text.data ? text.data : "", text.len, buf_cstr(&name),
                                   opt->limits, err);
        if (p) p->gringo_lines = true;
        if (p && declared_project && !asp_has_project(p)) project_on_shown(p);
        for (size_t i = 0; p && !ngargs && i < nfiles; i++) VEC_PUSH(p->lp_files, mem_strdup(files[i]));
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

AspProgram *asp_load(const char *path, const AspLoadOptions *opt, Buf *err)
{
    if (strcmp(path, "-") == 0) return asp_read_aspif(stdin, "stdin", opt->limits, err);
    if (ends_with(path, ".lp")) return asp_ground_lp(&path, 1, opt, err);
    FILE *f = open_input(path, err);
    if (!f) return NULL;
    AspProgram *p = asp_read_aspif(f, path, opt->limits, err);
    fclose(f);
    return p;
}
