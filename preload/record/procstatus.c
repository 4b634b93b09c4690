#include "procstatus.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

/* Where the scan of a line stands. */
struct _scan {
    const struct hl_proc_field *fields;
    unsigned nfields;
    unsigned col;   /* in the line */
    uint32_t maybe; /* bit i: the line may still be fields[i] */
    int field;      /* the name matched, whose value is read; -1 */
    int digits;     /* the value's digits seen */
    int64_t value;
};

static void _new_line(struct _scan *s)
{
    s->col = 0;
    s->maybe = (uint32_t)((1ull << s->nfields) - 1);
    s->field = -1;
    s->digits = 0;
    s->value = 0;
}

static int _digit(char c, int base)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (base == 16 && c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* "VmHWM:\t   11264 kB", "SigPnd:\t0000000000001000": the value ends at
 * the first byte after its digits. */
static void _scan_char(struct _scan *s, char c)
{
    const struct hl_proc_field *f;
    int d;

    if (c == '\n') {
        if (s->field >= 0 && s->digits)
            *s->fields[s->field].value = s->value;
        _new_line(s);
        return;
    }
    if (s->field >= 0) {
        f = &s->fields[s->field];
        if ((d = _digit(c, f->base)) >= 0) {
            s->value = s->value * f->base + d;
            s->digits = 1;
        } else if (s->digits || (c != ' ' && c != '\t')) {
            if (s->digits)
                *f->value = s->value;
            s->field = -1;
            s->maybe = 0;
        }
        return;
    }
    for (unsigned i = 0; i < s->nfields; i++) {
        f = &s->fields[i];
        if (!(s->maybe & (1u << i)))
            continue;
        if (f->name[s->col] != c)
            s->maybe &= ~(1u << i);
        else if (!f->name[s->col + 1])
            s->field = (int)i;
    }
    s->col++;
}

int hl_proc_scan(const char *path, const struct hl_proc_field *fields,
                 unsigned nfields)
{
    struct _scan s = {.fields = fields, .nfields = nfields};
    char chunk[256];
    ssize_t n;
    int fd;

    for (unsigned i = 0; i < nfields; i++)
        *fields[i].value = -1;
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    _new_line(&s);
    while ((n = read(fd, chunk, sizeof(chunk))) > 0)
        for (ssize_t i = 0; i < n; i++)
            _scan_char(&s, chunk[i]);
    close(fd);
    return 0;
}

void hl_procstatus_read(struct hl_memory *out)
{
    hl_procstatus_read_of("/proc/self/status", out);
}

void hl_procstatus_read_of(const char *path, struct hl_memory *out)
{
    const struct hl_proc_field fields[] = {
        {"VmHWM:", 10, &out->vmhwm},
        {"VmRSS:", 10, &out->vmrss},
    };

    hl_proc_scan(path, fields, 2);
    if (out->vmhwm >= 0)
        out->vmhwm *= 1024;
    if (out->vmrss >= 0)
        out->vmrss *= 1024;
}

static void _kib_to_bytes(int64_t *v)
{
    if (*v >= 0)
        *v *= 1024;
}

void hl_procstatus_read_shared(struct hl_shared *out)
{
    const struct hl_proc_field rollup[] = {
        {"Pss:", 10, &out->pss},
        {"Pss_Shmem:", 10, &out->pss_shmem},
    };
    const struct hl_proc_field status[] = {
        {"RssShmem:", 10, &out->rss_shmem},
    };

    hl_proc_scan("/proc/self/smaps_rollup", rollup, 2);
    hl_proc_scan("/proc/self/status", status, 1);
    _kib_to_bytes(&out->pss);
    _kib_to_bytes(&out->pss_shmem);
    _kib_to_bytes(&out->rss_shmem);
}

int64_t hl_procstatus_maxrss(void)
{
    struct rusage ru;

    if (getrusage(RUSAGE_SELF, &ru) < 0)
        return -1;
    return (int64_t)ru.ru_maxrss * 1024;
}

/* "SIZE RESIDENT SHARED ...", in pages. */
int64_t hl_procstatus_rss(void)
{
    char text[128];
    const char *p = text;
    int64_t pages = 0;
    ssize_t n;
    int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);

    if (fd < 0)
        return -1;
    n = read(fd, text, sizeof(text) - 1);
    close(fd);
    if (n <= 0)
        return -1;
    text[n] = '\0';
    while (*p >= '0' && *p <= '9')
        p++;
    if (*p++ != ' ' || *p < '0' || *p > '9')
        return -1;
    while (*p >= '0' && *p <= '9')
        pages = pages * 10 + (*p++ - '0');
    return pages * sysconf(_SC_PAGESIZE);
}
