/* The exec family, interposed for one reason: the image that exec
 * replaces is not a process that died, so its provisional record is
 * removed first (the new image, measured afresh, writes its own), and
 * made again if exec fails. glibc's execvp, execl... reach the kernel
 * without going through execve's symbol, so each is wrapped. */
#define _GNU_SOURCE
#include "exec_hooks.h"
#include "export.h"
#include "provisional.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <unistd.h>

typedef int execve_fn(const char *, char *const[], char *const[]);
typedef int execv_fn(const char *, char *const[]);
typedef int fexecve_fn(int, char *const[], char *const[]);
typedef int execveat_fn(int, const char *, char *const[], char *const[], int);

/* Looked up at start: a vfork child must not run the dynamic linker. */
static struct {
    execve_fn *execve, *execvpe;
    execv_fn *execv, *execvp;
    fexecve_fn *fexecve;
    execveat_fn *execveat;
} _next;

void hl_exec_hooks_init(void)
{
    _next.execve = (execve_fn *)dlsym(RTLD_NEXT, "execve");
    _next.execvpe = (execve_fn *)dlsym(RTLD_NEXT, "execvpe");
    _next.execv = (execv_fn *)dlsym(RTLD_NEXT, "execv");
    _next.execvp = (execv_fn *)dlsym(RTLD_NEXT, "execvp");
    _next.fexecve = (fexecve_fn *)dlsym(RTLD_NEXT, "fexecve");
    _next.execveat = (execveat_fn *)dlsym(RTLD_NEXT, "execveat");
}

/* A call that arrives before the constructor (from another library's
 * constructor) has no record to remove, and looks the functions up then. */
#define _EXEC(fn, ...)                                                         \
    do {                                                                       \
        int rc;                                                                \
        if (!_next.fn)                                                         \
            hl_exec_hooks_init();                                              \
        if (!_next.fn) {                                                       \
            errno = ENOSYS;                                                    \
            return -1;                                                         \
        }                                                                      \
        hl_provisional_before_exec();                                          \
        rc = _next.fn(__VA_ARGS__);                                            \
        hl_provisional_after_failed_exec();                                    \
        return rc;                                                             \
    } while (0)

HL_EXPORT int execve(const char *path, char *const argv[], char *const envp[])
{
    _EXEC(execve, path, argv, envp);
}

HL_EXPORT int execvpe(const char *file, char *const argv[], char *const envp[])
{
    _EXEC(execvpe, file, argv, envp);
}

HL_EXPORT int execv(const char *path, char *const argv[])
{
    _EXEC(execv, path, argv);
}

HL_EXPORT int execvp(const char *file, char *const argv[])
{
    _EXEC(execvp, file, argv);
}

HL_EXPORT int fexecve(int fd, char *const argv[], char *const envp[])
{
    _EXEC(fexecve, fd, argv, envp);
}

HL_EXPORT int execveat(int dirfd, const char *path, char *const argv[],
                       char *const envp[], int flags)
{
    _EXEC(execveat, dirfd, path, argv, envp, flags);
}

/* execl, execlp, execle: the arguments gathered into an array on the
 * stack, as glibc does, then the matching array form above. */
static size_t _count_args(va_list ap)
{
    size_t n = 0;

    while (va_arg(ap, const char *))
        n++;
    return n;
}

/* argv[0] = first, then the rest up to and with the NULL; *ap is left
 * after the NULL, where execle's envp is. */
static void _fill_args(char **argv, const char *first, va_list *ap)
{
    size_t i = 0;

    argv[0] = (char *)first;
    do
        argv[++i] = va_arg(*ap, char *);
    while (argv[i]);
}

HL_EXPORT int execl(const char *path, const char *arg, ...)
{
    va_list ap;
    size_t argc;

    va_start(ap, arg);
    argc = _count_args(ap);
    va_end(ap);
    char *argv[argc + 2];
    va_start(ap, arg);
    _fill_args(argv, arg, &ap);
    va_end(ap);
    return execv(path, argv);
}

HL_EXPORT int execlp(const char *file, const char *arg, ...)
{
    va_list ap;
    size_t argc;

    va_start(ap, arg);
    argc = _count_args(ap);
    va_end(ap);
    char *argv[argc + 2];
    va_start(ap, arg);
    _fill_args(argv, arg, &ap);
    va_end(ap);
    return execvp(file, argv);
}

HL_EXPORT int execle(const char *path, const char *arg, ...)
{
    va_list ap;
    char *const *envp;
    size_t argc;

    va_start(ap, arg);
    argc = _count_args(ap);
    va_end(ap);
    char *argv[argc + 2];
    va_start(ap, arg);
    _fill_args(argv, arg, &ap);
    envp = va_arg(ap, char *const *);
    va_end(ap);
    return execve(path, argv, envp);
}
