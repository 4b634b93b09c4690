/* An MPI task with two allocation sites alive at its peak: alloc_grid (40
 * MiB in 640 KiB blocks, touched) and alloc_halo (8 MiB in 4 KiB blocks),
 * for the sites test of a 4-rank step. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>

static void *_kept[4096];
static int _nkept;

__attribute__((noinline)) void alloc_grid(void)
{
    for (int i = 0; i < 64; i++) {
        _kept[_nkept] = malloc(640 << 10);
        memset(_kept[_nkept++], 1, 640 << 10);
    }
}

__attribute__((noinline)) void alloc_halo(void)
{
    for (int i = 0; i < 2048; i++) {
        _kept[_nkept] = malloc(4096);
        memset(_kept[_nkept++], 1, 64);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    alloc_grid();
    alloc_halo();
    MPI_Barrier(MPI_COMM_WORLD);
    while (_nkept)
        free(_kept[--_nkept]);
    MPI_Finalize();
    return 0;
}
