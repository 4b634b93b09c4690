#include "scontrol.h"

#include <string.h>

#include "run_cmd.h"
#include "slurm_size.h"

int hl_scontrol_parse_request(const char *out, uint64_t *bytes, bool *per_cpu)
{
    static const struct {
        const char *key;
        bool per_cpu;
    } keys[] = {{"MinMemoryNode=", false}, {"MinMemoryCPU=", true}};

    for (size_t k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
        size_t klen = strlen(keys[k].key);

        for (const char *p = strstr(out, keys[k].key); p;
             p = strstr(p + 1, keys[k].key)) {
            const char *v = p + klen;

            if (p != out && p[-1] != ' ' && p[-1] != '\n')
                continue;
            if (hl_parse_slurm_figure(v, strcspn(v, " \n"), 20, bytes) == 0 &&
                *bytes > 0) {
                *per_cpu = keys[k].per_cpu;
                return 0;
            }
        }
    }
    return -1;
}

int hl_scontrol_request(const char *job, int timeout_ms, uint64_t *bytes,
                        bool *per_cpu)
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
    return hl_scontrol_parse_request(out, bytes, per_cpu);
}
