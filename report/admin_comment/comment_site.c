/* A job's figures from the site folder (see comment_site.h). */
#include "comment_site.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "format_read.h"
#include "site_format.h"

struct _reading {
    const char *dir, *name;
    uint32_t job;
    struct hl_comment_summary *s;
    uint64_t *steps; /* step << 1 | OOM-killed, one per line */
    size_t nsteps, cap;
    bool node_seen, full;
    int faults;
    FILE *errs;
};

static void _say(struct _reading *r, const char *what)
{
    fprintf(r->errs, "heapline-admin-comment: %s/%s: %s\n", r->dir, r->name,
            what);
    r->faults++;
}

static int _on_row(void *ctx, const void *p)
{
    const struct hl_site_row *row = p;
    struct _reading *r = ctx;
    struct hl_comment_summary *s = r->s;
    bool has_req = !(row->empty & HL_EMPTY(HL_SITE_request));
    uint64_t use = 0;
    bool has_use = hl_site_row_use(row, &use);
    bool oom = !(row->empty & HL_EMPTY(HL_SITE_oom_kills)) && row->oom_kills;
    double secs = (double)row->elapsed / 1000.0;
    int bad = hl_site_row_check(row);

    if (bad >= 0)
        return bad;
    if (row->job != r->job || r->full)
        return HL_ROW_GOOD;
    if (s->lines >= HL_COMMENT_MAX_LINES) {
        r->full = true;
        return HL_ROW_GOOD;
    }
    if (r->nsteps == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 64;
        uint64_t *steps = realloc(r->steps, cap * sizeof(*steps));

        if (!steps)
            return HL_ROW_NOMEM;
        r->steps = steps;
        r->cap = cap;
    }
    r->steps[r->nsteps++] = row->step << 1 | oom;
    s->lines++;
    r->node_seen = true;
    if (has_req && (!s->has_request || row->request > s->request_max))
        s->request_max = row->request;
    s->has_request |= has_req;
    if (has_use && (!s->has_peak || use > s->peak_max))
        s->peak_max = use;
    s->has_peak |= has_use;
    if (has_req && has_use) {
        s->requested += (double)row->request * secs;
        s->used += (double)use * secs;
    }
    return HL_ROW_GOOD;
}

static void _on_bad(void *ctx, const char *what)
{
    char line[300];

    snprintf(line, sizeof(line), "%s, line skipped", what);
    _say(ctx, line);
}

/* The whole file, up to its bound, in a buffer of the caller's to free;
 * NULL with *len 0 when it is missing. */
static char *_slurp(struct _reading *r, int dirfd, size_t *len)
{
    int fd =
        openat(dirfd, r->name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    char *buf = NULL;
    ssize_t n = 0;

    *len = 0;
    if (fd < 0) {
        if (errno != ENOENT)
            _say(r,
                 errno == ELOOP ? "a symbolic link, skipped" : strerror(errno));
        return NULL;
    }
    if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
        _say(r, "not a regular file, skipped");
    else if (st.st_uid != 0 || (st.st_mode & (S_IWGRP | S_IWOTH)))
        _say(r, "not root's alone, skipped");
    else if (st.st_size > HL_COMMENT_MAX_FILE)
        _say(r, "larger than 64 MiB, skipped");
    else if (!(buf = malloc((size_t)st.st_size + 1)))
        _say(r, "out of memory");
    else {
        while (*len < (size_t)st.st_size &&
               ((n = read(fd, buf + *len, (size_t)st.st_size - *len)) > 0 ||
                (n < 0 && errno == EINTR)))
            *len += n > 0 ? (size_t)n : 0;
        if (n < 0)
            _say(r, strerror(errno));
    }
    close(fd);
    return buf;
}

static void _read_file(struct _reading *r, int dirfd)
{
    struct hl_site_row row;
    char err[256];
    size_t len;
    char *buf = _slurp(r, dirfd, &len);

    if (buf && len &&
        hl_format_read_each(&hl_site_format, buf, len, &row, _on_row, _on_bad,
                            r, err, sizeof(err)) < 0)
        _say(r, err);
    free(buf);
}

static int _by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

    return x < y ? -1 : x > y;
}

/* Steps counted once, however many nodes ran them; OOM-killed if on any. */
static void _count_steps(struct _reading *r)
{
    qsort(r->steps, r->nsteps, sizeof(*r->steps), _by_value);
    for (size_t i = 0; i < r->nsteps; i++) {
        bool first = i == 0 || r->steps[i] >> 1 != r->steps[i - 1] >> 1;
        bool oom = r->steps[i] & 1;
        bool oom_before = !first && (r->steps[i - 1] & 1);

        r->s->steps += first;
        r->s->oom_steps += oom && !oom_before;
    }
}

int hl_comment_read_site(const char *dir, char *const *nodes, size_t nnodes,
                         int64_t from, int64_t to, uint32_t job,
                         struct hl_comment_summary *s, FILE *errs)
{
    struct _reading r = {.dir = dir, .job = job, .s = s, .errs = errs};
    int dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int64_t first = from - from % 86400;
    char name[300];

    if (dirfd < 0) {
        fprintf(errs, "heapline-admin-comment: %s: %s\n", dir, strerror(errno));
        return -1;
    }
    if (to < from || (to - first) / 86400 >= HL_COMMENT_MAX_DAYS)
        to = first + (int64_t)(HL_COMMENT_MAX_DAYS - 1) * 86400;
    for (size_t i = 0; i < nnodes; i++) {
        r.node_seen = false;
        for (int64_t day = first; day <= to; day += 86400) {
            if (hl_site_file_name(nodes[i], day, name, sizeof(name)) < 0) {
                r.name = nodes[i];
                _say(&r, "not a node name, skipped");
                break;
            }
            r.name = name;
            _read_file(&r, dirfd);
        }
        s->nodes += r.node_seen;
    }
    close(dirfd);
    if (r.full)
        fprintf(errs,
                "heapline-admin-comment: job %u: more than %u lines, the "
                "rest left out\n",
                job, HL_COMMENT_MAX_LINES);
    _count_steps(&r);
    free(r.steps);
    return r.faults;
}
