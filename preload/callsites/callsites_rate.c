/* The sampling rate of allocation sites as HEAPLINE_SITES_RATE and the
 * launcher's --sites=RATE give it (see callsites_rate.h). */
#include "callsites_rate.h"

uint64_t hl_callsites_parse_rate(const char *s)
{
    uint64_t v = 0, unit = 1;

    if (!s || *s < '0' || *s > '9')
        return 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (v > (UINT64_MAX - 9) / 10)
            return 0;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    switch (*s) {
    case 'k':
    case 'K':
        unit = (uint64_t)1 << 10;
        s++;
        break;
    case 'm':
    case 'M':
        unit = (uint64_t)1 << 20;
        s++;
        break;
    case 'g':
    case 'G':
        unit = (uint64_t)1 << 30;
        s++;
        break;
    }
    if (*s == 'i' && s[1] == 'B')
        s += 2;
    else if (*s == 'B' && unit == 1)
        s++;
    if (*s || v > ((uint64_t)1 << 40) / unit)
        return 0;
    return v * unit;
}
