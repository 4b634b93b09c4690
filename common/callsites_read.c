#include "callsites_text.h"

/* A digit of the grammar: decimal, or lowercase hexadecimal. */
static int _digit(char c, int hex)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    return hex && c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* A digit of a %-escape: either case. */
static int _escape_digit(char c)
{
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return _digit(c, 1);
}

static int _u64(const char **s, uint64_t *v, int hex)
{
    const char *p = *s;
    uint64_t x = 0;
    int d;

    for (; (d = _digit(*p, hex)) >= 0; p++) {
        if (x > (UINT64_MAX - (uint64_t)d) / (hex ? 16 : 10))
            return -1;
        x = x * (hex ? 16 : 10) + (uint64_t)d;
    }
    if (p == *s)
        return -1;
    *s = p;
    *v = x;
    return 0;
}

static const char *_skip_spaces(const char *s)
{
    while (*s == HL_CALLSITES_SEP)
        s++;
    return s;
}

/* One frame, "module+hex" or "?+hex". */
static int _frame(const char **s, size_t nmodules, struct hl_callsite_frame *f)
{
    uint64_t m;

    if (**s == '?') {
        (*s)++;
        f->module = HL_CALLSITE_NO_MODULE;
    } else if (_u64(s, &m, 0) || m >= nmodules) {
        return -1;
    } else {
        f->module = (uint32_t)m;
    }
    if (**s != '+')
        return -1;
    (*s)++;
    return _u64(s, &f->offset, 1);
}

int hl_callsite_parse(const char **s, size_t nmodules,
                      struct hl_callsite_estimate *e,
                      struct hl_callsite_frame *f, unsigned *depth,
                      const char **why)
{
    const char *p = _skip_spaces(*s);

    *depth = 0;
    if (!*p)
        return 0;
    if (*p == HL_FIELD_REWRITING) {
        *why = "sites: cut short while rewritten, site";
        return -1;
    }
    if (_u64(&p, &e->bytes, 0) || *p++ != ':' || _u64(&p, &e->count, 0) ||
        *p++ != ':' || _u64(&p, &e->se, 0) || *p++ != ':') {
        *why = "sites: bad estimate in site";
        return -1;
    }
    while (*p && *p != HL_CALLSITES_SEP) {
        if ((*depth && *p++ != ';') || *depth == HL_CALLSITE_FRAMES_READ_MAX ||
            _frame(&p, nmodules, &f[(*depth)++])) {
            *why = "sites: bad frame in site";
            return -1;
        }
    }
    *s = p;
    return 1;
}

/* Whether path[0..len) is %-encoded well: each '%' followed by two
 * hexadecimal digits, and none of them a NUL. */
static int _path_good(const char *path, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (path[i] != '%')
            continue;
        if (i + 2 >= len || _escape_digit(path[i + 1]) < 0 ||
            _escape_digit(path[i + 2]) < 0 ||
            (path[i + 1] == '0' && path[i + 2] == '0'))
            return 0;
        i += 2;
    }
    return 1;
}

int hl_callsite_module_parse(const char **s, char id[HL_BUILD_ID_HEX + 1],
                             const char **path, size_t *pathlen,
                             const char **why)
{
    const char *p = _skip_spaces(*s), *colon, *end;
    size_t n;

    if (!*p)
        return 0;
    for (colon = p; _digit(*colon, 1) >= 0; colon++)
        ;
    n = (size_t)(colon - p);
    if (*colon != ':' || n > HL_BUILD_ID_HEX || n % 2) {
        *why = "modules: bad build-id in module";
        return -1;
    }
    for (end = colon + 1; *end && *end != HL_CALLSITES_SEP; end++)
        ;
    if (!_path_good(colon + 1, (size_t)(end - colon - 1))) {
        *why = "modules: bad path in module";
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        id[i] = p[i];
    id[n] = '\0';
    *path = colon + 1;
    *pathlen = (size_t)(end - colon - 1);
    *s = end;
    return 1;
}

void hl_callsite_path_decode(const char *path, size_t len, char *out)
{
    size_t o = 0;

    for (size_t i = 0; i < len; i++) {
        if (path[i] == '%') {
            out[o++] = (char)(_escape_digit(path[i + 1]) * 16 +
                              _escape_digit(path[i + 2]));
            i += 2;
        } else {
            out[o++] = path[i];
        }
    }
    out[o] = '\0';
}
