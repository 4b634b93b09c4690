/* The entry points' names in libheapline-static.a: the linker's
 * --wrap=NAME sends the program's calls of NAME to __wrap_NAME, and
 * __real_NAME to the C library's NAME (link/static/heapline-static.opts
 * lists them). */
#ifndef HEAPLINE_ENTRY_STATIC_H
#define HEAPLINE_ENTRY_STATIC_H

#define HL_EXPORT __attribute__((visibility("default")))
#define HL_ENTRY(name) __wrap_##name

#endif
