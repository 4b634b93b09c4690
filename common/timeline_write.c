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
    slot[0] = HL_TIMELINE_REWRITING;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    memset(slot + 1, HL_TIMELINE_REWRITING, HL_TIMELINE_SLOT - 2);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    for (size_t i = HL_TIMELINE_SLOT - 2; i > 0; i--)
        slot[i] = text[i];
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    slot[0] = text[0];
}
