/* What the test libraries that stand as libunwind.so.8 share: the names
 * libheapline.so looks up in libunwind (unw_backtrace,
 * unw_set_caching_policy, unw_local_addr_space), with the set-up each
 * fake does in fake_set_up; each defines unw_backtrace, its walk. */
#ifndef HEAPLINE_TEST_FAKE_LIBUNWIND_H
#define HEAPLINE_TEST_FAKE_LIBUNWIND_H

#define UNW_LOCAL_ONLY
#include <libunwind.h>

/* libunwind.h names it _ULx86_64_... by a macro: the fake's is the plain
 * name, as libunwind.so.8 exports it. */
#undef unw_backtrace
int unw_backtrace(void **frames, int size);

/* What the fake does at libunwind's set-up. */
static void fake_set_up(void);

unw_addr_space_t unw_local_addr_space;

int unw_set_caching_policy(unw_addr_space_t as, unw_caching_policy_t policy)
{
    (void)as;
    (void)policy;
    fake_set_up();
    return 0;
}

#endif
