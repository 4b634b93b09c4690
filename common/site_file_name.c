/* The name of a node's file of the day in the site folder (see
 * site_format.h): the plugin appends to it, heapline-admin-comment reads
 * it. */
#include "site_format.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

int hl_site_file_name(const char *node, int64_t when, char *out,
                      size_t out_size)
{
    time_t t = (time_t)when;
    struct tm tm;
    int n;

    if (!node[0] || node[0] == '.' || strchr(node, '/') || !gmtime_r(&t, &tm))
        return -1;
    n = snprintf(out, out_size, "%s-%04d-%02d-%02d.csv", node,
                 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
    return (n < 0 || (size_t)n >= out_size) ? -1 : 0;
}
