/* Arrays that grow by doubling: the report's sets, string pools and
 * tables. */
#ifndef HEAPLINE_REPORT_GROW_H
#define HEAPLINE_REPORT_GROW_H

#include <stddef.h>

/* Makes room in items, an array of *cap elements of size bytes, for need
 * of them: *cap doubles (from first when 0) until they fit. Returns the
 * array, moved if it grew, or NULL when memory runs out (items and *cap
 * then as they were). */
void *hl_grow(void *items, size_t *cap, size_t need, size_t size, size_t first);

#endif
