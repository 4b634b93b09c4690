/* The site's summary line (see site_line.h). */
#include "site_line.h"

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "format_write.h"

int hl_site_line_format(const struct hl_site_row *row, bool header,
                        unsigned omit, char *out, size_t out_size)
{
    struct hl_buf b;

    hl_buf_init(&b, out, out_size);
    if (header) {
        hl_format_write(&b, &hl_site_format, row, omit);
    } else {
        hl_format_write_values(&b, &hl_site_format, row, omit);
        hl_buf_char(&b, '\n');
    }
    hl_buf_char(&b, '\0');
    return b.overflow ? -1 : 0;
}

int hl_site_line_forms(const struct hl_site_row *row, struct hl_site_forms *f)
{
    static const unsigned omit[HL_SITE_FORMS] = {0, HL_COL_LATER,
                                                 HL_COL_OPTIONAL};

    for (int i = 0; i < HL_SITE_FORMS; i++) {
        if (hl_site_line_format(row, true, omit[i], f->with_header[i],
                                sizeof(f->with_header[i])) < 0 ||
            hl_site_line_format(row, false, omit[i], f->line[i],
                                sizeof(f->line[i])) < 0)
            return -1;
        f->text[i] = (struct hl_site_text){f->with_header[i], f->line[i]};
    }
    return 0;
}

void hl_site_clean_text(const char *in, char *out, size_t out_size)
{
    size_t n = 0;

    for (; *in && n + 1 < out_size && n < HL_SITE_MAX_TEXT; in++)
        out[n++] = (unsigned char)*in < 0x20 || *in == 0x7f ? '?' : *in;
    out[n] = '\0';
}
