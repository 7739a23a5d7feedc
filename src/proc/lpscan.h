/* lpscan.h: the check that .lp files hold no code for gringo to run before gringo grounds
 * them, made so that it needs no second reading of gringo's syntax to agree with gringo's;
 * the same reading tells whether they have a #project directive. */
#ifndef FIX_PROC_LPSCAN_H
#define FIX_PROC_LPSCAN_H

#include "common.h"
#include "util/buf.h"

/* Reads each file and every file it may #include, and refuses, with
 * "FILE:LINE:COL: error: ..." in err:
 *   - the bytes #script, #python, #lua or #begin_lua in any case ANYWHERE, comments and
 *     strings included (gringo 5.4 runs `#script (python|lua) ... #end.`; the others are older
 *     spellings, refused so that no version of gringo finds a script fix let through);
 *   - every #include (in any case, anywhere) that is not exactly `#include "NAME" .`: the
 *     keyword, blanks (space, tab, CR, newline) or none, a string with no backslash, newline
 *     or NUL, blanks or none, a dot.  That form is read the same by anyone; the file it names
 *     is resolved as gringo 5.4 does (NAME from the current directory; else, when relative,
 *     from the directory of the name gringo has for the including file; gringo's CLINGOPATH is
 *     removed from its environment, sandbox.h) and read in turn, even when the include stands
 *     in a comment (reading more is safe).  #include <...> is refused;
 *   - a file (named or included) that is not a readable regular file, or that is in /proc,
 *     /sys or /dev or on a kernel file system (proc, sysfs, ...), whose bytes may differ
 *     between fix's reading and gringo's, or whose way goes through a link of /proc that
 *     leads each process to its own file (/dev/stdin, /proc/self/fd/N).
 * A file reached under names in different directories is read once for each (its includes
 * resolve differently).  Scripts in a gringo program are code: with the sandbox of sandbox.h
 * this check is the first of two walls.
 * *has_project: a #project directive was met outside comments and strings (read as gringo's
 * lexer reads them: nested block comments, % and #! line comments, one-line strings). */
bool proc_lp_scan(const char *const *files, size_t nfiles, bool *has_project, Buf *err);
/* The same check of a program's text that gringo reads on its standard input (shown as
 * "stdin"; its includes resolve from the current directory, as gringo resolves them). */
bool proc_lp_scan_text(const char *text, size_t len, bool *has_project, Buf *err);

/* The name gringo is given for file (to free): a name that starts with '-' gets "./" in
 * front, so that gringo never takes it for an option or for standard input ("-"); gringo 5.4
 * has no "--" that ends its options.  Any other name is left as written, so that gringo's
 * messages name the file as the user wrote it (as clingo's do).  Its directory is the one
 * gringo resolves includes from. */
char *proc_lp_arg(const char *file);

#endif
