/* Running the report at the end of a step, in srun (see step_end.h). */
#include "step_end.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "job_memory.h"
#include "node_step.h"
#include "run_report.h"
#include "stepdir.h"

#define HL_REPORT_FILE "report.txt"

static struct {
    bool pending;
    uint32_t job, step;
    uid_t uid;
    char path[PATH_MAX];
    char mem_option[32]; /* --mem or --mem-per-cpu, empty if unknown */
    char mem_value[32];  /* in MB, as Slurm writes it: 1024M */
} _step;

void hl_step_end_prepare(spank_t sp, const struct hl_plugin_args *cfg,
                         const struct hl_request *req)
{
    char why[PATH_MAX + 128];

    memset(&_step, 0, sizeof(_step));
    if (!cfg->run_report || !hl_request_enabled(req, cfg))
        return;
    if (spank_get_item(sp, S_JOB_ID, &_step.job) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_JOB_STEPID, &_step.step) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_JOB_UID, &_step.uid) != ESPANK_SUCCESS)
        return;
    /* srun runs as the user; anything else must not touch the files. */
    if (!hl_is_srun_step(_step.step) || getuid() != _step.uid ||
        geteuid() != _step.uid)
        return;
    if (hl_stepdir_locate(hl_request_dir(req, cfg), _step.job, _step.step,
                          _step.uid, _step.path, sizeof(_step.path), why,
                          sizeof(why)) < 0) {
        slurm_error("heapline: no report of step %u.%u: %s", _step.job,
                    _step.step, why);
        return;
    }
    if (hl_job_memory(_step.job, _step.mem_option, sizeof(_step.mem_option),
                      _step.mem_value, sizeof(_step.mem_value)) < 0)
        _step.mem_option[0] = '\0';
    _step.pending = true;
}

void hl_step_end_report(const struct hl_plugin_args *cfg)
{
    char jobstep[32], why[PATH_MAX + 128];
    char *argv[8];
    int argc = 0, dfd;

    if (!_step.pending)
        return;
    _step.pending = false;
    dfd = hl_stepdir_open(_step.path, _step.uid, why, sizeof(why));
    if (dfd < 0) {
        /* No folder: the tasks never started, or each node said why. */
        if (errno != ENOENT)
            slurm_error("heapline: no report of step %u.%u: %s", _step.job,
                        _step.step, why);
        return;
    }
    snprintf(jobstep, sizeof(jobstep), "%u.%u", _step.job, _step.step);
    argv[argc++] = (char *)cfg->report;
    if (_step.mem_option[0]) {
        argv[argc++] = _step.mem_option;
        argv[argc++] = _step.mem_value;
    }
    argv[argc++] = "--job";
    argv[argc++] = jobstep;
    argv[argc++] = _step.path;
    argv[argc] = NULL;
    fflush(stderr);
    if (hl_run_report(argv, dfd, HL_REPORT_FILE, cfg->timeout_s, why,
                      sizeof(why)) >= 0)
        hl_copy_file(dfd, HL_REPORT_FILE, STDERR_FILENO);
    else
        slurm_error("heapline: no report of step %s: %s (records in %s)",
                    jobstep, why, _step.path);
    close(dfd);
}
