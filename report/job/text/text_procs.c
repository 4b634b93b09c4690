#include "text_procs.h"

#include <inttypes.h>

#include "format_size.h"
#include "job/model/figures.h"
#include "job/model/shared_mem.h"
#include "text_wrap.h"

static const char *_program(const struct hl_report *r, const struct hl_proc *p)
{
    return hl_strpool_get(&r->set->programs, p->program);
}

void hl_text_own_shared(struct hl_table *tab, const struct hl_report *r,
                        const struct hl_proc *p)
{
    char own[32], shared[40];

    hl_fmt_own_shared(r->set, r->sum, p, own, shared);
    hl_table_cell(tab, "%s", own);
    hl_table_cell(tab, "%s", shared);
}

void hl_text_own_shared_words(FILE *out, const char *row)
{
    char text[640];

    snprintf(text, sizeof(text),
             "Own: the %s's PSS less its share of the memory it shares "
             "(Pss_Shmem); shared: that share, each page of a segment in "
             "/dev/shm or an MPI shared-memory window divided among the "
             "processes that map it, so that no %s is charged for what all "
             "of them map, as its VmHWM is. \"(RSS)\": a process that never "
             "read its PSS, its whole RssShmem. Each as the node's "
             "concurrent PSS counts it at its peak.",
             row, row);
    hl_print_wrapped(out, text);
}

/* pid, parent, host and program (when programs) of p, then its figures,
 * and its own and shared memory when shares. */
static void _cells(struct hl_table *tab, const struct hl_report *r,
                   const struct hl_proc *p, bool programs, bool shares)
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
    if (shares)
        hl_text_own_shared(tab, r, p);
}

void hl_print_text_processes(FILE *out, const struct hl_report *r)
{
    const uint32_t *procs = r->sum->list.procs;
    size_t shown = hl_shown_procs(r);
    bool programs = false, shares = false;
    struct hl_table tab;

    /* Records of older versions name no program: no column then. */
    for (size_t i = 0; i < shown && !programs; i++)
        programs = _program(r, &r->set->procs[procs[i]])[0] != 0;
    for (size_t i = 0; i < shown && !shares; i++)
        shares = hl_shares(r->set, r->sum, &r->set->procs[procs[i]]);
    hl_table_init(&tab, 7 + programs + 2 * shares);
    hl_table_cell(&tab, "pid");
    hl_table_cell(&tab, "parent");
    hl_table_cell(&tab, "host");
    if (programs)
        hl_table_cell(&tab, "program");
    hl_table_cell(&tab, "peak heap");
    hl_table_cell(&tab, "at (s)");
    hl_table_cell(&tab, "VmHWM");
    hl_table_cell(&tab, "heap / VmHWM");
    if (shares) {
        hl_table_cell(&tab, "own");
        hl_table_cell(&tab, "shared");
    }
    for (size_t i = 0; i < shown; i++)
        _cells(&tab, r, &r->set->procs[procs[i]], programs, shares);
    fprintf(out, "Processes by peak heap (%zu of %zu)\n", shown,
            r->sum->nprocs);
    hl_table_print(&tab, out);
    if (shares)
        hl_text_own_shared_words(out, "process");
    fputc('\n', out);
}

bool hl_text_rank_processes(struct hl_table *tab, const struct hl_report *r,
                            size_t i, bool programs, bool shares)
{
    const uint32_t *procs = NULL;
    size_t n = hl_shown_under(r, i, &procs);

    for (size_t k = 0; k < n; k++) {
        hl_table_cell(tab, "%s", "");
        _cells(tab, r, &r->set->procs[procs[k]], programs, shares);
        hl_table_cell(tab, "%s", "");
    }
    return n < r->sum->ranks[i].others;
}
