/* replay.c: runs a libFuzzer harness (LLVMFuzzerTestOneInput) on saved inputs without
 * libFuzzer: each file named on the command line, or each file in each directory named, in a
 * child process of its own with a time limit.  Prints "N passed, N failed"; exit 1 on a failure. */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { REPLAY_TIMEOUT_S = 20 };

typedef struct Tally { unsigned passed, failed; } Tally;

/* The whole file in a malloc'd buffer of exactly its size (so ASan sees overreads). */
static uint8_t *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    uint8_t *exact = buf ? malloc(n ? n : 1) : NULL;
    if (exact) memcpy(exact, buf, n);
    free(buf);
    *size = n;
    return exact;
}

/* Runs the harness on one file in a child; true when it returned normally. */
static bool replay_one(const char *path)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); return false; }
    if (pid == 0) {
        size_t size;
        uint8_t *data = read_file(path, &size);
        if (!data) { fprintf(stderr, "replay: cannot read %s\n", path); _exit(3); }
        alarm(REPLAY_TIMEOUT_S);
        LLVMFuzzerTestOneInput(data, size);
        free(data);
        exit(0);               /* exit, not _exit: LeakSanitizer runs at exit */
    }
    int status;
    if (waitpid(pid, &status, 0) < 0) { perror("waitpid"); return false; }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return true;
    if (WIFSIGNALED(status))
        fprintf(stderr, "replay: FAILED %s (%s)\n", path,
                WTERMSIG(status) == SIGALRM ? "timeout" : strsignal(WTERMSIG(status)));
    else
        fprintf(stderr, "replay: FAILED %s (exit %d)\n", path, WEXITSTATUS(status));
    return false;
}

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void tally(Tally *t, const char *path)
{
    if (replay_one(path)) t->passed++;
    else t->failed++;
}

/* Each regular file of dir, in name order. */
static void replay_dir(Tally *t, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) { perror(dir); t->failed++; return; }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        if (n == cap) names = realloc(names, (cap = cap ? cap * 2 : 64) * sizeof *names);
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        names[n] = malloc(len);
        snprintf(names[n++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, name_cmp);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) tally(t, names[i]);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv)
{
    Tally t = {0, 0};
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) replay_dir(&t, argv[i]);
        else tally(&t, argv[i]);
    }
    const char *name = strrchr(argv[0], '/');
    printf("%s: %u passed, %u failed\n", name ? name + 1 : argv[0], t.passed, t.failed);
    return t.failed ? 1 : 0;
}
