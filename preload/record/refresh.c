#define _GNU_SOURCE
#include "config.h"
#include "refresh.h"
#include "install_dirs.h"
#include "buf.h"
#include "close_from.h"
#include "raw_syscall.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434 /* Linux 5.3; older kernels say ENOSYS */
#endif
#ifndef SYS_close_range
#define SYS_close_range 436 /* Linux 5.9, the same number everywhere */
#endif

#define _NAME "heapline-refresh"

/* Where the program may be: where make install put it relative to the
 * library (an installed tree moved whole, the prebuilt archive), in the
 * build tree (both in preload),
 * where make install put it. */
static char _candidates[3][PATH_MAX];
static pid_t _pid;    /* the refresher, 0 when none runs */
static int _valgrind; /* the process runs under valgrind */
static pid_t _middle; /* the middle child not reaped yet, 0 when none */

/* Between clone and exec, the children share our memory (CLONE_VM) and
 * each runs on a stack of its own; one start at a time (provisional.c),
 * the last one's middle child reaped before the next. */
static char _middle_stack[16384] __attribute__((aligned(64)));
static char _exec_stack[16384] __attribute__((aligned(64)));
static struct {
    int fd;    /* the record */
    int pidfd; /* of this process, -1 when the kernel has none */
    int err;   /* set by the refresher's side when no exec worked */
    pid_t pid; /* the refresher, set by the middle child */
    char *argv[7];
    char args[5][24];
} _spawn;

/* "DIR/REL" from the library's folder into out; "" when too long. */
static void _beside(char *out, const char *lib, size_t dir_len, const char *rel)
{
    struct hl_buf b;

    hl_buf_init(&b, out, PATH_MAX);
    hl_buf_mem(&b, lib, dir_len);
    hl_buf_str(&b, rel);
    if (b.overflow)
        out[0] = '\0';
}

void hl_refresh_init(void)
{
    Dl_info info;
    const char *slash, *preload;
    char cwd[PATH_MAX], lib[PATH_MAX];
    struct hl_buf b;

    /* valgrind cannot run the children's clone (it says "Unsupported
     * clone() flags" and ends the program), and its core is preloaded
     * into every program it runs. */
    preload = getenv("LD_PRELOAD");
    _valgrind = preload && strstr(preload, "/vgpreload_core");
    _beside(_candidates[2], "", 0, HL_REFRESH_PROGRAM);
    if (!dladdr((void *)hl_refresh_init, &info) || !info.dli_fname)
        return;
    hl_buf_init(&b, lib, sizeof(lib));
    if (info.dli_fname[0] != '/' && getcwd(cwd, sizeof(cwd))) {
        hl_buf_str(&b, cwd);
        hl_buf_char(&b, '/');
    }
    hl_buf_str(&b, info.dli_fname);
    slash = strrchr(lib, '/');
    if (b.overflow || !slash)
        return;
    _beside(_candidates[0], lib, (size_t)(slash - lib), "/" HL_LIB_TO_REFRESH);
    _beside(_candidates[1], lib, (size_t)(slash - lib), "/" _NAME);
}

/* Every descriptor from first to last closed, with close_range(2) where
 * the kernel has it (Linux 5.9), else one by one up to the open-file
 * limit (common/close_from.h does the same through glibc, which writes
 * errno). */
static void _close_from(unsigned first, unsigned last)
{
    struct rlimit lim;

    if (hl_raw_syscall(SYS_close_range, first, last, 0, 0, 0) == 0)
        return;
    if (hl_raw_syscall(SYS_prlimit64, 0, RLIMIT_NOFILE, 0, (long)&lim, 0) ==
            0 &&
        lim.rlim_cur != RLIM_INFINITY && lim.rlim_cur <= last)
        last = lim.rlim_cur ? (unsigned)lim.rlim_cur - 1 : 0;
    if (last >= HL_CLOSE_EACH_MAX)
        last = HL_CLOSE_EACH_MAX - 1;
    for (unsigned fd = first; fd <= last; fd++)
        hl_raw_syscall(SYS_close, fd, 0, 0, 0, 0);
}

static void _exec_failed(long err)
{
    _spawn.err = (int)-err;
    hl_raw_syscall(SYS_exit, 127, 0, 0, 0, 0);
}

/* The refresher's side: the record as fd 3, this process's pidfd as fd 4
 * (if any), nothing else of the program's, then the program, with an
 * empty environment (it is static: no LD_PRELOAD to clear). Only system
 * calls that leave errno alone (raw_syscall.h): the parent's memory is
 * ours (execve too, not the library's own execve, whose bookkeeping is
 * the parent's). Both are first copied past 4, so that neither is
 * closed by putting the other in its place. */
static void _exec_child(void)
{
    static char *const no_env[] = {NULL};
    long fd, pidfd = -1, err = -ENOENT;

    fd = hl_raw_syscall(SYS_fcntl, _spawn.fd, F_DUPFD, 5, 0, 0);
    if (fd < 0)
        _exec_failed(fd);
    if (_spawn.pidfd >= 0 &&
        (pidfd = hl_raw_syscall(SYS_fcntl, _spawn.pidfd, F_DUPFD, 5, 0, 0)) < 0)
        _exec_failed(pidfd);
    if ((err = hl_raw_syscall(SYS_dup3, fd, 3, 0, 0, 0)) < 0 ||
        (pidfd >= 0 && (err = hl_raw_syscall(SYS_dup3, pidfd, 4, 0, 0, 0)) < 0))
        _exec_failed(err);
    _close_from(0, 2);
    _close_from(pidfd >= 0 ? 5 : 4, ~0U);
    for (int i = 0; i < 3; i++)
        if (_candidates[i][0])
            err = hl_raw_syscall(SYS_execve, (long)_candidates[i],
                                 (long)_spawn.argv, (long)no_env, 0, 0);
    _exec_failed(err);
}

/* The middle child: starts the refresher and exits once it has executed,
 * so that the refresher is none of our children (the kernel gives an
 * exec'd child an exit signal of SIGCHLD, whatever clone said:
 * waitpid(-1) would see it). This one does not exec: exit signal 0, which
 * waitpid(-1) does not see either, reaped by us, by pid, later: we go on
 * while the refresher starts (where raw_syscall.h has calls that leave our
 * errno alone; elsewhere we wait for this child's end). */
static int _middle_child(void *unused)
{
    (void)unused;
    _spawn.pid =
        (pid_t)hl_raw_vfork_on(_exec_child, _exec_stack + sizeof(_exec_stack),
                               CLONE_VM | CLONE_VFORK | SIGCHLD);
    hl_raw_syscall(SYS_exit, 0, 0, 0, 0, 0);
    return 0;
}

static void _arg(int i, int64_t v)
{
    struct hl_buf b;

    hl_buf_init(&b, _spawn.args[i], sizeof(_spawn.args[i]));
    hl_buf_i64(&b, v);
    _spawn.argv[i + 1] = _spawn.args[i];
}

/* A process whose orphans come back to it as children: the refresher
 * would be one. */
static int _takes_orphans(void)
{
    int subreaper = 0;

    return getpid() == 1 ||
           prctl(PR_GET_CHILD_SUBREAPER, (unsigned long)&subreaper) < 0 ||
           subreaper;
}

/* The middle child gone, the refresher's pid is known (or that none
 * started). options: WNOHANG, or 0 to wait for it. A program that reaps
 * every child (__WALL) may have reaped it: then it is gone too. */
static void _reap(int options)
{
    pid_t middle = _middle, got;

    if (!middle)
        return;
    while ((got = waitpid(middle, NULL, __WCLONE | options)) < 0 &&
           errno == EINTR)
        ;
    if (got == 0)
        return;
    _middle = 0;
    __atomic_store_n(&_pid, !_spawn.err && _spawn.pid > 0 ? _spawn.pid : 0,
                     __ATOMIC_RELEASE);
}

int hl_refresh_start(int fd, pid_t pid, int64_t start_ns, const size_t *offset)
{
    sigset_t all, old;
    pid_t middle;
    int saved_errno = errno;

    if (_valgrind || _takes_orphans())
        return -1;
    _reap(0);
    _spawn.fd = fd;
    _spawn.pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
    _spawn.err = 0;
    _spawn.pid = -1;
    _spawn.argv[0] = (char *)_NAME;
    _arg(0, pid);
    _arg(1, start_ns);
    _arg(2, (int64_t)offset[HL_REC_elapsed_ms]);
    _arg(3, (int64_t)offset[HL_REC_vmhwm]);
    _arg(4, (int64_t)offset[HL_REC_vmrss_at_exit]);
    _spawn.argv[6] = NULL;
    /* No handler of the program may run in the children, which share its
     * memory: every signal blocked until exec (the refresher sets its
     * own). */
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    middle = clone(_middle_child, _middle_stack + sizeof(_middle_stack),
                   CLONE_VM | (HL_RAW_SYSCALLS ? 0 : CLONE_VFORK), NULL);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    /* The children have their own copies of the descriptors. */
    if (_spawn.pidfd >= 0)
        close(_spawn.pidfd);
    _middle = middle > 0 ? middle : 0;
    errno = saved_errno;
    return middle > 0 ? 0 : -1;
}

int hl_refresh_writes(int64_t elapsed_ns)
{
    int saved_errno = errno;

    if (elapsed_ns < HL_REFRESH_LIBRARY_UNTIL_NS)
        return 0;
    _reap(WNOHANG);
    errno = saved_errno;
    return __atomic_load_n(&_pid, __ATOMIC_ACQUIRE) != 0;
}

/* Not a child of ours: nothing to reap. Its pid cannot have gone to
 * another process, since it lives as long as this one (refresh_main.c),
 * unless someone else killed it. A write of its that the kill interrupts
 * lands in the provisional file, which the final record, or the new
 * image's, replaces with another file. */
void hl_refresh_stop(void)
{
    int saved_errno = errno;
    pid_t pid;

    _reap(0);
    pid = __atomic_exchange_n(&_pid, 0, __ATOMIC_ACQ_REL);
    if (pid > 0)
        kill(pid, SIGKILL);
    errno = saved_errno;
}

void hl_refresh_after_fork(void)
{
    _pid = 0;
    _middle = 0;
}
