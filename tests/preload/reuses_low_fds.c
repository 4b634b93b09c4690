/* What a daemon, or a child before exec, does to descriptors it did not
 * open: allocates until the library's allocation sites are set up (and
 * libunwind has made the pipe it checks memory with), prints the
 * descriptors above 2 that it finds open, closes every one from 3 to 63, makes
 * pipes, which take the lowest numbers, and writes a known line into each; then
 * allocates again, every allocation sampled (stacks walked, memory checked),
 * and reads each pipe back. Prints "8 pipes intact", or which pipe lost or
 * gained bytes. */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PIPES 8
#define LINE "the program's own line\n"

static void _allocate(int n)
{
    for (int i = 0; i < n; i++) {
        /* volatile: a malloc and free of a block unused may be left out. */
        char *volatile p = malloc(8192);

        if (!p) {
            fputs("reuses_low_fds: malloc failed\n", stderr);
            exit(99);
        }
        p[0] = 1;
        free(p);
    }
}

static void _list_open(void)
{
    DIR *d = opendir("/proc/self/fd");
    struct dirent *e;

    if (!d) {
        perror("reuses_low_fds: /proc/self/fd");
        exit(99);
    }
    fputs("open above 2:", stdout);
    while ((e = readdir(d)))
        if (atoi(e->d_name) > 2 && atoi(e->d_name) != dirfd(d))
            printf(" %s", e->d_name);
    putchar('\n');
    closedir(d);
}

int main(void)
{
    int fds[PIPES][2], bad = 0;
    char buf[256];

    _allocate(100);
    _list_open();
    for (int fd = 3; fd < 64; fd++)
        close(fd);
    for (int i = 0; i < PIPES; i++) {
        if (pipe2(fds[i], O_NONBLOCK) ||
            write(fds[i][1], LINE, strlen(LINE)) != (ssize_t)strlen(LINE)) {
            perror("reuses_low_fds");
            return 99;
        }
    }
    _allocate(2000);
    for (int i = 0; i < PIPES; i++) {
        ssize_t n = read(fds[i][0], buf, sizeof(buf));

        if (n != (ssize_t)strlen(LINE) || memcmp(buf, LINE, n)) {
            printf("pipe %d (fds %d, %d): %zd bytes back, not its line\n", i,
                   fds[i][0], fds[i][1], n);
            bad = 1;
        }
    }
    if (!bad)
        printf("%d pipes intact\n", PIPES);
    return bad;
}
