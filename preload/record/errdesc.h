/* The text of an errno value for the library's warnings: untranslated,
 * with no allocation and no lock, as on the exit path. */
#ifndef HEAPLINE_ERRDESC_H
#define HEAPLINE_ERRDESC_H

#pragma GCC visibility push(hidden)

/* glibc's own text (strerrordesc_np, glibc 2.32), or before it the same
 * text for the errors that writing a file gives; never NULL. */
const char *hl_errdesc(int err);

#pragma GCC visibility pop

#endif
