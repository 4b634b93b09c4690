/* Before glibc 2.32 (no __libc_single_threaded): the threads' creation,
 * interposed to note that the process has threads (threads.h). */
#define _GNU_SOURCE
#include "threads.h"
#include "alloc/entry.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <threads.h>

char hl_threads_created;

/* The next definition: glibc's, in libc from 2.34 and in libpthread
 * before, which a program that did not link it may have loaded since
 * with dlopen (then out of the global scope that RTLD_NEXT searches). */
static void *_next(const char *name)
{
    void *fn = dlsym(RTLD_NEXT, name), *lib;

    if (!fn && (lib = dlopen("libpthread.so.0", RTLD_LAZY | RTLD_NOLOAD))) {
        fn = dlsym(lib, name);
        dlclose(lib);
    }
    return fn;
}

HL_EXPORT int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
                             void *(*start)(void *), void *arg)
{
    static int (*next)(pthread_t *, const pthread_attr_t *, void *(*)(void *),
                       void *);

    __atomic_store_n(&hl_threads_created, 1, __ATOMIC_RELAXED);
    if (!__atomic_load_n(&next, __ATOMIC_RELAXED))
        __atomic_store_n(&next, _next("pthread_create"), __ATOMIC_RELAXED);
    return next ? next(thread, attr, start, arg) : EAGAIN;
}

/* glibc's thrd_create does not call pthread_create through the PLT. */
HL_EXPORT int thrd_create(thrd_t *thread, thrd_start_t start, void *arg)
{
    static int (*next)(thrd_t *, thrd_start_t, void *);

    __atomic_store_n(&hl_threads_created, 1, __ATOMIC_RELAXED);
    if (!__atomic_load_n(&next, __ATOMIC_RELAXED))
        __atomic_store_n(&next, _next("thrd_create"), __ATOMIC_RELAXED);
    return next ? next(thread, start, arg) : thrd_error;
}
