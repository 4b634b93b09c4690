/*
 * One file per node: the records that a node's tasks wrote in a
 * node-local folder, their exit rows and the node's figures, merged into
 * node-NAME.heapline in the step folder (common/merged_format.h), so that
 * the shared file system sees one file per node and step.
 */
#ifndef HL_SPANK_MERGE_H
#define HL_SPANK_MERGE_H

#include <stddef.h>
#include <stdint.h>

/* The largest record file taken: a record is a few hundred bytes, tens of
 * KiB with allocation sites. */
#define HL_MERGE_FILE_MAX (1u << 20)

/* A task whose end slurmstepd saw: its rank and first process. */
struct hl_merge_task {
    uint32_t task;
    uint32_t pid;
};

struct hl_merge_in {
    const char *node;      /* Slurm's name of the node */
    uint32_t tasks;        /* the step's tasks on the node */
    const char *exit_rows; /* their exit rows, values only, each ending in a
                              newline (exit_format.h); "" for none */
    const struct hl_merge_task *ended; /* the tasks of those rows */
    size_t nended;
    const char *node_row; /* the node file's row, values only with its
                             newline (node_format.h), or NULL */
    const char *note;     /* said first in the missing column, or NULL */
};

/* The merged file's name for a node: "node-NAME.heapline"; -1 if too long. */
int hl_merge_name(const char *node, char *out, size_t size);

/*
 * Writes the merged node file name into the step folder step_fd, from the
 * records in the node-local folder local_fd and from in, then removes the
 * node-local folder (local_path) and what it holds.
 * The file is written as .NAME.tmp and renamed when whole; a node-local
 * file is read only if it is a regular file, opened without following a
 * link or blocking, and at most HL_MERGE_FILE_MAX bytes; one that is not
 * a whole record (empty, cut short by a full file system, not ours) is
 * left out and named in the merged file's missing column, with each task
 * that left no record. Meant for a child process that has become the
 * user: it uses no stdio and no lock. Returns 0, or an errno value (or
 * one of as_user.h's HL_AS_USER_*) when the merged file could not be
 * written; the node-local files are then kept.
 */
int hl_merge_node(int local_fd, const char *local_path, int step_fd,
                  const char *name, const struct hl_merge_in *in);

/* Removes what the folder dirfd holds (not its subfolders). */
void hl_merge_clear(int dirfd);

#endif
