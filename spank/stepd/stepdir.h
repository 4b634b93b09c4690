/*
 * The step folder, DIR/heapline-JOB.STEP, that holds a step's records,
 * its task exit files and its report. It is made and opened with the
 * rights of the process that calls these functions, which must be the
 * job's user, and reached from "/" one component at a time, so that no
 * other user can redirect it (doc/admin.md, "Security model").
 */
#ifndef HL_SPANK_STEPDIR_H
#define HL_SPANK_STEPDIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * Writes the absolute step folder path: base (already expanded) taken
 * relative to cwd unless absolute, then heapline-NAME, NAME being the
 * step's name (hl_step_name). -1 if too long.
 */
int hl_stepdir_path(const char *base, const char *cwd, const char *name,
                    char *out, size_t out_size);

/*
 * The step folder of the step named name for the folder pattern in force
 * (%j standing for job), taken from the current directory if relative
 * (the job's working directory, in slurmstepd and in srun alike). -1 with
 * a reason in why.
 */
int hl_stepdir_locate(const char *pattern, uint32_t job, uint32_t step,
                      const char *name, uid_t uid, char *out, size_t out_size,
                      char *why, size_t why_size);

/*
 * The length of the site folder that an absolute pattern names: its
 * leading components without a % letter ("/scratch/hl" for
 * "/scratch/hl/%u"). Several users share it, so it is never made by a
 * job (see hl_stepdir_open). 0 for a relative pattern.
 */
size_t hl_stepdir_site_len(const char *pattern);

/*
 * Opens the step folder path (absolute) from "/", one component at a
 * time, never through a symbolic link. Every component above the folder
 * must belong to root or uid, and must not be writable by others unless
 * sticky (like /tmp); the folder itself must belong to uid and not be
 * writable by others. With make, missing components are made like mkdir
 * -p (0777 less the umask; the folder 0755), except within the first
 * site_len bytes of path, the site folder, which must exist. Several
 * tasks and nodes may race to make it. Returns a descriptor of the folder
 * (O_CLOEXEC), or -1 with errno set and a reason naming the refused
 * component in why.
 */
int hl_stepdir_open(const char *path, size_t site_len, bool make, uid_t uid,
                    char *why, size_t why_size);

#endif
