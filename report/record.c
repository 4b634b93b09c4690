#include "record.h"

#include <stdint.h>
#include <string.h>

#include "format_read.h"
#include "record_format.h"

/* A row of a record, as the report keeps it: HL_ROW_GOOD, HL_ROW_NOMEM, or
 * the column it refuses. */
static int _store(void *ctx, const void *row)
{
    struct hl_procset *set = ctx;
    const struct hl_record_row *r = row;
    struct hl_proc *p;

    if (r->pid > UINT32_MAX)
        return HL_REC_pid;
    if (r->rank < -1 || r->rank > INT32_MAX)
        return HL_REC_rank;
    if (!r->host[0])
        return HL_REC_host;
    p = hl_procset_add(set);
    if (!p)
        return HL_ROW_NOMEM;
    p->rank = (int32_t)r->rank;
    p->pid = (uint32_t)r->pid;
    p->elapsed_ms = r->elapsed_ms;
    p->allocs = r->allocs;
    p->frees = r->frees;
    p->peak_heap = r->peak_heap;
    p->peak_time_ms = r->peak_heap_time_ms;
    p->live_at_exit = r->live_heap_at_exit;
    p->vmhwm = r->vmhwm;
    p->vmrss_at_exit = r->vmrss_at_exit;
    /* Any word there means the process never wrote its final record:
     * "unfinished" today, and whatever a later version may say. */
    p->end = r->end[0] ? HL_END_UNFINISHED : HL_END_EXIT;
    p->host = hl_strpool_intern(&set->hosts, r->host, strlen(r->host));
    p->job = hl_strpool_intern(&set->jobs, r->job, strlen(r->job));
    return p->host == UINT32_MAX || p->job == UINT32_MAX ? HL_ROW_NOMEM
                                                         : HL_ROW_GOOD;
}

int hl_parse_record(const char *buf, size_t len, struct hl_procset *set,
                    char *err, size_t errlen)
{
    struct hl_record_row row;
    size_t before = set->count;

    if (hl_format_read(&hl_record_format, buf, len, &row, _store, set, err,
                       errlen) == 0)
        return 0;
    set->count = before;
    return -1;
}

void hl_proc_to_record(const struct hl_procset *set, const struct hl_proc *p,
                       struct hl_record_row *r)
{
    *r = (struct hl_record_row){
        .rank = p->rank,
        .host = hl_strpool_get(&set->hosts, p->host),
        .pid = p->pid,
        .job = hl_strpool_get(&set->jobs, p->job),
        .elapsed_ms = p->elapsed_ms,
        .allocs = p->allocs,
        .frees = p->frees,
        .peak_heap = p->peak_heap,
        .peak_heap_time_ms = p->peak_time_ms,
        .live_heap_at_exit = p->live_at_exit,
        .vmhwm = p->vmhwm,
        .vmrss_at_exit = p->vmrss_at_exit,
    };
}
