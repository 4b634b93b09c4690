/* Installs its own SIGSEGV handler, allocates, faults on purpose, recovers
 * in the handler with siglongjmp, allocates again and exits 4: heapline
 * must neither take the signal nor change what the program prints. */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static sigjmp_buf _back;

static void _on_segv(int sig)
{
    static const char msg[] = "handler: SIGSEGV caught\n";

    (void)sig;
    (void)!write(2, msg, sizeof(msg) - 1);
    siglongjmp(_back, 1);
}

int main(void)
{
    struct sigaction sa;
    volatile char *volatile nowhere = NULL;
    char *before, *after;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = _on_segv;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGSEGV, &sa, NULL))
        return 97;
    before = malloc(1000);
    if (!sigsetjmp(_back, 1)) {
        *nowhere = 1;
        puts("not reached");
        return 98;
    }
    after = malloc(2000);
    printf("recovered, %s\n", before && after ? "allocating" : "no memory");
    free(before);
    free(after);
    return 4;
}
