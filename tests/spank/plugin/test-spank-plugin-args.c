/* plugstack.conf arguments: defaults, each key, and bad input ignored. */
#include <stdio.h>

#include "plugin/plugin_args.h"
#include "../../tap.h"
#include "config.h"
#include "install_dirs.h"

static char last_warning[512];
static int warnings;

static void _warn(const char *msg)
{
    snprintf(last_warning, sizeof(last_warning), "%s", msg);
    warnings++;
}

static int _parse(struct hl_plugin_args *cfg, char *arg)
{
    char *argv[] = {arg};

    warnings = 0;
    last_warning[0] = '\0';
    return hl_plugin_args_parse(cfg, 1, argv, _warn);
}

int main(void)
{
    struct hl_plugin_args cfg;
    char *all[] = {"lib=/opt/h/lib/libheapline.so",
                   "report=/opt/h/bin/heapline-report",
                   "dir=/scratch/%u/heapline",
                   "site=/var/lib/heapline/site",
                   "default=on",
                   "quiet=no",
                   "sites=off",
                   "run_report=off",
                   "timeout=5",
                   "sacct_wait=0",
                   "layout=task",
                   "local_dir=/dev/shm"};

    ok(hl_plugin_args_defaults(&cfg) == 0,
       "every default of the table is accepted by its own parser");
    is_str(cfg.lib, HL_DEFAULT_LIB, "lib defaults to the installed library");
    is_str(cfg.report, HL_DEFAULT_REPORT,
           "report defaults to the installed heapline-report");
    is_str(cfg.dir, ".", "dir defaults to the task's working directory");
    ok(!cfg.default_on, "off by default for every job");
    ok(cfg.quiet && cfg.run_report, "quiet tasks and a step report");
    ok(cfg.callsites, "allocation sites by default");
    is_str(cfg.site, "", "no site folder by default");

    ok(cfg.sacct_wait_s == 10, "sacct's row awaited 10 s by default");
    ok(cfg.layout_node && cfg.local_dir[0] == '\0',
       "one file per node by default, from the node's TmpFS");

    ok(sizeof(all) / sizeof(all[0]) == hl_plugin_arg_count,
       "every key of the table is tried below");
    ok(hl_plugin_args_parse(&cfg, (int)(sizeof(all) / sizeof(all[0])), all,
                            _warn) == 0,
       "all keys accepted");
    is_str(cfg.lib, "/opt/h/lib/libheapline.so", "lib= sets the library");
    is_str(cfg.report, "/opt/h/bin/heapline-report", "report= sets it");
    is_str(cfg.dir, "/scratch/%u/heapline", "dir= keeps the pattern");
    is_str(cfg.site, "/var/lib/heapline/site", "site= sets the site folder");
    ok(cfg.default_on, "default=on measures every job");
    ok(!cfg.quiet, "quiet=no");
    ok(!cfg.callsites, "sites=off");
    ok(!cfg.run_report, "run_report=off");
    ok(cfg.timeout_s == 5, "timeout=5");
    ok(cfg.sacct_wait_s == 0, "sacct_wait=0: no wait");
    ok(!cfg.layout_node, "layout=task: files per task");
    is_str(cfg.local_dir, "/dev/shm", "local_dir= sets the node-local base");

    hl_plugin_args_defaults(&cfg);
    ok(_parse(&cfg, "colour=blue") == 1 && warnings == 1,
       "an unknown key is one warning");
    ok(strstr(last_warning, "colour=blue") && strstr(last_warning, "unknown"),
       "the warning names the argument and why: %s", last_warning);
    ok(strstr(last_warning, "(known: lib, report, dir, site, default, quiet, "
                            "sites, run_report, timeout, sacct_wait, layout, "
                            "local_dir)") != NULL,
       "the warning lists the known keys, from the table");
    ok(_parse(&cfg, "site=var/lib/heapline") == 1 && cfg.site[0] == '\0',
       "a relative site folder refused, the setting unchanged");
    ok(_parse(&cfg, "site=/s") == 0 && _parse(&cfg, "site=off") == 0 &&
           cfg.site[0] == '\0',
       "site=off turns the site folder off");
    ok(_parse(&cfg, "timeouts=5") == 1 && _parse(&cfg, "time=5") == 1 &&
           cfg.timeout_s == 60,
       "a key is matched whole, not by prefix");
    ok(_parse(&cfg, "default") == 1 && !cfg.default_on,
       "a key without value is refused and changes nothing");
    ok(_parse(&cfg, "default=maybe") == 1 && !cfg.default_on,
       "a bad boolean is refused");
    ok(_parse(&cfg, "lib=relative/libheapline.so") == 1 &&
           strcmp(cfg.lib, HL_DEFAULT_LIB) == 0,
       "a relative library path is refused, the default kept");
    ok(_parse(&cfg, "lib=/a b/libheapline.so") == 1,
       "a library path with a space (LD_PRELOAD separator) is refused");
    ok(_parse(&cfg, "dir=/x/%N") == 1 && strcmp(cfg.dir, ".") == 0,
       "a per-node pattern letter in dir= is refused");
    ok(_parse(&cfg, "timeout=0") == 1 && _parse(&cfg, "timeout=9x") == 1 &&
           cfg.timeout_s == 60,
       "a bad timeout is refused");
    ok(_parse(&cfg, "sacct_wait=3601") == 1 &&
           _parse(&cfg, "sacct_wait=-1") == 1 && cfg.sacct_wait_s == 10,
       "a bad sacct_wait is refused");
    ok(_parse(&cfg, "layout=rank") == 1 && cfg.layout_node,
       "a bad layout is refused");
    ok(_parse(&cfg, "local_dir=tmp") == 1 &&
           _parse(&cfg, "local_dir=/x/%n") == 1 && cfg.local_dir[0] == '\0',
       "a relative local_dir, or one with %%, is refused");
    ok(_parse(&cfg, "=on") == 1, "an empty key is refused");
    return done_testing();
}
