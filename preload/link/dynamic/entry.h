/* The library is built with hidden visibility; only the entry points that
 * it interposes are exported. */
#ifndef HEAPLINE_EXPORT_H
#define HEAPLINE_EXPORT_H

#define HL_EXPORT __attribute__((visibility("default")))

#endif
