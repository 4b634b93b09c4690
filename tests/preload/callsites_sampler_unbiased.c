/* The sampler's estimate of bytes is unbiased and within its stated
 * error: for blocks of several sizes, over many seeds, the sum of the
 * weights of the sampled blocks is within 3 standard errors of the true
 * bytes, the errors average out to about zero, and a seed repeats its run
 * exactly. */
#include "callsites/callsites_sampler.h"
#include "../tap.h"

#include <math.h>

#define _RATE (512 * 1024)

struct _run {
    uint64_t estimate, variance, sampled;
};

/* The thread's countdown, as the library's counters keep it. */
static int64_t _countdown;

/* The library starts sampling, and this thread's next allocation draws
 * its first gap. */
static void _start(uint64_t rate, uint64_t seed)
{
    hl_sampler_init(rate, seed);
    _countdown = 0;
}

/* What the hot path does, for count blocks of size bytes. */
static struct _run _allocate(uint64_t size, uint64_t count)
{
    struct _run r = {0, 0, 0};

    for (uint64_t i = 0; i < count; i++) {
        _countdown -= (int64_t)(size + HL_SAMPLE_PAD);
        if (_countdown <= 0 && hl_sampler_take(&_countdown)) {
            uint64_t w = hl_sampler_weight(size);
            r.estimate += w;
            r.variance += hl_sampler_variance(size, w);
            r.sampled++;
        }
    }
    return r;
}

static const struct {
    uint64_t size, count;
} _cases[] = {
    {64 << 10, 1920}, /* 120 MiB in 64 KiB blocks */
    {4 << 10, 15360}, /* 60 MiB in 4 KiB blocks */
    {1 << 20, 10},    /* 10 MiB in 1 MiB blocks */
    {24, 2000000},    /* 48 MB of small blocks */
    {16 << 20, 4},    /* 64 MiB of blocks far above the rate */
};

int main(void)
{
    const unsigned seeds = 30;

    for (unsigned c = 0; c < sizeof(_cases) / sizeof(_cases[0]); c++) {
        double truth = (double)(_cases[c].size * _cases[c].count);
        double zsum = 0;
        unsigned within = 0;

        for (unsigned seed = 1; seed <= seeds; seed++) {
            struct _run r;
            double se;

            _start(_RATE, seed);
            r = _allocate(_cases[c].size, _cases[c].count);
            se = (double)hl_sampler_se(r.variance);
            if (fabs((double)r.estimate - truth) <= 3 * se + 1)
                within++;
            zsum += se > 0 ? ((double)r.estimate - truth) / se : 0;
        }
        ok(within >= seeds - 1,
           "%llu x %llu B: %u of %u seeds within 3 standard errors",
           (unsigned long long)_cases[c].count,
           (unsigned long long)_cases[c].size, within, seeds);
        ok(fabs(zsum / seeds) < 1.0,
           "%llu B blocks: mean error %.2f standard errors (unbiased)",
           (unsigned long long)_cases[c].size, zsum / seeds);
    }

    {
        struct _run a, b, c;

        _start(_RATE, 7);
        a = _allocate(4096, 20000);
        _start(_RATE, 7);
        b = _allocate(4096, 20000);
        _start(_RATE, 8);
        c = _allocate(4096, 20000);
        ok(a.estimate == b.estimate && a.sampled == b.sampled,
           "the same seed samples the same blocks");
        ok(a.estimate != c.estimate, "another seed samples others");
    }

    {
        /* Blocks of 8 bytes, counted as 16: the count of samples is the
         * number of gaps. */
        struct _run r;

        _start(_RATE, 3);
        r = _allocate(8, (uint64_t)2000 * _RATE / (8 + HL_SAMPLE_PAD));
        ok(fabs((double)r.sampled - 2000) < 4 * sqrt(2000),
           "mean gap is the rate: %llu samples in 2000 rates of bytes",
           (unsigned long long)r.sampled);
    }

    _start(_RATE, 1);
    is_uint(hl_sampler_weight(1 << 30), 1 << 30,
            "a block far above the rate weighs its size");
    /* Counted with its 8 bytes of header, it had 24 / R chances. */
    ok(hl_sampler_weight(16) >= _RATE / 24 * 16 &&
           hl_sampler_weight(16) <= _RATE / 24 * 16 + 16,
       "a small block weighs about the rate, times 16 / 24");
    is_uint(hl_sampler_variance(1 << 30, hl_sampler_weight(1 << 30)), 0,
            "and a sure sample adds no variance");

    _start(0, 1);
    _countdown = -4096;
    is_int(hl_sampler_take(&_countdown), 0, "off: nothing is sampled");
    is_int(_countdown, INT64_MAX, "off: the countdown never ends");
    return done_testing();
}
