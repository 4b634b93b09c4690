/* The next definition, in a program linked with libheapline-static.a: for
 * each function that heapline-static.opts wraps and that heapline passes
 * calls on to, the C library's, which --wrap names __real_NAME; the
 * allocator's usable size, which is not wrapped, under its own name.
 * Another allocator linked into the program is not supported: nallocx is
 * never found. */
#define _GNU_SOURCE
#include "config.h"
#include "alloc/next_symbol.h"

#include <malloc.h>
#include <string.h>

/* glibc has execveat from 2.34 on (exec_hooks.c). */
#if HAVE_EXECVEAT
#define _EXECVEAT(X) X(execveat)
#else
#define _EXECVEAT(X)
#endif

#define _WRAPPED(X)                                                            \
    X(malloc)                                                                  \
    X(calloc)                                                                  \
    X(realloc)                                                                 \
    X(free)                                                                    \
    X(memalign)                                                                \
    X(posix_memalign)                                                          \
    X(aligned_alloc)                                                           \
    X(valloc)                                                                  \
    X(pvalloc)                                                                 \
    X(_exit)                                                                   \
    X(execve)                                                                  \
    X(execvpe)                                                                 \
    X(execv)                                                                   \
    X(execvp)                                                                  \
    X(fexecve)                                                                 \
    _EXECVEAT(X)

/* Their types do not matter here: only their addresses are handed out,
 * and each caller casts to the type it knows. */
#define _DECLARE(name) extern void __real_##name(void);
_WRAPPED(_DECLARE)

static const struct {
    const char *name;
    void (*fn)(void);
} _table[] = {
#define _ENTRY(name) {#name, __real_##name},
    _WRAPPED(_ENTRY){"malloc_usable_size", (void (*)(void))malloc_usable_size},
};

void *hl_next_symbol(const char *name)
{
    for (size_t i = 0; i < sizeof(_table) / sizeof(_table[0]); i++)
        if (!strcmp(_table[i].name, name))
            return (void *)_table[i].fn;
    return NULL;
}
