/*
 * The node's share of a step in one file (layout=node), in slurmstepd:
 * each task's exit row kept as the task ends, then everything merged as
 * the user once the node's last task has ended (merge.h), or at the
 * step's end on the node if some task's end was never seen.
 */
#ifndef HL_SPANK_NODE_MERGE_H
#define HL_SPANK_NODE_MERGE_H

#include "as_user.h"
#include "node_step.h"

/* Keeps a task's exit row (values and newline) for the merged file. */
void hl_node_merge_note_exit(struct hl_node_step *st, uint32_t task, pid_t pid,
                             const char *row);

/*
 * Merges the node's records, the exit rows kept and node_row (the node
 * file's values, or NULL without a memory cgroup) into node-NAME.heapline
 * in the step folder, in a child that becomes user, within a bounded
 * time. A failure is one line on srun's standard error and in the slurmd
 * log, naming the folder where the records stay.
 */
void hl_node_merge_run(struct hl_node_step *st, const struct hl_user *user,
                       const char *node_row);

/*
 * The node-local folders of earlier steps of the user on this node whose
 * slurmstepd died before their merge (orphans.h): merged into their step
 * folders, or removed, in a child that becomes the user, within a bounded
 * time. A merged one says so in its file's missing column.
 */
void hl_node_merge_orphans(const struct hl_node_step *st,
                           const struct hl_user *user);

#endif
