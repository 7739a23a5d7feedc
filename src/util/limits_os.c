/* limits_os.c: what the limits of limits.h read from the system: a monotonic clock, the
 * process's resident size, the cap on its address space.  The web build replaces this file
 * with the browser's versions (web/platform_web.c). */
#include "util/limits.h"

#include <stdio.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

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
