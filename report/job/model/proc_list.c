#include "proc_list.h"

#include <stdlib.h>
#include <string.h>

#include "aggregate.h"
#include "top_ranks.h"

static struct hl_rank_key _key(const struct hl_summary *sum,
                               const struct hl_proc *p, uint32_t index)
{
    return (struct hl_rank_key){.peak = p->peak_heap,
                                .rank = p->rank,
                                .node = sum->node_of_host[p->host],
                                .index = index,
                                .pid = p->pid};
}

/* The keys kept, sorted, as the indices of their processes in procs. */
static void _put(uint32_t *procs, struct hl_rank_key *keys, size_t n)
{
    hl_top_keys_sort(keys, n);
    for (size_t i = 0; i < n; i++)
        procs[i] = keys[i].index;
}

/* Outside MPI: the want processes of largest peak heap. */
static int _by_process(const struct hl_procset *set, struct hl_summary *sum,
                       size_t want)
{
    struct hl_proc_list *l = &sum->list;
    size_t room = want < set->count ? want : set->count, n = 0;
    struct hl_rank_key *keys = malloc((room ? room : 1) * sizeof(*keys));

    l->procs = malloc((room ? room : 1) * sizeof(*l->procs));
    if (!keys || !l->procs) {
        free(keys);
        return -1;
    }
    for (size_t i = 0; i < set->count; i++) {
        struct hl_rank_key k = _key(sum, &set->procs[i], (uint32_t)i);

        n = hl_top_keys_add(keys, n, room, &k);
    }
    _put(l->procs, keys, n);
    l->n = n;
    free(keys);
    return 0;
}

static uint32_t _hash(uint32_t host, int32_t rank)
{
    uint64_t h = ((uint64_t)host << 32 | (uint32_t)rank);

    return (uint32_t)((h * 0x9e3779b97f4a7c15ull) >> 32);
}

/* The slot of the rank (host, rank) in a table of the ranks listed
 * (indices + 1, 0 free; nslots a power of two): where it is, or a free
 * slot. */
static size_t _slot(const struct hl_procset *set, const struct hl_summary *sum,
                    const uint32_t *slots, size_t nslots, uint32_t host,
                    int32_t rank)
{
    size_t i = _hash(host, rank) & (nslots - 1);

    while (slots[i]) {
        const struct hl_proc *q = &set->procs[sum->ranks[slots[i] - 1].proc];

        if (q->host == host && q->rank == rank)
            break;
        i = (i + 1) & (nslots - 1);
    }
    return i;
}

/* Each process of a rank listed, other than the one that stands for it,
 * into the keys of its rank: keys[under[i]..) has room for under[i + 1] -
 * under[i], fill[i] of them taken. */
static void _gather(const struct hl_procset *set, const struct hl_summary *sum,
                    const uint8_t *launcher, const uint32_t *slots,
                    size_t nslots, struct hl_rank_key *keys, uint32_t *fill)
{
    const uint32_t *under = sum->list.under;

    for (size_t i = 0; i < set->count; i++) {
        const struct hl_proc *p = &set->procs[i];
        uint32_t r;
        struct hl_rank_key k;

        if (launcher[p->program])
            continue;
        r = slots[_slot(set, sum, slots, nslots, p->host, p->rank)];
        if (!r-- || sum->ranks[r].proc == i)
            continue;
        k = _key(sum, p, (uint32_t)i);
        fill[r] = (uint32_t)hl_top_keys_add(keys + under[r], fill[r],
                                            under[r + 1] - under[r], &k);
    }
}

/* Under MPI: under each of the want first ranks, up to want of its other
 * processes. */
static int _under_ranks(const struct hl_procset *set, struct hl_summary *sum,
                        const uint8_t *launcher, size_t want)
{
    struct hl_proc_list *l = &sum->list;
    size_t n = want < sum->nranks ? want : sum->nranks, nslots = 2, total = 0;
    struct hl_rank_key *keys;
    uint32_t *slots, *fill;

    for (size_t i = 0; i < n; i++)
        total += sum->ranks[i].others < want ? sum->ranks[i].others : want;
    if (!total)
        return 0;
    while (nslots < 2 * n)
        nslots *= 2;
    l->under = malloc((n + 1) * sizeof(*l->under));
    l->procs = malloc(total * sizeof(*l->procs));
    keys = malloc(total * sizeof(*keys));
    slots = calloc(nslots, sizeof(*slots));
    fill = calloc(n, sizeof(*fill));
    if (l->under && l->procs && keys && slots && fill) {
        l->under[0] = 0;
        for (size_t i = 0; i < n; i++) {
            const struct hl_proc *p = &set->procs[sum->ranks[i].proc];
            uint32_t room = sum->ranks[i].others < want ? sum->ranks[i].others
                                                        : (uint32_t)want;

            l->under[i + 1] = l->under[i] + room;
            slots[_slot(set, sum, slots, nslots, p->host, p->rank)] =
                (uint32_t)i + 1;
        }
        _gather(set, sum, launcher, slots, nslots, keys, fill);
        for (size_t i = 0; i < n; i++)
            _put(l->procs + l->under[i], keys + l->under[i], fill[i]);
        l->nunder = n;
        l->n = total;
    }
    free(keys);
    free(slots);
    free(fill);
    return l->nunder ? 0 : -1;
}

int hl_proc_list(const struct hl_procset *set, struct hl_summary *sum,
                 const uint8_t *launcher, size_t want)
{
    bool ranked = false;

    memset(&sum->list, 0, sizeof(sum->list));
    for (size_t i = 0; i < sum->nranks && !ranked; i++)
        ranked = set->procs[sum->ranks[i].proc].rank >= 0;
    sum->list.by_process = !ranked;
    return ranked ? _under_ranks(set, sum, launcher, want)
                  : _by_process(set, sum, want);
}

void hl_proc_list_free(struct hl_proc_list *l)
{
    free(l->procs);
    free(l->under);
    memset(l, 0, sizeof(*l));
}
