/* A staircase of allocations, for the timeline's tests: STEPS blocks of
 * MIB mebibytes, each allocated and touched, then "step K USABLE" on
 * stdout, then a pause of PAUSE_MS; with a fourth argument "down", the
 * blocks are then freed one by one, a pause after each; with "driven",
 * each step but the first waits for a line on stdin (after the pause of
 * the one before), so that a driver that kills it after step K knows that
 * it reached no more. */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void _pause(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000};

    nanosleep(&t, NULL);
}

int main(int argc, char **argv)
{
    int steps = argc > 3 ? atoi(argv[1]) : 0;
    size_t size = argc > 3 ? (size_t)atol(argv[2]) << 20 : 0;
    long pause_ms = argc > 3 ? atol(argv[3]) : 0;
    char **blocks = calloc((size_t)steps + 1, sizeof(*blocks));
    int driven = argc > 4 && !strcmp(argv[4], "driven");
    char line[16];

    if (steps <= 0 || !size || !blocks)
        return 2;

    for (int k = 0; k < steps; k++) {
        if (k && driven && !fgets(line, sizeof(line), stdin))
            return 3;
        if (!(blocks[k] = malloc(size)))
            return 99;
        memset(blocks[k], 1, size);
        printf("step %d %zu\n", k + 1, malloc_usable_size(blocks[k]));
        fflush(stdout);
        _pause(pause_ms);
    }
    if (argc > 4 && !strcmp(argv[4], "down"))
        for (int k = steps - 1; k >= 0; k--) {
            free(blocks[k]);
            _pause(pause_ms);
        }
    return 0;
}
