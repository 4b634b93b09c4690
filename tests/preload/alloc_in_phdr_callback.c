/* Two threads: one allocates from inside a dl_iterate_phdr callback,
 * where it holds the dynamic loader's lock, 20,000 times; the other
 * allocates outside, 20,000 times. Prints "done" at the end. With every
 * allocation sampled, a stack walk that waits for the loader's lock (as
 * libunwind's does) must not also be waited for by the thread that holds
 * it (walk_while_loader_locked_no_hang.py). */
#define _GNU_SOURCE
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 20000
#define BLOCK 8192

static void _one(void)
{
    /* volatile: a malloc and free of a block unused may be left out. */
    char *volatile p = malloc(BLOCK);

    if (!p) {
        fputs("alloc_in_phdr_callback: malloc failed\n", stderr);
        exit(99);
    }
    p[0] = 1;
    free(p);
}

static int _allocate(struct dl_phdr_info *info, size_t size, void *arg)
{
    (void)info;
    (void)size;
    (void)arg;
    _one();
    return 1;
}

static void *_inside_loader(void *arg)
{
    (void)arg;
    for (int i = 0; i < ROUNDS; i++)
        dl_iterate_phdr(_allocate, NULL);
    return NULL;
}

int main(void)
{
    pthread_t t;

    if (pthread_create(&t, NULL, _inside_loader, NULL)) {
        fputs("alloc_in_phdr_callback: pthread_create failed\n", stderr);
        return 99;
    }
    for (int i = 0; i < ROUNDS; i++)
        _one();
    pthread_join(t, NULL);
    puts("done");
    return 0;
}
