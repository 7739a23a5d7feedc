/* proc_web.c: the parts of fix that start processes or read a terminal, for the browser (the
 * web build, make web, in place of src/proc/sandbox.c, sysfilter.c, race.c and
 * src/cli/repl.c).  A page has no gringo, no clingo, no fork and no terminal: each says so
 * instead, and fix reports it as it reports a missing gringo. */
#include <errno.h>
#include <stdio.h>

#include "cli/repl.h"
#include "proc/race.h"
#include "proc/sandbox.h"

ProcSpawnStatus proc_spawn(const ProcChild *c, pid_t *pid, Buf *err)
{
    *pid = -1;
    buf_printf(err, "%s cannot run in the browser: a program from a .lp file (`program P from "
               "\"x.lp\"`) is grounded by gringo, and the page has neither gringo nor clingo; "
               "write the rules in a program block (`program P { ... }`) or as aspif text, or "
               "run fix on the command line", c->program);
    return PROC_SPAWN_FAILED;
}

void proc_spawn_kill(pid_t pid)
{
    (void)pid;
}

/* No child ever runs in a page, so none reads what would be written to it. */
ssize_t proc_child_write(int fd, const char *data, size_t len)
{
    (void)fd; (void)data; (void)len;
    errno = EPIPE;
    return -1;
}

/* The portfolio's race forks a copy of fix: not in a page. */
ProcRace *proc_race_start(ProcRaceTask task, void *arg, volatile sig_atomic_t *won, int yield,
                          Buf *err)
{
    (void)task; (void)arg; (void)won; (void)yield;
    buf_puts(err, "cannot start a second process in the browser (--solver race)");
    return NULL;
}

bool proc_race_ended(const ProcRace *r)
{
    (void)r;
    return true;
}

bool proc_race_end(ProcRace *r, bool cancel, Buf *text, Buf *result)
{
    (void)r; (void)cancel; (void)text; (void)result;
    return false;
}

int cli_repl_main(fix_session *s, const char *const *files, size_t nfiles)
{
    (void)s; (void)files; (void)nfiles;
    fputs("fix: error: the REPL needs a terminal; the page runs `fix run` on the editor's text\n",
          stderr);
    return 2;
}
