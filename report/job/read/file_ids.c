#include "file_ids.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t _slot(const struct hl_file_id *id, size_t nslots)
{
    uint64_t h = (uint64_t)id->ino * 0x9E3779B97F4A7C15ull ^ (uint64_t)id->dev;

    return (size_t)(h ^ h >> 29) & (nslots - 1);
}

/* The slot of id: where it is, or the free slot where it would go. */
static struct hl_file_id *_find(struct hl_file_id *slots, size_t nslots,
                                const struct hl_file_id *id)
{
    size_t i = _slot(id, nslots);

    while (slots[i].ino && (slots[i].ino != id->ino || slots[i].dev != id->dev))
        i = (i + 1) & (nslots - 1);
    return &slots[i];
}

static int _grow(struct hl_file_ids *ids)
{
    size_t n = ids->nslots ? ids->nslots * 2 : 256;
    struct hl_file_id *slots = calloc(n, sizeof(*slots));

    if (!slots)
        return -1;
    for (size_t i = 0; i < ids->nslots; i++)
        if (ids->slots[i].ino)
            *_find(slots, n, &ids->slots[i]) = ids->slots[i];
    free(ids->slots);
    ids->slots = slots;
    ids->nslots = n;
    return 0;
}

int hl_file_ids_add(struct hl_file_ids *ids, dev_t dev, ino_t ino)
{
    struct hl_file_id id = {dev, ino}, *slot;

    /* No file system gives inode 0 to a file: it marks free slots. */
    if (ino == 0)
        return 1;
    if ((ids->count + 1) * 2 > ids->nslots && _grow(ids) < 0)
        return -1;
    slot = _find(ids->slots, ids->nslots, &id);
    if (slot->ino)
        return 0;
    *slot = id;
    ids->count++;
    return 1;
}

void hl_file_ids_free(struct hl_file_ids *ids)
{
    free(ids->slots);
    memset(ids, 0, sizeof(*ids));
}
