#include "scontrol.h"

#include <stdio.h>
#include <string.h>

#include "decimal.h"
#include "shared/slurm_size.h"

/* The value of " KEY=" in out (KEY at the start or after a space), with its
 * length; NULL when absent. */
static const char *_value(const char *out, const char *key, size_t *len)
{
    size_t klen = strlen(key);

    for (const char *p = strstr(out, key); p; p = strstr(p + 1, key)) {
        if (p != out && p[-1] != ' ' && p[-1] != '\n')
            continue;
        *len = strcspn(p + klen, " \n");
        return p + klen;
    }
    return NULL;
}

int hl_scontrol_parse_request(const char *out, struct hl_scontrol_request *req)
{
    const char *v;
    size_t len;
    uint64_t cpus;

    req->per_cpu = false;
    v = _value(out, "MinMemoryNode=", &len);
    if (!v) {
        req->per_cpu = true;
        v = _value(out, "MinMemoryCPU=", &len);
    }
    /* 0 means "all of the node's memory" (--mem=0, or no request and no
     * default): the caller finds each node's RealMemory. */
    if (!v || hl_parse_slurm_figure(v, len, 20, &req->bytes) < 0)
        return -1;
    req->cpus_per_task = 1;
    v = _value(out, "CPUs/Task=", &len);
    if (v && hl_parse_u64(v, len, &cpus) == 0 && cpus > 0 && cpus < 65536)
        req->cpus_per_task = (uint32_t)cpus;
    return 0;
}

void hl_scontrol_argv(const char *job, char id[64], char *argv[6])
{
    snprintf(id, 64, "%.*s", (int)strcspn(job, "."), job);
    argv[0] = "scontrol";
    argv[1] = "show";
    argv[2] = "job";
    argv[3] = "-o";
    argv[4] = id;
    argv[5] = NULL;
}
