/* malloc and free from a signal handler that interrupts the program's own
 * malloc and free anywhere, on the same thread: a timer sends SIGALRM
 * every 100 us while the program allocates and frees, ROUNDS times
 * handled. The program's blocks (24 bytes) and the handler's (200) are in
 * different bins of glibc's per-thread cache, both filled before the
 * timer starts, so that the handler never changes what an interrupted
 * call of glibc's is changing. The handler keeps its own counts, added to
 * the program's once the timer is stopped. Prints the expect line. */
#include "expect.h"

#include <signal.h>
#include <sys/time.h>

#define ROUNDS 3000

static volatile sig_atomic_t _handled;

static void _on_alarm(int sig)
{
    void *volatile p = malloc(200);

    (void)sig;
    free(p);
    if (p)
        _handled = _handled + 1;
}

static void _timer(long usec)
{
    struct itimerval every = {{0, usec}, {0, usec}};

    if (setitimer(ITIMER_REAL, &every, NULL))
        expect_fail("setitimer");
}

int main(int argc, char **argv)
{
    struct sigaction sa;
    sigset_t alarm;
    void *p;

    if (expect_baseline(argc, argv)) {
        expect_print();
        return 0;
    }
    p = expect_alloc(malloc(200));
    expect_release(p);
    free(p);
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = _on_alarm;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    if (sigaction(SIGALRM, &sa, NULL))
        expect_fail("sigaction");
    _timer(100);
    while (_handled < ROUNDS) {
        p = expect_alloc(malloc(24));
        expect_release(p);
        free(p);
    }
    sigemptyset(&alarm);
    sigaddset(&alarm, SIGALRM);
    sigprocmask(SIG_BLOCK, &alarm, NULL);
    _timer(0);
    expect_peak = -1;
    expect_allocs += (uint64_t)_handled;
    expect_frees += (uint64_t)_handled;
    expect_print();
    return 0;
}
