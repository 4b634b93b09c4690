/* An MPI task of the plugin's cluster tests: prints its MPI_Comm_rank and
 * pid, so that the test can match them with heapline's records. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int rank;
    char *block;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    /* A heap peak that differs per rank. */
    block = malloc((size_t)(rank + 1) << 20);
    if (block)
        memset(block, 1, (size_t)(rank + 1) << 20);
    printf("mpi rank %d pid %ld\n", rank, (long)getpid());
    fflush(stdout);
    free(block);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
