/* LD_PRELOAD: heapline first, the user's entries kept after it. */
#include "task/preload.h"
#include "../../tap.h"

#define LIB "/opt/h/lib/libheapline.so"

int main(void)
{
    char out[128];

    ok(hl_preload_compose(LIB, NULL, out, sizeof(out)) == 0, "no LD_PRELOAD");
    is_str(out, LIB, "the library alone");
    ok(hl_preload_compose(LIB, "", out, sizeof(out)) == 0, "empty");
    is_str(out, LIB, "the library alone, no stray colon");
    ok(hl_preload_compose(LIB, "/u/a.so /u/b.so:/u/c.so", out, sizeof(out)) ==
           0,
       "user entries split by spaces and colons");
    is_str(out, LIB ":/u/a.so:/u/b.so:/u/c.so",
           "heapline first, the user's kept in order");
    ok(hl_preload_compose(LIB, "/u/a.so:" LIB, out, sizeof(out)) == 0,
       "the user already preloads heapline");
    is_str(out, LIB ":/u/a.so", "one copy, first");
    ok(hl_preload_compose(LIB, "/u/a-very-long-name-that-will-not-fit.so", out,
                          40) < 0,
       "too long is an error, not a cut list");
    return done_testing();
}
