/* Interned strings: host names and job ids repeat across thousands of
 * records, so each distinct one is stored once and processes keep a small
 * id instead of a pointer. */
#ifndef HEAPLINE_REPORT_STRPOOL_H
#define HEAPLINE_REPORT_STRPOOL_H

#include <stddef.h>
#include <stdint.h>

struct hl_strpool {
    char *text; /* every string, each ending in '\0' */
    size_t text_len, text_cap;
    uint32_t *offset; /* id -> position in text */
    uint32_t count;
    size_t offset_cap;
    uint32_t *slots; /* open-addressing hash table of id + 1, 0 = free */
    uint32_t nslots;
    uint32_t last; /* the id last interned, and its length */
    size_t last_len;
};

/* Returns the id of the string s[0..len), adding it if new, or UINT32_MAX
 * when memory runs out. */
uint32_t hl_strpool_intern(struct hl_strpool *pool, const char *s, size_t len);

static inline const char *hl_strpool_get(const struct hl_strpool *pool,
                                         uint32_t id)
{
    return pool->text + pool->offset[id];
}

void hl_strpool_free(struct hl_strpool *pool);

#endif
