/*
 * Writes the merged node files of a made-up step, RANKS ranks on NODES
 * nodes (block distribution), with the SPANK plugin's own code: each
 * node's records are written with the library's writer as final records
 * into a node-local folder under LOCAL, then merged into
 * DIR/node-NAME.heapline by hl_merge_node with their exit rows, as
 * slurmstepd does at the node's last task. The figures are plausible and
 * vary (fixed seed), as gen_records.py's do.
 *
 * usage: gen-node-files DIR LOCAL RANKS NODES [JOB]
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "stepd/exit_record.h"
#include "stepd/merge.h"
#include "buf.h"
#include "format_write.h"
#include "record_format.h"
#include "xorshift.h"

/* An exit row is under 64 bytes: "4294967295,node0000,4294967295,...". */
#define _EXIT_ROW_MAX 128

static int _record(int dirfd, const char *job, const char *host, int64_t rank,
                   uint32_t pid, uint64_t *rng)
{
    uint64_t peak = (200u << 20) + xorshift64(rng) % (3800ull << 20);
    uint64_t vmhwm =
        (peak >> 12 << 12) + (2560 + xorshift64(rng) % 48640) * 4096ull;
    uint64_t allocs = 100000 + xorshift64(rng) % 99900000;
    int64_t elapsed = 600000 + (int64_t)(xorshift64(rng) % 60000);
    struct hl_record_row row = {
        .rank = rank,
        .host = host,
        .pid = pid,
        .job = job,
        .elapsed_ms = elapsed,
        .allocs = allocs,
        .frees = allocs - xorshift64(rng) % 1000,
        .peak_heap = peak,
        .peak_heap_time_ms = (int64_t)(xorshift64(rng) % (uint64_t)elapsed),
        .live_heap_at_exit = xorshift64(rng) % (1u << 20),
        .vmhwm = vmhwm,
        .vmrss_at_exit = vmhwm - (xorshift64(rng) % 25600) * 4096,
        .program = "solver",
        .ppid = pid - 1,
    };
    char text[2048], name[64];
    struct hl_buf b;
    int fd;

    hl_buf_init(&b, text, sizeof(text));
    hl_format_write(&b, &hl_record_format, &row,
                    HL_COL_UNFINISHED | HL_COL_CALLSITES);
    if (b.overflow)
        return -1;
    snprintf(name, sizeof(name), "task-%lld.%u.csv", (long long)rank, pid);
    fd = openat(dirfd, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0)
        return -1;
    if (write(fd, text, b.len) != (ssize_t)b.len) {
        close(fd);
        return -1;
    }
    return close(fd);
}

/* Writes node n's records (ranks first..last-1) and merges them. */
static int _node(int out, const char *local_base, const char *job, long n,
                 long first, long last, uint64_t *rng)
{
    size_t count = (size_t)(last - first), len = 0;
    char host[32], local[4096], name[64];
    char *rows = malloc(count * _EXIT_ROW_MAX + 1);
    struct hl_merge_task *tasks = malloc(count * sizeof(*tasks));
    struct hl_merge_in in;
    int dirfd = -1, rc = -1;

    snprintf(host, sizeof(host), "node%04ld", n);
    snprintf(local, sizeof(local), "%s/heapline-%s.%s", local_base, job, host);
    if (!rows || !tasks || mkdir(local, 0700) < 0 ||
        (dirfd = open(local, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
        perror(local);
        goto out;
    }
    rows[0] = '\0';
    for (long r = first; r < last; r++) {
        uint32_t pid = 10000 + (uint32_t)(r % 50000);

        if (_record(dirfd, job, host, r, pid, rng) < 0 ||
            hl_exit_record_row(
                &(struct hl_task_end){(uint32_t)r, host, (pid_t)pid, 0,
                                      HL_OOM_UNKNOWN, UINT64_MAX, -1},
                rows + len, count * _EXIT_ROW_MAX + 1 - len) < 0) {
            perror(local);
            goto out;
        }
        len += strlen(rows + len);
        tasks[r - first] = (struct hl_merge_task){(uint32_t)r, pid};
    }
    in = (struct hl_merge_in){.node = host,
                              .tasks = (uint32_t)count,
                              .exit_rows = rows,
                              .ended = tasks,
                              .nended = count};
    hl_merge_name(host, name, sizeof(name));
    rc = hl_merge_node(dirfd, local, out, name, &in);
    if (rc)
        fprintf(stderr, "gen-node-files: merge of %s: error %d\n", host, rc);
out:
    if (dirfd >= 0)
        close(dirfd);
    free(rows);
    free(tasks);
    return rc ? -1 : 0;
}

int main(int argc, char **argv)
{
    const char *job = argc > 5 ? argv[5] : "4242.0";
    long ranks = argc > 4 ? atol(argv[3]) : 0;
    long nodes = argc > 4 ? atol(argv[4]) : 0, per_node;
    uint64_t rng = 0x9e3779b97f4a7c15ull ^ (uint64_t)ranks;
    int out;

    if (argc < 5 || ranks < 1 || nodes < 1) {
        fprintf(stderr, "usage: gen-node-files DIR LOCAL RANKS NODES [JOB]\n");
        return 2;
    }
    per_node = (ranks + nodes - 1) / nodes;
    out = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (out < 0) {
        perror(argv[1]);
        return 1;
    }
    for (long n = 0; n * per_node < ranks; n++) {
        long first = n * per_node;
        long last = first + per_node < ranks ? first + per_node : ranks;

        if (_node(out, argv[2], job, n, first, last, &rng) < 0)
            return 1;
    }
    close(out);
    return 0;
}
