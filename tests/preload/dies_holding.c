/* Allocates and touches SIZE_MIB mebibytes, says so on stdout with the
 * usable size of its block, holds it, then ends as argv[1] says:
 *   kill    waits on stdin for the driver to SIGKILL it
 *   segv    a write through a null pointer
 *   abort   abort()
 *   exit    _exit(3), a normal end */
#include <malloc.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    size_t size = (size_t)atoi(argc > 2 ? argv[2] : "400") << 20;
    char *block, c;
    volatile char *volatile nowhere = NULL;

    if (argc < 2)
        return 2;
    block = malloc(size);
    if (!block)
        return 99;
    memset(block, 1, size);
    printf("holding %zu\n", malloc_usable_size(block));
    fflush(stdout);
    if (!strcmp(argv[1], "kill"))
        (void)!read(0, &c, 1);
    else if (!strcmp(argv[1], "segv"))
        *nowhere = block[0];
    else if (!strcmp(argv[1], "abort"))
        abort();
    else if (!strcmp(argv[1], "exit"))
        _exit(3);
    return 98;
}
