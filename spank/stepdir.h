/*
 * The step folder, DIR/heapline-JOB.STEP, that holds a step's records,
 * its task exit files and its report. It is made with the rights of the
 * process that calls these functions, which must be the job's user.
 */
#ifndef HL_SPANK_STEPDIR_H
#define HL_SPANK_STEPDIR_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/*
 * Writes the absolute step folder path: base (already expanded) taken
 * relative to cwd unless absolute, then heapline-JOB.STEP. -1 if too long.
 */
int hl_stepdir_path(const char *base, const char *cwd, uint32_t job,
                    uint32_t step, char *out, size_t out_size);

/*
 * The step folder of job.step for the folder pattern in force, taken from
 * the current directory if relative (the job's working directory, in
 * slurmstepd and in srun alike). -1 with a reason in why.
 */
int hl_stepdir_locate(const char *pattern, uint32_t job, uint32_t step,
                      uid_t uid, char *out, size_t out_size, char *why,
                      size_t why_size);

/*
 * Creates the step folder (mode 0755 less the umask) and any missing
 * parents (0777 less the umask, like mkdir -p). Several tasks may race to
 * create it. The folder itself must end up a real folder owned by uid, not
 * a symlink, and not writable by others. Returns 0, or an errno value with a
 * reason in why.
 */
int hl_stepdir_make(const char *path, uid_t uid, char *why, size_t why_size);

/*
 * Opens an existing step folder for openat() after the same checks.
 * Returns a descriptor, or -1 with errno set and a reason in why.
 */
int hl_stepdir_open(const char *path, uid_t uid, char *why, size_t why_size);

#endif
