/* repl_input.h: the lines typed into `fix repl` handled, wherever they come from; the C API
 * calls it for both: the REPL input of fix.h (the Jupyter kernel's, src/api/fix_repl.c) and
 * the terminal loop's lines (src/cli/repl.c through src/api/fix_cli.c), so both print the
 * same for the same lines. */
#ifndef FIX_REPL_INPUT_H
#define FIX_REPL_INPUT_H

#include "app/run.h"

typedef struct ReplInput ReplInput;

/* The REPL's state over session s (which it records queries of for :html and keeps the
 * last query of for :why). */
ReplInput *repl_input_new(Session *s);
void repl_input_free(ReplInput *r);

/* One line (without its newline): a :command, or part of an entry, run once it is whole.
 * False on :quit and when standard output could not be written. */
bool repl_input_line(ReplInput *r, const char *line);
/* Is an entry left open (lines typed that do not make a whole entry yet)? */
bool repl_input_open(const ReplInput *r);
/* Forgets the open entry (Ctrl-C at the prompt). */
void repl_input_drop(ReplInput *r);
/* The end of the input: an entry left open is run as if it were closed. */
void repl_input_finish(ReplInput *r);
/* :load PATH (the files `fix repl` is given). */
void repl_input_load(ReplInput *r, const char *path);
/* Every declaration forgotten, then the file PATH run, printing what `fix run PATH` prints
 * (without a trace, whatever :trace says);
 * the session then holds its declarations, as after :load (none after an error). */
void repl_input_run_file(ReplInput *r, const char *path);

/* Names gathered by context_each_name (:env, completion). */
typedef struct NameList { char **items; size_t count, cap; } NameList;
void repl_name_add(void *ctx, const char *name);
void repl_names_free(NameList *l);

#endif
