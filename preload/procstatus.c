#include "procstatus.h"

#include <fcntl.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

/* "VmHWM:\t   11264 kB" -> 11534336 */
static int64_t _field_bytes(const char *text, const char *name)
{
    const char *p = strstr(text, name);
    int64_t kib = 0;

    if (!p)
        return -1;
    p += strlen(name);
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p < '0' || *p > '9')
        return -1;
    while (*p >= '0' && *p <= '9')
        kib = kib * 10 + (*p++ - '0');
    return kib * 1024;
}

/* The whole of a /proc file, NUL-terminated; 0 if it cannot be read. */
static size_t _read_proc(const char *path, char *text, size_t cap)
{
    size_t len = 0;
    ssize_t n = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);

    text[0] = '\0';
    if (fd < 0)
        return 0;
    while (len < cap - 1 && (n = read(fd, text + len, cap - 1 - len)) != 0) {
        if (n < 0)
            break;
        len += (size_t)n;
    }
    close(fd);
    text[len] = '\0';
    return len;
}

void hl_procstatus_read(struct hl_memory *out)
{
    char text[8192];

    out->vmhwm = out->vmrss = -1;
    if (!_read_proc("/proc/self/status", text, sizeof(text)))
        return;
    out->vmhwm = _field_bytes(text, "\nVmHWM:");
    out->vmrss = _field_bytes(text, "\nVmRSS:");
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
    char text[256];
    const char *p = text;
    int64_t pages = 0;

    if (!_read_proc("/proc/self/statm", text, sizeof(text)))
        return -1;
    while (*p >= '0' && *p <= '9')
        p++;
    if (*p++ != ' ' || *p < '0' || *p > '9')
        return -1;
    while (*p >= '0' && *p <= '9')
        pages = pages * 10 + (*p++ - '0');
    return pages * sysconf(_SC_PAGESIZE);
}
