#define _GNU_SOURCE
#include "launcher_library.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "install_dirs.h"

static int _is_file(const char *path)
{
    struct stat st;

    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* rel, taken from the folder of the launcher's real path. */
static int _beside_launcher(const char *rel, char lib[PATH_MAX])
{
    char self[PATH_MAX], candidate[2 * PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
    char *slash;

    if (n <= 0)
        return -1;
    self[n] = '\0';
    slash = strrchr(self, '/');
    if (!slash)
        return -1;
    *slash = '\0';
    snprintf(candidate, sizeof(candidate), "%s/%s", self, rel);
    return _is_file(candidate) && realpath(candidate, lib) ? 0 : -1;
}

int hl_launcher_library(char lib[PATH_MAX])
{
    const char *named = getenv("HEAPLINE_LIBRARY");

    if (named && *named) {
        /* absolute: a process that changes folder still finds it */
        if (_is_file(named) && realpath(named, lib))
            return 0;
        snprintf(lib, PATH_MAX, "%s", named);
        return -1;
    }
    if (_beside_launcher("../lib/libheapline.so", lib) == 0 ||
        _beside_launcher("libheapline.so", lib) == 0)
        return 0;
    snprintf(lib, PATH_MAX, "%s/libheapline.so", HL_LIBDIR);
    return _is_file(lib) ? 0 : -1;
}

static int _is_heapline(const char *entry, const struct stat *ours)
{
    const char *slash = strrchr(entry, '/');
    struct stat st;

    if (strcmp(slash ? slash + 1 : entry, "libheapline.so") == 0)
        return 1;
    return ours && slash && stat(entry, &st) == 0 &&
           st.st_dev == ours->st_dev && st.st_ino == ours->st_ino;
}

char *hl_preload_without_heapline(const char *preload, const char *lib,
                                  int *removed)
{
    struct stat ours;
    const struct stat *known = lib && stat(lib, &ours) == 0 ? &ours : NULL;
    char *copy = strdup(preload ? preload : "");
    char *kept = copy ? malloc(strlen(copy) + 1) : NULL;
    char *save = NULL;

    *removed = 0;
    if (!kept) {
        free(copy);
        return NULL;
    }
    kept[0] = '\0';
    /* The dynamic loader splits the list at spaces and colons. */
    for (char *e = strtok_r(copy, " :", &save); e;
         e = strtok_r(NULL, " :", &save)) {
        if (_is_heapline(e, known)) {
            (*removed)++;
            continue;
        }
        if (kept[0])
            strcat(kept, ":");
        strcat(kept, e);
    }
    free(copy);
    return kept;
}
