/* The files already read, by device and inode: a file named twice (on the
 * command line, through a symbolic link, a folder given with one of its
 * subfolders) is read once. */
#ifndef HEAPLINE_REPORT_FILE_IDS_H
#define HEAPLINE_REPORT_FILE_IDS_H

#include <stddef.h>
#include <sys/types.h>

struct hl_file_id {
    dev_t dev;
    ino_t ino;
};

struct hl_file_ids {
    struct hl_file_id *slots; /* open addressing; ino 0 marks a free slot */
    size_t nslots, count;
};

/* 1 when the file (dev, ino) is new, and is now kept; 0 when it was kept
 * before; -1 when memory runs out (it is then not kept). */
int hl_file_ids_add(struct hl_file_ids *ids, dev_t dev, ino_t ino);

void hl_file_ids_free(struct hl_file_ids *ids);

#endif
