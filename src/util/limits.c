/* limits.c: polling the resource limits of a query (see limits.h). */
#include "util/limits.h"

#include <stdio.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static const double MEMORY_LOOK_EVERY_S = 0.01;

static double seconds(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double limits_clock(void)
{
    return seconds(CLOCK_MONOTONIC);
}

/* Measured on the 2-core test machine: 6 ns a read, against 32 ns for CLOCK_MONOTONIC. */
double limits_poll_clock(void)
{
#ifdef CLOCK_MONOTONIC_COARSE
    return seconds(CLOCK_MONOTONIC_COARSE);
#else
    return seconds(CLOCK_MONOTONIC);
#endif
}

void limits_start(Limits *l, double timeout_s, size_t max_memory,
                  volatile sig_atomic_t *interrupt)
{
    l->interrupt = interrupt;
    l->clock = limits_poll_clock;
    l->deadline = timeout_s > 0 ? l->clock() + timeout_s : 0;
    l->max_memory = max_memory;
    l->next_memory_look = 0;
    l->hit = NULL;
    l->stop = NULL;
}

void limits_cap_address_space(size_t bytes)
{
#ifdef __SANITIZE_ADDRESS__
    bytes = 0;
#endif
    if (!bytes) return;
    size_t cap = bytes + bytes / 2 + ((size_t)512 << 20);
    struct rlimit rl = { cap, cap };
    if (setrlimit(RLIMIT_AS, &rl) != 0) perror("fix: --max-memory");
}

size_t limits_resident_bytes(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f) return 0;
    unsigned long size = 0, resident = 0;
    int n = fscanf(f, "%lu %lu", &size, &resident);
    fclose(f);
    if (n != 2) return 0;
    long page = sysconf(_SC_PAGESIZE);
    return (size_t)resident * (size_t)(page > 0 ? page : 4096);
}

static double now(const Limits *l)
{
    return l->clock ? l->clock() : limits_poll_clock();
}

static const char *look(Limits *l, double now, size_t extra_bytes)
{
    if (l->deadline > 0 && now >= l->deadline) return l->hit = "timeout";
    if (l->max_memory && (extra_bytes || now >= l->next_memory_look)) {
        l->next_memory_look = now + MEMORY_LOOK_EVERY_S;
        size_t resident = limits_resident_bytes();
        if (resident > l->max_memory || extra_bytes > l->max_memory - resident)
            return l->hit = "max-memory";
    }
    return NULL;
}

const char *limits_poll(Limits *l)
{
    if (!l) return NULL;
    if (l->hit) return l->hit;
    if (limits_flag(l->interrupt)) return l->hit = "interrupt";
    if (limits_flag(l->stop)) return l->hit = "stopped";
    if (l->deadline == 0 && !l->max_memory) return NULL;
    return look(l, now(l), 0);
}

const char *limits_check_now(Limits *l, size_t extra_bytes)
{
    if (!l) return NULL;
    if (l->hit) return l->hit;
    if (limits_flag(l->interrupt)) return l->hit = "interrupt";
    if (limits_flag(l->stop)) return l->hit = "stopped";
    if (l->deadline == 0 && !l->max_memory) return NULL;
    return look(l, now(l), extra_bytes);
}
