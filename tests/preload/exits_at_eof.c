/* Sleeps argv[1] seconds, then returns argv[2] from main: a plain C
 * program, which neither ignores SIGPIPE nor closes its stderr at exit. */
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    sleep((unsigned)atoi(argv[1]));
    return atoi(argv[2]);
}
