/* The site's summary line of a step on a node (see site_step.h). */
#include "site_step.h"

#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "stepd/mem_cgroup.h"
#include "site_append.h"
#include "site_line.h"
#include "site_records.h"

/* Each child (the user's records, the site file) may take this long: a
 * hung file system then costs the step's end this much at most, twice. */
#define HL_SITE_TIMEOUT_MS 5000

/* Tasks of the step that ended on this node: slurmstepd serves one step. */
static uint32_t _ended;
/* What the node's records say, read at its last task. */
static bool _records_read;
static struct hl_site_records _records;

/* How long this slurmstepd, started for the step, has run: the step's
 * time on the node. -1 when /proc does not say. */
static int64_t _elapsed_ms(void)
{
    char stat[1024], *p;
    unsigned long long start = 0;
    double uptime = 0;
    long hz = sysconf(_SC_CLK_TCK);
    FILE *f = fopen("/proc/self/stat", "re");
    size_t n = f ? fread(stat, 1, sizeof(stat) - 1, f) : 0;

    if (f)
        fclose(f);
    stat[n] = '\0';
    /* the command name may hold spaces: fields count from its ')' */
    p = strrchr(stat, ')');
    if (!p || hz <= 0 ||
        sscanf(p + 1,
               " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d "
               "%*d %*d %*d %*d %llu",
               &start) != 1)
        return -1;
    f = fopen("/proc/uptime", "re");
    if (!f || fscanf(f, "%lf", &uptime) != 1) {
        if (f)
            fclose(f);
        return -1;
    }
    fclose(f);
    uptime -= (double)start / (double)hz;
    return uptime < 0 ? 0 : (int64_t)(uptime * 1000.0);
}

static void _env(spank_t sp, const char *name, char *out, size_t size)
{
    char raw[HL_SITE_MAX_TEXT + 1] = "";

    if (spank_getenv(sp, name, raw, sizeof(raw)) != ESPANK_SUCCESS)
        raw[0] = '\0';
    hl_site_clean_text(raw, out, size);
}

static void _user_name(uid_t uid, char *out, size_t size)
{
    struct passwd pw, *found = NULL;
    char buf[4096];

    out[0] = '\0';
    if (getpwuid_r(uid, &pw, buf, sizeof(buf), &found) == 0 && found)
        hl_site_clean_text(pw.pw_name, out, size);
}

/* The step's memory on this node as Slurm allocated it, in bytes. */
static void _request(spank_t sp, struct hl_site_row *row)
{
    uint64_t mb = 0;

    if (spank_get_item(sp, S_STEP_ALLOC_MEM, &mb) != ESPANK_SUCCESS || !mb)
        if (spank_get_item(sp, S_JOB_ALLOC_MEM, &mb) != ESPANK_SUCCESS)
            mb = 0;
    if (mb && mb <= HL_SITE_MAX_BYTES >> 20)
        row->request = mb << 20;
    else
        row->empty |= HL_EMPTY(HL_SITE_request);
}

static void _cgroup(const struct hl_node_step *st, struct hl_site_row *row)
{
    struct hl_mem_cgroup cg;
    struct hl_mem_cgroup_figures fig = {HL_CGROUP_NONE, HL_CGROUP_NONE,
                                        HL_CGROUP_NONE};

    if (hl_mem_cgroup_find(HL_CGROUP_ROOT, HL_CGROUP_SELF, st->node,
                           (uid_t)row->uid, (uint32_t)row->job,
                           (uint32_t)row->step, &cg) == 0)
        hl_mem_cgroup_read(&cg, &fig);
    /* cgroup v1 counts an OOM kill in the task's cgroup only */
    if (fig.oom_kills != HL_CGROUP_NONE && fig.oom_kills < st->oom_killed)
        fig.oom_kills = st->oom_killed;
    row->cgroup_peak = fig.peak;
    row->oom_kills = fig.oom_kills;
    if (fig.peak == HL_CGROUP_NONE || fig.peak > HL_SITE_MAX_BYTES)
        row->empty |= HL_EMPTY(HL_SITE_cgroup_peak);
    if (fig.oom_kills == HL_CGROUP_NONE)
        row->empty |= HL_EMPTY(HL_SITE_oom_kills);
}

/* The node's ranks, sorted; NULL when Slurm does not say them. */
static uint32_t *_ranks(spank_t sp, const struct hl_node_step *st)
{
    uint32_t *ranks =
        calloc(st->local_tasks ? st->local_tasks : 1, sizeof(*ranks));
    uint32_t offset = st->rank_offset
                          ? __atomic_load_n(st->rank_offset, __ATOMIC_RELAXED)
                          : 0;

    if (offset == HL_RANK_OFFSET_UNKNOWN)
        offset = 0;
    for (uint32_t i = 0; ranks && i < st->local_tasks; i++) {
        uint32_t global = 0;

        if (spank_get_item(sp, S_JOB_LOCAL_TO_GLOBAL_ID, i, &global) !=
            ESPANK_SUCCESS) {
            free(ranks);
            return NULL;
        }
        ranks[i] = global + offset;
        for (uint32_t j = i; j > 0 && ranks[j - 1] > ranks[j]; j--) {
            uint32_t t = ranks[j];

            ranks[j] = ranks[j - 1];
            ranks[j - 1] = t;
        }
    }
    return ranks;
}

/* Where the step's processes ran: from this slurmstepd's start to now, on
 * a node of this much memory. Nothing is plausible when /proc does not
 * say the start. */
static struct hl_site_span _span(void)
{
    struct timespec now;
    int64_t elapsed = _elapsed_ms();
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    struct hl_site_span span = {0, -1, 0};

    if (elapsed < 0 || pages <= 0 || page <= 0 ||
        clock_gettime(CLOCK_REALTIME, &now) < 0)
        return span;
    span.to_ms = (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
    span.from_ms = span.to_ms - elapsed;
    span.max_rss = (uint64_t)pages > HL_SITE_MAX_BYTES / (uint64_t)page
                       ? HL_SITE_MAX_BYTES
                       : (uint64_t)pages * (uint64_t)page;
    return span;
}

/* The user's word: their records' VmHWM and timelines, read with their
 * rights where the tasks wrote them. */
static void _read_records(spank_t sp, const struct hl_node_step *st)
{
    gid_t *gids = NULL;
    int ngids = 0;
    int dirfd = st->per_node ? st->local_fd : st->dirfd;
    uint32_t *ranks = dirfd >= 0 ? _ranks(sp, st) : NULL;
    struct hl_site_span span = _span();
    struct hl_user user;

    if (!ranks)
        return;
    if (spank_get_item(sp, S_JOB_SUPPLEMENTARY_GIDS, &gids, &ngids) ==
        ESPANK_SUCCESS) {
        user = (struct hl_user){st->uid, st->gid, gids, ngids};
        _records_read =
            hl_site_records_read(&user, dirfd, ranks, st->local_tasks, &span,
                                 HL_SITE_TIMEOUT_MS, &_records) == 0;
    }
    free(ranks);
}

/* Problems of the site folder are the administrator's: they go to the
 * slurmd log only (slurm_info), never to the user's srun. The line goes
 * in the columns of the file: all of them, or, in a file begun by an
 * older plugin, without the optional ones that came later. */
static void _append(const struct hl_plugin_args *cfg,
                    const struct hl_site_row *row)
{
    struct hl_site_forms forms;
    char name[300];
    int err;

    if (hl_site_file_name(row->host, row->end, name, sizeof(name)) < 0) {
        slurm_info("heapline: site folder %s: no file name for node %s",
                   cfg->site, row->host);
        return;
    }
    err = hl_site_line_forms(row, &forms) < 0
              ? HL_SITE_TOO_LONG
              : hl_site_append(cfg->site, name, forms.text, HL_SITE_FORMS,
                               HL_SITE_TIMEOUT_MS);
    if (err)
        slurm_info("heapline: site folder %s: cannot append to %s: %s",
                   cfg->site, name, hl_site_append_strerror(err));
}

void hl_site_task_records(spank_t sp, const struct hl_plugin_args *cfg,
                          const struct hl_node_step *st)
{
    if (cfg->site[0] && st->active && ++_ended == st->local_tasks)
        _read_records(sp, st);
}

void hl_site_task_exit(spank_t sp, const struct hl_plugin_args *cfg,
                       const struct hl_node_step *st)
{
    char user[HL_SITE_MAX_TEXT + 1], account[HL_SITE_MAX_TEXT + 1],
        partition[HL_SITE_MAX_TEXT + 1], job_name[HL_SITE_MAX_TEXT + 1];
    struct hl_site_row row = {0};
    uint32_t job = 0, step = 0;
    int64_t elapsed;

    if (!cfg->site[0] || !st->active || _ended != st->local_tasks)
        return;
    if (spank_get_item(sp, S_JOB_ID, &job) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_JOB_STEPID, &step) != ESPANK_SUCCESS) {
        slurm_info("heapline: site folder %s: no job or step id", cfg->site);
        return;
    }
    elapsed = _elapsed_ms();
    _user_name(st->uid, user, sizeof(user));
    _env(sp, "SLURM_JOB_ACCOUNT", account, sizeof(account));
    _env(sp, "SLURM_JOB_PARTITION", partition, sizeof(partition));
    _env(sp, "SLURM_JOB_NAME", job_name, sizeof(job_name));
    row.end = (int64_t)time(NULL);
    row.host = st->node;
    row.job = job;
    row.step = step;
    row.uid = st->uid;
    row.user = user;
    row.account = account;
    row.partition = partition;
    row.job_name = job_name;
    row.tasks = st->local_tasks;
    row.elapsed = elapsed < 0 ? 0 : elapsed;
    _request(sp, &row);
    _cgroup(st, &row);
    hl_site_records_put(_records_read ? &_records : NULL, &row);
    _append(cfg, &row);
}
