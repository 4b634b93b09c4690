/* The site report's parts without files: a line's bounds (forged or broken
 * figures refused, naming the column), the times --since takes, the day in
 * a site file's name, and the sums: memory-time, waste, OOM-killed steps
 * counted once per step, jobs and steps counted once however many nodes,
 * each user's advice from their needs (an OOM-killed step's limit counted
 * as too little, not as a need), the best use
 * a line has (the cgroup's, the concurrent peak, the VmHWM sum); distinct
 * counts exact up to 256 and within 5% past it, 997 times in 1,000 at least;
 * the jobs that wasted most within Space-Saving's bounds, the list proved whole
 * where the heavy jobs stand out; OOM-killed steps exact up to 2^20 of them,
 * then upper bounds, said. */
#include <math.h>
#include <string.h>

#include "../../tap.h"
#include "site/site_agg.h"
#include "site/site_cli.h"
#include "site/site_out.h"
#include "site/site_read.h"
#include "site/site_top.h"

static struct hl_site_row _line(uint64_t job, uint64_t step, const char *user,
                                uint64_t request, uint64_t peak,
                                int64_t elapsed_ms)
{
    return (struct hl_site_row){
        .end = 1796083200,
        .host = "n1",
        .job = job,
        .step = step,
        .uid = 1001,
        .user = user,
        .account = "acct",
        .partition = "debug",
        .request = request,
        .cgroup_peak = peak,
        .vmhwm_sum = peak,
        .oom_kills = 0,
        .tasks = 1,
        .elapsed = elapsed_ms,
        .empty = HL_EMPTY(HL_SITE_concurrent_peak),
    };
}

static void _bounds(void)
{
    struct hl_site_row r = _line(1, 0, "a", 1, 1, 1);
    char big[HL_SITE_MAX_TEXT + 2];

    is_int(hl_site_row_check(&r), -1, "a plain line passes");
    r.request = HL_SITE_MAX_BYTES + 1;
    is_int(hl_site_row_check(&r), HL_SITE_request, "a request over 1 PiB");
    r.empty |= HL_EMPTY(HL_SITE_request);
    is_int(hl_site_row_check(&r), -1, "an empty field is not checked");
    r = _line(1, 0, "a", 1, 1, 1);
    r.concurrent_peak = HL_SITE_MAX_BYTES + 1;
    r.empty = 0;
    is_int(hl_site_row_check(&r), HL_SITE_concurrent_peak,
           "a concurrent peak over 1 PiB");
    r = _line(1, 0, "a", 1, UINT64_MAX, 1);
    is_int(hl_site_row_check(&r), HL_SITE_cgroup_peak, "a huge peak");
    r = _line(1, 0, "a", 1, 1, -1);
    is_int(hl_site_row_check(&r), HL_SITE_elapsed, "a negative elapsed time");
    r = _line(1, 0, "a", 1, 1, HL_SITE_MAX_ELAPSED_MS + 1);
    is_int(hl_site_row_check(&r), HL_SITE_elapsed, "over ten years");
    r = _line(1, 0, "a", 1, 1, 1);
    r.end = -1;
    is_int(hl_site_row_check(&r), HL_SITE_end, "a negative end");
    r = _line((uint64_t)1 << 32, 0, "a", 1, 1, 1);
    is_int(hl_site_row_check(&r), HL_SITE_job, "a job id over 32 bits");
    r = _line(1, 0, "a", 1, 1, 1);
    r.tasks = HL_SITE_MAX_TASKS + 1;
    is_int(hl_site_row_check(&r), HL_SITE_tasks, "a million tasks and one");
    memset(big, 'x', sizeof(big) - 1);
    big[sizeof(big) - 1] = '\0';
    r = _line(1, 0, big, 1, 1, 1);
    is_int(hl_site_row_check(&r), HL_SITE_user, "a user name of 256 bytes");
}

static void _times(void)
{
    int64_t t = 0;

    ok(hl_site_parse_time("2026-12-01", &t) == 0 && t == 1796083200,
       "a day is its midnight UTC");
    ok(hl_site_parse_time("2026-12-01T01:02:03", &t) == 0 &&
           t == 1796083200 + 3723,
       "a time of day");
    ok(hl_site_parse_time("2026-12-01T01:02", &t) == 0 &&
           t == 1796083200 + 3720,
       "a time without seconds");
    ok(hl_site_parse_time("2026-02-31", &t) < 0, "February 31 refused");
    ok(hl_site_parse_time("2026-12-1", &t) < 0, "a short day refused");
    ok(hl_site_parse_time("yesterday", &t) < 0, "words refused");
    ok(hl_site_file_day("n1-2026-12-01.csv", &t) == 0 && t == 1796083200,
       "a file's day from its name");
    ok(hl_site_file_day("node-a-b-2026-12-01.csv", &t) == 0,
       "a node name with dashes");
    ok(hl_site_file_day("n1-2026-12-01.txt", &t) < 0, "another suffix");
    ok(hl_site_file_day(".n1-2026-12-01.csv", &t) < 0, "a hidden file");
}

static void _sums(void)
{
    const double gib_hour = 1024.0 * 1024 * 1024 * 3600;
    const uint64_t gib = (uint64_t)1 << 30;
    struct hl_site_agg a;
    struct hl_site_row r;
    const struct hl_site_who *alice, *bob;
    struct hl_site_advice adv;

    ok(hl_site_agg_init(&a, 10) == 0, "the sums begin");
    /* alice: one step on two nodes, 4 GiB asked, 1 GiB used, an hour */
    r = _line(7, 0, "alice", 4 * gib, gib, 3600000);
    ok(hl_site_agg_add(&a, &r) == 0, "a line added");
    r.host = "n2";
    hl_site_agg_add(&a, &r);
    /* bob: two steps of one job, the second OOM-killed on two nodes */
    r = _line(8, 0, "bob", gib, gib / 2, 1800000);
    hl_site_agg_add(&a, &r);
    r = _line(8, 1, "bob", gib, gib, 1800000);
    r.oom_kills = 1;
    hl_site_agg_add(&a, &r);
    r.host = "n2";
    hl_site_agg_add(&a, &r);
    /* a line without a request counts as a step, not in memory-time */
    r = _line(9, 0, "bob", 0, gib, 1800000);
    r.empty |= HL_EMPTY(HL_SITE_request);
    hl_site_agg_add(&a, &r);
    alice = &a.users.who[0];
    bob = &a.users.who[1];
    is_uint(hl_distinct_count(&alice->jobs), 1,
            "alice: one job over two nodes");
    is_uint(hl_distinct_count(&alice->steps), 1,
            "alice: one step over two nodes");
    ok(alice->t.requested == 8 * gib_hour, "alice: 8 GiB-hours asked");
    ok(alice->t.used == 2 * gib_hour, "alice: 2 used");
    ok(alice->t.wasted == 6 * gib_hour, "alice: 6 wasted");
    is_uint(hl_distinct_count(&bob->jobs), 2, "bob: two jobs");
    is_uint(hl_distinct_count(&bob->steps), 3, "bob: three steps");
    is_uint(bob->oom_steps, 1, "bob: the OOM-killed step counted once");
    ok(bob->t.requested == 1.5 * gib_hour, "bob: the unasked step left out");
    ok(bob->t.wasted == 0.25 * gib_hour, "bob: the half-used step's waste");
    is_uint(hl_distinct_count(&a.all.jobs), 3, "three jobs in all");
    ok(hl_distinct_exact(&a.all.jobs) && hl_distinct_exact(&a.all.steps),
       "few jobs and steps: counted exactly");
    is_uint(a.accounts.names.count, 1, "one account");
    hl_site_advise(&alice->needs, 9500, &adv);
    ok(adv.known && adv.mem == gib && adv.measured == 2 && adv.killed == 0 &&
           adv.saved == 6 * gib_hour,
       "alice's advice: 1 GiB, for her 2 step-nodes, 6 GiB-hours saved");
    hl_site_advise(&bob->needs, 9500, &adv);
    ok(adv.known && adv.over && adv.limit == gib &&
           adv.mem == hl_site_grid_size(hl_site_grid_below(gib)) &&
           adv.mem > gib && adv.measured == 4 && adv.covered == 2 &&
           adv.oom == 2 && adv.killed == 0 && adv.oom_unknown == 2,
       "bob's at 95%%: his 4 step-nodes, the 4th OOM-killed at 1 GiB: over "
       "1 GiB, the next size, whether it fits not known");
    hl_site_advise(&bob->needs, 5000, &adv);
    ok(!adv.over && adv.mem == gib && adv.covered == 2 && adv.killed == 2 &&
           adv.saved == 0,
       "bob's at 50%%: 1 GiB, his 2 step-nodes OOM-killed at 1 GiB killed");
    hl_site_agg_free(&a);
}

static void _uses(void)
{
    struct hl_site_row r = _line(1, 0, "a", 8, 4, 1);
    uint64_t use = 0;

    r.concurrent_peak = 3;
    r.vmhwm_sum = 6;
    r.empty = 0;
    ok(hl_site_row_use(&r, &use) && use == 4, "the cgroup's peak first");
    r.empty = HL_EMPTY(HL_SITE_cgroup_peak);
    ok(hl_site_row_use(&r, &use) && use == 3,
       "without it, the concurrent peak");
    r.empty |= HL_EMPTY(HL_SITE_concurrent_peak);
    ok(hl_site_row_use(&r, &use) && use == 6, "then the VmHWM sum");
    r.empty |= HL_EMPTY(HL_SITE_vmhwm_sum);
    ok(!hl_site_row_use(&r, &use), "none: no use");
}

/* A repeatable stream of numbers (xorshift64). */
static uint64_t _next(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void _distinct(void)
{
    static const uint64_t sizes[] = {257, 1000, 10000, 100000};
    struct hl_distinct d, twice;
    unsigned trials = 0, outside = 0;
    double squares = 0;

    hl_distinct_init(&d);
    for (uint64_t i = 0; i < 2 * HL_DISTINCT_EXACT; i++)
        hl_distinct_add(&d, 7 + i % HL_DISTINCT_EXACT);
    ok(hl_distinct_exact(&d) && hl_distinct_count(&d) == HL_DISTINCT_EXACT,
       "256 keys, each twice: 256, exact");
    hl_distinct_add(&d, 1);
    ok(!hl_distinct_exact(&d) && hl_distinct_count(&d) > 257 * 0.95 &&
           hl_distinct_count(&d) < 257 * 1.05,
       "the 257th: an estimate, %" PRIu64, hl_distinct_count(&d));
    hl_distinct_free(&d);
    /* job ids in a row, and steps of jobs, as the site's keys are */
    for (unsigned k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++)
        for (uint64_t t = 0; t < 250; t++) {
            double e;

            hl_distinct_init(&d);
            for (uint64_t i = 0; i < sizes[k]; i++)
                hl_distinct_add(&d, t % 2 ? t << 40 | i
                                          : (t << 40 | i) << 32 | (i & 3));
            e = ((double)hl_distinct_count(&d) - (double)sizes[k]) /
                (double)sizes[k];
            squares += e * e;
            outside += fabs(e) > HL_DISTINCT_ERROR_PCT / 100.0;
            trials++;
            hl_distinct_free(&d);
        }
    ok(outside * 1000 <= 3 * trials,
       "%u of %u estimates past 5%%: at most 3 in 1,000", outside, trials);
    ok(sqrt(squares / trials) < 0.02,
       "their relative error: %.4f, about the standard error of 1.6%%",
       sqrt(squares / trials));
    hl_distinct_init(&d);
    hl_distinct_init(&twice);
    for (uint64_t i = 0; i < 5000; i++) {
        hl_distinct_add(&d, i);
        hl_distinct_add(&twice, 4999 - i);
        hl_distinct_add(&twice, i);
    }
    is_uint(hl_distinct_count(&twice), hl_distinct_count(&d),
            "keys seen again, in another order, change nothing");
    hl_distinct_free(&d);
    hl_distinct_free(&twice);
}

/* Space-Saving's bounds on a stream of 8 heavy jobs among 5,000 light
 * ones, in a table of 64: each followed job's waste between its followed
 * waste and that plus its missed, every job left out under the bound, the
 * bound under the table's share of all waste, the heavy jobs followed.
 * Whole numbers of byte-seconds: the sums are exact. */
static void _top(void)
{
    enum { CAP = 64, HEAVY = 8, LIGHT = 5000, LINES = 100000 };
    static double truth[1 + HEAVY + LIGHT];
    static bool followed[1 + HEAVY + LIGHT];
    struct hl_site_time zero = {0, 0, 0}, t1 = {0, 0, 0};
    struct hl_site_top_job *j;
    struct hl_site_top top;
    uint64_t seed = 88172645463325252u;
    double total = 0, bound;
    bool within = true, under = true, heavy = true, whole = true;

    ok(hl_site_top_init(&top, 2) == 0, "a table of 2");
    t1.wasted = 5;
    hl_site_top_add(&top, 1, 0, 0, &t1);
    hl_site_top_add(&top, 2, 0, 0, &t1);
    t1.wasted = 1;
    j = hl_site_top_add(&top, 3, 0, 0, &t1);
    ok(j && j->whole && j->missed == 0 && hl_site_top_bound(&top) == 1,
       "a job never seen, in the place of another: followed whole");
    j = hl_site_top_add(&top, 1, 0, 0, &t1);
    ok(j && !j->whole && j->missed == 1 && j->t.wasted == 1 &&
           hl_site_top_bound(&top) == 2,
       "a job seen before: it may have missed the count it replaced");
    hl_site_top_free(&top);

    ok(hl_site_top_init(&top, 16) == 0, "a table of 16");
    for (uint64_t id = 1; id <= 10; id++) {
        struct hl_site_time t = {2, 1, (double)id};

        hl_site_top_add(&top, id, 0, 0, &t);
        hl_site_top_add(&top, id, 0, 0, &t);
    }
    for (uint32_t i = 0; i < top.count; i++)
        whole &= top.jobs[i].whole && top.jobs[i].missed == 0 &&
                 top.jobs[i].t.wasted == 2.0 * (double)top.jobs[i].id;
    ok(whole && top.count == 10 && hl_site_top_bound(&top) == 0,
       "10 jobs in a table of 16: each whole, exact, none left out");
    hl_site_top_free(&top);

    hl_site_top_init(&top, CAP);
    for (unsigned i = 0; i < LINES; i++) {
        uint64_t r = _next(&seed);
        uint64_t id =
            r % 10 == 0 ? 1 + (r >> 8) % HEAVY : 1 + HEAVY + (r >> 8) % LIGHT;
        struct hl_site_time t = {
            0, 0, id <= HEAVY ? 100.0 : (double)(1 + (r >> 40) % 10)};

        truth[id] += t.wasted;
        total += t.wasted;
        hl_site_top_add(&top, id, 0, 0, &t);
    }
    ok(hl_site_top_add(&top, 1 + HEAVY + LIGHT, 0, 0, &zero) == NULL,
       "a line that wasted nothing, of a job not followed: left out");
    bound = hl_site_top_bound(&top);
    for (uint32_t i = 0; i < top.count; i++) {
        j = &top.jobs[i];
        followed[j->id] = true;
        within &= j->t.wasted <= truth[j->id] &&
                  truth[j->id] <= j->t.wasted + j->missed;
    }
    for (unsigned id = 1; id <= HEAVY + LIGHT; id++) {
        under &= followed[id] || truth[id] <= bound;
        heavy &= id > HEAVY || followed[id];
    }
    ok(within, "each followed job: its waste within its followed waste and "
               "its missed");
    ok(under, "each job left out: its waste under the bound, %.0f", bound);
    ok(bound > 0 && bound <= total / CAP,
       "the bound under the table's share of all waste, %.0f", total / CAP);
    ok(heavy, "the 8 heavy jobs followed");
    hl_site_top_free(&top);
}

/* The view's list through the sums: 4 heavy jobs on 4 nodes each and
 * 70,000 light ones (more than the table follows) make a list proved
 * whole, with the heavy jobs' exact figures; jobs put out of the table
 * and seen again do not. */
static void _listed(void)
{
    const uint64_t gib = (uint64_t)1 << 30;
    struct hl_site_options opt = {.top = 3};
    struct hl_site_reading reading = {0};
    struct hl_site_agg a;
    struct hl_site_view v;
    struct hl_site_row r;

    hl_site_agg_init(&a, opt.top);
    for (uint64_t i = 0; i < 70000; i++) {
        for (uint64_t node = 0; i % 20000 == 0 && node < 4; node++) {
            r = _line(1000000 + i, 0, "heavy", 64 * gib, gib, 3600000);
            hl_site_agg_add(&a, &r);
        }
        r = _line(1 + i, 0, "light", 2 * gib, gib, 1000 * (1 + i % 60));
        hl_site_agg_add(&a, &r);
    }
    hl_site_view_init(&v, &opt, &a, &reading);
    ok(v.njobs == 3 && v.jobs_exact && v.jobs[0]->id == 1000000 &&
           v.jobs[1]->id == 1020000 && v.jobs[2]->id == 1040000,
       "the top 3 of 4 heavy jobs among 70,000: the list proved whole");
    ok(v.jobs[0]->whole && v.jobs[0]->t.wasted == 4.0 * 63 * gib * 3600 &&
           !v.some_partial,
       "its first job followed whole: 252 GiB-hours wasted, exact");
    ok(!hl_distinct_exact(&a.all.jobs) && a.all.lines == 70016,
       "70,004 jobs: an estimate; 70,016 lines: exact");
    hl_site_view_free(&v);
    hl_site_agg_free(&a);

    /* 65,536 jobs, 65,536 others of more waste in their place, then the
     * first ones again, seen before: each followed from its second line
     * only */
    hl_site_agg_init(&a, opt.top);
    for (uint64_t i = 0; i < 3 * HL_SITE_TOP_MIN; i++) {
        uint64_t job = 1 + i % HL_SITE_TOP_MIN +
                       (i / HL_SITE_TOP_MIN == 1) * HL_SITE_TOP_MIN;

        r = _line(job, i / HL_SITE_TOP_MIN, "light", 2 * gib, gib,
                  1000 * (i < HL_SITE_TOP_MIN       ? 10
                          : i < 2 * HL_SITE_TOP_MIN ? 20
                                                    : 1));
        hl_site_agg_add(&a, &r);
    }
    hl_site_view_init(&v, &opt, &a, &reading);
    ok(v.njobs == 3 && !v.jobs_exact && v.some_partial &&
           v.left_out > v.jobs[2]->t.wasted && v.missed > 0,
       "jobs put out and back: the list not proved, a job left out may have "
       "wasted more, the listed ones followed from a later line");
    hl_site_view_free(&v);
    hl_site_agg_free(&a);
}

/* 2^20 OOM-killed steps told apart, then a step among them again (not
 * counted) and a new one on two nodes (counted twice, and said). */
static void _oom_cap(void)
{
    struct hl_site_agg a;
    struct hl_site_row r;

    hl_site_agg_init(&a, 10);
    for (uint64_t i = 0; i < HL_SITE_OOM_EXACT; i++) {
        r = _line(1 + i, 0, "bob", 2, 1, 1000);
        r.oom_kills = 1;
        hl_site_agg_add(&a, &r);
    }
    r = _line(1, 0, "bob", 2, 1, 1000);
    r.oom_kills = 1;
    hl_site_agg_add(&a, &r);
    ok(a.all.oom_steps == HL_SITE_OOM_EXACT && !a.oom_over,
       "2^20 OOM-killed steps, one of them twice: exact");
    r = _line(2 + HL_SITE_OOM_EXACT, 0, "bob", 2, 1, 1000);
    r.oom_kills = 1;
    hl_site_agg_add(&a, &r);
    hl_site_agg_add(&a, &r);
    ok(a.all.oom_steps == HL_SITE_OOM_EXACT + 2 && a.oom_over &&
           a.users.who[0].oom_steps == HL_SITE_OOM_EXACT + 2,
       "past them, a new step counted at each line, said an upper bound");
    hl_site_agg_free(&a);
}

int main(void)
{
    _bounds();
    _times();
    _sums();
    _uses();
    _distinct();
    _top();
    _listed();
    _oom_cap();
    return done_testing();
}
