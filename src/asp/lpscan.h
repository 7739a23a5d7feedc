/* lpscan.h: the check that .lp files hold no code for gringo to run (#script blocks) before
 * gringo grounds them; the same reading tells whether they have a #project directive. */
#ifndef FIX_ASP_LPSCAN_H
#define FIX_ASP_LPSCAN_H

#include "common.h"
#include "util/buf.h"

/* Reads each file and every file it #includes (resolved as gringo 5.4 does: from the current
 * directory, else from the including file's directory) and refuses, with
 * "FILE:LINE:COL: error: ..." in err, any #script outside comments and strings, any built-in
 * include (#include <...>), and any file that is not a readable regular file.  Scripts in a
 * gringo program are code; the check is the only thing that keeps gringo from running them.
 * *has_project: a #project directive was met outside comments and strings (a block comment
 * read as ending at its first `*%`, as for #script). */
bool asp_lp_scan(const char *const *files, size_t nfiles, bool *has_project, Buf *err);

#endif
