#define _GNU_SOURCE
#include "process/passwd_name.h"
#include "buf.h"

#include <pwd.h>

int hl_passwd_name(uid_t uid, char *out, size_t cap)
{
    char scratch[1024];
    struct passwd pw, *found = NULL;

    if (getpwuid_r(uid, &pw, scratch, sizeof(scratch), &found) || !found)
        return -1;
    hl_buf_copy(out, cap, found->pw_name);
    return 0;
}
