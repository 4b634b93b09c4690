#include "callsites_sampler.h"

#include <math.h>
#include <time.h>
#include <unistd.h>

static __thread uint64_t _rng __attribute__((tls_model("initial-exec")));
static uint64_t _rate;
static uint64_t _seed;
static uint64_t _threads_seeded;

/* splitmix64: spreads a seed and a thread's ordinal into a state. */
static uint64_t _mix(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/* xorshift64*: a state that is never 0. */
static uint64_t _next(void)
{
    _rng ^= _rng >> 12;
    _rng ^= _rng << 25;
    _rng ^= _rng >> 27;
    return _rng * 0x2545f4914f6cdd1dULL;
}

static void _seed_thread(void)
{
    uint64_t ordinal =
        __atomic_fetch_add(&_threads_seeded, 1, __ATOMIC_RELAXED);

    _rng = _mix(_seed ^ _mix(ordinal)) | 1;
}

/* An exponential gap of mean _rate: -R ln(u), u uniform in (0, 1]. */
static int64_t _gap(void)
{
    double u = (double)((_next() >> 11) + 1) * 0x1p-53;
    double gap = -log(u) * (double)_rate;

    return gap < 9e18 ? (int64_t)gap : INT64_MAX;
}

void hl_sampler_init(uint64_t rate, uint64_t seed)
{
    struct timespec t;

    if (!seed) {
        clock_gettime(CLOCK_REALTIME, &t);
        seed = _mix((uint64_t)t.tv_nsec ^ ((uint64_t)t.tv_sec << 30) ^
                    ((uint64_t)getpid() << 16));
    }
    _seed = seed;
    _rate = rate;
    _threads_seeded = 0;
    _rng = 0;
}

uint64_t hl_sampler_rate(void)
{
    return _rate;
}

int hl_sampler_take(int64_t *countdown)
{
    if (!_rate) {
        *countdown = INT64_MAX;
        return 0;
    }
    if (!_rng) {
        _seed_thread();
        *countdown += _gap();
        if (*countdown > 0)
            return 0;
    }
    *countdown = _gap();
    return 1;
}

uint64_t hl_sampler_weight(uint64_t size)
{
    double x = (double)(size + HL_SAMPLE_PAD) / (double)_rate;

    if (!_rate || !size)
        return size;
    return (uint64_t)llround((double)size / -expm1(-x));
}

uint64_t hl_sampler_variance(uint64_t size, uint64_t weight)
{
    double w = (double)weight;

    if (weight <= size)
        return 0;
    return (uint64_t)llround(w * (w - (double)size) * 0x1p-20);
}

uint64_t hl_sampler_se(uint64_t variance)
{
    return (uint64_t)llround(sqrt((double)variance) * 1024.0);
}

void hl_sampler_after_fork(void)
{
    if (_rng)
        _rng = _mix(_rng ^ ((uint64_t)getpid() << 32)) | 1;
}
