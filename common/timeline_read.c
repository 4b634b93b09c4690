#include "timeline_text.h"
#include "decimal.h"

#include <string.h>

/* The figures of a point of each version: t and the heap, then the
 * others, which may be empty. */
#define _FIGURES_V1 3
#define _FIGURES_V2 9

/* The figure that starts at s[*at] and ends at a colon, a space or the
 * end of s: 0 with *at on the byte that ends it (HL_TIMELINE_UNKNOWN when
 * empty), or -1 when it is no count. */
static int _figure(const char *s, size_t len, size_t *at, uint64_t *out)
{
    size_t from = *at, to = from;

    while (to < len && s[to] != ':' && s[to] != ' ')
        to++;
    *at = to;
    if (to == from) {
        *out = HL_TIMELINE_UNKNOWN;
        return 0;
    }
    return hl_parse_u64(s + from, to - from, out) < 0 ||
                   *out == HL_TIMELINE_UNKNOWN
               ? -1
               : 0;
}

/* The point that starts at s[*at], of `figures` figures, into p. */
static int _point(const char *s, size_t len, size_t *at, int figures,
                  struct hl_timeline_point *p)
{
    uint64_t v[_FIGURES_V2];

    for (int i = 0; i < figures; i++) {
        if (i && (*at == len || s[*at] != ':'))
            return -1;
        *at += i != 0;
        if (_figure(s, len, at, &v[i]) < 0)
            return -1;
    }
    if ((*at < len && s[*at] != ' ') || v[0] > INT64_MAX ||
        v[1] == HL_TIMELINE_UNKNOWN)
        return -1;
    p->t_ms = (int64_t)v[0];
    p->heap = v[1];
    p->rss = v[2];
    if (figures == _FIGURES_V1) {
        *p = (struct hl_timeline_point){p->t_ms,
                                        p->heap,
                                        p->rss,
                                        p->heap,
                                        p->rss,
                                        HL_TIMELINE_UNKNOWN,
                                        HL_TIMELINE_UNKNOWN,
                                        HL_TIMELINE_UNKNOWN,
                                        HL_TIMELINE_UNKNOWN};
        return 0;
    }
    p->heap_lo = v[3] == HL_TIMELINE_UNKNOWN ? p->heap : v[3];
    p->rss_lo = v[4];
    p->rss_hi = v[5];
    p->pss = v[6];
    p->pss_shmem = v[7];
    p->rss_shmem = v[8];
    return 0;
}

static size_t _skip_spaces(const char *s, size_t len, size_t at)
{
    while (at < len && s[at] == ' ')
        at++;
    return at;
}

long hl_timeline_parse(const char *s, size_t len, struct hl_timeline_point *out,
                       size_t max, int *version, const char **why)
{
    size_t at = _skip_spaces(s, len, 0), n = 0;
    int figures = _FIGURES_V1;

    *version = 1;
    if (at < len && s[at] == 'v') {
        size_t w = sizeof(HL_TIMELINE_WORD) - 1;

        if (len - at < w || memcmp(s + at, HL_TIMELINE_WORD, w) ||
            (at + w < len && s[at + w] != ' ')) {
            *why = "a timeline of an unknown version";
            return -1;
        }
        at += w;
        *version = HL_TIMELINE_VERSION;
        figures = _FIGURES_V2;
    }
    for (;;) {
        at = _skip_spaces(s, len, at);
        if (at == len)
            return (long)n;
        if (s[at] == HL_FIELD_REWRITING) {
            while (at < len && s[at] != ' ')
                at++;
            continue;
        }
        if (n == max) {
            *why = "a timeline of too many points";
            return -1;
        }
        if (_point(s, len, &at, figures, &out[n]) < 0) {
            *why = "a bad timeline point";
            return -1;
        }
        if (n && out[n].t_ms <= out[n - 1].t_ms) {
            *why = "timeline points out of order";
            return -1;
        }
        n++;
    }
}
