/* Injecting the library into a task (see task_env.h). */
#include "task_env.h"

#include <stdio.h>
#include <unistd.h>

#include "preload.h"

/* Room for the user's own LD_PRELOAD; longer lists are left alone. */
#define HL_PRELOAD_MAX 8192

/* One line per node, not per task, from its first task. */
static void _explain(spank_t sp, const struct hl_node_step *st, const char *why)
{
    int local_id = -1;

    if (spank_get_item(sp, S_TASK_ID, &local_id) != ESPANK_SUCCESS ||
        local_id != 0)
        return;
    if (st->why[0])
        slurm_error("heapline: no record of step %s on %s: %s", st->name,
                    st->node, why);
    else
        slurm_error("heapline: step %s on %s: %s; one file per task in the "
                    "step folder instead",
                    st->name, st->node, why);
}

static int _set_preload(spank_t sp, const struct hl_plugin_args *cfg)
{
    char old[HL_PRELOAD_MAX] = "", value[HL_PRELOAD_MAX];
    spank_err_t rc = spank_getenv(sp, "LD_PRELOAD", old, sizeof(old));

    if (rc != ESPANK_SUCCESS && rc != ESPANK_ENV_NOEXIST)
        return -1;
    if (hl_preload_compose(cfg->lib, old, value, sizeof(value)) < 0)
        return -1;
    return spank_setenv(sp, "LD_PRELOAD", value, 1) == ESPANK_SUCCESS ? 0 : -1;
}

/* A variable set to value unless the user set it: the user's own wins. */
static int _set_default(spank_t sp, const char *name, const char *value)
{
    spank_err_t rc = spank_setenv(sp, name, value, 0);

    return (rc == ESPANK_SUCCESS || rc == ESPANK_ENV_EXISTS) ? 0 : -1;
}

/* A user's own HEAPLINE_QUIET and HEAPLINE_SITES win over the site's
 * quiet= and sites=. sites=off sets HEAPLINE_SITES=0, since the library's
 * own default is on. */
static int _set_record_env(spank_t sp, const struct hl_plugin_args *cfg,
                           const char *output)
{
    if (spank_setenv(sp, "HEAPLINE_OUTPUT", output, 1) != ESPANK_SUCCESS)
        return -1;
    if (cfg->quiet && _set_default(sp, "HEAPLINE_QUIET", "1") < 0)
        return -1;
    if (_set_default(sp, "HEAPLINE_SITES", cfg->callsites ? "1" : "0") < 0)
        return -1;
    return 0;
}

/*
 * Only the task sees its rank in a heterogeneous step (SLURM_PROCID, from
 * slurmstepd's het_job_task_offset); slurmstepd's task_exit reads the
 * offset from the page it shares with its tasks.
 */
static void _note_rank_offset(spank_t sp, const struct hl_node_step *st)
{
    char buf[16];
    uint32_t rank, gtid;

    if (!st->rank_offset ||
        spank_getenv(sp, "SLURM_PROCID", buf, sizeof(buf)) != ESPANK_SUCCESS ||
        hl_parse_id(buf, &rank) < 0 ||
        spank_get_item(sp, S_TASK_GLOBAL_ID, &gtid) != ESPANK_SUCCESS ||
        rank < gtid)
        return;
    __atomic_store_n(st->rank_offset, rank - gtid, __ATOMIC_RELAXED);
}

void hl_task_env_setup(spank_t sp, const struct hl_plugin_args *cfg,
                       const struct hl_node_step *st)
{
    char output[PATH_MAX + sizeof(HL_RECORD_PATTERN) + 1];

    if (!st->active)
        return;
    _note_rank_offset(sp, st);
    if (st->why[0]) {
        _explain(sp, st, st->why);
        return;
    }
    if (getuid() != st->uid) {
        _explain(sp, st, "the task does not run as the job's user");
        return;
    }
    if (st->local_why[0])
        _explain(sp, st, st->local_why);
    snprintf(output, sizeof(output), "%s/%s",
             st->per_node ? st->local_path : st->path, HL_RECORD_PATTERN);
    if (_set_record_env(sp, cfg, output) < 0 || _set_preload(sp, cfg) < 0) {
        spank_unsetenv(sp, "HEAPLINE_OUTPUT");
        _explain(sp, st,
                 "cannot set the task's environment (LD_PRELOAD "
                 "too long?)");
    }
}
