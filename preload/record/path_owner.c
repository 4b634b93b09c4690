#define _GNU_SOURCE
#include "path_owner.h"
#include "csv_read.h"
#include "format_write.h"
#include "record.h"
#include "record_format.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The index of column name in the header, or -1. */
static int _column(const struct hl_field *names, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (hl_csv_is(&names[i], name))
            return (int)i;
    return -1;
}

/* The start of a record, head[0..len), provisional or not as said: its pid
 * when its host is host, else 0. The values line may be cut after the
 * pid. */
static pid_t _pid_of(const char *head, size_t len, const char *host,
                     bool provisional)
{
    struct hl_cursor c = {head, head + len, 0, 0};
    struct hl_field names[HL_CSV_MAX_FIELDS + 1], f;
    char field_host[512];
    const char *magic, *header, *stop;
    size_t magic_len, header_len, n;
    int host_col, pid_col;
    pid_t pid = 0;
    bool cut;

    if (!hl_csv_next_record(&c, &magic, &magic_len, &cut) ||
        !hl_format_is_magic_line(&hl_record_format, magic, magic_len) ||
        !hl_csv_next_record(&c, &header, &header_len, &cut))
        return 0;
    n = hl_csv_split(header, header_len, names);
    if (n == HL_CSV_BAD_QUOTES || n > HL_CSV_MAX_FIELDS ||
        hl_csv_is(&names[n - 1], HL_RECORD_NAME(end)) != provisional)
        return 0;
    host_col = _column(names, n, HL_RECORD_NAME(host));
    pid_col = _column(names, n, HL_RECORD_NAME(pid));
    if (host_col < 0 || pid_col < 0 ||
        !hl_csv_field_at(c.p, c.end, (unsigned)host_col, &f) ||
        f.len >= sizeof(field_host) ||
        hl_csv_unquote(&f, field_host) != strlen(host) ||
        memcmp(field_host, host, strlen(host)))
        return 0;
    stop = hl_csv_field_at(c.p, c.end, (unsigned)pid_col, &f);
    if (!stop || stop == c.end || f.quoted || !f.len)
        return 0;
    for (size_t i = 0; i < f.len; i++) {
        if (f.s[i] < '0' || f.s[i] > '9' || pid > 99999999)
            return 0;
        pid = pid * 10 + (f.s[i] - '0');
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
    bool provisional = false;
    int held, saved_errno = errno;
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);

    if (fd < 0)
        return 0;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        st.st_size > (off_t)tail_len) {
        provisional = st.st_size <= (off_t)HL_RECORD_TEXT_MAX &&
                      pread(fd, tail, tail_len, st.st_size - (off_t)tail_len) ==
                          (ssize_t)tail_len &&
                      !memcmp(tail, tail_text, tail_len);
        n = pread(fd, head, sizeof(head), 0);
    }
    close(fd);
    if (n > 0)
        pid = _pid_of(head, (size_t)n, host, provisional);
    /* A provisional record is another's while its process lives (signal 0
     * reaches it, or it is there but another user's); the image that
     * executed this one left its own, of this pid. A final record of this
     * pid is another's: a process that exited, whose pid the kernel gave
     * this one once pid_max wrapped. */
    if (provisional)
        held = pid > 0 && pid != self && (kill(pid, 0) == 0 || errno == EPERM);
    else
        held = pid == self;
    errno = saved_errno;
    return held;
}
