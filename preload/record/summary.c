#include "summary.h"
#include "buf.h"
#include "diag.h"
#include "format_size.h"

static void _size(struct hl_buf *b, const char *label, uint64_t bytes)
{
    char size[HL_SIZE_BUF];

    hl_buf_str(b, label);
    hl_format_size(bytes, size);
    hl_buf_str(b, size);
}

void hl_summary_write(const struct hl_figures *f, const struct hl_memory *mem)
{
    char line[192];
    struct hl_buf b;

    hl_buf_init(&b, line, sizeof(line));
    hl_buf_str(&b, "heapline: ");
    hl_buf_u64(&b, f->allocs);
    hl_buf_str(&b, " allocs, ");
    hl_buf_u64(&b, f->frees);
    _size(&b, " frees, peak ", f->peak);
    _size(&b, ", live at exit ", f->live);
    if (mem->vmhwm >= 0)
        _size(&b, ", VmHWM ", (uint64_t)mem->vmhwm);
    hl_buf_char(&b, '\n');
    hl_diag_write(line, b.len);
}
