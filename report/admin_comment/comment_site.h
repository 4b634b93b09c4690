/* A job's figures from the site folder (site=DIR, site_format.h), for its
 * AdminComment: the files NODE-DAY.csv of the job's nodes and days, read
 * as untrusted input with bounded reads; only the job's lines count. */
#ifndef HEAPLINE_SPANK_COMMENT_SITE_H
#define HEAPLINE_SPANK_COMMENT_SITE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "comment_entry.h"

/* A day's file of a node is read up to this size; a job's lines, up to
 * this many; its days, up to this many. */
#define HL_COMMENT_MAX_FILE (64u << 20)
#define HL_COMMENT_MAX_LINES 1000000u
#define HL_COMMENT_MAX_DAYS 400

/* Sums into *s the lines of job in the files of dir for each of nodes and
 * each day (UTC) from from to to (Unix seconds). A file missing is no
 * fault; one that cannot be read, or is not root's alone, and each bad
 * line, are one line on errs. Returns how many such faults, or -1 when
 * dir itself cannot be opened or memory runs out (said on errs). */
int hl_comment_read_site(const char *dir, char *const *nodes, size_t nnodes,
                         int64_t from, int64_t to, uint32_t job,
                         struct hl_comment_summary *s, FILE *errs);

#endif
