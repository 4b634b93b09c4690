/*
 * The site's summary line of a step on a node (common/site_format.h),
 * as the plugin appends it to SITE/NODE-YYYY-MM-DD.csv: the file's name,
 * and the text to append, with the magic line and header before it when
 * the file is new.
 */
#ifndef HL_SPANK_SITE_LINE_H
#define HL_SPANK_SITE_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "site_append.h"
#include "site_format.h"

/* The line of row, with the magic line and header first when header is
 * set, without the columns of a flag in omit (HL_COL_OPTIONAL: the
 * columns that came later, for a file begun without them); -1 when out is
 * too small. */
int hl_site_line_format(const struct hl_site_row *row, bool header,
                        unsigned omit, char *out, size_t out_size);

/* The forms of a line that a file may want, newest first: every column;
 * without the job's name (HL_COL_LATER), as files begun before it; without
 * it and the concurrent peak (HL_COL_OPTIONAL), as the first files. */
#define HL_SITE_FORMS 3

struct hl_site_forms {
    char with_header[HL_SITE_FORMS][4096], line[HL_SITE_FORMS][2048];
    struct hl_site_text text[HL_SITE_FORMS];
};

/* The forms of row's line into f: 0, or -1 when one does not fit. */
int hl_site_line_forms(const struct hl_site_row *row, struct hl_site_forms *f);

/* A text from the job's environment made fit for a line: at most
 * HL_SITE_MAX_TEXT bytes, control characters as '?'. */
void hl_site_clean_text(const char *in, char *out, size_t out_size);

#endif
