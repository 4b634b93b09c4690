/* The site report's figures as every output writes them, so that text,
 * JSON, CSV and HTML agree. */
#ifndef HEAPLINE_REPORT_SITE_FIGURES_H
#define HEAPLINE_REPORT_SITE_FIGURES_H

#include <stdbool.h>
#include <stdint.h>

#include "site_agg.h"

/* GiB-hours of byte-seconds: "12.35", four significant digits below 100,
 * six decimals below 0.01 (a test job's "0.000340"); "-" before a figure
 * below 0 (an advice that asks more than was requested). */
void hl_site_fmt_gibh(double byte_seconds, char buf[32]);

/* A share of --cover (hundredths of a percent): "95%", "99.5%". */
void hl_site_fmt_cover(unsigned cover, char buf[16]);

/* An advice as the user would give it, "--mem=12G", "--mem=104M (over
 * 100M)" when the share's rank fell on a step OOM-killed at 100M, or "-"
 * when none. */
void hl_site_fmt_advice(const struct hl_site_advice *a, char buf[80]);

/* A count of distinct jobs or steps as the text writes it: "~" before an
 * estimate (site_distinct.h). Returns whether it is one. */
bool hl_site_fmt_distinct(const struct hl_distinct *d, char buf[24]);

/* The end of the period, t, as 2026-12-01T00:00:00Z, or open where it is
 * open (INT64_MIN or INT64_MAX). */
void hl_site_fmt_when(int64_t t, const char *open, char buf[32]);

/* Used over requested, whole percent; false when nothing was requested. */
bool hl_site_efficiency(const struct hl_site_time *t, uint64_t *pct);

#endif
