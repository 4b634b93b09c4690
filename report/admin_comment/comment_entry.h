/* heapline's entry in a job's AdminComment (doc/heapline-admin-comment.8):
 * one word, "heapline:{...}", a JSON object of figures with no space, no
 * brace and no quote inside its values, beside whatever other tools wrote
 * in the field, which is kept byte for byte. */
#ifndef HEAPLINE_SPANK_COMMENT_ENTRY_H
#define HEAPLINE_SPANK_COMMENT_ENTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define HL_COMMENT_TAG "heapline:{"

/* The whole field's bound. Slurm 22.05's slurmctld sets no length on
 * AdminComment, but slurmdbd stores it in a MySQL TEXT column
 * (accounting_storage_mysql.c: "admin_comment", "text"), which holds
 * 65,535 bytes: past that, MariaDB refuses or cuts it. */
#define HL_COMMENT_MAX 65535

/* Room for one entry, NUL included. */
#define HL_COMMENT_ENTRY_MAX 512

/* A job's figures, summed over its site lines (site_format.h). */
struct hl_comment_summary {
    uint64_t lines, nodes, steps, oom_steps;
    bool has_request, has_peak;
    uint64_t request_max;   /* the largest request of a step on a node */
    uint64_t peak_max;      /* the largest use: true peak, else VmHWM sum */
    double requested, used; /* byte-seconds, over the lines with both */
};

/* The entry of s into out (HL_COMMENT_ENTRY_MAX bytes). */
void hl_comment_entry(const struct hl_comment_summary *s, char *out);

enum {
    HL_COMMENT_OK = 0,
    HL_COMMENT_TOO_LONG = -1, /* the field would pass HL_COMMENT_MAX */
    HL_COMMENT_UNSAFE = -2,   /* old holds ' or \ (see comment_entry.c) */
};

/* The field old (NULL for none) with heapline's earlier entries taken out
 * and entry appended, after one space when something is left: into out,
 * of HL_COMMENT_MAX + 1 bytes. Returns HL_COMMENT_OK, or why not (out is
 * then undefined). */
int hl_comment_merge(const char *old, const char *entry, char *out);

#endif
