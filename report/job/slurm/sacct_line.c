#include "sacct.h"

#include <string.h>

#include "decimal.h"
#include "shared/slurm_size.h"

static int _copy(char *dst, size_t cap, const char *s, size_t len)
{
    if (len >= cap)
        return -1;
    memcpy(dst, s, len);
    dst[len] = '\0';
    return 0;
}

static int _reqmem(const char *s, size_t len, struct hl_sacct_row *r)
{
    if (len == 0)
        return 0;
    r->reqmem_kind = 't';
    if (s[len - 1] == 'n' || s[len - 1] == 'c')
        r->reqmem_kind = s[--len];
    /* ReqMem 0 means "all of the node's memory": not a figure to use. */
    if (hl_parse_slurm_figure(s, len, 20, &r->reqmem) < 0)
        return -1;
    r->has_reqmem = r->reqmem > 0;
    return 0;
}

int hl_sacct_parse_line(const char *line, size_t len, struct hl_sacct_row *r)
{
    const char *f[6];
    size_t flen[6], n = 0;
    const char *p = line, *end = line + len;
    uint64_t task;

    memset(r, 0, sizeof(*r));
    for (;;) {
        const char *bar = memchr(p, '|', (size_t)(end - p));
        const char *stop = bar ? bar : end;

        if (n == 6)
            return -1;
        f[n] = p;
        flen[n++] = (size_t)(stop - p);
        if (!bar)
            break;
        p = bar + 1;
    }
    if (n < 4 || flen[0] == 0 ||
        _copy(r->jobid, sizeof(r->jobid), f[0], flen[0]) < 0 ||
        _copy(r->node, sizeof(r->node), f[2], flen[2]) < 0)
        return -1;
    if (flen[1]) {
        if (hl_parse_slurm_figure(f[1], flen[1], 0, &r->maxrss) < 0)
            return -1;
        r->has_maxrss = true;
    }
    if (flen[3]) {
        if (hl_parse_u64(f[3], flen[3], &task) < 0 || task > UINT32_MAX)
            return -1;
        r->task = (uint32_t)task;
        r->has_task = true;
    }
    if (n >= 5 && _reqmem(f[4], flen[4], r) < 0)
        return -1;
    r->has_usage = n == 6 && flen[5] > 0;
    return 0;
}
