#include "output_path.h"
#include "buf.h"
#include "path_owner.h"
#include "pattern_expand.h"
#include "process/settings.h"

#include <string.h>

struct hl_record_paths hl_paths;

int hl_output_pattern_expand(const char *pattern, const struct hl_identity *id,
                             pid_t pid, char *out, size_t cap)
{
    char pid_text[24], rank_text[24];
    struct hl_buf b;
    struct hl_pattern_values v = {{
        [HL_PAT_JOB] = id->job_id,
        [HL_PAT_STEP] = id->step_id,
        [HL_PAT_TASK] = id->task_id,
        [HL_PAT_NODE] = id->host,
        [HL_PAT_USER] = id->user,
        [HL_PAT_PID] = pid_text,
        [HL_PAT_RANK] = rank_text,
    }};

    hl_buf_init(&b, pid_text, sizeof(pid_text));
    hl_buf_i64(&b, pid);
    hl_buf_init(&b, rank_text, sizeof(rank_text));
    hl_buf_i64(&b, id->rank);
    return hl_pattern_expand(pattern, &v, HL_PATTERN_LENIENT, out, cap);
}

/* ".NAME.heapline-PID" beside path; 0, or -1 when it does not fit. */
static int _temp_name(const char *path, pid_t pid, char *out, size_t cap)
{
    const char *slash = strrchr(path, '/');
    struct hl_buf b;

    if (!slash || !slash[1])
        return -1;
    hl_buf_init(&b, out, cap);
    hl_buf_mem(&b, path, (size_t)(slash + 1 - path));
    hl_buf_char(&b, '.');
    hl_buf_str(&b, slash + 1);
    hl_buf_str(&b, ".heapline-");
    hl_buf_i64(&b, pid);
    return b.overflow ? -1 : 0;
}

void hl_record_paths_set(pid_t pid, int forked)
{
    struct hl_record_paths *p = &hl_paths;
    struct hl_buf b;

    p->ready = 0;
    if (!hl_settings.output[0] || hl_settings.output_too_long ||
        hl_output_pattern_expand(hl_settings.output, &hl_identity, pid, p->path,
                                 sizeof(p->path)))
        return;
    p->beside = (forked && p->beside) ||
                hl_path_held_by_other(p->path, hl_identity.host, pid);
    if (p->beside) {
        char *end = p->path + strlen(p->path);

        hl_buf_init(&b, end, sizeof(p->path) - (size_t)(end - p->path));
        hl_buf_char(&b, '.');
        hl_buf_i64(&b, pid);
        if (b.overflow)
            return;
    }
    p->ready = _temp_name(p->path, pid, p->temp, sizeof(p->temp)) == 0;
}
