#include "summary.h"
#include "buf.h"
#include "diag.h"
#include "format_size.h"

void hl_summary_write(const struct hl_figures *f)
{
    char line[160], size[HL_SIZE_BUF];
    struct hl_buf b;

    hl_buf_init(&b, line, sizeof(line));
    hl_buf_str(&b, "heapline: ");
    hl_buf_u64(&b, f->allocs);
    hl_buf_str(&b, " allocs, ");
    hl_buf_u64(&b, f->frees);
    hl_buf_str(&b, " frees, peak ");
    hl_format_size(f->peak, size);
    hl_buf_str(&b, size);
    hl_buf_str(&b, ", live at exit ");
    hl_format_size(f->live, size);
    hl_buf_str(&b, size);
    hl_buf_char(&b, '\n');
    hl_diag_write(line, b.len);
}
