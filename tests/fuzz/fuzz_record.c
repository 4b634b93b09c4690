/* libFuzzer target: heapline-report's record parser on any bytes, then the
 * whole report (aggregation, suggestion, text, JSON, CSV) of what it
 * accepted. The input is copied into a buffer of its exact size, so a read
 * past the record is an ASan error. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aggregate.h"
#include "check.h"
#include "record.h"
#include "report.h"

/* Lines the parser must turn into processes: every complete line after
 * the magic and header lines that is not empty (a lone "\r" is empty). */
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
        FUZZ_CHECK(host[0] != '\0' && !strpbrk(host, ",\n"));
        FUZZ_CHECK(!strpbrk(hl_strpool_get(&set->jobs, p->job), ",\n"));
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
}

/* Every output format, with no request, --mem and --mem-per-cpu. */
static void _print_all(struct hl_report *r, FILE *sink)
{
    static const enum hl_request_kind kinds[] = {HL_REQ_NONE, HL_REQ_MEM,
                                                 HL_REQ_MEM_PER_CPU};

    for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
        r->req.kind = kinds[k];
        r->req.bytes = 4ULL << 30;
        r->req.cpus_per_rank = 2;
        hl_suggest(r);
        FUZZ_CHECK(r->sug.known == (kinds[k] != HL_REQ_NONE));
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *sink;
    char *buf = malloc(size ? size : 1);
    struct hl_procset set = {0};
    char err[96], tiny[4];
    uint32_t hosts, jobs;
    size_t first;
    int rc;

    if (!sink && !(sink = fopen("/dev/null", "w")))
        abort();
    memcpy(buf, data, size);
    memset(err, 'x', sizeof(err));
    rc = hl_parse_record(buf, size, &set, err, sizeof(err));
    FUZZ_CHECK(rc == 0 || rc == -1);
    if (rc < 0) {
        FUZZ_CHECK(set.count == 0);
        FUZZ_CHECK(fuzz_terminated(err, sizeof(err)) && err[0] != '\0');
        /* a short message buffer is cut, never overrun */
        FUZZ_CHECK(hl_parse_record(buf, size, &set, tiny, sizeof(tiny)) < 0);
        FUZZ_CHECK(fuzz_terminated(tiny, sizeof(tiny)));
    } else {
        first = set.count;
        FUZZ_CHECK(first >= 1 && first == _data_lines(buf, size));
        _check_procs(&set);
        /* a second file of the same processes adds them again, and its
         * hosts and jobs are the ones already interned */
        hosts = set.hosts.count;
        jobs = set.jobs.count;
        FUZZ_CHECK(hl_parse_record(buf, size, &set, err, sizeof(err)) == 0);
        FUZZ_CHECK(set.count == 2 * first);
        FUZZ_CHECK(set.hosts.count == hosts && set.jobs.count == jobs);
        _report(&set, sink);
    }
    hl_procset_free(&set);
    free(buf);
    return 0;
}
