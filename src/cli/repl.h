/* repl.h: the interactive session of `fix repl` (repl.c), over the command line's session
 * (api/fix_cli.h). */
#ifndef FIX_CLI_REPL_H
#define FIX_CLI_REPL_H

#include "api/fix_cli.h"

/* Loads files, then reads entries until :quit or end of input.  Returns the exit code (0;
 * 1 when standard output could not be written; 128 + the signal that ended it). */
int cli_repl_main(fix_session *s, const char *const *files, size_t nfiles);

#endif
