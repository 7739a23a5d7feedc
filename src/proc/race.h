/* race.h: a task run in a forked copy of fix beside the caller's own work (the portfolio of
 * `--solver race`, portfolio.c).  The child's standard output and the bytes of its result come
 * back through pipes, read by a thread while the caller works; when the child ends with an
 * answer that is to win, the thread sets a flag the caller's work polls (AftOptions.interrupt)
 * so that it stops.  The child, and every process it starts, dies with the caller. */
#ifndef FIX_PROC_RACE_H
#define FIX_PROC_RACE_H

#include <signal.h>

#include "common.h"
#include "util/buf.h"

/* Runs in the child: what it prints on standard output is collected, result gets the bytes
 * to send back; true when its answer is to win (stop the caller's work). */
typedef bool (*ProcRaceTask)(void *arg, Buf *result);

typedef struct ProcRace ProcRace;

/* Forks the child running task(arg) and starts the thread that reads it; *won is set to 1
 * when the child ends with true.  Once the race has run 20 ms, the calling thread's nice
 * value goes up by `yield` (0: never; it stays up, since a process may not lower it again):
 * on a machine whose cores are busy the child then gets the larger share, while a quick
 * answer of the caller's own is not slowed.  NULL (the reason in err) when it cannot start. */
ProcRace *proc_race_start(ProcRaceTask task, void *arg, volatile sig_atomic_t *won, int yield,
                          Buf *err);

/* Has the child ended (its pipes closed), with or without a winning answer? */
bool proc_race_ended(const ProcRace *r);

/* Ends the race and frees r: with cancel the child (and what it started) is killed first;
 * then waits for it.  True when the child ran to its end and returned true.  When it ran to
 * its end, its output is appended to text and its result to result. */
bool proc_race_end(ProcRace *r, bool cancel, Buf *text, Buf *result);

#endif
