#include "site_top.h"

#include <stdlib.h>
#include <string.h>

#include "site_set.h"

int hl_site_top_init(struct hl_site_top *top, uint32_t capacity)
{
    uint32_t nslots = 2;

    memset(top, 0, sizeof(*top));
    if (!capacity || capacity > UINT32_MAX / 4)
        return -1;
    while (nslots < 2 * capacity)
        nslots *= 2;
    top->jobs = malloc((size_t)capacity * sizeof(*top->jobs));
    top->heap = malloc((size_t)capacity * sizeof(*top->heap));
    top->where = malloc((size_t)capacity * sizeof(*top->where));
    top->slots = calloc(nslots, sizeof(*top->slots));
    top->seen = calloc(HL_SITE_TOP_SEEN_BITS / 64, sizeof(*top->seen));
    top->cap = capacity;
    top->nslots = nslots;
    return top->jobs && top->heap && top->where && top->slots && top->seen ? 0
                                                                           : -1;
}

static uint32_t _home(const struct hl_site_top *top, uint64_t id)
{
    return (uint32_t)hl_site_mix64(id) & (top->nslots - 1);
}

/* The slot of id: where it is, or the free one where it goes. */
static uint32_t _slot(const struct hl_site_top *top, uint64_t id)
{
    uint32_t i = _home(top, id);

    while (top->slots[i] && top->jobs[top->slots[i] - 1].id != id)
        i = (i + 1) & (top->nslots - 1);
    return i;
}

/* Frees the slot of a job put out, moving back the entries after it that
 * would no longer be found (linear probing's deletion, no tombstone). */
static void _unslot(struct hl_site_top *top, uint32_t i)
{
    uint32_t mask = top->nslots - 1;

    for (uint32_t j = (i + 1) & mask; top->slots[j]; j = (j + 1) & mask) {
        uint32_t k = _home(top, top->jobs[top->slots[j] - 1].id);
        int stays = i <= j ? (i < k && k <= j) : (i < k || k <= j);

        if (!stays) {
            top->slots[i] = top->slots[j];
            i = j;
        }
    }
    top->slots[i] = 0;
}

/* Whether id may have been seen before (false: it was not); it is now. */
static bool _seen(struct hl_site_top *top, uint64_t id)
{
    uint64_t h = hl_site_mix64(id ^ UINT64_C(0x5bd1e9955bd1e995));
    uint32_t bit[2] = {(uint32_t)h & (HL_SITE_TOP_SEEN_BITS - 1),
                       (uint32_t)(h >> 32) & (HL_SITE_TOP_SEEN_BITS - 1)};
    bool seen = true;

    for (int i = 0; i < 2; i++) {
        uint64_t mask = UINT64_C(1) << (bit[i] % 64);

        seen &= (top->seen[bit[i] / 64] & mask) != 0;
        top->seen[bit[i] / 64] |= mask;
    }
    return seen;
}

static double _count_at(const struct hl_site_top *top, uint32_t place)
{
    return hl_site_top_count(&top->jobs[top->heap[place]]);
}

static void _swap(struct hl_site_top *top, uint32_t a, uint32_t b)
{
    uint32_t t = top->heap[a];

    top->heap[a] = top->heap[b];
    top->heap[b] = t;
    top->where[top->heap[a]] = a;
    top->where[top->heap[b]] = b;
}

static void _up(struct hl_site_top *top, uint32_t place)
{
    while (place && _count_at(top, (place - 1) / 2) > _count_at(top, place)) {
        _swap(top, place, (place - 1) / 2);
        place = (place - 1) / 2;
    }
}

/* A count grew: its job sinks below those of smaller count. */
static void _down(struct hl_site_top *top, uint32_t place)
{
    for (;;) {
        uint32_t least = place, l = 2 * place + 1, r = l + 1;

        if (l < top->count && _count_at(top, l) < _count_at(top, least))
            least = l;
        if (r < top->count && _count_at(top, r) < _count_at(top, least))
            least = r;
        if (least == place)
            return;
        _swap(top, place, least);
        place = least;
    }
}

static void _add_time(struct hl_site_time *to, const struct hl_site_time *t)
{
    to->requested += t->requested;
    to->used += t->used;
    to->wasted += t->wasted;
}

struct hl_site_top_job *hl_site_top_add(struct hl_site_top *top, uint64_t id,
                                        uint32_t user, uint32_t account,
                                        const struct hl_site_time *t)
{
    uint32_t slot = _slot(top, id), k;
    struct hl_site_top_job *j;
    bool fresh = top->count < top->cap, seen;

    if (top->slots[slot]) {
        k = top->slots[slot] - 1;
        _add_time(&top->jobs[k].t, t);
        _down(top, top->where[k]);
        return &top->jobs[k];
    }
    seen = _seen(top, id);
    if (fresh) {
        /* nothing was ever put out: whatever the filter says, it is new */
        k = top->count++;
        top->jobs[k] = (struct hl_site_top_job){
            .id = id, .user = user, .account = account, .whole = true};
        top->heap[k] = k;
        top->where[k] = k;
    } else {
        top->dropped = true;
        if (t->wasted <= 0)
            return NULL;
        k = top->heap[0];
        _unslot(top, _slot(top, top->jobs[k].id));
        slot = _slot(top, id);
        top->jobs[k] = (struct hl_site_top_job){
            .id = id,
            .user = user,
            .account = account,
            .whole = !seen,
            .missed = seen ? hl_site_top_count(&top->jobs[k]) : 0,
        };
    }
    top->slots[slot] = k + 1;
    j = &top->jobs[k];
    _add_time(&j->t, t);
    /* a new leaf rises; a job in the place of the least one sinks */
    if (fresh)
        _up(top, k);
    else
        _down(top, top->where[k]);
    return j;
}

double hl_site_top_bound(const struct hl_site_top *top)
{
    return top->dropped && top->count ? _count_at(top, 0) : 0;
}

void hl_site_top_free(struct hl_site_top *top)
{
    free(top->jobs);
    free(top->heap);
    free(top->where);
    free(top->slots);
    free(top->seen);
    memset(top, 0, sizeof(*top));
}
