#include "csv_line.h"

#include <stdio.h>
#include <string.h>

bool hl_csv_next_line(struct hl_cursor *c, const char **s, size_t *len,
                      bool *cut)
{
    const char *nl;

    *cut = false;
    if (c->p >= c->end)
        return false;
    nl = memchr(c->p, '\n', (size_t)(c->end - c->p));
    if (!nl) {
        *cut = true;
        return false;
    }
    *s = c->p;
    *len = (size_t)(nl - c->p);
    if (*len && (*s)[*len - 1] == '\r')
        (*len)--;
    c->p = nl + 1;
    c->line++;
    return true;
}

size_t hl_csv_split(const char *s, size_t len, struct hl_field *f)
{
    size_t n = 0;
    const char *end = s + len;

    for (;;) {
        const char *comma = memchr(s, ',', (size_t)(end - s));
        const char *stop = comma ? comma : end;

        if (n == HL_CSV_MAX_FIELDS)
            return n + 1;
        f[n].s = s;
        f[n].len = (size_t)(stop - s);
        n++;
        if (!comma)
            return n;
        s = comma + 1;
    }
}

bool hl_csv_is(const struct hl_field *f, const char *name)
{
    return strlen(name) == f->len && memcmp(name, f->s, f->len) == 0;
}

int hl_csv_map_header(const char *s, size_t len, const char *const *names,
                      int ncolumns, int nrequired, const char *kind, int *pos,
                      size_t *nfields, char *err, size_t errlen)
{
    struct hl_field f[HL_CSV_MAX_FIELDS + 1];
    size_t n = hl_csv_split(s, len, f);

    if (n > HL_CSV_MAX_FIELDS) {
        snprintf(err, errlen, "not a heapline %s (too many columns)", kind);
        return -1;
    }
    for (int c = 0; c < ncolumns; c++)
        pos[c] = -1;
    for (size_t i = 0; i < n; i++)
        for (int c = 0; c < ncolumns; c++)
            if (pos[c] < 0 && hl_csv_is(&f[i], names[c]))
                pos[c] = (int)i;
    for (int c = 0; c < nrequired; c++)
        if (pos[c] < 0) {
            snprintf(err, errlen, "not a heapline %s (no column %s)", kind,
                     names[c]);
            return -1;
        }
    *nfields = n;
    return 0;
}
