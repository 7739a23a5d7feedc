/* fix_cli.h: the command line's way into a session (not installed; the public API is fix.h).
 * `fix run`, `fix check` and `fix repl` (src/cli/main.c) make a fix_session that prints as
 * the command line prints (results to standard output, errors to standard error, signals
 * caught) instead of handing results over, and run it through these calls only: every path
 * from the command line into a session goes through the API's session. */
#ifndef FIX_API_CLI_H
#define FIX_API_CLI_H

#include <signal.h>

#include "api/fix.h"
#include "app/run.h"

/* A session with the command line's options, printing to standard output, with the import
 * directories dirs (-I, kept by pointer: they must outlive it); the address space is capped
 * above opt->max_memory first (--max-memory).  Free it with fix_session_free. */
fix_session *fix_cli_session_new(const RunOptions *opt, const char *const *dirs, size_t ndirs);

/* `fix run PATH` (check_only: `fix check PATH`; "-": standard input): reads, checks and runs
 * it, printing its results (and --stats, --html, --dot's files), with Ctrl-C, SIGTERM and
 * SIGHUP stopping the running stage.  Returns the exit status of `fix run` (fix --help). */
int fix_cli_run(fix_session *s, const char *path, bool check_only);

/* ---- `fix repl`'s lines (src/cli/repl.c reads them from a terminal or a pipe), handled as
 * fix_repl_input handles them (app/repl_input.h, the same code) but printed as they run ---- */

/* The flag Ctrl-C, SIGTERM and SIGHUP set (util/sigint.h): the signal that asked the running
 * entry to stop, or 0; the running query polls it (fix_cancel sets it too). */
volatile sig_atomic_t *fix_cli_signal_flag(fix_session *s);
/* One line (without its newline): a :command, or part of an entry, run once it is whole.
 * False on :quit and when standard output could not be written. */
bool fix_cli_repl_line(fix_session *s, const char *line);
/* Is an entry left open (lines that do not make a whole entry yet)? */
bool fix_cli_repl_open(fix_session *s);
/* Forgets the open entry (Ctrl-C at the prompt). */
void fix_cli_repl_drop(fix_session *s);
/* The end of the input: an entry left open is run as if it were closed. */
void fix_cli_repl_finish(fix_session *s);
/* :load PATH (the files `fix repl` is given). */
void fix_cli_repl_load(fix_session *s, const char *path);
/* From now on a file whose output would overwrite it (standard output, --html: `fix repl
 * m.fix >> m.fix`) is refused before it is read, as `fix run` refuses it. */
void fix_cli_guard_outputs(fix_session *s);
/* Flushes standard output; false (reported once) when a write to it failed. */
bool fix_cli_output_ok(fix_session *s);
/* Has a write to standard output failed? */
bool fix_cli_output_failed(const fix_session *s);
/* The names declared so far (Bool too), then the elements of each lattice that names them
 * (the REPL's completion). */
void fix_cli_each_name(fix_session *s, void (*fn)(void *ctx, const char *name), void *ctx);

#endif
