/* The VmHWM sum of a node's records (see site_vmhwm.h). */
#define _GNU_SOURCE
#include "site_vmhwm.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decimal.h"
#include "format_read.h"
#include "record_format.h"

struct _sums {
    uint64_t sum;
    uint32_t records;
};

struct _one {
    struct _sums *sums;
    uint32_t rank;
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

static int _on_row(void *ctx, const void *r)
{
    const struct hl_record_row *row = r;
    struct _one *one = ctx;

    if ((row->empty & HL_EMPTY(HL_REC_vmhwm)) || row->rank != one->rank)
        return HL_ROW_GOOD;
    one->sums->sum = row->vmhwm > UINT64_MAX - one->sums->sum
                         ? UINT64_MAX
                         : one->sums->sum + row->vmhwm;
    one->sums->records++;
    return HL_ROW_GOOD;
}

/* One record, read whole if it is a regular file of a bounded size. */
static void _read_record(int dirfd, const char *name, uint32_t rank, char *buf,
                         struct _sums *sums)
{
    int fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
    struct hl_record_row row;
    struct _one one = {sums, rank};
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
        hl_format_read(&hl_record_format, buf, len, &row, _on_row, &one, err,
                       sizeof(err));
}

/* In the child, as the user. glibc keeps malloc usable after fork(). */
static struct _sums _child(int dirfd, const uint32_t *ranks, size_t nranks)
{
    struct _sums sums = {0, 0};
    char *buf = malloc(HL_SITE_MAX_RECORD_BYTES);
    int fd = dup(dirfd);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    struct dirent *e;
    unsigned read_count = 0;

    if (!buf || !d)
        return sums;
    rewinddir(d);
    while ((e = readdir(d)) && read_count < HL_SITE_MAX_RECORDS) {
        int64_t r = _rank_of(e->d_name);
        uint32_t rank = (uint32_t)r;

        if (r < 0 || !bsearch(&rank, ranks, nranks, sizeof(*ranks), _cmp_u32))
            continue;
        read_count++;
        _read_record(dirfd, e->d_name, rank, buf, &sums);
    }
    return sums;
}

struct _job {
    int dirfd, pipefd;
    const uint32_t *ranks;
    size_t nranks;
};

static int _run(void *arg)
{
    const struct _job *j = arg;
    struct _sums sums = _child(j->dirfd, j->ranks, j->nranks);

    return write(j->pipefd, &sums, sizeof(sums)) == sizeof(sums) ? 0 : EIO;
}

int hl_site_vmhwm_sum(const struct hl_user *user, int dirfd,
                      const uint32_t *ranks, size_t nranks, unsigned timeout_ms,
                      uint64_t *sum, uint32_t *records)
{
    struct _sums sums;
    struct _job job = {dirfd, -1, ranks, nranks};
    int pipefd[2], keep[2], err;

    if (pipe2(pipefd, O_CLOEXEC) < 0)
        return -1;
    job.pipefd = keep[1] = pipefd[1];
    keep[0] = dirfd;
    err = hl_as_user_run(user, _run, &job, keep, 2, timeout_ms);
    close(pipefd[1]);
    /* The sums fit in a pipe's buffer: written whole before the child ended. */
    if (err || read(pipefd[0], &sums, sizeof(sums)) != sizeof(sums)) {
        close(pipefd[0]);
        return -1;
    }
    close(pipefd[0]);
    *sum = sums.sum;
    *records = sums.records;
    return 0;
}
