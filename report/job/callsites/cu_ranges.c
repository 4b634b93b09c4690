#include "cu_ranges.h"

#include "shared/grow.h"

#include <stdlib.h>

struct _range {
    Dwarf_Addr low, high;
    Dwarf_Off die;
};

struct hl_cu_ranges {
    Dwarf *dw;
    struct _range *ranges;
    size_t n, cap;
};

static int _by_low(const void *a, const void *b)
{
    const struct _range *x = a, *y = b;

    return x->low < y->low ? -1 : x->low > y->low;
}

static int _add_unit(struct hl_cu_ranges *r, Dwarf_Die *cu)
{
    Dwarf_Addr base, low, high;
    ptrdiff_t at = 0;

    while ((at = dwarf_ranges(cu, at, &base, &low, &high)) > 0) {
        struct _range *grown;

        if (low >= high)
            continue;
        grown = hl_grow(r->ranges, &r->cap, r->n + 1, sizeof(*grown), 64);
        if (!grown)
            return -1;
        r->ranges = grown;
        r->ranges[r->n++] = (struct _range){low, high, dwarf_dieoffset(cu)};
    }
    return 0;
}

struct hl_cu_ranges *hl_cu_ranges_new(Dwarf *dw)
{
    struct hl_cu_ranges *r = calloc(1, sizeof(*r));
    Dwarf_Off off = 0, next;
    size_t header;
    Dwarf_Die cu;

    if (!r)
        return NULL;
    r->dw = dw;
    for (; !dwarf_nextcu(dw, off, &next, &header, NULL, NULL, NULL); off = next)
        if (dwarf_offdie(dw, off + header, &cu) && _add_unit(r, &cu) < 0) {
            hl_cu_ranges_free(r);
            return NULL;
        }
    qsort(r->ranges, r->n, sizeof(*r->ranges), _by_low);
    return r;
}

Dwarf_Die *hl_cu_ranges_find(const struct hl_cu_ranges *r, Dwarf_Addr at,
                             Dwarf_Die *cu)
{
    size_t lo = 0, hi = r->n;

    /* The last range that starts at or before the address: units do not
     * overlap. */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->ranges[mid].low <= at)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (!lo || at >= r->ranges[lo - 1].high)
        return NULL;
    return dwarf_offdie(r->dw, r->ranges[lo - 1].die, cu);
}

void hl_cu_ranges_free(struct hl_cu_ranges *r)
{
    if (!r)
        return;
    free(r->ranges);
    free(r);
}
