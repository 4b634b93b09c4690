#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "figures.h"
#include "format_size.h"
#include "sigabbrev.h"

void hl_fmt_tenths(int64_t ms, char buf[32])
{
    /* Rounded without ms + 50, which overflows at the largest time a
     * record may hold. */
    int64_t t = ms / 100 + (ms % 100 >= 50);

    snprintf(buf, 32, "%lld.%lld", (long long)(t / 10), (long long)(t % 10));
}

void hl_fmt_span(int64_t ms, char buf[32])
{
    if (ms < 1000)
        snprintf(buf, 32, "%lld ms", (long long)ms);
    else {
        hl_fmt_tenths(ms, buf);
        strcat(buf, " s");
    }
}

void hl_fmt_ms(int64_t ms, char buf[32])
{
    snprintf(buf, 32, "%lld.%03lld", (long long)(ms / 1000),
             (long long)(ms % 1000));
}

void hl_fmt_ratio(uint64_t num, uint64_t den, char buf[32])
{
    if (den == 0)
        snprintf(buf, 32, "-");
    else
        snprintf(buf, 32, "%.2f", (double)num / (double)den);
}

void hl_fmt_heap(const struct hl_proc *p, struct hl_heap_text *h)
{
    char size[HL_SIZE_BUF];

    if (hl_proc_heap_unknown(p)) {
        snprintf(h->peak, sizeof(h->peak), "unknown");
        snprintf(h->at, sizeof(h->at), "-");
        snprintf(h->ratio, sizeof(h->ratio), "-");
        return;
    }
    hl_format_size(p->peak_heap, size);
    snprintf(h->peak, sizeof(h->peak), "%s%s",
             hl_proc_cut_short(p) ? ">= " : "", size);
    hl_fmt_tenths(p->peak_time_ms, h->at);
    hl_fmt_ratio(p->peak_heap, p->vmhwm, h->ratio);
}

void hl_fmt_hwm(const struct hl_proc *p, bool cut_list, char buf[64])
{
    char size[HL_SIZE_BUF];

    hl_format_size(p->vmhwm, size);
    snprintf(buf, 64, "%s%s%s", !cut_list && hl_proc_hwm_stale(p) ? ">= " : "",
             size, cut_list && p->from_task ? " (its task's cgroup)" : "");
}

void hl_fmt_name(const struct hl_procset *set, const struct hl_proc *p,
                 char *buf, size_t size)
{
    const char *program = hl_strpool_get(&set->programs, p->program);

    if (p->rank >= 0)
        snprintf(buf, size, "rank %" PRId32, p->rank);
    else if (program[0])
        snprintf(buf, size, "%s (pid %" PRIu32 ")", program, p->pid);
    else
        snprintf(buf, size, "pid %" PRIu32, p->pid);
}

void hl_fmt_who(const struct hl_procset *set, const struct hl_proc *p,
                char *buf, size_t size)
{
    char name[320];

    hl_fmt_name(set, p, name, sizeof(name));
    snprintf(buf, size, "%s on %s", name, hl_strpool_get(&set->hosts, p->host));
}

void hl_fmt_who_pid(const struct hl_procset *set, const struct hl_proc *p,
                    char *buf, size_t size)
{
    if (p->rank < 0) {
        hl_fmt_who(set, p, buf, size);
        return;
    }
    snprintf(buf, size, "rank %" PRId32 " on %s, pid %" PRIu32, p->rank,
             hl_strpool_get(&set->hosts, p->host), p->pid);
}

void hl_fmt_ppid(const struct hl_proc *p, char buf[16])
{
    if (p->ppid == HL_PPID_UNKNOWN)
        snprintf(buf, 16, "-");
    else
        snprintf(buf, 16, "%u", (unsigned)p->ppid);
}

uint64_t hl_percent(uint64_t part, uint64_t whole)
{
    unsigned __int128 p = (unsigned __int128)part * 100 + whole / 2;

    return whole ? (uint64_t)(p / whole) : 0;
}

void hl_fmt_end(const struct hl_proc *p, uint64_t limit, char buf[64])
{
    const char *name = p->signal ? hl_sigabbrev(p->signal) : NULL;
    uint8_t signal = p->signal;
    char size[HL_SIZE_BUF];

    if (p->oom && limit) {
        hl_format_size(limit, size);
        snprintf(buf, 64, "killed: out of memory (limit %s)", size);
    } else if (p->oom) {
        snprintf(buf, 64, "killed: out of memory");
    } else if (signal && name)
        snprintf(buf, 64, "killed by signal %u (SIG%s)", signal, name);
    else if (signal)
        snprintf(buf, 64, "killed by signal %u", signal);
    else if (p->end == HL_END_SIGPIPE)
        snprintf(buf, 64, "ended by SIGPIPE");
    else if (p->end != HL_END_EXIT)
        snprintf(buf, 64, "did not exit normally");
    else
        buf[0] = '\0';
}

const char *hl_used_name(enum hl_used_from from)
{
    switch (from) {
    case HL_USED_TRUE_PEAK:
        return "true peak";
    case HL_USED_CONCURRENT_PSS:
        return "concurrent PSS";
    case HL_USED_CONCURRENT:
        return "concurrent RSS";
    case HL_USED_VMHWM:
        return "VmHWM of one process";
    default:
        return "sum of VmHWM";
    }
}

const char *hl_end_word(uint8_t signal, enum hl_end end)
{
    if (signal)
        return "killed";
    return end == HL_END_SIGPIPE ? "sigpipe"
           : end != HL_END_EXIT  ? "unfinished"
                                 : "exit";
}

int hl_sacct_missed_peak(uint64_t maxrss, uint64_t vmhwm)
{
    uint64_t slack = vmhwm / 100;

    if (slack < 1024 * 1024)
        slack = 1024 * 1024;
    return maxrss < vmhwm && vmhwm - maxrss > slack;
}
