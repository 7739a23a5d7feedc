/* sysfilter.c: the seccomp-BPF program of gringo's and clingo's sandbox (sysfilter.h says what
 * it allows).  The system call numbers are the build machine's own (<sys/syscall.h>), so the
 * program is checked against that architecture's audit number; from 435 on the numbers are
 * the same on every architecture, and the newest calls are written as numbers since older
 * headers do not name them. */
#include "proc/sysfilter.h"

#include <errno.h>

#if defined(__linux__) && (defined(__x86_64__) || (defined(__aarch64__) && !defined(__AARCH64EB__)))
#define FIX_SYSFILTER 1
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/sched.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifndef AT_EMPTY_PATH
#define AT_EMPTY_PATH 0x1000      /* Linux's value: <fcntl.h> names it for _GNU_SOURCE only */
#endif
#if defined(__x86_64__)
#define FILTER_ARCH AUDIT_ARCH_X86_64
#else
#define FILTER_ARCH AUDIT_ARCH_AARCH64
#endif
#endif

const char *proc_sysfilter_unsupported(void)
{
#ifdef FIX_SYSFILTER
    return NULL;
#elif defined(__linux__)
    return "this build of fix knows the system call numbers of x86_64 and aarch64 Linux only";
#else
    return "the sandbox needs Linux (seccomp)";
#endif
}

#ifndef FIX_SYSFILTER
bool proc_sysfilter_build(ProcSysFilter *f, pid_t self)
{
    (void)self;
    f->n = 0;
    return false;
}

int proc_sysfilter_install(const ProcSysFilter *f, int *listener)
{
    (void)f;
    *listener = -1;
    return ENOSYS;
}

const char *proc_sysfilter_verify(void)
{
    return "no sandbox";
}

const char *proc_sysfilter_let_exec(int listener, pid_t child)
{
    (void)listener;
    (void)child;
    return "no sandbox";
}
#else

enum { RET_ALLOW = SECCOMP_RET_ALLOW, RET_KILL = SECCOMP_RET_KILL_PROCESS };
#define RET_ERR(e) (SECCOMP_RET_ERRNO | (uint32_t)(e))

/* Calls that always fail, and how. */
typedef struct Denied { uint32_t nr, ret; } Denied;

#define EPERM_(name) { __NR_##name, RET_ERR(EPERM) }
#define ENOSYS_(nr) { nr, RET_ERR(ENOSYS) }
static const Denied denied[] = {
    { __NR_execve, SECCOMP_RET_USER_NOTIF }, { __NR_execveat, SECCOMP_RET_USER_NOTIF },
#if defined(__x86_64__)
    EPERM_(creat), EPERM_(rename), EPERM_(unlink), EPERM_(rmdir), EPERM_(mkdir), EPERM_(link),
    EPERM_(symlink), EPERM_(chmod), EPERM_(chown), EPERM_(lchown), EPERM_(mknod), EPERM_(utime),
    EPERM_(utimes), EPERM_(futimesat), EPERM_(fork), EPERM_(vfork), EPERM_(iopl), EPERM_(ioperm),
    EPERM_(uselib),
#endif
    /* the file system */
    EPERM_(renameat), EPERM_(renameat2), EPERM_(unlinkat), EPERM_(mkdirat), EPERM_(linkat),
    EPERM_(symlinkat), EPERM_(truncate), EPERM_(ftruncate), EPERM_(fallocate), EPERM_(fchmod),
    EPERM_(fchmodat), EPERM_(fchown), EPERM_(fchownat), EPERM_(mknodat), EPERM_(utimensat),
    EPERM_(setxattr), EPERM_(lsetxattr), EPERM_(fsetxattr), EPERM_(removexattr),
    EPERM_(lremovexattr), EPERM_(fremovexattr), EPERM_(open_by_handle_at), EPERM_(acct),
    EPERM_(mq_open), EPERM_(mq_unlink), EPERM_(mq_timedsend), EPERM_(fanotify_init),
    EPERM_(fanotify_mark), EPERM_(quotactl), EPERM_(swapon), EPERM_(swapoff),
    /* the network */
    EPERM_(socket), EPERM_(connect), EPERM_(bind), EPERM_(listen), EPERM_(accept),
    EPERM_(accept4),
    /* other processes, limits, the system */
    EPERM_(ptrace), EPERM_(process_vm_readv), EPERM_(process_vm_writev), EPERM_(tkill),
    EPERM_(mount), EPERM_(umount2), EPERM_(pivot_root), EPERM_(chroot),
    EPERM_(unshare), EPERM_(setns), EPERM_(bpf), EPERM_(perf_event_open), EPERM_(userfaultfd),
    EPERM_(keyctl), EPERM_(add_key), EPERM_(request_key), EPERM_(init_module),
    EPERM_(finit_module), EPERM_(delete_module), EPERM_(kexec_load), EPERM_(kexec_file_load),
    EPERM_(reboot), EPERM_(sethostname), EPERM_(setdomainname), EPERM_(settimeofday),
    EPERM_(clock_settime), EPERM_(clock_adjtime), EPERM_(adjtimex), EPERM_(syslog),
    EPERM_(vhangup), EPERM_(shmget), EPERM_(shmat), EPERM_(shmctl), EPERM_(semget),
    EPERM_(semop), EPERM_(semctl), EPERM_(semtimedop), EPERM_(msgget), EPERM_(msgsnd),
    EPERM_(msgrcv), EPERM_(msgctl), EPERM_(setpriority), EPERM_(ioprio_set),
    /* io_uring (425..427) and the new mount calls (428..433); 424 pidfd_send_signal */
    ENOSYS_(425), ENOSYS_(426), ENOSYS_(427), ENOSYS_(428), ENOSYS_(429), ENOSYS_(430),
    ENOSYS_(431), ENOSYS_(432), ENOSYS_(433), { 424, RET_ERR(EPERM) },
};

/* From 435 on only these are allowed (the rest: ENOSYS): close_range, faccessat2,
 * epoll_pwait2, landlock (3), memfd_secret, futex_waitv, cachestat, map_shadow_stack, futex
 * (3), statmount, listmount, lsm_get_self_attr, lsm_list_modules, mseal, getxattrat,
 * listxattrat, file_getattr.  Not: clone3 435 (ENOSYS: the C library then uses clone),
 * openat2 437, pidfd_getfd 438, fchmodat2 452, setxattrat 463, removexattrat 466, ... */
static const uint32_t newer_allowed[] = {
    436, 439, 441, 444, 445, 446, 447, 449, 451, 453, 454, 455, 456, 457, 458, 459, 461, 462,
    464, 465, 468,
};
enum { FIRST_NEWER = 435 };

static void op(ProcSysFilter *f, uint32_t code, uint32_t k, size_t jt, size_t jf)
{
    if (f->n < PROC_SYSFILTER_MAX && jt <= 255 && jf <= 255)
        f->insn[f->n] = (ProcBpfInsn){ (uint16_t)code, (uint8_t)jt, (uint8_t)jf, k };
    else f->n = PROC_SYSFILTER_MAX;          /* marks the program as not fitting */
    f->n++;
}

static void ret(ProcSysFilter *f, uint32_t what) { op(f, BPF_RET | BPF_K, what, 0, 0); }
static void load(ProcSysFilter *f, uint32_t off) { op(f, BPF_LD | BPF_W | BPF_ABS, off, 0, 0); }

/* The low 32 bits of argument i (both architectures are little-endian); the arguments the
 * rules look at are ints. */
static uint32_t arg_lo(size_t i) { return (uint32_t)(offsetof(struct seccomp_data, args) + 8 * i); }

/* A rule for call nr whose body (of len instructions, each path ending in a return) follows:
 * other calls skip it, with the call's number still loaded. */
static void rule(ProcSysFilter *f, uint32_t nr, size_t len)
{
    op(f, BPF_JMP | BPF_JEQ | BPF_K, nr, 0, len);
}

/* Allowed when the word at off is one of val[0..m), else EPERM (or, with deny_listed, the
 * other way round). */
static void rule_one_of(ProcSysFilter *f, uint32_t nr, uint32_t off, const uint32_t *val,
                        size_t m, bool deny_listed)
{
    rule(f, nr, m + 3);
    load(f, off);
    for (size_t i = 1; i <= m; i++) op(f, BPF_JMP | BPF_JEQ | BPF_K, val[i - 1], m + 1 - i, 0);
    ret(f, deny_listed ? RET_ALLOW : RET_ERR(EPERM));
    ret(f, deny_listed ? RET_ERR(EPERM) : RET_ALLOW);
}

/* Allowed when the word at off has any bit of mask (with_bits) or none of them (!with_bits),
 * else EPERM. */
static void rule_bits(ProcSysFilter *f, uint32_t nr, uint32_t off, uint32_t mask, bool with_bits)
{
    rule(f, nr, 4);
    load(f, off);
    op(f, BPF_JMP | BPF_JSET | BPF_K, mask, 0, 1);
    ret(f, with_bits ? RET_ALLOW : RET_ERR(EPERM));
    ret(f, with_bits ? RET_ERR(EPERM) : RET_ALLOW);
}

static void rules_with_arguments(ProcSysFilter *f, pid_t self)
{
    const uint32_t write_flags = O_ACCMODE | O_CREAT | O_TRUNC;
#if defined(__x86_64__)
    rule_bits(f, __NR_open, arg_lo(1), write_flags, false);
#endif
    rule_bits(f, __NR_openat, arg_lo(2), write_flags, false);
    rule_bits(f, __NR_clone, arg_lo(0), CLONE_THREAD, true);
    uint32_t me = (uint32_t)self, group[] = { me, 0, (uint32_t)-self };
    rule_one_of(f, __NR_kill, arg_lo(0), group, 3, false);
    rule_one_of(f, __NR_tgkill, arg_lo(0), &me, 1, false);
    rule_one_of(f, __NR_rt_sigqueueinfo, arg_lo(0), &me, 1, false);
    rule_one_of(f, __NR_rt_tgsigqueueinfo, arg_lo(0), &me, 1, false);
    uint32_t tty[] = { TIOCSTI, TIOCLINUX };
    rule_one_of(f, __NR_ioctl, arg_lo(1), tty, 2, true);
    /* the limits, scheduling and memory placement of the process itself only (0 or its pid):
     * not of fix, which it could stop or starve (prlimit64 sets another process's limits) */
    uint32_t own[] = { 0, me };
    const uint32_t own_only[] = { __NR_prlimit64, __NR_sched_setaffinity, __NR_sched_setscheduler,
                                  __NR_sched_setparam, __NR_sched_setattr, __NR_migrate_pages,
                                  __NR_move_pages };
    for (size_t i = 0; i < FIX_ARRAY_LEN(own_only); i++)
        rule_one_of(f, own_only[i], arg_lo(0), own, 2, false);
}

bool proc_sysfilter_build(ProcSysFilter *f, pid_t self)
{
    f->n = 0;
    load(f, (uint32_t)offsetof(struct seccomp_data, arch));
    op(f, BPF_JMP | BPF_JEQ | BPF_K, FILTER_ARCH, 1, 0);
    ret(f, RET_KILL);
    load(f, (uint32_t)offsetof(struct seccomp_data, nr));
#if defined(__x86_64__)
    op(f, BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1);       /* the x32 calls */
    ret(f, RET_KILL);
#endif
    const uint32_t hot[] = { __NR_read, __NR_write, __NR_mmap, __NR_munmap, __NR_brk, __NR_futex };
    for (size_t i = 0; i < FIX_ARRAY_LEN(hot); i++) {
        op(f, BPF_JMP | BPF_JEQ | BPF_K, hot[i], 0, 1);
        ret(f, RET_ALLOW);
    }
    rules_with_arguments(f, self);
    for (size_t i = 0; i < FIX_ARRAY_LEN(denied); i++) {
        op(f, BPF_JMP | BPF_JEQ | BPF_K, denied[i].nr, 0, 1);
        ret(f, denied[i].ret);
    }
    size_t m = FIX_ARRAY_LEN(newer_allowed);
    op(f, BPF_JMP | BPF_JGE | BPF_K, FIRST_NEWER, 0, m + 1);
    for (size_t i = 1; i <= m; i++)
        op(f, BPF_JMP | BPF_JEQ | BPF_K, newer_allowed[i - 1], m + 1 - i, 0);
    ret(f, RET_ERR(ENOSYS));
    ret(f, RET_ALLOW);
    return f->n <= PROC_SYSFILTER_MAX;
}

int proc_sysfilter_install(const ProcSysFilter *f, int *listener)
{
    struct sock_filter prog[PROC_SYSFILTER_MAX];
    if (f->n > PROC_SYSFILTER_MAX) return E2BIG;
    for (size_t i = 0; i < f->n; i++)
        prog[i] = (struct sock_filter){ f->insn[i].code, f->insn[i].jt, f->insn[i].jf,
                                        f->insn[i].k };
    struct sock_fprog fprog = { .len = (unsigned short)f->n, .filter = prog };
    if (prctl(PR_SET_NO_NEW_PRIVS, 1L, 0L, 0L, 0L) != 0) return errno;
    long fd = syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER,
                      (long)SECCOMP_FILTER_FLAG_NEW_LISTENER, &fprog);
    if (fd < 0) return errno;
    *listener = (int)fd;
    return 0;
}

/* Did a probe fail with the filter's EPERM (the kernel's own answer would be another)? */
static bool refused(long r) { return r == -1 && errno == EPERM; }

const char *proc_sysfilter_verify(void)
{
    if (prctl(PR_GET_SECCOMP, 0L, 0L, 0L, 0L) != 2) return "seccomp is not in force";
    if (!refused(syscall(__NR_openat, AT_FDCWD, "", O_WRONLY | O_CREAT, 0600)))
        return "a file could be opened for writing";     /* "": ENOENT, never a file */
    if (!refused(syscall(__NR_mkdirat, AT_FDCWD, "", 0700)))
        return "a directory could be made";
    if (!refused(syscall(__NR_socket, -1, 0, 0)))
        return "a socket could be made";                 /* no family -1: EAFNOSUPPORT */
    if (!refused(syscall(__NR_clone, (long)CLONE_SIGHAND, 0L, 0L, 0L, 0L)))
        return "a process could be forked";              /* without CLONE_VM: EINVAL */
    return NULL;
}

const char *proc_sysfilter_let_exec(int listener, pid_t child)
{
    struct seccomp_notif req;
    struct seccomp_notif_resp resp;
    const char *why = NULL;
    for (;;) {
        struct pollfd pfd = { listener, POLLIN, 0 };
        int k = poll(&pfd, 1, -1);
        if (k < 0 && errno == EINTR) continue;
        if (k < 0 || !(pfd.revents & POLLIN)) why = "it ended before its exec";
        break;
    }
    memset(&req, 0, sizeof req);                /* the kernel wants it zeroed */
    if (!why && ioctl(listener, SECCOMP_IOCTL_NOTIF_RECV, &req) != 0)
        why = "its exec could not be received";
    else if (!why && ((pid_t)req.pid != child
                      || (req.data.nr != __NR_execve && req.data.nr != __NR_execveat)))
        why = "a system call other than its exec waited";
    if (!why) {
        memset(&resp, 0, sizeof resp);
        resp.id = req.id;
        resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
        if (ioctl(listener, SECCOMP_IOCTL_NOTIF_SEND, &resp) != 0)
            why = "its exec could not be let through";
    }
    close(listener);
    return why;
}
#endif
