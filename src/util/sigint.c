/* sigint.c: Ctrl-C, SIGTERM and SIGHUP recorded in a flag (see sigint.h). */
#include "util/sigint.h"

#include <stdbool.h>
#include <string.h>

/* The signals that ask fix to stop in order. */
static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define NSTOP (sizeof stop_signals / sizeof stop_signals[0])

/* The one piece of process state a signal handler needs: where the signal is recorded, and
 * the handlers to restore.  Set only between sigint_install and sigint_remove. */
static volatile sig_atomic_t *sigint_flag;
static volatile sig_atomic_t sigint_once;
static struct sigaction previous[NSTOP];
static int restart_flags;       /* SA_RESTART or 0: the mode's, outside sigint_reading */
static bool reading;            /* sigint_reading(true) is in force */

/* In SIGINT_ONCE mode the first signal puts every stop signal back to its default action
 * (sigaction is async-signal-safe), so that a second one, of any kind, ends the process. */
static void on_signal(int sig)
{
    if (sigint_flag) *sigint_flag = sig;
    if (!sigint_once) return;
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    for (size_t i = 0; i < NSTOP; i++) sigaction(stop_signals[i], &dfl, NULL);
}

/* The handler for every stop signal, with flags; the previous handlers kept when keep. */
static void set_handlers(int flags, bool keep)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = flags;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < NSTOP; i++) sigaddset(&sa.sa_mask, stop_signals[i]);
    for (size_t i = 0; i < NSTOP; i++) sigaction(stop_signals[i], &sa, keep ? &previous[i] : NULL);
}

void sigint_install(volatile sig_atomic_t *flag, SigintMode mode)
{
    /* a flag bit outside int's positive range, hence the cast */
    restart_flags = mode == SIGINT_EVERY ? 0 : (int)SA_RESTART;
    sigint_flag = flag;
    sigint_once = mode == SIGINT_ONCE;
    set_handlers(reading ? 0 : restart_flags, true);
}

bool sigint_reading(bool on)
{
    bool was = reading;
    if (on == was) return was;
    sigset_t stop, old;
    sigemptyset(&stop);
    for (size_t i = 0; i < NSTOP; i++) sigaddset(&stop, stop_signals[i]);
    sigprocmask(SIG_BLOCK, &stop, &old);      /* no signal between the test and the change */
    reading = on;
    /* once a signal came in SIGINT_ONCE mode the handlers are the defaults: left so */
    if (sigint_flag && !(sigint_once && *sigint_flag)) set_handlers(on ? 0 : restart_flags, false);
    sigprocmask(SIG_SETMASK, &old, NULL);
    return was;
}

void sigint_remove(void)
{
    for (size_t i = 0; i < NSTOP; i++) sigaction(stop_signals[i], &previous[i], NULL);
    sigint_flag = NULL;
}

int sigint_exit_code(int sig)
{
    return 128 + (sig > 0 && sig < 64 ? sig : SIGINT);
}

const char *sigint_name(int sig)
{
    return sig == SIGINT ? "Ctrl-C" : sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP" : "a signal";
}
