/* Expansion of the output folder pattern (see pattern.h). */
#include "pattern.h"

#include <pwd.h>
#include <stdio.h>
#include <string.h>

int hl_pattern_check(const char *pattern, char *why, size_t why_size)
{
    for (const char *p = pattern; *p; p++) {
        if (*p != '%')
            continue;
        p++;
        if (!*p) {
            snprintf(why, why_size, "the pattern ends with a lone %%");
            return -1;
        }
        if (!strchr("jsJu%", *p)) {
            snprintf(why, why_size,
                     "%%%c is not allowed (use %%j, %%s, %%J, %%u or %%%%)",
                     *p);
            return -1;
        }
    }
    return 0;
}

/* Appends text at *len; false once out is full. */
static int _append(char *out, size_t size, size_t *len, const char *text)
{
    size_t n = strlen(text);

    if (*len + n >= size)
        return 0;
    memcpy(out + *len, text, n + 1);
    *len += n;
    return 1;
}

static int _letter(char c, const struct hl_ids *ids, char *buf, size_t size)
{
    switch (c) {
    case 'j':
        snprintf(buf, size, "%u", ids->job);
        return 0;
    case 's':
        snprintf(buf, size, "%u", ids->step);
        return 0;
    case 'J':
        snprintf(buf, size, "%u.%u", ids->job, ids->step);
        return 0;
    case 'u':
        snprintf(buf, size, "%s", ids->user);
        return 0;
    case '%':
        snprintf(buf, size, "%%");
        return 0;
    default:
        return -1;
    }
}

int hl_pattern_expand(const char *pattern, const struct hl_ids *ids, char *out,
                      size_t out_size)
{
    size_t len = 0;

    if (out_size == 0)
        return -1;
    out[0] = '\0';
    for (const char *p = pattern; *p; p++) {
        char buf[256] = {*p, '\0'};

        if (*p == '%' && _letter(*++p, ids, buf, sizeof(buf)) < 0)
            return -1;
        if (!_append(out, out_size, &len, buf))
            return -1;
    }
    return 0;
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
