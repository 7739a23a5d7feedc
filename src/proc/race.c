/* race.c: a task in a forked child beside the caller's work (race.h).  The child sends its
 * standard output on one pipe and, on another, one byte (1: to win), the length of its
 * result and the result; a thread of the caller reads both until they close. */
#include "proc/race.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "util/mem.h"

struct ProcRace {
    pid_t pid;
    int text_fd, result_fd;       /* our read ends; -1 once closed */
    Buf text, result;
    volatile sig_atomic_t *won;
    volatile sig_atomic_t ended;  /* the thread has read both pipes to their end */
    int yield;                    /* nice steps the caller's thread gives way, after a while */
    pid_t caller;                 /* that thread's id */
    bool threaded;                /* the reader thread runs (else proc_race_end reads) */
    pthread_t reader;
};

enum { RESULT_HEAD = 1 + sizeof(size_t) };
/* The caller gives way (race.h) once the race has run this long: a quick answer of its own
 * is not slowed. */
enum { RACE_YIELD_AFTER_MS = 20 };

static bool write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        p += k;
        n -= (size_t)k;
    }
    return true;
}

/* In the child: it dies with its parent (and passes that on to the clingo it runs, clingo.c),
 * prints into the text pipe, and sends its result; it never returns. */
static FIX_NORETURN void child(ProcRaceTask task, void *arg, int text_w, int result_w,
                               pid_t parent)
{
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    if (getppid() != parent || dup2(text_w, STDOUT_FILENO) < 0) _exit(1);
    close(text_w);
    Buf result;
    buf_init(&result);
    char head[RESULT_HEAD];
    head[0] = task(arg, &result) ? 1 : 0;
    memcpy(head + 1, &result.len, sizeof result.len);
    fflush(stdout);
    bool ok = write_all(result_w, head, sizeof head)
              && write_all(result_w, result.data ? result.data : "", result.len);
    _exit(ok ? 0 : 1);
}

/* Did the child send all of its result, and with the winning byte? */
static bool complete(const ProcRace *r, bool *win)
{
    size_t len;
    if (r->result.len < RESULT_HEAD) return false;
    memcpy(&len, r->result.data + 1, sizeof len);
    *win = r->result.data[0] == 1;
    return r->result.len == RESULT_HEAD + len;
}

static void drain(int *fd, Buf *b)
{
    char chunk[65536];
    ssize_t n = read(*fd, chunk, sizeof chunk);
    if (n > 0) buf_putn(b, chunk, (size_t)n);
    else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
        close(*fd);
        *fd = -1;
    }
}

/* Lowers the caller's thread's priority by r->yield nice steps (Linux: nice is per thread). */
static void give_way(const ProcRace *r)
{
    if (r->yield <= 0) return;
    errno = 0;
    int now = getpriority(PRIO_PROCESS, (id_t)r->caller);
    if (errno == 0) (void)setpriority(PRIO_PROCESS, (id_t)r->caller, now + r->yield);
}

static void *read_child(void *arg)
{
    ProcRace *r = arg;
    int wait_ms = RACE_YIELD_AFTER_MS;
    while (r->text_fd >= 0 || r->result_fd >= 0) {
        struct pollfd pf[2] = { { r->text_fd, POLLIN, 0 }, { r->result_fd, POLLIN, 0 } };
        int k = poll(pf, 2, wait_ms);
        if (k == 0 && wait_ms >= 0) {               /* the race goes on: the caller gives way */
            give_way(r);
            wait_ms = -1;
        }
        if (k <= 0) continue;                       /* EINTR: Ctrl-C's handler ran here */
        if (pf[0].revents) drain(&r->text_fd, &r->text);
        if (pf[1].revents) drain(&r->result_fd, &r->result);
    }
    bool win = false;
    if (complete(r, &win) && win) *r->won = 1;
    r->ended = 1;
    return NULL;
}

static int cloexec_pipe(int p[2])
{
    if (pipe(p) < 0) return -1;
    fcntl(p[0], F_SETFD, FD_CLOEXEC);
    fcntl(p[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

static void close_both(int p[2])
{
    if (p[0] >= 0) close(p[0]);
    if (p[1] >= 0) close(p[1]);
}

ProcRace *proc_race_start(ProcRaceTask task, void *arg, volatile sig_atomic_t *won, int yield,
                          Buf *err)
{
    int text[2] = { -1, -1 }, result[2] = { -1, -1 };
    if (cloexec_pipe(text) < 0 || cloexec_pipe(result) < 0) {
        buf_printf(err, "cannot make a pipe: %s", strerror(errno));
        close_both(text);
        close_both(result);
        return NULL;
    }
    fflush(stdout);                               /* else the child prints it again */
    fflush(stderr);
    pid_t parent = getpid(), pid = fork();
    if (pid == 0) child(task, arg, text[1], result[1], parent);
    close(text[1]);
    close(result[1]);
    if (pid < 0) {
        buf_printf(err, "cannot fork: %s", strerror(errno));
        close(text[0]);
        close(result[0]);
        return NULL;
    }
    ProcRace *r = mem_calloc(1, sizeof *r);
    *r = (ProcRace){ .pid = pid, .text_fd = text[0], .result_fd = result[0], .won = won,
                    .yield = yield, .caller = (pid_t)syscall(SYS_gettid) };
    buf_init(&r->text);
    buf_init(&r->result);
    r->threaded = pthread_create(&r->reader, NULL, read_child, r) == 0;
    if (!r->threaded) {
        buf_puts(err, "cannot start a thread");
        proc_race_end(r, true, NULL, NULL);
        return NULL;
    }
    return r;
}

bool proc_race_ended(const ProcRace *r)
{
    return r->ended;
}

/* Without a thread (it could not start): read what is left here. */
static void read_rest(ProcRace *r)
{
    while (r->text_fd >= 0) drain(&r->text_fd, &r->text);
    while (r->result_fd >= 0) drain(&r->result_fd, &r->result);
}

bool proc_race_end(ProcRace *r, bool cancel, Buf *text, Buf *result)
{
    if (cancel) kill(r->pid, SIGKILL);
    if (r->threaded) pthread_join(r->reader, NULL);
    else read_rest(r);
    int status = 0;
    while (waitpid(r->pid, &status, 0) < 0 && errno == EINTR) {}
    bool win = false, done = complete(r, &win) && WIFEXITED(status) && !WEXITSTATUS(status);
    if (done && text) {
        buf_putn(text, r->text.data ? r->text.data : "", r->text.len);
        buf_putn(result, r->result.data + RESULT_HEAD, r->result.len - RESULT_HEAD);
    }
    buf_free(&r->text);
    buf_free(&r->result);
    mem_free(r);
    return done && win;
}
