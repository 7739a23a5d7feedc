/* procerr.h: why a program could not be loaded (proc/gringo.h), as data handed up to the
 * command that reports it, so that no caller reads the place out of the text. */
#ifndef FIX_PROC_PROCERR_H
#define FIX_PROC_PROCERR_H

#include "common.h"
#include "front/diag.h"
#include "util/buf.h"

/* An error in a file has a place of its own: message is the line the file's reader wrote,
 * place first ("x.lp:2:1: error: ...", "x.lp: error: ...").  An error of the loading itself
 * (gringo cannot be run, failed, was stopped) has none: message is the message alone. */
typedef struct ProcError {
    bool placed;
    Buf message;
} ProcError;

void proc_error_init(ProcError *e);
void proc_error_free(ProcError *e);
/* Reported as one line: the file's, or "fix: error: MESSAGE". */
void proc_error_report(Diag *d, const ProcError *e);
/* Reported for the statement at loc: an error with no place is reported at loc; a file's
 * line is printed whole, then a note at loc says that it stops the statement. */
void proc_error_report_at(Diag *d, Loc loc, const ProcError *e);

#endif
