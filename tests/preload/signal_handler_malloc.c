/* malloc and free from a signal handler while another thread allocates:
 * the allocating thread sends SIGUSR1 to the main thread, whose handler
 * allocates and frees, ROUNDS times, and keeps allocating while it waits
 * for each to be handled. The main thread waits in sigsuspend and
 * allocates nothing meanwhile, so the handler never interrupts the
 * allocator itself (which glibc forbids).
 * Prints "handled N" and exits 0. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROUNDS 5000

static volatile sig_atomic_t _handled;
static pthread_t _main;

static void _on_usr1(int sig)
{
    void *volatile p = malloc(64 + (size_t)_handled % 4096);

    (void)sig;
    free(p);
    _handled = _handled + 1;
}

static void *_allocate(void *arg)
{
    (void)arg;
    for (int i = 0; i < ROUNDS; i++) {
        pthread_kill(_main, SIGUSR1);
        while (_handled <= i)
            free(malloc(32 + (size_t)i % 2048));
    }
    return NULL;
}

int main(void)
{
    struct sigaction sa;
    sigset_t usr1, unblocked;
    pthread_t t;

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = _on_usr1;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    if (sigaction(SIGUSR1, &sa, NULL))
        return 97;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &usr1, &unblocked);
    sigdelset(&unblocked, SIGUSR1);
    _main = pthread_self();
    if (pthread_create(&t, NULL, _allocate, NULL))
        return 96;
    while (_handled < ROUNDS)
        sigsuspend(&unblocked);
    pthread_join(t, NULL);
    printf("handled %d\n", (int)_handled);
    return 0;
}
