/* The page's processes (proc_list.h says which): outside MPI the table
 * of processes in place of the ranks table, under MPI the rows of each
 * rank's other processes under its row. */
#include <inttypes.h>

#include "format_size.h"
#include "html_parts.h"
#include "job/model/figures.h"
#include "job/model/shared_mem.h"
#include "shared/html_escape.h"

void hl_html_own_shared(FILE *out, const struct hl_report *r,
                        const struct hl_proc *p)
{
    char own[32], shared[40];

    hl_fmt_own_shared(r->set, r->sum, p, own, shared);
    hl_html_cell(out, "num", own);
    hl_html_cell(out, "num", shared);
}

void hl_html_own_shared_words(FILE *out, const char *row)
{
    fprintf(out,
            "<p>Own: the %s's PSS less its share of the memory it shares "
            "(Pss_Shmem); shared: that share, each page of a segment in "
            "/dev/shm or an MPI shared-memory window divided among the "
            "processes that map it, so that no %s is charged for what all of "
            "them map, as its VmHWM is. &#8220;(RSS)&#8221;: a process that "
            "never read its PSS, its whole RssShmem. Each as the node's "
            "concurrent PSS counts it at its peak.</p>",
            row, row);
}

/* pid, parent, host, program (when programs) and the figures of p, own
 * and shared when shares. */
static void _cells(FILE *out, const struct hl_report *r,
                   const struct hl_proc *p, bool programs, bool shares)
{
    char hwm[64], parent[16];
    struct hl_heap_text h;

    hl_fmt_heap(p, &h);
    hl_fmt_hwm(p, false, hwm);
    hl_fmt_ppid(p, parent);
    fprintf(out, "<td>%" PRIu32 "</td>", p->pid);
    hl_html_cell(out, "num", parent);
    hl_html_cell(out, "host", hl_strpool_get(&r->set->hosts, p->host));
    if (programs)
        hl_html_cell(out, "host",
                     hl_strpool_get(&r->set->programs, p->program));
    hl_html_cell(out, "num", h.peak);
    hl_html_cell(out, "num", h.at);
    hl_html_cell(out, "num", hwm);
    hl_html_cell(out, "num", h.ratio);
    if (shares)
        hl_html_own_shared(out, r, p);
}

/* The end of p, the last cell of a row. */
static void _end(FILE *out, const struct hl_report *r, const struct hl_proc *p)
{
    const struct hl_node *n = &r->sum->nodes[r->sum->node_of_host[p->host]];
    char how[64];

    hl_fmt_end(p, n->mem_limit, how);
    hl_html_cell(out, "end", how);
}

static const char *_row_class(const struct hl_proc *p)
{
    return p->signal ? " killed" : hl_proc_cut_short(p) ? " cut" : "";
}

void hl_html_processes_table(FILE *out, const struct hl_report *r)
{
    const uint32_t *procs = r->sum->list.procs;
    size_t shown = hl_shown_procs(r);
    bool programs = false, shares = false;

    /* Records of older versions name no program: no column then. */
    for (size_t i = 0; i < shown && !programs; i++)
        programs = hl_strpool_get(&r->set->programs,
                                  r->set->procs[procs[i]].program)[0] != 0;
    for (size_t i = 0; i < shown && !shares; i++)
        shares = hl_shares(r->set, r->sum, &r->set->procs[procs[i]]);
    fprintf(out,
            "<section id=\"processes\"><h2>Processes by peak heap (%zu of "
            "%zu)</h2>\n<table><thead><tr><th>pid</th><th>parent</th><th "
            "class=\"host\">host</th>%s<th>peak heap</th><th>at (s)</th>"
            "<th>VmHWM</th><th>heap / VmHWM</th>%s<th "
            "class=\"end\">end</th></tr></thead><tbody>\n",
            shown, r->sum->nprocs,
            programs ? "<th class=\"host\">program</th>" : "",
            shares ? "<th>own</th><th>shared</th>" : "");
    for (size_t i = 0; i < shown; i++) {
        const struct hl_proc *p = &r->set->procs[procs[i]];

        fprintf(out, "<tr class=\"process%s\">", _row_class(p));
        _cells(out, r, p, programs, shares);
        _end(out, r, p);
        fputs("</tr>\n", out);
    }
    fputs("</tbody></table>", out);
    if (shares)
        hl_html_own_shared_words(out, "process");
    fputs("</section>\n", out);
}

bool hl_html_rank_processes(FILE *out, const struct hl_report *r, size_t i,
                            bool programs, bool shares, bool others)
{
    const uint32_t *procs = NULL;
    size_t n = hl_shown_under(r, i, &procs);

    for (size_t k = 0; k < n; k++) {
        const struct hl_proc *p = &r->set->procs[procs[k]];

        fprintf(out, "<tr class=\"under%s\"><td></td>", _row_class(p));
        _cells(out, r, p, programs, shares);
        if (others)
            fputs("<td></td>", out);
        _end(out, r, p);
        fputs("</tr>\n", out);
    }
    return n < r->sum->ranks[i].others;
}
