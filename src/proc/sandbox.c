/* sandbox.c: starts gringo and clingo (sandbox.h).  The parent finds the program on PATH
 * (refusing, for the sandbox, a script: its interpreter could run nothing else) and cleans the
 * environment; the forked child joins a session of its own, dies with its parent, takes its
 * three descriptors and closes every other one, and, sandboxed, drops its capabilities,
 * installs the seccomp filter (sysfilter.h), checks that it is in force, hands the filter's
 * listener to the parent over a socket pair (SCM_RIGHTS), closes its own copy and executes the
 * program.  That exec waits for the parent, which lets it through and closes the listener:
 * from then on no exec can succeed, since nobody is left to let one through.  The child
 * allocates nothing.  When it cannot start, it tells the parent why on a close-on-exec pipe,
 * which an exec closes without a word. */
#include "proc/sandbox.h"
#include "proc/sysfilter.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/capability.h>
#include <sys/prctl.h>
#endif

#include "util/mem.h"

extern char **environ;

/* Why the child could not start: a kind ('N' not found, 'S' a script, 'F' no sandbox, 'E' the
 * exec failed, 'D' its descriptors), the errno (0: none) and what it was doing. */
typedef struct Report {
    char kind;
    int err;
    char what[160];
} Report;

/* Everything the child needs, made before the fork. */
typedef struct Plan {
    const ProcChild *c;
    const char *path;
    char **envp;
    int report;                   /* the write end of the report pipe */
    int hand;                     /* sandboxed: the child's end of the socket pair */
    pid_t parent;
} Plan;

/* ---- in the child ---- */

static FIX_NORETURN void child_fail(const Plan *p, char kind, const char *what, int err)
{
    Report r;
    memset(&r, 0, sizeof r);
    r.kind = kind;
    r.err = err;
    size_t n = strlen(what);
    memcpy(r.what, what, n < sizeof r.what ? n : sizeof r.what - 1);
    ssize_t w = write(p->report, &r, sizeof r);
    (void)w;
    _exit(127);
}

/* Closes every descriptor from 3 on but a and b (-1: none). */
static void close_others(int a, int b)
{
    struct rlimit rl;
    rlim_t max = getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < 65536 ? rl.rlim_cur : 65536;
    int top = a > b ? a : b;
#ifdef SYS_close_range
    bool done = true;
    for (int fd = 3; done && fd <= top; fd++)
        if (fd != a && fd != b) done = close(fd) == 0 || errno == EBADF;
    if (done && syscall(SYS_close_range, (unsigned)top + 1, ~0u, 0u) == 0) return;
#endif
    for (int fd = 3; (rlim_t)fd < max; fd++)
        if (fd != a && fd != b) close(fd);
}

/* Descriptors 0, 1 and 2 from c's (copied above 2 first: one of them may be 0, 1 or 2); the
 * report pipe above 2; every other descriptor closed. */
static void child_descriptors(Plan *p)
{
    int src[3] = { p->c->in, p->c->out, p->c->err }, high[3];
    int report = fcntl(p->report, F_DUPFD_CLOEXEC, 3);
    if (report < 0) _exit(127);
    p->report = report;
    if (p->hand >= 0 && (p->hand = fcntl(p->hand, F_DUPFD_CLOEXEC, 3)) < 0) _exit(127);
    for (int k = 0; k < 3; k++)
        if ((high[k] = fcntl(src[k], F_DUPFD_CLOEXEC, 3)) < 0)
            child_fail(p, 'D', "cannot copy a descriptor", errno);
    for (int k = 0; k < 3; k++)
        if (dup2(high[k], k) < 0) child_fail(p, 'D', "cannot set a standard descriptor", errno);
    close_others(report, p->hand);
}

/* No capability survives the exec, even for root: the bounding and ambient sets emptied, the
 * process's own sets cleared.  Best effort (without CAP_SETPCAP the bounding set stays, and a
 * process that is not root has none to lose); the filter does not depend on it. */
static void drop_capabilities(void)
{
#ifdef __linux__
    (void)prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0L, 0L, 0L);
    for (long cap = 0; cap < 64; cap++)
        if (prctl(PR_CAPBSET_DROP, cap, 0L, 0L, 0L) != 0 && errno == EINVAL) break;
    struct __user_cap_header_struct head = { _LINUX_CAPABILITY_VERSION_3, 0 };
    struct __user_cap_data_struct data[2];
    memset(data, 0, sizeof data);
    (void)syscall(SYS_capset, &head, data);
#endif
}

/* Sends descriptor fd over the socket sock. */
static bool send_descriptor(int sock, int fd)
{
    char byte = 'L';
    struct iovec iov = { &byte, 1 };
    union { struct cmsghdr h; char space[CMSG_SPACE(sizeof(int))]; } ctl;
    memset(&ctl, 0, sizeof ctl);
    struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.space,
                        .msg_controllen = sizeof ctl.space };
    struct cmsghdr *c = CMSG_FIRSTHDR(&m);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(c), &fd, sizeof fd);
    return sendmsg(sock, &m, 0) == 1;
}

static FIX_NORETURN void exec_sandboxed(const Plan *p)
{
    drop_capabilities();
    ProcSysFilter f;
    if (!proc_sysfilter_build(&f, getpid()))
        child_fail(p, 'F', "the seccomp filter does not fit", 0);
    int listener = -1, e = proc_sysfilter_install(&f, &listener);
    if (e) child_fail(p, 'F', "cannot install the seccomp filter", e);
    const char *why = proc_sysfilter_verify();
    if (why) child_fail(p, 'F', why, 0);
    if (!send_descriptor(p->hand, listener))
        child_fail(p, 'F', "cannot hand the filter's listener to fix", errno);
    close(listener);
    close(p->hand);
    execve(p->path, p->c->argv, p->envp);
    child_fail(p, 'E', "", errno);
}

static FIX_NORETURN void run_child(Plan *p)
{
#ifdef __linux__
    (void)prctl(PR_SET_PDEATHSIG, SIGKILL, 0L, 0L, 0L);
#endif
    if (getppid() != p->parent) _exit(127);      /* the parent died before the line above */
    (void)setsid();
    child_descriptors(p);
    if (!p->c->allow_scripts) exec_sandboxed(p);
    execve(p->path, p->c->argv, p->envp);
    child_fail(p, 'N', "", errno);
}

/* ---- in the parent ---- */

/* name's path as execvp finds it: with a '/', name itself; else the first executable regular
 * file DIR/name for DIR on PATH (an empty entry is "."; no PATH: /bin:/usr/bin).  NULL when
 * there is none. */
static char *find_program(const char *name)
{
    if (strchr(name, '/')) return mem_strdup(name);
    const char *path = getenv("PATH");
    if (!path || !*path) path = "/bin:/usr/bin";
    Buf b;
    buf_init(&b);
    for (const char *s = path;; s++) {
        const char *end = strchr(s, ':');
        size_t n = end ? (size_t)(end - s) : strlen(s);
        buf_clear(&b);
        if (n) buf_putn(&b, s, n);
        else buf_putc(&b, '.');
        buf_printf(&b, "/%s", name);
        struct stat st;
        if (stat(buf_cstr(&b), &st) == 0 && S_ISREG(st.st_mode) && access(buf_cstr(&b), X_OK) == 0) {
            char *found = mem_strdup(buf_cstr(&b));
            buf_free(&b);
            return found;
        }
        if (!end) break;
        s = end;
    }
    buf_free(&b);
    return NULL;
}

/* Variables that make gringo or clingo read or run what fix did not check. */
static bool hidden_variable(const char *kv)
{
    static const char *const prefix[] = { "CLINGOPATH=", "PYTHON", "LUA_INIT", "LUA_PATH",
                                          "LUA_CPATH", "LD_PRELOAD=", "LD_AUDIT=" };
    for (size_t i = 0; i < FIX_ARRAY_LEN(prefix); i++)
        if (!strncmp(kv, prefix[i], strlen(prefix[i]))) return true;
    return false;
}

static char **clean_environment(void)
{
    size_t n = 0, k = 0;
    while (environ && environ[n]) n++;
    char **env = mem_alloc((n + 1) * sizeof *env);
    for (size_t i = 0; i < n; i++)
        if (!hidden_variable(environ[i])) env[k++] = environ[i];
    env[k] = NULL;
    return env;
}

/* Why fix does not run a program: the end of every such message. */
static const char *const UNSANDBOXED =
    " (fix does not run it unsandboxed: --allow-scripts runs it without the sandbox, trusting "
    "the .lp files as code)";

static bool cloexec_pipe(int p[2])
{
    if (pipe(p) < 0) return false;
    fcntl(p[0], F_SETFD, FD_CLOEXEC);
    fcntl(p[1], F_SETFD, FD_CLOEXEC);
    return true;
}

/* The child's report, or false when the pipe closed without one (the exec happened). */
static bool read_report(int fd, Report *r)
{
    size_t got = 0;
    while (got < sizeof *r) {
        ssize_t n = read(fd, (char *)r + got, sizeof *r - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
    }
    return got == sizeof *r;
}

static ProcSpawnStatus report_error(const ProcChild *c, const Report *r, Buf *err)
{
    const char *e = r->err ? strerror(r->err) : NULL;
    if (r->kind == 'N') {
        buf_printf(err, "%s: %s", c->program, e ? e : "cannot be executed");
        return PROC_SPAWN_NOT_FOUND;
    }
    if (r->kind == 'D') {
        buf_printf(err, "cannot start %s: %s: %s", c->program, r->what, e ? e : "?");
        return PROC_SPAWN_FAILED;
    }
    if (r->kind == 'E' && (r->err == ENOENT || r->err == EACCES || r->err == ENOEXEC)) {
        buf_printf(err, "%s: %s", c->program, e);
        return PROC_SPAWN_NOT_FOUND;
    }
    buf_printf(err, "cannot run %s in the sandbox: %s%s%s%s", c->program, r->what,
               e && *r->what ? ": " : "", e ? e : "", UNSANDBOXED);
    return PROC_SPAWN_FAILED;
}

/* Sandboxed, a script cannot run: its interpreter would be the one exec. */
static bool is_script(const ProcChild *c, const char *path, Buf *err)
{
    char head[2] = { 0, 0 };
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    bool script = fd >= 0 && read(fd, head, 2) == 2 && head[0] == '#' && head[1] == '!';
    if (fd >= 0) close(fd);
    if (script)
        buf_printf(err, "cannot run %s in the sandbox: it is a script (#!), and the sandbox lets "
                   "only the program itself be executed, not its interpreter and what that "
                   "runs%s", c->program, UNSANDBOXED);
    return script;
}

/* The descriptor sent over sock, or -1 when it closed first. */
static int receive_descriptor(int sock)
{
    char byte;
    struct iovec iov = { &byte, 1 };
    union { struct cmsghdr h; char space[CMSG_SPACE(sizeof(int))]; } ctl;
    struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.space,
                        .msg_controllen = sizeof ctl.space };
    ssize_t n;
    while ((n = recvmsg(sock, &m, 0)) < 0 && errno == EINTR) {}
    struct cmsghdr *c = n == 1 ? CMSG_FIRSTHDR(&m) : NULL;
    if (!c || c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) return -1;
    int fd;
    memcpy(&fd, CMSG_DATA(c), sizeof fd);
    fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
}

/* Sandboxed, after the fork: lets the child's one exec through.  NULL, or why not (the child
 * has then ended, or is killed here). */
static const char *let_exec(int sock, pid_t child)
{
    int listener = receive_descriptor(sock);
    if (listener < 0) return NULL;              /* the child failed first: its report says why */
    const char *why = proc_sysfilter_let_exec(listener, child);
    if (why) proc_spawn_kill(child);
    return why;
}

/* Forks and runs p's child; the report it sends, if any, becomes the status. */
static ProcSpawnStatus fork_child(Plan *p, pid_t *pid, Buf *err)
{
    int rep[2], hand[2] = { -1, -1 };
    bool sandboxed = !p->c->allow_scripts;
    if (!cloexec_pipe(rep) || (sandboxed && socketpair(AF_UNIX, SOCK_STREAM, 0, hand) < 0)) {
        buf_printf(err, "cannot make a pipe: %s", strerror(errno));
        return PROC_SPAWN_FAILED;
    }
    for (int k = 0; sandboxed && k < 2; k++) fcntl(hand[k], F_SETFD, FD_CLOEXEC);
    p->report = rep[1];
    p->hand = hand[1];
    fflush(stdout);
    fflush(stderr);
    pid_t child = fork();
    if (child == 0) run_child(p);
    int fork_errno = errno;
    close(rep[1]);
    if (sandboxed) close(hand[1]);
    const char *why = child > 0 && sandboxed ? let_exec(hand[0], child) : NULL;
    if (sandboxed) close(hand[0]);
    ProcSpawnStatus st = PROC_SPAWN_OK;
    Report r;
    if (child < 0) {
        buf_printf(err, "cannot fork: %s", strerror(fork_errno));
        st = PROC_SPAWN_FAILED;
    } else if (read_report(rep[0], &r) || why) {
        while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {}
        if (why) buf_printf(err, "cannot run %s in the sandbox: %s%s", p->c->program, why,
                            UNSANDBOXED);
        st = why ? PROC_SPAWN_FAILED : report_error(p->c, &r, err);
    } else *pid = child;
    close(rep[0]);
    return st;
}

ProcSpawnStatus proc_spawn(const ProcChild *c, pid_t *pid, Buf *err)
{
    *pid = -1;
    const char *why = c->allow_scripts ? NULL : proc_sysfilter_unsupported();
    if (why) {
        buf_printf(err, "cannot run %s in the sandbox: %s%s", c->program, why, UNSANDBOXED);
        return PROC_SPAWN_FAILED;
    }
    char *path = find_program(c->program);
    if (!path) {
        buf_printf(err, "%s: not found", c->program);
        return PROC_SPAWN_NOT_FOUND;
    }
    Plan p = { .c = c, .path = path, .hand = -1, .parent = getpid() };
    ProcSpawnStatus st = PROC_SPAWN_FAILED;
    if (c->allow_scripts || !is_script(c, path, err)) {
        p.envp = c->allow_scripts ? environ : clean_environment();
        st = fork_child(&p, pid, err);
        if (p.envp != environ) mem_free(p.envp);
    }
    mem_free(path);
    return st;
}

void proc_spawn_kill(pid_t pid)
{
    if (pid <= 0) return;
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
}

ssize_t proc_child_write(int fd, const char *data, size_t len)
{
    struct sigaction ign = { .sa_handler = SIG_IGN }, old;
    sigaction(SIGPIPE, &ign, &old);
    ssize_t n = write(fd, data, len);
    sigaction(SIGPIPE, &old, NULL);
    return n;
}
