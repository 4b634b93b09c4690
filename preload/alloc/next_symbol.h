/* The definition of a function that the program reaches after heapline's:
 * the C library's, or another library's loaded after heapline
 * (link/dynamic/next_symbol_dlsym.c); in a program linked statically with
 * heapline, the C library's that --wrap calls __real_NAME
 * (link/static/next_symbol_real.c). NULL where there is none. */
#ifndef HEAPLINE_NEXT_SYMBOL_H
#define HEAPLINE_NEXT_SYMBOL_H

#pragma GCC visibility push(hidden)

void *hl_next_symbol(const char *name);

#pragma GCC visibility pop

#endif
