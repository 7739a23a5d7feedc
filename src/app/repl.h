/* repl.h: the interactive session of `fix repl`. */
#ifndef FIX_REPL_H
#define FIX_REPL_H

#include "app/run.h"

/* Loads files, then reads entries until :quit or end of input.  Returns the exit code (0). */
int repl_main(Session *s, const char *const *files, size_t nfiles);

#endif
