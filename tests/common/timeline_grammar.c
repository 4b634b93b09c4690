/* Proves that the record's timeline field is read as the library writes
 * it (common/timeline_write.c, then timeline_read.c): points of every
 * size, an unknown RSS (an empty field), the spaces that pad a provisional
 * record, the words of a point whose write a death cut short (skipped);
 * that a process killed at any moment of hl_timeline_put_slot leaves a
 * field that reads; and that what breaks its grammar is refused, saying
 * what: a point with a number missing or not a count, times that do not
 * grow, more points than the reader takes. */
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
        {"5:10:20 !!!!:9 4:11:21", "timeline points out of order"},
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
    is_int(_parse("5:1:1 !!!!!!9:9   7:2:", &why), 2,
           "a marked word between two points is skipped (%s)", why);
    is_int(_parse("5:1:1 !!!!!!!!!!!!!! ", &why), 1,
           "a slot being filled with the mark is skipped (%s)", why);
}

/* The slots of a field, written over and over by a child with points of
 * other widths (one digit to twenty), each slot's times growing; the
 * child is killed at a moment that moves from one round to the next, most
 * of them in the middle of a write. Every field left must read, each of
 * its points one that was written into its slot. */
#define _SLOTS 4
#define _ROUNDS 400

static struct hl_timeline_point _version(unsigned slot, unsigned k)
{
    static const uint64_t sizes[] = {7, 123456789, UINT64_MAX - 1, 42000};

    return (struct hl_timeline_point){(int64_t)(slot * 1000 + k % 3),
                                      sizes[k % 4], sizes[(k + slot) % 4]};
}

static int _a_version(unsigned slot, const struct hl_timeline_point *p)
{
    for (unsigned k = 0; k < 12; k++) {
        struct hl_timeline_point v = _version(slot, k);

        if (p->t_ms == v.t_ms && p->heap == v.heap && p->rss == v.rss)
            return 1;
    }
    return 0;
}

static void _killed_mid_write(void)
{
    char *field =
        mmap(NULL, _SLOTS * HL_TIMELINE_SLOT + 1, PROT_READ | PROT_WRITE,
             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    volatile char *started = field + _SLOTS * HL_TIMELINE_SLOT;
    int unread = 0, strangers = 0;

    memset(field, ' ', _SLOTS * HL_TIMELINE_SLOT);
    for (int round = 0; round < _ROUNDS; round++) {
        struct timespec wait = {0, (round % 50) * 1000};
        struct hl_timeline_point got[_SLOTS + 1];
        const char *why = "";
        pid_t child = fork();
        long n;

        *started = 0;
        if (child == 0)
            for (unsigned k = 0;; k++) {
                struct hl_timeline_point p = _version(k % _SLOTS, k / _SLOTS);

                hl_timeline_put_slot(field + (k % _SLOTS) * HL_TIMELINE_SLOT,
                                     k % 7 == 6 ? NULL : &p);
                *started = 1;
            }
        while (!*started)
            sched_yield();
        nanosleep(&wait, NULL);
        kill(child, SIGKILL);
        waitpid(child, NULL, 0);
        n = hl_timeline_parse(field, _SLOTS * HL_TIMELINE_SLOT, got, _SLOTS + 1,
                              &why);
        if (n < 0) {
            if (!unread++)
                printf("# unread: '%.*s': %s\n", _SLOTS * HL_TIMELINE_SLOT,
                       field, why);
            continue;
        }
        for (long i = 0; i < n; i++)
            if (!_a_version((unsigned)(got[i].t_ms / 1000), &got[i]))
                strangers++;
    }
    is_int(unread, 0,
           "killed %d times in the middle of writes: every field "
           "reads",
           _ROUNDS);
    is_int(strangers, 0, "and holds only points that were written");
    munmap(field, _SLOTS * HL_TIMELINE_SLOT + 1);
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
    _cut_short();
    _killed_mid_write();
    _too_many();
    return done_testing();
}
