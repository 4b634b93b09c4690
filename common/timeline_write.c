#include "timeline_text.h"

#include <string.h>

/* A figure after its colon, empty when not known. */
static void _figure(struct hl_buf *b, uint64_t v)
{
    hl_buf_char(b, ':');
    if (v != HL_TIMELINE_UNKNOWN)
        hl_buf_u64(b, v);
}

static void _point(struct hl_buf *b, const struct hl_timeline_point *p,
                   int version)
{
    hl_buf_i64(b, p->t_ms);
    hl_buf_char(b, ':');
    hl_buf_u64(b, p->heap);
    _figure(b, p->rss);
    if (version < 2)
        return;
    _figure(b, p->heap_lo);
    _figure(b, p->rss_lo);
    _figure(b, p->rss_hi);
    _figure(b, p->pss);
    _figure(b, p->pss_shmem);
    _figure(b, p->rss_shmem);
    if (version < 3)
        return;
    if (p->heap_last == HL_TIMELINE_UNKNOWN || p->heap_last >= p->heap ||
        p->t_last < p->t_ms) {
        hl_buf_str(b, "::");
        return;
    }
    hl_buf_char(b, ':');
    hl_buf_i64(b, p->t_last);
    _figure(b, p->heap_last);
}

void hl_timeline_put(struct hl_buf *b, const struct hl_timeline_point *p,
                     size_t n, int version)
{
    if (version == 2)
        hl_buf_str(b, "v2");
    else if (version >= 3)
        hl_buf_str(b, HL_TIMELINE_WORD);
    for (size_t i = 0; i < n; i++) {
        if (i || version >= 2)
            hl_buf_char(b, ' ');
        _point(b, &p[i], version);
    }
}

void hl_timeline_put_slot(char *slot, const struct hl_timeline_point *p)
{
    char text[HL_TIMELINE_SLOT];
    struct hl_buf b;

    hl_buf_init(&b, text, sizeof(text));
    if (p)
        _point(&b, p, HL_TIMELINE_VERSION);
    memset(text + b.len, ' ', sizeof(text) - b.len);
    slot[0] = HL_FIELD_REWRITING;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    memset(slot + 1, HL_FIELD_REWRITING, HL_TIMELINE_SLOT - 2);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    for (size_t i = HL_TIMELINE_SLOT - 2; i > 0; i--)
        slot[i] = text[i];
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    slot[0] = text[0];
}

void hl_timeline_settle_rss(struct hl_timeline_point *p, size_t n,
                            uint64_t vmrss, uint64_t vmhwm)
{
    uint64_t next = vmrss ? vmrss : HL_TIMELINE_UNKNOWN;
    uint64_t next_hi = vmhwm ? vmhwm : HL_TIMELINE_UNKNOWN;

    for (size_t j = n; j-- > 0;) {
        struct hl_timeline_point *q = &p[j];

        if (q->rss == HL_TIMELINE_UNKNOWN)
            q->rss = next;
        if (vmhwm && q->rss != HL_TIMELINE_UNKNOWN && q->rss > vmhwm)
            q->rss = vmhwm;
        if (q->rss_lo == HL_TIMELINE_UNKNOWN ||
            (q->rss != HL_TIMELINE_UNKNOWN && q->rss_lo > q->rss))
            q->rss_lo = q->rss;
        if (q->rss_hi == HL_TIMELINE_UNKNOWN)
            q->rss_hi = next_hi;
        if (q->rss_hi != HL_TIMELINE_UNKNOWN && q->rss != HL_TIMELINE_UNKNOWN &&
            q->rss_hi < q->rss)
            q->rss_hi = q->rss;
        next = q->rss;
        next_hi = q->rss_hi;
    }
}
