/* Loading records from the command line's files and directories. */
#ifndef HEAPLINE_REPORT_WALK_H
#define HEAPLINE_REPORT_WALK_H

#include <stddef.h>

#include "file_ids.h"
#include "job/model/procs.h"

struct hl_loader {
    struct hl_procset *set;
    size_t good;    /* record files read */
    size_t skipped; /* files or directories reported on stderr */
    char *big;      /* for the rare file larger than the stack buffer */
    size_t big_cap;
    struct hl_file_ids seen; /* the files read, each read once */
};

/* Reads the record at path, or every record below it when it is a
 * directory (names starting with '.', the report.txt that the SPANK plugin
 * keeps in a step folder, and entries that are not regular files are left
 * out). Only regular files are opened, and each is read up to the bound of
 * its kind of file (read_files.h): a FIFO, a device or a core dump never
 * hangs the report nor fills its memory; one named as path is refused.
 * Each fault is one line on stderr and counts in skipped. */
void hl_load_path(struct hl_loader *ld, const char *path);

void hl_loader_free(struct hl_loader *ld);

#endif
