/* Proves that the record's timeline field is read as the library writes
 * it (common/timeline_write.c, then timeline_read.c): the version word
 * (3, and 2 as heapline wrote before),
 * points of every size, unknown figures (empty fields), the spaces that
 * pad a provisional record, the words of a point whose write a death cut
 * short (skipped); that today's records, of version 1 (no version word,
 * three figures a point), are read, each figure as the point's least and
 * most; that a process killed at any moment of hl_timeline_put_slot leaves
 * a field that reads; that the readings settle as documented; and that
 * what breaks the grammar is refused, saying what: a point with a figure
 * missing or not a count, a version unknown, times that do not grow, more
 * points than the reader takes; that a point that ended below its most is
 * written with its last note and read as two, the release where it
 * happened. */
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../tap.h"
#include "timeline_text.h"

#define _N(a) (sizeof(a) / sizeof((a)[0]))
#define _U HL_TIMELINE_UNKNOWN

static struct hl_timeline_point _got[HL_TIMELINE_READ_MAX + 1];
static int _version;

static long _parse(const char *s, const char **why)
{
    *why = "";
    _version = 0;
    return hl_timeline_parse(s, strlen(s), _got, HL_TIMELINE_READ_MAX,
                             &_version, why);
}

static int _same(const struct hl_timeline_point *a,
                 const struct hl_timeline_point *b)
{
    return !memcmp(a, b, sizeof(*a));
}

static void _round_trip(void)
{
    static const struct hl_timeline_point want[] = {
        {0, 0, 0, 0, 0, 0, _U, _U, _U, 0, _U},
        {1, 4096, _U, 4000, _U, _U, _U, _U, _U, 0, _U},
        {999, UINT64_MAX - 1, UINT64_MAX - 1, 7, 8, UINT64_MAX - 1, 5, 6, 9, 0,
         _U},
        {INT64_MAX, 314572800, 11534336, 314572800, 10485760, 12582912, 9000000,
         1000000, 4000000, 0, _U},
    };
    char text[1024];
    struct hl_buf b;
    const char *why;
    long n;

    hl_buf_init(&b, text, sizeof(text));
    hl_timeline_put(&b, want, _N(want), HL_TIMELINE_VERSION);
    is_str(text,
           "v3 0:0:0:0:0:0::::: 1:4096::4000::::::: "
           "999:18446744073709551614:18446744073709551614:7:8:"
           "18446744073709551614:5:6:9:: "
           "9223372036854775807:314572800:11534336:314572800:10485760:"
           "12582912:9000000:1000000:4000000::",
           "the version word, then the points a space apart, an unknown "
           "figure empty");
    n = _parse(text, &why);
    is_int(n, (long)_N(want), "read back: %zu points (%s)", _N(want), why);
    is_int(_version, HL_TIMELINE_VERSION, "of version %d", HL_TIMELINE_VERSION);
    for (size_t i = 0; i < _N(want) && n == (long)_N(want); i++)
        ok(_same(&_got[i], &want[i]), "point %zu read back", i);
    hl_buf_init(&b, text, sizeof(text));
    hl_timeline_put(&b, want, 0, HL_TIMELINE_VERSION);
    is_str(text, "v3", "no point: the version word alone");
    is_int(_parse(text, &why), 0, "read back: no point");
    is_int(_version, 3, "of version 3");
    hl_buf_init(&b, text, sizeof(text));
    hl_timeline_put(&b, want, _N(want), 2);
    is_int(_parse(text, &why), (long)_N(want),
           "written in version 2, nine figures a point: read back (%s)", why);
    is_int(_version, 2, "of version 2");
    for (size_t i = 0; i < _N(want); i++)
        ok(_same(&_got[i], &want[i]), "point %zu of version 2 read back", i);
}

/* Today's records: no version word, t:heap:rss. */
static void _version_1(void)
{
    static const struct hl_timeline_point want[] = {
        {0, 10, 12, 10, 12, _U, _U, _U, _U, 0, _U},
        {1, 300, _U, 300, _U, _U, _U, _U, _U, 0, _U},
    };
    const char *why;

    is_int(_parse("0:10:12 1:300:", &why), 2, "a field of version 1: read (%s)",
           why);
    is_int(_version, 1, "as version 1");
    ok(_same(&_got[0], &want[0]) && _same(&_got[1], &want[1]),
       "each figure its point's least and most; no bound above, no Pss");
    is_int(_parse("", &why), 0, "an empty field: no point");
    is_int(_version, 1, "of version 1");
    {
        char text[64];
        struct hl_buf b;

        hl_buf_init(&b, text, sizeof(text));
        hl_timeline_put(&b, want, _N(want), 1);
        is_str(text, "0:10:12 1:300:", "written back in version 1 as read");
    }
}

static void _padded(void)
{
    const char *why;

    is_int(_parse("   ", &why), 0, "only spaces: no point");
    is_int(_parse("v2   ", &why), 0, "the word and spaces: no point");
    is_int(_parse("v2    5:10:20:1:2:3:::    7:30:40:4:5:6:7:8:9      ", &why),
           2, "points between runs of spaces (a provisional record's padding)");
    ok(_got[1].t_ms == 7 && _got[1].heap == 30 && _got[1].rss == 40 &&
           _got[1].rss_shmem == 9,
       "the second point of a padded field");
    is_int(_parse("v2 5:10:::::::", &why), 1, "a point of a heap alone");
    is_uint(_got[0].heap_lo, 10, "its least heap its heap");
    is_int(_parse("  5:10:20    7:30:40      ", &why), 2,
           "version 1 padded: read");
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
        {"5:10:20 !!!!:9 4:11:21", "timeline points out of order"},
        {"v2 5:10:20", "a bad timeline point"},
        {"v2 5:10:1:2:3:4:5:6", "a bad timeline point"},
        {"v2 5:10:1:2:3:4:5:6:7:8", "a bad timeline point"},
        {"v2 5::1:2:3:4:5:6:7", "a bad timeline point"},
        {"v2 5:10:1:2:3:4:5:6:x", "a bad timeline point"},
        {"v2 5:1::::::: 5:1:::::::", "timeline points out of order"},
        {"v2 5:18446744073709551615:::::::", "a bad timeline point"},
        {"v4 5:10:20", "a timeline of an unknown version"},
        {"v3 5:10:1:2:3:4:5:6:7", "a bad timeline point"},
        {"v3 5:10:1:2:3:4:5:6:7:8:9:10", "a bad timeline point"},
        {"v3 5:10::::::::7:", "a bad timeline point"},
        {"v3 5:10:::::::::1", "a bad timeline point"},
        {"v3 5:10::::::::4:1", "a bad timeline point"},
        {"v3 5:10::::::::7:10", "a bad timeline point"},
        {"v3 5:10::::::::9223372036854775807:1", "a bad timeline point"},
        {"v3 5:10::::::::7:1 7:1:::::::::", "timeline points out of order"},
        {"v3 5:10::::::::7:1 6:1:::::::::", "timeline points out of order"},
        {"v 5:10:20", "a timeline of an unknown version"},
        {"v22 5:10:20", "a timeline of an unknown version"},
        {"v2x", "a timeline of an unknown version"},
        {"5:10:20 v2", "a bad timeline point"},
    };
    const char *why;

    for (size_t i = 0; i < _N(bad); i++) {
        is_int(_parse(bad[i].text, &why), -1, "'%s' refused", bad[i].text);
        is_str(why, bad[i].why, "'%s': %s", bad[i].text, bad[i].why);
    }
}

static void _cut_short(void)
{
    const char *why;

    is_int(_parse("!:10:20 4:11:21", &why), 1,
           "a marked first word is skipped, the next point read (%s)", why);
    ok(_got[0].t_ms == 4 && _got[0].heap == 11, "the point after it");
    is_int(_parse("v2 5:1:1:1:1:1::: !!!!!!9:9   7:2:::::::", &why), 2,
           "a marked word between two points is skipped (%s)", why);
    is_int(_parse("v2 5:1:1:1:1:1::: !!!!!!!!!!!!!! ", &why), 1,
           "a slot being filled with the mark is skipped (%s)", why);
}

/* A point that ended below its most: written with its last note, read
 * as two, the release where it happened (issue 35, item 1). */
static void _release_read_as_two(void)
{
    static const struct hl_timeline_point held = {500, 75000, 80, 100, 40,  90,
                                                  7,   8,     9,  503, 3000};
    const struct hl_timeline_point rest = {504, 3000, 80, 3000, 40, 90,
                                           _U,  _U,   _U, 0,    _U};
    char text[256];
    struct hl_buf b;
    const char *why;

    hl_buf_init(&b, text, sizeof(text));
    hl_timeline_put(&b, &held, 1, HL_TIMELINE_VERSION);
    is_str(text, "v3 500:75000:80:100:40:90:7:8:9:503:3000",
           "a point that ended below its most: its last note's time and heap");
    hl_buf_init(&b, text, sizeof(text));
    hl_timeline_put(&b, &held, 1, 2);
    is_str(text, "v2 500:75000:80:100:40:90:7:8:9", "not in version 2");
    is_int(_parse("v3 0:100:50:100:40:60:::::  "
                  "500:75000:80:100:40:90:7:8:9:503:3000   "
                  "1500:3000:80:3000:80:90:::::",
                  &why),
           4, "three points, one of them ended below its most: four read (%s)",
           why);
    ok(_got[1].t_ms == 500 && _got[1].heap == 75000 && _got[1].heap_lo == 100 &&
           _got[1].pss == 7 && _got[1].heap_last == _U,
       "the point until its last note: its most, its least, its Pss");
    ok(_same(&_got[2], &rest),
       "then from the next millisecond the heap of its last note, its "
       "readings of VmRSS, no Pss");
    is_int(_got[3].t_ms, 1500, "then the next point");
    is_int(_parse("v3 0:9::::::::5:1 6:1:::::::::", &why), 2,
           "no millisecond between the last note and the next point: no "
           "rest (%s)",
           why);
    is_int(_parse("v3 0:9::::::::5:1", &why), 2,
           "the last point's rest, however short the run (%s)", why);
    ok(_got[1].t_ms == 6 && _got[1].heap == 1, "from the next millisecond");
    is_int(_parse("v3 0:9::::::::5:1 9:1:::::::::", &why), 3,
           "three points read where there is room (%s)", why);
    is_int(hl_timeline_parse("v3 0:9::::::::5:1 9:1:::::::::", 30, _got, 2,
                             &_version, &why),
           -1, "refused when more than the reader takes");
    is_str(why, "a timeline of too many points", "saying so");
}

/* The readings settled: from the last point back. */
static void _settled(void)
{
    struct hl_timeline_point p[] = {
        {0, 1, 950, 1, 400, _U, _U, _U, _U, 0, _U},
        {10, 1, _U, 1, _U, _U, _U, _U, _U, 0, _U},
        {20, 1, 700, 1, 300, 800, _U, _U, _U, 0, _U},
        {30, 1, 5000, 1, _U, _U, _U, _U, _U, 0, _U},
        {40, 1, _U, 1, _U, _U, _U, _U, _U, 0, _U},
    };

    hl_timeline_settle_rss(p, _N(p), 700, 2000);
    is_uint(p[1].rss, 700, "a point with no reading has the next one's");
    is_uint(p[1].rss_lo, 700, "and its least is that reading");
    is_uint(p[0].rss_lo, 400, "a least of its own stays");
    is_uint(p[4].rss, 700, "the last point with none has the record's VmRSS");
    is_uint(p[3].rss, 2000, "a reading above VmHWM is VmHWM");
    is_uint(p[1].rss_hi, 800,
            "a point with no bound above has the next one's bound");
    is_uint(p[3].rss_hi, 2000, "the last ones have VmHWM");
    is_uint(p[0].rss_hi, 950,
            "no bound is below the most read of its point (noise)");
    hl_timeline_settle_rss(p, 1, 0, 0);
    is_uint(p[0].rss_hi, 950, "VmHWM unknown: the bounds stay");
}

/* The slots of a field, written over and over by a child with points of
 * other widths (one digit to twenty), each slot's times growing; the
 * child is killed at a moment that moves from one round to the next, most
 * of them in the middle of a write. Every field left must read, each of
 * its points one that was written into its slot. */
#define _SLOTS 4
#define _ROUNDS 400
#define _FIELD (HL_TIMELINE_HEAD + _SLOTS * HL_TIMELINE_SLOT)

static struct hl_timeline_point _a_point(unsigned slot, unsigned k)
{
    static const uint64_t sizes[] = {7, 123456789, UINT64_MAX - 1, 42000};
    uint64_t a = sizes[k % 4], b = sizes[(k + slot) % 4];

    return (struct hl_timeline_point){
        (int64_t)(slot * 1000 + k % 3), a, b, a, b, b, a, b, a, 0, _U};
}

static int _written(unsigned slot, const struct hl_timeline_point *p)
{
    for (unsigned k = 0; k < 12; k++) {
        struct hl_timeline_point v = _a_point(slot, k);

        if (_same(p, &v))
            return 1;
    }
    return 0;
}

static void _killed_mid_write(void)
{
    char *field = mmap(NULL, _FIELD + 1, PROT_READ | PROT_WRITE,
                       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    char *slots = field + HL_TIMELINE_HEAD;
    volatile char *started = field + _FIELD;
    int unread = 0, strangers = 0;

    memset(field, ' ', _FIELD);
    memcpy(field, HL_TIMELINE_WORD, sizeof(HL_TIMELINE_WORD) - 1);
    for (int round = 0; round < _ROUNDS; round++) {
        struct timespec wait = {0, (round % 50) * 1000};
        struct hl_timeline_point got[_SLOTS + 1];
        const char *why = "";
        pid_t child = fork();
        int version;
        long n;

        *started = 0;
        if (child == 0)
            for (unsigned k = 0;; k++) {
                struct hl_timeline_point p = _a_point(k % _SLOTS, k / _SLOTS);

                hl_timeline_put_slot(slots + (k % _SLOTS) * HL_TIMELINE_SLOT,
                                     k % 7 == 6 ? NULL : &p);
                *started = 1;
            }
        while (!*started)
            sched_yield();
        nanosleep(&wait, NULL);
        kill(child, SIGKILL);
        waitpid(child, NULL, 0);
        n = hl_timeline_parse(field, _FIELD, got, _SLOTS + 1, &version, &why);
        if (n < 0) {
            if (!unread++)
                printf("# unread: '%.*s': %s\n", (int)_FIELD, field, why);
            continue;
        }
        for (long i = 0; i < n; i++)
            if (!_written((unsigned)(got[i].t_ms / 1000), &got[i]))
                strangers++;
    }
    is_int(unread, 0,
           "killed %d times in the middle of writes: every field "
           "reads",
           _ROUNDS);
    is_int(strangers, 0, "and holds only points that were written");
    munmap(field, _FIELD + 1);
}

/* One point more than the reader takes is refused; as many are read. */
static void _too_many(void)
{
    static char text[(HL_TIMELINE_READ_MAX + 1) * 24];
    static struct hl_timeline_point p[HL_TIMELINE_READ_MAX];
    struct hl_buf b;
    const char *why;

    for (int i = 0; i < HL_TIMELINE_READ_MAX; i++)
        p[i] = (struct hl_timeline_point){i,  (uint64_t)i, 0,  0, 0, 0,
                                          _U, _U,          _U, 0, _U};
    hl_buf_init(&b, text, sizeof(text));
    hl_timeline_put(&b, p, HL_TIMELINE_READ_MAX, HL_TIMELINE_VERSION);
    is_int(_parse(text, &why), HL_TIMELINE_READ_MAX, "%d points: read",
           HL_TIMELINE_READ_MAX);
    hl_buf_str(&b, " 99999:1:1:1:1:1:::::");
    is_int(_parse(text, &why), -1, "%d points: refused",
           HL_TIMELINE_READ_MAX + 1);
    is_str(why, "a timeline of too many points", "saying so");
}

/* The widest point fits its slot, with a space to spare. */
static void _widest_fits(void)
{
    const struct hl_timeline_point p = {
        INT64_MAX - 1,  UINT64_MAX - 1, UINT64_MAX - 1, UINT64_MAX - 1,
        UINT64_MAX - 1, UINT64_MAX - 1, UINT64_MAX - 1, UINT64_MAX - 1,
        UINT64_MAX - 1, INT64_MAX - 1,  UINT64_MAX - 2};
    char text[2 * HL_TIMELINE_SLOT];
    struct hl_buf b;

    hl_buf_init(&b, text, sizeof(text));
    hl_timeline_put(&b, &p, 1, HL_TIMELINE_VERSION);
    ok(b.len - HL_TIMELINE_HEAD < HL_TIMELINE_SLOT,
       "the widest point, %zu bytes, fits a slot of %d with a space",
       b.len - HL_TIMELINE_HEAD, HL_TIMELINE_SLOT);
}

int main(void)
{
    _round_trip();
    _version_1();
    _padded();
    _refused();
    _cut_short();
    _release_read_as_two();
    _settled();
    _killed_mid_write();
    _too_many();
    _widest_fits();
    return done_testing();
}
