/*
 * The site's summary lines, the plugin's side (spank/site_*.c), without
 * Slurm: the file name of a node and day (no name that leaves the
 * folder), the line read back by heapline-site's reader, appends as root
 * into a folder of root's only (header once, then whole lines; a symlink
 * planted as the file or as the folder, a folder others may write, a file
 * another user owns: refused, the target untouched), and the VmHWM sum
 * read with the user's rights from the node's own records only (another
 * node's, a rank that lies, a symlink to a file of root's, a record past
 * the size bound: left out).
 */
#include <fcntl.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../spank/site_append.h"
#include "../../spank/site_line.h"
#include "../../spank/site_vmhwm.h"
#include "../tap.h"
#include "buf.h"
#include "format_read.h"
#include "format_write.h"
#include "record_format.h"

#define T 10000
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
    ok(hl_site_line_format(&r, true, text, sizeof(text)) == 0,
       "a line with its header");
    ok(hl_format_read(&hl_site_format, text, strlen(text), &back, _got, &got,
                      err, sizeof(err)) == 0,
       "read back by heapline-site's reader (%s)", err);
    ok(got.job == 81 && got.request == r.request &&
           got.vmhwm_sum == r.vmhwm_sum && got.elapsed == 12345 &&
           strcmp(got.user, "alice") == 0 && got.empty == 0,
       "its figures read back");
    ok(hl_site_line_format(&r, false, text, sizeof(text)) == 0 &&
           strncmp(text, "1796086800,n1,81,0,", 19) == 0 &&
           strchr(text, '\n') == text + strlen(text) - 1,
       "the line alone is one line: %s", text);
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

static void _appends(const char *top)
{
    char dir[256], path[512], buf[512];
    struct stat st;

    snprintf(dir, sizeof(dir), "%s/site", top);
    mkdir(dir, 0755);
    is_int(hl_site_append(dir, "n1-2026-12-01.csv", "H\nL1\n", "L1\n", T), 0,
           "the first line makes the file");
    is_int(hl_site_append(dir, "n1-2026-12-01.csv", "H\nL2\n", "L2\n", T), 0,
           "the second is appended");
    snprintf(path, sizeof(path), "%s/n1-2026-12-01.csv", dir);
    ok(_slurp(path, buf, sizeof(buf)) && strcmp(buf, "H\nL1\nL2\n") == 0,
       "the header once, then whole lines");
    ok(stat(path, &st) == 0 && (st.st_mode & 0777) == 0600 && st.st_uid == 0,
       "the file is root's, mode 0600");

    snprintf(path, sizeof(path), "%s/victim", top);
    close(open(path, O_WRONLY | O_CREAT, 0644));
    snprintf(buf, sizeof(buf), "%s/n2-2026-12-01.csv", dir);
    symlink(path, buf);
    is_int(hl_site_append(dir, "n2-2026-12-01.csv", "H\nX\n", "X\n", T),
           HL_SITE_NOT_REGULAR, "a symlink planted as the file: refused");
    ok(stat(path, &st) == 0 && st.st_size == 0, "its target untouched");

    snprintf(buf, sizeof(buf), "%s/n3-2026-12-01.csv", dir);
    close(open(buf, O_WRONLY | O_CREAT, 0600));
    chown(buf, 65534, 65534);
    is_int(hl_site_append(dir, "n3-2026-12-01.csv", "H\nX\n", "X\n", T),
           HL_SITE_NOT_ROOTS, "a file another user owns: refused");

    snprintf(buf, sizeof(buf), "%s/site-link", top);
    symlink(dir, buf);
    is_int(hl_site_append(buf, "n1-2026-12-01.csv", "H\nX\n", "X\n", T),
           HL_SITE_NOT_REGULAR, "a symlink as the folder: refused");
    chmod(dir, 0777);
    is_int(hl_site_append(dir, "n1-2026-12-01.csv", "H\nX\n", "X\n", T),
           HL_SITE_NOT_ROOTS, "a folder others may write: refused");
    chmod(dir, 0755);
    snprintf(path, sizeof(path), "%s/n1-2026-12-01.csv", dir);
    ok(_slurp(path, buf, sizeof(buf)) && strcmp(buf, "H\nL1\nL2\n") == 0,
       "nothing written by the refused appends");
}

static void _record(const char *dir, const char *name, int64_t rank,
                    uint64_t vmhwm, uid_t owner)
{
    struct hl_record_row row = {0};
    char text[4096], path[512];
    struct hl_buf b;
    int fd;

    row.rank = rank;
    row.host = "n1";
    row.job = "81.0";
    row.pid = 1;
    row.vmhwm = vmhwm;
    hl_buf_init(&b, text, sizeof(text));
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
    char dir[256], path[512], big[300];
    uint64_t sum = 0;
    uint32_t records = 0;
    int dfd;

    snprintf(dir, sizeof(dir), "%s/step", top);
    mkdir(dir, 0700);
    chown(dir, nobody->pw_uid, nobody->pw_gid);
    _record(dir, "task-0.100.csv", 0, 100, nobody->pw_uid);
    _record(dir, "task-1.101.csv", 1, 200, nobody->pw_uid);
    _record(dir, "task-1.102.csv", 1, 0, nobody->pw_uid); /* a fork */
    _record(dir, "task-5.103.csv", 5, 1000, nobody->pw_uid);
    _record(dir, "task-1.104.csv", 7, 2000, nobody->pw_uid);
    _record(top, "secret.csv", 0, 99999, 0);
    snprintf(path, sizeof(path), "%s/secret.csv", top);
    chmod(path, 0600);
    snprintf(big, sizeof(big), "%s/task-0.105.csv", dir);
    symlink(path, big);
    snprintf(path, sizeof(path), "%s/task-0.106.csv", dir);
    _record(dir, "task-0.106.csv", 0, 4000, nobody->pw_uid);
    truncate(path, HL_SITE_MAX_RECORD_BYTES + 1);
    dfd = open(dir, O_RDONLY | O_DIRECTORY);
    ok(hl_site_vmhwm_sum(&user, dfd, ranks, 2, T, &sum, &records) == 0,
       "the sum read as the user");
    is_uint(sum, 300, "only the node's ranks, no symlink, no oversize record");
    is_uint(records, 3, "three records of the node's ranks");
    close(dfd);
}

int main(void)
{
    char tmpl[] = "/tmp/hl-site-XXXXXX";
    char *top = mkdtemp(tmpl);
    struct passwd *nobody = getpwnam("nobody");

    _names_and_line();
    if (geteuid() != 0 || !nobody || !top) {
        skip("not root: appends as root and reads as a user not tried");
        return done_testing();
    }
    chmod(top, 0755);
    _appends(top);
    _vmhwm(top, nobody);
    return done_testing();
}
