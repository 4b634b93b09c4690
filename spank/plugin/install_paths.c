/* The installed library and report, from the plugin's own folder. */
#define _GNU_SOURCE
#include "install_paths.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "install_dirs.h"

int hl_beside(char out[PATH_MAX], const char *self, const char *rel, int mode)
{
    char dir[PATH_MAX], path[PATH_MAX], found[PATH_MAX];

    if (!realpath(self, dir))
        return -1;
    *strrchr(dir, '/') = '\0';
    if (snprintf(path, sizeof(path), "%s/%s", dir, rel) >= (int)sizeof(path))
        return -1;
    if (!realpath(path, found) || access(found, mode) != 0)
        return -1;
    memcpy(out, found, strlen(found) + 1);
    return 0;
}

void hl_install_paths(char lib[PATH_MAX], char report[PATH_MAX])
{
    Dl_info self;

    if (!dladdr((void *)hl_install_paths, &self) || !self.dli_fname)
        return;
    hl_beside(lib, self.dli_fname, HL_PLUGIN_TO_LIB, R_OK);
    hl_beside(report, self.dli_fname, HL_PLUGIN_TO_REPORT, X_OK);
}
