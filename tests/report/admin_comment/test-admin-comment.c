/*
 * heapline's entry in a job's AdminComment (spank/comment_*.c), without
 * Slurm: the entry's form; another tool's text kept byte for byte around
 * it, heapline's earlier entry replaced and never doubled, a word that
 * only starts like it kept; a field that would pass 65,535 bytes, or holds
 * a quote, left alone; and the job's figures from a site folder: only its
 * own lines, across nodes and days, each step counted once, a forged
 * line, a symlink and a file others may write refused.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "admin_comment/comment_entry.h"
#include "admin_comment/comment_site.h"
#include "../../tap.h"

#define DAY 1796083200 /* 2026-12-01T00:00:00Z */
#define HEAD                                                                   \
    "# heapline site 1\n"                                                      \
    "end,host,job,step,uid,user,account,partition,request_bytes,"              \
    "cgroup_peak_bytes,vmhwm_sum_bytes,oom_kills,tasks,elapsed\n"

static char _out[HL_COMMENT_MAX + 1];

static const char *_merge(const char *old, const char *entry)
{
    return hl_comment_merge(old, entry, _out) == HL_COMMENT_OK ? _out
                                                               : "(refused)";
}

static void _entry(void)
{
    struct hl_comment_summary s = {.lines = 3,
                                   .nodes = 2,
                                   .steps = 2,
                                   .oom_steps = 1,
                                   .has_request = true,
                                   .request_max = 419430400,
                                   .requested = 3600.0 * 1073741824.0};
    char e[HL_COMMENT_ENTRY_MAX];

    hl_comment_entry(&s, e);
    is_str(e,
           "heapline:{\"v\":1,\"steps\":2,\"nodes\":2,\"oom_killed_steps\":1,"
           "\"request_bytes\":419430400,\"peak_bytes\":null,"
           "\"requested_gib_hours\":1.000000,\"used_gib_hours\":0.000000}",
           "the entry: one word, its figures, null where none was read");
    ok(!strpbrk(e, " '\\"), "no space, quote or backslash in it");
}

static void _merges(void)
{
    static char big[HL_COMMENT_MAX + 2];

    is_str(_merge(NULL, "heapline:{\"v\":1}"), "heapline:{\"v\":1}",
           "an empty field: the entry alone");
    is_str(_merge("JS1:abc  two\tspaces", "heapline:{\"v\":1}"),
           "JS1:abc  two\tspaces heapline:{\"v\":1}",
           "another tool's text kept byte for byte, the entry after a space");
    is_str(
        _merge("JS1:abc heapline:{\"v\":1,\"steps\":9}", "heapline:{\"v\":2}"),
        "JS1:abc heapline:{\"v\":2}", "heapline's last entry replaced");
    is_str(_merge("heapline:{\"a\":1} x heapline:{\"b\":2} y",
                  "heapline:{\"v\":2}"),
           "x y heapline:{\"v\":2}", "every earlier entry taken out, once");
    is_str(_merge("myheapline:{keep} heapline:{x}y", "heapline:{\"v\":2}"),
           "myheapline:{keep} heapline:{x}y heapline:{\"v\":2}",
           "words that only look like it are another tool's");
    memset(big, 'x', HL_COMMENT_MAX - 20);
    big[HL_COMMENT_MAX - 20] = '\0';
    is_str(_merge(big, "heapline:{\"v\":1,\"steps\":2}"), "(refused)",
           "a field that would pass 65535 bytes: refused, nothing cut");
    big[HL_COMMENT_MAX - 40] = '\0';
    ok(strlen(_merge(big, "heapline:{\"v\":1}")) ==
           HL_COMMENT_MAX - 40 + 1 + 16,
       "one that fits: taken whole");
    is_str(_merge("it's", "heapline:{\"v\":1}"), "(refused)",
           "a quote in another tool's text: left alone");
    is_str(_merge("a\\b", "heapline:{\"v\":1}"), "(refused)",
           "a backslash too");
}

static void _file(const char *dir, const char *name, const char *text,
                  mode_t mode)
{
    char path[512];
    FILE *f;

    snprintf(path, sizeof(path), "%s/%s", dir, name);
    f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    chmod(path, mode);
}

static void _site(void)
{
    char dir[] = "/tmp/hl-comment-XXXXXX", path[600];
    char *nodes[] = {"n1", "n2", "n3", "n4", "../etc"};
    struct hl_comment_summary s = {0};
    FILE *errs = tmpfile();
    char said[4096] = "";
    int faults;

    if (!mkdtemp(dir))
        return;
    /* job 7: step 0 on n1 and n2 (OOM-killed on n2), step 1 on n1 the
     * next day; job 8 beside it; a forged line of job 7 */
    _file(dir, "n1-2026-12-01.csv",
          HEAD "1796083300,n1,7,0,1001,alice,a,p,1073741824,268435456,,0,1,"
               "3600.000\n"
               "1796083300,n1,8,0,1001,alice,a,p,9999999999,1,,0,1,1.000\n"
               "1796083300,n1,7,5,1001,alice,a,p,-1,1,,0,1,1.000\n",
          0600);
    _file(dir, "n1-2026-12-02.csv",
          HEAD "1796169700,n1,7,1,1001,alice,a,p,1073741824,,536870912,0,1,"
               "3600.000\n",
          0600);
    _file(dir, "n2-2026-12-01.csv",
          HEAD "1796083300,n2,7,0,1001,alice,a,p,1073741824,1073741824,,1,1,"
               "3600.000\n",
          0600);
    /* n3's file may be written by others; n4's is a symlink to n1's */
    _file(dir, "n3-2026-12-01.csv",
          HEAD "1796083300,n3,7,2,1001,alice,a,p,1,1,,0,1,1.000\n", 0666);
    snprintf(path, sizeof(path), "%s/n4-2026-12-01.csv", dir);
    if (symlink("n1-2026-12-01.csv", path) < 0)
        perror(path);
    faults = hl_comment_read_site(dir, nodes, 5, DAY + 60, DAY + 86400 + 600, 7,
                                  &s, errs);
    rewind(errs);
    said[fread(said, 1, sizeof(said) - 1, errs)] = '\0';
    fclose(errs);
    is_int(faults, 4, "four faults: the forged line, n3, n4, ../etc (%s)",
           said);
    ok(strstr(said, "n3-2026-12-01.csv: not root's alone") &&
           strstr(said, "n4-2026-12-01.csv: a symbolic link") &&
           strstr(said, "request_bytes") && strstr(said, "not a node name"),
       "each named");
    is_uint(s.lines, 3, "job 7's three good lines, job 8's left out");
    is_uint(s.nodes, 2, "on two nodes");
    is_uint(s.steps, 2, "two steps, step 0 counted once for its two nodes");
    is_uint(s.oom_steps, 1, "one OOM-killed step");
    is_uint(s.request_max, 1073741824, "the largest request on a node");
    is_uint(s.peak_max, 1073741824, "the largest use (n2's true peak)");
    ok(s.requested == 3.0 * 3600 * 1073741824.0 &&
           s.used == 3600.0 * (268435456.0 + 536870912.0 + 1073741824.0),
       "memory-time of the three lines, the VmHWM sum where no true peak");
    snprintf(path, sizeof(path), "rm -rf '%s'", dir);
    if (system(path) != 0)
        printf("# could not remove %s\n", dir);
}

int main(void)
{
    _entry();
    _merges();
    if (geteuid() == 0)
        _site();
    else
        skip("not root: the site folder's checks want files of root's");
    return done_testing();
}
