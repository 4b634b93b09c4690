/* heapline-site: the site's view of every measured step, per user and per
 * account, from the summary lines the SPANK plugin keeps (site=DIR). */
#include <stdio.h>
#include <unistd.h>

#include "site_agg.h"
#include "site_cli.h"
#include "site_out.h"
#include "site_output.h"
#include "site_read.h"

static int _add(void *ctx, const struct hl_site_row *row)
{
    return hl_site_agg_add(ctx, row);
}

/* The report, to stdout or --output: 0, or -1 (said). */
static int _print(const struct hl_site_view *v)
{
    static char buf[1 << 16];
    struct hl_site_output o;

    if (hl_site_output_open(&o, v->opt->output) < 0)
        return -1;
    setvbuf(o.f, buf, _IOFBF, sizeof(buf));
    switch (v->opt->out) {
    case HL_SITE_OUT_JSON:
        hl_site_print_json(o.f, v);
        break;
    case HL_SITE_OUT_CSV:
        hl_site_print_csv(o.f, v);
        break;
    case HL_SITE_OUT_HTML:
        hl_site_print_html(o.f, v);
        break;
    case HL_SITE_OUT_OPENMETRICS:
        hl_site_print_openmetrics(o.f, v);
        break;
    default:
        hl_site_print_text(o.f, v);
    }
    return hl_site_output_close(&o);
}

int main(int argc, char **argv)
{
    struct hl_site_options opt;
    struct hl_site_filter filter;
    struct hl_site_reading reading = {0};
    struct hl_site_agg agg;
    struct hl_site_view view;
    int status = hl_site_parse_cli(argc, argv, &opt), unread = 0, notes = 0;

    if (status >= 0)
        return status;
    /* Only root sees every user unless asked: the folder's modes are what
     * keeps the lines private (doc/admin.md), this keeps a published
     * folder's report to the reader's own jobs by default. */
    filter = (struct hl_site_filter){opt.since, opt.until,
                                     !opt.all_users && getuid() != 0, getuid()};
    if (hl_site_agg_init(&agg, opt.top) < 0) {
        fprintf(stderr, "%s: out of memory\n", HL_SITE_PROGRAM);
        hl_site_agg_free(&agg);
        return 2;
    }
    for (int i = 0; i < opt.ndirs && !reading.nomem; i++)
        unread +=
            hl_site_read_dir(opt.dirs[i], &filter, _add, &agg, &reading) < 0;
    if (reading.nomem || hl_site_view_init(&view, &opt, &agg, &reading) < 0) {
        fprintf(stderr, "%s: out of memory\n", HL_SITE_PROGRAM);
        return 2;
    }
    if (unread == opt.ndirs) {
        hl_site_view_free(&view);
        hl_site_agg_free(&agg);
        return 2;
    }
    if (_print(&view) < 0)
        return 2;
    if (opt.notes)
        notes = hl_site_write_notes(opt.notes, &view);
    hl_site_view_free(&view);
    hl_site_agg_free(&agg);
    return notes == 2 ? 2 : reading.problems || notes ? 1 : 0;
}
