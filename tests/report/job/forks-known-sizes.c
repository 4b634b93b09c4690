/* A process whose children's memory is known: forks-known-sizes OWN
 * CHILD... holds OWN MiB, then forks one child per CHILD, each holding
 * that many MiB, one after the other (each waited for), and exits. All
 * touched, in blocks of 1 MiB, so that a child's peak heap and VmHWM are
 * its figure and the parent's is its own: under libheapline.so, with
 * HEAPLINE_OUTPUT naming a record per pid (%p), each process leaves a
 * record whose pid and parent the test knows from what it prints: "PID
 * MiB" per process, the parent first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MIB (1024 * 1024)

static void _hold(long mib)
{
    for (long i = 0; i < mib; i++) {
        char *block = malloc(MIB);

        if (!block)
            exit(3);
        memset(block, 1, MIB);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    _hold(atol(argv[1]));
    printf("%ld %s\n", (long)getpid(), argv[1]);
    fflush(stdout);
    for (int i = 2; i < argc; i++) {
        pid_t child = fork();
        int status;

        if (child < 0)
            return 1;
        if (child == 0) {
            _hold(atol(argv[i]));
            printf("%ld %s\n", (long)getpid(), argv[i]);
            fflush(stdout);
            exit(0);
        }
        if (waitpid(child, &status, 0) != child || !WIFEXITED(status) ||
            WEXITSTATUS(status) != 0)
            return 1;
    }
    return 0;
}
