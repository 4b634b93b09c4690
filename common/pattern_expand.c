#include "pattern_expand.h"
#include "buf.h"

#include <string.h>

const char hl_pattern_letters[HL_PAT_NLETTERS + 1] = {
    [HL_PAT_JOB] = 'j',  [HL_PAT_STEP] = 's', [HL_PAT_JOB_STEP] = 'J',
    [HL_PAT_TASK] = 't', [HL_PAT_NODE] = 'N', [HL_PAT_USER] = 'u',
    [HL_PAT_PID] = 'p',  [HL_PAT_RANK] = 'r',
};

/* What the letter c becomes: "%" for %%, NULL when it is not allowed. */
static const char *_value(char c, const struct hl_pattern_values *v)
{
    const char *l = c ? strchr(hl_pattern_letters, c) : NULL;

    if (c == '%')
        return "%";
    return l ? v->value[l - hl_pattern_letters] : NULL;
}

static void _put_padded(struct hl_buf *b, const char *value, unsigned width)
{
    size_t len = strlen(value);
    int numeric = len > 0 && strspn(value, "0123456789") == len;

    for (; numeric && len < width; len++)
        hl_buf_char(b, '0');
    hl_buf_str(b, value);
}

int hl_pattern_expand(const char *pattern, const struct hl_pattern_values *v,
                      enum hl_pattern_mode mode, char *out, size_t cap)
{
    struct hl_buf b;

    if (cap == 0)
        return -1;
    hl_buf_init(&b, out, cap);
    for (const char *s = pattern; *s; s++) {
        const char *spec = s + 1, *value;
        unsigned width = 0;

        if (*s != '%') {
            hl_buf_char(&b, *s);
            continue;
        }
        while (mode == HL_PATTERN_LENIENT && *spec >= '0' && *spec <= '9' &&
               width < 1000)
            width = width * 10 + (unsigned)(*spec++ - '0');
        value = _value(*spec, v);
        if (!value && mode == HL_PATTERN_STRICT)
            return -1;
        if (!value) { /* kept as written */
            hl_buf_char(&b, '%');
            continue;
        }
        _put_padded(&b, value, width);
        s = spec;
    }
    return b.overflow ? -1 : 0;
}

const char *hl_pattern_bad(const char *pattern,
                           const struct hl_pattern_values *v)
{
    for (const char *s = pattern; *s; s++) {
        if (*s != '%')
            continue;
        if (!_value(s[1], v))
            return s;
        s++;
    }
    return NULL;
}
