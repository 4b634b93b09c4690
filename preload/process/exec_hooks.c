/* The exec family, interposed for one reason: the image that exec
 * replaces is not a process that died, so its provisional record is
 * removed first (the new image, measured afresh, writes its own), and
 * made again if exec fails. glibc's execvp, execl... reach the kernel
 * without going through execve's symbol, so each is wrapped. execveat
 * only where glibc has it (2.34): before, a program cannot call it, and
 * looking it up fails, which costs a block of dlerror's message that
 * glibc allocates through the program's malloc, and would be counted as
 * the program's. */
#define _GNU_SOURCE
#include "config.h"
#include "exec_hooks.h"
#include "alloc/entry.h"
#include "alloc/next_symbol.h"
#include "record/provisional.h"
#include "timeline/timeline_live.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <unistd.h>

typedef int execve_fn(const char *, char *const[], char *const[]);
typedef int execv_fn(const char *, char *const[]);
typedef int fexecve_fn(int, char *const[], char *const[]);
#if HAVE_EXECVEAT
typedef int execveat_fn(int, const char *, char *const[], char *const[], int);
#endif

/* Looked up at start: a vfork child must not run the dynamic linker. */
static struct {
    execve_fn *execve, *execvpe;
    execv_fn *execv, *execvp;
    fexecve_fn *fexecve;
#if HAVE_EXECVEAT
    execveat_fn *execveat;
#endif
} _next;

void hl_exec_hooks_init(void)
{
    _next.execve = (execve_fn *)hl_next_symbol("execve");
    _next.execvpe = (execve_fn *)hl_next_symbol("execvpe");
    _next.execv = (execv_fn *)hl_next_symbol("execv");
    _next.execvp = (execv_fn *)hl_next_symbol("execvp");
    _next.fexecve = (fexecve_fn *)hl_next_symbol("fexecve");
#if HAVE_EXECVEAT
    _next.execveat = (execveat_fn *)hl_next_symbol("execveat");
#endif
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
        if (hl_provisional_after_failed_exec())                                \
            hl_timeline_page_made();                                           \
        return rc;                                                             \
    } while (0)

HL_EXPORT int HL_ENTRY(execve)(const char *path, char *const argv[],
                               char *const envp[])
{
    _EXEC(execve, path, argv, envp);
}

HL_EXPORT int HL_ENTRY(execvpe)(const char *file, char *const argv[],
                                char *const envp[])
{
    _EXEC(execvpe, file, argv, envp);
}

HL_EXPORT int HL_ENTRY(execv)(const char *path, char *const argv[])
{
    _EXEC(execv, path, argv);
}

HL_EXPORT int HL_ENTRY(execvp)(const char *file, char *const argv[])
{
    _EXEC(execvp, file, argv);
}

HL_EXPORT int HL_ENTRY(fexecve)(int fd, char *const argv[], char *const envp[])
{
    _EXEC(fexecve, fd, argv, envp);
}

#if HAVE_EXECVEAT
HL_EXPORT int HL_ENTRY(execveat)(int dirfd, const char *path,
                                 char *const argv[], char *const envp[],
                                 int flags)
{
    _EXEC(execveat, dirfd, path, argv, envp, flags);
}
#endif

/* execl, execlp, execle: the arguments gathered into an array on the
 * stack, as glibc does, then the matching array form above. */
enum _list_form { _EXECL, _EXECLP, _EXECLE };

/* The list form's arguments: arg, then ap's up to the NULL (after which
 * execle's envp comes). */
static int _exec_list(enum _list_form form, const char *path, const char *arg,
                      va_list ap)
{
    va_list count;
    size_t argc = 0;

    va_copy(count, ap);
    while (va_arg(count, const char *))
        argc++;
    va_end(count);
    char *argv[argc + 2];
    argv[0] = (char *)arg;
    for (size_t i = 1; i <= argc + 1; i++)
        argv[i] = va_arg(ap, char *);
    switch (form) {
    case _EXECL:
        return execv(path, argv);
    case _EXECLP:
        return execvp(path, argv);
    default:
        return execve(path, argv, va_arg(ap, char *const *));
    }
}

/* One list form's entry point. */
#define _LIST_FORM(name, form)                                                 \
    HL_EXPORT int HL_ENTRY(name)(const char *path, const char *arg, ...)       \
    {                                                                          \
        va_list ap;                                                            \
        int rc;                                                                \
                                                                               \
        va_start(ap, arg);                                                     \
        rc = _exec_list(form, path, arg, ap);                                  \
        va_end(ap);                                                            \
        return rc;                                                             \
    }

_LIST_FORM(execl, _EXECL)
_LIST_FORM(execlp, _EXECLP)
_LIST_FORM(execle, _EXECLE)
