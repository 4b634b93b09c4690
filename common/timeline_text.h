/* The record's timeline column: the heap, the RSS and the proportional
 * share (PSS) of one process over its life, as points a space apart after
 * the word of their version (doc/format.md, The timeline):
 *
 *   v3
 * t:heap:rss:heap_lo:rss_lo:rss_hi:pss:pss_shmem:rss_shmem:t_last:heap_last
 *
 * Records of version 2 have points of the first nine figures; those of
 * heapline before version 2 have no version word, and points of three
 * figures, t:heap:rss (each the most of its point); the reader takes
 * all three. The library writes it (no allocation, no stdio: it runs on
 * the allocator's path), heapline-report and the plugin read it. */
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

/* The version the library writes, and its word at the field's start. */
#define HL_TIMELINE_VERSION 3
#define HL_TIMELINE_WORD "v3"

/* A figure of a point that is not known: its field is empty. */
#define HL_TIMELINE_UNKNOWN UINT64_MAX

/* In the provisional record, the field is the version word and a space,
 * then a slot of HL_TIMELINE_SLOT bytes for each point (the widest point,
 * then spaces; the last byte always a space), so that one point is
 * rewritten in place and the others stay as they are: the widest point
 * is 228 bytes (two times of 19 digits, nine sizes of 20, ten colons). */
#define HL_TIMELINE_HEAD (sizeof(HL_TIMELINE_WORD))
#define HL_TIMELINE_SLOT 232
#define HL_TIMELINE_FIELD                                                      \
    (HL_TIMELINE_HEAD + HL_TIMELINE_POINTS * HL_TIMELINE_SLOT)

/* One point: from t_ms (milliseconds since the library started in the
 * process) until the next point's t_ms, or the end of the record's
 * elapsed_s for the last. Sizes in bytes; each but t_ms and the heap may
 * be HL_TIMELINE_UNKNOWN. */
struct hl_timeline_point {
    int64_t t_ms;
    uint64_t heap;    /* the most heap in use (usable bytes) */
    uint64_t rss;     /* the most VmRSS read */
    uint64_t heap_lo; /* the least heap in use */
    uint64_t rss_lo;  /* the least VmRSS held: read, or a reading less the
                         heap given back since */
    uint64_t rss_hi;  /* at most: VmHWM read at the point's end or after */
    /* A reading of /proc/self/smaps_rollup (Pss, Pss_Shmem) with
     * /proc/self/status (RssShmem): the one of the largest Pss. */
    uint64_t pss, pss_shmem, rss_shmem;
    /* The heap at the point's last note, when it is below heap (the point
     * ended below its most: a release), and that note's millisecond;
     * heap_last HL_TIMELINE_UNKNOWN when the point ended at its most or
     * it is not known. So a release is drawn when it happened, not at the
     * next point, which may be long after: hl_timeline_parse splits such
     * a point in two. */
    int64_t t_last;
    uint64_t heap_last;
};

/* The field: the version word, then points p[0..n), a space before each;
 * of version 2 or 1 (heapline-report's CSV gives a record's timeline in
 * its own version): the first nine figures, or no word and t:heap:rss a
 * space apart. */
void hl_timeline_put(struct hl_buf *b, const struct hl_timeline_point *p,
                     size_t n, int version);

/* Writes point p into slot[0..HL_TIMELINE_SLOT), or blanks the slot
 * when p is NULL, in three passes with a compiler barrier between them,
 * so that at every moment the field reads as the points written before,
 * the slot being written a word that begins with HL_FIELD_REWRITING:
 * marked, filled with the mark, written from the end. */
void hl_timeline_put_slot(char *slot, const struct hl_timeline_point *p);

/* The readings of a process's points p[0..n) settled, as the library
 * writes them at a normal end and as readers take a provisional record's,
 * from the last point back: a point with no reading of VmRSS has the next
 * one's (the last one vmrss, the record's VmRSS), none exceeds vmhwm, the
 * kernel's own highest VmRSS (one above it is the noise of per-CPU
 * counters); a point with no least has its reading, and a point with no
 * bound above has the next one's (a later VmHWM bounds it too), the last
 * one vmhwm; no bound is below the point's most read. Either figure 0:
 * not known. */
void hl_timeline_settle_rss(struct hl_timeline_point *p, size_t n,
                            uint64_t vmrss, uint64_t vmhwm);

/* Reads the field s[0..len) into out[0..max): returns the number of
 * points, with *version set (1: a field without the version word), or -1
 * with *why set to what is wrong (a static string). Spaces before, after
 * and between points may be several; times must grow; a word that begins
 * with HL_FIELD_REWRITING is skipped. A point of version 1 holds its
 * heap and VmRSS as its least and its most; no bound above, no PSS. A
 * point of version 3 that ended below its most (t_last, heap_last) is
 * read as two, that every reader draws and adds up the release when it
 * happened: the point itself until its last note's millisecond, then
 * from the next millisecond, if before the next point, a point of
 * heap_last (its least as well), its readings of VmRSS, no reading of
 * Pss. No point read has a heap_last. */
long hl_timeline_parse(const char *s, size_t len, struct hl_timeline_point *out,
                       size_t max, int *version, const char **why);

#endif
