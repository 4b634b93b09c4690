/* Readings of Pss within their budget (pss.h). */
#include "pss.h"

#include <time.h>

static int64_t _cpu_at_start; /* the process's CPU time at start, ns */
static int64_t _spent;        /* the CPU time the readings cost, ns */
static int64_t _last_cost;    /* of the last reading, ns */

static int64_t _cpu_ns(clockid_t clock)
{
    struct timespec t;

    if (clock_gettime(clock, &t) < 0)
        return -1;
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

void hl_pss_start(void)
{
    _cpu_at_start = _cpu_ns(CLOCK_PROCESS_CPUTIME_ID);
    _spent = 0;
    _last_cost = HL_PSS_FIRST_COST_NS;
}

int hl_pss_read_if_due(struct hl_shared *out)
{
    int64_t cpu = _cpu_ns(CLOCK_PROCESS_CPUTIME_ID), before, after;

    if (cpu < 0 || _cpu_at_start < 0 ||
        (cpu - _cpu_at_start) / 1000 * HL_PSS_PER_MILLE < _spent + _last_cost)
        return 0;
    before = _cpu_ns(CLOCK_THREAD_CPUTIME_ID);
    hl_procstatus_read_shared(out);
    after = _cpu_ns(CLOCK_THREAD_CPUTIME_ID);
    /* A clock that cannot be read: the guess stands. */
    if (before >= 0 && after >= before)
        _last_cost = after - before;
    _spent += _last_cost;
    return out->pss >= 0;
}
