/* Merging a node's share of a step into one file (see merge.h). */
#define _GNU_SOURCE
#include "merge.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "as_user.h"
#include "dirents.h"
#include "errname.h"
#include "buf.h"
#include "csv_read.h"
#include "exit_format.h"
#include "format_read.h"
#include "format_write.h"
#include "merged_format.h"
#include "node_format.h"
#include "record_format.h"

/* The missing column stays readable: past this, "and N more". */
#define _MISSING_MAX 900
/* Distinct record headers kept apart (provisional and final records have
 * two); a record of yet another header gets a section of its own. */
#define _GROUPS 16
/* Below this much room, a node-local folder is full. */
#define _FULL_BYTES (64u << 10)

/* Memory of the child, from mmap: it grows by remapping. */
struct _arena {
    char *p;
    size_t len, cap;
};

static int _reserve(struct _arena *a, size_t more)
{
    size_t cap = a->cap ? a->cap : 1u << 16;
    void *p;

    if (a->len + more <= a->cap)
        return 0;
    while (cap < a->len + more)
        cap *= 2;
    p = a->p ? mremap(a->p, a->cap, cap, MREMAP_MAYMOVE)
             : mmap(NULL, cap, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return -1;
    a->p = p;
    a->cap = cap;
    return 0;
}

static void _free(struct _arena *a)
{
    if (a->p)
        munmap(a->p, a->cap);
    *a = (struct _arena){0};
}

/* A record taken: where its header lines and its rows are in the arena. */
struct _entry {
    size_t head, head_len, rows, rows_len;
    uint32_t pid;
    int group; /* index of its header in the groups, -1 for its own */
};

struct _merge {
    struct _arena data;     /* the records' text */
    struct _arena entries;  /* struct _entry, one per record taken */
    size_t groups[_GROUPS]; /* an entry of each distinct header */
    int ngroups;
    uint64_t files, unmerged;
    char missing[_MISSING_MAX + 64];
    size_t omitted; /* problems not written into missing */
};

static void _note(struct _merge *m, const char *what, const char *why)
{
    size_t len = strlen(m->missing);
    int n;

    if (len >= _MISSING_MAX) {
        m->omitted++;
        return;
    }
    n = snprintf(m->missing + len, sizeof(m->missing) - len, "%s%s%s%s",
                 len ? "; " : "", what, why ? ": " : "", why ? why : "");
    if (n < 0 || len + (size_t)n >= _MISSING_MAX) {
        m->missing[len] = '\0';
        m->omitted++;
    }
}

static int _one_row(void *ctx, const void *row)
{
    *(uint32_t *)ctx = (uint32_t)((const struct hl_record_row *)row)->pid;
    return HL_ROW_GOOD;
}

/* Reads the file name of dirfd into the arena's end, bounded: 0, or a
 * reason it is not taken. */
static const char *_read(int dirfd, const char *name, struct _arena *a,
                         size_t *len)
{
    int fd = openat(dirfd, name,
                    O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    struct stat st;
    const char *why = NULL;
    ssize_t n;

    *len = 0;
    if (fd < 0)
        return errno == ELOOP ? "a symbolic link" : hl_errname(errno);
    if (fstat(fd, &st) < 0)
        why = hl_errname(errno);
    else if (!S_ISREG(st.st_mode))
        why = "not a regular file";
    else if (_reserve(a, HL_MERGE_FILE_MAX + 1) < 0)
        why = hl_errname(ENOMEM);
    while (!why && *len <= HL_MERGE_FILE_MAX &&
           (n = read(fd, a->p + a->len + *len, HL_MERGE_FILE_MAX + 1 - *len)))
        if (n < 0 && errno != EINTR)
            why = hl_errname(errno);
        else if (n > 0)
            *len += (size_t)n;
    close(fd);
    if (!why && *len > HL_MERGE_FILE_MAX)
        why = "larger than 1 MiB";
    else if (!why && *len == 0)
        why = "empty";
    return why;
}

/* The length of the file's first two lines: its magic and its header. */
static size_t _head_len(const char *s, size_t len)
{
    struct hl_cursor c = {s, s + len, 0, 0};
    const char *rec;
    size_t n;
    bool cut;

    if (!hl_csv_next_record(&c, &rec, &n, &cut) ||
        !hl_csv_next_record(&c, &rec, &n, &cut))
        return 0;
    return (size_t)(c.p - s);
}

static int _group(struct _merge *m, const char *head, size_t len)
{
    const struct _entry *e = (const struct _entry *)m->entries.p;

    for (int g = 0; g < m->ngroups; g++) {
        const struct _entry *first = &e[m->groups[g]];

        if (first->head_len == len &&
            memcmp(m->data.p + first->head, head, len) == 0)
            return g;
    }
    if (m->ngroups == _GROUPS)
        return -1;
    m->groups[m->ngroups] = m->entries.len / sizeof(*e);
    return m->ngroups++;
}

/* Takes the record file name if it is one: read, checked with the
 * report's own reader, kept in the arena. */
static void _take(struct _merge *m, int dirfd, const char *name)
{
    struct hl_record_row row;
    struct _entry e = {0};
    char err[160];
    const char *why;
    size_t len, head;

    m->files++;
    why = _read(dirfd, name, &m->data, &len);
    if (!why && hl_format_read(&hl_record_format, m->data.p + m->data.len, len,
                               &row, _one_row, &e.pid, err, sizeof(err)) < 0)
        why = err;
    if (!why && (head = _head_len(m->data.p + m->data.len, len)) == 0)
        why = "no header";
    if (!why && _reserve(&m->entries, sizeof(e)) < 0)
        why = hl_errname(ENOMEM);
    if (why) {
        m->unmerged++;
        _note(m, name, why);
        return;
    }
    e.head = m->data.len;
    e.head_len = head;
    e.rows = m->data.len + head;
    e.rows_len = len - head;
    e.group = _group(m, m->data.p + e.head, head);
    memcpy(m->entries.p + m->entries.len, &e, sizeof(e));
    m->entries.len += sizeof(e);
    m->data.len += len;
}

/* Calls fn on every entry of dirfd but "." and "..". */
static int _each(int dirfd, void (*fn)(void *, int, const char *), void *ctx)
{
    char buf[8192];
    int fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    ssize_t n;

    if (fd < 0)
        return errno;
    while ((n = hl_getdents64(fd, buf, sizeof(buf))) > 0)
        for (ssize_t off = 0; off < n;) {
            struct dirent64 *d = (struct dirent64 *)(buf + off);

            off += d->d_reclen;
            if (strcmp(d->d_name, ".") != 0 && strcmp(d->d_name, ".."))
                fn(ctx, dirfd, d->d_name);
        }
    close(fd);
    return n < 0 ? errno : 0;
}

/* A record the library is still writing (its temporary name) or left
 * half-written is not one: its provisional record stands beside it. */
static void _take_record(void *ctx, int dirfd, const char *name)
{
    if (name[0] != '.')
        _take(ctx, dirfd, name);
}

static void _remove(void *ctx, int dirfd, const char *name)
{
    (void)ctx;
    unlinkat(dirfd, name, 0);
}

/* Each task whose end was seen and of which no record was read. */
static void _tasks_without_record(struct _merge *m,
                                  const struct hl_merge_in *in)
{
    const struct _entry *e = (const struct _entry *)m->entries.p;
    size_t n = m->entries.len / sizeof(*e);
    char what[64];

    for (size_t t = 0; t < in->nended; t++) {
        size_t i = 0;

        while (i < n && e[i].pid != in->ended[t].pid)
            i++;
        if (i < n)
            continue;
        snprintf(what, sizeof(what), "task %u (pid %u)", in->ended[t].task,
                 in->ended[t].pid);
        _note(m, what, "no record");
    }
    if (in->nended < in->tasks) {
        snprintf(what, sizeof(what), "%zu of %u tasks", in->tasks - in->nended,
                 in->tasks);
        _note(m, what, "their end not seen");
    }
}

/* Buffered writing of the merged file. */
struct _out {
    int fd, err;
    char *buf;
    size_t len, cap;
};

static void _flush(struct _out *o)
{
    for (size_t done = 0; done < o->len && !o->err;) {
        ssize_t n = write(o->fd, o->buf + done, o->len - done);

        if (n < 0 && errno != EINTR)
            o->err = errno;
        else if (n > 0)
            done += (size_t)n;
    }
    o->len = 0;
}

static void _put(struct _out *o, const char *s, size_t n)
{
    while (n && !o->err) {
        size_t k = o->cap - o->len < n ? o->cap - o->len : n;

        memcpy(o->buf + o->len, s, k);
        o->len += k;
        s += k;
        n -= k;
        if (o->len == o->cap)
            _flush(o);
    }
}

/* A section's first two lines from its format: "# heapline exit 1" and
 * the names. */
static void _head(struct _out *o, const struct hl_format *f)
{
    char text[1024];
    struct hl_buf b;

    hl_buf_init(&b, text, sizeof(text));
    hl_format_write_head(&b, f, HL_COL_UNFINISHED);
    _put(o, text, b.len);
}

static void _write_own(struct _out *o, const struct _merge *m,
                       const struct hl_merge_in *in)
{
    char text[sizeof(m->missing) + 512], missing[sizeof(m->missing) + 32];
    struct hl_merged_row row = {
        .host = in->node,
        .tasks = in->tasks,
        .files = m->files,
        .unmerged = m->unmerged,
        .missing = missing,
    };
    struct hl_buf b;

    snprintf(missing, sizeof(missing), "%s", m->missing);
    if (m->omitted)
        snprintf(missing + strlen(missing), sizeof(missing) - strlen(missing),
                 "; and %zu more", m->omitted);
    hl_buf_init(&b, text, sizeof(text));
    hl_format_write(&b, &hl_merged_format, &row, 0);
    _put(o, text, b.len);
}

static void _write_records(struct _out *o, const struct _merge *m)
{
    const struct _entry *e = (const struct _entry *)m->entries.p;
    size_t n = m->entries.len / sizeof(*e);

    for (int g = 0; g < m->ngroups; g++) {
        const struct _entry *first = &e[m->groups[g]];

        _put(o, m->data.p + first->head, first->head_len);
        for (size_t i = m->groups[g]; i < n; i++)
            if (e[i].group == g)
                _put(o, m->data.p + e[i].rows, e[i].rows_len);
    }
    for (size_t i = 0; i < n; i++)
        if (e[i].group < 0)
            _put(o, m->data.p + e[i].head, e[i].head_len + e[i].rows_len);
}

static void _write(struct _out *o, const struct _merge *m,
                   const struct hl_merge_in *in)
{
    _write_own(o, m, in);
    if (in->node_row) {
        _head(o, &hl_node_format);
        _put(o, in->node_row, strlen(in->node_row));
    }
    if (in->exit_rows && in->exit_rows[0]) {
        _head(o, &hl_exit_format);
        _put(o, in->exit_rows, strlen(in->exit_rows));
    }
    _write_records(o, m);
    _flush(o);
}

/* The temporary file, made by us: anything else under its name refused. */
static int _create(int dirfd, const char *tmp)
{
    int fd =
        openat(dirfd, tmp,
               O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    struct stat st;
    int err = 0;

    if (fd < 0 && (errno == ENXIO || errno == EOPNOTSUPP) &&
        fstatat(dirfd, tmp, &st, AT_SYMLINK_NOFOLLOW) == 0)
        return -(S_ISFIFO(st.st_mode)   ? HL_AS_USER_FIFO
                 : S_ISSOCK(st.st_mode) ? HL_AS_USER_SOCKET
                                        : HL_AS_USER_SPECIAL);
    if (fd < 0)
        return -errno;
    if (fstat(fd, &st) < 0)
        err = errno;
    else if (!S_ISREG(st.st_mode))
        err = S_ISFIFO(st.st_mode) ? HL_AS_USER_FIFO : HL_AS_USER_SPECIAL;
    else if (ftruncate(fd, 0) < 0)
        err = errno;
    if (!err)
        return fd;
    close(fd);
    return -err;
}

static bool _full(int dirfd)
{
    struct statvfs v;

    return fstatvfs(dirfd, &v) == 0 &&
           (uint64_t)v.f_bavail * v.f_frsize < _FULL_BYTES;
}

int hl_merge_name(const char *node, char *out, size_t size)
{
    int n = snprintf(out, size, "node-%s.heapline", node);

    return n < 0 || (size_t)n >= size ? -1 : 0;
}

void hl_merge_clear(int dirfd)
{
    _each(dirfd, _remove, NULL);
}

int hl_merge_node(int local_fd, const char *local_path, int step_fd,
                  const char *name, const struct hl_merge_in *in)
{
    struct _merge *m = mmap(NULL, sizeof(*m), PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    struct _out o = {.cap = 1u << 16};
    char tmp[300];
    int err;

    if (m == MAP_FAILED)
        return ENOMEM;
    o.buf = mmap(NULL, o.cap, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (in->note)
        _note(m, in->note, NULL);
    err = o.buf == MAP_FAILED ? ENOMEM : _each(local_fd, _take_record, m);
    if (!err) {
        _tasks_without_record(m, in);
        if ((m->unmerged || strstr(m->missing, "no record")) && _full(local_fd))
            _note(m, "the node-local folder", "full");
        snprintf(tmp, sizeof(tmp), ".%s.tmp", name);
        o.fd = _create(step_fd, tmp);
        err = o.fd < 0 ? -o.fd : 0;
    }
    if (!err) {
        _write(&o, m, in);
        err = o.err;
        if (close(o.fd) < 0 && !err)
            err = errno;
        if (!err && renameat(step_fd, tmp, step_fd, name) < 0)
            err = errno;
        if (err)
            unlinkat(step_fd, tmp, 0);
    }
    if (!err) {
        hl_merge_clear(local_fd);
        rmdir(local_path);
    }
    if (o.buf && o.buf != MAP_FAILED)
        munmap(o.buf, o.cap);
    _free(&m->data);
    _free(&m->entries);
    munmap(m, sizeof(*m));
    return err;
}
