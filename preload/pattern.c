#include "pattern.h"
#include "buf.h"

#include <string.h>

static void _put_padded(struct hl_buf *b, const char *value, unsigned width)
{
    size_t len = strlen(value);
    int numeric = len > 0 && strspn(value, "0123456789") == len;

    for (; numeric && len < width; len++)
        hl_buf_char(b, '0');
    hl_buf_str(b, value);
}

int hl_pattern_expand(const char *pattern, const struct hl_identity *id,
                      pid_t pid, char *out, size_t cap)
{
    char number[24];
    struct hl_buf b, num;

    hl_buf_init(&b, out, cap);
    for (const char *s = pattern; *s; s++) {
        const char *spec = s + 1;
        const char *value = NULL;
        unsigned width = 0;

        if (*s != '%') {
            hl_buf_char(&b, *s);
            continue;
        }
        while (*spec >= '0' && *spec <= '9' && width < 1000)
            width = width * 10 + (unsigned)(*spec++ - '0');
        hl_buf_init(&num, number, sizeof(number));
        switch (*spec) {
        case '%':
            value = "%";
            break;
        case 'j':
            value = id->job_id;
            break;
        case 's':
            value = id->step_id;
            break;
        case 't':
            value = id->task_id;
            break;
        case 'N':
            value = id->host;
            break;
        case 'u':
            value = id->user;
            break;
        case 'p':
            hl_buf_i64(&num, pid);
            value = number;
            break;
        case 'r':
            hl_buf_i64(&num, id->rank);
            value = number;
            break;
        }
        if (!value) { /* not a pattern letter: keep the '%' as written */
            hl_buf_char(&b, '%');
            continue;
        }
        _put_padded(&b, value, width);
        s = spec;
    }
    return b.overflow ? -1 : 0;
}
