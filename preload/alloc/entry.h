/* The entry points' names. In libheapline.so, the functions' own, which the
 * preloaded library exports ahead of the C library's (it is built with
 * hidden visibility: only these are exported). In libheapline-static.a
 * (built with HL_STATIC_LINK), __wrap_NAME: the linker's --wrap=NAME sends
 * the program's calls of NAME there, and __real_NAME to the C library's
 * NAME (heapline-static.opts lists them, made of link/static/wrap.opts and,
 * before glibc 2.32, wrap_threads.opts). */
#ifndef HEAPLINE_ENTRY_H
#define HEAPLINE_ENTRY_H

#define HL_EXPORT __attribute__((visibility("default")))
#if HL_STATIC_LINK
#define HL_ENTRY(name) __wrap_##name
#else
#define HL_ENTRY(name) name
#endif

#endif
