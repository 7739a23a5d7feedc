/* sysfilter.h: the seccomp-BPF program of the sandbox gringo and clingo run in (sandbox.h):
 * which system calls they may make.  Linux on x86_64 and aarch64 only: elsewhere there is no
 * filter, and the sandbox says so. */
#ifndef FIX_PROC_SYSFILTER_H
#define FIX_PROC_SYSFILTER_H

#include <sys/types.h>

#include "common.h"

/* Room for the longest program proc_sysfilter_build makes (it makes about 300 instructions). */
#define PROC_SYSFILTER_MAX 512

/* One classic BPF instruction, as struct sock_filter lays it out. */
typedef struct ProcBpfInsn {
    uint16_t code;
    uint8_t jt, jf;
    uint32_t k;
} ProcBpfInsn;

typedef struct ProcSysFilter {
    ProcBpfInsn insn[PROC_SYSFILTER_MAX];
    size_t n;
} ProcSysFilter;

/* NULL when this build can make the filter (Linux, x86_64 or aarch64), else why not. */
const char *proc_sysfilter_unsupported(void);

/* The filter for a child that is process `self`:
 *   - a system call of another architecture (x86_64: also the x32 ones) kills the process;
 *   - execve and execveat wait for the parent (SECCOMP_RET_USER_NOTIF): it lets the first one
 *     through (proc_sysfilter_let_exec) and then closes the listener, after which every exec
 *     fails with ENOSYS, whatever its arguments;
 *   - open, openat and creat that could write, create or truncate fail with EPERM (openat2,
 *     whose flags a filter cannot see, with ENOSYS: callers fall back to openat), and so do
 *     rename, unlink, mkdir, link, symlink, truncate, chmod, chown, mknod, utimes, the xattr
 *     setters, their *at variants, io_uring (ENOSYS: it could open files unseen);
 *   - socket, connect, bind, listen, accept: EPERM (no network, not even a local socket);
 *   - fork, vfork and clone without CLONE_THREAD: EPERM (threads are allowed); clone3 ENOSYS,
 *     so that the C library falls back to clone;
 *   - prlimit64, sched_setaffinity, sched_setscheduler, sched_setparam, sched_setattr,
 *     migrate_pages and move_pages on any process but itself (pid 0 or its own), and
 *     setpriority and ioprio_set (which can reach a whole user's processes): EPERM;
 *   - ptrace, process_vm_readv/writev, pidfd_getfd, signals to any other process, mount and
 *     namespace calls, modules, reboot, clocks, keys, bpf, perf, SysV IPC, POSIX message
 *     queues, the TIOCSTI and TIOCLINUX ioctls (typing into a terminal): EPERM;
 *   - a system call numbered 435 or more that is not known to be harmless: ENOSYS (a call
 *     newer than this list cannot be used to get round it).
 * Everything else is allowed.  False (the program would not fit) cannot happen with this
 * list; it is checked all the same. */
bool proc_sysfilter_build(ProcSysFilter *f, pid_t self);

/* Sets PR_SET_NO_NEW_PRIVS and installs f on the calling thread, *listener the descriptor on
 * which its exec notifications arrive: 0, or the errno. */
int proc_sysfilter_install(const ProcSysFilter *f, int *listener);

/* After proc_sysfilter_install: NULL when the filter is in force (seccomp mode 2, and a write
 * open, a mkdir, a socket and a fork, each made so that the kernel itself would refuse it
 * with another error, fail with the filter's EPERM), else the first that is not.  Nothing is
 * created even when the filter is not in force. */
const char *proc_sysfilter_verify(void);

/* In the parent, given the child's listener: waits for the child's exec (its first system
 * call that notifies) and lets it through, then closes the listener.  NULL, or why not (the
 * child may then be blocked in its exec: kill it). */
const char *proc_sysfilter_let_exec(int listener, pid_t child);

#endif
