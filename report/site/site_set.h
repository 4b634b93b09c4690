/* A set of 64-bit keys, for the site report's OOM-killed steps: open
 * addressing in one array, kept under half full, so that a key costs 16
 * bytes at most. And the hash the site report's tables share. */
#ifndef HEAPLINE_REPORT_SITE_SET_H
#define HEAPLINE_REPORT_SITE_SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct hl_site_set {
    uint64_t *keys; /* key + 1; 0 marks a free slot */
    size_t cap, count;
};

static inline void hl_site_set_init(struct hl_site_set *s)
{
    *s = (struct hl_site_set){0};
}

/* murmur3's finaliser: a bijection of 64 bits, whose every output bit
 * depends on every input bit, so that job ids in a row spread. */
static inline uint64_t hl_site_mix64(uint64_t key)
{
    key ^= key >> 33;
    key *= UINT64_C(0xff51afd7ed558ccd);
    key ^= key >> 33;
    key *= UINT64_C(0xc4ceb9fe1a85ec53);
    key ^= key >> 33;
    return key;
}

/* Adds key (< UINT64_MAX): 1 when it is new, 0 when it was there, -1 when
 * memory runs out. */
int hl_site_set_add(struct hl_site_set *s, uint64_t key);

bool hl_site_set_has(const struct hl_site_set *s, uint64_t key);

void hl_site_set_free(struct hl_site_set *s);

#endif
