/* gringo.h: programs from files: .lp files grounded by gringo (run as a subprocess, after
 * lpscan.h's check, in the sandbox of sandbox.h), other files read as aspif (gringo.c). */
#ifndef FIX_PROC_GRINGO_H
#define FIX_PROC_GRINGO_H

#include "common.h"
#include "asp/asp.h"
#include "util/buf.h"
#include "util/limits.h"
#include "proc/procerr.h"

/* On failure these return NULL with err set (procerr.h; for .lp, gringo's own messages have
 * already gone to stderr). */

/* How .lp files are grounded and aspif is read: extra gringo arguments (e.g. "-c", "n=5"),
 * whether #script blocks are allowed, and the limits polled while grounding and reading
 * (may be NULL; a limit hit stops gringo and fails the load, saying which). */
typedef struct ProcLoadOptions {
    const char *const *gargs;
    size_t ngargs;
    bool allow_scripts;
    Limits *limits;
    bool quiet;                   /* gringo's messages dropped, not copied to standard error */
    bool aspif;                   /* proc_load: a .lp name is read as aspif too (clingo's
                                     --mode=clasp) */
    bool dash_is_stdin;           /* proc_ground_lp: a file "-" is standard input's text (fix
                                     asp's command line, as clingo's); else a file named "-" */
    const Buf *stdin_text;        /* with dash_is_stdin: that text, already read by the caller
                                     (proc_read_stdin_text); NULL: read standard input */
    bool pack_rules;              /* proc_load: an aspif file's rules may be packed as read
                                     (asp_read_aspif's `pack`) */
} ProcLoadOptions;
/* Ground .lp files (at least one) with gringo ($FIX_GRINGO, else `gringo` on PATH), with
 * opt's extra arguments.  Every name is a file name, passed to gringo as written, or as
 * "./NAME" when it starts with '-' (lpscan.h's proc_lp_arg; "-" is a file called "-", or with
 * opt->dash_is_stdin standard input's text, checked as a file's and written to gringo's
 * standard input; else that is /dev/null).  Unless
 * opt->allow_scripts, the files and what they may include are checked first and refused if
 * they could hold a script (lpscan.h: gringo would run it), and gringo runs in the sandbox of
 * sandbox.h.  Directories are refused. */
AspProgram *proc_ground_lp(const char *const *files, size_t nfiles, const ProcLoadOptions *opt,
                           ProcError *err);
/* All of standard input, the text of a logic program or aspif, into text, polling
 * opt->limits; false with err set (a read error, a limit, a NUL byte: no program has one). */
bool proc_read_stdin_text(const ProcLoadOptions *opt, Buf *text, ProcError *err);
/* By name: "-" is aspif on stdin, *.lp is grounded (unless opt->aspif), anything else is
 * read as aspif (a directory is refused). */
AspProgram *proc_load(const char *path, const ProcLoadOptions *opt, ProcError *err);

#endif
