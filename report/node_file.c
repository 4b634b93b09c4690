#include "node_file.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "csv_line.h"
#include "decimal.h"

/* The newest node file format this reader understands. */
#define _NODE_FORMAT 1

static const char _magic[] = "# heapline node ";

enum _column { _HOST, _PEAK, _LIMIT, _OOM_KILLS, _NCOLUMNS };

static const char *const _column_name[_NCOLUMNS] = {
    "host", "cgroup_peak_bytes", "mem_limit_bytes", "oom_kills"};

bool hl_is_node_file(const char *buf, size_t len)
{
    return len >= sizeof(_magic) - 1 &&
           memcmp(buf, _magic, sizeof(_magic) - 1) == 0;
}

/* Returns -1 when the row is good, else the column of the first bad field,
 * or _NCOLUMNS when memory runs out. Limit and OOM kills may be empty. */
static int _fill(struct hl_procset *set, struct hl_node_file *nf,
                 const struct hl_field *f, const int *pos)
{
    const struct hl_field *host = &f[pos[_HOST]];
    const struct hl_field *limit = &f[pos[_LIMIT]];
    const struct hl_field *kills = &f[pos[_OOM_KILLS]];
    uint64_t v;

    if (hl_parse_u64(f[pos[_PEAK]].s, f[pos[_PEAK]].len, &nf->cgroup_peak) < 0)
        return _PEAK;
    if (limit->len && hl_parse_u64(limit->s, limit->len, &nf->mem_limit) < 0)
        return _LIMIT;
    nf->oom_kills = -1;
    if (kills->len) {
        if (hl_parse_u64(kills->s, kills->len, &v) < 0 || v > INT64_MAX)
            return _OOM_KILLS;
        nf->oom_kills = (int64_t)v;
    }
    if (host->len == 0 || memchr(host->s, '\0', host->len))
        return _HOST;
    nf->host = hl_strpool_intern(&set->hosts, host->s, host->len);
    return nf->host == UINT32_MAX ? _NCOLUMNS : -1;
}

int hl_parse_node_file(const char *buf, size_t len, struct hl_procset *set,
                       char *err, size_t errlen)
{
    struct hl_cursor c = {buf, buf + len, 0};
    struct hl_field f[HL_CSV_MAX_FIELDS + 1];
    int pos[_NCOLUMNS], bad;
    const char *s;
    size_t n, nfields, rows = 0, before = set->nnode_files;
    uint64_t format;
    bool cut;

    if (!hl_csv_next_line(&c, &s, &n, &cut) || !hl_is_node_file(s, n)) {
        snprintf(err, errlen, "truncated node file");
        return -1;
    }
    if (hl_parse_u64(s + sizeof(_magic) - 1, n - (sizeof(_magic) - 1),
                     &format) < 0 ||
        format < 1 || format > _NODE_FORMAT) {
        snprintf(err, errlen, "node file format not read by this version");
        return -1;
    }
    if (!hl_csv_next_line(&c, &s, &n, &cut)) {
        snprintf(err, errlen, "truncated node file");
        return -1;
    }
    if (hl_csv_map_header(s, n, _column_name, _NCOLUMNS, _NCOLUMNS, "node file",
                          pos, &nfields, err, errlen) < 0)
        return -1;
    while (hl_csv_next_line(&c, &s, &n, &cut)) {
        struct hl_node_file *nf;

        if (n == 0)
            continue;
        if (hl_csv_split(s, n, f) != nfields) {
            snprintf(err, errlen, "line %u has not the header's %zu fields",
                     c.line, nfields);
            goto fail;
        }
        if (!(nf = hl_procset_add_node_file(set))) {
            snprintf(err, errlen, "out of memory");
            goto fail;
        }
        bad = _fill(set, nf, f, pos);
        if (bad == _NCOLUMNS) {
            snprintf(err, errlen, "out of memory");
            goto fail;
        }
        if (bad >= 0) {
            snprintf(err, errlen, "line %u: bad %s", c.line, _column_name[bad]);
            goto fail;
        }
        rows++;
    }
    if (cut || rows == 0) {
        snprintf(err, errlen, "truncated node file");
        goto fail;
    }
    return 0;
fail:
    set->nnode_files = before;
    return -1;
}
