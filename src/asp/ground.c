/* ground.c: grounds .lp files by running gringo and reading its aspif output. */
#include "asp/internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
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
    for (size_t i = 0; i < nfiles; i++) argv[k++] = (char *)files[i];
    argv[k] = NULL;
    return argv;
}

static FIX_NORETURN void run_child(int fd[2], char **argv)
{
    close(fd[0]);
    if (dup2(fd[1], STDOUT_FILENO) < 0) _exit(127);
    close(fd[1]);
    execvp(argv[0], argv);
    fprintf(stderr, "fix: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

static bool read_fd(int fd, Buf *out)
{
    char chunk[65536];
    for (;;) {
        ssize_t n = read(fd, chunk, sizeof chunk);
        if (n == 0) return true;
        if (n < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        buf_putn(out, chunk, (size_t)n);
    }
}

/* Runs gringo; its aspif in out.  Its stderr goes straight to ours. */
static bool run_gringo(char **argv, Buf *out, Buf *err)
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
    bool ok = read_fd(fd[0], out);
    close(fd[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (!ok) buf_printf(err, "fix: error: cannot read the output of %s", argv[0]);
    else if (WIFEXITED(status) && WEXITSTATUS(status) == 127)
        buf_printf(err, "fix: error: cannot run %s (install gringo 5 or set FIX_GRINGO)",
                   argv[0]);
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        buf_printf(err, "fix: error: %s failed (exit status %d)", argv[0],
                   WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    else return true;
    return false;
}

/* gringo only warns about a missing file; we refuse it. */
static bool files_readable(const char *const *files, size_t nfiles, Buf *err)
{
    for (size_t i = 0; i < nfiles; i++) {
        if (strcmp(files[i], "-") == 0) continue;
        FILE *f = fopen(files[i], "rb");
        if (!f) {
            buf_printf(err, "%s: error: cannot open: %s", files[i], strerror(errno));
            return false;
        }
        fclose(f);
    }
    return true;
}

AspProgram *asp_ground_lp(const char *const *files, size_t nfiles,
                          const char *const *gargs, size_t ngargs, Buf *err)
{
    if (!files_readable(files, nfiles, err)) return NULL;
    char **argv = gringo_argv(files, nfiles, gargs, ngargs);
    Buf text;
    buf_init(&text);
    AspProgram *p = NULL;
    if (run_gringo(argv, &text, err)) {
        Buf name;
        buf_init(&name);
        buf_printf(&name, "%s (grounded by gringo)", nfiles ? files[0] : "stdin");
        p = asp_parse_aspif(text.data ? text.data : "", text.len, buf_cstr(&name), err);
        buf_free(&name);
    }
    buf_free(&text);
    mem_free(argv);
    return p;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

AspProgram *asp_load(const char *path, Buf *err)
{
    if (strcmp(path, "-") == 0) return asp_read_aspif(stdin, "stdin", err);
    if (ends_with(path, ".lp")) return asp_ground_lp(&path, 1, NULL, 0, err);
    FILE *f = fopen(path, "rb");
    if (!f) {
        buf_printf(err, "%s: error: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    AspProgram *p = asp_read_aspif(f, path, err);
    fclose(f);
    return p;
}
