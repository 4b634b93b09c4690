#include "tagged.h"

#include <string.h>

#define _HEAD 16 /* prev_size and size, as glibc's chunk header */

size_t hl_head_out = HL_HEAD_ODD;

void hl_tagged_start(void)
{
    __atomic_store_n(&hl_head_out, HL_HEAD_ODD | ~(HL_TAG_MAX - 1),
                     __ATOMIC_RELEASE);
}

void *hl_tag(void *p, size_t size)
{
    /* The copy keeps every alignment the block had: a block of memalign
     * has at least the alignment asked for. */
    size_t align = (uintptr_t)p & -(uintptr_t)p;
    char *real, *q;
    size_t *h;

    if (align <= _HEAD) {
        align = _HEAD;
        real = hl_next.malloc(size + _HEAD);
    } else {
        real = hl_next.memalign(align, size + align);
    }
    if (!real)
        return NULL;
    q = real + align;
    h = (size_t *)q - 2;
    h[0] = (size_t)((char *)h - real);
    h[1] = (size + _HEAD) | HL_HEAD_ODD | HL_HEAD_TAG;
    memcpy(q, p, size);
    hl_next.free(p);
    return q;
}
