/* One function, grow, that calls malloc at three places, each block
 * 16 MiB and held at the peak (48 MiB). Built with -g, each call has its
 * own line; built without, the three differ only by return addresses. */
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) void grow(void **blocks, size_t n)
{
    blocks[0] = malloc(n); /* the first call */
    memset(blocks[0], 1, n);
    blocks[1] = malloc(n); /* the second call */
    memset(blocks[1], 1, n);
    blocks[2] = malloc(n); /* the third call */
    memset(blocks[2], 1, n);
}

__attribute__((noinline)) void unpack(void **blocks)
{
    grow(blocks, 16u << 20);
}

int main(void)
{
    void *blocks[3];

    unpack(blocks);
    for (int i = 0; i < 3; i++)
        free(blocks[i]);
    return 0;
}
