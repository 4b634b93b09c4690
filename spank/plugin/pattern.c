/* The output folder pattern's letters (see pattern.h). */
#include "pattern.h"

#include <pwd.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "pattern_expand.h"

/* The letters a folder pattern allows, with these values. */
static struct hl_pattern_values _values(const char *job, const char *step,
                                        const char *job_step, const char *user)
{
    return (struct hl_pattern_values){{
        [HL_PAT_JOB] = job,
        [HL_PAT_STEP] = step,
        [HL_PAT_JOB_STEP] = job_step,
        [HL_PAT_USER] = user,
    }};
}

/* "%j, %s, %J, %u or %%": the letters allowed, for messages. */
static void _allowed(const struct hl_pattern_values *v, char *out, size_t size)
{
    struct hl_buf b;
    int last = -1;

    for (int l = 0; l < HL_PAT_NLETTERS; l++)
        if (v->value[l])
            last = l;
    hl_buf_init(&b, out, size);
    for (int l = 0; l < HL_PAT_NLETTERS; l++)
        if (v->value[l]) {
            hl_buf_char(&b, '%');
            hl_buf_char(&b, hl_pattern_letters[l]);
            hl_buf_str(&b, l == last ? " or " : ", ");
        }
    hl_buf_str(&b, "%%");
}

int hl_pattern_check(const char *pattern, char *why, size_t why_size)
{
    struct hl_pattern_values v = _values("", "", "", "");
    const char *bad = hl_pattern_bad(pattern, &v);
    char allowed[64];

    if (!bad)
        return 0;
    if (!bad[1]) {
        snprintf(why, why_size, "the pattern ends with a lone %%");
        return -1;
    }
    _allowed(&v, allowed, sizeof(allowed));
    snprintf(why, why_size, "%%%c is not allowed (use %s)", bad[1], allowed);
    return -1;
}

int hl_folder_pattern_expand(const char *pattern, const struct hl_ids *ids,
                             char *out, size_t out_size)
{
    char job[16], step[16], job_step[32];
    struct hl_pattern_values v = _values(job, step, job_step, ids->user);

    snprintf(job, sizeof(job), "%u", ids->job);
    snprintf(step, sizeof(step), "%u", ids->step);
    snprintf(job_step, sizeof(job_step), "%u.%u", ids->job, ids->step);
    return hl_pattern_expand(pattern, &v, HL_PATTERN_STRICT, out, out_size);
}

void hl_user_name(uid_t uid, char *out, size_t out_size)
{
    struct passwd pw, *res = NULL;
    char buf[4096];

    if (getpwuid_r(uid, &pw, buf, sizeof(buf), &res) == 0 && res)
        snprintf(out, out_size, "%s", res->pw_name);
    else
        snprintf(out, out_size, "%u", (unsigned)uid);
}
