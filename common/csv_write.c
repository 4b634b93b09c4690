#include "csv_write.h"

#include <string.h>

void hl_csv_put_text(struct hl_buf *b, const char *s)
{
    const char *q;

    if (!s[strcspn(s, ",\"\r\n")]) {
        hl_buf_str(b, s);
        return;
    }
    hl_buf_char(b, '"');
    while ((q = strchr(s, '"'))) {
        hl_buf_mem(b, s, (size_t)(q - s) + 1);
        hl_buf_char(b, '"');
        s = q + 1;
    }
    hl_buf_str(b, s);
    hl_buf_char(b, '"');
}
