/*
 * layout=node when a node's slurmstepd dies before its merge (killed,
 * crashed): its node-local folder, records included, would stay in the
 * node's TmpFS for good and its node file would never reach the step
 * folder. So each live slurmstepd holds a lock on its node-local folder
 * (released by the kernel however it ends) and names its step folder in
 * the folder's .step file; the end of a later step of the same user on the
 * node merges each unlocked folder it finds into the step folder it names,
 * or removes it when that cannot be done.
 */
#ifndef HL_SPANK_ORPHANS_H
#define HL_SPANK_ORPHANS_H

#include <stddef.h>

/* The file in a node-local folder that names its step folder. */
#define HL_ORPHAN_STEP_FILE ".step"

/*
 * Marks the node-local folder local_fd as in use for as long as the
 * calling process lives (a lock), and writes step_path into its .step
 * file. Returns 0 or an errno value.
 */
int hl_orphan_guard(int local_fd, const char *step_path);

/*
 * In the folder base (the node's TmpFS), each folder heapline-*.NODE but
 * own (a name) that belongs to the calling user, is no link and whose
 * slurmstepd is gone (not locked): merged into node-NODE.heapline of the
 * step folder its .step file names (hl_merge_node, the missing column
 * saying so), if that folder can be opened as a step folder of the user's
 * and has no such file yet; else removed. For a child that has become the
 * user (hl_as_user_run): no stdio, no lock held. Returns the number of
 * folders merged, and of those removed in *removed.
 */
int hl_orphans_sweep(const char *base, const char *node, const char *own,
                     size_t *removed);

#endif
