/* Writing a step's node file (see node_file.h). */
#include "node_file.h"

#include <stdio.h>

#include "buf.h"
#include "format_write.h"
#include "node_format.h"

int hl_node_file_name(const char *node, char *out, size_t out_size)
{
    int n = snprintf(out, out_size, "node-%s.csv", node);

    return (n < 0 || (size_t)n >= out_size) ? -1 : 0;
}

static void _row(const char *node, const struct hl_mem_cgroup_figures *fig,
                 struct hl_node_row *row)
{
    *row = (struct hl_node_row){
        .host = node,
        .cgroup_peak = fig->peak,
        .mem_limit = fig->limit,
        .oom_kills = fig->oom_kills,
    };
    if (fig->peak == HL_CGROUP_NONE)
        row->empty |= HL_EMPTY(HL_NODE_cgroup_peak);
    if (fig->limit == HL_CGROUP_NONE)
        row->empty |= HL_EMPTY(HL_NODE_mem_limit);
    if (fig->oom_kills == HL_CGROUP_NONE)
        row->empty |= HL_EMPTY(HL_NODE_oom_kills);
}

int hl_node_file_format(const char *node,
                        const struct hl_mem_cgroup_figures *fig, char *out,
                        size_t out_size)
{
    struct hl_node_row row;
    struct hl_buf b;

    _row(node, fig, &row);
    hl_buf_init(&b, out, out_size);
    hl_format_write(&b, &hl_node_format, &row, 0);
    return b.overflow ? -1 : 0;
}

int hl_node_file_row(const char *node, const struct hl_mem_cgroup_figures *fig,
                     char *out, size_t out_size)
{
    struct hl_node_row row;
    struct hl_buf b;

    _row(node, fig, &row);
    hl_buf_init(&b, out, out_size);
    hl_format_write_values(&b, &hl_node_format, &row, 0);
    hl_buf_char(&b, '\n');
    return b.overflow ? -1 : 0;
}
