/* The texts the library's warnings give errors (hl_errdesc) are glibc's
 * (strerrordesc_np): what a build without strerrordesc_np (before glibc
 * 2.32, tests/fallbacks.sh) writes matches a newer glibc's, where the test
 * runs; the errors of writing a file have their text. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "record/errdesc.h"
#include "../tap.h"

int main(void)
{
#if !__GLIBC_PREREQ(2, 32)
    puts("1..0 # SKIP no strerrordesc_np to compare with (glibc 2.32)");
    return 0;
#else
    static const int files[] = {EACCES, ENOENT, ENOSPC, EDQUOT,      EROFS,
                                EIO,    EFBIG,  EPERM,  ENAMETOOLONG};

    for (int err = 1; err < 200; err++) {
        const char *ours = hl_errdesc(err);
        const char *glibc = strerrordesc_np(err);

        if (strcmp(ours, "unknown error") != 0)
            ok(glibc && strcmp(ours, glibc) == 0, "%d: %s, glibc's %s", err,
               ours, glibc ? glibc : "(none)");
    }
    for (size_t i = 0; i < sizeof(files) / sizeof(*files); i++)
        ok(strcmp(hl_errdesc(files[i]), strerrordesc_np(files[i])) == 0,
           "%s has its text", strerrordesc_np(files[i]));
    ok(strcmp(hl_errdesc(-1), "unknown error") == 0 &&
           strcmp(hl_errdesc(100000), "unknown error") == 0,
       "-1 and 100000: \"unknown error\"");
    return done_testing();
#endif
}
