/* sandbox.h: how gringo and clingo are started.  Unless the user passed --allow-scripts, the
 * child runs in a sandbox, set up in the forked child before its one exec and checked there
 * before the program starts: no exec after that one, no file written, created, renamed or
 * removed, no socket, no fork (threads only), no signal to another process, no capability
 * (sysfilter.h lists the system calls).  Its environment lacks the variables that would make
 * gringo or clingo read files fix did not check or run code fix did not see (CLINGOPATH,
 * PYTHON*, LUA_INIT*, LUA_PATH*, LUA_CPATH*, LD_PRELOAD, LD_AUDIT).  Where the sandbox cannot
 * be set up, the child is not run and the error says why, naming --allow-scripts.
 *
 * Either way the child is in a session (and process group) of its own, so that a signal meant
 * for fix's terminal group does not reach it half way, and it dies with the thread of fix that
 * started it (PR_SET_PDEATHSIG: every fork of fix is made by a process's main thread, race.c's
 * reader thread only reads); fix kills it at every limit and waits for it. */
#ifndef FIX_PROC_SANDBOX_H
#define FIX_PROC_SANDBOX_H

#include <sys/types.h>

#include "common.h"
#include "util/buf.h"

typedef struct ProcChild {
    const char *program;          /* a path (with a '/'), else a name looked up on PATH */
    char *const *argv;            /* its arguments, argv[0] first, NULL-terminated */
    int in, out, err;             /* what become its descriptors 0, 1 and 2 */
    bool allow_scripts;           /* --allow-scripts: no sandbox, the environment unchanged */
} ProcChild;

typedef enum {
    PROC_SPAWN_OK,
    PROC_SPAWN_NOT_FOUND,         /* no such program, or it cannot be executed */
    PROC_SPAWN_FAILED,            /* no fork, or no sandbox: err says why */
} ProcSpawnStatus;

/* Starts c; *pid is the child's.  The descriptors of c are only read: the caller closes its
 * own.  Every other descriptor of fix is closed in the child.  On NOT_FOUND and FAILED the
 * child (if any) has been waited for and err holds the reason (NOT_FOUND: "PROGRAM: why"). */
ProcSpawnStatus proc_spawn(const ProcChild *c, pid_t *pid, Buf *err);

/* A write to a child's standard input, which the child may close before reading it all:
 * EPIPE rather than SIGPIPE there, while a reader of fix's own output that is gone still ends
 * fix as it ends the native search. */
ssize_t proc_child_write(int fd, const char *data, size_t len);

/* SIGKILL to the child and its process group (the child may not have made the group yet). */
void proc_spawn_kill(pid_t pid);

#endif
