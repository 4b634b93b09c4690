#include "slurm_size.h"

#include <stdio.h>
#include <string.h>

#define _KIB 1024ULL
#define _MIB (1024ULL * _KIB)
#define _GIB (1024ULL * _MIB)

static int _unit_shift(char c)
{
    switch (c) {
    case 'k':
    case 'K':
        return 10;
    case 'm':
    case 'M':
        return 20;
    case 'g':
    case 'G':
        return 30;
    case 't':
    case 'T':
        return 40;
    case 'p':
    case 'P':
        return 50;
    default:
        return -1;
    }
}

int hl_parse_slurm_figure(const char *s, size_t len, int default_shift,
                          uint64_t *bytes)
{
    unsigned __int128 whole = 0, frac = 0, scale = 1, v;
    int shift = default_shift;
    size_t i = 0, digits = 0;

    if (len > 0 && _unit_shift(s[len - 1]) >= 0)
        shift = _unit_shift(s[--len]);
    for (; i < len && s[i] >= '0' && s[i] <= '9'; i++, digits++)
        if (whole < ((unsigned __int128)1 << 70))
            whole = whole * 10 + (unsigned)(s[i] - '0');
    if (digits == 0)
        return -1;
    if (i < len && s[i] == '.') {
        size_t start = ++i;

        for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
            if (scale < 1000000000000ULL) {
                frac = frac * 10 + (unsigned)(s[i] - '0');
                scale *= 10;
            }
        if (i == start)
            return -1;
    }
    if (i != len)
        return -1;
    v = (whole << shift) + ((frac << shift) + scale / 2) / scale;
    if (v > UINT64_MAX)
        return -1;
    *bytes = (uint64_t)v;
    return 0;
}

/* strtoll's white space. */
static int _is_space(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

int hl_parse_slurm_size(const char *s, uint64_t *bytes)
{
    uint64_t n = 0, mib;
    size_t digits = 0;
    int negative = 0, shift;

    while (_is_space(*s))
        s++;
    if (*s == '+' || *s == '-')
        negative = *s++ == '-';
    for (; *s >= '0' && *s <= '9'; s++, digits++) {
        n = n * 10 + (uint64_t)(*s - '0');
        if (n > INT64_MAX) /* strtoll's range */
            return -1;
    }
    if (!digits || (negative && n))
        return -1;
    shift = *s ? _unit_shift(*s) : 20;
    if (*s && (shift < 0 || shift > 40 ||
               (s[1] && !((s[1] == 'B' || s[1] == 'b') && !s[2]))))
        return -1;
    mib = shift == 10 ? n / 1024 + (n % 1024 != 0) : n;
    if (shift > 20 && mib > UINT64_MAX >> (shift - 20))
        return -1;
    mib <<= shift > 20 ? shift - 20 : 0;
    if (mib > UINT64_MAX >> 20)
        return -1;
    *bytes = mib << 20;
    return 0;
}

void hl_slurm_size_exact(uint64_t bytes, char *buf)
{
    static const char units[] = "KMGT";
    int u = 0;

    if (bytes % _KIB) {
        snprintf(buf, 32, "%lluK", (unsigned long long)(bytes / _KIB + 1));
        return;
    }
    bytes /= _KIB;
    while (u < 3 && bytes && bytes % 1024 == 0) {
        bytes /= 1024;
        u++;
    }
    snprintf(buf, 32, "%llu%c", (unsigned long long)bytes, units[u]);
}

uint64_t hl_slurm_size_round_up(uint64_t bytes, char *buf, uint64_t *step)
{
    uint64_t unit = _MIB, n;

    while (bytes >= _GIB && unit * 2 <= bytes / 8)
        unit *= 2;
    n = bytes / unit + (bytes % unit != 0);
    if (n == 0)
        n = 1;
    /* Above the last step of 64 bits, no request covers the bytes: that
     * last step is the closest, where n * unit would wrap to 0. */
    if (n > UINT64_MAX / unit)
        n = UINT64_MAX / unit;
    *step = unit;
    if (n * unit % _GIB == 0)
        snprintf(buf, 32, "%lluG", (unsigned long long)(n * unit / _GIB));
    else
        snprintf(buf, 32, "%lluM", (unsigned long long)(n * unit / _MIB));
    return n * unit;
}
