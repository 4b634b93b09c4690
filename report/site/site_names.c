#include "site_names.h"

#include <stdlib.h>
#include <string.h>

#include "site_set.h"

int hl_site_names_seen_init(struct hl_site_names_seen *seen)
{
    seen->bits = calloc(HL_SITE_NAMES_SEEN_BITS / 64, sizeof(*seen->bits));
    return seen->bits ? 0 : -1;
}

void hl_site_names_seen_free(struct hl_site_names_seen *seen)
{
    free(seen->bits);
    seen->bits = NULL;
}

/* FNV-1a, then mixed: names that differ by a letter spread. */
static uint64_t _hash(const char *s)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);

    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * UINT64_C(0x100000001b3);
    return hl_site_mix64(h);
}

/* Whether the user's name may have been seen before (false: it was not);
 * it is now. */
static bool _seen(struct hl_site_names_seen *seen, uint32_t user, uint64_t h)
{
    uint64_t k =
        hl_site_mix64(h ^ ((uint64_t)user * UINT64_C(0x9e3779b97f4a7c15)));
    uint32_t bit[2] = {(uint32_t)k & (HL_SITE_NAMES_SEEN_BITS - 1),
                       (uint32_t)(k >> 32) & (HL_SITE_NAMES_SEEN_BITS - 1)};
    bool was = true;

    for (int i = 0; i < 2; i++) {
        uint64_t mask = UINT64_C(1) << (bit[i] % 64);

        was &= (seen->bits[bit[i] / 64] & mask) != 0;
        seen->bits[bit[i] / 64] |= mask;
    }
    return was;
}

/* The slot of fewest step-nodes (the first of them). */
static struct hl_site_name *_least(struct hl_site_names *t)
{
    struct hl_site_name *least = &t->slots[0];

    for (uint32_t i = 1; i < t->n; i++)
        if (t->slots[i].count < least->count)
            least = &t->slots[i];
    return least;
}

static void _clear(struct hl_site_name *e)
{
    free(e->name);
    hl_site_needs_free(&e->needs);
    memset(e, 0, sizeof(*e));
}

struct hl_site_name *hl_site_names_add(struct hl_site_names *t,
                                       struct hl_site_names_seen *seen,
                                       uint32_t user, const char *name)
{
    uint64_t h = _hash(name), before = 0;
    struct hl_site_name *e;
    bool was;

    for (uint32_t i = 0; i < t->n; i++)
        if (t->slots[i].hash == h && strcmp(t->slots[i].name, name) == 0) {
            t->slots[i].count++;
            return &t->slots[i];
        }
    was = _seen(seen, user, h);
    if (t->n < HL_SITE_NAMES) {
        /* nothing was put out yet: whatever the filter says, it is new */
        if (t->n == t->cap) {
            uint32_t cap = t->cap ? 2 * t->cap : 2;

            e = realloc(t->slots, cap * sizeof(*e));
            if (!e)
                return NULL;
            t->slots = e;
            t->cap = cap;
        }
        e = &t->slots[t->n++];
        memset(e, 0, sizeof(*e));
        was = false;
    } else {
        e = _least(t);
        t->dropped = true;
        before = was ? e->count : 0;
        _clear(e);
    }
    /* out of memory, the report ends: the slot, nameless, is only freed */
    if (!(e->name = strdup(name)))
        return NULL;
    e->hash = h;
    e->whole = !was;
    e->missed = before;
    e->count = before + 1;
    return e;
}

void hl_site_names_free(struct hl_site_names *t)
{
    for (uint32_t i = 0; i < t->n; i++)
        _clear(&t->slots[i]);
    free(t->slots);
    memset(t, 0, sizeof(*t));
}
