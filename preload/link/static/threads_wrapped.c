/* Before glibc 2.32 (no __libc_single_threaded), in a program linked with
 * libheapline-static.a: the threads' creation, which the linker then wraps
 * (link/static/wrap_threads.opts), noted as libheapline.so notes it
 * (process/threads.c, threads.h). */
#include "alloc/entry.h"
#include "process/threads.h"

#include <pthread.h>
#include <threads.h>

char hl_threads_created;

/* The C library's, as --wrap names them. */
int __real_pthread_create(pthread_t *thread, const pthread_attr_t *attr,
                          void *(*start)(void *), void *arg);
int __real_thrd_create(thrd_t *thread, thrd_start_t start, void *arg);

HL_EXPORT int HL_ENTRY(pthread_create)(pthread_t *thread,
                                       const pthread_attr_t *attr,
                                       void *(*start)(void *), void *arg)
{
    __atomic_store_n(&hl_threads_created, 1, __ATOMIC_RELAXED);
    return __real_pthread_create(thread, attr, start, arg);
}

/* glibc's thrd_create does not call pthread_create by its name. */
HL_EXPORT int HL_ENTRY(thrd_create)(thrd_t *thread, thrd_start_t start,
                                    void *arg)
{
    __atomic_store_n(&hl_threads_created, 1, __ATOMIC_RELAXED);
    return __real_thrd_create(thread, start, arg);
}
