/* A site's frames named for people: each recorded frame becomes the
 * functions at that address (the calls inlined there first), or
 * module+0xoffset when its file is missing; and the frame that names the
 * site, the first that is the program's own rather than the runtime's. */
#ifndef HEAPLINE_REPORT_CALLSITES_NAMES_H
#define HEAPLINE_REPORT_CALLSITES_NAMES_H

#include <stddef.h>
#include <stdint.h>

#include "callsites_db.h"
#include "symbolize.h"

#define HL_NAMED_MAX 128

struct hl_named_frame {
    const char *function; /* NULL when not known */
    const char *file;     /* NULL when not known */
    unsigned line;
    const char *module; /* path; NULL for an address in no module */
    uint64_t offset;
    enum hl_sym_status status;
};

/* The frames of stack, innermost first, into out (at most HL_NAMED_MAX). */
size_t hl_callsite_frames(struct hl_symbolizer *sym,
                          const struct hl_callsites_db *db, uint32_t stack,
                          struct hl_named_frame *out);

/* The index of the first frame from `from` on that is the program's own
 * (n when none is): the one that names the site, then its callers. */
size_t hl_callsite_own(const struct hl_named_frame *f, size_t from, size_t n);

/* The index of the frame that names the site: the first of the program's
 * own, else the innermost. */
size_t hl_callsite_label(const struct hl_named_frame *f, size_t n);

/* "function (file.c:12)", "function", "libfoo.so+0x1a2b" or "0x7f12...". */
void hl_named_frame_text(const struct hl_named_frame *f, char *buf, size_t len);

/* The naming frame of a stack, and up to callers of the program's own
 * frames that called it, joined by " <- " (the text report's "site <-
 * callers"). */
void hl_callsite_label_text(struct hl_symbolizer *sym,
                            const struct hl_callsites_db *db, uint32_t stack,
                            size_t callers, char *buf, size_t len);

#endif
