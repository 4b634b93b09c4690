#include "timeline_text.h"
#include "decimal.h"

#include <string.h>

/* The figures of a point of each version: t and the heap, then the
 * others, which may be empty. */
#define _FIGURES_V1 3
#define _FIGURES_V2 9
#define _FIGURES_V3 11

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
    uint64_t v[_FIGURES_V3];

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
        *p = (struct hl_timeline_point){.t_ms = p->t_ms,
                                        .heap = p->heap,
                                        .rss = p->rss,
                                        .heap_lo = p->heap,
                                        .rss_lo = p->rss,
                                        .rss_hi = HL_TIMELINE_UNKNOWN,
                                        .pss = HL_TIMELINE_UNKNOWN,
                                        .pss_shmem = HL_TIMELINE_UNKNOWN,
                                        .rss_shmem = HL_TIMELINE_UNKNOWN,
                                        .heap_last = HL_TIMELINE_UNKNOWN};
        return 0;
    }
    p->heap_lo = v[3] == HL_TIMELINE_UNKNOWN ? p->heap : v[3];
    p->rss_lo = v[4];
    p->rss_hi = v[5];
    p->pss = v[6];
    p->pss_shmem = v[7];
    p->rss_shmem = v[8];
    p->t_last = 0;
    p->heap_last = HL_TIMELINE_UNKNOWN;
    if (figures == _FIGURES_V2)
        return 0;
    /* Both or neither; a release ends the point below its most, within
     * it. */
    if ((v[9] == HL_TIMELINE_UNKNOWN) != (v[10] == HL_TIMELINE_UNKNOWN))
        return -1;
    if (v[9] == HL_TIMELINE_UNKNOWN)
        return 0;
    if (v[9] < (uint64_t)p->t_ms || v[9] > INT64_MAX - 1 || v[10] >= p->heap)
        return -1;
    p->t_last = (int64_t)v[9];
    p->heap_last = v[10];
    return 0;
}

/* The rest of point p after its last note: the heap then, from the next
 * millisecond. */
static struct hl_timeline_point _after_last(const struct hl_timeline_point *p)
{
    return (struct hl_timeline_point){
        .t_ms = p->t_last + 1,
        .heap = p->heap_last,
        .rss = p->rss,
        .heap_lo = p->heap_last,
        .rss_lo = p->rss_lo,
        .rss_hi = p->rss_hi,
        .pss = HL_TIMELINE_UNKNOWN,
        .pss_shmem = HL_TIMELINE_UNKNOWN,
        .rss_shmem = HL_TIMELINE_UNKNOWN,
        .heap_last = HL_TIMELINE_UNKNOWN,
    };
}

static size_t _skip_spaces(const char *s, size_t len, size_t at)
{
    while (at < len && s[at] == ' ')
        at++;
    return at;
}

/* The version that the word at s[at..len) names (its figures in
 * *figures, its length in *w), or 0. */
static int _version(const char *s, size_t len, size_t at, int *figures,
                    size_t *w)
{
    static const struct {
        const char *word;
        int figures;
    } known[] = {{"v2", _FIGURES_V2}, {HL_TIMELINE_WORD, _FIGURES_V3}};

    for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
        *w = strlen(known[i].word);
        if (len - at >= *w && !memcmp(s + at, known[i].word, *w) &&
            (at + *w == len || s[at + *w] == ' ')) {
            *figures = known[i].figures;
            return (int)i + 2;
        }
    }
    return 0;
}

/* Point p after those out[0..*n): 0, or -1 with *why set. The point
 * before, if it ended below its most, first gets its rest (_after_last)
 * where there is room before p. */
static int _append(struct hl_timeline_point *out, size_t max, size_t *n,
                   const struct hl_timeline_point *p, const char **why)
{
    const struct hl_timeline_point *prev = *n ? &out[*n - 1] : NULL;

    if (prev &&
        (p->t_ms <= prev->t_ms ||
         (prev->heap_last != HL_TIMELINE_UNKNOWN && p->t_ms <= prev->t_last))) {
        *why = "timeline points out of order";
        return -1;
    }
    if (prev && prev->heap_last != HL_TIMELINE_UNKNOWN) {
        struct hl_timeline_point rest = _after_last(prev);

        out[*n - 1].heap_last = HL_TIMELINE_UNKNOWN;
        if (rest.t_ms < p->t_ms && _append(out, max, n, &rest, why) < 0)
            return -1;
    }
    if (*n == max) {
        *why = "a timeline of too many points";
        return -1;
    }
    out[(*n)++] = *p;
    return 0;
}

long hl_timeline_parse(const char *s, size_t len, struct hl_timeline_point *out,
                       size_t max, int *version, const char **why)
{
    size_t at = _skip_spaces(s, len, 0), n = 0, w;
    int figures = _FIGURES_V1;
    struct hl_timeline_point p;

    *version = 1;
    if (at < len && s[at] == 'v') {
        if (!(*version = _version(s, len, at, &figures, &w))) {
            *why = "a timeline of an unknown version";
            return -1;
        }
        at += w;
    }
    for (;;) {
        at = _skip_spaces(s, len, at);
        if (at == len)
            break;
        if (s[at] == HL_FIELD_REWRITING) {
            while (at < len && s[at] != ' ')
                at++;
            continue;
        }
        if (_point(s, len, &at, figures, &p) < 0) {
            *why = "a bad timeline point";
            return -1;
        }
        if (_append(out, max, &n, &p, why) < 0)
            return -1;
    }
    /* The last point's rest, however short the time left. */
    if (n && out[n - 1].heap_last != HL_TIMELINE_UNKNOWN) {
        p = _after_last(&out[n - 1]);
        out[n - 1].heap_last = HL_TIMELINE_UNKNOWN;
        if (n == max) {
            *why = "a timeline of too many points";
            return -1;
        }
        out[n++] = p;
    }
    return (long)n;
}
