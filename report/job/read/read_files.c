#include "read_files.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "exit_format.h"
#include "format_read.h"
#include "merged_format.h"
#include "node_format.h"
#include "runs.h"

/* The end column of a final record that SIGPIPE ended. */
#define _SIGPIPE "SIGPIPE"

/* The record's allocation sites, if it has them. Sites that break their
 * grammar leave the record good: they are left out, and set->sites_fault
 * says why. */
static int _store_callsites(struct hl_procset *set, struct hl_proc *p,
                            const struct hl_record_row *r)
{
    int rc;

    if (r->empty & HL_EMPTY(HL_REC_callsites))
        return HL_ROW_GOOD;
    rc = hl_callsites_db_add(
        &set->callsites, r->callsites_rate, r->callsites,
        r->empty & HL_EMPTY(HL_REC_modules) ? "" : r->modules, &p->callsites,
        &p->ncallsites, set->callsites_fault, sizeof(set->callsites_fault));
    if (rc == 0 && !(r->empty & HL_EMPTY(HL_REC_callsites_dropped)))
        p->callsites_dropped = r->callsites_dropped < UINT32_MAX
                                   ? (uint32_t)r->callsites_dropped
                                   : UINT32_MAX;
    return rc == -2 ? HL_ROW_NOMEM : HL_ROW_GOOD;
}

/* The record's timeline, if it has one, staged until the file is known
 * good. A timeline that breaks its grammar leaves the record good: it is
 * left out, and set->timelines.fault says why. */
static int _stage_timeline(struct hl_procset *set, const struct hl_proc *p,
                           const struct hl_record_row *r)
{
    if (r->empty & HL_EMPTY(HL_REC_timeline) ||
        (set->timelines.job && !hl_job_selects(set->timelines.job, r->job)))
        return HL_ROW_GOOD;
    return hl_timelines_stage(&set->timelines, (uint32_t)(p - set->procs),
                              r->timeline, p->start_ns, p->elapsed_ms) < 0
               ? HL_ROW_NOMEM
               : HL_ROW_GOOD;
}

/* A row of a record, as the report keeps it: HL_ROW_GOOD, HL_ROW_NOMEM, or
 * the column it refuses. */
static int _store_record(void *ctx, const void *row)
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
    p->ppid = r->empty & HL_EMPTY(HL_REC_ppid) || r->ppid >= HL_PPID_UNKNOWN
                  ? HL_PPID_UNKNOWN
                  : (uint32_t)r->ppid;
    p->elapsed_ms = r->elapsed_ms;
    p->peak_heap = r->peak_heap;
    p->peak_time_ms = r->peak_heap_time_ms;
    p->vmhwm = r->vmhwm;
    p->vmrss_at_exit = r->vmrss_at_exit;
    p->pss = r->empty & HL_EMPTY(HL_REC_peak_pss) ? 0 : r->peak_pss;
    p->pss_shmem =
        r->empty & HL_EMPTY(HL_REC_peak_pss_shmem) ? 0 : r->peak_pss_shmem;
    p->rss_shmem =
        r->empty & HL_EMPTY(HL_REC_peak_rss_shmem) ? 0 : r->peak_rss_shmem;
    p->start_ns =
        r->empty & HL_EMPTY(HL_REC_start_time_ns) ? -1 : r->start_time_ns;
    p->series = HL_NO_SERIES;
    /* "SIGPIPE": the library wrote the final record as SIGPIPE ended the
     * process. Any other word means the process never wrote its final
     * record: "unfinished" today, and whatever a later version may say. */
    p->end = !r->end[0]                      ? HL_END_EXIT
             : strcmp(r->end, _SIGPIPE) == 0 ? HL_END_SIGPIPE
                                             : HL_END_UNFINISHED;
    p->host = hl_strpool_intern(&set->hosts, r->host, strlen(r->host));
    p->job = hl_strpool_intern(&set->jobs, r->job, strlen(r->job));
    p->program =
        hl_strpool_intern(&set->programs, r->program, strlen(r->program));
    if (p->host == UINT32_MAX || p->job == UINT32_MAX ||
        p->program == UINT32_MAX)
        return HL_ROW_NOMEM;
    if (!set->drop_counts)
        set->counts[p->counts] = (struct hl_proc_counts){
            .allocs = r->allocs,
            .frees = r->frees,
            .live_at_exit = r->live_heap_at_exit,
        };
    if (_store_callsites(set, p, r) == HL_ROW_NOMEM)
        return HL_ROW_NOMEM;
    return _stage_timeline(set, p, r);
}

/* A row of an exit file, as the report keeps it: HL_ROW_GOOD,
 * HL_ROW_NOMEM, or the column it refuses. */
static int _store_exit(void *ctx, const void *row)
{
    struct hl_procset *set = ctx;
    const struct hl_exit_row *r = row;
    struct hl_task_exit *x;
    bool has_code = !(r->empty & HL_EMPTY(HL_EXIT_exit_code));
    bool has_signal = !(r->empty & HL_EMPTY(HL_EXIT_signal));

    if (r->task > UINT32_MAX)
        return HL_EXIT_task;
    if (r->pid > UINT32_MAX)
        return HL_EXIT_pid;
    if (r->status == HL_STATUS_SIGNALED &&
        (!has_signal || r->signal < 1 || r->signal > 255))
        return HL_EXIT_signal;
    if (r->status == HL_STATUS_EXITED && (!has_code || r->exit_code > 255))
        return HL_EXIT_exit_code;
    if (!(r->empty & HL_EMPTY(HL_EXIT_oom)) && r->oom > 1)
        return HL_EXIT_oom;
    if (!r->host[0])
        return HL_EXIT_host;
    x = hl_procset_add_exit(set);
    if (!x)
        return HL_ROW_NOMEM;
    x->task = (uint32_t)r->task;
    x->pid = (uint32_t)r->pid;
    x->status = (uint8_t)r->status;
    x->exit_code = r->status == HL_STATUS_EXITED ? (int64_t)r->exit_code : -1;
    x->signal = r->status == HL_STATUS_SIGNALED ? (uint8_t)r->signal : 0;
    x->oom = r->empty & HL_EMPTY(HL_EXIT_oom) ? -1 : (int8_t)r->oom;
    x->cgroup_peak =
        r->empty & HL_EMPTY(HL_EXIT_cgroup_peak) ? 0 : r->cgroup_peak;
    x->end_ns = r->empty & HL_EMPTY(HL_EXIT_end_time_ns) ? -1 : r->end_time_ns;
    x->host = hl_strpool_intern(&set->hosts, r->host, strlen(r->host));
    set->nexits_read++;
    return x->host == UINT32_MAX ? HL_ROW_NOMEM : HL_ROW_GOOD;
}

/* A row of a node file, as the report keeps it; an empty figure is one the
 * kernel did not give. HL_ROW_GOOD, HL_ROW_NOMEM, or the column it
 * refuses. */
static int _store_node(void *ctx, const void *row)
{
    struct hl_procset *set = ctx;
    const struct hl_node_row *r = row;
    struct hl_node_file *nf;

    if (!(r->empty & HL_EMPTY(HL_NODE_oom_kills)) && r->oom_kills > INT64_MAX)
        return HL_NODE_oom_kills;
    if (!r->host[0])
        return HL_NODE_host;
    nf = hl_procset_add_node_file(set);
    if (!nf)
        return HL_ROW_NOMEM;
    nf->cgroup_peak = r->cgroup_peak;
    nf->mem_limit = r->mem_limit;
    nf->oom_kills =
        r->empty & HL_EMPTY(HL_NODE_oom_kills) ? -1 : (int64_t)r->oom_kills;
    nf->host = hl_strpool_intern(&set->hosts, r->host, strlen(r->host));
    return nf->host == UINT32_MAX ? HL_ROW_NOMEM : HL_ROW_GOOD;
}

/* The kinds of file, the record last: a file is one unless its first
 * line says it is another. count: where set counts its rows; max_bytes:
 * the largest file of the kind. */
static const struct {
    const struct hl_format *format;
    hl_row_fn store;
    size_t count;
    size_t max_bytes;
} _kinds[] = {
    {&hl_exit_format, _store_exit, offsetof(struct hl_procset, nexits),
     HL_EXIT_MAX_BYTES},
    {&hl_node_format, _store_node, offsetof(struct hl_procset, nnode_files),
     HL_NODE_MAX_BYTES},
    {&hl_record_format, _store_record, offsetof(struct hl_procset, count),
     HL_RECORD_MAX_BYTES},
};
#define _NKINDS (sizeof(_kinds) / sizeof(_kinds[0]))

/* The kind that buf's first line claims, the record by default. */
static size_t _kind_of(const char *buf, size_t len)
{
    size_t k = 0;

    while (k + 1 < _NKINDS && !hl_format_claims(_kinds[k].format, buf, len))
        k++;
    return k;
}

size_t hl_file_bound(const char *buf, size_t len, const char **kind)
{
    size_t k = _kind_of(buf, len);

    if (hl_format_claims(&hl_merged_format, buf, len)) {
        *kind = hl_merged_format.kind;
        return HL_MERGED_MAX_BYTES;
    }
    *kind = _kinds[k].format->kind;
    return hl_format_claims(_kinds[k].format, buf, len) ? _kinds[k].max_bytes
                                                        : 0;
}

/* Reads buf[0..len) as a file of the kind its first line says, its rows
 * one by one into set; on a fault, none of them. sec: the section of a
 * merged node file it is, NULL for a file of its own. */
static int _read_one(const char *buf, size_t len, struct hl_procset *set,
                     struct hl_section *sec, char *err, size_t errlen)
{
    union {
        struct hl_record_row record;
        struct hl_exit_row exit;
        struct hl_node_row node;
    } row;
    size_t k = _kind_of(buf, len), *count, before, counts = set->ncounts;
    size_t exits_read = set->nexits_read;
    int rc;

    count = (size_t *)((char *)set + _kinds[k].count);
    before = *count;
    rc = sec ? hl_format_read_section(_kinds[k].format, buf, len, sec, &row,
                                      _kinds[k].store, set, err, errlen)
             : hl_format_read(_kinds[k].format, buf, len, &row, _kinds[k].store,
                              set, err, errlen);
    if (rc == 0) {
        if (hl_timelines_commit(&set->timelines, set->procs, &set->hosts) == 0)
            return 0;
        snprintf(err, errlen, "out of memory");
    }
    hl_timelines_drop(&set->timelines);
    *count = before;
    set->ncounts = counts;
    set->nexits_read = exits_read;
    return -1;
}

/* The merged file's own row, kept beyond its reading. */
struct _merged {
    char host[256];
    uint64_t files, unmerged;
    char missing[1024];
    int rows;
};

static int _store_merged(void *ctx, const void *row)
{
    struct _merged *m = ctx;
    const struct hl_merged_row *r = row;

    if (r->unmerged > r->files)
        return HL_MERGED_unmerged;
    if (!r->host[0])
        return HL_MERGED_host;
    snprintf(m->host, sizeof(m->host), "%s", r->host);
    snprintf(m->missing, sizeof(m->missing), "%s", r->missing);
    m->files = r->files;
    m->unmerged = r->unmerged;
    m->rows++;
    return HL_ROW_GOOD;
}

/* A section's fault, its line numbers made the file's. */
static void _section_fault(char *err, size_t errlen, const char *what,
                           unsigned first_line)
{
    unsigned line;
    int skip = 0;

    if (sscanf(what, "line %u%n", &line, &skip) == 1 && skip > 0)
        snprintf(err, errlen, "line %u%s", first_line + line - 1, what + skip);
    else
        snprintf(err, errlen, "the section at line %u: %s", first_line, what);
}

struct _merged_read {
    struct hl_procset *set;
    struct _merged own;
    int sections;
    char fault[256]; /* the first bad section's */
};

/* The section that starts s[0..n) (the rest of the file) on line line:
 * read, and how long it is (sec). */
static void _merged_section(struct _merged_read *mr, const char *s, size_t n,
                            unsigned line, struct hl_section *sec)
{
    struct hl_merged_row row;
    struct _merged inner;
    char what[160];
    int rc;

    if (mr->sections++ == 0) {
        rc =
            hl_format_read_section(&hl_merged_format, s, n, sec, &row,
                                   _store_merged, &mr->own, what, sizeof(what));
    } else if (hl_format_claims(&hl_merged_format, s, n)) {
        hl_format_read_section(&hl_merged_format, s, n, sec, &row,
                               _store_merged, &inner, what, sizeof(what));
        rc = -1;
        snprintf(what, sizeof(what), "a merged node file within one");
    } else {
        rc = _read_one(s, n, mr->set, sec, what, sizeof(what));
    }
    if (rc < 0 && !mr->fault[0])
        _section_fault(mr->fault, sizeof(mr->fault), what, line);
}

/*
 * A merged node file: each section read as a file of its format, its rows
 * one by one into set; a section ends where a record starts with
 * "# heapline ", found as it is read. A bad section is left out and the
 * others kept; it, and whatever the merge itself says is missing, make the
 * file a fault (one line in err, -1) with its good rows kept.
 */
static int _read_merged(const char *buf, size_t len, struct hl_procset *set,
                        char *err, size_t errlen)
{
    struct _merged_read mr = {.set = set};
    const char *s = buf, *end = buf + len;
    unsigned line = 1;

    while (s < end) {
        struct hl_section sec = {.stop = HL_SECTION_START};

        _merged_section(&mr, s, (size_t)(end - s), line, &sec);
        s += sec.used;
        line += sec.lines;
    }
    if (mr.sections == 0 || mr.own.rows != 1) {
        snprintf(err, errlen, "%s",
                 mr.fault[0] ? mr.fault
                             : "not a heapline merged "
                               "node file (its own row)");
        return -1;
    }
    if (!mr.fault[0] && !mr.own.unmerged && !mr.own.missing[0])
        return 0;
    snprintf(err, errlen, "%s", mr.fault);
    if (!mr.own.unmerged && !mr.own.missing[0])
        return -1;
    snprintf(err + strlen(err), errlen - strlen(err),
             "%s%s: ", mr.fault[0] ? "; " : "", mr.own.host);
    if (mr.own.unmerged)
        snprintf(err + strlen(err), errlen - strlen(err),
                 "%llu of %llu records not merged: ",
                 (unsigned long long)mr.own.unmerged,
                 (unsigned long long)mr.own.files);
    snprintf(err + strlen(err), errlen - strlen(err), "%s", mr.own.missing);
    return -1;
}

int hl_read_file(const char *buf, size_t len, struct hl_procset *set, char *err,
                 size_t errlen)
{
    if (hl_format_claims(&hl_merged_format, buf, len))
        return _read_merged(buf, len, set, err, errlen);
    return _read_one(buf, len, set, NULL, err, errlen);
}

void hl_proc_to_record(const struct hl_procset *set, const struct hl_proc *p,
                       struct hl_record_row *r)
{
    const char *program = hl_strpool_get(&set->programs, p->program);
    const struct hl_proc_counts *k = &set->counts[p->counts];

    *r = (struct hl_record_row){
        .rank = p->rank,
        .host = hl_strpool_get(&set->hosts, p->host),
        .pid = p->pid,
        .job = hl_strpool_get(&set->jobs, p->job),
        .elapsed_ms = p->elapsed_ms,
        .allocs = k->allocs,
        .frees = k->frees,
        .peak_heap = p->peak_heap,
        .peak_heap_time_ms = p->peak_time_ms,
        .live_heap_at_exit = k->live_at_exit,
        .vmhwm = p->vmhwm,
        .vmrss_at_exit = p->vmrss_at_exit,
        .program = program[0] ? program : NULL,
        .ppid = p->ppid,
        .empty = p->ppid == HL_PPID_UNKNOWN ? HL_EMPTY(HL_REC_ppid) : 0,
        .start_time_ns = p->start_ns,
        .peak_pss = p->pss,
        .peak_pss_shmem = p->pss_shmem,
        .peak_rss_shmem = p->rss_shmem,
    };
    if (p->start_ns < 0)
        r->empty |= HL_EMPTY(HL_REC_start_time_ns);
    if (!p->pss)
        r->empty |= HL_EMPTY(HL_REC_peak_pss) |
                    HL_EMPTY(HL_REC_peak_pss_shmem) |
                    HL_EMPTY(HL_REC_peak_rss_shmem);
}
