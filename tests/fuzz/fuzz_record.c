/* libFuzzer target: heapline-report's reader of records, exit files and
 * node files (read_files.c, over common/format_read.c) on any bytes, then
 * the whole report (exits matched to processes, aggregation, suggestion,
 * text, JSON, CSV) of what it accepted. Each file is copied into a buffer
 * of its exact size, so a read past it is an ASan error. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job/model/aggregate.h"
#include "check.h"
#include "exit_format.h"
#include "job/read/read_files.h"
#include "job/report.h"

/* The most rows a file can hold: every complete line after the magic and
 * header lines that is not empty (a lone "\r" is empty). Without quotes,
 * each is one row; a quoted field may span lines. */
static size_t _data_lines(const char *buf, size_t len)
{
    size_t lines = 0, n = 0;
    const char *p = buf, *end = buf + len, *nl;

    while (p < end && (nl = memchr(p, '\n', (size_t)(end - p)))) {
        size_t l = (size_t)(nl - p);

        if (l && p[l - 1] == '\r')
            l--;
        if (n++ >= 2 && l)
            lines++;
        p = nl + 1;
    }
    return lines;
}

static void _check_procs(const struct hl_procset *set)
{
    for (size_t i = 0; i < set->count; i++) {
        const struct hl_proc *p = &set->procs[i];
        const char *host;

        FUZZ_CHECK(p->rank >= -1);
        FUZZ_CHECK(p->host < set->hosts.count);
        FUZZ_CHECK(p->job < set->jobs.count);
        host = hl_strpool_get(&set->hosts, p->host);
        FUZZ_CHECK(host[0] != '\0');
    }
    for (size_t i = 0; i < set->nexits; i++) {
        const struct hl_task_exit *x = &set->exits[i];

        FUZZ_CHECK(x->host < set->hosts.count);
        FUZZ_CHECK(hl_strpool_get(&set->hosts, x->host)[0] != '\0');
        /* killed by a signal, or exited with a status, or neither known:
         * never two */
        if (x->status == HL_STATUS_SIGNALED)
            FUZZ_CHECK(x->signal >= 1 && x->exit_code == -1);
        else if (x->status == HL_STATUS_EXITED)
            FUZZ_CHECK(!x->signal && x->exit_code >= 0 && x->exit_code <= 255);
        else
            FUZZ_CHECK(x->status == HL_STATUS_UNKNOWN && !x->signal &&
                       x->exit_code == -1);
    }
}

static void _check_summary(const struct hl_procset *set,
                           const struct hl_summary *sum)
{
    size_t procs = 0, ranks = 0;

    FUZZ_CHECK(sum->nprocs == set->count);
    FUZZ_CHECK(sum->nranks >= 1 && sum->nranks <= set->count);
    FUZZ_CHECK(sum->nnodes >= 1 && sum->nnodes <= set->hosts.count);
    for (size_t i = 0; i < sum->nnodes; i++) {
        procs += sum->nodes[i].procs;
        ranks += sum->nodes[i].ranks;
    }
    FUZZ_CHECK(procs == set->count && ranks == sum->nranks);
    FUZZ_CHECK(sum->peak.max >= sum->peak.median &&
               sum->peak.median >= sum->peak.min);
    for (size_t i = 0; i < sum->nranks; i++)
        FUZZ_CHECK(sum->ranks[i].proc < set->count);
    /* The processes listed: each once, outside MPI in place of the ranks,
     * else under the rank whose process they are not. */
    FUZZ_CHECK(sum->list.n <= set->count);
    for (size_t i = 0; i < sum->list.n; i++)
        FUZZ_CHECK(sum->list.procs[i] < set->count);
    for (size_t i = 0; i < sum->list.nunder; i++) {
        const uint32_t *under = NULL;
        size_t n = hl_proc_list_under(&sum->list, i, &under);

        FUZZ_CHECK(n <= sum->ranks[i].others);
        for (size_t k = 0; k < n; k++)
            FUZZ_CHECK(under[k] != sum->ranks[i].proc &&
                       set->procs[under[k]].rank ==
                           set->procs[sum->ranks[i].proc].rank);
    }
}

/* Every output format, with no request, --mem and --mem-per-cpu: each
 * with a suggestion, as a run outside Slurm has one too. */
static void _print_all(struct hl_report *r, FILE *sink)
{
    static const enum hl_mem_request_kind kinds[] = {HL_REQ_NONE, HL_REQ_MEM,
                                                     HL_REQ_MEM_PER_CPU};

    for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
        r->req.kind = kinds[k];
        r->req.bytes = 4ULL << 30;
        r->req.cpus_per_rank = 2;
        hl_suggest(r);
        FUZZ_CHECK(r->sug.known);
        FUZZ_CHECK(fuzz_terminated(r->sug.option, sizeof(r->sug.option)));
        hl_print_text(sink, r);
        hl_print_json(sink, r);
        hl_print_csv(sink, r);
    }
}

static void _report(struct hl_procset *set, FILE *sink)
{
    struct hl_summary sum;
    struct hl_report r = {.set = set, .sum = &sum, .top = 3, .margin_pct = 10};

    if (hl_aggregate(set, &sum) < 0)
        abort(); /* out of memory on a fuzz input: not a finding to hide */
    _check_summary(set, &sum);
    _print_all(&r, sink);
    hl_summary_free(&sum);
}

/* One file as the report's loader reads it: a record, an exit file or a
 * node file. */
static int _parse_file(const char *buf, size_t len, struct hl_procset *set,
                       char *err, size_t errlen)
{
    return hl_read_file(buf, len, set, err, errlen);
}

static size_t _entries(const struct hl_procset *set)
{
    return set->count + set->nexits + set->nnode_files;
}

/* Parses one file (from a buffer of its exact size) into set. */
static void _check_file(const char *data, size_t len, struct hl_procset *set)
{
    char *buf = malloc(len ? len : 1), err[96], tiny[4];
    size_t before = _entries(set), lines;
    uint32_t hosts, jobs;
    int rc;

    memcpy(buf, data, len);
    memset(err, 'x', sizeof(err));
    rc = _parse_file(buf, len, set, err, sizeof(err));
    FUZZ_CHECK(rc == 0 || rc == -1);
    if (rc < 0) {
        FUZZ_CHECK(_entries(set) == before);
        FUZZ_CHECK(fuzz_terminated(err, sizeof(err)) && err[0] != '\0');
        /* a short message buffer is cut, never overrun */
        FUZZ_CHECK(_parse_file(buf, len, set, tiny, sizeof(tiny)) < 0);
        FUZZ_CHECK(fuzz_terminated(tiny, sizeof(tiny)));
    } else {
        lines = _data_lines(buf, len);
        FUZZ_CHECK(_entries(set) - before >= 1 &&
                   _entries(set) - before <= lines);
        if (!memchr(buf, '"', len))
            FUZZ_CHECK(_entries(set) - before == lines);
        /* the same file again adds as much, and interns no new host or job */
        hosts = set->hosts.count;
        jobs = set->jobs.count;
        lines = _entries(set) - before;
        FUZZ_CHECK(_parse_file(buf, len, set, err, sizeof(err)) == 0);
        FUZZ_CHECK(_entries(set) - before == 2 * lines);
        FUZZ_CHECK(set->hosts.count == hosts && set->jobs.count == jobs);
    }
    free(buf);
}

/* The input is one or more files, each ended by a form feed. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    const char *p = (const char *)data, *end = p + size, *ff;
    struct hl_procset set = {0};

    if (!sink && !(sink = fopen("/dev/null", "w")))
        abort();
    for (;;) {
        ff = memchr(p, '\f', (size_t)(end - p));
        _check_file(p, (size_t)((ff ? ff : end) - p), &set);
        if (!ff)
            break;
        p = ff + 1;
    }
    _check_procs(&set);
    hl_procset_match_exits(&set);
    if (set.count)
        _report(&set, sink);
    hl_procset_free(&set);
    return 0;
}
