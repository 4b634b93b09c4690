/* heapline-report: reads heapline records and reports what the job
 * needed, per rank and per node, against its request and sacct; or, with
 * --compare, what changed between two runs; or, with --predict, what a
 * run at another scale will need. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "job/compare/compare_main.h"
#include "job/predict/predict_main.h"
#include "reading.h"
#include "report.h"
#include "warn.h"

static int _print(const struct hl_options *opt, const struct hl_report *r)
{
    static char buf[1 << 16];

    setvbuf(stdout, buf, _IOFBF, sizeof(buf));
    switch (opt->format) {
    case HL_FORMAT_JSON:
        hl_print_json(stdout, r);
        return 0;
    case HL_FORMAT_CSV:
        return hl_print_csv(stdout, r);
    case HL_FORMAT_FOLDED:
        hl_callsites_print_folded(stdout, r->callsites);
        return 0;
    case HL_FORMAT_HTML:
        hl_print_html(stdout, r);
        return 0;
    default:
        return hl_print_text(stdout, r);
    }
}

/* The page to a file of its own, beside the chosen output: the SPANK
 * plugin writes report.txt and report.html from one reading. */
static int _write_html(const char *path, const struct hl_report *r)
{
    FILE *f = fopen(path, "w");

    if (f) {
        hl_print_html(f, r);
        if (!ferror(f) && fclose(f) == 0)
            return 0;
    }
    fprintf(stderr, "%s: %s: %s\n", HL_PROGRAM, path, strerror(errno));
    return -1;
}

/* The report of one run. */
static int _report(const struct hl_options *opt)
{
    struct hl_reading_want want = {
        .html = opt->format == HL_FORMAT_HTML || opt->html,
        .ask_slurm = true,
        .ordered_ranks = opt->top,
    };
    struct hl_reading *rd = malloc(sizeof(*rd));
    int status;

    if (!rd) {
        fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
        return 2;
    }
    status = hl_read_report(opt, opt->paths, opt->npaths, &want, rd);
    if (status == 0 && opt->format == HL_FORMAT_FOLDED && !rd->has_callsites) {
        fprintf(stderr,
                "%s: no record holds allocation sites (sites are on unless "
                "HEAPLINE_SITES=0, and need libunwind)\n",
                HL_PROGRAM);
        status = 2;
    }
    if (status == 0 && _print(opt, &rd->r) < 0) {
        fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
        status = 2;
    }
    if (status == 0 && (fflush(stdout) != 0 || ferror(stdout))) {
        perror(HL_PROGRAM ": stdout");
        status = 2;
    }
    if (status == 0 && opt->html && _write_html(opt->html, &rd->r) < 0)
        status = 2;
    if (status == 0)
        status = rd->skipped ? 1 : 0;
    hl_reading_free(rd);
    free(rd);
    return status;
}

int main(int argc, char **argv)
{
    struct hl_options opt;
    int status = hl_parse_cli(argc, argv, &opt);

    if (status >= 0)
        return status;
    if (opt.compare)
        status = hl_compare_main(&opt);
    else if (opt.predict)
        status = hl_predict_main(&opt);
    else
        status = _report(&opt);
    hl_options_free(&opt);
    return status;
}
