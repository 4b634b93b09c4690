/* The table of live sampled blocks: every block kept is found again at
 * its free, once; an address never kept passes the filter almost always;
 * a full window drops the sample rather than losing another; slots freed
 * serve again; threads that keep and free at once lose nothing. */
#include "callsites/callsites_live.h"
#include "../tap.h"

#include <pthread.h>

#define _N 1000

static uintptr_t _addr(unsigned i, unsigned thread)
{
    return 0x7f0000000000ULL + ((uintptr_t)thread << 32) + (uintptr_t)i * 48;
}

static unsigned _filter_sum(void)
{
    unsigned sum = 0;

    for (unsigned i = 0; i < sizeof(hl_live_filter); i++)
        sum += hl_live_filter[i];
    return sum;
}

static void *_churn(void *arg)
{
    unsigned t = (unsigned)(uintptr_t)arg, lost = 0;

    for (unsigned round = 0; round < 50; round++) {
        for (unsigned i = 0; i < 500; i++) {
            struct hl_live_block b = {_addr(i, t), t, 0, i, 1};
            if (hl_live_insert(&b))
                lost++;
        }
        for (unsigned i = 0; i < 500; i++) {
            struct hl_live_block out;
            if (!hl_live_remove((void *)_addr(i, t), &out) || out.weight != i ||
                out.stack != t)
                lost++;
        }
    }
    return (void *)(uintptr_t)lost;
}

int main(void)
{
    struct hl_live_block out;
    unsigned found = 0, right = 0, maybe = 0, again = 0;
    pthread_t th[4];
    uintptr_t lost = 0;

    is_int(hl_live_init(), 0, "the table is mapped");
    for (unsigned i = 0; i < _N; i++) {
        struct hl_live_block b = {_addr(i, 0), i % 7, 0, 1000 + i, i};
        hl_live_insert(&b);
    }
    for (unsigned i = 0; i < _N; i++)
        maybe += hl_live_maybe((void *)_addr(i, 0));
    is_uint(maybe, _N, "every kept block passes the filter");
    maybe = 0;
    for (unsigned i = 0; i < 100000; i++)
        maybe += hl_live_maybe((void *)(_addr(i, 9) + 16));
    ok(maybe < 100000 / 20, "%u of 100000 other addresses pass the filter",
       maybe);
    for (unsigned i = 0; i < _N; i++)
        if (hl_live_remove((void *)_addr(i, 0), &out)) {
            found++;
            right += out.stack == i % 7 && out.weight == 1000 + i &&
                     out.variance == i;
        }
    is_uint(found, _N, "every kept block is found at its free");
    is_uint(right, _N, "with what was kept of it");
    for (unsigned i = 0; i < _N; i++)
        again += hl_live_remove((void *)_addr(i, 0), &out);
    is_uint(again, 0, "and only once");
    is_uint(_filter_sum(), 0, "the filter is empty again");

    for (unsigned i = 0; i < 70000; i++) {
        struct hl_live_block b = {_addr(i, 1), 0, 0, 1, 0};
        hl_live_insert(&b);
    }
    ok(hl_live_dropped() > 0, "more blocks than slots: %llu samples dropped",
       (unsigned long long)hl_live_dropped());
    found = 0;
    for (unsigned i = 0; i < 70000; i++)
        found += hl_live_remove((void *)_addr(i, 1), &out);
    is_uint(found + hl_live_dropped(), 70000,
            "every block not dropped is found");
    is_uint(_filter_sum(), 0, "the filter is empty again");

    for (unsigned t = 0; t < 4; t++)
        pthread_create(&th[t], NULL, _churn, (void *)(uintptr_t)(t + 2));
    for (unsigned t = 0; t < 4; t++) {
        void *r;
        pthread_join(th[t], &r);
        lost += (uintptr_t)r;
    }
    is_uint(lost, 0, "4 threads keep and free 100000 blocks: none lost");
    is_uint(_filter_sum(), 0, "the filter is empty again");
    return done_testing();
}
