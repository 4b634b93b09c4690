/* Whether the process has ever had a second thread, which decides how the
 * counters are summed (alloc/counters.c). glibc 2.32 and later say it
 * (__libc_single_threaded); before, the library knows it itself: it
 * interposes pthread_create and thrd_create (threads.c), or a static
 * program's link wraps them (link/static/threads_wrapped.c), which note it
 * in the creating thread before the new one exists, as glibc does. Neither
 * is ever cleared, not even in a forked child. */
#ifndef HEAPLINE_THREADS_H
#define HEAPLINE_THREADS_H

#include "config.h"

#if HAVE_DECL___LIBC_SINGLE_THREADED
#include <sys/single_threaded.h>

static inline int hl_single_threaded(void)
{
    return __libc_single_threaded;
}
#else
#pragma GCC visibility push(hidden)
extern char hl_threads_created;
#pragma GCC visibility pop

static inline int hl_single_threaded(void)
{
    return !__atomic_load_n(&hl_threads_created, __ATOMIC_RELAXED);
}
#endif

#endif
