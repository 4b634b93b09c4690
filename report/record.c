#include "record.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "csv_line.h"
#include "decimal.h"

/* The columns this reader uses; a record may hold others, which are
 * skipped, so a later format can add columns without a new number. */
enum _column {
    _RANK,
    _HOST,
    _PID,
    _JOB,
    _ELAPSED,
    _ALLOCS,
    _FREES,
    _PEAK,
    _PEAK_TIME,
    _LIVE,
    _VMHWM,
    _VMRSS,
    _END, /* optional: only a record that was never finished has it */
    _NCOLUMNS
};

/* Columns every record has. */
#define _NREQUIRED _END

static const char *const _column_name[_NCOLUMNS] = {
    "rank",
    "host",
    "pid",
    "job",
    "elapsed_s",
    "allocs",
    "frees",
    "peak_heap_bytes",
    "peak_heap_time_s",
    "live_heap_at_exit_bytes",
    "vmhwm_bytes",
    "vmrss_at_exit_bytes",
    "end",
};

/* "# heapline N": 0 when it is format 1, else the message. */
static int _check_magic(const char *s, size_t len, char *err, size_t errlen)
{
    static const char magic[] = "# heapline ";
    const size_t mlen = sizeof(magic) - 1;
    uint64_t format;

    if (len <= mlen || memcmp(s, magic, mlen) != 0 ||
        hl_parse_u64(s + mlen, len - mlen, &format) < 0) {
        snprintf(err, errlen, "not a heapline record");
        return -1;
    }
    if (format > HL_RECORD_FORMAT) {
        snprintf(err, errlen,
                 "record format %llu is newer than this heapline-report "
                 "reads (%d)",
                 (unsigned long long)format, HL_RECORD_FORMAT);
        return -1;
    }
    if (format < 1) {
        snprintf(err, errlen, "not a heapline record");
        return -1;
    }
    return 0;
}

/* Returns -1 when every field is good, the column of the first bad one, or
 * _NCOLUMNS when memory runs out. */
static int _fill(struct hl_procset *set, struct hl_proc *p,
                 const struct hl_field *f, const int *pos)
{
    const struct {
        int column;
        uint64_t *to;
    } counts[] = {
        {_PEAK, &p->peak_heap},    {_VMHWM, &p->vmhwm},
        {_LIVE, &p->live_at_exit}, {_VMRSS, &p->vmrss_at_exit},
        {_ALLOCS, &p->allocs},     {_FREES, &p->frees},
    };
    const struct {
        int column;
        int64_t *to;
    } times[] = {{_ELAPSED, &p->elapsed_ms}, {_PEAK_TIME, &p->peak_time_ms}};
    const struct hl_field *v;
    uint64_t pid;
    int64_t rank;

    for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
        v = &f[pos[counts[i].column]];
        if (hl_parse_u64(v->s, v->len, counts[i].to) < 0)
            return counts[i].column;
    }
    for (size_t i = 0; i < sizeof(times) / sizeof(times[0]); i++) {
        v = &f[pos[times[i].column]];
        if (hl_parse_ms(v->s, v->len, times[i].to) < 0)
            return times[i].column;
    }
    v = &f[pos[_PID]];
    if (hl_parse_u64(v->s, v->len, &pid) < 0 || pid > UINT32_MAX)
        return _PID;
    p->pid = (uint32_t)pid;
    v = &f[pos[_RANK]];
    if (hl_parse_i64(v->s, v->len, &rank) < 0 || rank < -1 || rank > INT32_MAX)
        return _RANK;
    p->rank = (int32_t)rank;
    /* A NUL would cut the name short once interned. */
    v = &f[pos[_HOST]];
    if (v->len == 0 || memchr(v->s, '\0', v->len))
        return _HOST;
    p->host = hl_strpool_intern(&set->hosts, v->s, v->len);
    v = &f[pos[_JOB]];
    if (memchr(v->s, '\0', v->len))
        return _JOB;
    p->job = hl_strpool_intern(&set->jobs, v->s, v->len);
    if (p->host == UINT32_MAX || p->job == UINT32_MAX)
        return _NCOLUMNS;
    /* Any word there means the process never wrote its final record:
     * "unfinished" today, and whatever a later version may say. */
    if (pos[_END] >= 0 && f[pos[_END]].len)
        p->end = HL_END_UNFINISHED;
    return -1;
}

int hl_parse_record(const char *buf, size_t len, struct hl_procset *set,
                    char *err, size_t errlen)
{
    struct hl_cursor c = {buf, buf + len, 0};
    struct hl_field f[HL_CSV_MAX_FIELDS + 1];
    int pos[_NCOLUMNS];
    const char *s;
    size_t n, nfields, rows = 0, before = set->count;
    bool cut;

    if (len == 0) {
        snprintf(err, errlen, "empty file, not a heapline record");
        return -1;
    }
    if (!hl_csv_next_line(&c, &s, &n, &cut))
        return _check_magic(buf, len, err, errlen) < 0
                   ? -1
                   : (snprintf(err, errlen, "truncated record"), -1);
    if (_check_magic(s, n, err, errlen) < 0)
        return -1;
    if (!hl_csv_next_line(&c, &s, &n, &cut)) {
        snprintf(err, errlen, "truncated record");
        return -1;
    }
    if (hl_csv_map_header(s, n, _column_name, _NCOLUMNS, _NREQUIRED, "record",
                          pos, &nfields, err, errlen) < 0)
        return -1;
    while (hl_csv_next_line(&c, &s, &n, &cut)) {
        struct hl_proc *p;
        size_t got;
        int bad;

        if (n == 0)
            continue;
        got = hl_csv_split(s, n, f);
        if (got != nfields) {
            snprintf(err, errlen, "line %u has %zu fields, the header %zu",
                     c.line, got, nfields);
            goto fail;
        }
        p = hl_procset_add(set);
        if (!p) {
            snprintf(err, errlen, "out of memory");
            goto fail;
        }
        bad = _fill(set, p, f, pos);
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
        snprintf(err, errlen, "truncated record");
        goto fail;
    }
    return 0;
fail:
    set->count = before;
    return -1;
}
