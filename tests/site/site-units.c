/* The site report's parts without files: a line's bounds (forged or broken
 * figures refused, naming the column), the times --since takes, the day in
 * a site file's name, and the sums: memory-time, waste, OOM-killed steps
 * counted once per step, jobs and steps counted once however many nodes,
 * and the typical need a use seen within an eighth of an octave. */
#include <string.h>

#include "../tap.h"
#include "site_agg.h"
#include "site_cli.h"
#include "site_read.h"

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

    hl_site_agg_init(&a);
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
    is_uint(alice->jobs, 1, "alice: one job over two nodes");
    is_uint(alice->steps, 1, "alice: one step over two nodes");
    ok(alice->t.requested == 8 * gib_hour, "alice: 8 GiB-hours asked");
    ok(alice->t.used == 2 * gib_hour, "alice: 2 used");
    ok(alice->t.wasted == 6 * gib_hour, "alice: 6 wasted");
    is_uint(bob->jobs, 2, "bob: two jobs");
    is_uint(bob->steps, 3, "bob: three steps");
    is_uint(bob->oom_steps, 1, "bob: the OOM-killed step counted once");
    ok(bob->t.requested == 1.5 * gib_hour, "bob: the unasked step left out");
    ok(bob->t.wasted == 0.25 * gib_hour, "bob: the half-used step's waste");
    is_uint(a.all.jobs, 3, "three jobs in all");
    is_uint(a.accounts.names.count, 1, "one account");
    is_uint(hl_site_typical(alice, 90), gib, "alice's typical need: 1 GiB");
    is_uint(hl_site_typical(bob, 90), gib, "bob's: 1 GiB, the 90th percentile");
    is_uint(hl_site_typical(bob, 1), gib / 2, "bob's smallest: 512 MiB");
    hl_site_agg_free(&a);
}

int main(void)
{
    _bounds();
    _times();
    _sums();
    return done_testing();
}
