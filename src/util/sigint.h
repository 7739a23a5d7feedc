/* sigint.h: Ctrl-C as a request to stop.  While installed, SIGINT sets *flag (a running query
 * polls it and stops soundly) instead of ending the process. */
#ifndef FIX_SIGINT_H
#define FIX_SIGINT_H

#include <signal.h>

#include "common.h"

/* With once, only the first Ctrl-C is caught: a second one ends the process as usual (for
 * `fix run`, where a user pressing it twice wants out); without, every Ctrl-C is caught
 * (the REPL). */
void sigint_install(volatile sig_atomic_t *flag, bool once);
/* Restores the handler that was there before sigint_install. */
void sigint_remove(void);

#endif
