/* The launcher's look at -o FILE before the program starts: a record that
 * cannot be written is told at once, not after a long run. */
#ifndef HEAPLINE_LAUNCHER_OUTPUT_H
#define HEAPLINE_LAUNCHER_OUTPUT_H

#include <stddef.h>

/* Whether the record at output cannot be written: 1 with why in
 * why[0..cap) ("its folder runs does not exist"; or output names a
 * folder, one that exists or a name that ends with a slash), 0 when it
 * can, or when it cannot be told before the program runs (a pattern
 * letter in the folder's name). A file that exists and can be written is
 * written in place whatever its folder. */
int hl_output_unwritable(const char *output, char *why, size_t cap);

#endif
