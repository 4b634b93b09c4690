/* The advice on heapline-site's page: per user, then their job names, as
 * the text has it (see site_html.h). */
#include <inttypes.h>

#include "shared/html_escape.h"
#include "site_figures.h"
#include "site_html.h"

static void _row(FILE *out, const char *user, const char *name, bool whole,
                 const struct hl_site_advice *a)
{
    char mem[80], saved[32];

    hl_site_fmt_advice(a, mem);
    hl_site_fmt_gibh(a->saved, saved);
    fputs("<tr><td class=\"name\">", out);
    hl_html_str(out, user);
    fputs("</td><td class=\"name\">", out);
    hl_html_str(out, name);
    fprintf(out,
            "%s</td><td>%" PRIu64 "</td><td>%s</td><td>%s</td><td>%" PRIu64
            "</td></tr>\n",
            whole ? "" : "*", a->measured, mem, saved, a->killed);
}

void hl_site_html_advice(FILE *out, const struct hl_site_view *v)
{
    const struct hl_site_group *g = &v->agg->users;
    char line[HL_SITE_SENTENCE + 1];
    uint32_t i = 0;

    while (i < g->names.count && !v->advised[i].all.known)
        i++;
    if (i == g->names.count)
        return;
    hl_site_say_advice(v, line);
    fputs("<section id=\"advice\"><h2>", out);
    hl_html_str(out, line);
    fputs("</h2>\n<table><thead><tr><th class=\"name\">user</th>"
          "<th class=\"name\">job name</th><th>steps</th><th>advice</th>"
          "<th>saved</th><th>killed</th></tr></thead><tbody>\n",
          out);
    for (i = 0; i < g->names.count; i++) {
        const struct hl_site_advised *ad = &v->advised[v->users[i]];
        const char *user = hl_strpool_get(&g->names, v->users[i]);

        if (!ad->all.known)
            continue;
        _row(out, user, "(all)", true, &ad->all);
        for (uint32_t k = 0; k < ad->nnames; k++)
            _row(out, user, ad->names[k].name->name, ad->names[k].name->whole,
                 &ad->names[k].advice);
    }
    fputs("</tbody></table>\n", out);
    hl_site_say_advice_terms(line);
    hl_html_para(out, "advice-terms", "note", line);
    hl_site_say_killed(line);
    hl_html_para(out, "advice-killed", "note", line);
    if (hl_site_say_names_partial(v, line))
        hl_html_para(out, "names-partial", "note", line);
    fputs("</section>\n", out);
}
