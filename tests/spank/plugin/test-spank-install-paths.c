/*
 * The plugin's default library and report are those of its own installed
 * tree, wherever the tree was moved, else the configured ones. The
 * argument code is loaded as a module (install-paths-probe) from a fake
 * installed tree under a temporary folder, laid out as configured.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plugin/plugin_args.h"
#include "config.h"
#include "install_dirs.h"
#include "../../tap.h"

static char tree[PATH_MAX];

/* tree/rel, its folders made; a copy of from, or an empty file. */
static void _put(const char *rel, const char *from, mode_t mode)
{
    char path[PATH_MAX], buf[65536];
    int in = from ? open(from, O_RDONLY) : -1, out;
    ssize_t got;

    snprintf(path, sizeof(path), "%s%s", tree, rel);
    for (char *p = path + strlen(tree) + 1; (p = strchr(p, '/')); p++) {
        *p = '\0';
        mkdir(path, 0755);
        *p = '/';
    }
    out = open(path, O_WRONLY | O_CREAT | O_TRUNC, mode);
    while (in >= 0 && (got = read(in, buf, sizeof(buf))) > 0)
        if (write(out, buf, got) != got)
            break;
    if (in >= 0)
        close(in);
    close(out);
    chmod(path, mode);
}

static const char *_in_tree(const char *rel)
{
    static char path[2][PATH_MAX];
    static int i;

    i = !i;
    snprintf(path[i], PATH_MAX, "%s%s", tree, rel);
    return path[i];
}

int main(void)
{
    int (*defaults)(struct hl_plugin_args *);
    int (*beside)(char *, const char *, const char *, int);
    struct hl_plugin_args args;
    char out[PATH_MAX] = "/tmp/heapline-install-paths-XXXXXX";
    void *probe;

    if (!mkdtemp(out) || !realpath(out, tree)) {
        printf("Bail out! no temporary folder\n");
        return 1;
    }
    _put(HL_SPANKPLUGINDIR "/heapline.so", "install-paths-probe.so", 0755);
    _put(HL_DEFAULT_LIB, NULL, 0644);
    _put(HL_DEFAULT_REPORT, NULL, 0755);
    probe = dlopen(_in_tree(HL_SPANKPLUGINDIR "/heapline.so"), RTLD_NOW);
    if (!probe) {
        printf("Bail out! %s\n", dlerror());
        return 1;
    }
    defaults =
        (int (*)(struct hl_plugin_args *))dlsym(probe, "hl_probe_defaults");
    beside = (int (*)(char *, const char *, const char *, int))dlsym(
        probe, "hl_probe_beside");

    ok(defaults(&args) == 0, "the defaults parse");
    is_str(args.lib, _in_tree(HL_DEFAULT_LIB),
           "lib: the library of the plugin's own tree (moved to %s)", tree);
    is_str(args.report, _in_tree(HL_DEFAULT_REPORT),
           "report: the report of the plugin's own tree");

    chmod(_in_tree(HL_DEFAULT_REPORT), 0644);
    unlink(_in_tree(HL_DEFAULT_LIB));
    defaults(&args);
    is_str(args.lib, HL_DEFAULT_LIB,
           "lib: the configured one when the tree has no library");
    is_str(args.report, HL_DEFAULT_REPORT,
           "report: the configured one when the tree's is not executable");

    _put(HL_DEFAULT_LIB, NULL, 0644);
    strcpy(out, "unchanged");
    symlink(_in_tree(HL_SPANKPLUGINDIR "/heapline.so"),
            _in_tree("/heapline-link.so"));
    ok(beside(out, _in_tree("/heapline-link.so"), HL_PLUGIN_TO_LIB, R_OK) == 0,
       "a link to the plugin finds the library of the plugin's tree");
    is_str(out, _in_tree(HL_DEFAULT_LIB), "  at %s", HL_PLUGIN_TO_LIB);

    strcpy(out, "unchanged");
    ok(beside(out, _in_tree(HL_SPANKPLUGINDIR "/heapline.so"), "missing.so",
              R_OK) < 0,
       "a file that is not there is not found");
    is_str(out, "unchanged", "  and the path is left as it was");

    dlclose(probe);
    char rm[PATH_MAX + 16];
    snprintf(rm, sizeof(rm), "rm -rf '%s'", tree);
    if (system(rm) != 0)
        printf("# could not remove %s\n", tree);
    return done_testing();
}
