/*
 * One file per node: a node-local folder holding final and provisional
 * records, and what a killed task, a full file system or a user can leave
 * there (an empty record, one cut short, a link, a FIFO, a huge file, a
 * temporary file of an interrupted write), merged into node-NAME.heapline:
 * the records copied under their own headers, final and provisional apart;
 * each bad file and each task without a record named in the missing
 * column, never blocking on the FIFO nor following the link; the node and
 * exit sections written; the node-local folder removed after, and kept
 * when the merged file cannot be written.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stepd/merge.h"
#include "../../tap.h"
#include "buf.h"
#include "format_write.h"
#include "record_format.h"

static char _top[] = "/tmp/hl-merge-XXXXXX";

/* A record of pid as the library writes it: final, or provisional. */
static void _record(const char *name, uint32_t rank, uint32_t pid,
                    int provisional)
{
    struct hl_record_row row = {
        .rank = rank,
        .host = "n1",
        .pid = pid,
        .job = "81.0",
        .elapsed_ms = 1500,
        .allocs = 10,
        .frees = 9,
        .peak_heap = 1000 + pid,
        .vmhwm = 4096 * pid,
        .vmrss_at_exit = 4096,
        .end = provisional ? HL_RECORD_UNFINISHED : NULL,
    };
    char text[2048], path[256];
    size_t offset[HL_REC_NCOLUMNS];
    struct hl_buf b;
    FILE *f;

    hl_buf_init(&b, text, sizeof(text));
    if (provisional)
        hl_format_write_fixed(&b, &hl_record_format, &row, offset,
                              HL_COL_CALLSITES);
    else
        hl_format_write(&b, &hl_record_format, &row,
                        HL_COL_UNFINISHED | HL_COL_CALLSITES);
    snprintf(path, sizeof(path), "%s/local/%s", _top, name);
    f = fopen(path, "w");
    fwrite(text, 1, b.len, f);
    fclose(f);
}

static void _file(const char *name, const char *text, size_t len)
{
    char path[256];
    FILE *f;

    snprintf(path, sizeof(path), "%s/local/%s", _top, name);
    f = fopen(path, "w");
    fwrite(text, 1, len, f);
    fclose(f);
}

static char *_slurp(const char *path, size_t *len)
{
    static char buf[1 << 16];
    int fd = open(path, O_RDONLY);
    ssize_t n = fd < 0 ? -1 : read(fd, buf, sizeof(buf) - 1);

    if (fd >= 0)
        close(fd);
    *len = n < 0 ? 0 : (size_t)n;
    buf[*len] = '\0';
    return n < 0 ? NULL : buf;
}

static size_t _count(const char *text, const char *what)
{
    size_t n = 0;

    for (const char *p = text; (p = strstr(p, what)); p++)
        n++;
    return n;
}

static int _open(const char *sub)
{
    char path[256];

    snprintf(path, sizeof(path), "%s%s%s", _top, sub[0] ? "/" : "", sub);
    return open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

int main(void)
{
    static const struct hl_merge_task ended[] = {
        {0, 100}, {1, 101}, {2, 103}, {3, 104}, {6, 200}};
    struct hl_merge_in in = {
        .node = "n1",
        .tasks = 8,
        .exit_rows = "0,n1,100,exited,0,,0,308084736,1764950081.013512290\n"
                     "1,n1,101,signaled,,9,1,58720256,1764950079.501230004\n",
        .ended = ended,
        .nended = 5,
        .node_row = "n1,367001600,1073741824,1\n",
    };
    char path[256], name[64], *big, *text;
    size_t len;
    char local_path[256];
    int local, step;

    if (!mkdtemp(_top))
        return 99;
    snprintf(path, sizeof(path), "%s/local", _top);
    mkdir(path, 0700);
    snprintf(path, sizeof(path), "%s/step", _top);
    mkdir(path, 0755);
    _record("task-0.100.csv", 0, 100, 0);
    _record("task-1.101.csv", 1, 101, 0);
    _record("task-1.102.csv", 1, 102, 1);
    _file("task-2.103.csv", "", 0);
    _record("task-3.104.csv", 3, 104, 0);
    snprintf(path, sizeof(path), "%s/local/task-3.104.csv", _top);
    ok(truncate(path, 200) == 0, "cut a record short, as a full disk does");
    _file(".task-0.100.csv.heapline-100", "# heapline 1\n", 13);
    snprintf(path, sizeof(path), "%s/local/task-4.105.csv", _top);
    ok(symlink("/etc/passwd", path) == 0, "plant a link to /etc/passwd");
    snprintf(path, sizeof(path), "%s/local/task-5.106.csv", _top);
    ok(mkfifo(path, 0600) == 0, "plant a FIFO without a writer");
    big = calloc(1, HL_MERGE_FILE_MAX + 10);
    memcpy(big, "# heapline 1\n", 13);
    _file("task-7.107.csv", big, HL_MERGE_FILE_MAX + 10);
    free(big);

    local = _open("local");
    step = _open("step");
    snprintf(local_path, sizeof(local_path), "%s/local", _top);
    ok(hl_merge_name("n1", name, sizeof(name)) == 0 &&
           strcmp(name, "node-n1.heapline") == 0,
       "the merged file's name: node-n1.heapline");
    ok(hl_merge_node(local, local_path, step, name, &in) == 0,
       "merged, though the FIFO has no writer");
    snprintf(path, sizeof(path), "%s/step/node-n1.heapline", _top);
    text = _slurp(path, &len);
    ok(text != NULL, "one merged file in the step folder");
    if (!text)
        text = "";
    ok(strncmp(text,
               "# heapline merged 1\nhost,tasks,files,unmerged,missing\n"
               "n1,8,8,5,",
               63) == 0,
       "first its own row: 8 tasks, 8 files found, 5 left out");
    ok(strstr(text, "task-2.103.csv: empty") != NULL,
       "the empty record is named");
    ok(strstr(text, "task-3.104.csv: truncated record") != NULL,
       "the record cut short is named");
    ok(strstr(text, "task-4.105.csv: a symbolic link") != NULL,
       "the link is named, not followed");
    ok(strstr(text, "task-5.106.csv: not a regular file") != NULL,
       "the FIFO is named");
    ok(strstr(text, "task-7.107.csv: larger than 1 MiB") != NULL,
       "the huge file is named");
    ok(strstr(text, "task 2 (pid 103): no record") != NULL &&
           strstr(text, "task 6 (pid 200): no record") != NULL,
       "each task without a record is named");
    ok(strstr(text, "task 0 (pid 100)") == NULL &&
           strstr(text, "task 1 (pid 101)") == NULL,
       "tasks with a record are not");
    ok(strstr(text, "3 of 8 tasks: their end not seen") != NULL,
       "the tasks whose end was not seen are counted");
    ok(strstr(text, ".heapline-100") == NULL,
       "the temporary file of an interrupted write is no loss");
    ok(strstr(text,
              "\n# heapline node 1\nhost,cgroup_peak_bytes,"
              "mem_limit_bytes,oom_kills\nn1,367001600,1073741824,1\n") != NULL,
       "the node's section");
    ok(strstr(text,
              "\n# heapline exit 1\ntask,host,pid,status,exit_code,"
              "signal,oom,cgroup_peak_bytes,end_time_s\n"
              "0,n1,100,exited,0,,0,308084736,1764950081.013512290\n"
              "1,n1,101,signaled,,9,1,58720256,1764950079.501230004\n") != NULL,
       "the exit rows under one header");
    is_uint(_count(text, "# heapline 1\n"), 2,
            "two record sections: final and provisional records apart");
    is_uint(_count(text, "\n0,n1,100,81.0,") + _count(text, "\n1,n1,101,81.0,"),
            2, "both final records, under one header");
    ok(strstr(text, ",unfinished\n") != NULL,
       "the provisional record, as it was");
    ok(strstr(text, "root:") == NULL, "nothing of the link's target");
    snprintf(path, sizeof(path), "%s/local", _top);
    ok(access(path, F_OK) < 0 && errno == ENOENT,
       "the node-local folder is removed, with all it held");
    snprintf(path, sizeof(path), "%s/step/.node-n1.heapline.tmp", _top);
    ok(access(path, F_OK) < 0, "no temporary file left in the step folder");
    close(local);

    /* A step folder that cannot be written: the records are kept. */
    snprintf(path, sizeof(path), "%s/local", _top);
    mkdir(path, 0700);
    _record("task-0.300.csv", 0, 300, 0);
    local = _open("local");
    snprintf(path, sizeof(path), "%s/step/.node-n2.heapline.tmp", _top);
    mkfifo(path, 0600);
    in.node = "n2";
    ok(hl_merge_node(local, local_path, step, "node-n2.heapline", &in) != 0,
       "a FIFO at the temporary name: refused, not blocked on");
    snprintf(path, sizeof(path), "%s/local/task-0.300.csv", _top);
    ok(access(path, F_OK) == 0, "the node-local record is kept then");
    snprintf(path, sizeof(path), "%s/step/node-n2.heapline", _top);
    ok(access(path, F_OK) < 0, "and no merged file written");
    close(local);
    close(step);
    snprintf(path, sizeof(path), "rm -rf %s", _top);
    if (system(path) != 0)
        return 99;
    return done_testing();
}
