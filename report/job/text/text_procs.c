#include "text_procs.h"

#include <inttypes.h>

#include "format_size.h"
#include "job/model/figures.h"

static const char *_program(const struct hl_report *r, const struct hl_proc *p)
{
    return hl_strpool_get(&r->set->programs, p->program);
}

/* pid, parent, host and program (when programs) of p, then its figures. */
static void _cells(struct hl_table *tab, const struct hl_report *r,
                   const struct hl_proc *p, bool programs)
{
    char hwm[64], parent[16];
    struct hl_heap_text h;

    hl_fmt_heap(p, &h);
    hl_fmt_hwm(p, false, hwm);
    hl_fmt_ppid(p, parent);
    hl_table_cell(tab, "%" PRIu32, p->pid);
    hl_table_cell(tab, "%s", parent);
    hl_table_cell(tab, "%s", hl_strpool_get(&r->set->hosts, p->host));
    if (programs)
        hl_table_cell(tab, "%s", _program(r, p));
    hl_table_cell(tab, "%s", h.peak);
    hl_table_cell(tab, "%s", h.at);
    hl_table_cell(tab, "%s", hwm);
    hl_table_cell(tab, "%s", h.ratio);
}

void hl_print_text_processes(FILE *out, const struct hl_report *r)
{
    const uint32_t *procs = r->sum->list.procs;
    size_t shown = hl_shown_procs(r);
    bool programs = false;
    struct hl_table tab;

    /* Records of older versions name no program: no column then. */
    for (size_t i = 0; i < shown && !programs; i++)
        programs = _program(r, &r->set->procs[procs[i]])[0] != 0;
    hl_table_init(&tab, 7 + programs);
    hl_table_cell(&tab, "pid");
    hl_table_cell(&tab, "parent");
    hl_table_cell(&tab, "host");
    if (programs)
        hl_table_cell(&tab, "program");
    hl_table_cell(&tab, "peak heap");
    hl_table_cell(&tab, "at (s)");
    hl_table_cell(&tab, "VmHWM");
    hl_table_cell(&tab, "heap / VmHWM");
    for (size_t i = 0; i < shown; i++)
        _cells(&tab, r, &r->set->procs[procs[i]], programs);
    fprintf(out, "Processes by peak heap (%zu of %zu)\n", shown,
            r->sum->nprocs);
    hl_table_print(&tab, out);
    fputc('\n', out);
}

bool hl_text_rank_processes(struct hl_table *tab, const struct hl_report *r,
                            size_t i, bool programs)
{
    const uint32_t *procs = NULL;
    size_t n = hl_shown_under(r, i, &procs);

    for (size_t k = 0; k < n; k++) {
        hl_table_cell(tab, "%s", "");
        _cells(tab, r, &r->set->procs[procs[k]], programs);
        hl_table_cell(tab, "%s", "");
    }
    return n < r->sum->ranks[i].others;
}
