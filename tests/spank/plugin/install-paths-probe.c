/*
 * The plugin's argument code in a module of its own, for
 * test-spank-install-paths to load from a fake installed tree.
 */
#include "plugin/install_paths.h"
#include "plugin/plugin_args.h"

int hl_probe_defaults(struct hl_plugin_args *args)
{
    return hl_plugin_args_defaults(args);
}

int hl_probe_beside(char out[PATH_MAX], const char *self, const char *rel,
                    int mode)
{
    return hl_beside(out, self, rel, mode);
}
