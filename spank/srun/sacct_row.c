/* sacct's row of a step (see sacct_row.h). */
#include "sacct_row.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Slurm's NO_VAL64 and INFINITE64 (slurm.h), which mean no figure. */
#define _NO_VALUE 0xfffffffffffffffeULL

static int _number(const char *s, size_t len, uint64_t *out)
{
    uint64_t v = 0;

    if (len == 0 || len > 20)
        return -1;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9' || v > (UINT64_MAX - 9) / 10)
            return -1;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    *out = v;
    return v >= _NO_VALUE ? -1 : 0;
}

int hl_tres_value(const char *tres, unsigned id, uint64_t *value)
{
    for (const char *p = tres; p && *p;) {
        size_t len = strcspn(p, ",");
        const char *eq = memchr(p, '=', len);
        uint64_t key;

        if (eq && _number(p, (size_t)(eq - p), &key) == 0 && key == id)
            return _number(eq + 1, len - (size_t)(eq + 1 - p), value);
        p += len + (p[len] == ',');
    }
    return -1;
}

int hl_sacct_row_format(const char *step, bool has_rss, uint64_t rss_bytes,
                        const char *node, bool has_task, uint32_t task,
                        char *out, size_t size)
{
    char rss[32] = "", tid[16] = "";
    int n;

    if (strpbrk(step, "|\n") || strpbrk(node, "|\n"))
        return -1;
    /* In KiB as sacct writes it, in bytes where that would round. */
    if (has_rss && rss_bytes % 1024 == 0)
        snprintf(rss, sizeof(rss), "%" PRIu64 "K", rss_bytes / 1024);
    else if (has_rss)
        snprintf(rss, sizeof(rss), "%" PRIu64, rss_bytes);
    if (has_task)
        snprintf(tid, sizeof(tid), "%" PRIu32, task);
    n = snprintf(out, size, "%s|%s|%s|%s", step, rss, node, tid);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}
