#include "scontrol.h"

#include <string.h>

#include "decimal.h"
#include "run_cmd.h"
#include "slurm_size.h"

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
    /* 0 means "all of the node's memory": not a figure to compare with. */
    if (!v || hl_parse_slurm_figure(v, len, 20, &req->bytes) < 0 ||
        req->bytes == 0)
        return -1;
    req->cpus_per_task = 1;
    v = _value(out, "CPUs/Task=", &len);
    if (v && hl_parse_u64(v, len, &cpus) == 0 && cpus > 0 && cpus < 65536)
        req->cpus_per_task = (uint32_t)cpus;
    return 0;
}

int hl_scontrol_request(const char *job, int timeout_ms,
                        struct hl_scontrol_request *req)
{
    char id[64], out[16384];
    char *argv[] = {"scontrol", "show", "job", "-o", id, NULL};
    size_t len = strcspn(job, ".");

    if (len >= sizeof(id))
        return -1;
    memcpy(id, job, len);
    id[len] = '\0';
    if (hl_run_capture(argv, timeout_ms, out, sizeof(out), &len) != 0)
        return -1;
    return hl_scontrol_parse_request(out, req);
}
