/* The record's timeline column: the heap and the RSS of one process over
 * its life, as points "t:heap:rss" a space apart (doc/format.md, The
 * timeline). The library writes it (no allocation, no stdio: it runs on
 * the allocator's path), heapline-report reads it. */
#ifndef HEAPLINE_COMMON_TIMELINE_TEXT_H
#define HEAPLINE_COMMON_TIMELINE_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "record_format.h"

/* The most points the library writes, whatever the length of the run. */
#define HL_TIMELINE_POINTS 256

/* The most points a reader takes: room for a later library that writes
 * more. */
#define HL_TIMELINE_READ_MAX 4096

/* The rss of a point where VmRSS could not be read: its field is empty. */
#define HL_TIMELINE_NO_RSS UINT64_MAX

/* In the provisional record, each point has a slot of its own in the
 * field, HL_TIMELINE_SLOT bytes (the widest point, then spaces; the last
 * byte always a space), so that one point is rewritten in place and the
 * others stay as they are. */
#define HL_TIMELINE_SLOT 64
#define HL_TIMELINE_FIELD (HL_TIMELINE_POINTS * HL_TIMELINE_SLOT)

/* One point: from t_ms (milliseconds since the library started in the
 * process) until the next point's t_ms, or the end of the record's
 * elapsed_s for the last, the largest heap in use (usable bytes) and the
 * largest VmRSS read (bytes). */
struct hl_timeline_point {
    int64_t t_ms;
    uint64_t heap;
    uint64_t rss;
};

/* Points p[0..n), a space apart, with no space before or after. */
void hl_timeline_put(struct hl_buf *b, const struct hl_timeline_point *p,
                     size_t n);

/* Writes point p into slot[0..HL_TIMELINE_SLOT), or blanks the slot
 * when p is NULL, in three passes with a compiler barrier between them,
 * so that at every moment the field reads as the points written before,
 * the slot being written a word that begins with HL_FIELD_REWRITING:
 * marked, filled with the mark, written from the end. */
void hl_timeline_put_slot(char *slot, const struct hl_timeline_point *p);

/* The readings of a process's points p[0..n) settled, as the library
 * writes them at a normal end and as readers take a provisional record's:
 * a point with none has the next one's, the last one vmrss, the record's
 * VmRSS, and none exceeds vmhwm, the kernel's own highest VmRSS (VmHWM is
 * at least every reading; one above it is the noise of per-CPU counters).
 * Either figure 0: not known. */
void hl_timeline_settle_rss(struct hl_timeline_point *p, size_t n,
                            uint64_t vmrss, uint64_t vmhwm);

/* Reads the field s[0..len) into out[0..max): returns the number of
 * points, or -1 with *why set to what is wrong (a static string). Spaces
 * before, after and between points may be several; times must grow; a
 * word that begins with HL_FIELD_REWRITING is skipped. */
long hl_timeline_parse(const char *s, size_t len, struct hl_timeline_point *out,
                       size_t max, const char **why);

#endif
