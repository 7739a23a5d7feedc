/* limits.h: the resource limits of one query or command (--timeout, --max-memory and Ctrl-C),
 * polled by every stage that can run long: the VM, the engine, enumerations, the aspif reader.
 * The first limit hit is remembered, so the caller can report what stopped it. */
#ifndef FIX_LIMITS_H
#define FIX_LIMITS_H

#include <signal.h>

#include "common.h"

/* The value of a stop flag (a signal's number, or 0) read atomically: a signal handler or
 * another thread (the C API's fix_cancel) writes it with an atomic store.  f may be NULL. */
static inline int limits_flag(const volatile sig_atomic_t *f)
{
    return f ? __atomic_load_n(f, __ATOMIC_RELAXED) : 0;
}

/* Sets the flag (0: clears it), as fix_cancel may from another thread (src/api). */
static inline void limits_set_flag(volatile sig_atomic_t *f, int value)
{
    __atomic_store_n(f, value, __ATOMIC_RELAXED);
}

typedef struct Limits {
    volatile sig_atomic_t *interrupt;  /* set by a signal handler (util/sigint.h); may be NULL */
    double (*clock)(void);             /* what the deadline is read on: limits_poll_clock */
    double deadline;                   /* clock() time; 0 = none */
    size_t max_memory;                 /* bytes of resident memory; 0 = none */
    double next_memory_look;           /* clock() time of the next resident-size look */
    const char *hit;                   /* "interrupt", "timeout" or "max-memory", or NULL */
    /* --jobs N: a worker's copy of the query's limits also reads the run's stop flag, which
     * the calling thread sets when it needs no more of the workers' results (hit "stopped");
     * NULL (limits_start) everywhere else.  Written with an atomic store. */
    volatile sig_atomic_t *stop;
} Limits;

/* Seconds on a monotonic clock. */
double limits_clock(void);
/* Seconds on the same clock read cheaply (CLOCK_MONOTONIC_COARSE: a few nanoseconds, about
 * 4 ms late at most), the clock of limits_poll. */
double limits_poll_clock(void);

/* Starts a query: timeout_s seconds from now (0: none), at most max_memory bytes resident
 * (0: none), and the interrupt flag (may be NULL).  Forgets an earlier hit.  l->clock is
 * limits_poll_clock (a test may put a clock of its own there before polling). */
void limits_start(Limits *l, double timeout_s, size_t max_memory,
                  volatile sig_atomic_t *interrupt);

/* Cheap enough for an inner loop: the interrupt flag on every call; with a timeout or a
 * memory limit, the (cheap) clock on every call too, so that the deadline is seen by the
 * first poll after it whatever a poll costs (a poll that comes after a whole evaluation of a
 * function on a 4096-key map is as prompt as one in the VM's loop; a fixed count of polls
 * between clock reads is not); the resident size at most every 10 ms.  Returns the limit hit
 * (also kept in l->hit, and returned again by every later call) or NULL.  l may be NULL. */
const char *limits_poll(Limits *l);

/* Like limits_poll, but reads the clock and the resident size now; with extra_bytes > 0 it
 * also says "max-memory" when growing by that many bytes would pass the limit (for a caller
 * about to grow a large vector). */
const char *limits_check_now(Limits *l, size_t extra_bytes);

/* The backstop of a memory limit of `bytes` (0: none): the address space is capped at 1.5
 * times it plus 512 MB (room for code, stacks and allocator slack), so an allocation past
 * that fails cleanly ("out of memory").  Not in sanitizer builds, whose shadow memory needs
 * terabytes of address space. */
void limits_cap_address_space(size_t bytes);

/* The process's resident size in bytes now (0 when it cannot be read). */
size_t limits_resident_bytes(void);

#endif
