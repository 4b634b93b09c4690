/* The main thread holds a mutex while another thread runs, inside dlopen
 * (argv[1]), a constructor that waits for that mutex; meanwhile the main
 * thread allocates 256 MiB, which takes the process's first sample when
 * sites are on. If that sample waited for the dynamic loader's lock, the
 * process would hang: the constructor sees the main thread wait (a futex
 * call, read from /proc, while it has not yet allocated) and ends the
 * process with status 1 instead. Prints "allocated under lock" and exits
 * 0 otherwise. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static pthread_mutex_t _held = PTHREAD_MUTEX_INITIALIZER;
static int _constructing, _allocated;
static pid_t _main;

/* Whether the main thread waits in a futex call: open, read and strtol
 * only, which take no lock. */
static int _main_waits(void)
{
    char path[64], text[64];
    ssize_t n;
    int fd;

    snprintf(path, sizeof(path), "/proc/self/task/%d/syscall", (int)_main);
    fd = open(path, O_RDONLY);
    if (fd < 0)
        return 0;
    n = read(fd, text, sizeof(text) - 1);
    close(fd);
    if (n <= 0)
        return 0;
    text[n] = '\0';
    return strtol(text, NULL, 10) == SYS_futex;
}

void waiting_constructor(void);
void waiting_constructor(void)
{
    static const char hang[] = "the main thread's allocation waits for the"
                               " dynamic loader's lock: deadlock\n";

    __atomic_store_n(&_constructing, 1, __ATOMIC_SEQ_CST);
    while (pthread_mutex_trylock(&_held) != 0) {
        if (_main_waits() && !__atomic_load_n(&_allocated, __ATOMIC_SEQ_CST)) {
            if (write(2, hang, sizeof(hang) - 1) < 0)
                _exit(2);
            _exit(1);
        }
        sched_yield();
    }
    pthread_mutex_unlock(&_held);
}

static void *_load(void *path)
{
    if (!dlopen(path, RTLD_NOW)) {
        fprintf(stderr, "%s\n", dlerror());
        exit(2);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t loader;
    char *p;

    if (argc != 2) {
        fprintf(stderr, "usage: dlopen_under_lock OBJECT\n");
        return 2;
    }
    _main = (pid_t)syscall(SYS_gettid);
    pthread_mutex_lock(&_held);
    if (pthread_create(&loader, NULL, _load, argv[1]))
        return 2;
    while (!__atomic_load_n(&_constructing, __ATOMIC_SEQ_CST))
        sched_yield();
    p = malloc(256u << 20);
    __atomic_store_n(&_allocated, 1, __ATOMIC_SEQ_CST);
    pthread_mutex_unlock(&_held);
    pthread_join(loader, NULL);
    free(p);
    puts(p ? "allocated under lock" : "no memory");
    return 0;
}
