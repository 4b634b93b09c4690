#define _GNU_SOURCE /* qsort_r */
#include "callsites_view.h"
#include "job/model/figures.h"
#include "job/report.h"
#include "shared/escape.h"
#include "format_size.h"
#include "callsites_merge.h"
#include "callsites_names.h"
#include "shared/json_str.h"
#include "shared/text_table.h"
#include "job/text/text_wrap.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static int _larger(const void *a, const void *b, void *db)
{
    const struct hl_callsite_total *x = a, *y = b;

    if (x->bytes != y->bytes)
        return x->bytes < y->bytes ? 1 : -1;
    return hl_callsites_stack_cmp(db, x->stack, y->stack);
}

static void _add(struct hl_callsites_view *v, struct hl_callsite_total *t,
                 const struct hl_callsites_db *db, const struct hl_proc *p)
{
    v->dropped += p->callsites_dropped;
    v->dropped_procs += p->callsites_dropped > 0;
    for (uint32_t i = 0; i < p->ncallsites; i++) {
        const struct hl_proc_callsite *s = &db->callsites[p->callsites + i];
        struct hl_callsite_total *x = &t[s->stack];

        x->stack = s->stack;
        x->records++;
        x->bytes += s->bytes;
        x->count += s->count;
        x->variance += (double)s->se * (double)s->se;
    }
}

int hl_callsites_view_init(struct hl_callsites_view *v,
                           const struct hl_report *r, size_t top)
{
    const struct hl_procset *set = r->set;
    const struct hl_callsites_db *db = &set->callsites;
    struct hl_callsite_total *t;
    size_t n = 0;

    memset(v, 0, sizeof(*v));
    if (!db->ncallsites)
        return 0;
    t = calloc(db->nstacks, sizeof(*t));
    v->sym = hl_symbolizer_new();
    if (!t || !v->sym) {
        free(t);
        hl_symbolizer_free(v->sym);
        return -1;
    }
    for (size_t i = 0; i < set->count; i++)
        _add(v, t, db, &set->procs[i]);
    for (size_t i = 0; i < db->nstacks; i++)
        if (t[i].records)
            t[n++] = t[i];
    qsort_r(t, n, sizeof(*t), _larger, (void *)db);
    v->set = set;
    v->db = db;
    v->by_process = r->sum->list.by_process;
    v->top = top;
    v->totals = t;
    v->ntotals = n;
    if (hl_callsites_merge_same(v, set, HL_CALLSITES_CALLERS) < 0) {
        hl_callsites_view_free(v);
        return -1;
    }
    qsort_r(v->totals, v->ntotals, sizeof(*v->totals), _larger, (void *)db);
    for (size_t i = 0; i < hl_shown_rows(r) && v->nranks < HL_CALLSITES_RANKS;
         i++) {
        const struct hl_proc *p = &set->procs[hl_row_proc(r, i)];
        if (p->ncallsites)
            v->ranks[v->nranks++] = (struct hl_callsites_rank){
                hl_row_proc(r, i), p->callsites, p->ncallsites};
    }
    return 1;
}

void hl_callsites_view_free(struct hl_callsites_view *v)
{
    free(v->totals);
    hl_symbolizer_free(v->sym);
    memset(v, 0, sizeof(*v));
}

/* An estimate and its standard error, in two cells: each cell of the
 * second column holds one "±", so the table's columns stay aligned. */
static void _estimate(struct hl_table *tab, uint64_t bytes, double variance)
{
    char b[HL_SIZE_BUF], e[HL_SIZE_BUF];

    hl_format_size(bytes, b);
    hl_format_size((uint64_t)llround(sqrt(variance)), e);
    hl_table_cell(tab, "%s", b);
    hl_table_cell(tab, "± %s", e);
}

/* A cell of text that comes from files (a host name, a module's path, a
 * function name): escaped, as the rest of the text report (escape.h). */
static void _cell_escaped(struct hl_table *tab, const char *s)
{
    char shown[4096];

    hl_escape(s, shown, sizeof(shown));
    hl_table_cell(tab, "%s", shown);
}

void hl_callsites_row_name(const struct hl_callsites_view *v,
                           const struct hl_callsites_rank *k, char *buf,
                           size_t size)
{
    const struct hl_proc *p = &v->set->procs[k->proc];

    if (p->rank >= 0)
        snprintf(buf, size, "%" PRId32, p->rank);
    else
        hl_fmt_name(v->set, p, buf, size);
}

bool hl_callsites_dropped_note(const struct hl_callsites_view *v, char *buf,
                               size_t size)
{
    buf[0] = '\0';
    if (!v->dropped)
        return false;
    snprintf(buf, size,
             "The sites under-count: %" PRIu64 " sampled block%s of %zu "
             "process%s found the library's table of live blocks full and %s "
             "left out of the figures above, which miss the heap of those "
             "still live at the peak. A larger rate (heapline --sites=RATE) "
             "samples fewer blocks.",
             v->dropped, v->dropped == 1 ? "" : "s", v->dropped_procs,
             v->dropped_procs == 1 ? "" : "es", v->dropped == 1 ? "is" : "are");
    return true;
}

void hl_callsites_print_text(FILE *out, const struct hl_callsites_view *v)
{
    size_t shown = v->top < v->ntotals ? v->top : v->ntotals;
    char rate[HL_SIZE_BUF], note[512];
    struct hl_table tab;
    bool merged = false;

    if (!shown)
        return;
    hl_format_size(v->db->rate, rate);
    fprintf(
        out,
        "Sites at the peak (%zu of %zu; sampled every %s allocated on average, "
        "estimates ± one standard error)\n",
        shown, v->ntotals, rate);
    hl_table_init(&tab, 4);
    hl_table_cell(&tab, "at peak");
    hl_table_cell(&tab, "± error");
    hl_table_cell(&tab, "processes");
    hl_table_cell(&tab, "site <- callers");
    for (size_t i = 0; i < shown; i++) {
        const struct hl_callsite_total *t = &v->totals[i];
        size_t at;
        char label[2048];

        _estimate(&tab, t->bytes, t->variance);
        hl_callsite_label_text(v->sym, v->db, t->stack, HL_CALLSITES_CALLERS,
                               label, sizeof(label));
        at = strlen(label);
        if (t->stacks > 1)
            snprintf(label + at, sizeof(label) - at, " [%" PRIu32 " calls]",
                     t->stacks);
        hl_table_cell(&tab, "%" PRIu32, t->records);
        _cell_escaped(&tab, label);
        merged |= t->stacks > 1;
    }
    hl_table_print(&tab, out);
    if (merged)
        fprintf(out, "[N calls]: N calls that these frames do not tell apart "
                     "(no line information), summed\n");
    if (hl_callsites_dropped_note(v, note, sizeof(note)))
        hl_print_wrapped(out, note);
    fputc('\n', out);
    if (!v->nranks)
        return;
    fprintf(out, "Largest sites of the top %s\n",
            v->by_process ? "processes" : "ranks");
    hl_table_init(&tab, 5);
    hl_table_cell(&tab, "%s", v->by_process ? "process" : "rank");
    hl_table_cell(&tab, "host");
    hl_table_cell(&tab, "at peak");
    hl_table_cell(&tab, "± error");
    hl_table_cell(&tab, "site");
    for (size_t r = 0; r < v->nranks; r++) {
        const struct hl_callsites_rank *k = &v->ranks[r];
        const struct hl_proc *p = &v->set->procs[k->proc];
        char name[320];

        hl_callsites_row_name(v, k, name, sizeof(name));
        for (uint32_t i = 0; i < k->n && i < HL_CALLSITES_PER_RANK; i++) {
            const struct hl_proc_callsite *s = &v->db->callsites[k->first + i];
            char label[1024];

            hl_callsite_label_text(v->sym, v->db, s->stack, 1, label,
                                   sizeof(label));
            _cell_escaped(&tab, i ? "" : name);
            _cell_escaped(&tab,
                          i ? "" : hl_strpool_get(&v->set->hosts, p->host));
            _estimate(&tab, s->bytes, (double)s->se * (double)s->se);
            _cell_escaped(&tab, label);
        }
    }
    hl_table_print(&tab, out);
    fputc('\n', out);
}

/* A string that may be unknown: null. */
static void _json_str(FILE *out, const char *s)
{
    if (s)
        hl_json_str(out, s);
    else
        fputs("null", out);
}

static const char *_status(enum hl_sym_status s)
{
    return s == HL_SYM_FOUND         ? "found"
           : s == HL_SYM_OTHER_BUILD ? "other_build"
                                     : "missing";
}

static void _json_callsite(FILE *out, const struct hl_callsites_view *v,
                           uint32_t stack, uint64_t bytes, double variance,
                           uint64_t count, uint32_t stacks, int frames)
{
    struct hl_named_frame f[HL_NAMED_MAX];
    size_t n = hl_callsite_frames(v->sym, v->db, stack, f);
    char label[1024];

    hl_callsite_label_text(v->sym, v->db, stack, 0, label, sizeof(label));
    fprintf(out,
            "{\"bytes\": %" PRIu64 ", \"se_bytes\": %" PRIu64
            ", \"samples\": %" PRIu64 ", \"calls\": %" PRIu32 ", \"site\": ",
            bytes, (uint64_t)llround(sqrt(variance)), count, stacks);
    _json_str(out, label);
    if (frames) {
        fputs(", \"frames\": [", out);
        for (size_t i = 0; i < n; i++) {
            fputs(i ? ", {\"function\": " : "{\"function\": ", out);
            _json_str(out, f[i].function);
            fputs(", \"file\": ", out);
            _json_str(out, f[i].file);
            fprintf(out, ", \"line\": %u, \"module\": ", f[i].line);
            _json_str(out, f[i].module);
            fprintf(out, ", \"offset\": %" PRIu64 ", \"module_file\": \"%s\"}",
                    f[i].offset, _status(f[i].status));
        }
        fputc(']', out);
    }
    fputc('}', out);
}

void hl_callsites_print_json(FILE *out, const struct hl_callsites_view *v)
{
    size_t shown = v->top < v->ntotals ? v->top : v->ntotals;

    fprintf(out,
            "\"sites\": {\"rate_bytes\": %" PRIu64
            ", \"dropped_samples\": %" PRIu64 ", \"dropped_processes\": %zu"
            ", \"top\": [",
            v->db->rate, v->dropped, v->dropped_procs);
    for (size_t i = 0; i < shown; i++) {
        const struct hl_callsite_total *t = &v->totals[i];
        if (i)
            fputs(", ", out);
        _json_callsite(out, v, t->stack, t->bytes, t->variance, t->count,
                       t->stacks, 1);
    }
    fputs("], \"ranks\": [", out);
    for (size_t r = 0; r < v->nranks; r++) {
        const struct hl_callsites_rank *k = &v->ranks[r];
        const struct hl_proc *p = &v->set->procs[k->proc];

        fprintf(out,
                "%s{\"rank\": %" PRId32 ", \"pid\": %" PRIu32 ", \"program\": ",
                r ? ", " : "", p->rank, p->pid);
        _json_str(out, hl_strpool_get(&v->set->programs, p->program));
        fputs(", \"host\": ", out);
        _json_str(out, hl_strpool_get(&v->set->hosts, p->host));
        fputs(", \"top\": [", out);
        for (uint32_t i = 0; i < k->n && i < HL_CALLSITES_PER_RANK; i++) {
            const struct hl_proc_callsite *s = &v->db->callsites[k->first + i];
            if (i)
                fputs(", ", out);
            _json_callsite(out, v, s->stack, s->bytes,
                           (double)s->se * (double)s->se, s->count, 1, 0);
        }
        fputs("]}", out);
    }
    fputs("]}", out);
}

/* A frame's name as the collapsed format allows: no ';' (the frame
 * separator) and no line break. */
static void _folded_name(FILE *out, const struct hl_named_frame *f)
{
    char buf[1024];

    if (f->function)
        snprintf(buf, sizeof(buf), "%s", f->function);
    else
        hl_named_frame_text(f, buf, sizeof(buf));
    for (char *c = buf; *c; c++)
        if (*c == ';' || *c == '\n' || *c == '\r')
            *c = ':';
    fputs(buf, out);
}

void hl_callsites_print_folded(FILE *out, const struct hl_callsites_view *v)
{
    for (size_t i = 0; i < v->ntotals; i++) {
        struct hl_named_frame f[HL_NAMED_MAX];
        size_t n = hl_callsite_frames(v->sym, v->db, v->totals[i].stack, f);

        if (!v->totals[i].bytes)
            continue;
        if (!n)
            fputs("[other stacks]", out);
        for (size_t k = n; k-- > 0;) {
            _folded_name(out, &f[k]);
            if (k)
                fputc(';', out);
        }
        fprintf(out, " %" PRIu64 "\n", v->totals[i].bytes);
    }
}
