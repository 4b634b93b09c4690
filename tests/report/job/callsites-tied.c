/* Two sites of one size in two processes, for sites-tied-read-order.test:
 * "1" allocates 16 MiB in one(), "2" in two(); each is the process's only
 * site at its peak, and the library samples a block that large always,
 * with its own size as weight, so that the two sites tie exactly. */
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) static char *one(void)
{
    return malloc(16 << 20);
}

__attribute__((noinline)) static char *two(void)
{
    return malloc(16 << 20);
}

int main(int argc, char **argv)
{
    char *volatile p = argc > 1 && argv[1][0] == '2' ? two() : one();

    if (!p)
        return 1;
    memset(p, 1, 16 << 20);
    free(p);
    return 0;
}
