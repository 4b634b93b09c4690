#include "tagged.h"

#include <string.h>

#define _HEAD 16 /* prev_size and size, as glibc's chunk header */

size_t hl_head_out = HL_HEAD_ODD;

void hl_tagged_start(void)
{
    __atomic_store_n(&hl_head_out, HL_HEAD_ODD | ~(HL_TAG_MAX - 1),
                     __ATOMIC_RELEASE);
}

void *hl_tag(void *p, size_t size, size_t align)
{
    char *real, *q;
    size_t *h;

    if (align < _HEAD)
        align = _HEAD;
    if (size + align >= HL_TAG_ROOM)
        return NULL;
    /* From a block of glibc's (16-aligned), the first address aligned as
     * asked that leaves room for the header before it. */
    real = hl_next.malloc(size + align);
    if (!real)
        return NULL;
    q = (char *)(((uintptr_t)real + _HEAD + align - 1) &
                 ~(uintptr_t)(align - 1));
    h = (size_t *)q - 2;
    h[0] = (size_t)((char *)h - real);
    h[1] = (size + _HEAD) | HL_HEAD_ODD | HL_HEAD_TAG;
    memcpy(q, p, size);
    hl_next.free(p);
    return q;
}
