/* Parsing of the plugstack.conf arguments (see etc/plugstack.conf.d). */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "pattern.h"

#ifndef HL_DEFAULT_LIB
#error "HL_DEFAULT_LIB must name the installed libheapline.so"
#endif
#ifndef HL_DEFAULT_REPORT
#error "HL_DEFAULT_REPORT must name the installed heapline-report"
#endif

/* Relative to each task's working directory, like srun --output. */
#define HL_DEFAULT_DIR "."
#define HL_DEFAULT_TIMEOUT_S 60
#define HL_MAX_TIMEOUT_S 3600

void hl_config_defaults(struct hl_config *cfg)
{
    snprintf(cfg->lib, sizeof(cfg->lib), "%s", HL_DEFAULT_LIB);
    snprintf(cfg->report, sizeof(cfg->report), "%s", HL_DEFAULT_REPORT);
    snprintf(cfg->dir, sizeof(cfg->dir), "%s", HL_DEFAULT_DIR);
    cfg->default_on = false;
    cfg->quiet = true;
    cfg->run_report = true;
    cfg->timeout_s = HL_DEFAULT_TIMEOUT_S;
}

int hl_parse_bool(const char *word)
{
    static const char *const yes[] = {"on", "yes", "true", "1"};
    static const char *const no[] = {"off", "no", "false", "0"};

    for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
        if (strcasecmp(word, yes[i]) == 0)
            return 1;
        if (strcasecmp(word, no[i]) == 0)
            return 0;
    }
    return -1;
}

static void _warn(hl_warn_fn warn, const char *arg, const char *why)
{
    char msg[512];

    snprintf(msg, sizeof(msg),
             "heapline: plugstack.conf argument \"%s\" ignored: %s", arg, why);
    warn(msg);
}

/*
 * LD_PRELOAD splits its list at spaces and colons, so a path holding
 * either could not be preloaded; a relative path would depend on each
 * task's working directory.
 */
static const char *_check_path(const char *path, size_t size)
{
    if (path[0] != '/')
        return "the path must be absolute";
    if (strpbrk(path, " :\t\n"))
        return "the path must not contain spaces or colons";
    if (strlen(path) >= size)
        return "the path is too long";
    return NULL;
}

static const char *_set_path(char *dst, size_t size, const char *value)
{
    const char *why = _check_path(value, size);

    if (!why)
        snprintf(dst, size, "%s", value);
    return why;
}

static const char *_set_dir(struct hl_config *cfg, const char *value)
{
    static char why[160];

    if (!value[0])
        return "the pattern is empty";
    if (strlen(value) >= sizeof(cfg->dir))
        return "the pattern is too long";
    if (hl_pattern_check(value, why, sizeof(why)) < 0)
        return why;
    snprintf(cfg->dir, sizeof(cfg->dir), "%s", value);
    return NULL;
}

static const char *_set_bool(bool *dst, const char *value)
{
    int b = hl_parse_bool(value);

    if (b < 0)
        return "expected on or off";
    *dst = b;
    return NULL;
}

static const char *_set_timeout(unsigned *dst, const char *value)
{
    char *end;
    unsigned long n;

    if (value[0] < '0' || value[0] > '9')
        return "expected a number of seconds";
    n = strtoul(value, &end, 10);
    if (*end || n < 1 || n > HL_MAX_TIMEOUT_S)
        return "expected a number of seconds from 1 to 3600";
    *dst = n;
    return NULL;
}

static const char *_apply(struct hl_config *cfg, const char *key,
                          const char *value)
{
    if (strcmp(key, "lib") == 0)
        return _set_path(cfg->lib, sizeof(cfg->lib), value);
    if (strcmp(key, "report") == 0)
        return _set_path(cfg->report, sizeof(cfg->report), value);
    if (strcmp(key, "dir") == 0)
        return _set_dir(cfg, value);
    if (strcmp(key, "default") == 0)
        return _set_bool(&cfg->default_on, value);
    if (strcmp(key, "quiet") == 0)
        return _set_bool(&cfg->quiet, value);
    if (strcmp(key, "run_report") == 0)
        return _set_bool(&cfg->run_report, value);
    if (strcmp(key, "timeout") == 0)
        return _set_timeout(&cfg->timeout_s, value);
    return "unknown key (known: lib, report, dir, default, quiet, "
           "run_report, timeout)";
}

int hl_config_parse(struct hl_config *cfg, int argc, char **argv,
                    hl_warn_fn warn)
{
    int bad = 0;

    for (int i = 0; i < argc; i++) {
        char key[32];
        const char *eq = strchr(argv[i], '=');
        const char *why;

        if (!eq || eq == argv[i] || (size_t)(eq - argv[i]) >= sizeof(key)) {
            why = "expected key=value";
        } else {
            memcpy(key, argv[i], eq - argv[i]);
            key[eq - argv[i]] = '\0';
            why = _apply(cfg, key, eq + 1);
        }
        if (why) {
            _warn(warn, argv[i], why);
            bad++;
        }
    }
    return bad;
}
