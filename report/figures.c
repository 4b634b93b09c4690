#include "figures.h"

#include <stdio.h>

void hl_fmt_tenths(int64_t ms, char buf[32])
{
    int64_t t = (ms + 50) / 100;

    snprintf(buf, 32, "%lld.%lld", (long long)(t / 10), (long long)(t % 10));
}

void hl_fmt_ms(int64_t ms, char buf[32])
{
    snprintf(buf, 32, "%lld.%03lld", (long long)(ms / 1000),
             (long long)(ms % 1000));
}

void hl_fmt_ratio(uint64_t num, uint64_t den, char buf[32])
{
    if (den == 0)
        snprintf(buf, 32, "-");
    else
        snprintf(buf, 32, "%.2f", (double)num / (double)den);
}

uint64_t hl_percent(uint64_t part, uint64_t whole)
{
    unsigned __int128 p = (unsigned __int128)part * 100 + whole / 2;

    return whole ? (uint64_t)(p / whole) : 0;
}
