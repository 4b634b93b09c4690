#include "format_size.h"

static size_t _put_u64(char *out, uint64_t v)
{
    char tmp[21];
    size_t n = 0, len;

    do {
        tmp[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    len = n;
    while (n)
        *out++ = tmp[--n];
    return len;
}

size_t hl_format_size(uint64_t bytes, char buf[HL_SIZE_BUF])
{
    static const char *const units[] = {"KiB", "MiB", "GiB", "TiB"};
    const int nunits = (int)(sizeof(units) / sizeof(units[0]));
    size_t len;
    int u = -1;
    unsigned __int128 tenths = 0;

    if (bytes >= 1024) {
        /* Pick the unit from the rounded value so that 1048575 bytes gives
         * "1.0 MiB", not "1024.0 KiB". */
        for (u = 0; u < nunits; u++) {
            unsigned __int128 unit = (unsigned __int128)1 << (10 * (u + 1));
            tenths = ((unsigned __int128)bytes * 10 + unit / 2) / unit;
            if (tenths < 10240 || u == nunits - 1)
                break;
        }
    }
    if (u < 0) {
        len = _put_u64(buf, bytes);
        buf[len++] = ' ';
        buf[len++] = 'B';
    } else {
        len = _put_u64(buf, (uint64_t)(tenths / 10));
        buf[len++] = '.';
        buf[len++] = (char)('0' + (int)(tenths % 10));
        buf[len++] = ' ';
        for (const char *s = units[u]; *s; s++)
            buf[len++] = *s;
    }
    buf[len] = '\0';
    return len;
}
