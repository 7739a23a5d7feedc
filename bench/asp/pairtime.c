/* pairtime.c: wall-clock times of two commands run in alternating pairs, for `make bench`.
 * usage: pairtime [-r MIN_PAIRS] [-s SECONDS] [-l LIMIT] CMD-A ARGS... -- CMD-B ARGS...
 * Runs A then B, then B then A (fork and exec, stdout and stderr to /dev/null, wall time by
 * clock_gettime(CLOCK_MONOTONIC) around fork and wait), and so on: at least MIN_PAIRS
 * pairs (default 3) and until SECONDS (default 0.5) have passed since the first run, at most
 * 51 pairs.  Alternating the two spreads the machine's drifts (load, frequency, page cache)
 * over both, which best-of-N runs of each tool apart does not at times of a few milliseconds.
 * Prints one line: the median time of A and of B in seconds, the median of the per-pair
 * ratios A/B, the number of pairs, and the smallest and largest ratio.  A run longer than
 * LIMIT seconds (default 120) is killed and ends the timing: its median prints as "timeout"
 * and the ratios as "-".  Exit status 0, or 1 when a command cannot be run or is killed by a
 * signal other than the limit's. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_PAIRS 51

typedef enum { RUN_OK, RUN_TIMEOUT, RUN_FAILED } RunResult;

static volatile sig_atomic_t alarm_rang;

static void on_alarm(int sig)
{
    (void)sig;
    alarm_rang = 1;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* run_once: runs argv with output discarded; *secs gets its wall time. */
static RunResult run_once(char **argv, unsigned limit, double *secs)
{
    double t0 = now();
    pid_t pid = fork();
    if (pid < 0) { perror("pairtime: fork"); return RUN_FAILED; }
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) { dup2(fd, 1); dup2(fd, 2); close(fd); }
        execvp(argv[0], argv);
        _exit(127);
    }
    alarm_rang = 0;
    alarm(limit);
    int status = 0;
    pid_t got;
    while ((got = waitpid(pid, &status, 0)) < 0 && errno == EINTR && !alarm_rang) {}
    if (got < 0) {   /* the limit rang */
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        return RUN_TIMEOUT;
    }
    alarm(0);
    *secs = now() - t0;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
        fprintf(stderr, "pairtime: cannot run %s\n", argv[0]);
        return RUN_FAILED;
    }
    if (WIFSIGNALED(status)) {
        fprintf(stderr, "pairtime: %s killed by signal %d\n", argv[0], WTERMSIG(status));
        return RUN_FAILED;
    }
    return RUN_OK;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void usage(void)
{
    fprintf(stderr, "usage: pairtime [-r MIN_PAIRS] [-s SECONDS] [-l LIMIT] CMD-A ARGS... -- CMD-B ARGS...\n");
    exit(2);
}

int main(int argc, char **argv)
{
    int min_pairs = 3;
    double seconds = 0.5;
    unsigned limit = 120;
    int i = 1;
    for (; i + 1 < argc && argv[i][0] == '-' && argv[i][1] && !argv[i][2]; i += 2) {
        switch (argv[i][1]) {
        case 'r': min_pairs = atoi(argv[i + 1]); break;
        case 's': seconds = atof(argv[i + 1]); break;
        case 'l': limit = (unsigned)atoi(argv[i + 1]); break;
        default: usage();
        }
    }
    char **cmd_a = argv + i, **cmd_b = NULL;
    for (; i < argc; i++)
        if (strcmp(argv[i], "--") == 0) { argv[i] = NULL; cmd_b = argv + i + 1; break; }
    if (!cmd_b || !cmd_a[0] || !cmd_b[0] || min_pairs < 1 || limit < 1) usage();
    if (min_pairs > MAX_PAIRS) min_pairs = MAX_PAIRS;

    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;   /* no SA_RESTART: the alarm interrupts waitpid */
    sigaction(SIGALRM, &sa, NULL);

    double ta[MAX_PAIRS], tb[MAX_PAIRS], ratio[MAX_PAIRS];
    int n = 0;
    RunResult ra = RUN_OK, rb = RUN_OK;
    double start = now();
    while (n < MAX_PAIRS && (n < min_pairs || now() - start < seconds)) {
        if (n % 2 == 0) {   /* A first, then B first: neither always runs second */
            if ((ra = run_once(cmd_a, limit, &ta[n])) == RUN_FAILED) return 1;
            if ((rb = run_once(cmd_b, limit, &tb[n])) == RUN_FAILED) return 1;
        } else {
            if ((rb = run_once(cmd_b, limit, &tb[n])) == RUN_FAILED) return 1;
            if ((ra = run_once(cmd_a, limit, &ta[n])) == RUN_FAILED) return 1;
        }
        if (ra != RUN_OK || rb != RUN_OK) break;
        ratio[n] = tb[n] > 0 ? ta[n] / tb[n] : 0;
        n++;
    }
    if (ra == RUN_TIMEOUT || rb == RUN_TIMEOUT) {
        /* the other's median over the pairs that finished, and its run in this one */
        double *ok = ra == RUN_TIMEOUT ? tb : ta;
        int m = n + (ra == RUN_TIMEOUT ? rb == RUN_OK : ra == RUN_OK);
        char other[32] = "timeout";
        if (m > 0) snprintf(other, sizeof other, "%.4f", median(ok, m));
        printf("%s %s - %d - -\n", ra == RUN_TIMEOUT ? "timeout" : other,
               rb == RUN_TIMEOUT ? "timeout" : other, n + 1);
        return 0;
    }
    double lo = ratio[0], hi = ratio[0];
    for (int k = 1; k < n; k++) {
        if (ratio[k] < lo) lo = ratio[k];
        if (ratio[k] > hi) hi = ratio[k];
    }
    double ma = median(ta, n), mb = median(tb, n), mr = median(ratio, n);
    printf("%.4f %.4f %.2f %d %.2f %.2f\n", ma, mb, mr, n, lo, hi);
    return 0;
}
