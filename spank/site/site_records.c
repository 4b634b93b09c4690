/* What a node's records of a step say (see site_records.h). */
#define _GNU_SOURCE
#include "site_records.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "concurrent.h"
#include "decimal.h"
#include "format_read.h"
#include "record_format.h"
#include "timeline_text.h"

/* The child's reading: the figures, and what the timelines need. */
struct _reading {
    const struct hl_site_span *span;
    struct hl_conc *grid;
    struct hl_timeline_point *points; /* HL_TIMELINE_READ_MAX */
    uint32_t rank;                    /* of the record being read */
    uint32_t read, timelines;         /* records read, and summed */
    uint64_t largest_vmhwm;           /* of those summed */
    struct hl_site_records out;
};

static int _cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

    return x < y ? -1 : x > y;
}

/* R of "task-R.PID.csv", or -1. */
static int64_t _rank_of(const char *name)
{
    const char *dot;
    size_t len = strlen(name);
    uint64_t r;

    if (strncmp(name, "task-", 5) != 0 || len < 10 ||
        strcmp(name + len - 4, ".csv") != 0 || !(dot = strchr(name + 5, '.')))
        return -1;
    if (hl_parse_u64(name + 5, dot - (name + 5), &r) < 0 || r > UINT32_MAX)
        return -1;
    return (int64_t)r;
}

/* The timeline of row folded into the grid if it is plausible: parsed,
 * on the wall clock within the step's span, an RSS at each point once
 * settled as heapline-report settles them (timeline_text.h), none that a
 * process of the node could pass. The bounds keep every sum under 2^62
 * bytes. */
static bool _timeline(struct _reading *r, const struct hl_record_row *row)
{
    const struct hl_site_span *span = r->span;
    const char *why;
    int64_t start_ms;
    int version;
    long n;

    if (span->from_ms > span->to_ms ||
        (row->empty & HL_EMPTY(HL_REC_start_time_ns)) || row->start_time_ns < 0)
        return false;
    n = hl_timeline_parse(row->timeline, strlen(row->timeline), r->points,
                          HL_TIMELINE_READ_MAX, &version, &why);
    start_ms = row->start_time_ns / 1000000;
    if (n <= 0 || start_ms < span->from_ms - HL_SITE_SPAN_SLACK_MS ||
        start_ms > span->to_ms + HL_SITE_SPAN_SLACK_MS)
        return false;
    /* start_ms is near the span: to_ms less it cannot overflow */
    if (row->elapsed_ms < 0 ||
        row->elapsed_ms > span->to_ms + HL_SITE_SPAN_SLACK_MS - start_ms ||
        r->points[n - 1].t_ms > span->to_ms + HL_SITE_SPAN_SLACK_MS - start_ms)
        return false;
    hl_timeline_settle_rss(
        r->points, (size_t)n,
        row->empty & HL_EMPTY(HL_REC_vmrss_at_exit) ? 0 : row->vmrss_at_exit,
        row->empty & HL_EMPTY(HL_REC_vmhwm) ? 0 : row->vmhwm);
    for (long i = 0; i < n; i++)
        if (r->points[i].rss == HL_TIMELINE_UNKNOWN ||
            r->points[i].rss > span->max_rss ||
            r->points[i].rss_lo > span->max_rss)
            return false;
    hl_conc_add(r->grid, start_ms, r->points, (size_t)n,
                start_ms + row->elapsed_ms, version);
    return true;
}

static int _on_row(void *ctx, const void *p)
{
    const struct hl_record_row *row = p;
    struct _reading *r = ctx;
    bool has_vmhwm = !(row->empty & HL_EMPTY(HL_REC_vmhwm));

    if (row->rank != r->rank)
        return HL_ROW_GOOD;
    r->read++;
    if (has_vmhwm) {
        r->out.vmhwm_sum = row->vmhwm > UINT64_MAX - r->out.vmhwm_sum
                               ? UINT64_MAX
                               : r->out.vmhwm_sum + row->vmhwm;
        r->out.records++;
    }
    if (_timeline(r, row)) {
        r->timelines++;
        if (has_vmhwm && row->vmhwm <= r->span->max_rss &&
            row->vmhwm > r->largest_vmhwm)
            r->largest_vmhwm = row->vmhwm;
    }
    return HL_ROW_GOOD;
}

/* One record, read whole if it is a regular file of a bounded size. */
static void _read_record(int dirfd, const char *name, char *buf,
                         struct _reading *r)
{
    int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    struct hl_record_row row;
    struct stat st;
    size_t len = 0;
    ssize_t n;
    char err[160];

    if (fd < 0)
        return;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        st.st_size <= HL_SITE_MAX_RECORD_BYTES)
        while (len < HL_SITE_MAX_RECORD_BYTES &&
               (n = read(fd, buf + len, HL_SITE_MAX_RECORD_BYTES - len)) > 0)
            len += (size_t)n;
    close(fd);
    if (len)
        hl_format_read(&hl_record_format, buf, len, &row, _on_row, r, err,
                       sizeof(err));
}

/* In the child, as the user. glibc keeps malloc usable after fork(). */
static struct hl_site_records _child(int dirfd, const uint32_t *ranks,
                                     size_t nranks,
                                     const struct hl_site_span *span)
{
    struct _reading r = {.span = span};
    struct hl_conc_peak rss;
    char *buf = malloc(HL_SITE_MAX_RECORD_BYTES);
    int fd = dup(dirfd);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    struct dirent *e;
    unsigned read_count = 0;

    r.grid = malloc(sizeof(*r.grid));
    r.points = malloc(HL_TIMELINE_READ_MAX * sizeof(*r.points));
    if (!buf || !d || !r.grid || !r.points)
        return r.out;
    hl_conc_init(r.grid);
    rewinddir(d);
    while ((e = readdir(d)) && read_count < HL_SITE_MAX_RECORDS) {
        int64_t rank = _rank_of(e->d_name);

        r.rank = (uint32_t)rank;
        if (rank < 0 ||
            !bsearch(&r.rank, ranks, nranks, sizeof(*ranks), _cmp_u32))
            continue;
        read_count++;
        _read_record(dirfd, e->d_name, buf, &r);
    }
    /* one process: its timeline says no more than its VmHWM, as
     * heapline-report has it */
    r.out.concurrent_known = r.read >= 2 && r.timelines == r.read;
    if (r.out.concurrent_known) {
        rss = hl_conc_peak(r.grid, hl_conc_estimate(r.grid));
        r.out.concurrent_peak =
            rss.bytes > r.largest_vmhwm ? rss.bytes : r.largest_vmhwm;
    }
    return r.out;
}

/* What the child writes to the pipe: integers only, since a bool of any
 * other byte than 0 or 1 (the user's child may write anything) could not
 * be read. */
struct _wire {
    uint64_t vmhwm_sum, concurrent_peak;
    uint32_t records, concurrent_known;
};

struct _job {
    int dirfd, pipefd;
    const uint32_t *ranks;
    size_t nranks;
    const struct hl_site_span *span;
};

static int _run(void *arg)
{
    const struct _job *j = arg;
    struct hl_site_records got = _child(j->dirfd, j->ranks, j->nranks, j->span);
    struct _wire out = {got.vmhwm_sum, got.concurrent_peak, got.records,
                        got.concurrent_known};

    return write(j->pipefd, &out, sizeof(out)) == sizeof(out) ? 0 : EIO;
}

int hl_site_records_read(const struct hl_user *user, int dirfd,
                         const uint32_t *ranks, size_t nranks,
                         const struct hl_site_span *span, unsigned timeout_ms,
                         struct hl_site_records *out)
{
    struct _wire got;
    struct _job job = {dirfd, -1, ranks, nranks, span};
    int pipefd[2], keep[2], err;

    if (pipe2(pipefd, O_CLOEXEC) < 0)
        return -1;
    job.pipefd = keep[1] = pipefd[1];
    keep[0] = dirfd;
    err = hl_as_user_run(user, _run, &job, keep, 2, timeout_ms);
    close(pipefd[1]);
    /* The figures fit in a pipe's buffer: written whole before the child
     * ended. */
    if (err || read(pipefd[0], &got, sizeof(got)) != sizeof(got)) {
        close(pipefd[0]);
        return -1;
    }
    close(pipefd[0]);
    *out = (struct hl_site_records){got.vmhwm_sum, got.records,
                                    got.concurrent_peak,
                                    got.concurrent_known != 0};
    return 0;
}

void hl_site_records_put(const struct hl_site_records *r,
                         struct hl_site_row *row)
{
    static const struct hl_site_records none = {0};

    if (!r)
        r = &none;
    row->vmhwm_sum = r->vmhwm_sum;
    row->concurrent_peak = r->concurrent_peak;
    if (!r->records || r->vmhwm_sum > HL_SITE_MAX_BYTES)
        row->empty |= HL_EMPTY(HL_SITE_vmhwm_sum);
    if (!r->concurrent_known || r->concurrent_peak > HL_SITE_MAX_BYTES)
        row->empty |= HL_EMPTY(HL_SITE_concurrent_peak);
}
