#include "process/passwd_name.h"

int hl_passwd_name(uid_t uid, char *out, size_t cap)
{
    (void)uid;
    (void)out;
    (void)cap;
    return -1;
}
