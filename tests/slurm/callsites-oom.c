/* A task that holds 20 MiB in fill_halo, then fills 1 MiB blocks in
 * fill_field until its memory cgroup's out-of-memory killer ends it: the
 * sites test of spank-cgroup.sh. */
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) void *fill_halo(void)
{
    char *p = malloc(20 << 20);

    if (p)
        memset(p, 1, 20 << 20);
    return p;
}

__attribute__((noinline)) void fill_field(void)
{
    for (int i = 0; i < 1000; i++) {
        char *p = malloc(1 << 20);
        if (p)
            memset(p, 1, 1 << 20);
    }
}

int main(void)
{
    void *halo = fill_halo();

    fill_field();
    free(halo);
    return 0;
}
