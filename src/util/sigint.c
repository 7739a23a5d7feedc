/* sigint.c: Ctrl-C recorded in a flag (see sigint.h). */
#include "util/sigint.h"

#include <string.h>

/* The one piece of process state a signal handler needs: where Ctrl-C is recorded, and the
 * handler to restore.  Set only between sigint_install and sigint_remove. */
static volatile sig_atomic_t *sigint_flag;
static struct sigaction previous;

static void on_sigint(int sig)
{
    (void)sig;
    if (sigint_flag) *sigint_flag = 1;
}

void sigint_install(volatile sig_atomic_t *flag, bool once)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sa.sa_flags = once ? (int)SA_RESETHAND : 0;    /* a flag bit, outside int's positive range */
    sigemptyset(&sa.sa_mask);
    sigint_flag = flag;
    sigaction(SIGINT, &sa, &previous);
}

void sigint_remove(void)
{
    sigaction(SIGINT, &previous, NULL);
    sigint_flag = NULL;
}
