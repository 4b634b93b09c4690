/* Reads stdin to its end, then returns argv[1] from main: a plain C
 * program, which neither ignores SIGPIPE nor closes its stderr at exit,
 * and ends when its driver says. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    while (getchar() != EOF)
        ;
    return atoi(argv[1]);
}
