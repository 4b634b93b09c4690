/* Composition of LD_PRELOAD (see preload.h). */
#include "preload.h"

#include <string.h>

/* ld.so splits LD_PRELOAD at spaces and colons. */
#define HL_PRELOAD_SEPARATORS " :"

static int _same_entry(const char *entry, size_t len, const char *lib)
{
    return strlen(lib) == len && strncmp(entry, lib, len) == 0;
}

static int _append(char *out, size_t size, size_t *used, const char *s,
                   size_t len)
{
    if (*used + len + 2 > size)
        return -1;
    if (*used)
        out[(*used)++] = ':';
    memcpy(out + *used, s, len);
    *used += len;
    out[*used] = '\0';
    return 0;
}

int hl_preload_compose(const char *lib, const char *existing, char *out,
                       size_t out_size)
{
    size_t used = 0;
    const char *p = existing ? existing : "";

    if (out_size == 0)
        return -1;
    out[0] = '\0';
    if (_append(out, out_size, &used, lib, strlen(lib)) < 0)
        return -1;
    while (*p) {
        size_t len = strcspn(p, HL_PRELOAD_SEPARATORS);

        if (len && !_same_entry(p, len, lib) &&
            _append(out, out_size, &used, p, len) < 0)
            return -1;
        p += len;
        p += strspn(p, HL_PRELOAD_SEPARATORS);
    }
    return 0;
}
