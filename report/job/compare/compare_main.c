#include "compare_main.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "compare_words.h"
#include "shared/escape.h"
#include "job/reading.h"
#include "job/warn.h"

/* Each side is one run: records of several would be compared as one. */
static int _one_run(const struct hl_reading *rd, const char *which)
{
    const struct hl_runs *runs = &rd->runs;

    if (runs->count < 2)
        return 0;
    fprintf(stderr,
            "%s: %s holds the records of %zu runs: give the files or folder "
            "of one run (a step folder heapline-JOB.STEP) on each side\n",
            HL_PROGRAM, which, runs->count);
    return 2;
}

static int _print(FILE *out, const struct hl_options *opt,
                  const struct hl_compare *c)
{
    switch (opt->format) {
    case HL_FORMAT_JSON:
        hl_compare_print_json(out, c);
        return 0;
    case HL_FORMAT_CSV:
        hl_compare_print_csv(out, c);
        return 0;
    case HL_FORMAT_HTML:
        hl_compare_print_html(out, c);
        return 0;
    default:
        return hl_compare_print_text(out, c);
    }
}

static int _write_html(const char *path, const struct hl_compare *c)
{
    FILE *f = fopen(path, "w");

    if (f) {
        hl_compare_print_html(f, c);
        if (!ferror(f) && fclose(f) == 0)
            return 0;
    }
    fprintf(stderr, "%s: %s: %s\n", HL_PROGRAM, path, strerror(errno));
    return -1;
}

/* Reads both runs, then compares and prints them. */
static int _compare(const struct hl_options *opt, struct hl_reading rd[2])
{
    struct hl_reading_want want = {.ask_slurm = true,
                                   .ordered_ranks = opt->top};
    char old_name[PATH_MAX + 64], new_name[PATH_MAX + 64];
    struct hl_compare c;
    int status;

    want.name = "OLD";
    if ((status = hl_read_report(opt, opt->compare, opt->ncompare, &want,
                                 &rd[0])) != 0)
        return status;
    want.name = "NEW";
    if ((status =
             hl_read_report(opt, opt->paths, opt->npaths, &want, &rd[1])) != 0)
        return status;
    if ((status = _one_run(&rd[0], "OLD")) ||
        (status = _one_run(&rd[1], "NEW")))
        return status;
    hl_cmp_operands(opt->compare, opt->ncompare, old_name, sizeof(old_name));
    hl_cmp_operands(opt->paths, opt->npaths, new_name, sizeof(new_name));
    if (hl_compare(&c, &rd[0].r, &rd[1].r, old_name, new_name, opt) < 0) {
        hl_compare_free(&c);
        fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
        return 2;
    }
    status = _print(stdout, opt, &c);
    if (status == 0 && (fflush(stdout) != 0 || ferror(stdout))) {
        perror(HL_PROGRAM ": stdout");
        status = 2;
    }
    if (status == 0 && opt->html && _write_html(opt->html, &c) < 0)
        status = 2;
    if (status == 0 && c.ngrown) {
        char verdict[HL_SENTENCE], shown[HL_SENTENCE * 4];

        hl_cmp_verdict(&c, verdict);
        hl_escape(verdict, shown, sizeof(shown));
        fprintf(stderr, "%s: %s\n", HL_PROGRAM, shown);
        status = 3;
    }
    if (status == 0 && (rd[0].skipped || rd[1].skipped))
        status = 1;
    hl_compare_free(&c);
    return status;
}

int hl_compare_main(const struct hl_options *opt)
{
    struct hl_reading *rd = calloc(2, sizeof(*rd));
    int status;

    if (!rd) {
        fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
        return 2;
    }
    status = _compare(opt, rd);
    hl_reading_free(&rd[0]);
    hl_reading_free(&rd[1]);
    free(rd);
    return status;
}
