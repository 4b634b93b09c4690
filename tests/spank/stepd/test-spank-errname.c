/* The names the merge gives errors (hl_errname) are glibc's
 * (strerrorname_np): what a build without strerrorname_np (before glibc
 * 2.32, tests/fallbacks.sh) writes matches a newer glibc's, where the test
 * runs; the errors of files are named. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "stepd/errname.h"
#include "../../tap.h"

int main(void)
{
#if !__GLIBC_PREREQ(2, 32)
    puts("1..0 # SKIP no strerrorname_np to compare with (glibc 2.32)");
    return 0;
#else
    static const int files[] = {EACCES, ENOENT, ENOSPC, EDQUOT,
                                EROFS,  EIO,    ELOOP,  ENOTDIR};

    for (int err = 1; err < 200; err++) {
        const char *ours = hl_errname(err);
        const char *glibc = strerrorname_np(err);

        if (strcmp(ours, "error") != 0)
            ok(glibc && strcmp(ours, glibc) == 0, "%d: %s, glibc's %s", err,
               ours, glibc ? glibc : "(none)");
    }
    for (size_t i = 0; i < sizeof(files) / sizeof(*files); i++)
        ok(strcmp(hl_errname(files[i]), strerrorname_np(files[i])) == 0,
           "%s named", strerrorname_np(files[i]));
    ok(strcmp(hl_errname(-1), "error") == 0 &&
           strcmp(hl_errname(100000), "error") == 0,
       "-1 and 100000: \"error\"");
    return done_testing();
#endif
}
