/* The job's memory request (see job_memory.h). */
#define _GNU_SOURCE
#include "job_memory.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "slurm_compat.h"

/* Their types as the headers built against declare them: srun's. */
typedef __typeof__(slurm_load_job) *_load_job_fn;
typedef __typeof__(slurm_free_job_info_msg) *_free_msg_fn;

static int _write(uint64_t mb, int per_cpu, char *option, size_t option_size,
                  char *value, size_t value_size)
{
    if (mb == 0)
        return -1;
    snprintf(option, option_size, "%s", per_cpu ? "--mem-per-cpu" : "--mem");
    snprintf(value, value_size, "%lluM", (unsigned long long)mb);
    return 0;
}

/*
 * The symbols are looked up, not linked: they are srun's own libslurm's
 * (libslurmfull on Debian), and a second libslurm in srun would not share
 * its configuration.
 */
static int _from_api(uint32_t job, char *option, size_t option_size,
                     char *value, size_t value_size)
{
    _load_job_fn load = (_load_job_fn)dlsym(RTLD_DEFAULT, "slurm_load_job");
    _free_msg_fn release =
        (_free_msg_fn)dlsym(RTLD_DEFAULT, "slurm_free_job_info_msg");
    job_info_msg_t *msg = NULL;
    uint64_t mem;
    int rc = -1;

    if (!load || !release ||
        load(&msg, hl_slurm_job_ref(job), SHOW_DETAIL) != 0 || !msg)
        return -1;
    if (msg->record_count >= 1) {
        mem = msg->job_array[0].pn_min_memory;
        if (mem != NO_VAL64)
            rc = _write(mem & ~MEM_PER_CPU, (mem & MEM_PER_CPU) != 0, option,
                        option_size, value, value_size);
    }
    release(msg);
    return rc;
}

static int _from_env(char *option, size_t option_size, char *value,
                     size_t value_size)
{
    static const char *const vars[] = {"SLURM_MEM_PER_NODE",
                                       "SLURM_MEM_PER_CPU"};

    for (int i = 0; i < 2; i++) {
        const char *v = getenv(vars[i]);
        char *end;
        unsigned long long mb;

        if (!v || v[0] < '0' || v[0] > '9')
            continue;
        mb = strtoull(v, &end, 10);
        if (*end == '\0' &&
            _write(mb, i == 1, option, option_size, value, value_size) == 0)
            return 0;
    }
    return -1;
}

int hl_job_memory(uint32_t job, char *option, size_t option_size, char *value,
                  size_t value_size)
{
    if (_from_api(job, option, option_size, value, value_size) == 0)
        return 0;
    return _from_env(option, option_size, value, value_size);
}
