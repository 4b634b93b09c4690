/* A process that releases its heap and then idles: release-then-idle
 * waits 200 ms, allocates 64 MiB in one block (not touched, so that its
 * RSS stays small) and frees it at once, then prints the wall clock
 * (seconds since the Epoch, nine decimals), sleeps 1 s and exits. Its
 * heap is 64 MiB for microseconds, and next to nothing before and after:
 * a chart that holds 64 MiB after the free draws a heap the process no
 * longer had. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void _wait_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000};

    while (nanosleep(&t, &t))
        ;
}

int main(void)
{
    void *volatile block;
    struct timespec freed;

    _wait_ms(200);
    block = malloc(64 << 20);
    if (!block)
        return 3;
    free(block);
    clock_gettime(CLOCK_REALTIME, &freed);
    printf("freed by %lld.%09ld\n", (long long)freed.tv_sec, freed.tv_nsec);
    fflush(stdout);
    _wait_ms(1000);
    return 0;
}
