/* clingo.c: runs clingo as a subprocess (sandbox.h; the program on its standard input, its
 * standard output and error read back while the limits are polled) and parses its answers. */
#include "proc/clingo.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "proc/sandbox.h"

const char *proc_clingo_path(void)
{
    const char *c = getenv("FIX_CLINGO");
    return c && *c ? c : "clingo";
}

void proc_clingo_program(const AspProgram *p, const AspAtom *atoms, size_t n, Buf *b)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    asp_write_aspif_ex(p, f, false);
    fclose(f);
    if (len >= 2 && text[len - 2] == '0' && text[len - 1] == '\n'
        && (len == 2 || text[len - 3] == '\n'))
        len -= 2;
    buf_putn(b, text, len);
    free(text);
    char num[24];
    for (size_t i = 0; i < n; i++) {
        int k = snprintf(num, sizeof num, "%u", (unsigned)atoms[i]);
        buf_printf(b, "4 %d %s 1 %u\n", k, num, (unsigned)atoms[i] + 1);
    }
}

void clingo_answer_init(ClingoAnswer *a)
{
    memset(a, 0, sizeof *a);
    VEC_PUSH(a->start, 0);
    VEC_PUSH(a->atoms, 0);         /* never NULL (an empty model is `items + 0`); count stays 0 */
    a->atoms.count = 0;
}

void clingo_answer_free(ClingoAnswer *a)
{
    VEC_FREE(a->atoms);
    VEC_FREE(a->start);
    VEC_FREE(a->costs);
}

size_t clingo_answer_models(const ClingoAnswer *a)
{
    return a->start.count - 1;
}

const uint32_t *clingo_answer_atoms(const ClingoAnswer *a, size_t i, size_t *n)
{
    *n = a->start.items[i + 1] - a->start.items[i];
    return a->atoms.items + a->start.items[i];
}

const int64_t *clingo_answer_costs(const ClingoAnswer *a, size_t i)
{
    return a->ncosts ? a->costs.items + i * a->ncosts : NULL;
}

/* ---- parsing ---- */

typedef struct Parse {
    ClingoAnswer *ans;
    bool want_atoms;              /* the line after "Answer: k" */
    size_t pending_costs;         /* models whose Optimization line is still to come */
    Buf *err;
} Parse;

static bool bad_line(Parse *ps, const char *why, const char *line, size_t n)
{
    buf_printf(ps->err, "clingo printed %s: \"%.*s\"", why, (int)(n > 80 ? 80 : n), line);
    return false;
}

static bool parse_atoms(Parse *ps, const char *line, size_t n)
{
    ClingoAnswer *a = ps->ans;
    size_t i = 0, mark = a->atoms.count;
    while (i < n) {
        if (line[i] == ' ') { i++; continue; }
        uint64_t v = 0;
        size_t j = i;
        while (j < n && line[j] >= '0' && line[j] <= '9' && v < UINT32_MAX)
            v = v * 10 + (uint64_t)(line[j++] - '0');
        if (j == i || v > UINT32_MAX || (j < n && line[j] != ' ')) {
            a->atoms.count = mark;
            return bad_line(ps, "an answer that is not a list of atoms", line, n);
        }
        VEC_PUSH(a->atoms, (uint32_t)v);
        i = j;
    }
    VEC_PUSH(a->start, a->atoms.count);
    return true;
}

static bool parse_costs(Parse *ps, const char *line, size_t n)
{
    ClingoAnswer *a = ps->ans;
    size_t levels = 0;
    char tmp[32];
    for (size_t i = 0; i < n;) {
        while (i < n && line[i] == ' ') i++;
        size_t j = i;
        while (j < n && line[j] != ' ') j++;
        if (j == i) break;
        if (j - i >= sizeof tmp) return bad_line(ps, "a cost out of range", line, n);
        memcpy(tmp, line + i, j - i);
        tmp[j - i] = 0;
        char *end;
        errno = 0;
        long long c = strtoll(tmp, &end, 10);
        if (*end || errno) return bad_line(ps, "a cost that is not a number", line, n);
        VEC_PUSH(a->costs, (int64_t)c);
        levels++;
        i = j;
    }
    if (a->ncosts && levels != a->ncosts)
        return bad_line(ps, "costs with a different number of levels", line, n);
    a->ncosts = levels;
    ps->pending_costs = 0;
    return true;
}

static bool starts(const char *line, size_t n, const char *word)
{
    size_t m = strlen(word);
    return n >= m && memcmp(line, word, m) == 0;
}

static bool is(const char *line, size_t n, const char *word)
{
    return n == strlen(word) && memcmp(line, word, n) == 0;
}

static bool parse_line(Parse *ps, const char *line, size_t n)
{
    if (n && line[n - 1] == '\r') n--;
    if (ps->want_atoms) {
        ps->want_atoms = false;
        ps->pending_costs = 1;
        return parse_atoms(ps, line, n);
    }
    if (starts(line, n, "Answer: ")) { ps->want_atoms = true; return true; }
    if (starts(line, n, "Optimization: ")) {
        if (!ps->pending_costs) return bad_line(ps, "costs without an answer", line, n);
        return parse_costs(ps, line + 14, n - 14);
    }
    ps->pending_costs = 0;
    if (is(line, n, "SATISFIABLE")) ps->ans->result = CLINGO_SAT;
    else if (is(line, n, "UNSATISFIABLE")) ps->ans->result = CLINGO_UNSAT;
    else if (is(line, n, "OPTIMUM FOUND")) ps->ans->result = CLINGO_OPTIMUM;
    else if (is(line, n, "UNKNOWN")) ps->ans->result = CLINGO_UNKNOWN;
    return true;
}

/* A model whose costs did not come (clingo stopped between the lines) is dropped. */
static void drop_costless(ClingoAnswer *a)
{
    while (a->ncosts && a->costs.count < clingo_answer_models(a) * a->ncosts) {
        a->start.count--;
        a->atoms.count = a->start.items[a->start.count - 1];
    }
}

bool proc_clingo_parse(const char *text, size_t len, ClingoAnswer *ans, Buf *err)
{
    Parse ps = { .ans = ans, .err = err };
    size_t i = 0;
    while (i < len) {
        const char *nl = memchr(text + i, '\n', len - i);
        if (!nl) break;                         /* a last line cut short is not read */
        size_t n = (size_t)(nl - (text + i));
        if (!parse_line(&ps, text + i, n)) return false;
        i += n + 1;
    }
    drop_costless(ans);
    return true;
}

/* ---- the subprocess ---- */

typedef struct Child {
    pid_t pid;
    int in, out, errfd;           /* our ends: its stdin, stdout, stderr; -1 when closed */
} Child;

static void close_pair(int p[2])
{
    if (p[0] >= 0) close(p[0]);
    if (p[1] >= 0) close(p[1]);
}

static bool cloexec_pipe(int p[2])
{
    if (pipe(p) < 0) return false;
    fcntl(p[0], F_SETFD, FD_CLOEXEC);
    fcntl(p[1], F_SETFD, FD_CLOEXEC);
    return true;
}

/* Starts clingo (sandbox.h: sandboxed unless allow_scripts; it dies with fix, also with a
 * raced copy of fix that is killed, race.c). */
static bool spawn(char **argv, bool allow_scripts, Child *c, Buf *err)
{
    int in[2] = { -1, -1 }, out[2] = { -1, -1 }, errp[2] = { -1, -1 };
    if (!cloexec_pipe(in) || !cloexec_pipe(out) || !cloexec_pipe(errp)) {
        buf_printf(err, "cannot make a pipe for clingo: %s", strerror(errno));
        close_pair(in); close_pair(out); close_pair(errp);
        return false;
    }
    ProcChild child = { .program = argv[0], .argv = argv, .in = in[0], .out = out[1],
                       .err = errp[1], .allow_scripts = allow_scripts };
    Buf why;
    buf_init(&why);
    ProcSpawnStatus st = proc_spawn(&child, &c->pid, &why);
    close(in[0]); close(out[1]); close(errp[1]);
    if (st == PROC_SPAWN_NOT_FOUND)
        buf_printf(err, "cannot run %s (install clingo 5 or set FIX_CLINGO)", argv[0]);
    else if (st != PROC_SPAWN_OK) buf_puts(err, buf_cstr(&why));
    buf_free(&why);
    if (st != PROC_SPAWN_OK) {
        close(in[1]); close(out[0]); close(errp[0]);
        return false;
    }
    c->in = in[1];
    c->out = out[0];
    c->errfd = errp[0];
    fcntl(c->in, F_SETFL, fcntl(c->in, F_GETFL) | O_NONBLOCK);
    return true;
}

static void close_fd(int *fd)
{
    if (*fd >= 0) close(*fd);
    *fd = -1;
}

/* Reads what fd has into b; closes it at end of file. */
static void drain(int *fd, Buf *b)
{
    char chunk[65536];
    ssize_t n = read(*fd, chunk, sizeof chunk);
    if (n > 0) buf_putn(b, chunk, (size_t)n);
    else if (n == 0 || errno != EINTR) close_fd(fd);
}

/* Feeds the program and collects both outputs until clingo closes them, polling the limits
 * at least every 100 ms.  NULL, or the limit hit (clingo then gets SIGKILL). */
static const char *talk(Child *c, const Buf *prog, Limits *limits, Buf *out, Buf *errtext)
{
    size_t sent = 0;
    if (!prog->len) close_fd(&c->in);
    while (c->out >= 0 || c->errfd >= 0) {
        const char *hit = limits_check_now(limits, 0);
        if (hit) {
            proc_spawn_kill(c->pid);
            return hit;
        }
        struct pollfd pf[3] = { { c->out, POLLIN, 0 }, { c->errfd, POLLIN, 0 },
                                { c->in, POLLOUT, 0 } };
        if (poll(pf, 3, 100) <= 0) continue;
        if (pf[0].revents) drain(&c->out, out);
        if (pf[1].revents) drain(&c->errfd, errtext);
        if (c->in >= 0 && pf[2].revents) {
            ssize_t n = write(c->in, prog->data + sent, prog->len - sent);
            if (n > 0) sent += (size_t)n;
            if ((n < 0 && errno != EAGAIN && errno != EINTR) || sent == prog->len)
                close_fd(&c->in);
        }
    }
    return NULL;
}

static char **clingo_argv(const ClingoCall *call, char *count)
{
    char **argv = mem_alloc((call->nargs + 4) * sizeof *argv);
    size_t k = 0;
    argv[k++] = (char *)proc_clingo_path();
    argv[k++] = (char *)"--mode=clasp";
    for (size_t i = 0; i < call->nargs; i++) argv[k++] = (char *)call->args[i];
    snprintf(count, 24, "%zu", call->max_models);
    argv[k++] = count;
    argv[k] = NULL;
    return argv;
}

/* The first lines of clingo's standard error, for a message. */
static void quote_stderr(Buf *err, Buf *text)
{
    const char *s = buf_cstr(text);
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == ' ')) n--;
    if (n > 400) n = 400;
    if (n) buf_printf(err, ": %.*s", (int)n, s);
}

/* 0 unknown, 10 satisfiable, 20 exhausted (30 both); +1 interrupted, which is an answer
 * only when our own limit or Ctrl-C stopped it. */
static bool clingo_code_ok(int code, bool stopped)
{
    if (code & 1) {
        if (!stopped) return false;
        code--;
    }
    return code == 0 || code == 10 || code == 20 || code == 30;
}

/* Maps how clingo ended to the answer, or to an error. */
static bool judge(const char *path, int status, Buf *errtext, ClingoAnswer *ans, Buf *err)
{
    if (ans->stopped && !WIFEXITED(status)) return true;     /* we killed it */
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        buf_printf(err, "cannot run %s (install clingo 5 or set FIX_CLINGO)", path);
        return false;
    }
    if (!WIFEXITED(status)) {
        buf_printf(err, "%s was killed by signal %d", path, WTERMSIG(status));
        return false;
    }
    ans->exit_code = WEXITSTATUS(status);
    if (!clingo_code_ok(ans->exit_code, ans->stopped)) {
        buf_printf(err, "%s failed (exit status %d)", path, ans->exit_code);
        quote_stderr(err, errtext);
        return false;
    }
    ans->exhausted = (ans->exit_code & 20) == 20;
    return true;
}

bool proc_clingo_run(const ClingoCall *call, ClingoAnswer *ans, Buf *err)
{
    char count[24];
    char **argv = clingo_argv(call, count);
    Child c;
    bool ok = spawn(argv, call->allow_scripts, &c, err);
    Buf out, errtext;
    buf_init(&out);
    buf_init(&errtext);
    if (ok) {
        struct sigaction ign = { .sa_handler = SIG_IGN }, old;
        sigaction(SIGPIPE, &ign, &old);           /* clingo may exit before reading it all */
        const char *hit = talk(&c, call->program, call->limits, &out, &errtext);
        sigaction(SIGPIPE, &old, NULL);
        close_fd(&c.in); close_fd(&c.out); close_fd(&c.errfd);
        int status = 0;
        while (waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {}
        ans->stopped = hit || limits_check_now(call->limits, 0);   /* Ctrl-C reaches it too */
        ok = judge(argv[0], status, &errtext, ans, err);
        if (ok && !proc_clingo_parse(out.data ? out.data : "", out.len, ans, err)) ok = false;
    }
    buf_free(&out);
    buf_free(&errtext);
    mem_free(argv);
    return ok;
}
