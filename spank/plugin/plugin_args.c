/* The plugstack.conf arguments (see plugin_args.h, etc/plugstack.conf.d). */
#include "plugin_args.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "config.h"
#include "install_dirs.h"
#include "install_paths.h"
#include "pattern.h"

#ifndef HL_DEFAULT_LIB
#error "HL_DEFAULT_LIB must name the installed libheapline.so"
#endif
#ifndef HL_DEFAULT_REPORT
#error "HL_DEFAULT_REPORT must name the installed heapline-report"
#endif

#define HL_MAX_TIMEOUT_S 3600

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

/*
 * LD_PRELOAD splits its list at spaces and colons, so a path holding
 * either could not be preloaded; a relative path would depend on each
 * task's working directory.
 */
static const char *_parse_path(void *field, const char *value)
{
    if (value[0] != '/')
        return "the path must be absolute";
    if (strpbrk(value, " :\t\n"))
        return "the path must not contain spaces or colons";
    if (strlen(value) >= PATH_MAX)
        return "the path is too long";
    snprintf(field, PATH_MAX, "%s", value);
    return NULL;
}

static const char *_parse_pattern(void *field, const char *value)
{
    static char why[160];

    if (!value[0])
        return "the pattern is empty";
    if (strlen(value) >= PATH_MAX)
        return "the pattern is too long";
    if (hl_pattern_check(value, why, sizeof(why)) < 0)
        return why;
    snprintf(field, PATH_MAX, "%s", value);
    return NULL;
}

/* The site folder: root's, absolute; "off" keeps no summary lines. */
static const char *_parse_site(void *field, const char *value)
{
    if (strcmp(value, "off") == 0) {
        *(char *)field = '\0';
        return NULL;
    }
    return _parse_path(field, value);
}

static const char *_parse_switch(void *field, const char *value)
{
    int b = hl_parse_bool(value);

    if (b < 0)
        return "expected on or off";
    *(bool *)field = b;
    return NULL;
}

/* A number of seconds from min to HL_MAX_TIMEOUT_S, or why not. */
static const char *_seconds_from(unsigned min, void *field, const char *value)
{
    char *end;
    unsigned long n;

    if (value[0] < '0' || value[0] > '9')
        return "expected a number of seconds";
    n = strtoul(value, &end, 10);
    if (*end || n < min || n > HL_MAX_TIMEOUT_S)
        return min ? "expected a number of seconds from 1 to 3600"
                   : "expected a number of seconds from 0 to 3600";
    *(unsigned *)field = n;
    return NULL;
}

static const char *_parse_seconds(void *field, const char *value)
{
    return _seconds_from(1, field, value);
}

/* A wait that may be 0: not waiting at all. */
static const char *_parse_wait(void *field, const char *value)
{
    return _seconds_from(0, field, value);
}

static const char *_parse_layout(void *field, const char *value)
{
    if (strcmp(value, "node") != 0 && strcmp(value, "task") != 0)
        return "expected node or task";
    *(bool *)field = strcmp(value, "node") == 0;
    return NULL;
}

/* "tmpfs" (kept as ""), or a folder: no pattern letter, which the
 * library would expand in HEAPLINE_OUTPUT. */
static const char *_parse_local(void *field, const char *value)
{
    if (strcmp(value, "tmpfs") == 0) {
        *(char *)field = '\0';
        return NULL;
    }
    if (strchr(value, '%'))
        return "the path must not contain %";
    return _parse_path(field, value);
}

static const struct hl_arg_type _path = {"PATH", _parse_path};
static const struct hl_arg_type _pattern = {"PATTERN", _parse_pattern};
static const struct hl_arg_type _switch = {"on|off", _parse_switch};
static const struct hl_arg_type _site = {"DIR|off", _parse_site};
static const struct hl_arg_type _seconds = {"SECONDS", _parse_seconds};
static const struct hl_arg_type _wait = {"SECONDS", _parse_wait};
static const struct hl_arg_type _layout = {"node|task", _parse_layout};
static const struct hl_arg_type _local = {"PATH|tmpfs", _parse_local};

#define HL_ARG(key, type, field, def, help)                                    \
    {                                                                          \
        key, &type, offsetof(struct hl_plugin_args, field), def, help          \
    }

/* doc/heapline-spank.8, doc/admin.md and etc/plugstack.conf.d/heapline.conf.in
 * list the same; tests/spank/plugin/spank-args-doc.sh compares them. */
const struct hl_plugin_arg hl_plugin_arg_table[] = {
    HL_ARG("lib", _path, lib, HL_DEFAULT_LIB,
           "the library put first in each task's LD_PRELOAD; absolute, no "
           "spaces or colons"),
    HL_ARG("report", _path, report, HL_DEFAULT_REPORT,
           "the report run by srun at step end"),
    HL_ARG("dir", _pattern, dir, ".",
           "where step folders go when the user gives no --heapline=DIR; "
           "relative to the tasks' working directory unless absolute; %j "
           "job id, %s step id, %J job.step, %u user name, %%"),
    HL_ARG("site", _site, site, "off",
           "a folder of root's where slurmstepd appends a summary line of "
           "each measured step per node (heapline-site reads it); off: none"),
    HL_ARG("default", _switch, default_on, "off",
           "measure every srun step without --heapline"),
    HL_ARG("quiet", _switch, quiet, "on",
           "HEAPLINE_QUIET=1 in each task (a user's own setting wins)"),
    HL_ARG("sites", _switch, callsites, "on",
           "HEAPLINE_SITES=1 in each task: allocation sites at the peak; off "
           "sets HEAPLINE_SITES=0 (a user's own setting wins)"),
    HL_ARG("run_report", _switch, run_report, "on",
           "run the report at step end; off keeps the records only"),
    HL_ARG("timeout", _seconds, timeout_s, "60",
           "the longest wait for the report (1 to 3600); then the report and "
           "every process it started are killed"),
    HL_ARG("sacct_wait", _wait, sacct_wait_s, "10",
           "the longest wait at step end for sacct's MaxRSS of the step, "
           "before the report (0 to 3600); 0 prints the report at once, with "
           "the command that compares with sacct later"),
    HL_ARG("layout", _layout, layout_node, "node",
           "node: one file per node in the step folder, merged at the node's "
           "last task from records the tasks write in a node-local folder; "
           "task: each task's record and exit file there"),
    HL_ARG("local_dir", _local, local_dir, "tmpfs",
           "where the node-local folders of layout=node are made: the "
           "node's TmpFS of slurm.conf, or an absolute path such as /dev/shm"),
};
const size_t hl_plugin_arg_count =
    sizeof(hl_plugin_arg_table) / sizeof(hl_plugin_arg_table[0]);

static const char *_set(struct hl_plugin_args *args,
                        const struct hl_plugin_arg *arg, const char *value)
{
    return arg->type->parse((char *)args + arg->offset, value);
}

int hl_plugin_args_defaults(struct hl_plugin_args *args)
{
    int bad = 0;

    memset(args, 0, sizeof(*args));
    for (size_t i = 0; i < hl_plugin_arg_count; i++)
        bad += _set(args, &hl_plugin_arg_table[i],
                    hl_plugin_arg_table[i].def) != NULL;
    hl_install_paths(args->lib, args->report);
    return bad;
}

static const struct hl_plugin_arg *_find(const char *key, size_t len)
{
    for (size_t i = 0; i < hl_plugin_arg_count; i++) {
        const char *k = hl_plugin_arg_table[i].key;

        if (strlen(k) == len && strncmp(k, key, len) == 0)
            return &hl_plugin_arg_table[i];
    }
    return NULL;
}

/* "unknown key (known: lib, report, ...)", from the table. */
static void _unknown(char *why, size_t size)
{
    size_t used = snprintf(why, size, "unknown key (known:");

    for (size_t i = 0; i < hl_plugin_arg_count && used < size; i++)
        used += snprintf(why + used, size - used, "%s %s", i ? "," : "",
                         hl_plugin_arg_table[i].key);
    if (used < size)
        snprintf(why + used, size - used, ")");
}

int hl_plugin_args_parse(struct hl_plugin_args *args, int argc, char **argv,
                         hl_warn_fn warn)
{
    int bad = 0;

    for (int i = 0; i < argc; i++) {
        char msg[512], unknown[160];
        const char *eq = strchr(argv[i], '=');
        const struct hl_plugin_arg *arg;
        const char *why;

        if (!eq || eq == argv[i]) {
            why = "expected key=value";
        } else if ((arg = _find(argv[i], eq - argv[i]))) {
            why = _set(args, arg, eq + 1);
        } else {
            _unknown(unknown, sizeof(unknown));
            why = unknown;
        }
        if (why) {
            snprintf(msg, sizeof(msg),
                     "heapline: plugstack.conf argument \"%s\" ignored: %s",
                     argv[i], why);
            warn(msg);
            bad++;
        }
    }
    return bad;
}
