/* Closes stderr, opens the file named by argv[1] (it gets fd 2), writes one
 * line to it, allocates, prints to stdout and exits with status 3. Nothing
 * of heapline's may land in that file. */
#include "expect.h"

#include <fcntl.h>

int main(int argc, char **argv)
{
    int fd;

    if (argc < 2)
        return 2;
    close(2);
    fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd != 2)
        return 98;
    (void)!write(fd, "data\n", 5);
    for (int i = 0; i < 10; i++)
        expect_alloc(malloc(100));
    expect_print();
    return 3;
}
