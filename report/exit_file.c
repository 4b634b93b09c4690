#include "exit_file.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "csv_line.h"
#include "decimal.h"

/* The newest exit file format this reader understands. */
#define _EXIT_FORMAT 1

static const char _magic[] = "# heapline exit ";

enum _column {
    _TASK,
    _HOST,
    _PID,
    _STATUS,
    _EXIT_CODE,
    _SIGNAL,
    _OOM, /* optional: files of the first version have no oom column */
    _NCOLUMNS
};

#define _NREQUIRED _OOM

static const char *const _column_name[_NCOLUMNS] = {
    "task", "host", "pid", "status", "exit_code", "signal", "oom",
};

bool hl_is_exit_file(const char *buf, size_t len)
{
    return len >= sizeof(_magic) - 1 &&
           memcmp(buf, _magic, sizeof(_magic) - 1) == 0;
}

static int _check_magic(const char *s, size_t len, char *err, size_t errlen)
{
    const size_t mlen = sizeof(_magic) - 1;
    uint64_t format;

    if (hl_parse_u64(s + mlen, len - mlen, &format) < 0 || format < 1) {
        snprintf(err, errlen, "not a heapline exit file");
        return -1;
    }
    if (format > _EXIT_FORMAT) {
        snprintf(err, errlen,
                 "exit file format %llu is newer than this heapline-report "
                 "reads (%d)",
                 (unsigned long long)format, _EXIT_FORMAT);
        return -1;
    }
    return 0;
}

/* Returns -1 when the row is good, else the column of the first bad field,
 * or _NCOLUMNS when memory runs out. */
static int _fill(struct hl_procset *set, struct hl_task_exit *x,
                 const struct hl_field *f, const int *pos)
{
    const struct hl_field *status = &f[pos[_STATUS]];
    const struct hl_field *code = &f[pos[_EXIT_CODE]];
    const struct hl_field *sig = &f[pos[_SIGNAL]];
    const struct hl_field *host = &f[pos[_HOST]];
    uint64_t v;

    if (hl_parse_u64(f[pos[_TASK]].s, f[pos[_TASK]].len, &v) < 0 ||
        v > UINT32_MAX)
        return _TASK;
    x->task = (uint32_t)v;
    if (hl_parse_u64(f[pos[_PID]].s, f[pos[_PID]].len, &v) < 0 ||
        v > UINT32_MAX)
        return _PID;
    x->pid = (uint32_t)v;
    if (hl_csv_is(status, "signaled")) {
        if (hl_parse_u64(sig->s, sig->len, &v) < 0 || v < 1 || v > 255)
            return _SIGNAL;
        x->signal = (uint8_t)v;
        x->exit_code = -1;
    } else if (hl_csv_is(status, "exited")) {
        if (hl_parse_u64(code->s, code->len, &v) < 0 || v > 255)
            return _EXIT_CODE;
        x->exit_code = (int64_t)v;
    } else {
        return _STATUS;
    }
    x->oom = -1;
    if (pos[_OOM] >= 0 && f[pos[_OOM]].len) {
        if (hl_parse_u64(f[pos[_OOM]].s, f[pos[_OOM]].len, &v) < 0 || v > 1)
            return _OOM;
        x->oom = (int8_t)v;
    }
    if (host->len == 0 || memchr(host->s, '\0', host->len))
        return _HOST;
    x->host = hl_strpool_intern(&set->hosts, host->s, host->len);
    return x->host == UINT32_MAX ? _NCOLUMNS : -1;
}

int hl_parse_exit_file(const char *buf, size_t len, struct hl_procset *set,
                       char *err, size_t errlen)
{
    struct hl_cursor c = {buf, buf + len, 0};
    struct hl_field f[HL_CSV_MAX_FIELDS + 1];
    int pos[_NCOLUMNS];
    const char *s;
    size_t n, nfields, rows = 0, before = set->nexits;
    bool cut;

    if (!hl_csv_next_line(&c, &s, &n, &cut) || !hl_is_exit_file(s, n)) {
        snprintf(err, errlen, "truncated exit file");
        return -1;
    }
    if (_check_magic(s, n, err, errlen) < 0)
        return -1;
    if (!hl_csv_next_line(&c, &s, &n, &cut)) {
        snprintf(err, errlen, "truncated exit file");
        return -1;
    }
    if (hl_csv_map_header(s, n, _column_name, _NCOLUMNS, _NREQUIRED,
                          "exit file", pos, &nfields, err, errlen) < 0)
        return -1;
    while (hl_csv_next_line(&c, &s, &n, &cut)) {
        struct hl_task_exit *x;
        int bad;

        if (n == 0)
            continue;
        if (hl_csv_split(s, n, f) != nfields) {
            snprintf(err, errlen, "line %u has not the header's %zu fields",
                     c.line, nfields);
            goto fail;
        }
        if (!(x = hl_procset_add_exit(set))) {
            snprintf(err, errlen, "out of memory");
            goto fail;
        }
        bad = _fill(set, x, f, pos);
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
        snprintf(err, errlen, "truncated exit file");
        goto fail;
    }
    return 0;
fail:
    set->nexits = before;
    return -1;
}
