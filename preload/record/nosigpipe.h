/* Writes that deliver no signal to the program. A write to a pipe or a
 * socket whose reader has gone raises SIGPIPE, which kills a program that
 * never chose to write there (`heapline prog 2>&1 | head -1`: the summary
 * line would turn prog's exit status into 141). */
#ifndef HEAPLINE_NOSIGPIPE_H
#define HEAPLINE_NOSIGPIPE_H

#include <stddef.h>

/* Writes all of data to fd, through short writes and EINTR, with SIGPIPE
 * blocked in this thread meanwhile. A SIGPIPE that the write raised is
 * taken away before the mask is restored; one that was already pending
 * (the program's own) stays pending. Returns 0, or -1 with errno set when
 * the write failed (EPIPE included). */
int hl_write_nosigpipe(int fd, const char *data, size_t len);

#endif
