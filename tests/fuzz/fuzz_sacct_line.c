/* libFuzzer target: one line of `sacct -o JobID,MaxRSS,MaxRSSNode,
 * MaxRSSTask,ReqMem,TRESUsageInTot -P -n` ("5.0|159856K|n1|0|4000M|energy=0"),
 * from a buffer of its exact size, so a read past the line is an ASan
 * error. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "job/slurm/sacct.h"
#include "shared/slurm_size.h"

/* What an accepted row holds must come from the line's fields. */
static void _check_row(const char *line, size_t len,
                       const struct hl_sacct_row *r)
{
    const char *first = memchr(line, '|', len);
    uint64_t maxrss;
    size_t bars = 0;

    for (size_t i = 0; i < len; i++)
        bars += line[i] == '|';
    FUZZ_CHECK(bars >= 3 && bars <= 5);
    /* usage is only ever the sixth field, and a filled one */
    FUZZ_CHECK(!r->has_usage || (bars == 5 && line[len - 1] != '|'));
    FUZZ_CHECK(fuzz_terminated(r->jobid, sizeof(r->jobid)));
    FUZZ_CHECK(fuzz_terminated(r->node, sizeof(r->node)));
    FUZZ_CHECK(!strchr(r->jobid, '|') && !strchr(r->node, '|'));
    /* the job id is the first field, whole */
    FUZZ_CHECK(first != NULL && first > line);
    FUZZ_CHECK(memcmp(r->jobid, line, (size_t)(first - line)) == 0 &&
               r->jobid[first - line] == '\0');
    if (r->has_maxrss) {
        const char *f = first + 1;
        const char *bar = memchr(f, '|', (size_t)(line + len - f));

        FUZZ_CHECK(bar);
        FUZZ_CHECK(hl_parse_slurm_figure(f, (size_t)(bar - f), 0, &maxrss) ==
                   0);
        FUZZ_CHECK(maxrss == r->maxrss);
    }
    if (r->has_reqmem) {
        FUZZ_CHECK(bars >= 4 && r->reqmem > 0);
        FUZZ_CHECK(r->reqmem_kind == 'n' || r->reqmem_kind == 'c' ||
                   r->reqmem_kind == 't');
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *line = malloc(size ? size : 1);
    struct hl_sacct_row a, b;
    int rc;

    memcpy(line, data, size);
    rc = hl_sacct_parse_line(line, size, &a);
    FUZZ_CHECK(rc == 0 || rc == -1);
    if (rc == 0) {
        _check_row(line, size, &a);
        /* the row is all the parser's own: the same line gives it again */
        FUZZ_CHECK(hl_sacct_parse_line(line, size, &b) == 0);
        FUZZ_CHECK(memcmp(&a, &b, sizeof(a)) == 0);
    }
    free(line);
    return 0;
}
