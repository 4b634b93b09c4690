#include "site_distinct.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "site_set.h"

#define _M HL_DISTINCT_BYTES
#define _Q (64 - HL_DISTINCT_P) /* the bits of a hash past its register's */

static void _register(uint8_t *r, uint64_t h)
{
    uint64_t rest = h << HL_DISTINCT_P;
    uint8_t rank = rest ? (uint8_t)(__builtin_clzll(rest) + 1) : _Q + 1;
    uint8_t *at = &r[h >> _Q];

    if (rank > *at)
        *at = rank;
}

#define _NSLOTS (HL_DISTINCT_BYTES / sizeof(uint64_t))

/* the set kept at most half full */
_Static_assert(2 * HL_DISTINCT_EXACT <= _NSLOTS, "the exact keys fit");

static uint64_t *_slot(uint64_t *slots, uint64_t h)
{
    uint32_t i = (uint32_t)h & (_NSLOTS - 1);

    while (slots[i] && slots[i] != h)
        i = (i + 1) & (_NSLOTS - 1);
    return &slots[i];
}

/* From the set to the registers, in the same block, once it holds as
 * many keys as it may. */
static void _to_registers(struct hl_distinct *d)
{
    uint64_t keys[_NSLOTS];
    uint8_t *r = d->block;

    memcpy(keys, d->block, sizeof(keys));
    memset(r, 0, HL_DISTINCT_BYTES);
    for (uint32_t i = 0; i < _NSLOTS; i++)
        if (keys[i])
            _register(r, keys[i]);
    if (d->zero)
        _register(r, 0);
    d->sketch = true;
}

int hl_distinct_add(struct hl_distinct *d, uint64_t key)
{
    /* a bijection: while exact, a hash stands for its key */
    uint64_t h = hl_site_mix64(key), *slot = NULL;

    if (!d->block && !(d->block = calloc(1, HL_DISTINCT_BYTES)))
        return -1;
    if (d->sketch) {
        _register(d->block, h);
        return 0;
    }
    if (h ? *(slot = _slot(d->block, h)) != 0 : d->zero)
        return 0;
    if (d->count == HL_DISTINCT_EXACT) {
        _to_registers(d);
        _register(d->block, h);
        return 0;
    }
    if (h)
        *slot = h;
    else
        d->zero = true;
    d->count++;
    return 0;
}

/* Ertl's sigma and tau (his algorithm 6), series summed until they stop
 * changing. */
static double _sigma(double x)
{
    double y = 1, z = x, before;

    if (x == 1)
        return INFINITY;
    do {
        x *= x;
        before = z;
        z += x * y;
        y += y;
    } while (z != before);
    return z;
}

static double _tau(double x)
{
    double y = 1, z = 1 - x, before;

    if (x == 0 || x == 1)
        return 0;
    do {
        x = sqrt(x);
        before = z;
        y *= 0.5;
        z -= (1 - x) * (1 - x) * y;
    } while (z != before);
    return z / 3;
}

uint64_t hl_distinct_count(const struct hl_distinct *d)
{
    uint32_t c[_Q + 2] = {0};
    const uint8_t *r = d->block;
    double z;

    if (!d->sketch)
        return d->count;
    for (uint32_t i = 0; i < _M; i++)
        c[r[i]]++;
    z = _M * _tau(1 - (double)c[_Q + 1] / _M);
    for (int k = _Q; k >= 1; k--)
        z = 0.5 * (z + c[k]);
    z += _M * _sigma((double)c[0] / _M);
    return (uint64_t)llround(_M / (2 * log(2)) * _M / z);
}

void hl_distinct_free(struct hl_distinct *d)
{
    free(d->block);
    hl_distinct_init(d);
}
