#include "procstatus.h"

#include <fcntl.h>
#include <string.h>
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

void hl_procstatus_read(struct hl_memory *out)
{
    char text[8192];
    size_t len = 0;
    ssize_t n = 0;
    int fd = open("/proc/self/status", O_RDONLY | O_CLOEXEC);

    out->vmhwm = out->vmrss = -1;
    if (fd < 0)
        return;
    while (len < sizeof(text) - 1 &&
           (n = read(fd, text + len, sizeof(text) - 1 - len)) != 0) {
        if (n < 0)
            break;
        len += (size_t)n;
    }
    close(fd);
    text[len] = '\0';
    out->vmhwm = _field_bytes(text, "\nVmHWM:");
    out->vmrss = _field_bytes(text, "\nVmRSS:");
}
