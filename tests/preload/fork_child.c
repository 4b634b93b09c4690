/* fork without exec: the parent allocates, forks, and allocates more after
 * the child is done; the child frees some inherited blocks and allocates
 * its own. Each prints what its record must hold:
 *   expect pid=N allocs=N frees=N peak=N live=N
 * The child's counts start at the fork, from the heap it inherited. */
#include "expect.h"

#include <sys/wait.h>

static void _print(void)
{
    char line[64];
    int n = snprintf(line, sizeof(line), "pid=%d ", (int)getpid());

    (void)!write(1, line, (size_t)n);
    expect_print();
}

int main(void)
{
    void *inherited[20], *own[30];
    pid_t child;
    int status;

    for (int i = 0; i < 20; i++)
        inherited[i] = expect_alloc(malloc(1000 * (size_t)(i + 1)));
    child = fork();
    if (child < 0)
        expect_fail("fork");
    if (child == 0) {
        expect_allocs = expect_frees = 0;
        expect_peak = expect_live;
        for (int i = 0; i < 10; i++) {
            expect_release(inherited[i]);
            free(inherited[i]);
        }
        for (int i = 0; i < 30; i++)
            own[i] = expect_alloc(malloc(5000));
        for (int i = 0; i < 5; i++) {
            expect_release(own[i]);
            free(own[i]);
        }
        _print();
        exit(0);
    }
    if (waitpid(child, &status, 0) != child || status)
        expect_fail("child");
    for (int i = 0; i < 5; i++)
        expect_alloc(malloc(300000));
    _print();
    return 0;
}
