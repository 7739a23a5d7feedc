/* sigint.h: Ctrl-C, SIGTERM and SIGHUP as a request to stop.  While installed, each of them
 * records its number in *flag (a running stage polls it and stops soundly: the parser, the
 * checker, the compiler, every query, the output) instead of ending the process; the caller
 * flushes what it printed and exits with sigint_exit_code. */
#ifndef FIX_SIGINT_H
#define FIX_SIGINT_H

#include <signal.h>

#include "common.h"

typedef enum SigintMode {
    /* `fix run`, `fix check`, `fix asp`: only the first signal is caught, a second one (of
     * any of the three) ends the process as usual (a user pressing Ctrl-C twice wants out);
     * system calls the handler interrupts are restarted (SA_RESTART), so that a write to a
     * full pipe is never cut short by it and no output is lost. */
    SIGINT_ONCE,
    /* The REPL reading a terminal: every signal is caught, and a blocked read returns
     * (EINTR), so that Ctrl-C at the prompt gives a fresh prompt. */
    SIGINT_EVERY,
    /* The REPL reading a pipe or file: every signal is caught, system calls restarted. */
    SIGINT_EVERY_RESTART,
} SigintMode;

void sigint_install(volatile sig_atomic_t *flag, SigintMode mode);
/* While on, a stop signal interrupts a blocked system call whatever the mode (EINTR): the
 * open of a FIFO with no writer, a read of a terminal or a silent pipe, so that reading an
 * input is stopped by one signal (restarted, it waited on: a second SIGINT ended fix, and
 * in the REPL nothing did).  For the readers of inputs, never around a write.  Returns the
 * state before, for the caller to put back. */
bool sigint_reading(bool on);
/* Restores the handlers that were there before sigint_install. */
void sigint_remove(void);
/* The exit status of a process stopped by signal sig (the flag's value): 128 + sig, as a
 * shell reports a process the signal ended (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP). */
int sigint_exit_code(int sig);
/* "Ctrl-C", "SIGTERM", "SIGHUP" (else "a signal"). */
const char *sigint_name(int sig);

#endif
