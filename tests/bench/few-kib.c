/* A short process: 64 blocks of 64 bytes, 4 KiB in all, far below the
 * mean gap between samples (512 KiB), allocated and freed. */
#include <stdlib.h>

int main(void)
{
    void *volatile blocks[64];

    for (int i = 0; i < 64; i++)
        blocks[i] = malloc(64);
    for (int i = 0; i < 64; i++)
        free(blocks[i]);
    return 0;
}
