/* clingo.c: runs clingo as a subprocess (sandbox.h; the program on its standard input, its
 * standard output and error read back while the limits are polled) and parses its answers as
 * they come, handing each model on at once. */
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

/* ---- parsing ---- */

/* The reader of one run's standard output: the line not yet ended, and the model whose
 * line was read while its costs are still to come. */
typedef struct Parse {
    const ClingoCall *call;
    ClingoAnswer *ans;
    bool want_atoms;              /* the line after "Answer: k" */
    bool pending;                 /* atoms holds a model waiting for its Optimization line */
    VEC(uint32_t) atoms;
    VEC(int64_t) costs;
    Buf line;                     /* bytes after the last newline */
    Buf *err;
} Parse;

static void parse_init(Parse *ps, const ClingoCall *call, ClingoAnswer *ans, Buf *err)
{
    memset(ps, 0, sizeof *ps);
    ps->call = call;
    ps->ans = ans;
    ps->err = err;
    buf_init(&ps->line);
    VEC_PUSH(ps->atoms, 0);       /* never NULL (an empty model is `items + 0`) */
    ps->atoms.count = 0;
}

static void parse_free(Parse *ps)
{
    VEC_FREE(ps->atoms);
    VEC_FREE(ps->costs);
    buf_free(&ps->line);
}

static bool bad_line(Parse *ps, const char *why, const char *line, size_t n)
{
    buf_printf(ps->err, "clingo printed %s: \"%.*s\"", why, (int)(n > 80 ? 80 : n), line);
    return false;
}

/* The pending model to the caller; false when the caller wants no more. */
static bool hand_on(Parse *ps)
{
    ps->pending = false;
    ps->ans->models++;
    const ClingoCall *c = ps->call;
    bool more = c->on_model(c->ctx, ps->atoms.items, ps->atoms.count,
                            c->levels ? ps->costs.items : NULL);
    if (!more) ps->ans->cut = true;
    return more;
}

static bool parse_atoms(Parse *ps, const char *line, size_t n)
{
    ps->atoms.count = 0;
    size_t i = 0;
    while (i < n) {
        if (line[i] == ' ') { i++; continue; }
        uint64_t v = 0;
        size_t j = i;
        while (j < n && line[j] >= '0' && line[j] <= '9' && v < UINT32_MAX)
            v = v * 10 + (uint64_t)(line[j++] - '0');
        if (j == i || v > UINT32_MAX || (j < n && line[j] != ' '))
            return bad_line(ps, "an answer that is not a list of atoms", line, n);
        VEC_PUSH(ps->atoms, (uint32_t)v);
        i = j;
    }
    ps->pending = true;
    return ps->call->levels || hand_on(ps);
}

static bool parse_costs(Parse *ps, const char *line, size_t n)
{
    ps->costs.count = 0;
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
        VEC_PUSH(ps->costs, (int64_t)c);
        i = j;
    }
    if (ps->costs.count != ps->call->levels) {
        buf_printf(ps->err, "clingo printed costs of %zu levels, the program has %zu",
                   ps->costs.count, ps->call->levels);
        return false;
    }
    return hand_on(ps);
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

/* One line; false on a line that is not clingo's, or when the caller wants no more. */
static bool parse_line(Parse *ps, const char *line, size_t n)
{
    if (n && line[n - 1] == '\r') n--;
    if (ps->want_atoms) {
        ps->want_atoms = false;
        return parse_atoms(ps, line, n);
    }
    if (starts(line, n, "Optimization: ")) {
        if (!ps->call->levels) return true;     /* costs nobody asked for */
        if (!ps->pending) return bad_line(ps, "costs without an answer", line, n);
        return parse_costs(ps, line + 14, n - 14);
    }
    ps->pending = false;          /* a model whose costs did not come is not handed on */
    if (starts(line, n, "Answer: ")) ps->want_atoms = true;
    else if (is(line, n, "SATISFIABLE")) ps->ans->result = CLINGO_SAT;
    else if (is(line, n, "UNSATISFIABLE")) ps->ans->result = CLINGO_UNSAT;
    else if (is(line, n, "OPTIMUM FOUND")) ps->ans->result = CLINGO_OPTIMUM;
    else if (is(line, n, "UNKNOWN")) ps->ans->result = CLINGO_UNKNOWN;
    return true;
}

/* The complete lines of text[0..len) (after what ps->line holds from before); the rest is
 * kept for the next call.  False as parse_line. */
static bool parse_more(Parse *ps, const char *text, size_t len)
{
    while (len) {
        const char *nl = memchr(text, '\n', len);
        if (!nl) { buf_putn(&ps->line, text, len); return true; }
        size_t n = (size_t)(nl - text);
        bool ok;
        if (ps->line.len) {
            buf_putn(&ps->line, text, n);
            ok = parse_line(ps, ps->line.data, ps->line.len);
            buf_clear(&ps->line);
        } else ok = parse_line(ps, text, n);
        if (!ok) return false;
        text += n + 1;
        len -= n + 1;
    }
    return true;
}

bool proc_clingo_parse(const char *text, size_t len, const ClingoCall *call, ClingoAnswer *ans,
                       Buf *err)
{
    Parse ps;
    parse_init(&ps, call, ans, err);
    bool ok = parse_more(&ps, text, len) || ans->cut;   /* a last line cut short is not read */
    parse_free(&ps);
    return ok;
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

/* At most this much of clingo's standard error is kept: a message quotes its first lines. */
#define STDERR_KEPT 65536

/* Reads what fd has: into b (up to `keep` bytes of it), or when ps is given, parsed as it
 * comes.  Closes fd at end of file.  False when the parse failed or its caller wants no
 * more. */
static bool drain(int *fd, Buf *b, size_t keep, Parse *ps)
{
    char chunk[65536];
    ssize_t n = read(*fd, chunk, sizeof chunk);
    if (n <= 0) {
        if (n == 0 || errno != EINTR) close_fd(fd);
        return true;
    }
    if (ps) return parse_more(ps, chunk, (size_t)n);
    if (b->len < keep) buf_putn(b, chunk, (size_t)n < keep - b->len ? (size_t)n : keep - b->len);
    return true;
}

/* How talk ended. */
typedef enum { TALK_DONE, TALK_LIMIT, TALK_CUT } TalkEnd;

/* Feeds the program and reads both outputs until clingo closes them, its models parsed and
 * handed on as they come, polling the limits at least every 100 ms.  TALK_LIMIT (*hit the
 * limit's name) and TALK_CUT (the parse failed or the caller wanted no more) kill clingo. */
static TalkEnd talk(Child *c, const Buf *prog, Limits *limits, Parse *ps, Buf *errtext,
                    const char **hit)
{
    size_t sent = 0;
    if (!prog->len) close_fd(&c->in);
    while (c->out >= 0 || c->errfd >= 0) {
        *hit = limits_check_now(limits, 0);
        if (*hit) {
            proc_spawn_kill(c->pid);
            return TALK_LIMIT;
        }
        struct pollfd pf[3] = { { c->out, POLLIN, 0 }, { c->errfd, POLLIN, 0 },
                                { c->in, POLLOUT, 0 } };
        if (poll(pf, 3, 100) <= 0) continue;
        if (pf[0].revents && !drain(&c->out, NULL, 0, ps)) {
            proc_spawn_kill(c->pid);
            return TALK_CUT;
        }
        if (pf[1].revents) drain(&c->errfd, errtext, STDERR_KEPT, NULL);
        if (c->in >= 0 && pf[2].revents) {
            ssize_t n = proc_child_write(c->in, prog->data + sent, prog->len - sent);
            if (n > 0) sent += (size_t)n;
            if ((n < 0 && errno != EAGAIN && errno != EINTR) || sent == prog->len)
                close_fd(&c->in);
        }
    }
    return TALK_DONE;
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
    if ((ans->stopped || ans->cut) && !WIFEXITED(status)) return true;     /* we killed it */
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
    ans->exhausted = !ans->cut && (ans->exit_code & 20) == 20;
    return true;
}

bool proc_clingo_run(const ClingoCall *call, ClingoAnswer *ans, Buf *err)
{
    memset(ans, 0, sizeof *ans);
    char count[24];
    char **argv = clingo_argv(call, count);
    Child c;
    bool ok = spawn(argv, call->allow_scripts, &c, err);
    if (ok) {
        Parse ps;
        parse_init(&ps, call, ans, err);
        Buf errtext;
        buf_init(&errtext);
        const char *hit = NULL;
        TalkEnd end = talk(&c, call->program, call->limits, &ps, &errtext, &hit);
        close_fd(&c.in); close_fd(&c.out); close_fd(&c.errfd);
        int status = 0;
        while (waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {}
        bool bad_output = end == TALK_CUT && !ans->cut;
        ans->stopped = hit || limits_check_now(call->limits, 0);   /* Ctrl-C reaches it too */
        ok = !bad_output && judge(argv[0], status, &errtext, ans, err);
        buf_free(&errtext);
        parse_free(&ps);
    }
    mem_free(argv);
    return ok;
}
