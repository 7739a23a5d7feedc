/* outfile.h: output that is either complete or an error.  A stream's writes are checked at
 * flush points (outfile_check: a write that failed now or earlier); a file is written under
 * a temporary name in the same directory and renamed over its name only once every byte of
 * it is out (outfile_open, outfile_commit), so that a failed or interrupted write never
 * leaves a truncated file and never clobbers the file that was there half-way. */
#ifndef FIX_OUTFILE_H
#define FIX_OUTFILE_H

#include <stdio.h>

#include "common.h"
#include "util/buf.h"

typedef struct OutFile {
    FILE *f;                 /* write here, between outfile_open and outfile_commit */
    char *path;              /* the name the file gets (a symbolic link's target) */
    char *name;              /* the name it was given, for messages */
    char *tmp;               /* the name it is written under */
} OutFile;

/* Flushes f and says whether every write to it went out; else false with
 * "cannot write NAME: REASON" in err (REASON: the failed write's, e.g. "No space left on
 * device").  seen: the errno of a failed write the caller saw (a Buf stream's err), or 0: a
 * write that failed inside an earlier stdio call leaves only the stream's error flag. */
bool outfile_check(FILE *f, const char *name, int seen, Buf *err);
/* That message for errno e: "cannot write NAME: REASON". */
void outfile_error(Buf *err, const char *name, int e);

/* Creates a temporary file beside path (beside its target when path is a symbolic link; with
 * path's permissions when it exists); false with "cannot write 'PATH': REASON" in err.  A
 * path that is no regular file (/dev/null, a terminal) is written in place. */
bool outfile_open(OutFile *o, const char *path, Buf *err);
/* Flushes, syncs and closes the file and renames it to its path; false after any failure
 * (the temporary file removed, path untouched) with the reason in err; seen as for
 * outfile_check (nonzero: a write failed, the file is not kept). */
bool outfile_commit(OutFile *o, int seen, Buf *err);
/* Closes and removes the temporary file; path is untouched. */
void outfile_discard(OutFile *o);

/* Do the two name the same existing regular file (device and inode, not name)?  "-" names
 * standard input. */
bool outfile_same(const char *a, const char *b);
/* Is standard output the existing regular file path names (`fix run m.fix > m.fix`)? */
bool outfile_is_stdout(const char *path);

#endif
