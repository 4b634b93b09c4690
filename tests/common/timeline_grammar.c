/* Proves that the record's timeline field is read as the library writes
 * it (common/timeline_write.c, then timeline_read.c): points of every
 * size, an unknown RSS (an empty field), the spaces that pad a provisional
 * record; and that what breaks its grammar is refused, saying what: a
 * point with a number missing or not a count, times that do not grow, more
 * points than the reader takes, and the mark of a rewrite cut short. */
#include <stdint.h>
#include <string.h>

#include "../tap.h"
#include "timeline_text.h"

#define _N(a) (sizeof(a) / sizeof((a)[0]))

static struct hl_timeline_point _got[HL_TIMELINE_READ_MAX + 1];

static long _parse(const char *s, const char **why)
{
    *why = "";
    return hl_timeline_parse(s, strlen(s), _got, HL_TIMELINE_READ_MAX, why);
}

static void _round_trip(void)
{
    static const struct hl_timeline_point want[] = {
        {0, 0, 0},
        {1, 4096, HL_TIMELINE_NO_RSS},
        {999, UINT64_MAX, UINT64_MAX - 1},
        {INT64_MAX, 314572800, 11534336},
    };
    char text[512];
    struct hl_buf b;
    const char *why;
    long n;

    hl_buf_init(&b, text, sizeof(text));
    hl_timeline_put(&b, want, _N(want));
    is_str(text,
           "0:0:0 1:4096: 999:18446744073709551615:18446744073709551614 "
           "9223372036854775807:314572800:11534336",
           "written a space apart, an unknown RSS empty");
    n = _parse(text, &why);
    is_int(n, (long)_N(want), "read back: %zu points (%s)", _N(want), why);
    for (size_t i = 0; i < _N(want) && n == (long)_N(want); i++)
        ok(_got[i].t_ms == want[i].t_ms && _got[i].heap == want[i].heap &&
               _got[i].rss == want[i].rss,
           "point %zu read back", i);
}

static void _padded(void)
{
    const char *why;

    is_int(_parse("   ", &why), 0, "only spaces: no point");
    is_int(_parse("", &why), 0, "empty: no point");
    is_int(_parse("  5:10:20    7:30:40      ", &why), 2,
           "points between runs of spaces (a provisional record's padding)");
    ok(_got[1].t_ms == 7 && _got[1].heap == 30 && _got[1].rss == 40,
       "the second point of a padded field");
}

static void _refused(void)
{
    static const struct {
        const char *text, *why;
    } bad[] = {
        {"5:10", "a bad timeline point"},
        {"5", "a bad timeline point"},
        {":10:20", "a bad timeline point"},
        {"5::20", "a bad timeline point"},
        {"5:10:20:30", "a bad timeline point"},
        {"5:-10:20", "a bad timeline point"},
        {"5:10:2x", "a bad timeline point"},
        {"5:10:18446744073709551615", "a bad timeline point"},
        {"9223372036854775808:1:1", "a bad timeline point"},
        {"5:10:20,6:1:1", "a bad timeline point"},
        {"5:10:20 5:11:21", "timeline points out of order"},
        {"5:10:20 4:11:21", "timeline points out of order"},
        {"!:10:20 4:11:21",
         "the process died while its timeline was rewritten"},
    };
    const char *why;

    for (size_t i = 0; i < _N(bad); i++) {
        is_int(_parse(bad[i].text, &why), -1, "'%s' refused", bad[i].text);
        is_str(why, bad[i].why, "'%s': %s", bad[i].text, bad[i].why);
    }
}

/* One point more than the reader takes is refused; as many are read. */
static void _too_many(void)
{
    static char text[(HL_TIMELINE_READ_MAX + 1) * 16];
    struct hl_buf b;
    const char *why;

    hl_buf_init(&b, text, sizeof(text));
    for (int i = 0; i < HL_TIMELINE_READ_MAX; i++) {
        struct hl_timeline_point p = {i, (uint64_t)i, 0};

        if (i)
            hl_buf_char(&b, ' ');
        hl_timeline_put(&b, &p, 1);
    }
    is_int(_parse(text, &why), HL_TIMELINE_READ_MAX, "%d points: read",
           HL_TIMELINE_READ_MAX);
    hl_buf_str(&b, " 99999:1:1");
    is_int(_parse(text, &why), -1, "%d points: refused",
           HL_TIMELINE_READ_MAX + 1);
    is_str(why, "a timeline of too many points", "saying so");
}

int main(void)
{
    _round_trip();
    _padded();
    _refused();
    _too_many();
    return done_testing();
}
