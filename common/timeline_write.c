#include "timeline_text.h"

#include <string.h>

void hl_timeline_put(struct hl_buf *b, const struct hl_timeline_point *p,
                     size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (i)
            hl_buf_char(b, ' ');
        hl_buf_i64(b, p[i].t_ms);
        hl_buf_char(b, ':');
        hl_buf_u64(b, p[i].heap);
        hl_buf_char(b, ':');
        if (p[i].rss != HL_TIMELINE_NO_RSS)
            hl_buf_u64(b, p[i].rss);
    }
}

void hl_timeline_put_slot(char *slot, const struct hl_timeline_point *p)
{
    char text[HL_TIMELINE_SLOT];
    struct hl_buf b;

    hl_buf_init(&b, text, sizeof(text));
    if (p)
        hl_timeline_put(&b, p, 1);
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
    uint64_t next = vmrss ? vmrss : HL_TIMELINE_NO_RSS;

    for (size_t j = n; j-- > 0;) {
        if (p[j].rss == HL_TIMELINE_NO_RSS)
            p[j].rss = next;
        if (vmhwm && p[j].rss != HL_TIMELINE_NO_RSS && p[j].rss > vmhwm)
            p[j].rss = vmhwm;
        next = p[j].rss;
    }
}
