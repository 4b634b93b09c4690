#include "site_figures.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <time.h>

#include "shared/slurm_size.h"

void hl_site_fmt_gibh(double byte_seconds, char buf[32])
{
    double h = fabs(hl_site_gib_hours(byte_seconds));
    /* no minus before a figure that prints as 0 */
    const char *sign = byte_seconds < 0 && h >= 0.0000005 ? "-" : "";

    if (h >= 100)
        snprintf(buf, 32, "%s%.0f", sign, h);
    else if (h >= 0.01 || h == 0)
        snprintf(buf, 32, "%s%.4g", sign, h);
    else
        snprintf(buf, 32, "%s%.6f", sign, h);
}

void hl_site_fmt_cover(unsigned cover, char buf[16])
{
    if (cover % 100 == 0)
        snprintf(buf, 16, "%u%%", cover / 100);
    else if (cover % 10 == 0)
        snprintf(buf, 16, "%u.%u%%", cover / 100, cover % 100 / 10);
    else
        snprintf(buf, 16, "%u.%02u%%", cover / 100, cover % 100);
}

void hl_site_fmt_advice(const struct hl_site_advice *a, char buf[80])
{
    char mem[32];

    if (!a->known) {
        snprintf(buf, 80, "-");
        return;
    }
    hl_slurm_size_exact(a->mem, mem);
    if (a->over) {
        char limit[32];

        hl_slurm_size_exact(a->limit, limit);
        snprintf(buf, 80, "--mem=%s (over %s)", mem, limit);
    } else {
        snprintf(buf, 80, "--mem=%s", mem);
    }
}

void hl_site_fmt_when(int64_t t, const char *open, char buf[32])
{
    time_t tt = (time_t)t;
    struct tm tm;

    if (t == INT64_MIN || t == INT64_MAX || !gmtime_r(&tt, &tm))
        snprintf(buf, 32, "%s", open);
    else
        strftime(buf, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

bool hl_site_fmt_distinct(const struct hl_distinct *d, char buf[24])
{
    bool estimate = !hl_distinct_exact(d);

    snprintf(buf, 24, "%s%" PRIu64, estimate ? "~" : "", hl_distinct_count(d));
    return estimate;
}

bool hl_site_efficiency(const struct hl_site_time *t, uint64_t *pct)
{
    if (t->requested <= 0)
        return false;
    *pct = (uint64_t)llround(100.0 * t->used / t->requested);
    return true;
}
