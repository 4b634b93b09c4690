/* --compare as CSV: one row per figure of the job, of each rank, of each
 * node and of each site at the peak, every one of them (a long table, for
 * a reader that pivots or filters it):
 * section,rank,old_host,new_host,site,figure,old,new,change,change_percent,
 * site_change. Bytes as integers, the change signed, the percentage of
 * OLD; an empty field is not known (a figure one run lacks). */
#include <inttypes.h>
#include <stdio.h>

#include "buf.h"
#include "compare.h"
#include "csv_write.h"

static const char *const _figures[HL_HF_COUNT] = {
    "peak_heap_max_bytes",
    "peak_heap_median_bytes",
    "peak_heap_min_bytes",
    "vmhwm_max_bytes",
    "node_vmhwm_sum_max_bytes",
    "node_concurrent_rss_max_bytes",
    "node_concurrent_heap_max_bytes",
    "node_true_peak_max_bytes",
    "node_need_max_bytes",
    "suggestion_bytes",
};

/* A text field, quoted as CSV needs; NULL is empty. */
static void _text(FILE *out, const char *s)
{
    char local[4096];
    struct hl_buf b;

    hl_buf_init(&b, local, sizeof(local));
    hl_csv_put_text(&b, s ? s : "");
    fwrite(local, 1, b.len, out);
    fputc(',', out);
}

static void _u64(FILE *out, uint64_t v, bool known)
{
    if (known)
        fprintf(out, "%" PRIu64, v);
}

/* old,new,change,change_percent, */
static void _pair(FILE *out, const struct hl_pair *p)
{
    bool both = p->old_known && p->new_known;

    _u64(out, p->old, p->old_known);
    fputc(',', out);
    _u64(out, p->new, p->new_known);
    fputc(',', out);
    if (both)
        fprintf(out, "%s%" PRIu64, p->new < p->old ? "-" : "",
                hl_pair_magnitude(p));
    fputc(',', out);
    if (both && p->old)
        fprintf(out, "%.1f", hl_pair_percent(p));
    fputc(',', out);
}

static void _rank(FILE *out, int32_t rank, bool known)
{
    if (known)
        fprintf(out, "%" PRId32, rank);
    fputc(',', out);
}

void hl_compare_print_csv(FILE *out, const struct hl_compare *c)
{
    fputs("section,rank,old_host,new_host,site,figure,old,new,change,"
          "change_percent,site_change\n",
          out);
    for (int f = 0; f < HL_HF_COUNT; f++) {
        if (!c->fig[f].old_known && !c->fig[f].new_known)
            continue;
        fprintf(out, "job,,,,,%s,", _figures[f]);
        _pair(out, &c->fig[f]);
        fputc('\n', out);
    }
    for (size_t i = 0; i < c->nranks; i++) {
        const struct hl_cmp_rank *k = &c->ranks[i];

        for (int fig = 0; fig < 2; fig++) {
            fputs("rank,", out);
            _rank(out, k->rank, true);
            _text(out, k->old_host);
            _text(out, k->new_host);
            fprintf(out, ",%s,", fig ? "vmhwm_bytes" : "peak_heap_bytes");
            _pair(out, fig ? &k->vmhwm : &k->heap);
            fputc('\n', out);
        }
    }
    for (size_t i = 0; i < c->nnodes; i++) {
        const struct hl_cmp_node *k = &c->nodes[i];

        for (int fig = 0; fig < 2; fig++) {
            fputs("node,", out);
            _rank(out, k->first_rank, k->first_rank >= 0);
            _text(out, k->old_host);
            _text(out, k->new_host);
            fprintf(out, ",%s,", fig ? "vmhwm_sum_bytes" : "need_bytes");
            _pair(out, fig ? &k->vmhwm_sum : &k->need);
            fputc('\n', out);
        }
    }
    for (size_t i = 0; i < c->ncallsites; i++) {
        const struct hl_cmp_callsite *s = &c->callsites[i];
        struct hl_pair p = {s->old, s->new, s->in_old, s->in_new};

        fputs("site,,,,", out);
        _text(out, s->label);
        fputs("at_peak_bytes,", out);
        _pair(out, &p);
        fprintf(out, "%s\n", hl_callsite_change_word(hl_callsite_change(s)));
    }
}
