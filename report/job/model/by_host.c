#include "by_host.h"

#include <stdlib.h>
#include <string.h>

static uint32_t _host(const void *items, size_t i, size_t size, size_t at)
{
    uint32_t h;

    memcpy(&h, (const char *)items + i * size + at, sizeof(h));
    return h;
}

int hl_by_host(struct hl_by_host *b, const void *items, size_t n, size_t size,
               size_t host_at, uint32_t nhosts)
{
    memset(b, 0, sizeof(*b));
    b->first = calloc((size_t)nhosts + 1, sizeof(*b->first));
    b->item = malloc((n ? n : 1) * sizeof(*b->item));
    if (!b->first || !b->item) {
        hl_by_host_free(b);
        return -1;
    }
    /* A counting sort: first[h + 1] counts host h's items, then becomes
     * where they end; each is placed at its host's cursor. */
    for (size_t i = 0; i < n; i++)
        b->first[_host(items, i, size, host_at) + 1]++;
    for (uint32_t h = 0; h < nhosts; h++) {
        if (b->first[h + 1] > b->largest)
            b->largest = b->first[h + 1];
        b->first[h + 1] += b->first[h];
    }
    for (size_t i = 0; i < n; i++)
        b->item[b->first[_host(items, i, size, host_at)]++] = (uint32_t)i;
    /* The cursors stopped where the next host starts: one step back. */
    memmove(b->first + 1, b->first, nhosts * sizeof(*b->first));
    b->first[0] = 0;
    return 0;
}

void hl_by_host_free(struct hl_by_host *b)
{
    free(b->first);
    free(b->item);
    memset(b, 0, sizeof(*b));
}
