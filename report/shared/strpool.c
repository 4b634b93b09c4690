#include "strpool.h"
#include "grow.h"

#include <stdlib.h>
#include <string.h>

static uint32_t _hash(const char *s, size_t len)
{
    uint32_t h = 2166136261u; /* FNV-1a */

    for (size_t i = 0; i < len; i++) {
        h ^= (unsigned char)s[i];
        h *= 16777619u;
    }
    return h;
}

static int _grow_slots(struct hl_strpool *pool)
{
    uint32_t n = pool->nslots ? pool->nslots * 2 : 64;
    uint32_t *slots = calloc(n, sizeof(*slots));

    if (!slots)
        return -1;
    for (uint32_t id = 0; id < pool->count; id++) {
        const char *s = hl_strpool_get(pool, id);
        uint32_t i = _hash(s, strlen(s)) & (n - 1);

        while (slots[i])
            i = (i + 1) & (n - 1);
        slots[i] = id + 1;
    }
    free(pool->slots);
    pool->slots = slots;
    pool->nslots = n;
    return 0;
}

static uint32_t _append(struct hl_strpool *pool, const char *s, size_t len)
{
    char *text =
        hl_grow(pool->text, &pool->text_cap, pool->text_len + len + 1, 1, 4096);
    uint32_t *offset;

    if (!text)
        return UINT32_MAX;
    pool->text = text;
    offset = hl_grow(pool->offset, &pool->offset_cap, (size_t)pool->count + 1,
                     sizeof(*offset), 64);
    if (!offset)
        return UINT32_MAX;
    pool->offset = offset;
    memcpy(pool->text + pool->text_len, s, len);
    pool->text[pool->text_len + len] = '\0';
    pool->offset[pool->count] = (uint32_t)pool->text_len;
    pool->text_len += len + 1;
    return pool->count++;
}

uint32_t hl_strpool_intern(struct hl_strpool *pool, const char *s, size_t len)
{
    uint32_t i, id;

    /* The rows of a file mostly repeat the last host and job. */
    if (pool->count && len == pool->last_len &&
        memcmp(hl_strpool_get(pool, pool->last), s, len) == 0)
        return pool->last;

    if ((pool->count + 1) * 2 > pool->nslots && _grow_slots(pool) < 0)
        return UINT32_MAX;
    i = _hash(s, len) & (pool->nslots - 1);
    while (pool->slots[i]) {
        const char *old = hl_strpool_get(pool, pool->slots[i] - 1);

        if (strncmp(old, s, len) == 0 && old[len] == '\0') {
            pool->last_len = len;
            return pool->last = pool->slots[i] - 1;
        }
        i = (i + 1) & (pool->nslots - 1);
    }
    id = _append(pool, s, len);
    if (id != UINT32_MAX) {
        pool->slots[i] = id + 1;
        pool->last = id;
        pool->last_len = len;
    }
    return id;
}

void hl_strpool_free(struct hl_strpool *pool)
{
    free(pool->text);
    free(pool->offset);
    free(pool->slots);
    memset(pool, 0, sizeof(*pool));
}
