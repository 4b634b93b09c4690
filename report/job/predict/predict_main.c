#include "predict_main.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "shared/escape.h"
#include "job/reading.h"
#include "job/warn.h"

static int _by_ranks(const void *pa, const void *pb)
{
    const struct hl_predict_run *a = pa, *b = pb;

    if (a->ranks != b->ranks)
        return a->ranks < b->ranks ? -1 : 1;
    return strcmp(a->path, b->path);
}

/* The figures of the run that path names into run. Returns 0, 1 when some
 * of its inputs were skipped, or 2 (said on stderr). */
static int _run(const struct hl_options *opt, char *path,
                struct hl_predict_run *run)
{
    struct hl_reading_want want = {.name = path, .ordered_ranks = 1};
    struct hl_reading *rd = malloc(sizeof(*rd));
    char why[256], shown[1024];
    int status;

    if (!rd) {
        fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
        return 2;
    }
    status = hl_read_report(opt, &path, 1, &want, rd);
    if (status == 0 &&
        hl_predict_run_figures(&rd->r, path, run, why, sizeof(why)) < 0) {
        hl_escape(path, shown, sizeof(shown));
        fprintf(stderr, "%s: %s: %s\n", HL_PROGRAM, shown, why);
        status = 2;
    }
    if (status == 0)
        status = rd->skipped ? 1 : 0;
    hl_reading_free(rd);
    free(rd);
    return status;
}

static void _print(FILE *out, const struct hl_options *opt,
                   const struct hl_prediction *p)
{
    switch (opt->format) {
    case HL_FORMAT_JSON:
        hl_predict_print_json(out, p);
        return;
    case HL_FORMAT_CSV:
        hl_predict_print_csv(out, p);
        return;
    case HL_FORMAT_HTML:
        hl_predict_print_html(out, p);
        return;
    default:
        hl_predict_print_text(out, p);
    }
}

/* --html=FILE: the page too, refused or not, as the text is. */
static int _write_html(const char *path, const struct hl_prediction *p)
{
    FILE *f = fopen(path, "w");
    char shown[1024];

    if (f) {
        hl_predict_print_html(f, p);
        bool failed = ferror(f);

        if (fclose(f) == 0 && !failed)
            return 0;
    }
    hl_escape(path, shown, sizeof(shown));
    fprintf(stderr, "%s: %s: %s\n", HL_PROGRAM, shown, strerror(errno));
    return -1;
}

int hl_predict_main(const struct hl_options *opt)
{
    struct hl_predict_run *runs;
    struct hl_prediction p;
    int skipped = 0, status = 0;

    if (opt->npaths < 2) {
        fprintf(stderr,
                "%s: --predict needs two or more runs (each RUN a file or "
                "folder of one run), at different rank counts\n",
                HL_PROGRAM);
        return 2;
    }
    if (!(runs = calloc((size_t)opt->npaths, sizeof(*runs)))) {
        fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
        return 2;
    }
    for (int i = 0; i < opt->npaths && status < 2; i++) {
        status = _run(opt, opt->paths[i], &runs[i]);
        skipped |= status == 1;
    }
    if (status < 2) {
        qsort(runs, (size_t)opt->npaths, sizeof(*runs), _by_ranks);
        if (hl_predict(&p, opt, runs, (size_t)opt->npaths) < 0) {
            fprintf(stderr, "%s: out of memory\n", HL_PROGRAM);
            status = 2;
        } else {
            _print(stdout, opt, &p);
            if (fflush(stdout) != 0 || ferror(stdout)) {
                perror(HL_PROGRAM ": stdout");
                status = 2;
            } else if (opt->html && _write_html(opt->html, &p) < 0)
                status = 2;
            else
                status = !p.predicted ? 2 : skipped ? 1 : 0;
            /* The text says why; a reader of JSON may not look. */
            if (!p.predicted && opt->format != HL_FORMAT_TEXT)
                fprintf(stderr, "%s: %s\n", HL_PROGRAM, p.refused);
        }
    }
    free(runs);
    return status;
}
