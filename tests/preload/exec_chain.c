/* exec_chain N PATH1 PATH2...: allocates N+1 blocks of 10 KB, then, while
 * N > 0, points HEAPLINE_OUTPUT at the next path and execs itself with
 * N-1. Only the last image must write a record (exec runs no exit code),
 * with its own figures alone. */
#include "expect.h"

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 0;
    char arg[16];

    for (int i = 0; i <= n; i++)
        expect_alloc(malloc(10000));
    if (n > 0 && argc > 3) {
        snprintf(arg, sizeof(arg), "%d", n - 1);
        setenv("HEAPLINE_OUTPUT", argv[3], 1);
        argv[1] = arg;
        argv[2] = argv[3];
        for (int i = 3; i < argc - 1; i++)
            argv[i] = argv[i + 1];
        argv[argc - 1] = NULL;
        execv("/proc/self/exe", argv);
        expect_fail("execv");
    }
    expect_print();
    return 0;
}
