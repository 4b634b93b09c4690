#define _GNU_SOURCE
#include "node_name.h"
#include "buf.h"

#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/* Deeper than any launcher's chain of processes. */
#define _MAX_ANCESTORS 64

/* "/proc/PID/NAME" */
static void _proc_path(char *out, size_t cap, pid_t pid, const char *name)
{
    struct hl_buf b;

    hl_buf_init(&b, out, cap);
    hl_buf_str(&b, "/proc/");
    hl_buf_i64(&b, pid);
    hl_buf_char(&b, '/');
    hl_buf_str(&b, name);
}

/* The parent of pid and whether pid is a slurmstepd, from
 * "PID (COMM) STATE PPID ..."; the parent is 0 when unknown. */
static pid_t _parent(pid_t pid, int *is_slurmstepd)
{
    char path[64], text[256];
    const char *comm, *p;
    ssize_t n;
    pid_t ppid = 0;
    int fd;

    _proc_path(path, sizeof(path), pid, "stat");
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    n = read(fd, text, sizeof(text) - 1);
    close(fd);
    if (n <= 0)
        return 0;
    text[n] = '\0';
    comm = strchr(text, '(');
    p = strrchr(text, ')');
    if (!comm || !p || p < comm || p[1] != ' ' || !p[2] || p[3] != ' ')
        return 0;
    *is_slurmstepd = p - comm - 1 == 10 && !memcmp(comm + 1, "slurmstepd", 10);
    for (p += 4; *p >= '0' && *p <= '9'; p++)
        ppid = ppid * 10 + (*p - '0');
    return ppid;
}

/* SLURMD_NODENAME in the environment that pid started with, read entry by
 * entry (it may be large): 0 when found, with its value in out. */
static int _environ_node(pid_t pid, char *out, size_t cap)
{
    static const char name[] = "SLURMD_NODENAME=";
    enum { MATCHING, VALUE, SKIPPING } state = MATCHING;
    char path[64], chunk[512];
    size_t at = 0; /* of the name matched, then of the value */
    int fd, found = 0;
    ssize_t n;

    _proc_path(path, sizeof(path), pid, "environ");
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    while (!found && (n = read(fd, chunk, sizeof(chunk))) > 0) {
        for (ssize_t i = 0; i < n && !found; i++) {
            char c = chunk[i];

            if (c == '\0') {
                found = state == VALUE && at > 0;
                state = MATCHING;
                at = 0;
            } else if (state == MATCHING) {
                state = c != name[at] ? SKIPPING
                        : name[++at]  ? MATCHING
                                      : VALUE;
                if (state == VALUE)
                    at = 0;
            } else if (state == VALUE) {
                if (at + 1 >= cap) {
                    state = SKIPPING;
                    continue;
                }
                out[at++] = c;
                out[at] = '\0';
            }
        }
    }
    close(fd);
    return found ? 0 : -1;
}

/* The task that slurmstepd started on this node, among the ancestors of
 * this process (itself included); 0 when there is none. */
static pid_t _slurm_task(void)
{
    int ignored, is_slurmstepd = 0;
    pid_t pid = getpid(), parent = _parent(pid, &ignored);

    for (int i = 0; i < _MAX_ANCESTORS && parent > 1; i++) {
        pid_t grandparent = _parent(parent, &is_slurmstepd);

        if (is_slurmstepd)
            return pid;
        pid = parent;
        parent = grandparent;
    }
    return 0;
}

void hl_node_name(const char *inherited, char *out, size_t cap)
{
    char host[256], node[256];
    pid_t task;

    if (gethostname(host, sizeof(host)) != 0 ||
        !memchr(host, '\0', sizeof(host)))
        hl_buf_copy(host, sizeof(host), "localhost");
    if (!inherited || !*inherited) {
        hl_buf_copy(out, cap, host);
        return;
    }
    task = strcmp(inherited, host) ? _slurm_task() : 0;
    if (task > 0 && _environ_node(task, node, sizeof(node)) == 0)
        hl_buf_copy(out, cap, node);
    else
        hl_buf_copy(out, cap, inherited);
}
