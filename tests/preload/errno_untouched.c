/* Each entry point, when it succeeds, leaves errno as it was: one TAP
 * check per call; runs under the library. Before them, errno is 0 when
 * main starts, as C promises, whatever the library did at its start
 * (record_folder_missing_said_at_start.py runs it with a warning). */
#include <errno.h>
#include <malloc.h>
#include <stdlib.h>

#include "../tap.h"

#define CHECK(call)                                                            \
    do {                                                                       \
        errno = EDOM;                                                          \
        call;                                                                  \
        is_int(errno, EDOM, "%s leaves errno", #call);                         \
    } while (0)

int main(void)
{
    void *p = NULL, *q = NULL;

    is_int(errno, 0, "errno is 0 when main starts");
    CHECK(p = malloc(100));
    CHECK(p = realloc(p, 100000));
    CHECK(p = reallocarray(p, 10, 10));
    CHECK(free(p));
    CHECK(p = calloc(10, 10));
    CHECK(free(p));
    CHECK(posix_memalign(&q, 64, 100));
    CHECK(free(q));
    CHECK(p = aligned_alloc(64, 128));
    CHECK(free(p));
    CHECK(p = memalign(128, 100));
    CHECK(free(p));
    CHECK(p = valloc(100));
    CHECK(free(p));
    CHECK(p = pvalloc(100));
    CHECK(free(p));
    CHECK(free(NULL));
    return done_testing();
}
