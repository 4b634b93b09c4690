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

int hl_parse_slurm_size(const char *s, uint64_t *bytes)
{
    uint64_t v;

    if (hl_parse_slurm_figure(s, strlen(s), 20, &v) < 0 || v == 0)
        return -1;
    *bytes = v;
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

uint64_t hl_slurm_size_round_up(uint64_t bytes, char *buf)
{
    uint64_t unit = bytes < _GIB ? _MIB : _GIB;
    uint64_t n = bytes / unit + (bytes % unit != 0);

    if (n == 0)
        n = 1;
    /* Above the last whole GiB of 64 bits, no request covers the bytes:
     * that last GiB is the closest, where n * unit would wrap to 0. */
    if (n > UINT64_MAX / unit)
        n = UINT64_MAX / unit;
    snprintf(buf, 32, "%llu%c", (unsigned long long)n,
             unit == _GIB ? 'G' : 'M');
    return n * unit;
}
