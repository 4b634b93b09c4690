/* The names the report gives signals (hl_sigabbrev) are glibc's
 * (sigabbrev_np), every standard one named: what a build without
 * sigabbrev_np (before glibc 2.32, tests/fallbacks.sh) prints matches a
 * newer glibc's, where the test runs. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "../../tap.h"
#include "job/model/sigabbrev.h"

int main(void)
{
#if !__GLIBC_PREREQ(2, 32)
    puts("1..0 # SKIP no sigabbrev_np to compare with (glibc 2.32)");
    return 0;
#else
    for (int sig = 1; sig <= 31; sig++) {
        const char *ours = hl_sigabbrev(sig);
        const char *glibc = sigabbrev_np(sig);

        ok(glibc && ours && strcmp(ours, glibc) == 0,
           "signal %d: %s, glibc's %s", sig, ours ? ours : "(none)",
           glibc ? glibc : "(none)");
    }
    ok(hl_sigabbrev(0) == NULL && hl_sigabbrev(SIGRTMIN + 1) == NULL &&
           hl_sigabbrev(1000) == NULL,
       "0, a real-time signal and 1000 have no name");
    return done_testing();
#endif
}
