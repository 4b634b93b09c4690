/* heapline's own lines on stderr: the summary, and at most one warning. */
#ifndef HEAPLINE_DIAG_H
#define HEAPLINE_DIAG_H

#include <stddef.h>

/* Notes which file descriptor 2 is at start. */
void hl_diag_remember_stderr(void);

/* Writes a line to fd 2 only if it is still the stderr the program started
 * with: a program that closed stderr and opened a file that took fd 2 must
 * not find heapline's line in that file. Where fd 2 is a regular file
 * whose last byte is not a newline (the program's last line unfinished),
 * a newline first, so that the line is not glued to it; a terminal or a
 * pipe cannot tell, and gets none. No signal, errors ignored (see
 * nosigpipe.h). */
void hl_diag_write(const char *line, size_t len);

#endif
