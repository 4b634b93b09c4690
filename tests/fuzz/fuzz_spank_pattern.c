/* libFuzzer target: the SPANK plugin's output folder pattern
 * (spank/plugin/pattern.c). The input up to its first NUL is the pattern; check
 * and expansion must agree, and expansion must stay within the bound it is
 * given (heap buffers of exactly that size, so ASan sees any overrun). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "plugin/pattern.h"

static int _expand(const char *pattern, const struct hl_ids *ids, size_t cap,
                   char **out)
{
    int rc;

    *out = malloc(cap ? cap : 1);
    rc = hl_folder_pattern_expand(pattern, ids, *out, cap);
    FUZZ_CHECK(rc == 0 || rc == -1);
    if (cap)
        FUZZ_CHECK(fuzz_terminated(*out, cap));
    return rc;
}

static void _check(const char *pattern, const struct hl_ids *ids)
{
    /* the widest expansion: "%J" of the largest ids, or %u */
    size_t big = strlen(pattern) * (strlen(ids->user) + 22) + 1;
    char why[48], *full, *exact, *short_by_one;
    size_t len;

    memset(why, 'x', sizeof(why));
    if (hl_pattern_check(pattern, why, sizeof(why)) < 0) {
        FUZZ_CHECK(fuzz_terminated(why, sizeof(why)));
        FUZZ_CHECK(_expand(pattern, ids, big, &full) == -1);
        free(full);
        return;
    }
    FUZZ_CHECK(_expand(pattern, ids, big, &full) == 0);
    len = strlen(full);
    if (!strchr(pattern, '%'))
        FUZZ_CHECK(strcmp(full, pattern) == 0);
    FUZZ_CHECK(_expand(pattern, ids, len + 1, &exact) == 0);
    FUZZ_CHECK(strcmp(exact, full) == 0);
    FUZZ_CHECK(_expand(pattern, ids, len, &short_by_one) == -1);
    free(full);
    free(exact);
    free(short_by_one);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char long_user[256];
    const struct hl_ids typical = {1234, 0, "alice"};
    const struct hl_ids extreme = {UINT32_MAX, UINT32_MAX - 1, long_user};
    size_t len = strnlen((const char *)data, size);
    char *pattern = malloc(len + 1);

    if (!long_user[0])
        memset(long_user, 'u', sizeof(long_user) - 1);
    memcpy(pattern, data, len);
    pattern[len] = '\0';
    _check(pattern, &typical);
    _check(pattern, &extreme);
    free(pattern);
    return 0;
}
