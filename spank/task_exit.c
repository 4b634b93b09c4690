/* Recording how a task ended (see task_exit.h). */
#include "task_exit.h"

#include <string.h>

#include "as_user.h"
#include "exit_record.h"

void hl_task_exit_record(spank_t sp, const struct hl_node_step *st)
{
    char name[64], text[512];
    int wstatus = 0, ngids = 0;
    uint32_t task = 0;
    pid_t pid = 0;
    gid_t *gids = NULL;
    struct hl_user user;
    int err;

    if (!st->active || st->why[0])
        return;
    if (spank_get_item(sp, S_TASK_EXIT_STATUS, &wstatus) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_TASK_GLOBAL_ID, &task) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_TASK_PID, &pid) != ESPANK_SUCCESS ||
        spank_get_item(sp, S_JOB_SUPPLEMENTARY_GIDS, &gids, &ngids) !=
            ESPANK_SUCCESS) {
        slurm_error("heapline: step %u.%u: no exit status of a task", st->job,
                    st->step);
        return;
    }
    if (hl_exit_record_name(task, name, sizeof(name)) < 0 ||
        hl_exit_record_format(task, st->node, pid, wstatus, text,
                              sizeof(text)) < 0)
        return;
    user = (struct hl_user){st->uid, st->gid, gids, ngids};
    err = hl_write_as_user(&user, st->path, name, text);
    if (err)
        slurm_error("heapline: cannot write %s/%s: %s", st->path, name,
                    strerror(err));
}
