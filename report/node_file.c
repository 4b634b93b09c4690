#include "node_file.h"

#include <stdint.h>
#include <string.h>

#include "format_read.h"
#include "node_format.h"

bool hl_is_node_file(const char *buf, size_t len)
{
    return hl_format_claims(&hl_node_format, buf, len);
}

/* A row of a node file, as the report keeps it; an empty figure is one the
 * kernel did not give. HL_ROW_GOOD, HL_ROW_NOMEM, or the column it
 * refuses. */
static int _store(void *ctx, const void *row)
{
    struct hl_procset *set = ctx;
    const struct hl_node_row *r = row;
    struct hl_node_file *nf;

    if (!(r->empty & HL_EMPTY(HL_NODE_oom_kills)) && r->oom_kills > INT64_MAX)
        return HL_NODE_oom_kills;
    if (!r->host[0])
        return HL_NODE_host;
    nf = hl_procset_add_node_file(set);
    if (!nf)
        return HL_ROW_NOMEM;
    nf->cgroup_peak = r->cgroup_peak;
    nf->mem_limit = r->mem_limit;
    nf->oom_kills =
        r->empty & HL_EMPTY(HL_NODE_oom_kills) ? -1 : (int64_t)r->oom_kills;
    nf->host = hl_strpool_intern(&set->hosts, r->host, strlen(r->host));
    return nf->host == UINT32_MAX ? HL_ROW_NOMEM : HL_ROW_GOOD;
}

int hl_parse_node_file(const char *buf, size_t len, struct hl_procset *set,
                       char *err, size_t errlen)
{
    struct hl_node_row row;
    size_t before = set->nnode_files;

    if (hl_format_read(&hl_node_format, buf, len, &row, _store, set, err,
                       errlen) == 0)
        return 0;
    set->nnode_files = before;
    return -1;
}
