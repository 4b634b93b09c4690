/* The sites at the peak as the text report shows them
 * (hl_callsites_print_text), in tables, and their icicle. */
#include "html_callsites.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "format_size.h"
#include "job/callsites/callsites_names.h"
#include "shared/html_escape.h"

/* An estimate and its standard error, in two cells, as the text's. */
static void _estimate(FILE *out, uint64_t bytes, double variance)
{
    char b[HL_SIZE_BUF], e[HL_SIZE_BUF];

    hl_format_size(bytes, b);
    hl_format_size((uint64_t)llround(sqrt(variance)), e);
    fprintf(out, "<td>%s</td><td>± %s</td>", b, e);
}

/* The label of the text report: site <- callers, [N calls] when merged. */
static void _site(FILE *out, const struct hl_callsites_view *v, uint32_t stack,
                  size_t callers, uint32_t calls)
{
    char label[2048];
    size_t at;

    hl_callsite_label_text(v->sym, v->db, stack, callers, label, sizeof(label));
    at = strlen(label);
    if (calls > 1)
        snprintf(label + at, sizeof(label) - at, " [%" PRIu32 " calls]", calls);
    hl_html_cell(out, "site", label);
}

static void _totals(FILE *out, const struct hl_callsites_view *v, size_t shown)
{
    char rate[HL_SIZE_BUF], note[512];
    bool merged = false;

    hl_format_size(v->db->rate, rate);
    fprintf(out,
            "<h3>Sites at the peak (%zu of %zu; sampled every %s allocated on "
            "average, estimates ± one standard error)</h3>\n"
            "<table class=\"sites\"><thead><tr><th>at peak</th><th>± "
            "error</th><th>processes</th><th class=\"site\">site &lt;- "
            "callers</th></tr></thead><tbody>\n",
            shown, v->ntotals, rate);
    for (size_t i = 0; i < shown; i++) {
        const struct hl_callsite_total *t = &v->totals[i];

        fputs("<tr class=\"site\">", out);
        _estimate(out, t->bytes, t->variance);
        fprintf(out, "<td>%" PRIu32 "</td>", t->records);
        _site(out, v, t->stack, HL_CALLSITES_CALLERS, t->stacks);
        fputs("</tr>\n", out);
        merged |= t->stacks > 1;
    }
    fputs("</tbody></table>\n", out);
    if (merged)
        fputs("<p id=\"merged-calls\">[N calls]: N calls that these frames do "
              "not tell apart (no line information), summed.</p>\n",
              out);
    if (hl_callsites_dropped_note(v, note, sizeof(note)))
        fprintf(out, "<p id=\"sites-dropped\">%s</p>\n", note);
}

static void _ranks(FILE *out, const struct hl_callsites_view *v)
{
    if (!v->nranks)
        return;
    fprintf(out,
            "<h3>Largest sites of the top %s</h3>\n<table "
            "class=\"rank-sites\"><thead><tr><th>%s</th><th "
            "class=\"host\">host</th><th>at peak</th><th>± error</th><th "
            "class=\"site\">site &lt;- caller</th></tr></thead><tbody>\n",
            v->by_process ? "processes" : "ranks",
            v->by_process ? "process" : "rank");
    for (size_t r = 0; r < v->nranks; r++) {
        const struct hl_callsites_rank *k = &v->ranks[r];
        const struct hl_proc *p = &v->set->procs[k->proc];
        char name[320];

        hl_callsites_row_name(v, k, name, sizeof(name));
        for (uint32_t i = 0; i < k->n && i < HL_CALLSITES_PER_RANK; i++) {
            const struct hl_proc_callsite *s = &v->db->callsites[k->first + i];

            if (i)
                fputs("<tr><td></td><td class=\"host\"></td>", out);
            else {
                fputs("<tr>", out);
                hl_html_cell(out, NULL, name);
                hl_html_cell(out, "host",
                             hl_strpool_get(&v->set->hosts, p->host));
            }
            _estimate(out, s->bytes, (double)s->se * (double)s->se);
            _site(out, v, s->stack, 1, 1);
            fputs("</tr>\n", out);
        }
    }
    fputs("</tbody></table>\n", out);
}

static void _icicle(FILE *out, const struct hl_callsites_view *v)
{
    fputs("<h3>Stacks at the peak</h3>\n<p class=\"legend\">Each frame as "
          "wide as the bytes its calls held at the peak, summed over the "
          "processes; the outermost on top. "
          "<span class=\"item\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
          "width=\"12\" height=\"12\"><rect class=\"own\" width=\"12\" "
          "height=\"12\"/></svg> the program's own</span><span "
          "class=\"item\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
          "width=\"12\" height=\"12\"><rect class=\"runtime\" width=\"12\" "
          "height=\"12\"/></svg> runtime and C library</span></p>\n",
          out);
    if (hl_html_icicle(out, v) < 0)
        fputs("<p>(No chart of the stacks: out of memory.)</p>\n", out);
}

/* Whether any site has a frame: the stacks beyond the library's table
 * have none. */
static bool _stacks(const struct hl_callsites_view *v)
{
    for (size_t i = 0; i < v->ntotals; i++)
        if (v->db->stacks[v->totals[i].stack].depth)
            return true;
    return false;
}

void hl_html_callsites(FILE *out, const struct hl_report *r)
{
    const struct hl_callsites_view *v = r->callsites;
    size_t shown;

    if (!v)
        return;
    shown = v->top < v->ntotals ? v->top : v->ntotals;
    if (!shown)
        return;
    fputs("<section id=\"sites\"><h2>Allocation sites at the peak</h2>\n", out);
    _totals(out, v, shown);
    _ranks(out, v);
    if (_stacks(v))
        _icicle(out, v);
    fputs("</section>\n", out);
}
