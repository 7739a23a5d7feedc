/* limits.c: polling the resource limits of a query (see limits.h); the clocks and the memory
 * sizes it reads are the system's (limits_os.c, or the browser's in the web build). */
#include "util/limits.h"

static const double MEMORY_LOOK_EVERY_S = 0.01;

/* The web build (make web) sets LIMITS_ALWAYS_CLOCK=1: every poll then reads the clock even
 * without a deadline, and the browser's clock (web/platform_web.c) is where a run in the
 * page's worker pauses every few milliseconds to let the page's Stop arrive. */
#ifndef LIMITS_ALWAYS_CLOCK
#define LIMITS_ALWAYS_CLOCK 0
#endif

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
    if (!LIMITS_ALWAYS_CLOCK && l->deadline == 0 && !l->max_memory) return NULL;
    return look(l, now(l), 0);
}

const char *limits_check_now(Limits *l, size_t extra_bytes)
{
    if (!l) return NULL;
    if (l->hit) return l->hit;
    if (limits_flag(l->interrupt)) return l->hit = "interrupt";
    if (limits_flag(l->stop)) return l->hit = "stopped";
    if (!LIMITS_ALWAYS_CLOCK && l->deadline == 0 && !l->max_memory) return NULL;
    return look(l, now(l), extra_bytes);
}
