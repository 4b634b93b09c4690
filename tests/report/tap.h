/* The smallest TAP producer: each check is one "ok N - what" line, and the
 * plan comes last, so tests need not count their checks. */
#ifndef HEAPLINE_TEST_TAP_H
#define HEAPLINE_TEST_TAP_H

#include <stdio.h>

static int tap_count, tap_failed;

#define tap_check(cond, ...)                                                   \
    do {                                                                       \
        int ok_ = (cond);                                                      \
        printf("%sok %d - ", ok_ ? "" : "not ", ++tap_count);                  \
        printf(__VA_ARGS__);                                                   \
        putchar('\n');                                                         \
        tap_failed += !ok_;                                                    \
    } while (0)

static inline int tap_done(void)
{
    printf("1..%d\n", tap_count);
    return tap_failed ? 1 : 0;
}

#endif
