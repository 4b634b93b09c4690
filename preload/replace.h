/* A file replaced in one piece: written beside its path under a hidden
 * temporary name, then renamed over it. The inode that was at the path is
 * never truncated, so a process that still maps it (an earlier process
 * with the same record path, its provisional record) is not disturbed, and
 * a reader never sees a half-written file. */
#ifndef HEAPLINE_REPLACE_H
#define HEAPLINE_REPLACE_H

#include <stddef.h>
#include <sys/types.h>

/* The bytes that hl_replace_file maps for a file of len bytes: whole
 * pages. */
size_t hl_replace_map_size(size_t len);

/* Writes data[0..len) as the file at path (absolute). With map set, also
 * maps the file's pages (hl_replace_map_size) shared and writable into
 * *map. The temporary
 * name is ".NAME.heapline-PID" in the same directory (the report skips
 * names starting with '.'). Never follows a symbolic link, and refuses to
 * replace anything but a regular file. Returns 0, or -1 with errno set and
 * nothing left behind. */
int hl_replace_file(const char *path, pid_t pid, const char *data, size_t len,
                    void **map);

/* Writes all of data to fd, through short writes and EINTR. Returns 0, or
 * -1 with errno set. */
int hl_write_all(int fd, const char *data, size_t len);

#endif
