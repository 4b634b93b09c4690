/* The entry points' names in libheapline.so: the functions' own, which
 * the preloaded library exports ahead of the C library's. The library is
 * built with hidden visibility; only these are exported. */
#ifndef HEAPLINE_ENTRY_DYNAMIC_H
#define HEAPLINE_ENTRY_DYNAMIC_H

#define HL_EXPORT __attribute__((visibility("default")))
#define HL_ENTRY(name) name

#endif
