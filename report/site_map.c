#include "site_map.h"

#include <stdlib.h>
#include <string.h>

static size_t _home(uint64_t key, size_t cap)
{
    key ^= key >> 33; /* murmur3's finaliser */
    key *= UINT64_C(0xff51afd7ed558ccd);
    key ^= key >> 33;
    key *= UINT64_C(0xc4ceb9fe1a85ec53);
    key ^= key >> 33;
    return (size_t)key & (cap - 1);
}

static size_t _probe(const uint64_t *keys, size_t cap, uint64_t stored)
{
    size_t i = _home(stored, cap);

    while (keys[i] && keys[i] != stored)
        i = (i + 1) & (cap - 1);
    return i;
}

static int _grow(struct hl_site_map *m)
{
    size_t cap = m->cap ? m->cap * 2 : 1024;
    uint64_t *keys = m->cap > SIZE_MAX / 4 ? NULL : calloc(cap, sizeof(*keys));
    char *values = keys ? calloc(cap, m->value_size) : NULL;

    if (!values) {
        free(keys);
        free(values);
        return -1;
    }
    for (size_t i = 0; i < m->cap; i++)
        if (m->keys[i]) {
            size_t j = _probe(keys, cap, m->keys[i]);

            keys[j] = m->keys[i];
            memcpy(values + j * m->value_size, m->values + i * m->value_size,
                   m->value_size);
        }
    free(m->keys);
    free(m->values);
    m->keys = keys;
    m->values = values;
    m->cap = cap;
    return 0;
}

void *hl_site_map_get(struct hl_site_map *m, uint64_t key, bool *added)
{
    size_t i;

    if ((m->count + 1) * 2 > m->cap && _grow(m) < 0)
        return NULL;
    i = _probe(m->keys, m->cap, key + 1);
    *added = !m->keys[i];
    if (*added) {
        m->keys[i] = key + 1;
        m->count++;
    }
    return m->values + i * m->value_size;
}

void *hl_site_map_slot(const struct hl_site_map *m, size_t i, uint64_t *key)
{
    if (!m->keys[i])
        return NULL;
    *key = m->keys[i] - 1;
    return m->values + i * m->value_size;
}

void hl_site_map_free(struct hl_site_map *m)
{
    free(m->keys);
    free(m->values);
    hl_site_map_init(m, m->value_size);
}
