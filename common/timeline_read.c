#include "timeline_text.h"
#include "decimal.h"

/* The count that starts at s[*at] and ends at the byte stop (a space or
 * the end of s, when stop is a space): 0 with *at moved past stop, or -1
 * when it is no count or another byte ends it. */
static int _number(const char *s, size_t len, size_t *at, char stop,
                   uint64_t *out)
{
    size_t from = *at, to = from;

    while (to < len && s[to] != stop && s[to] != ' ')
        to++;
    if (stop != ' ' && (to == len || s[to] != stop))
        return -1;
    *at = to + (to < len && s[to] == stop);
    return hl_parse_u64(s + from, to - from, out);
}

long hl_timeline_parse(const char *s, size_t len, struct hl_timeline_point *out,
                       size_t max, const char **why)
{
    size_t at = 0, n = 0;

    for (;;) {
        struct hl_timeline_point *p = &out[n];
        uint64_t t;

        while (at < len && s[at] == ' ')
            at++;
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
        if (_number(s, len, &at, ':', &t) < 0 || t > INT64_MAX ||
            _number(s, len, &at, ':', &p->heap) < 0) {
            *why = "a bad timeline point";
            return -1;
        }
        if (at == len || s[at] == ' ')
            p->rss = HL_TIMELINE_NO_RSS;
        else if (_number(s, len, &at, ' ', &p->rss) < 0 ||
                 p->rss == HL_TIMELINE_NO_RSS) {
            *why = "a bad timeline point";
            return -1;
        }
        p->t_ms = (int64_t)t;
        if (n && p->t_ms <= out[n - 1].t_ms) {
            *why = "timeline points out of order";
            return -1;
        }
        n++;
    }
}
