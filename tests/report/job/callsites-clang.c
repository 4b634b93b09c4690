/* A program built by clang, which writes no .debug_aranges: its one site,
 * hold_here at the malloc line, is held at the peak (64 MiB). */
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) char *hold_here(size_t n)
{
    char *p = malloc(n); /* the site */

    if (p)
        memset(p, 1, n);
    return p;
}

int main(void)
{
    char *kept[64];

    for (int i = 0; i < 64; i++)
        kept[i] = hold_here(1 << 20);
    for (int i = 0; i < 64; i++)
        free(kept[i]);
    return 0;
}
