/* Running the report at the end of a step, in srun (see step_end.h). */
#include "step_end.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "job_memory.h"
#include "stepd/node_step.h"
#include "run_report.h"
#include "step_rss.h"
#include "shared/step_ids.h"
#include "stepd/stepdir.h"

#define HL_REPORT_FILE "report.txt"
#define HL_REPORT_PAGE "report.html"

/*
 * Slurm's "no uid given" (SLURM_AUTH_NOBODY, not in its public headers):
 * what srun's S_JOB_UID says on 26.05, whose srun has no --uid; the user
 * is then srun's own.
 */
#define HL_SLURM_NO_UID 99

static struct {
    bool pending;
    struct hl_step_id id;
    char name[48]; /* "81_2.0": the folder's, and sacct's name of the step */
    uid_t uid;
    char path[PATH_MAX];
    char mem_option[32]; /* --mem or --mem-per-cpu, empty if unknown */
    char mem_value[32];  /* in MB, as Slurm writes it: 1024M */
} _step;

void hl_step_end_prepare(spank_t sp, const struct hl_plugin_args *cfg,
                         const struct hl_request *req)
{
    char why[PATH_MAX + 128];
    uint32_t job;
    bool het;

    memset(&_step, 0, sizeof(_step));
    if (!cfg->run_report || !hl_request_enabled(req, cfg))
        return;
    if (hl_step_ids_read(sp, &_step.id, &het) < 0 ||
        spank_get_item(sp, S_JOB_ID, &job) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_JOB_UID, &_step.uid) != ESPANK_SUCCESS)
        return;
    if (_step.uid == HL_SLURM_NO_UID)
        _step.uid = getuid();
    /* srun runs as the user; anything else must not touch the files. */
    if (!hl_is_srun_step(_step.id.step) || getuid() != _step.uid ||
        geteuid() != _step.uid)
        return;
    hl_step_name(&_step.id, _step.name, sizeof(_step.name));
    if (hl_stepdir_locate(hl_request_dir(req, cfg), _step.id.job, _step.id.step,
                          _step.name, _step.uid, _step.path, sizeof(_step.path),
                          why, sizeof(why)) < 0) {
        slurm_error("heapline: no report of step %s: %s", _step.name, why);
        return;
    }
    if (hl_job_memory(job, _step.mem_option, sizeof(_step.mem_option),
                      _step.mem_value, sizeof(_step.mem_value)) < 0)
        _step.mem_option[0] = '\0';
    _step.pending = true;
}

/*
 * What sacct knows of the step, for the report's --sacct: asked of
 * slurmdbd here, in srun, within sacct_wait= (the row reaches it a moment
 * after the step's end); where srun's libslurm cannot ask, the report asks
 * sacct itself within the same time. With sacct_wait=0, not asked: the
 * report says how to ask later.
 */
static int _sacct_args(const struct hl_plugin_args *cfg, char **argv,
                       char *sacct, size_t sacct_size, char *timeout,
                       size_t timeout_size)
{
    char row[256];
    enum hl_step_rss_answer a;
    int argc = 0;

    if (cfg->sacct_wait_s == 0) {
        argv[argc++] = "--sacct=later";
        return argc;
    }
    snprintf(timeout, timeout_size, "--slurm-timeout=%u", cfg->sacct_wait_s);
    argv[argc++] = timeout;
    a = hl_step_rss(_step.id.job, _step.id.step, _step.name,
                    cfg->sacct_wait_s * 1000, row, sizeof(row));
    if (a == HL_STEP_RSS_NO_API)
        return argc;
    snprintf(sacct, sacct_size, "--sacct=%s",
             a == HL_STEP_RSS_ROW ? row : hl_step_rss_word(a));
    argv[argc++] = sacct;
    return argc;
}

void hl_step_end_report(const struct hl_plugin_args *cfg)
{
    char why[PATH_MAX + 128], sacct[300], timeout[40];
    char *argv[12];
    struct hl_report_files files = {HL_REPORT_FILE, HL_REPORT_PAGE, false};
    int argc = 0, dfd, rc;

    if (!_step.pending)
        return;
    _step.pending = false;
    dfd = hl_stepdir_open(_step.path, 0, false, _step.uid, why, sizeof(why));
    if (dfd < 0) {
        /* No folder: the tasks never started, or each node said why. */
        if (errno != ENOENT)
            slurm_error("heapline: no report of step %s: %s", _step.name, why);
        return;
    }
    argv[argc++] = (char *)cfg->report;
    if (_step.mem_option[0]) {
        argv[argc++] = _step.mem_option;
        argv[argc++] = _step.mem_value;
    }
    argv[argc++] = "--job";
    argv[argc++] = _step.name;
    argv[argc++] = "--html=" HL_REPORT_PAGE_PATH;
    argc += _sacct_args(cfg, argv + argc, sacct, sizeof(sacct), timeout,
                        sizeof(timeout));
    argv[argc++] = _step.path;
    argv[argc] = NULL;
    fflush(stderr);
    rc = hl_run_report(argv, dfd, &files, cfg->timeout_s, STDERR_FILENO, why,
                       sizeof(why));
    if (rc < 0)
        slurm_error("heapline: no report of step %s: %s (records in %s)",
                    _step.name, why, _step.path);
    else if (rc == 1)
        slurm_error("heapline: the report of step %s is partial: %s exited "
                    "with status 1, some inputs skipped (named above)",
                    _step.name, cfg->report);
    /* The last line, where a user looks once the report has scrolled by. */
    if (rc >= 0 && files.page_kept)
        fprintf(stderr, "HTML page with charts: %s/%s\n", _step.path,
                HL_REPORT_PAGE);
    close(dfd);
}
