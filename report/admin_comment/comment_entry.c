/* heapline's entry in a job's AdminComment (see comment_entry.h). */
#include "comment_entry.h"

#include <stdio.h>
#include <string.h>

static double _gib_hours(double byte_seconds)
{
    return byte_seconds / (1024.0 * 1024.0 * 1024.0) / 3600.0;
}

static void _bytes_or_null(char *out, size_t size, bool has, uint64_t v)
{
    if (has)
        snprintf(out, size, "%llu", (unsigned long long)v);
    else
        snprintf(out, size, "null");
}

void hl_comment_entry(const struct hl_comment_summary *s, char *out)
{
    char req[24], peak[24];

    _bytes_or_null(req, sizeof(req), s->has_request, s->request_max);
    _bytes_or_null(peak, sizeof(peak), s->has_peak, s->peak_max);
    snprintf(out, HL_COMMENT_ENTRY_MAX,
             HL_COMMENT_TAG "\"v\":1,\"steps\":%llu,\"nodes\":%llu,"
                            "\"oom_killed_steps\":%llu,\"request_bytes\":%s,"
                            "\"peak_bytes\":%s,\"requested_gib_hours\":%.6f,"
                            "\"used_gib_hours\":%.6f}",
             (unsigned long long)s->steps, (unsigned long long)s->nodes,
             (unsigned long long)s->oom_steps, req, peak,
             _gib_hours(s->requested), _gib_hours(s->used));
}

/* The length of heapline's entry at p, a word's start, or 0 when none is
 * there: the tag, up to the first '}', which ends the word. */
static size_t _ours(const char *p)
{
    const char *end;

    if (strncmp(p, HL_COMMENT_TAG, strlen(HL_COMMENT_TAG)) != 0)
        return 0;
    end = strchr(p, '}');
    if (!end || (end[1] != '\0' && end[1] != ' '))
        return 0;
    return (size_t)(end + 1 - p);
}

/*
 * slurmdbd 22.05 writes the field between single quotes into its SQL
 * unescaped (as_mysql_modify_job), so a quote or a backslash in another
 * tool's text would make the update fail or change that text: such a
 * field is left as it is.
 */
int hl_comment_merge(const char *old, const char *entry, char *out)
{
    size_t n = 0, elen = strlen(entry);

    if (!old)
        old = "";
    if (strpbrk(old, "'\\"))
        return HL_COMMENT_UNSAFE;
    for (size_t i = 0; old[i];) {
        size_t ours = (i == 0 || old[i - 1] == ' ') ? _ours(old + i) : 0;

        if (ours) {
            /* the word goes with the space before it, or else after it */
            if (n > 0 && out[n - 1] == ' ')
                n--;
            else if (old[i + ours] == ' ')
                ours++;
            i += ours;
            continue;
        }
        if (n >= HL_COMMENT_MAX)
            return HL_COMMENT_TOO_LONG;
        out[n++] = old[i++];
    }
    if (n + (n > 0) + elen > HL_COMMENT_MAX)
        return HL_COMMENT_TOO_LONG;
    if (n > 0)
        out[n++] = ' ';
    memcpy(out + n, entry, elen + 1);
    return HL_COMMENT_OK;
}
