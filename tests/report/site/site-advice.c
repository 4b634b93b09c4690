/* Advice from history without files: the grid of sizes (each at most an
 * eighth above the one below, none below the need it holds), the advice on
 * a made-up history whose answer is known, and on random ones against the
 * exact percentile (never below a need of the share covered, at most a grid
 * step above it, the steps it would have killed counted exactly), and with
 * OOM-killed steps in the share (never at or below the limit of one, said
 * over it where the rank falls on one); a user's
 * job names followed within Space-Saving's bounds; --cover's words. */
#include <stdlib.h>

#include "../../tap.h"
#include "site/site_cli.h"
#include "site_format.h"
#include "site/site_names.h"
#include "site/site_needs.h"

#define MIB (UINT64_C(1) << 20)

static void _grid(void)
{
    bool tight = true, covers = true;

    is_uint(hl_site_grid_size(0), MIB, "the smallest size: 1 MiB");
    is_uint(hl_site_grid_index(HL_SITE_MAX_BYTES), HL_SITE_GRID - 1,
            "1 PiB, the largest of 224");
    is_uint(hl_site_grid_size(HL_SITE_GRID - 1), HL_SITE_MAX_BYTES,
            "and its size is 1 PiB");
    for (unsigned i = 1; i < HL_SITE_GRID; i++) {
        uint64_t lo = hl_site_grid_size(i - 1), hi = hl_site_grid_size(i);

        tight &= hi > lo && (hi - lo) * 8 <= lo + 8 * MIB;
        covers &=
            hl_site_grid_index(hi) == i && hl_site_grid_index(lo + 1) == i &&
            hl_site_grid_below(hi) == i + 1 && hl_site_grid_below(hi - 1) == i;
    }
    ok(tight, "each size at most an eighth (or 1 MiB) above the one below");
    ok(covers, "a need's size is the smallest that holds it");
    is_uint(hl_site_grid_size(hl_site_grid_index(95 * MIB * 1024)),
            96 * MIB * 1024, "95 GiB on the grid: 96 GiB");
}

static void _known(void)
{
    const uint64_t gib = 1024 * MIB;
    struct hl_site_needs n = {0};
    struct hl_site_advice a;

    /* 100 step-nodes needing 1 to 100 GiB, an hour each, asking 128 GiB;
     * two OOM-killed, one at 32 GiB, one at 120 GiB */
    for (uint64_t k = 1; k <= 100; k++)
        hl_site_needs_add(&n, true, k * gib, false, 0, true, 128 * gib, 3600);
    hl_site_needs_add(&n, false, 0, true, 32 * gib, true, 32 * gib, 3600);
    hl_site_needs_add(&n, false, 0, true, 120 * gib, true, 120 * gib, 3600);
    hl_site_advise(&n, 9500, &a);
    ok(a.known && !a.over && a.mem == 96 * gib && a.measured == 102 &&
           a.covered == 96,
       "95%% of 102 steps (the killed ones too, as needing more than their "
       "limit): the 97th, --mem=96G, enough for 96 of them");
    ok(a.killed == 5 && a.oom == 2 && a.oom_unknown == 1,
       "killed: the 4 needs above it and the step OOM-killed at 120 GiB; "
       "the one at 32 GiB not known");
    ok(a.saved == (double)(100 * 128 + 32 + 120 - 102 * 96) * gib * 3600,
       "saved: what was asked less 96 GiB for each hour");
    hl_site_advise(&n, HL_SITE_COVER_FULL, &a);
    ok(a.over && a.limit == 120 * gib && a.mem == 128 * gib && a.killed == 0 &&
           a.oom_unknown == 2,
       "100%%: the step killed at 120 GiB: more than 120 GiB, --mem=128G "
       "(the next size), whether it fits not known");
    hl_site_needs_free(&n);
    hl_site_advise(&n, 9500, &a);
    ok(!a.known && !a.measured, "no need measured: no advice");
}

/* A step killed at a limit needed more: within the share, the advice is
 * above the limit, and says the need there is not known (issue 34: bob's
 * sim on the cluster, advised 72M at 95% with a step killed at 100M). */
static void _killed_in_share(void)
{
    struct hl_site_needs n = {0};
    struct hl_site_advice a;

    hl_site_needs_add(&n, true, 60 * MIB, false, 0, true, 400 * MIB, 3600);
    hl_site_needs_add(&n, true, 60 * MIB, false, 0, true, 400 * MIB, 3600);
    hl_site_needs_add(&n, true, 100 * MIB, true, 100 * MIB, true, 100 * MIB,
                      3600);
    hl_site_advise(&n, 9500, &a);
    ok(a.known && a.mem > 100 * MIB,
       "95%% of 60, 60 and one killed at 100 MiB: above 100 MiB");
    ok(a.over && a.limit == 100 * MIB && a.mem == 104 * MIB,
       "the rank is the killed step: over 100M, --mem=104M, the next size");
    ok(a.measured == 3 && a.covered == 2 && a.killed == 0 && a.oom_unknown == 1,
       "3 steps: 2 known to fit, the killed one not known");
    hl_site_advise(&n, 5000, &a);
    ok(!a.over && a.mem == 60 * MIB && a.killed == 1 && a.oom_unknown == 0,
       "50%%: --mem=60M, which kills the step killed at 100 MiB");
    hl_site_needs_add(&n, true, 100 * MIB, false, 0, true, 400 * MIB, 3600);
    hl_site_needs_add(&n, true, 200 * MIB, false, 0, true, 400 * MIB, 3600);
    hl_site_advise(&n, 8000, &a);
    ok(a.over && a.mem == 104 * MIB,
       "a need of the killed step's size: ranked before it, the 4th of 5 is "
       "the killed one");
    hl_site_advise(&n, HL_SITE_COVER_FULL, &a);
    ok(!a.over && a.mem == 208 * MIB && a.covered == 4 && a.oom_unknown == 1,
       "100%%: the need of 200 MiB, 208M, the killed step under it not known");
    hl_site_needs_free(&n);
    hl_site_needs_add(&n, false, 0, true, 2 * MIB, false, 0, 1);
    hl_site_needs_add(&n, false, 0, true, 0, false, 0, 1);
    hl_site_advise(&n, 9500, &a);
    ok(a.known && a.over && a.limit == 2 * MIB && a.mem == 3 * MIB &&
           a.measured == 1 && a.oom == 2 && a.oom_unknown == 2,
       "killed steps only: over the known limit; one with no limit is not "
       "in the share");
    hl_site_needs_free(&n);
}

static uint64_t _next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static int _by_size(const void *pa, const void *pb)
{
    uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;

    return a < b ? -1 : a > b;
}

/* Random histories against the exact percentile of their needs. */
static void _random(void)
{
    static uint64_t needs[5000];
    uint64_t seed = 88172645463325252u;
    bool within = true, killed = true;

    for (int round = 0; round < 40; round++) {
        struct hl_site_needs n = {0};
        struct hl_site_advice a;
        size_t count = 1 + _next(&seed) % 5000, rank, above = 0;
        unsigned cover = 1 + (unsigned)(_next(&seed) % HL_SITE_COVER_FULL);

        for (size_t i = 0; i < count; i++) {
            needs[i] = 1 + _next(&seed) % (UINT64_C(1) << (20 + round % 24));
            hl_site_needs_add(&n, true, needs[i], false, 0, false, 0, 1);
        }
        qsort(needs, count, sizeof(*needs), _by_size);
        rank = (count * cover + HL_SITE_COVER_FULL - 1) / HL_SITE_COVER_FULL;
        hl_site_advise(&n, cover, &a);
        for (size_t i = 0; i < count; i++)
            above += needs[i] > a.mem;
        within &= a.mem >= needs[rank - 1] &&
                  (a.mem - needs[rank - 1]) * 8 <= needs[rank - 1] + 8 * MIB;
        killed &= a.killed == above && a.covered == count - above &&
                  a.covered >= rank;
        hl_site_needs_free(&n);
    }
    ok(within, "never below the exact percentile, at most a grid step above");
    ok(killed, "the steps it would have killed counted exactly");
}

/* A step-node of a random history: its key orders it as the advice ranks
 * it (a need at its size, a killed one after the needs of the size above
 * its limit), bytes its need or limit. */
struct _entry {
    uint64_t key, bytes;
    bool oom;
};

static int _by_key(const void *pa, const void *pb)
{
    const struct _entry *a = pa, *b = pb;

    return a->key < b->key ? -1 : a->key > b->key;
}

/* Random histories with OOM-killed steps: the advice is never below a need
 * of the share, never at or below the limit of a step killed within it,
 * and says the limit where the share's rank falls on a killed one. */
static void _random_killed(void)
{
    static struct _entry e[3000];
    uint64_t seed = 2463534242u;
    bool above = true, said = true, counted = true;

    for (int round = 0; round < 40; round++) {
        struct hl_site_needs n = {0};
        struct hl_site_advice a;
        size_t count = 1 + _next(&seed) % 3000, rank, covered = 0, killed = 0;
        unsigned cover = 1 + (unsigned)(_next(&seed) % HL_SITE_COVER_FULL);
        uint64_t most = 0;

        for (size_t i = 0; i < count; i++) {
            uint64_t b =
                MIB + _next(&seed) % (UINT64_C(1) << (21 + round % 16));

            e[i].oom = _next(&seed) % 4 == 0;
            e[i].bytes = b;
            e[i].key = e[i].oom ? 2 * (uint64_t)hl_site_grid_below(b) + 1
                                : 2 * (uint64_t)hl_site_grid_index(b);
            hl_site_needs_add(&n, !e[i].oom, b, e[i].oom, b, true, b, 1);
        }
        qsort(e, count, sizeof(*e), _by_key);
        rank = (count * cover + HL_SITE_COVER_FULL - 1) / HL_SITE_COVER_FULL;
        hl_site_advise(&n, cover, &a);
        for (size_t i = 0; i < rank; i++)
            above &= e[i].oom ? a.mem > e[i].bytes : a.mem >= e[i].bytes;
        for (size_t i = 0; i < count; i++) {
            if (e[i].key == e[rank - 1].key && e[i].bytes > most)
                most = e[i].bytes;
            covered += !e[i].oom && e[i].bytes <= a.mem;
            killed += e[i].bytes > a.mem || (e[i].oom && e[i].bytes == a.mem);
        }
        said &= a.over == e[rank - 1].oom && (!a.over || a.limit == most);
        counted &= a.measured == count && a.covered == covered &&
                   a.killed == killed &&
                   a.oom_unknown == count - covered - killed;
        hl_site_needs_free(&n);
    }
    ok(above, "random histories with killed steps: never below a need of "
              "the share, never at or below a killed step's limit in it");
    ok(said, "over the limit of the killed step at the rank, the most of "
             "its size, exactly where the rank falls on one");
    ok(counted, "the steps covered, killed and not known, counted exactly");
}

static void _names(void)
{
    struct hl_site_names_seen seen;
    struct hl_site_names t = {0};
    struct hl_site_name *e = NULL;
    char name[32];
    bool whole = true;

    ok(hl_site_names_seen_init(&seen) == 0, "the filter of names seen");
    for (int i = 0; i < HL_SITE_NAMES; i++) {
        snprintf(name, sizeof(name), "code%d", i);
        e = hl_site_names_add(&t, &seen, 1, name);
        whole &= e && e->whole && e->count == 1;
    }
    ok(whole && !t.dropped, "16 names: each followed whole");
    for (int i = 0; i < 100; i++)
        e = hl_site_names_add(&t, &seen, 1, "heavy");
    ok(e && e->whole && e->count == 100 && t.dropped,
       "a 17th name, new: takes the place of the least, followed whole");
    e = hl_site_names_add(&t, &seen, 1, "code0");
    ok(e && !e->whole && e->missed == 1 && e->count == 2,
       "a name put out and seen again: from this line, and what it missed");
    hl_site_names_free(&t);
    hl_site_names_seen_free(&seen);
}

static void _cover(void)
{
    unsigned c = 0;

    ok(hl_site_parse_cover("95%", &c) == 0 && c == 9500, "95%%");
    ok(hl_site_parse_cover("99.5", &c) == 0 && c == 9950, "99.5");
    ok(hl_site_parse_cover("100%", &c) == 0 && c == 10000, "100%%");
    ok(hl_site_parse_cover("0.01%", &c) == 0 && c == 1, "0.01%%");
    ok(hl_site_parse_cover("0", &c) < 0 &&
           hl_site_parse_cover("100.01", &c) < 0 &&
           hl_site_parse_cover("1000", &c) < 0 &&
           hl_site_parse_cover("9.", &c) < 0 &&
           hl_site_parse_cover("95%x", &c) < 0 &&
           hl_site_parse_cover("", &c) < 0,
       "0, past 100, and what is no share: refused");
}

int main(void)
{
    _grid();
    _known();
    _killed_in_share();
    _random();
    _random_killed();
    _names();
    _cover();
    return done_testing();
}
