/*
 * The site's summary lines, the plugin's side (spank/site_*.c), without
 * Slurm: the file name of a node and day (no name that leaves the
 * folder), the line read back by heapline-site's reader, appends as root
 * into a folder of root's only (header once, then whole lines; a symlink
 * planted as the file or as the folder, a folder others may write, a file
 * another user owns: refused, the target untouched; a file begun by an
 * older plugin, without the job's name or without it and the concurrent
 * peak, gets lines in its own columns, one of another header is
 * refused), and what the node's records say, read with the user's rights
 * from the node's own records only (another node's, a rank that lies, a
 * symlink to a file of root's, a record past the size bound: left out):
 * the VmHWM sum, and the concurrent peak of their RSS timelines, their
 * readings settled as heapline-report settles them, known only for two
 * records or more, each with a plausible timeline (garbage, an RSS past
 * the node's memory, huge or negative times, a start outside the step:
 * the figure left out, never past what the node could hold).
 */
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "site/site_append.h"
#include "site/site_line.h"
#include "site/site_records.h"
#include "../../tap.h"
#include "buf.h"
#include "format_read.h"
#include "format_write.h"
#include "record_format.h"

/* The children's deadline: none in effect (49 days); a hang is CI's to
 * catch. */
#define T UINT_MAX
#define DAY 1796083200 /* 2026-12-01T00:00:00Z */

static struct hl_site_row _row(void)
{
    return (struct hl_site_row){
        .end = DAY + 3600,
        .host = "n1",
        .job = 81,
        .step = 0,
        .uid = 1001,
        .user = "alice",
        .account = "physics, \"theory\"",
        .partition = "debug",
        .request = 4294967296,
        .cgroup_peak = 1073741824,
        .vmhwm_sum = 1048576000,
        .oom_kills = 0,
        .tasks = 2,
        .elapsed = 12345,
        .job_name = "relax, \"big\"",
    };
}

static int _got(void *ctx, const void *row)
{
    *(struct hl_site_row *)ctx = *(const struct hl_site_row *)row;
    ((struct hl_site_row *)ctx)->account = "(read)";
    return strcmp(((const struct hl_site_row *)row)->account,
                  "physics, \"theory\"") == 0
               ? HL_ROW_GOOD
               : HL_SITE_account;
}

/* As _got, the job's name kept past the reader's buffers. */
static int _got_name(void *ctx, const void *row)
{
    static char name[HL_SITE_MAX_TEXT + 1];

    snprintf(name, sizeof(name), "%s",
             ((const struct hl_site_row *)row)->job_name);
    _got(ctx, row);
    ((struct hl_site_row *)ctx)->job_name = name;
    return HL_ROW_GOOD;
}

/* The forms of a line, each read back as heapline-site reads it: the
 * columns a file of that header has, the others empty. */
static void _forms(const struct hl_site_row *r)
{
    static const char *const what[HL_SITE_FORMS] = {
        "every column", "without the job's name, as files begun before it",
        "without it and the concurrent peak, as the first files"};
    static struct hl_site_forms f;
    struct hl_site_row back, got;
    char err[128] = "";

    ok(hl_site_line_forms(r, &f) == 0, "the three forms of a line");
    for (int i = 0; i < HL_SITE_FORMS; i++) {
        memset(&got, 0, sizeof(got));
        ok(hl_format_read(&hl_site_format, f.text[i].with_header,
                          strlen(f.text[i].with_header), &back, _got_name, &got,
                          err, sizeof(err)) == 0 &&
               !strstr(f.text[i].line, "relax") == (i > 0) &&
               !(got.empty & HL_EMPTY(HL_SITE_job_name)) == (i == 0) &&
               !(got.empty & HL_EMPTY(HL_SITE_concurrent_peak)) == (i < 2) &&
               strcmp(got.job_name, i ? "" : r->job_name) == 0 &&
               got.concurrent_peak == (i < 2 ? r->concurrent_peak : 0),
           "%s: read back, the columns it lacks empty (%s)", what[i], err);
    }
}

static void _names_and_line(void)
{
    struct hl_site_row r = _row(), back, got = {0};
    char name[64], text[2048], err[128];

    ok(hl_site_file_name("n1", DAY + 86399, name, sizeof(name)) == 0 &&
           strcmp(name, "n1-2026-12-01.csv") == 0,
       "a node's file for the UTC day: %s", name);
    ok(hl_site_file_name("../n1", DAY, name, sizeof(name)) < 0,
       "a node name with a slash refused");
    ok(hl_site_file_name(".n1", DAY, name, sizeof(name)) < 0,
       "a node name starting with a dot refused");
    ok(hl_site_file_name("", DAY, name, sizeof(name)) < 0, "an empty name");
    ok(hl_site_line_format(&r, true, 0, text, sizeof(text)) == 0,
       "a line with its header");
    ok(hl_format_read(&hl_site_format, text, strlen(text), &back, _got, &got,
                      err, sizeof(err)) == 0,
       "read back by heapline-site's reader (%s)", err);
    ok(got.job == 81 && got.request == r.request &&
           got.vmhwm_sum == r.vmhwm_sum && got.elapsed == 12345 &&
           strcmp(got.user, "alice") == 0 && got.empty == 0,
       "its figures read back");
    ok(hl_site_line_format(&r, false, 0, text, sizeof(text)) == 0 &&
           strncmp(text, "1796086800,n1,81,0,", 19) == 0 &&
           strchr(text, '\n') == text + strlen(text) - 1,
       "the line alone is one line: %s", text);
    r.concurrent_peak = 1048576;
    ok(hl_site_line_format(&r, false, 0, text, sizeof(text)) == 0 &&
           strstr(text, ",12.345,1048576,\"relax, \"\"big\"\"\"\n"),
       "the concurrent peak, then the job's name, last: %s", text);
    _forms(&r);
    hl_site_clean_text("a\nb\tc", text, sizeof(text));
    is_str(text, "a?b?c", "control characters of the environment replaced");
}

static char *_slurp(const char *path, char *buf, size_t size)
{
    int fd = open(path, O_RDONLY);
    ssize_t n = fd < 0 ? -1 : read(fd, buf, size - 1);

    if (fd >= 0)
        close(fd);
    if (n < 0)
        return NULL;
    buf[n] = '\0';
    return buf;
}

/* The forms of a line: the header H and line L, or the older H0 and L0. */
static int _append(const char *dir, const char *name, const char *tag)
{
    char h[2][64], l[2][32];
    struct hl_site_text forms[2];

    for (int i = 0; i < 2; i++) {
        snprintf(l[i], sizeof(l[i]), "%s%s\n", tag, i ? "0" : "");
        snprintf(h[i], sizeof(h[i]), "%s\n%s", i ? "H0" : "H", l[i]);
        forms[i] = (struct hl_site_text){h[i], l[i]};
    }
    return hl_site_append(dir, name, forms, 2, T);
}

static void _put(const char *path, const char *text, mode_t mode)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);

    write(fd, text, strlen(text));
    close(fd);
}

/* A file begun with each header gets the line in its own columns. */
static void _appends_forms(const char *dir)
{
    static struct hl_site_forms f;
    static char buf[3 * sizeof(f.with_header[0])];
    struct hl_site_row r = _row();
    char name[64], path[512], want[sizeof(buf)];

    r.concurrent_peak = 1048576;
    hl_site_line_forms(&r, &f);
    for (int i = 0; i < HL_SITE_FORMS; i++) {
        snprintf(name, sizeof(name), "n%d-2026-12-02.csv", 10 + i);
        snprintf(path, sizeof(path), "%s/%s", dir, name);
        _put(path, f.text[i].with_header, 0600);
        snprintf(want, sizeof(want), "%s%s", f.text[i].with_header,
                 f.text[i].line);
        ok(hl_site_append(dir, name, f.text, HL_SITE_FORMS, T) == 0 &&
               _slurp(path, buf, sizeof(buf)) && strcmp(buf, want) == 0,
           "a file of the header of form %d: the line in its columns", i);
    }
}

static void _appends(const char *top)
{
    char dir[256], path[512], buf[512];
    struct stat st;

    snprintf(dir, sizeof(dir), "%s/site", top);
    mkdir(dir, 0755);
    is_int(_append(dir, "n1-2026-12-01.csv", "L1"), 0,
           "the first line makes the file");
    is_int(_append(dir, "n1-2026-12-01.csv", "L2"), 0,
           "the second is appended");
    snprintf(path, sizeof(path), "%s/n1-2026-12-01.csv", dir);
    ok(_slurp(path, buf, sizeof(buf)) && strcmp(buf, "H\nL1\nL2\n") == 0,
       "the header once, then whole lines");
    ok(stat(path, &st) == 0 && (st.st_mode & 0777) == 0600 && st.st_uid == 0,
       "the file is root's, mode 0600");

    snprintf(path, sizeof(path), "%s/n4-2026-12-01.csv", dir);
    _put(path, "H0\nA0\n", 0600);
    is_int(_append(dir, "n4-2026-12-01.csv", "B"), 0,
           "a file begun with the older header: appended");
    ok(_slurp(path, buf, sizeof(buf)) && strcmp(buf, "H0\nA0\nB0\n") == 0,
       "in the older columns");
    snprintf(path, sizeof(path), "%s/n5-2026-12-01.csv", dir);
    _put(path, "Other\nX\n", 0600);
    is_int(_append(dir, "n5-2026-12-01.csv", "B"), HL_SITE_OTHER_HEADER,
           "a file of another header: refused");
    ok(_slurp(path, buf, sizeof(buf)) && strcmp(buf, "Other\nX\n") == 0,
       "and untouched");
    _appends_forms(dir);

    snprintf(path, sizeof(path), "%s/victim", top);
    close(open(path, O_WRONLY | O_CREAT, 0644));
    snprintf(buf, sizeof(buf), "%s/n2-2026-12-01.csv", dir);
    symlink(path, buf);
    is_int(_append(dir, "n2-2026-12-01.csv", "X"), HL_SITE_NOT_REGULAR,
           "a symlink planted as the file: refused");
    ok(stat(path, &st) == 0 && st.st_size == 0, "its target untouched");

    snprintf(buf, sizeof(buf), "%s/n3-2026-12-01.csv", dir);
    close(open(buf, O_WRONLY | O_CREAT, 0600));
    chown(buf, 65534, 65534);
    is_int(_append(dir, "n3-2026-12-01.csv", "X"), HL_SITE_NOT_ROOTS,
           "a file another user owns: refused");

    snprintf(buf, sizeof(buf), "%s/site-link", top);
    symlink(dir, buf);
    is_int(_append(buf, "n1-2026-12-01.csv", "X"), HL_SITE_NOT_REGULAR,
           "a symlink as the folder: refused");
    chmod(dir, 0777);
    is_int(_append(dir, "n1-2026-12-01.csv", "X"), HL_SITE_NOT_ROOTS,
           "a folder others may write: refused");
    chmod(dir, 0755);
    snprintf(path, sizeof(path), "%s/n1-2026-12-01.csv", dir);
    ok(_slurp(path, buf, sizeof(buf)) && strcmp(buf, "H\nL1\nL2\n") == 0,
       "nothing written by the refused appends");
}

/* A record as a task would write it (a timeline NULL: none), or the text
 * raw, as a user could. */
struct _rec {
    int64_t rank;
    uint64_t vmhwm;
    int64_t start_ns, elapsed_ms;
    const char *timeline;
    const char *raw;
    uint64_t vmrss;
};

static void _record(const char *dir, const char *name, const struct _rec *r,
                    uid_t owner)
{
    struct hl_record_row row = {0};
    char text[8192], path[512];
    struct hl_buf b;
    int fd;

    row.rank = r->rank;
    row.host = "n1";
    row.job = "81.0";
    row.pid = 1;
    row.vmhwm = r->vmhwm;
    row.vmrss_at_exit = r->vmrss;
    row.elapsed_ms = r->elapsed_ms;
    row.start_time_ns = r->start_ns;
    row.timeline = r->timeline;
    hl_buf_init(&b, text, sizeof(text));
    if (r->raw)
        hl_buf_str(&b, r->raw);
    else
        hl_format_write(&b, &hl_record_format, &row, HL_COL_UNFINISHED);
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    write(fd, text, b.len);
    close(fd);
    chown(path, owner, owner);
}

static void _vmhwm(const char *top, const struct passwd *nobody)
{
    struct hl_user user = {nobody->pw_uid, nobody->pw_gid, NULL, 0};
    const uint32_t ranks[] = {0, 1};
    const struct hl_site_span span = {0, INT64_MAX / 2, UINT64_C(1) << 40};
    struct hl_site_records got = {0};
    char dir[256], path[512], big[300];
    int dfd;

    snprintf(dir, sizeof(dir), "%s/step", top);
    mkdir(dir, 0700);
    chown(dir, nobody->pw_uid, nobody->pw_gid);
    _record(dir, "task-0.100.csv", &(struct _rec){.rank = 0, .vmhwm = 100},
            nobody->pw_uid);
    _record(dir, "task-1.101.csv", &(struct _rec){.rank = 1, .vmhwm = 200},
            nobody->pw_uid);
    /* a fork */
    _record(dir, "task-1.102.csv", &(struct _rec){.rank = 1}, nobody->pw_uid);
    _record(dir, "task-5.103.csv", &(struct _rec){.rank = 5, .vmhwm = 1000},
            nobody->pw_uid);
    _record(dir, "task-1.104.csv", &(struct _rec){.rank = 7, .vmhwm = 2000},
            nobody->pw_uid);
    _record(top, "secret.csv", &(struct _rec){.rank = 0, .vmhwm = 99999}, 0);
    snprintf(path, sizeof(path), "%s/secret.csv", top);
    chmod(path, 0600);
    snprintf(big, sizeof(big), "%s/task-0.105.csv", dir);
    symlink(path, big);
    snprintf(path, sizeof(path), "%s/task-0.106.csv", dir);
    _record(dir, "task-0.106.csv", &(struct _rec){.rank = 0, .vmhwm = 4000},
            nobody->pw_uid);
    truncate(path, HL_SITE_MAX_RECORD_BYTES + 1);
    dfd = open(dir, O_RDONLY | O_DIRECTORY);
    ok(hl_site_records_read(&user, dfd, ranks, 2, &span, T, &got) == 0,
       "the records read as the user");
    is_uint(got.vmhwm_sum, 300,
            "only the node's ranks, no symlink, no oversize record");
    is_uint(got.records, 3, "three records of the node's ranks");
    ok(!got.concurrent_known, "records without timelines: no concurrent peak");
    close(dfd);
}

#define MIB (UINT64_C(1) << 20)

/* Two ranks' records, then rank 1's timeline as given; the figures. */
static struct hl_site_records _timelines(const char *dir, uid_t owner,
                                         const struct hl_site_span *span,
                                         const struct _rec *one)
{
    const uint32_t ranks[] = {0, 1};
    char t0[128];
    struct hl_site_records got = {0};
    struct hl_user user = {owner, owner, NULL, 0};
    int dfd = open(dir, O_RDONLY | O_DIRECTORY);

    /* rank 0: 100 MiB for 0.8 s, then 10; rank 1: 10 MiB, then 100 from
     * 1.2 s: 110 MiB at most at once, whatever the cells' width */
    snprintf(t0, sizeof(t0), "0:1:%" PRIu64 " 800:1:%" PRIu64, 100 * MIB,
             10 * MIB);
    _record(dir, "task-0.200.csv",
            &(struct _rec){.rank = 0,
                           .vmhwm = 100 * MIB,
                           .start_ns = span->from_ms * 1000000 + 5000000,
                           .elapsed_ms = 2000,
                           .timeline = t0},
            owner);
    _record(dir, "task-1.201.csv", one, owner);
    /* another node's rank, whatever it claims, counts nothing */
    _record(dir, "task-5.202.csv",
            &(struct _rec){.rank = 5,
                           .vmhwm = 1,
                           .start_ns = span->from_ms * 1000000,
                           .elapsed_ms = 2000,
                           .timeline = "0:1:999999999999999999"},
            owner);
    if (hl_site_records_read(&user, dfd, ranks, 2, span, T, &got) < 0)
        got.vmhwm_sum = UINT64_MAX;
    close(dfd);
    return got;
}

/* What a child that lies could send back: past the bounds, left out. */
static void _bounded_again(void)
{
    struct hl_site_records r = {100, 1, 200, true};
    struct hl_site_row row = {0};

    hl_site_records_put(&r, &row);
    ok(row.empty == 0 && row.vmhwm_sum == 100 && row.concurrent_peak == 200,
       "plausible figures: in the line");
    r = (struct hl_site_records){HL_SITE_MAX_BYTES + 1, 1,
                                 HL_SITE_MAX_BYTES + 1, true};
    row.empty = 0;
    hl_site_records_put(&r, &row);
    ok(row.empty ==
           (HL_EMPTY(HL_SITE_vmhwm_sum) | HL_EMPTY(HL_SITE_concurrent_peak)),
       "figures past 1 PiB from the user's child: both columns empty");
    row.empty = 0;
    hl_site_records_put(NULL, &row);
    ok(row.empty ==
           (HL_EMPTY(HL_SITE_vmhwm_sum) | HL_EMPTY(HL_SITE_concurrent_peak)),
       "no records read: both empty");
}

static void _concurrent(const char *top, const struct passwd *nobody)
{
    const int64_t from = INT64_C(1796083200000);
    const uint64_t memory = UINT64_C(64) << 30;
    const struct hl_site_span span = {from, from + 3000, memory};
    const int64_t at = from * 1000000 + 7000000;
    char dir[256], t1[128], huge[128], raw[1024];
    struct hl_site_records got;
    uid_t u = nobody->pw_uid;

    snprintf(dir, sizeof(dir), "%s/step2", top);
    mkdir(dir, 0700);
    chown(dir, u, nobody->pw_gid);
    snprintf(t1, sizeof(t1), "0:1:%" PRIu64 " 1200:1:%" PRIu64, 10 * MIB,
             100 * MIB);
    got = _timelines(dir, u, &span,
                     &(struct _rec){.rank = 1,
                                    .vmhwm = 100 * MIB,
                                    .start_ns = at,
                                    .elapsed_ms = 2000,
                                    .timeline = t1});
    ok(got.concurrent_known && got.concurrent_peak == 110 * MIB,
       "two ranks' timelines: 110 MiB at once, not the 200 of their VmHWM "
       "(%" PRIu64 ")",
       got.concurrent_peak);
    got = _timelines(dir, u, &span,
                     &(struct _rec){.rank = 1,
                                    .vmhwm = 150 * MIB,
                                    .start_ns = at,
                                    .elapsed_ms = 2000,
                                    .timeline = t1});
    ok(got.concurrent_known && got.concurrent_peak == 150 * MIB,
       "a VmHWM above the concurrent RSS: that VmHWM, as heapline-report "
       "takes it");
    got = _timelines(dir, u, &span,
                     &(struct _rec){.rank = 1,
                                    .vmhwm = 100 * MIB,
                                    .start_ns = at,
                                    .elapsed_ms = 2000,
                                    .timeline = "0:1:x 9:zz"});
    ok(!got.concurrent_known && got.vmhwm_sum == 200 * MIB,
       "a timeline of garbage: no concurrent peak, the VmHWM sum kept");
    /* readings above the record's VmHWM are its VmHWM, as the library
     * settles them: a huge one needs a huge VmHWM, or none */
    snprintf(huge, sizeof(huge), "0:1:%" PRIu64, UINT64_MAX - 1);
    got = _timelines(dir, u, &span,
                     &(struct _rec){.rank = 1,
                                    .vmhwm = UINT64_MAX - 1,
                                    .start_ns = at,
                                    .elapsed_ms = 2000,
                                    .timeline = huge});
    ok(!got.concurrent_known, "an RSS and a VmHWM of 2^64 - 2: refused");
    snprintf(huge, sizeof(huge), "0:1:%" PRIu64, memory + 1);
    got = _timelines(
        dir, u, &span,
        &(struct _rec){
            .rank = 1, .start_ns = at, .elapsed_ms = 2000, .timeline = huge});
    ok(!got.concurrent_known,
       "an RSS past the node's memory, no VmHWM: refused");
    got = _timelines(dir, u, &span,
                     &(struct _rec){.rank = 1,
                                    .vmhwm = 100 * MIB,
                                    .start_ns = at,
                                    .elapsed_ms = 2000,
                                    .timeline = huge});
    ok(got.concurrent_known && got.concurrent_peak == 200 * MIB,
       "an RSS past the record's own VmHWM: that VmHWM (%" PRIu64 ")",
       got.concurrent_peak);
    got = _timelines(dir, u, &span,
                     &(struct _rec){.rank = 1,
                                    .vmhwm = 100 * MIB,
                                    .start_ns = at,
                                    .elapsed_ms = 2000,
                                    .timeline = "0:1: 1200:1:",
                                    .vmrss = 100 * MIB});
    ok(got.concurrent_known && got.concurrent_peak == 200 * MIB,
       "points without a reading: the next one's, the last the record's "
       "VmRSS (%" PRIu64 ")",
       got.concurrent_peak);
    got = _timelines(dir, u, &span,
                     &(struct _rec){.rank = 1,
                                    .vmhwm = 100 * MIB,
                                    .start_ns = at,
                                    .elapsed_ms = 2000,
                                    .timeline = "0:1: 1200:1:"});
    ok(!got.concurrent_known,
       "no reading at all, no VmRSS at the end: no concurrent peak");
    got = _timelines(dir, u, &span,
                     &(struct _rec){.rank = 1,
                                    .vmhwm = 100 * MIB,
                                    .start_ns = at,
                                    .elapsed_ms = INT64_MAX / 2,
                                    .timeline = t1});
    ok(!got.concurrent_known, "a huge elapsed time: refused");
    snprintf(raw, sizeof(raw),
             "# heapline 1\nrank,host,pid,job,elapsed_s,allocs,frees,"
             "peak_heap_bytes,peak_heap_time_s,live_heap_at_exit_bytes,"
             "vmhwm_bytes,vmrss_at_exit_bytes,start_time_s,timeline\n"
             "1,n1,1,81.0,-0.005,1,1,1,0.000,0,%" PRIu64 ",0,%" PRId64
             ".007000000,\"%s\"\n",
             100 * MIB, from / 1000, t1);
    got = _timelines(dir, u, &span, &(struct _rec){.rank = 1, .raw = raw});
    ok(!got.concurrent_known && got.vmhwm_sum == 100 * MIB,
       "a negative one: the record refused whole; the other's VmHWM alone, "
       "and no concurrent peak of one process");
    got = _timelines(dir, u, &span,
                     &(struct _rec){.rank = 1,
                                    .vmhwm = 100 * MIB,
                                    .start_ns = 1000000,
                                    .elapsed_ms = 2000,
                                    .timeline = t1});
    ok(!got.concurrent_known, "a start before the step's: refused");
    got =
        _timelines(dir, u, &span,
                   &(struct _rec){.rank = 1,
                                  .vmhwm = 100 * MIB,
                                  .start_ns = at,
                                  .elapsed_ms = 2000,
                                  .timeline = "0:1:1 9223372036854775807:1:1"});
    ok(!got.concurrent_known, "a point at the end of time: refused");
    got = _timelines(
        dir, u, &span,
        &(struct _rec){
            .rank = 1, .vmhwm = 100 * MIB, .start_ns = at, .elapsed_ms = 2000});
    ok(!got.concurrent_known && got.vmhwm_sum == 200 * MIB,
       "a record without a timeline: no concurrent peak");
}

int main(void)
{
    char tmpl[] = "/tmp/hl-site-XXXXXX";
    char rm[64];
    struct passwd *nobody = getpwnam("nobody");

    _names_and_line();
    _bounded_again();
    if (geteuid() != 0 || !nobody) {
        skip("not root: appends as root and reads as a user not tried");
        return done_testing();
    }
    if (!mkdtemp(tmpl))
        return 99;
    chmod(tmpl, 0755);
    _appends(tmpl);
    _vmhwm(tmpl, nobody);
    _concurrent(tmpl, nobody);
    snprintf(rm, sizeof(rm), "rm -rf '%s'", tmpl);
    if (system(rm) != 0)
        return 99;
    return done_testing();
}
