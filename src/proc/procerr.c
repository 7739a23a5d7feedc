/* procerr.c: the errors of loading a program (procerr.h) and their two ways to be reported. */
#include "proc/procerr.h"

void proc_error_init(ProcError *e)
{
    e->placed = false;
    buf_init(&e->message);
}

void proc_error_free(ProcError *e)
{
    buf_free(&e->message);
}

static const char *message(const ProcError *e)
{
    return e->message.data ? e->message.data : "";
}

void proc_error_report(Diag *d, const ProcError *e)
{
    if (e->placed) {
        diag_error_text(d, message(e));
        return;
    }
    Buf line;
    buf_init(&line);
    buf_printf(&line, "fix: error: %s", message(e));
    diag_error_text(d, buf_cstr(&line));
    buf_free(&line);
}

void proc_error_report_at(Diag *d, Loc loc, const ProcError *e)
{
    if (!e->placed) {
        diag_error(d, loc, "%s", message(e));
        return;
    }
    diag_error_text(d, message(e));
    diag_note(d, loc, "the error above stops this statement");
}
