/* A sampled block's tagged copy (alloc/tagged.h) has the alignment its
 * call asked for, not the one its address happens to have: a block of
 * malloc at a 64 KiB boundary costs 16 bytes more, as any other (a copy
 * as aligned as its address made the same run differ from one start to
 * the next, glibc's addresses being random). A block of memalign keeps
 * its alignment, at the cost of that alignment at most; one that the copy
 * would not fit in HL_TAG_ROOM is not copied. The copy holds the block's
 * bytes, and glibc reads its usable size from the fake header as the
 * block's own. */
#include "alloc/tagged.h"
#include "../tap.h"

#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct hl_next hl_next;

#define _SIZE 1000

/* A block of usable size _SIZE at an address aligned to at least align,
 * filled with a pattern. */
static char *_block_at(size_t align)
{
    char *p = memalign(align, _SIZE);

    if (!p)
        exit(99);
    for (size_t i = 0; i < _SIZE; i++)
        p[i] = (char)i;
    return p;
}

static int _holds_pattern(const char *q)
{
    for (size_t i = 0; i < _SIZE; i++)
        if (q[i] != (char)i)
            return 0;
    return 1;
}

/* The copy of a block at an address aligned to at, asked with align
 * (0: malloc's, 16); its glibc block holds at most want_more bytes more
 * than it, plus glibc's rounding. */
static void _check(size_t at, size_t align, size_t want_align, size_t want_more)
{
    char *p = _block_at(at);
    char *q = hl_tag(p, _SIZE, align);
    char *real;

    if (!ok(q, "at %zu, asked %zu: copied", at, align))
        return;
    real = hl_untagged(q);
    ok((uintptr_t)q % want_align == 0, "at %zu, asked %zu: aligned to %zu", at,
       align, want_align);
    ok(q - real >= 16 && malloc_usable_size(real) < _SIZE + want_more + 32,
       "at %zu, asked %zu: the copy's block is at most %zu bytes larger "
       "(%td before it, %zu usable)",
       at, align, want_more, q - real, malloc_usable_size(real));
    ok(hl_tagged_head(hl_glibc_head(q)), "at %zu, asked %zu: tagged", at,
       align);
    is_uint(malloc_usable_size(q), _SIZE,
            "at %zu, asked %zu: glibc reads the block's own usable size", at,
            align);
    ok(_holds_pattern(q), "at %zu, asked %zu: the bytes are copied", at, align);
    free(real);
}

int main(void)
{
    char *p, *q;

    hl_next.glibc_chunks = 1;
    hl_next.malloc = malloc;
    hl_next.memalign = memalign;
    hl_next.free = free;
    hl_tagged_start();

    _check(16, 0, 16, 16);
    _check(65536, 0, 16, 16);
    _check(1 << 20, 0, 16, 16);
    _check(4096, 4096, 4096, 4096);
    _check(4096, 64, 64, 64);
    _check(65536, 65536, 65536, 65536);

    p = _block_at(131072);
    q = hl_tag(p, _SIZE, 131072);
    ok(!q, "asked 128 KiB: no copy");
    ok(q || _holds_pattern(p), "asked 128 KiB: the block is kept");
    free(q ? hl_untagged(q) : p);
    return done_testing();
}
