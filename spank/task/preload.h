/* The LD_PRELOAD value of a measured task. */
#ifndef HL_SPANK_PRELOAD_H
#define HL_SPANK_PRELOAD_H

#include <stddef.h>

/*
 * Writes lib followed by the user's own entries of existing (NULL or
 * empty if none), minus any earlier copy of lib, joined by colons. The
 * library goes first so that its malloc wrappers see every allocation,
 * including those of the user's own preloads. -1 if out is too small.
 */
int hl_preload_compose(const char *lib, const char *existing, char *out,
                       size_t out_size);

#endif
