#include "site_set.h"

#include <stdlib.h>

static size_t _probe(const uint64_t *keys, size_t cap, uint64_t stored)
{
    size_t i = (size_t)hl_site_mix64(stored) & (cap - 1);

    while (keys[i] && keys[i] != stored)
        i = (i + 1) & (cap - 1);
    return i;
}

static int _grow(struct hl_site_set *s)
{
    size_t cap = s->cap ? s->cap * 2 : 1024;
    uint64_t *keys = s->cap > SIZE_MAX / 4 ? NULL : calloc(cap, sizeof(*keys));

    if (!keys)
        return -1;
    for (size_t i = 0; i < s->cap; i++)
        if (s->keys[i])
            keys[_probe(keys, cap, s->keys[i])] = s->keys[i];
    free(s->keys);
    s->keys = keys;
    s->cap = cap;
    return 0;
}

int hl_site_set_add(struct hl_site_set *s, uint64_t key)
{
    size_t i;

    if ((s->count + 1) * 2 > s->cap && _grow(s) < 0)
        return -1;
    i = _probe(s->keys, s->cap, key + 1);
    if (s->keys[i])
        return 0;
    s->keys[i] = key + 1;
    s->count++;
    return 1;
}

bool hl_site_set_has(const struct hl_site_set *s, uint64_t key)
{
    return s->cap && s->keys[_probe(s->keys, s->cap, key + 1)];
}

void hl_site_set_free(struct hl_site_set *s)
{
    free(s->keys);
    hl_site_set_init(s);
}
