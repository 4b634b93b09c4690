/* Reading a step's memory cgroup (see mem_cgroup.h). */
#include "mem_cgroup.h"

#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* cgroup v1 writes "no limit" as the largest page-aligned long. */
#define _V1_NO_LIMIT (UINT64_C(1) << 62)

static bool _is_dir(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int _path(char *out, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int _path(char *out, size_t size, const char *fmt, ...)
{
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(out, size, fmt, ap);
    va_end(ap);
    return (n < 0 || (size_t)n >= size) ? -1 : 0;
}

/* The first line of dir/name, at most size - 1 bytes, newline removed. */
static int _read_line(const char *dir, const char *name, char *out, size_t size)
{
    char path[PATH_MAX + 64];
    FILE *f;
    bool got;

    if (_path(path, sizeof(path), "%s/%s", dir, name) < 0)
        return -1;
    f = fopen(path, "re");
    if (!f)
        return -1;
    got = fgets(out, (int)size, f) != NULL;
    fclose(f);
    if (!got)
        return -1;
    out[strcspn(out, "\n")] = '\0';
    return 0;
}

static int _parse_u64(const char *s, uint64_t *v)
{
    char *end;

    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    *v = strtoull(s, &end, 10);
    return (errno || *end) ? -1 : 0;
}

static uint64_t _read_u64(const char *dir, const char *name)
{
    char line[64];
    uint64_t v;

    if (_read_line(dir, name, line, sizeof(line)) < 0 ||
        _parse_u64(line, &v) < 0)
        return HL_CGROUP_NONE;
    return v;
}

/* The value of "key N" in a flat keyed file (memory.events, oom_control). */
static uint64_t _read_key(const char *dir, const char *name, const char *key)
{
    char path[PATH_MAX + 64], line[128];
    size_t klen = strlen(key);
    uint64_t v = HL_CGROUP_NONE;
    FILE *f;

    if (_path(path, sizeof(path), "%s/%s", dir, name) < 0)
        return HL_CGROUP_NONE;
    f = fopen(path, "re");
    if (!f)
        return HL_CGROUP_NONE;
    while (fgets(line, sizeof(line), f)) {
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, key, klen) == 0 && line[klen] == ' ' &&
            _parse_u64(line + klen + 1, &v) == 0)
            break;
        v = HL_CGROUP_NONE;
    }
    fclose(f);
    return v;
}

/* A limit in bytes; "max" (v2) and v1's huge "unlimited" are none. */
static uint64_t _read_limit(const char *dir, const char *name)
{
    uint64_t v = _read_u64(dir, name);

    return v >= _V1_NO_LIMIT ? HL_CGROUP_NONE : v;
}

static uint64_t _min(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

static int _try_v1(const char *root, const char *top, uid_t uid, uint32_t job,
                   uint32_t step, struct hl_mem_cgroup *cg)
{
    if (_path(cg->step, sizeof(cg->step),
              "%s/memory/%s/uid_%u/job_%" PRIu32 "/step_%" PRIu32, root, top,
              (unsigned)uid, job, step) < 0 ||
        !_is_dir(cg->step))
        return -1;
    cg->version = 1;
    return 0;
}

/* With several slurmd on a host, each has its own slurm_NODE tree. */
static int _find_v1(const char *root, const char *node, uid_t uid, uint32_t job,
                    uint32_t step, struct hl_mem_cgroup *cg)
{
    char top[300];

    if (_path(top, sizeof(top), "slurm_%s", node) == 0 &&
        _try_v1(root, top, uid, job, step, cg) == 0)
        return 0;
    return _try_v1(root, "slurm", uid, job, step, cg);
}

/*
 * In v2 slurmstepd lives in .../job_J/step_S/slurm: the step is the
 * step_S component of its own cgroup path ("0::/...").
 */
static int _find_v2(const char *root, const char *self_cgroup, uint32_t step,
                    struct hl_mem_cgroup *cg)
{
    char line[PATH_MAX], want[32], *at, *end;
    FILE *f;
    bool got = false;

    if (_path(line, sizeof(line), "%s/cgroup.controllers", root) < 0 ||
        access(line, R_OK) < 0)
        return -1;
    f = fopen(self_cgroup, "re");
    if (!f)
        return -1;
    while (!got && fgets(line, sizeof(line), f))
        got = strncmp(line, "0::/", 4) == 0;
    fclose(f);
    if (!got)
        return -1;
    line[strcspn(line, "\n")] = '\0';
    snprintf(want, sizeof(want), "/step_%" PRIu32, step);
    for (at = strstr(line, want); at; at = strstr(at + 1, want)) {
        end = at + strlen(want);
        if (*end == '/' || *end == '\0') {
            *end = '\0';
            break;
        }
    }
    if (!at || _path(cg->step, sizeof(cg->step), "%s%s", root, line + 3) < 0 ||
        !_is_dir(cg->step))
        return -1;
    cg->version = 2;
    return 0;
}

int hl_mem_cgroup_find(const char *root, const char *self_cgroup,
                       const char *node, uid_t uid, uint32_t job, uint32_t step,
                       struct hl_mem_cgroup *cg)
{
    memset(cg, 0, sizeof(*cg));
    if (_find_v1(root, node, uid, job, step, cg) == 0 ||
        _find_v2(root, self_cgroup, step, cg) == 0)
        return 0;
    cg->step[0] = '\0';
    return -1;
}

void hl_mem_cgroup_read(const struct hl_mem_cgroup *cg,
                        struct hl_mem_cgroup_figures *fig)
{
    char job[PATH_MAX];
    char *slash;

    snprintf(job, sizeof(job), "%s", cg->step);
    slash = strrchr(job, '/');
    if (slash)
        *slash = '\0';
    if (cg->version == 1) {
        fig->peak = _read_u64(cg->step, "memory.max_usage_in_bytes");
        fig->limit = _min(_read_limit(cg->step, "memory.limit_in_bytes"),
                          _read_limit(job, "memory.limit_in_bytes"));
        fig->oom_kills = _read_key(cg->step, "memory.oom_control", "oom_kill");
    } else {
        fig->peak = _read_u64(cg->step, "memory.peak");
        fig->limit = _min(_read_limit(cg->step, "memory.max"),
                          _read_limit(job, "memory.max"));
        fig->oom_kills = _read_key(cg->step, "memory.events", "oom_kill");
    }
}

/* The folder that holds the step's task_T cgroups. */
static int _tasks_dir(const struct hl_mem_cgroup *cg, char *out, size_t size)
{
    /* v2 keeps slurmstepd in step_S/slurm, the tasks in step_S/user. */
    return _path(out, size, "%s%s", cg->step, cg->version == 1 ? "" : "/user");
}

bool hl_mem_cgroup_names_by_rank(const char *version)
{
    unsigned major = 0, minor = 0, micro = 0;

    if (!version || sscanf(version, "%u.%u.%u", &major, &minor, &micro) < 2)
        return true;
    if (major != 23)
        return major > 23;
    return minor > 11 || (minor == 11 && micro >= 1);
}

/* The task's own cgroup folder, task_T with T its local or global id. */
static int _task_dir(const struct hl_mem_cgroup *cg,
                     const struct hl_task_ids *ids, char *out, size_t size)
{
    char tasks[PATH_MAX];

    if (_tasks_dir(cg, tasks, sizeof(tasks)) < 0)
        return -1;
    return _path(out, size, "%s/task_%" PRIu32, tasks,
                 ids->by_rank ? ids->global : ids->local);
}

int hl_mem_cgroup_task_oom(const struct hl_mem_cgroup *cg,
                           const struct hl_task_ids *ids)
{
    char dir[PATH_MAX + 32];
    const char *file =
        cg->version == 1 ? "memory.oom_control" : "memory.events";
    uint64_t kills = HL_CGROUP_NONE;

    if (_task_dir(cg, ids, dir, sizeof(dir)) == 0)
        kills = _read_key(dir, file, "oom_kill");
    if (kills == HL_CGROUP_NONE)
        kills = _read_key(cg->step, file, "oom_kill");
    if (kills == HL_CGROUP_NONE && cg->version == 1)
        kills = _read_u64(cg->step, "memory.failcnt");
    if (kills == HL_CGROUP_NONE)
        return -1;
    return kills > 0;
}

uint64_t hl_mem_cgroup_task_peak(const struct hl_mem_cgroup *cg,
                                 const struct hl_task_ids *ids)
{
    char dir[PATH_MAX + 32];

    if (_task_dir(cg, ids, dir, sizeof(dir)) < 0)
        return HL_CGROUP_NONE;
    return _read_u64(dir, cg->version == 1 ? "memory.max_usage_in_bytes"
                                           : "memory.peak");
}
