#define _GNU_SOURCE
#include "config.h"
#include "refresh.h"
#include "buf.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define _NAME "heapline-refresh"

/* Where the program may be: where make install put it relative to the
 * library (an installed tree moved whole, the prebuilt archive), in the
 * build tree (the library in preload/.libs, the program in preload),
 * where make install put it. */
static char _candidates[3][PATH_MAX];
static pid_t _pid; /* the refresher, 0 when none runs */

/* The child between clone and exec shares our memory (CLONE_VM) and runs
 * on a stack of its own; one start at a time (provisional.c). */
static char _child_stack[16384] __attribute__((aligned(64)));
static struct {
    int fd;
    int err; /* set by the child when no exec worked */
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
    const char *slash;
    char cwd[PATH_MAX], lib[PATH_MAX];
    struct hl_buf b;

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
    _beside(_candidates[1], lib, (size_t)(slash - lib), "/../" _NAME);
}

/* In the child: the record as fd 3, nothing else of the program's, then
 * the program, with an empty environment (it is static: no LD_PRELOAD to
 * clear). Only system calls: the parent's memory is ours. */
static int _child(void *unused)
{
    static char *const no_env[] = {NULL};

    (void)unused;
    if (_spawn.fd == 3 ? fcntl(3, F_SETFD, 0) < 0 : dup2(_spawn.fd, 3) < 0) {
        _spawn.err = errno;
        syscall(SYS_exit, 127);
    }
    close_range(0, 2, 0);
    close_range(4, ~0U, 0);
    for (int i = 0; i < 3; i++)
        if (_candidates[i][0])
            execve(_candidates[i], _spawn.argv, no_env);
    _spawn.err = errno ? errno : ENOENT;
    syscall(SYS_exit, 127);
    return 127;
}

static void _arg(int i, int64_t v)
{
    struct hl_buf b;

    hl_buf_init(&b, _spawn.args[i], sizeof(_spawn.args[i]));
    hl_buf_i64(&b, v);
    _spawn.argv[i + 1] = _spawn.args[i];
}

int hl_refresh_start(int fd, pid_t pid, int64_t start_ns, const size_t *offset)
{
    sigset_t all, old;
    pid_t child;
    int saved_errno = errno;

    _spawn.fd = fd;
    _spawn.err = 0;
    _spawn.argv[0] = (char *)_NAME;
    _arg(0, pid);
    _arg(1, start_ns);
    _arg(2, (int64_t)offset[HL_REC_elapsed_ms]);
    _arg(3, (int64_t)offset[HL_REC_vmhwm]);
    _arg(4, (int64_t)offset[HL_REC_vmrss_at_exit]);
    _spawn.argv[6] = NULL;
    /* No handler of the program may run in the child, which shares its
     * memory: every signal blocked until exec (the refresher unblocks
     * them). Exit signal 0: no SIGCHLD, invisible to wait(). */
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    child = clone(_child, _child_stack + sizeof(_child_stack),
                  CLONE_VM | CLONE_VFORK, NULL);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (child > 0 && _spawn.err) {
        waitpid(child, NULL, __WCLONE);
        child = -1;
    }
    __atomic_store_n(&_pid, child > 0 ? child : 0, __ATOMIC_RELEASE);
    errno = saved_errno;
    return child > 0 ? 0 : -1;
}

int hl_refresh_running(void)
{
    return __atomic_load_n(&_pid, __ATOMIC_ACQUIRE) != 0;
}

void hl_refresh_stop(int reap)
{
    pid_t pid = __atomic_exchange_n(&_pid, 0, __ATOMIC_ACQ_REL);
    int saved_errno = errno;

    if (pid <= 0)
        return;
    kill(pid, SIGKILL);
    if (reap)
        while (waitpid(pid, NULL, __WCLONE) < 0 && errno == EINTR)
            ;
    errno = saved_errno;
}

void hl_refresh_after_fork(void)
{
    _pid = 0;
}
