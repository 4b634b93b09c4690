/* With sites on, a sampled block of glibc's heap (and one of the
 * library's own) is moved, when it is made, into a tagged copy: a block
 * of glibc's whose first 16 bytes hold the header of a fake mmapped chunk
 * of the same usable size, followed by the block. The header's flags are
 * IS_MMAPPED with NON_MAIN_ARENA, which glibc never sets together, so:
 *
 * - free's inline path, which already leaves mmapped chunks out of line
 *   (HL_HEAD_ODD), leaves tagged blocks with them, at no cost: an
 *   unsampled block's free is what it is with sites off, no lookup;
 * - the usable size that the header gives, to the library as to glibc's
 *   malloc_usable_size, is the block's own, so the counts stay exact;
 * - out of line, the tag tells a sampled block from a real mmapped chunk,
 *   and the prev_size word where the copy's glibc block starts.
 *
 * A tagged block costs 16 bytes more than its block (or the alignment
 * asked for, when a call of the memalign family asked beyond 16), and a
 * copy of its bytes once. The copy's alignment is the one asked for, never
 * the one the block's address happens to have: glibc's addresses change
 * from run to run, and a copy as aligned as its address could be mmapped
 * (see HL_TAG_ROOM). Blocks of HL_TAG_MAX bytes and more are not copied:
 * with sites on, their chunk size sends them out of line by itself
 * (hl_head_out). */
#ifndef HEAPLINE_TAGGED_H
#define HEAPLINE_TAGGED_H

#include "forward.h"

#include <stddef.h>

#pragma GCC visibility push(hidden)

#define HL_HEAD_TAG 4 /* glibc's NON_MAIN_ARENA, with HL_HEAD_ODD */
#define HL_TAG_MAX ((size_t)64 << 10)
/* A copy asks glibc for less: 128 KiB is where glibc's mmap threshold
 * starts, and it only grows unless the program sets it (and then stays).
 * A copy is then never mmapped by a threshold that the program's own
 * calls did not set, and its release never raises the threshold, which
 * would make the program's later blocks other than with sites off. A
 * block that the copy would not fit (one asked with an alignment of 128
 * KiB or more, which glibc mmaps unless the threshold has grown) is not
 * copied, and its sample is dropped. */
#define HL_TAG_ROOM ((size_t)128 << 10)

/* The flags of a glibc header that send a block out of line: HL_HEAD_ODD,
 * and with sites on every size bit from HL_TAG_MAX up. */
extern size_t hl_head_out;

/* Whether a block's glibc header sends it out of line: one instruction
 * and a branch, where the compiler alone would copy the header to test
 * it. */
static inline __attribute__((always_inline)) int hl_head_leaves(size_t head)
{
#if defined(__x86_64__)
    int out;

    __asm__("testq %1, %2" : "=@ccnz"(out) : "r"(head), "m"(hl_head_out));
    return out;
#else
    return (head & HL_ONCE_SET(hl_head_out)) != 0;
#endif
}

/* With sites on: blocks of HL_TAG_MAX and more go out of line too. */
void hl_tagged_start(void);

static inline int hl_tagged_head(size_t head)
{
    return (head & (HL_HEAD_ODD | HL_HEAD_TAG)) == (HL_HEAD_ODD | HL_HEAD_TAG);
}

/* Whether glibc's block p must be tagged to be known at its release: it
 * is not sent out of line by its header already. */
static inline int hl_tag_needed(const void *p)
{
    return hl_next.glibc_chunks && !hl_head_leaves(hl_glibc_head(p));
}

/* A tagged copy of glibc's block p of usable size bytes, asked with
 * alignment align (0: malloc's), p released; or NULL (p kept) if glibc
 * has no memory for it or it would not fit HL_TAG_ROOM. */
void *hl_tag(void *p, size_t size, size_t align);

/* What to give glibc's free for block p: where its copy starts, if it is
 * tagged. */
static inline void *hl_untagged(void *p)
{
    const size_t *h = (const size_t *)p - 2;

    if (!hl_next.glibc_chunks || !hl_tagged_head(h[1]))
        return p;
    return (char *)h - h[0];
}

#pragma GCC visibility pop

#endif
