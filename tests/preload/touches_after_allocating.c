/* Allocates argv[1] MiB at once (the heap's only milestone), prints
 * "allocated", then touches the block a page at a time over two seconds
 * (its VmHWM grows with no further allocation), prints "touched", and
 * touches it again and again until it is killed. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    size_t size = (size_t)atol(argc > 1 ? argv[1] : "0") << 20;
    long page = sysconf(_SC_PAGESIZE);
    struct timespec pause = {0, 0};
    volatile char *block = malloc(size);
    size_t steps = 100, per_step = size / steps;

    if (!block || !size)
        return 2;
    printf("allocated\n");
    fflush(stdout);
    pause.tv_nsec = 2000000000L / (long)steps;
    for (size_t s = 0; s < steps; s++) {
        for (size_t i = s * per_step; i < (s + 1) * per_step; i += page)
            block[i] = 1;
        nanosleep(&pause, NULL);
    }
    printf("touched\n");
    fflush(stdout);
    for (unsigned n = 2;; n++)
        for (size_t i = 0; i < size; i += page)
            block[i] = (char)n;
}
