/* The record's sites and modules columns: the allocation call sites that
 * held the heap at the peak, and the files their frames fall in, as two
 * CSV fields of a compact form (doc/format.md, Allocation sites). The
 * library writes them (callsites_write.c: no allocation, no stdio: it runs
 * on the exit path), heapline-report reads them (callsites_read.c).
 *
 *   sites:   site *(" " site)
 *            site  = bytes ":" count ":" se ":" [frame *(";" frame)]
 *            frame = (module / "?") "+" hex-offset   (innermost first)
 *   modules: entry *(" " entry)
 *            entry = hex-build-id ":" path           (path %-encoded)
 *
 * bytes is the estimated live bytes of the stack at the peak, count its
 * sampled blocks then, se the standard error of bytes; module is an index
 * into modules, or "?" for an address in no known object (the offset is
 * then the address). Either field may start and end with spaces, and its
 * entries be more than one space apart (the provisional record's
 * padding). */
#ifndef HEAPLINE_COMMON_CALLSITES_TEXT_H
#define HEAPLINE_COMMON_CALLSITES_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "record_format.h"

/* Between two sites, and between two modules. */
#define HL_CALLSITES_SEP ' '

/* The most sites a record holds, largest first. */
#define HL_CALLSITES_WRITTEN 32

/* The most frames of a site the library writes, and the most a reader
 * takes: room for a later library that writes more. */
#define HL_CALLSITE_FRAMES 32
#define HL_CALLSITE_FRAMES_READ_MAX 256

/* The longest build-id written, in bytes (SHA-1's, ld's default), and in
 * the field's hexadecimal digits: a file with a longer one is written
 * with none. */
#define HL_BUILD_ID_BYTES 20
#define HL_BUILD_ID_HEX (2 * HL_BUILD_ID_BYTES)

/* The widths of the two fields in the provisional record (and the most
 * that the final record writes). */
#define HL_CALLSITES_FIELD 12288
#define HL_MODULES_FIELD 8192

/* The module of a frame that lies in no known object, written "?". */
#define HL_CALLSITE_NO_MODULE UINT32_MAX

/* A site's estimate at the peak: bytes, sampled blocks, standard error. */
struct hl_callsite_estimate {
    uint64_t bytes, count, se;
};

/* A frame: a return address as a module's index and the offset from its
 * load address (the address itself with HL_CALLSITE_NO_MODULE). */
struct hl_callsite_frame {
    uint64_t offset;
    uint32_t module;
};

/* A site is its estimate, then its frames in order (frame i, from 0);
 * HL_CALLSITES_SEP goes between two sites. */
void hl_callsite_put_estimate(struct hl_buf *b,
                              const struct hl_callsite_estimate *e);
void hl_callsite_put_frame(struct hl_buf *b, unsigned i,
                           const struct hl_callsite_frame *f);

/* A module: its build-id, len bytes (0 when the file has none), and its
 * path ("" when the library could not name it). HL_CALLSITES_SEP goes
 * between two modules. */
void hl_callsite_put_module(struct hl_buf *b, const uint8_t *build_id,
                            unsigned len, const char *path);

/* The next site of a sites field, from *s, which ends at a NUL: 1 with
 * its estimate in *e, its frames in f[0..*depth) (f has room for
 * HL_CALLSITE_FRAMES_READ_MAX) and *s past it; 0 at the field's end; -1
 * with *why set to what is wrong, "... site" (a static string: the
 * site's number, from 1, goes after it). A frame's module must be below
 * nmodules, the number of the record's modules. A site that begins with
 * HL_FIELD_REWRITING is a field that a death cut short while the library
 * rewrote it: -1. */
int hl_callsite_parse(const char **s, size_t nmodules,
                      struct hl_callsite_estimate *e,
                      struct hl_callsite_frame *f, unsigned *depth,
                      const char **why);

/* The next module of a modules field, from *s, which ends at a NUL: 1
 * with its build-id in id (lowercase hexadecimal, "" when none), its
 * path, still %-encoded, at *path, *pathlen bytes, and *s past it; 0 at
 * the field's end; -1 with *why set to what is wrong, "... module" (a
 * static string: the module's index goes after it). */
int hl_callsite_module_parse(const char **s, char id[HL_BUILD_ID_HEX + 1],
                             const char **path, size_t *pathlen,
                             const char **why);

/* A path as hl_callsite_module_parse gave it, %-decoded into out (which
 * has room for len + 1 bytes) and ended with a NUL. */
void hl_callsite_path_decode(const char *path, size_t len, char *out);

#endif
