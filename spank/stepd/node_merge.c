/* The node's share of a step in one file (see node_merge.h). */
#include "node_merge.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "orphans.h"

/*
 * How long the merge may take: it reads the node's records from a local
 * folder and writes one file to the shared file system, whose hang it
 * must not pass on to the step's end for longer than this.
 */
#define HL_MERGE_TIMEOUT_MS 10000

void hl_node_merge_note_exit(struct hl_node_step *st, uint32_t task, pid_t pid,
                             const char *row)
{
    size_t len = strlen(row);
    struct hl_merge_task *tasks;

    if (st->exit_len + len + 1 > st->exit_cap) {
        size_t cap = st->exit_cap ? st->exit_cap * 2 : 4096;
        char *rows;

        while (cap < st->exit_len + len + 1)
            cap *= 2;
        if (!(rows = realloc(st->exit_rows, cap)))
            return;
        st->exit_rows = rows;
        st->exit_cap = cap;
    }
    tasks = realloc(st->exit_tasks, (st->nexit_tasks + 1) * sizeof(*tasks));
    if (!tasks)
        return;
    st->exit_tasks = tasks;
    st->exit_tasks[st->nexit_tasks++] =
        (struct hl_merge_task){task, (uint32_t)pid};
    memcpy(st->exit_rows + st->exit_len, row, len + 1);
    st->exit_len += len;
}

struct _job {
    const struct hl_node_step *st;
    const struct hl_merge_in *in;
    const char *name;
};

static int _merge(void *arg)
{
    const struct _job *j = arg;

    return hl_merge_node(j->st->local_fd, j->st->local_path, j->st->dirfd,
                         j->name, j->in);
}

void hl_node_merge_run(struct hl_node_step *st, const struct hl_user *user,
                       const char *node_row)
{
    char name[300];
    struct hl_merge_in in = {
        .node = st->node,
        .tasks = st->local_tasks,
        .exit_rows = st->exit_rows ? st->exit_rows : "",
        .ended = st->exit_tasks,
        .nended = st->nexit_tasks,
        .node_row = node_row,
    };
    struct _job job = {st, &in, name};
    int keep[2] = {st->dirfd, st->local_fd}, err;

    if (!st->per_node || st->merged)
        return;
    st->merged = true;
    if (hl_merge_name(st->node, name, sizeof(name)) < 0)
        return;
    err = hl_as_user_run(user, _merge, &job, keep, 2, HL_MERGE_TIMEOUT_MS);
    if (err)
        slurm_error("heapline: step %s on %s: cannot write %s/%s: %s "
                    "(the node's records stay in %s)",
                    st->name, st->node, st->path, name,
                    hl_as_user_strerror(err), st->local_path);
}

struct _sweep {
    char base[PATH_MAX];
    const char *own, *node;
};

static int _sweep(void *arg)
{
    const struct _sweep *s = arg;
    size_t removed;

    hl_orphans_sweep(s->base, s->node, s->own, &removed);
    return 0;
}

void hl_node_merge_orphans(const struct hl_node_step *st,
                           const struct hl_user *user)
{
    struct _sweep s = {.node = st->node};
    char *slash;
    int err;

    if (!st->per_node)
        return;
    snprintf(s.base, sizeof(s.base), "%s", st->local_path);
    slash = strrchr(s.base, '/');
    if (!slash || slash == s.base)
        return;
    *slash = '\0';
    s.own = slash + 1;
    err = hl_as_user_run(user, _sweep, &s, NULL, 0, HL_MERGE_TIMEOUT_MS);
    if (err)
        slurm_error("heapline: step %s on %s: the node-local folders of "
                    "earlier steps in %s not looked at: %s",
                    st->name, st->node, s.base, hl_as_user_strerror(err));
}
