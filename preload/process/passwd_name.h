/* The name of a user in the password database (NSS): asked of the C
 * library by libheapline.so (link/dynamic/passwd_name_nss.c). A static program
 * is not asked (link/static/passwd_name_none.c): glibc would load the NSS
 * modules with a second, shared C library, whose allocations heapline
 * does not see and which warns at every link. */
#ifndef HEAPLINE_PASSWD_NAME_H
#define HEAPLINE_PASSWD_NAME_H

#include <stddef.h>
#include <sys/types.h>

#pragma GCC visibility push(hidden)

/* 0 with the name in out, or -1 when none is found. */
int hl_passwd_name(uid_t uid, char *out, size_t cap);

#pragma GCC visibility pop

#endif
