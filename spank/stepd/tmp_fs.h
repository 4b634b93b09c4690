/* The node's TmpFS, as slurmstepd knows it from slurm.conf. */
#ifndef HL_SPANK_TMP_FS_H
#define HL_SPANK_TMP_FS_H

#include <stddef.h>

/*
 * Writes slurm.conf's TmpFS for node, its %n and %h expanded as slurmd
 * expands them, asked of the libslurm that slurmstepd has loaded; Slurm's
 * own default, /tmp, when that cannot be asked. Returns 0, or -1 when it
 * does not fit in out.
 */
int hl_tmp_fs(const char *node, char *out, size_t size);

#endif
