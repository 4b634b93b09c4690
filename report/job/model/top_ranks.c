#include "top_ranks.h"

#include <stdlib.h>
#include <string.h>

#include "shared/grow.h"

void hl_top_ranks_init(struct hl_top_ranks *t, size_t want)
{
    memset(t, 0, sizeof(*t));
    t->want = want;
}

static void _swap(struct hl_rank_key *k, size_t a, size_t b)
{
    struct hl_rank_key x = k[a];

    k[a] = k[b];
    k[b] = x;
}

/* The heap's parents come after their children in the report's order: its
 * root is the last rank kept. */
static void _sift_down(struct hl_rank_key *k, size_t n, size_t i)
{
    for (;;) {
        size_t c = 2 * i + 1;

        if (c >= n)
            return;
        if (c + 1 < n && hl_rank_key_before(&k[c], &k[c + 1]))
            c++;
        if (!hl_rank_key_before(&k[i], &k[c]))
            return;
        _swap(k, i, c);
        i = c;
    }
}

static void _sift_up(struct hl_rank_key *k, size_t i)
{
    while (i > 0 && hl_rank_key_before(&k[(i - 1) / 2], &k[i])) {
        _swap(k, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
}

size_t hl_top_keys_add(struct hl_rank_key *keys, size_t n, size_t want,
                       const struct hl_rank_key *k)
{
    if (n < want) {
        keys[n] = *k;
        _sift_up(keys, n);
        return n + 1;
    }
    if (n && hl_rank_key_before(k, &keys[0])) {
        keys[0] = *k;
        _sift_down(keys, n, 0);
    }
    return n;
}

void hl_top_keys_sort(struct hl_rank_key *keys, size_t n)
{
    /* Heapsort: the root, the last in order, goes to the end each time. */
    for (; n > 1; n--) {
        _swap(keys, 0, n - 1);
        _sift_down(keys, n - 1, 0);
    }
}

int hl_top_ranks_add(struct hl_top_ranks *t, const struct hl_rank_key *k)
{
    if (t->n < t->want) {
        struct hl_rank_key *keys =
            hl_grow(t->keys, &t->cap, t->n + 1, sizeof(*keys), 16);

        if (!keys)
            return -1;
        t->keys = keys;
    }
    t->n = hl_top_keys_add(t->keys, t->n, t->want, k);
    return 0;
}

size_t hl_top_ranks_sort(struct hl_top_ranks *t)
{
    hl_top_keys_sort(t->keys, t->n);
    return t->n;
}

void hl_top_ranks_free(struct hl_top_ranks *t)
{
    free(t->keys);
    memset(t, 0, sizeof(*t));
}
