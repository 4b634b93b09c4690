/* Which libheapline.so the launcher preloads, and the LD_PRELOAD list
 * around it. */
#ifndef HEAPLINE_LAUNCHER_LIBRARY_H
#define HEAPLINE_LAUNCHER_LIBRARY_H

#include <limits.h>

/* Puts in lib the library to preload, as an absolute path: the file that
 * HEAPLINE_LIBRARY names if it is set; else the one beside the launcher
 * (../lib from the folder of its real path, so that an installed tree or
 * an unpacked archive works wherever it is moved; the same folder in a
 * build tree); else the one of the configured libdir. Returns 0, or -1 when the
 * file is not there (lib then names the place looked at last). */
int hl_launcher_library(char lib[PATH_MAX]);

/* A copy of the LD_PRELOAD list preload (NULL: empty) without the heapline
 * libraries in it: entries named libheapline.so, and entries that are the
 * same file as lib (NULL: none is). Sets *removed to how many entries were
 * taken out. The list is rejoined with ':'. */
char *hl_preload_without_heapline(const char *preload, const char *lib,
                                  int *removed);

#endif
