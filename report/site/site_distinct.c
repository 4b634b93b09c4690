#include "site_distinct.h"

#include <math.h>
#include <stdlib.h>

#include "site_set.h"

#define _M (1u << HL_DISTINCT_P)
#define _Q (64 - HL_DISTINCT_P) /* the bits of a hash past its register's */

static void _register(uint8_t *r, uint64_t h)
{
    uint64_t rest = h << HL_DISTINCT_P;
    uint8_t rank = rest ? (uint8_t)(__builtin_clzll(rest) + 1) : _Q + 1;
    uint8_t *at = &r[h >> _Q];

    if (rank > *at)
        *at = rank;
}

static uint64_t *_slot(uint64_t *slots, uint32_t nslots, uint64_t h)
{
    uint32_t i = (uint32_t)h & (nslots - 1);

    while (slots[i] && slots[i] != h)
        i = (i + 1) & (nslots - 1);
    return &slots[i];
}

/* From the set to the registers, once it holds more keys than it may. */
static int _to_registers(struct hl_distinct *d)
{
    uint8_t *r = calloc(_M, 1);

    if (!r)
        return -1;
    for (uint32_t i = 0; i < d->nslots; i++)
        if (d->slots[i])
            _register(r, d->slots[i]);
    if (d->zero)
        _register(r, 0);
    free(d->slots);
    d->slots = NULL;
    d->registers = r;
    return 0;
}

static int _grow(struct hl_distinct *d)
{
    uint32_t n = d->nslots ? 2 * d->nslots : 16;
    uint64_t *slots = calloc(n, sizeof(*slots));

    if (!slots)
        return -1;
    for (uint32_t i = 0; i < d->nslots; i++)
        if (d->slots[i])
            *_slot(slots, n, d->slots[i]) = d->slots[i];
    free(d->slots);
    d->slots = slots;
    d->nslots = n;
    return 0;
}

int hl_distinct_add(struct hl_distinct *d, uint64_t key)
{
    /* a bijection: while exact, a hash stands for its key */
    uint64_t h = hl_site_mix64(key), *slot;

    if (d->registers) {
        _register(d->registers, h);
        return 0;
    }
    if (!h) {
        d->count += !d->zero;
        d->zero = true;
    } else {
        if (2 * (d->count + 1) > d->nslots && _grow(d) < 0)
            return -1;
        slot = _slot(d->slots, d->nslots, h);
        if (*slot)
            return 0;
        *slot = h;
        d->count++;
    }
    return d->count > HL_DISTINCT_EXACT ? _to_registers(d) : 0;
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
    double z;

    if (!d->registers)
        return d->count;
    for (uint32_t i = 0; i < _M; i++)
        c[d->registers[i]]++;
    z = _M * _tau(1 - (double)c[_Q + 1] / _M);
    for (int k = _Q; k >= 1; k--)
        z = 0.5 * (z + c[k]);
    z += _M * _sigma((double)c[0] / _M);
    return (uint64_t)llround(_M / (2 * log(2)) * _M / z);
}

void hl_distinct_free(struct hl_distinct *d)
{
    free(d->slots);
    free(d->registers);
    hl_distinct_init(d);
}
