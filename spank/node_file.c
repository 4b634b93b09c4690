/* Formatting of a step's node file (see node_file.h). */
#include "node_file.h"

#include <inttypes.h>
#include <stdio.h>

int hl_node_file_name(const char *node, char *out, size_t out_size)
{
    int n = snprintf(out, out_size, "node-%s.csv", node);

    return (n < 0 || (size_t)n >= out_size) ? -1 : 0;
}

/* A figure, or nothing when not known. */
static void _figure(uint64_t v, char out[24])
{
    out[0] = '\0';
    if (v != HL_CGROUP_NONE)
        snprintf(out, 24, "%" PRIu64, v);
}

int hl_node_file_format(const char *node,
                        const struct hl_mem_cgroup_figures *fig, char *out,
                        size_t out_size)
{
    char peak[24], limit[24], kills[24];
    int n;

    _figure(fig->peak, peak);
    _figure(fig->limit, limit);
    _figure(fig->oom_kills, kills);
    n = snprintf(out, out_size,
                 "# heapline node 1\n"
                 "host,cgroup_peak_bytes,mem_limit_bytes,oom_kills\n"
                 "%s,%s,%s,%s\n",
                 node, peak, limit, kills);
    return (n < 0 || (size_t)n >= out_size) ? -1 : 0;
}
