/* Step names (see step_name.h). */
#include "step_name.h"

#include <stdio.h>

int hl_step_name(const struct hl_step_id *id, char *out, size_t out_size)
{
    int n;

    if (id->array_job != HL_NO_ARRAY && id->array_task != HL_NO_ARRAY)
        n = snprintf(out, out_size, "%u_%u.%u", id->array_job, id->array_task,
                     id->step);
    else
        n = snprintf(out, out_size, "%u.%u", id->job, id->step);
    return (n < 0 || (size_t)n >= out_size) ? -1 : 0;
}

int hl_parse_id(const char *text, uint32_t *out)
{
    uint64_t v = 0;

    if (!text || !*text)
        return -1;
    for (; *text; text++) {
        if (*text < '0' || *text > '9')
            return -1;
        v = v * 10 + (uint64_t)(*text - '0');
        if (v >= HL_NO_ARRAY)
            return -1;
    }
    *out = (uint32_t)v;
    return 0;
}
