#include "timeline_text.h"

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
