/* libFuzzer target: libheapline's HEAPLINE_OUTPUT pattern expansion
 * (preload/record/output_path.c). The input up to its first NUL is the pattern;
 * it is expanded for a typical identity and for one of empty and longest ids,
 * into buffers of the exact capacity given (so a write past the bound is
 * an ASan error). */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "record/output_path.h"

static struct hl_identity _typical = {
    .rank = 3,
    .host = "node01",
    .job = "1234.0",
    .job_id = "1234",
    .step_id = "0",
    .task_id = "7",
    .user = "alice",
};
static struct hl_identity _extreme = {.rank = LONG_MIN};

static void _fill(char *s, size_t cap, char c)
{
    memset(s, c, cap - 1);
    s[cap - 1] = '\0';
}

/* Expands into a heap buffer of exactly cap bytes; returns the result. */
static int _expand(const char *pattern, const struct hl_identity *id, pid_t pid,
                   size_t cap, char **out)
{
    int rc;

    *out = malloc(cap ? cap : 1);
    rc = hl_output_pattern_expand(pattern, id, pid, *out, cap);
    FUZZ_CHECK(rc == 0 || rc == -1);
    /* whatever happens, what is there is a string within the bound */
    if (cap)
        FUZZ_CHECK(fuzz_terminated(*out, cap));
    return rc;
}

static void _check(const char *pattern, const struct hl_identity *id, pid_t pid)
{
    /* the widest expansion: each byte a 4-digit padded longest value */
    size_t big = strlen(pattern) * 10000 + 1;
    char *full, *exact, *short_by_one;
    size_t len;

    FUZZ_CHECK(_expand(pattern, id, pid, big, &full) == 0);
    len = strlen(full);
    if (!strchr(pattern, '%'))
        FUZZ_CHECK(strcmp(full, pattern) == 0);
    /* the result fits in len + 1 bytes, and not in fewer (an empty one in
     * no bytes is no path the library would open: left out) */
    FUZZ_CHECK(_expand(pattern, id, pid, len + 1, &exact) == 0);
    FUZZ_CHECK(strcmp(exact, full) == 0);
    if (len) {
        FUZZ_CHECK(_expand(pattern, id, pid, len, &short_by_one) == -1);
        free(short_by_one);
    }
    free(full);
    free(exact);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t len = strnlen((const char *)data, size);
    char *pattern = malloc(len + 1);

    if (!_extreme.host[0]) {
        _fill(_extreme.host, sizeof(_extreme.host), 'h');
        _fill(_extreme.job_id, sizeof(_extreme.job_id), '9');
        _fill(_extreme.task_id, sizeof(_extreme.task_id), '8');
        _fill(_extreme.user, sizeof(_extreme.user), 'u');
    }
    memcpy(pattern, data, len);
    pattern[len] = '\0';
    _check(pattern, &_typical, 17438);
    _check(pattern, &_extreme, INT_MIN);
    free(pattern);
    return 0;
}
