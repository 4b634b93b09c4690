/*
 * Where the installed library and report are, seen from the plugin.
 * configure writes their paths relative to the plugin's folder
 * (HL_PLUGIN_TO_LIB, HL_PLUGIN_TO_REPORT in install_dirs.h); the plugin finds
 * its own file with dladdr(). So an installed tree moved whole (the prebuilt
 * archive, unpacked anywhere) uses its own library and report, and the
 * configured absolute paths are the fallback.
 */
#ifndef HL_SPANK_INSTALL_PATHS_H
#define HL_SPANK_INSTALL_PATHS_H

#include <limits.h>

/*
 * Writes to out the canonical path of rel taken from the folder of the
 * file self (symbolic links of self followed, so that a link to the
 * plugin finds the plugin's tree), if that file exists and access(mode)
 * allows it; returns 0, else -1 with out unchanged.
 */
int hl_beside(char out[PATH_MAX], const char *self, const char *rel, int mode);

/*
 * Replaces lib and report by the installed library and report beside the
 * object file that holds this code (the plugin), when they are there.
 */
void hl_install_paths(char lib[PATH_MAX], char report[PATH_MAX]);

#endif
