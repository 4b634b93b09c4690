#include "output_path.h"
#include "buf.h"
#include "pattern_expand.h"
#include "settings.h"

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

int hl_record_path(pid_t pid, char path[PATH_MAX])
{
    if (hl_settings.output_too_long)
        return -1;
    return hl_output_pattern_expand(hl_settings.output, &hl_identity, pid, path,
                                    PATH_MAX);
}
