/* hl_write_nosigpipe (preload/record/nosigpipe.c) against a pipe whose reader
 * has gone: the write fails with EPIPE and no SIGPIPE reaches the program, in
 * any state of its mask and handlers; a SIGPIPE of the program's own that
 * was pending stays pending; the mask comes back as it was. TAP. */
#define _GNU_SOURCE
#include "../tap.h"
#include "record/nosigpipe.h"

#include <errno.h>
#include <signal.h>
#include <unistd.h>

static volatile sig_atomic_t _handled;

static void _on_pipe(int sig)
{
    (void)sig;
    _handled++;
}

/* A pipe whose read end is closed: its write end. */
static int _broken_pipe(void)
{
    int fds[2];

    if (pipe(fds))
        return -1;
    close(fds[0]);
    return fds[1];
}

static int _pending(void)
{
    sigset_t set;

    return sigpending(&set) == 0 && sigismember(&set, SIGPIPE);
}

static int _blocked(void)
{
    sigset_t set;

    return sigprocmask(SIG_SETMASK, NULL, &set) == 0 &&
           sigismember(&set, SIGPIPE);
}

static void _block(int how)
{
    sigset_t set;

    sigemptyset(&set);
    sigaddset(&set, SIGPIPE);
    sigprocmask(how, &set, NULL);
}

int main(void)
{
    struct sigaction sa = {.sa_handler = _on_pipe};
    int fd, fds[2];
    char byte;

    fd = _broken_pipe();
    is_int(hl_write_nosigpipe(fd, "x", 1), -1, "default action: fails");
    is_int(errno, EPIPE, "with EPIPE");
    ok(!_pending() && !_blocked(), "nothing pending, mask as it was");
    close(fd);

    sigaction(SIGPIPE, &sa, NULL);
    fd = _broken_pipe();
    hl_write_nosigpipe(fd, "x", 1);
    is_int(_handled, 0, "a handler: not called");
    close(fd);

    _block(SIG_BLOCK);
    fd = _broken_pipe();
    hl_write_nosigpipe(fd, "x", 1);
    ok(!_pending() && _blocked(), "blocked by the program: ours not left "
                                  "pending, still blocked");
    kill(getpid(), SIGPIPE);
    hl_write_nosigpipe(fd, "x", 1);
    ok(_pending() && _blocked(), "the program's own pending one (sent to "
                                 "the process) stays");
    _block(SIG_UNBLOCK);
    is_int(_handled, 1, "and is delivered, once, when unblocked");
    _block(SIG_BLOCK);
    raise(SIGPIPE);
    hl_write_nosigpipe(fd, "x", 1);
    ok(_pending(), "the program's own pending one (sent to the thread) "
                   "stays");
    _block(SIG_UNBLOCK);
    is_int(_handled, 2, "and is delivered, once, when unblocked");
    close(fd);

    if (pipe(fds) == 0) {
        errno = 1234;
        is_int(hl_write_nosigpipe(fds[1], "y", 1), 0, "a pipe with a reader");
        is_int(errno, 1234, "errno kept");
        ok(read(fds[0], &byte, 1) == 1 && byte == 'y', "the byte written");
    }
    return done_testing();
}
