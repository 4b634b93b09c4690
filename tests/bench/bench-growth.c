/* Workload (c), monotone growth: BLOCKS blocks of 64 B allocated, then all
 * freed. Every allocation raises the heap to a new peak, so this is the
 * workload that shows what a tool pays to record a peak (and its time).
 *
 * usage: bench-growth [BLOCKS]   (default 2,000,000) */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long blocks = argc > 1 ? strtol(argv[1], NULL, 10) : 2000000;
    if (blocks < 1) {
        fprintf(stderr, "usage: %s [BLOCKS]\n", argv[0]);
        return 2;
    }
    char **block = malloc((size_t)blocks * sizeof *block);
    if (!block)
        return 1;
    for (long i = 0; i < blocks; i++) {
        block[i] = malloc(64);
        block[i][0] = (char)i;
    }
    for (long i = 0; i < blocks; i++)
        free(block[i]);
    free(block);
    return 0;
}
