/* Workload (d), realloc-heavy: REALLOCS reallocs of random slots (out of
 * SLOTS) to random sizes 16..2048 B, so some grow in place, some shrink and
 * some move.
 *
 * usage: bench-realloc [REALLOCS [SLOTS]]   (default 10,000,000 and 1,000) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "xorshift.h"

int main(int argc, char **argv)
{
    long reallocs = argc > 1 ? strtol(argv[1], NULL, 10) : 10000000;
    long slots = argc > 2 ? strtol(argv[2], NULL, 10) : 1000;
    if (reallocs < 0 || slots < 1) {
        fprintf(stderr, "usage: %s [REALLOCS [SLOTS]]\n", argv[0]);
        return 2;
    }
    uint64_t rng = 0x2545f4914f6cdd1du;
    char **slot = calloc((size_t)slots, sizeof *slot);
    if (!slot)
        return 1;
    for (long i = 0; i < reallocs; i++) {
        long k = (long)(xorshift64(&rng) % (uint64_t)slots);
        char *p = realloc(slot[k], xorshift_size(&rng, 16, 2048));
        if (!p)
            return 1;
        p[0] = (char)i;
        slot[k] = p;
    }
    for (long i = 0; i < slots; i++)
        free(slot[i]);
    free(slot);
    return 0;
}
