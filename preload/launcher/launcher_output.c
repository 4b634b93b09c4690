/* The launcher's look at -o FILE (see launcher_output.h). */
#include "launcher_output.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int hl_output_unwritable(const char *output, char *why, size_t cap)
{
    const char *slash = strrchr(output, '/');
    char folder[PATH_MAX];
    size_t len = slash ? (size_t)(slash - output) : 0;
    struct stat st;

    /* A record is a file: a folder's name would fail only at the end. */
    if ((slash && !slash[1]) ||
        (stat(output, &st) == 0 && S_ISDIR(st.st_mode))) {
        snprintf(why, cap,
                 "a folder: -o names the record's file, such as "
                 "%s%s%%p.csv (a record per process)",
                 output, slash && !slash[1] ? "" : "/");
        return 1;
    }
    if (access(output, W_OK) == 0)
        return 0;
    if (!slash)
        strcpy(folder, ".");
    else if (len == 0)
        strcpy(folder, "/");
    else if (len < sizeof(folder)) {
        memcpy(folder, output, len);
        folder[len] = '\0';
    } else
        return 0;
    /* The library expands the letters: their folder is known only then. */
    if (strchr(folder, '%'))
        return 0;
    if (stat(folder, &st) < 0) {
        snprintf(why, cap, "its folder %s: %s", folder, strerror(errno));
        return 1;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(why, cap, "%s is not a folder", folder);
        return 1;
    }
    if (access(folder, W_OK | X_OK) < 0) {
        snprintf(why, cap, "its folder %s: %s", folder, strerror(errno));
        return 1;
    }
    return 0;
}
