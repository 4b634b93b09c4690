/* Allocates COUNT blocks of SIZE bytes and holds them all at once, says
 * so on stdout ("held COUNT"), then ends as argv[1] says:
 *   free    frees them and exits 0
 *   kill    waits on stdin for the driver to SIGKILL it */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    size_t count, size;
    char **blocks, c;

    if (argc < 4)
        return 2;
    count = strtoul(argv[2], NULL, 10);
    size = strtoul(argv[3], NULL, 10);
    blocks = calloc(count, sizeof(*blocks));
    if (!blocks)
        return 99;
    for (size_t i = 0; i < count; i++)
        if (!(blocks[i] = malloc(size)))
            return 99;
    printf("held %zu\n", count);
    fflush(stdout);
    if (!strcmp(argv[1], "kill")) {
        (void)!read(0, &c, 1);
        return 98;
    }
    for (size_t i = 0; i < count; i++)
        free(blocks[i]);
    free(blocks);
    return 0;
}
