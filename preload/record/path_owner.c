#define _GNU_SOURCE
#include "path_owner.h"
#include "buf.h"
#include "csv_write.h"
#include "record.h"
#include "record_format.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct _line {
    const char *s, *end;
};

/* The next line of text (without its newline), or 0 at the end. */
static int _next_line(const char **text, const char *end, struct _line *l)
{
    const char *nl = memchr(*text, '\n', (size_t)(end - *text));

    if (!nl)
        return 0;
    l->s = *text;
    l->end = nl;
    *text = nl + 1;
    return 1;
}

/* Where the field that starts at p ends: at its comma or at the line's
 * end, past its closing quote if quoted. */
static const char *_field_end(const char *p, const char *end)
{
    if (p < end && *p == '"')
        for (p++; p < end; p++) {
            if (*p != '"')
                continue;
            if (p + 1 == end || p[1] != '"')
                break; /* the closing quote */
            p++;       /* a doubled one */
        }
    while (p < end && *p != ',')
        p++;
    return p;
}

/* Field i of a CSV line, as written, quotes included. */
static int _field(const struct _line *l, unsigned i, struct _line *f)
{
    const char *p = l->s;

    for (unsigned n = 0;; n++) {
        const char *e = _field_end(p, l->end);

        if (n == i) {
            f->s = p;
            f->end = e;
            return 1;
        }
        if (e >= l->end)
            return 0;
        p = e + 1;
    }
}

static int _is(const struct _line *f, const char *text)
{
    size_t len = strlen(text);

    return (size_t)(f->end - f->s) == len && !memcmp(f->s, text, len);
}

/* The index of column name in the header, or -1. */
static int _column(const struct _line *header, const char *name)
{
    struct _line f;

    for (unsigned i = 0; _field(header, i, &f); i++)
        if (_is(&f, name))
            return (int)i;
    return -1;
}

/* The start of a provisional record, head[0..len): its pid when its host
 * is host, else 0. The values line may be cut after the pid. */
static pid_t _pid_of(const char *head, size_t len, const char *host)
{
    const char *p = head, *end = head + len;
    struct _line magic, header, values, f, last;
    char quoted_host[512];
    struct hl_buf b;
    int host_col, pid_col;
    pid_t pid = 0;

    if (!_next_line(&p, end, &magic) || !_next_line(&p, end, &header) ||
        !_is(&magic, "# heapline 1"))
        return 0;
    values.s = p;
    values.end = end;
    host_col = _column(&header, HL_RECORD_NAME(host));
    pid_col = _column(&header, HL_RECORD_NAME(pid));
    last.s = memrchr(header.s, ',', (size_t)(header.end - header.s));
    last.end = header.end;
    hl_buf_init(&b, quoted_host, sizeof(quoted_host));
    hl_csv_put_text(&b, host);
    if (host_col < 0 || pid_col < 0 || !last.s || b.overflow)
        return 0;
    last.s++;
    if (!_is(&last, HL_RECORD_NAME(end)) ||
        !_field(&values, (unsigned)host_col, &f) || !_is(&f, quoted_host) ||
        !_field(&values, (unsigned)pid_col, &f) || f.s == f.end || f.end == end)
        return 0;
    for (const char *d = f.s; d < f.end; d++) {
        if (*d < '0' || *d > '9' || pid > 99999999)
            return 0;
        pid = pid * 10 + (*d - '0');
    }
    return pid;
}

int hl_path_held_by_other(const char *path, const char *host, pid_t self)
{
    static const char tail_text[] = "," HL_RECORD_UNFINISHED "\n";
    const size_t tail_len = sizeof(tail_text) - 1;
    char head[2048], tail[sizeof(tail_text)];
    struct stat st;
    ssize_t n = -1;
    pid_t pid = 0;
    int held, saved_errno = errno;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);

    if (fd < 0)
        return 0;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        st.st_size <= HL_RECORD_TEXT_MAX && st.st_size > (off_t)tail_len &&
        pread(fd, tail, tail_len, st.st_size - (off_t)tail_len) ==
            (ssize_t)tail_len &&
        !memcmp(tail, tail_text, tail_len))
        n = pread(fd, head, sizeof(head), 0);
    close(fd);
    if (n > 0)
        pid = _pid_of(head, (size_t)n, host);
    /* Alive: signal 0 reaches it, or it is there but another user's. */
    held = pid > 0 && pid != self && (kill(pid, 0) == 0 || errno == EPERM);
    errno = saved_errno;
    return held;
}
