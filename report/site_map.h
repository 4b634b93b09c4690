/* A hash map from 64-bit keys to fixed-size values, for the site report's
 * jobs and steps: open addressing, one key array and one value array, so
 * that an entry costs its value and 8 bytes (twice that at worst, the
 * table being kept under half full). */
#ifndef HEAPLINE_REPORT_SITE_MAP_H
#define HEAPLINE_REPORT_SITE_MAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct hl_site_map {
    uint64_t *keys; /* key + 1; 0 marks a free slot */
    char *values;
    size_t value_size;
    size_t cap, count;
};

static inline void hl_site_map_init(struct hl_site_map *m, size_t value_size)
{
    *m = (struct hl_site_map){.value_size = value_size};
}

/* The value of key, zero-filled and *added set when new; NULL when memory
 * runs out. The pointer lasts until the next call. key < UINT64_MAX. */
void *hl_site_map_get(struct hl_site_map *m, uint64_t key, bool *added);

/* The value in slot i, or NULL when the slot is free: for walking them all
 * (i from 0 to m->cap). */
void *hl_site_map_slot(const struct hl_site_map *m, size_t i, uint64_t *key);

void hl_site_map_free(struct hl_site_map *m);

#endif
