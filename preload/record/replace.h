/* A file replaced in one piece: written beside its path under a hidden
 * temporary name, then renamed over it. At every instant the path holds
 * either the old file, whole, or the new one, whole: a process killed
 * midway leaves one of them (and at worst the hidden temporary file, which
 * the report skips). The inode that was at the path is never written
 * into, so a process that still maps it is not disturbed. */
#ifndef HEAPLINE_REPLACE_H
#define HEAPLINE_REPLACE_H

#include <stddef.h>
#include <sys/types.h>

/* The bytes that hl_replace_file maps for a file of len bytes: whole
 * pages. */
size_t hl_replace_map_size(size_t len);

/* Writes data[0..len) as the file at path (absolute), through temp (in the
 * same folder: see output_path.h). Never follows a symbolic link, and
 * refuses to replace anything but a regular file. With map set, also maps
 * the file's pages (hl_replace_map_size) shared and writable: at *map,
 * replacing what was mapped there in one step, when *map is not NULL,
 * else anywhere, into *map. Returns 0, or -1 with errno set and no file
 * left behind (a mapping at *map then maps a file that no longer has a
 * name). */
int hl_replace_file(const char *path, const char *temp, const char *data,
                    size_t len, void **map);

/* Writes all of data to the regular file fd, through short writes and
 * EINTR. Returns 0, or -1 with errno set. */
int hl_write_all(int fd, const char *data, size_t len);

#endif
