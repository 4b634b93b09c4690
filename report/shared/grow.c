#include "grow.h"

#include <stdint.h>
#include <stdlib.h>

void *hl_grow(void *items, size_t *cap, size_t need, size_t size, size_t first)
{
    size_t n = *cap ? *cap : first;

    if (need <= *cap)
        return items;
    while (n < need) {
        if (n > SIZE_MAX / 2)
            return NULL;
        n *= 2;
    }
    if (n > SIZE_MAX / size || !(items = realloc(items, n * size)))
        return NULL;
    *cap = n;
    return items;
}
